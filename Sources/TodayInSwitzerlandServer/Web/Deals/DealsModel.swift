import Foundation
import TodayInSwitzerland

/// What the Deals page shows (PWA notes §9): the city's and the nationwide deals valid this month (``DealsFilter``),
/// chips by type, cards.
struct DealsModel: Sendable, Equatable {
    /// A type chip.
    struct Chip: Sendable, Equatable {
        var key: String
        var label: String
        var count: Int
        var url: String
        var isCurrent: Bool
    }

    /// One deal.
    struct Card: Sendable, Equatable {
        var id: String
        var emoji: String
        var name: String
        var description: String
        var type: Deal.Kind
        /// "🆓 Free entry" / "🏷️ Deal" / "💡 Tip".
        var typeLabel: String
        /// The savings text, nil when it says only "Free" (the type badge says it).
        var savings: String?
        var recurring: String?
        var url: String?
        /// "Nationwide" / "Ganze Schweiz" for deals of every city.
        var scope: String?
    }

    var language: Language
    var cityName: String
    var chips: [Chip]
    var cards: [Card]
    /// The chosen type; nil: all.
    var type: Deal.Kind?

    /// The label of a type.
    static func label(_ kind: Deal.Kind?, _ l: Language) -> String {
        switch kind {
        case nil: l.t("All", "Alle")
        case .free: l.t("🆓 Free entry", "🆓 Gratis")
        case .deal: l.t("🏷️ Deal", "🏷️ Angebot")
        case .tip: l.t("💡 Tip", "💡 Tipp")
        }
    }

    /// The emoji of a category.
    static func emoji(_ category: Deal.Category) -> String {
        switch category {
        case .museum: "🏛️"
        case .outdoor: "🌳"
        case .transport: "🚂"
        case .family: "👨‍👩‍👧"
        case .seasonal: "🎄"
        }
    }

    /// The page's model: `deals` filtered by the city and the Swiss month of `today`, then by `type` (`?type=`;
    /// nil or unknown: all).
    static func make(deals: [Deal], today: CivilDate, prefs: SwissPrefs, type: Deal.Kind?) -> DealsModel {
        let l = prefs.language
        let valid = DealsFilter(city: prefs.city.id, today: today).apply(to: deals)
        let kinds: [Deal.Kind?] = [nil] + Deal.Kind.allCases
        let chips = kinds.map { kind in
            Chip(
                key: kind?.rawValue ?? "all", label: label(kind, l),
                count: valid.filter { kind == nil || $0.type == kind }.count,
                url: prefs.link(.deals, kind.map { [("type", $0.rawValue)] } ?? []), isCurrent: kind == type)
        }
        let cards = valid.filter { type == nil || $0.type == type }.map { deal in
            Card(
                id: deal.id, emoji: emoji(deal.category), name: l == .de ? deal.nameDE : deal.name,
                description: l == .de ? deal.descriptionDE : deal.description, type: deal.type,
                typeLabel: label(deal.type, l),
                savings: deal.savings.flatMap { $0.isEmpty || $0.lowercased() == "free" ? nil : $0 },
                recurring: deal.recurring.flatMap { $0.isEmpty ? nil : $0 },
                url: deal.url.flatMap { $0.hasPrefix("http") ? $0 : nil },
                scope: deal.city == "all" ? l.t("Nationwide", "Ganze Schweiz") : nil)
        }
        return DealsModel(language: l, cityName: prefs.cityName, chips: chips, cards: cards, type: type)
    }
}
