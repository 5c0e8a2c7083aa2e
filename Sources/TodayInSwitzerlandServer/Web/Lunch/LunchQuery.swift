import Foundation
import TodayInSwitzerland

/// The Lunch page's GET parameters: filter toggles that combine (open now / open for lunch today, terrace,
/// vegetarian, saved), distance sorting, the whole list and the "Surprise me" seed.
struct LunchQuery: Sendable, Equatable {
    /// When a spot must be open.
    enum Open: String, Sendable, CaseIterable {
        /// At this moment (Swiss time).
        case now
        /// At some moment 11:00–14:00 today.
        case lunch
    }

    var open: Open?
    /// Outdoor seating.
    var terrace = false
    /// Vegetarian or vegan food.
    var vegetarian = false
    var saved = false
    var near: PlacesSupport.Near?
    /// Every spot instead of the first ``LunchBuilder/listLimit``.
    var all = false
    var surprise: UInt64?

    init(
        open: Open? = nil, terrace: Bool = false, vegetarian: Bool = false, saved: Bool = false,
        near: PlacesSupport.Near? = nil, all: Bool = false, surprise: UInt64? = nil
    ) {
        self.open = open
        self.terrace = terrace
        self.vegetarian = vegetarian
        self.saved = saved
        self.near = near
        self.all = all
        self.surprise = surprise
    }

    /// Reads the parameters; an unknown value is an error naming the valid ones.
    static func parse(_ get: (String) -> String?) -> Result<LunchQuery, PlacesSupport.QueryError> {
        var query = LunchQuery()
        func fail(_ message: String) -> Result<LunchQuery, PlacesSupport.QueryError> {
            .failure(PlacesSupport.QueryError(message: message))
        }
        if let text = get("open"), !text.isEmpty {
            guard let open = Open(rawValue: text) else { return fail("open must be now or lunch.") }
            query.open = open
        }
        for (name, flag) in [
            ("terrace", \LunchQuery.terrace), ("veg", \.vegetarian), ("saved", \.saved), ("all", \.all),
        ] {
            guard let text = get(name), !text.isEmpty else { continue }
            guard text == "1" || text == "0" else { return fail("\(name) must be 1 or 0.") }
            query[keyPath: flag] = text == "1"
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
            ("open", open?.rawValue), ("terrace", terrace ? "1" : nil), ("veg", vegetarian ? "1" : nil),
            ("saved", saved ? "1" : nil), ("near", near?.query), ("all", all ? "1" : nil),
            ("surprise", surprise.map(String.init)),
        ]
    }

    /// A copy changed by `change`.
    func with(_ change: (inout LunchQuery) -> Void) -> LunchQuery {
        var copy = self
        change(&copy)
        return copy
    }
}
