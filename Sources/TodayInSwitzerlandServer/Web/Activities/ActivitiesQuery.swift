import Foundation
import TodayInSwitzerland

/// The Activities page's GET parameters: the filter chips (`show`), ages, category, stay-home subcategory, text
/// search, distance sorting and the "Surprise me" seed. Every link of the page is built from one of these, so the
/// chips keep the other choices.
struct ActivitiesQuery: Sendable, Equatable {
    /// The filter chips (the original's All, Indoor, Outdoor, Free, Saved, Seasonal, Stay home).
    enum Show: String, Sendable, CaseIterable {
        case all, indoor, outdoor, free, saved, seasonal, stayhome
    }

    var show: Show = .all
    var ages: ActivityFilter.AgeBand = .all
    var category: Activity.Category?
    /// A stay-home subcategory (``ActivityCatalog/stayHomeSubcategories``); only with `show=stayhome`.
    var sub: String?
    /// The search text as typed (trimmed, at most ``maximumSearch`` characters).
    var search = ""
    /// Sort by distance from here and show distances.
    var near: PlacesSupport.Near?
    /// Show the "Surprise me" pick chosen with this seed.
    var surprise: UInt64?

    /// Longest search text kept.
    static let maximumSearch = 100

    init(
        show: Show = .all, ages: ActivityFilter.AgeBand = .all, category: Activity.Category? = nil, sub: String? = nil,
        search: String = "", near: PlacesSupport.Near? = nil, surprise: UInt64? = nil
    ) {
        self.show = show
        self.ages = ages
        self.category = category
        self.sub = sub
        self.search = search
        self.near = near
        self.surprise = surprise
    }

    /// Reads the parameters; an unknown value is an error naming the valid ones (never a silent fallback).
    static func parse(_ get: (String) -> String?) -> Result<ActivitiesQuery, PlacesSupport.QueryError> {
        var query = ActivitiesQuery()
        func fail(_ message: String) -> Result<ActivitiesQuery, PlacesSupport.QueryError> {
            .failure(PlacesSupport.QueryError(message: message))
        }
        if let text = get("show"), !text.isEmpty {
            guard let show = Show(rawValue: text) else {
                return fail("show must be one of: \(Show.allCases.map(\.rawValue).joined(separator: ", ")).")
            }
            query.show = show
        }
        if let text = get("ages"), !text.isEmpty, text != "all" {
            guard let band = ActivityFilter.AgeBand(rawValue: text) else { return fail("ages must be 2-3 or 4-5.") }
            query.ages = band
        }
        if let text = get("category"), !text.isEmpty {
            guard let category = Activity.Category(rawValue: text) else {
                return fail(
                    "category must be one of: \(Activity.Category.allCases.map(\.rawValue).joined(separator: ", ")).")
            }
            query.category = category
        }
        if let text = get("sub"), !text.isEmpty {
            guard ActivityCatalog.stayHomeSubcategories.contains(text) else {
                return fail(
                    "sub must be one of: \(ActivityCatalog.stayHomeSubcategories.sorted().joined(separator: ", ")).")
            }
            query.sub = text
            query.show = .stayhome
        }
        if let text = get("q") {
            query.search = String(text.trimmingCharacters(in: .whitespacesAndNewlines).prefix(maximumSearch))
        }
        if let text = get("near"), !text.isEmpty {
            guard let near = PlacesSupport.Near(query: text) else { return fail(PlacesSupport.nearMessage) }
            query.near = near
        }
        if let text = get("surprise"), !text.isEmpty {
            guard let seed = UInt64(text) else { return fail("surprise must be a whole number (a seed).") }
            query.surprise = seed
        }
        return .success(query)
    }

    /// The query items of this state (defaults left out), for links.
    var items: [(String, String?)] {
        [
            ("show", show == .all ? nil : show.rawValue), ("ages", ages == .all ? nil : ages.rawValue),
            ("category", category?.rawValue), ("sub", sub), ("q", search), ("near", near?.query),
            ("surprise", surprise.map(String.init)),
        ]
    }

    /// A copy changed by `change` (links: "this page with another chip").
    func with(_ change: (inout ActivitiesQuery) -> Void) -> ActivitiesQuery {
        var copy = self
        change(&copy)
        return copy
    }
}
