import Foundation

/// The spec's `ItineraryResult`: options best first, or why there are none.
public typealias ItineraryResult = Result<[ItineraryOption], PlanningFailure>

/// The planning engine: checks the preferences, dispatches to the scenario planner of the mode, routes, explains a
/// failure, and builds the itineraries.
public struct TripPlanningEngine: Sendable {
    /// The router (estimator, filters, scoring, beam settings).
    public var router: GameDAGRouter
    /// When two options count as different.
    public var diversity: RouteDiversity

    /// An engine with default settings unless given.
    public init(router: GameDAGRouter = GameDAGRouter(), diversity: RouteDiversity = RouteDiversity()) {
        self.router = router
        self.diversity = diversity
    }

    /// Options for `preferences` over `catalog`: `topK` of them (default 5; 10 windows in team-first mode). A start
    /// or end location with an impossible coordinate is ``PlanningFailure/missingLocations`` in every mode.
    public func plan(_ preferences: TripPreferences, catalog: Catalog, topK: Int? = nil) -> ItineraryResult {
        let context = PlanningContext(preferences: preferences, catalog: catalog, engine: self)
        for location in [preferences.startLocation, preferences.endLocation] {
            if let location, !location.coordinate.isValid { return .failure(.missingLocations) }
        }
        switch preferences.planningMode {
        case .dateRange: return DateRangePlanner().plan(context, topK: topK ?? 5)
        case .gameFirst: return GameFirstPlanner().plan(context, topK: topK ?? 5)
        case .locations: return LocationsPlanner().plan(context, topK: topK ?? 5)
        case .followTeam: return FollowTeamPlanner().plan(context, topK: topK ?? 5)
        case .teamFirst: return TeamFirstPlanner().plan(context, topK: topK ?? 10)
        }
    }

    /// Options for `preferences` with driving estimated by `estimator` and default router settings.
    public static func plan(
        _ preferences: TripPreferences, catalog: Catalog, estimator: TravelEstimator = TravelEstimator(),
        topK: Int? = nil
    ) -> ItineraryResult {
        TripPlanningEngine(router: GameDAGRouter(estimator: estimator)).plan(preferences, catalog: catalog, topK: topK)
    }

    /// Why `request` has no route: the first single relaxation that yields one names the cause (backtracking, then
    /// repeat cities, then the daily driving limit, searched up to 24 h); otherwise ``PlanningFailure/noValidRoutes``.
    public func diagnose(_ request: RoutingRequest, catalog: Catalog) -> PlanningFailure {
        if router.filters.rejectsBacktracking {
            var relaxed = router
            relaxed.filters.rejectsBacktracking = false
            if relaxed.routes(for: request, catalog: catalog, maxRoutes: 1).routes.first != nil {
                return .geographicBacktracking
            }
        }
        if !request.allowRepeatCities {
            var relaxed = request
            relaxed.allowRepeatCities = true
            if let route = router.routes(for: relaxed, catalog: catalog, maxRoutes: 1).routes.first {
                return .repeatCityViolation(city: Self.firstRepeatedCity(route, catalog: catalog) ?? "a city")
            }
        }
        var relaxed = request
        relaxed.dailyLimit = 24
        if request.dailyLimit < 24, let route = router.routes(for: relaxed, catalog: catalog, maxRoutes: 1).routes.first
        {
            // The smallest daily limit under which this route works (bisection; feasibility grows with the limit).
            relaxed.games = route.games
            var low = request.dailyLimit
            var high = 24.0
            for _ in 0..<20 {
                let mid = (low + high) / 2
                relaxed.dailyLimit = mid
                if router.evaluate(route.games, for: relaxed, catalog: catalog) != nil { high = mid } else { low = mid }
            }
            return .drivingExceedsLimit(hoursNeeded: (high * 10).rounded(.up) / 10, limit: request.dailyLimit)
        }
        return .noValidRoutes
    }

    static func firstRepeatedCity(_ route: PlannedRoute, catalog: Catalog) -> String? {
        var days: [String: LocalDate] = [:]
        for game in route.games {
            guard let place = catalog.venue(game.venue)?.place else { continue }
            if let seen = days[place], seen != game.localDate { return place }
            days[place] = game.localDate
        }
        return nil
    }
}

/// What every scenario planner gets.
public struct PlanningContext: Sendable {
    /// What the user asked for.
    public var preferences: TripPreferences
    /// Venues, teams and games.
    public var catalog: Catalog
    /// The engine (router settings).
    public var engine: TripPlanningEngine

    /// A context from its parts.
    public init(preferences: TripPreferences, catalog: Catalog, engine: TripPlanningEngine) {
        self.preferences = preferences
        self.catalog = catalog
        self.engine = engine
    }

    /// Playable games of `leagues` whose local date lies in `from…to`, at venues in the selected regions.
    public func games(from: LocalDate, to: LocalDate, leagues: Set<League>) -> [Game] {
        guard !leagues.isEmpty, from <= to else { return [] }
        let utc = TimeZone(secondsFromGMT: 0) ?? .current
        // Local dates run up to 14 h either side of UTC; widen, then keep by local date.
        let lower = from.start(in: utc).addingTimeInterval(-86400)
        let upper = to.adding(days: 1).start(in: utc).addingTimeInterval(86400)
        return catalog.games(from: lower, to: upper, leagues: leagues).filter { game in
            guard game.status.isPlayable, game.localDate >= from, game.localDate <= to,
                let venue = catalog.venue(game.venue)
            else { return false }
            return RouteFilters.isInRegions(venue, preferences.selectedRegions)
        }
    }

    /// The must-see games, or a failure when an id is unknown.
    public func mustSeeGames() -> Result<[Game], PlanningFailure> {
        var games: [Game] = []
        for id in preferences.mustSeeGameIds {
            guard let game = catalog.games.first(where: { $0.id == id }) else { return .failure(.noGamesInRange) }
            if !games.contains(where: { $0.id == id }) { games.append(game) }
        }
        return .success(games)
    }

    /// The validated date range: nil when neither date is set; a failure when one is missing or they are reversed.
    public func dateRange() -> Result<ClosedRange<LocalDate>?, PlanningFailure> {
        switch (preferences.startDate, preferences.endDate) {
        case (nil, nil): return .success(nil)
        case (let start?, let end?) where start <= end: return .success(start...end)
        default: return .failure(.missingDateRange)
        }
    }

    /// A routing request with the preferences' rules over `games`.
    public func request(
        games: [Game], anchors: [Game], range: ClosedRange<LocalDate>?, requiredHomeTeams: [TeamID] = []
    ) -> RoutingRequest {
        var all = games
        let ids = Set(games.map(\.id))
        all.append(contentsOf: anchors.filter { !ids.contains($0.id) })
        return RoutingRequest(
            games: all, anchors: Set(anchors.map(\.id)), requiredHomeTeams: requiredHomeTeams,
            start: preferences.startLocation, end: preferences.endLocation, startDate: range?.lowerBound,
            endDate: range?.upperBound, dailyLimit: preferences.drivingConstraints.dailyLimit,
            leisure: preferences.leisureLevel, allowRepeatCities: preferences.allowRepeatCities,
            maxStops: preferences.numberOfStops)
    }

    /// Routes `request` and builds `topK` options, or explains why there are none.
    public func options(for request: RoutingRequest, topK: Int) -> ItineraryResult {
        let outcome = engine.router.routes(
            for: request, catalog: catalog, maxRoutes: max(1, topK), diversity: engine.diversity)
        guard !outcome.routes.isEmpty else { return .failure(engine.diagnose(request, catalog: catalog)) }
        let builder = ItineraryBuilder(estimator: engine.router.estimator)
        return .success(builder.options(for: outcome.routes, dailyLimit: request.dailyLimit, catalog: catalog))
    }

    /// Fails with dateRangeViolation when any of `anchors` lies outside `range`.
    public func checkAnchors(_ anchors: [Game], in range: ClosedRange<LocalDate>?) -> PlanningFailure? {
        guard let range else { return nil }
        let outside = anchors.filter { !range.contains($0.localDate) }.map(\.id)
        return outside.isEmpty ? nil : .dateRangeViolation(games: outside)
    }
}
