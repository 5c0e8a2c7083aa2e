import Foundation
import TodayInSwitzerland

/// Everything the Activities page shows, in the visitor's language, built by ``ActivitiesBuilder`` from domain
/// values; ``ActivitiesView`` only renders it.
struct ActivitiesModel: Sendable, Equatable {
    /// A chip or tab: a link that keeps the page's other choices.
    struct Link: Sendable, Equatable {
        var label: String
        var href: String
        var current: Bool = false
        /// A stable key for scripts and tests (`data-key`).
        var key: String = ""
    }

    /// A small label on a card; `kind` picks its colour.
    struct Badge: Sendable, Equatable {
        var text: String
        var kind: String
    }

    /// A choice of the category select.
    struct Option: Sendable, Equatable {
        var value: String
        var label: String
        var selected: Bool
    }

    /// One activity.
    struct Card: Sendable, Equatable, Identifiable {
        /// The activity's id (catalogue or `own-…`).
        var id: String
        /// The card's element id, the target of its map pin.
        var anchor: String
        var emoji: String
        var name: String
        var description: String
        var badges: [Badge]
        /// "📦 Materials: …" of a stay-home idea.
        var materials: String?
        var saved: Bool
        /// The visitor's own activity (they may delete it).
        var own: Bool
        var website: String?
        var directions: String?
        /// Where the pin goes; nil for stay-home ideas and own activities.
        var point: GeoPoint?
        /// "Indoor · 1–2 hours", the pin's accessible name after the activity's name.
        var pinDetail: String
    }

    /// The "Surprise me" pick.
    struct Surprise: Sendable, Equatable {
        /// Nil when nothing fits.
        var card: Card?
        /// Why it fits today's weather.
        var reason: String
        /// The same page with the next seed.
        var another: String
        /// The same page without the pick.
        var close: String
    }

    /// The "Add your own" form: what was typed and why it was refused (shown again after an error).
    struct AddForm: Sendable, Equatable {
        var name = ""
        var description = ""
        var price = ""
        var indoor = false
        var error: String?
    }

    var language: Language
    var title: String
    var subtitle: String
    /// The filter chips, "Near me" first.
    var chips: [Link]
    var ageChips: [Link]
    /// The stay-home subcategory tabs (only with the stay-home chip).
    var subChips: [Link]
    var categories: [Option]
    /// The search text as typed.
    var search: String
    /// The choices the search form keeps as hidden fields.
    var hidden: [(name: String, value: String)]
    /// "Near me" is on: where distances are measured from, in words.
    var nearNote: String?
    /// A line about the weather when it reorders the list ("Rainy — indoor ideas first").
    var weatherNote: String?
    /// "Surprise me!" with a fresh seed.
    var surpriseLink: String
    var surprise: Surprise?
    var cards: [Card]
    /// "12 activities".
    var summary: String
    /// Why the list is empty, and a way out.
    var empty: (message: String, reset: Link?)?
    /// Back to the unfiltered list, when something is filtered.
    var clear: Link?
    /// This page with its query: forms send it back so the redirect returns here.
    var pageURL: String
    /// The form posts here.
    var actionURL: String
    var addForm: AddForm
    /// A confirmation after a change ("Saved"), or nil.
    var notice: String?
    /// Why a change was refused (other than the add form's own error), or nil.
    var error: String?

    static func == (a: Self, b: Self) -> Bool {
        a.language == b.language && a.title == b.title && a.subtitle == b.subtitle && a.chips == b.chips
            && a.ageChips == b.ageChips && a.subChips == b.subChips && a.categories == b.categories
            && a.search == b.search
            && a.hidden.map { "\($0.name)=\($0.value)" } == b.hidden.map { "\($0.name)=\($0.value)" }
            && a.nearNote == b.nearNote && a.weatherNote == b.weatherNote && a.surpriseLink == b.surpriseLink
            && a.surprise == b.surprise && a.cards == b.cards && a.summary == b.summary
            && a.empty?.message == b.empty?.message && a.empty?.reset == b.empty?.reset && a.clear == b.clear
            && a.pageURL == b.pageURL && a.actionURL == b.actionURL && a.addForm == b.addForm && a.notice == b.notice
            && a.error == b.error
    }
}
