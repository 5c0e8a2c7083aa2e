import Foundation

/// The deals page's filters (API notes section 9: the client filters by its city or "all" and by the current month;
/// the tabs All / Free / Deals / Tips are the type).
public struct DealsFilter: Sendable, Equatable {
    /// A city id: deals of that city and those for "all". Nil: every deal.
    public var city: String?
    /// A month 1–12: deals without `validMonths` and those valid then. Nil: every deal.
    public var month: Int?
    /// Only this type (the tabs). Nil: all.
    public var type: Deal.Kind?
    /// Only this category. Nil: all.
    public var category: Deal.Category?

    /// A filter; nil parts do not filter.
    public init(city: String? = nil, month: Int? = nil, type: Deal.Kind? = nil, category: Deal.Category? = nil) {
        self.city = city
        self.month = month
        self.type = type
        self.category = category
    }

    /// The filter the page starts with: the user's city and the Swiss month of `today`.
    public init(city: String, today: CivilDate) {
        self.init(city: city, month: today.month)
    }

    /// The deals that pass, in their order.
    public func apply(to deals: [Deal]) -> [Deal] { deals.filter(matches) }

    /// Whether one deal passes. City ids compare without regard to case.
    public func matches(_ deal: Deal) -> Bool {
        if let city {
            let dealCity = deal.city.lowercased()
            guard dealCity == "all" || dealCity == city.lowercased() else { return false }
        }
        if let month, let valid = deal.validMonths, !valid.isEmpty, !valid.contains(month) { return false }
        if let type, deal.type != type { return false }
        if let category, deal.category != category { return false }
        return true
    }
}
