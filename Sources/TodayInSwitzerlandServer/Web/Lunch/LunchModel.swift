import Foundation
import TodayInSwitzerland

/// Everything the Lunch page shows, in the visitor's language, built by ``LunchBuilder``; ``LunchView`` renders it.
struct LunchModel: Sendable {
    typealias Link = ActivitiesModel.Link
    typealias Badge = ActivitiesModel.Badge

    /// One place to eat.
    struct Card: Sendable, Equatable, Identifiable {
        var id: String
        /// The card's element id, the target of its map pin.
        var anchor: String
        var emoji: String
        var name: String
        /// "Pizza, Italian" — the cuisine, else its group, else the kind of place.
        var cuisine: String
        var badges: [Badge]
        /// Open for lunch today: the pin is green.
        var lunchToday: Bool
        var saved: Bool
        var own: Bool
        /// The visitor's stars, 0 when not rated.
        var rating: Int
        var website: String?
        var directions: String?
        var point: GeoPoint?
    }

    /// The "Surprise me" pick among the listed spots.
    struct Surprise: Sendable, Equatable {
        var card: Card?
        var another: String
        var close: String
    }

    /// The "Add restaurant" form, shown again with the error after a refusal.
    struct AddForm: Sendable, Equatable {
        var name = ""
        var cuisine = ""
        var error: String?
    }

    var language: Language
    var title: String
    var subtitle: String
    /// Filter toggles, "Near me" first.
    var chips: [Link]
    var nearNote: String?
    /// How fresh the list is (Overpass): shown as "data from 14:05 — retrying" or "unavailable".
    var source: SourceState
    /// Overpass never answered: no spots but the visitor's own.
    var unavailable: Bool
    var surpriseLink: String
    var surprise: Surprise?
    var cards: [Card]
    /// "12 of 140 places".
    var summary: String
    /// "Show all 140" when the list is cut.
    var showAll: Link?
    var empty: (message: String, reset: Link?)?
    var pageURL: String
    var actionURL: String
    var addForm: AddForm
    var notice: String?
    /// Why a change was refused (other than the add form's own error), or nil.
    var error: String?
}
