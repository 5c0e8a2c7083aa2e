import Foundation

/// Scenario A: every game of the chosen sports between two dates (both needed; missingDateRange otherwise; no sport
/// → noGamesInRange). Must-see games, when given, are anchors and must lie within the dates.
public struct ScenarioAPlanner: Sendable {
    /// A planner.
    public init() {}

    /// Up to `topK` options for the context's preferences, or why there are none.
    public func plan(_ context: PlanningContext, topK: Int) -> ItineraryResult {
        let range: ClosedRange<LocalDate>
        switch context.dateRange() {
        case .failure(let failure): return .failure(failure)
        case .success(nil): return .failure(.missingDateRange)
        case .success(let value?): range = value
        }
        let anchors: [Game]
        switch context.mustSeeGames() {
        case .failure(let failure): return .failure(failure)
        case .success(let games): anchors = games
        }
        if let failure = context.checkAnchors(anchors, in: range) { return .failure(failure) }
        let games = context.games(
            from: range.lowerBound, to: range.upperBound, leagues: context.preferences.sports)
        guard !games.isEmpty || !anchors.isEmpty else { return .failure(.noGamesInRange) }
        return context.options(for: context.request(games: games, anchors: anchors, range: range), topK: topK)
    }
}

/// Scenario B: the games the user picked, all of them, in time order, with other games of the chosen sports (the
/// picked games' leagues when none is chosen) filling the days between. Dates are optional; when given, every picked
/// game must lie within them (dateRangeViolation), otherwise the trip spans the picked games' days.
public struct ScenarioBPlanner: Sendable {
    /// A planner.
    public init() {}

    /// Up to `topK` options for the context's preferences, or why there are none.
    public func plan(_ context: PlanningContext, topK: Int) -> ItineraryResult {
        let anchors: [Game]
        switch context.mustSeeGames() {
        case .failure(let failure): return .failure(failure)
        case .success(let games): anchors = games
        }
        guard let firstDay = anchors.map(\.localDate).min(), let lastDay = anchors.map(\.localDate).max() else {
            return .failure(.noGamesInRange)
        }
        let given: ClosedRange<LocalDate>?
        switch context.dateRange() {
        case .failure(let failure): return .failure(failure)
        case .success(let value): given = value
        }
        if let failure = context.checkAnchors(anchors, in: given) { return .failure(failure) }
        let range = given ?? firstDay...lastDay
        let leagues = context.preferences.sports.isEmpty ? Set(anchors.map(\.league)) : context.preferences.sports
        let fillers = context.games(from: range.lowerBound, to: range.upperBound, leagues: leagues)
        return context.options(
            for: context.request(games: fillers, anchors: anchors, range: given), topK: topK)
    }
}

/// Scenario C: drive from the start location to the end location between two dates, with games whose venues lie
/// near the way (``RouteFilters/isInCorridor(_:from:to:estimator:)``). Needs both locations (missingLocations) and
/// both dates (missingDateRange).
public struct ScenarioCPlanner: Sendable {
    /// A planner.
    public init() {}

    /// Up to `topK` options for the context's preferences, or why there are none.
    public func plan(_ context: PlanningContext, topK: Int) -> ItineraryResult {
        guard let start = context.preferences.startLocation, let end = context.preferences.endLocation,
            start.coordinate.isValid, end.coordinate.isValid
        else { return .failure(.missingLocations) }
        let range: ClosedRange<LocalDate>
        switch context.dateRange() {
        case .failure(let failure): return .failure(failure)
        case .success(nil): return .failure(.missingDateRange)
        case .success(let value?): range = value
        }
        let anchors: [Game]
        switch context.mustSeeGames() {
        case .failure(let failure): return .failure(failure)
        case .success(let games): anchors = games
        }
        if let failure = context.checkAnchors(anchors, in: range) { return .failure(failure) }
        let router = context.engine.router
        let games = context.games(from: range.lowerBound, to: range.upperBound, leagues: context.preferences.sports)
            .filter { game in
                guard let venue = context.catalog.venue(game.venue) else { return false }
                return router.filters.isInCorridor(
                    venue.coordinate, from: start.coordinate, to: end.coordinate, estimator: router.estimator)
            }
        guard !games.isEmpty || !anchors.isEmpty else { return .failure(.noGamesInRange) }
        return context.options(for: context.request(games: games, anchors: anchors, range: range), topK: topK)
    }
}

/// Scenario D: follow one team, home and away, between the dates; without dates, over the first
/// ``defaultDays`` days from the team's first game in the catalogue. Needs a known team (missingTeamSelection).
public struct ScenarioDPlanner: Sendable {
    /// Days planned when no dates are given.
    public static let defaultDays = 10

    /// A planner.
    public init() {}

    /// Up to `topK` options for the context's preferences, or why there are none.
    public func plan(_ context: PlanningContext, topK: Int) -> ItineraryResult {
        guard let teamID = context.preferences.followTeamId, let team = context.catalog.team(teamID) else {
            return .failure(.missingTeamSelection)
        }
        let schedule = context.catalog.games.filter {
            ($0.home == team.id || $0.away == team.id) && $0.status.isPlayable
        }
        let given: ClosedRange<LocalDate>?
        switch context.dateRange() {
        case .failure(let failure): return .failure(failure)
        case .success(let value): given = value
        }
        guard let first = given?.lowerBound ?? schedule.map(\.localDate).min() else {
            return .failure(.noGamesInRange)
        }
        let range = given ?? first...first.adding(days: Self.defaultDays - 1)
        let games = context.games(from: range.lowerBound, to: range.upperBound, leagues: [team.league])
            .filter { $0.home == team.id || $0.away == team.id }
        guard !games.isEmpty else { return .failure(.noGamesInRange) }
        return context.options(for: context.request(games: games, anchors: [], range: given), topK: topK)
    }
}

/// Scenario E: team-first. Slides a window of `2 × teams` days (at most) across the dates (the whole catalogue when
/// none are given), keeps windows where every chosen team has a home game, routes each window over those home games
/// requiring every team at home, and returns the best windows (10 by default) whose routes share no game.
public struct ScenarioEPlanner: Sendable {
    /// A planner.
    public init() {}

    /// Up to `topK` options for the context's preferences, or why there are none.
    public func plan(_ context: PlanningContext, topK: Int) -> ItineraryResult {
        let teams = context.preferences.selectedTeamIds.compactMap { context.catalog.team($0) }
        guard !teams.isEmpty else { return .failure(.missingTeamSelection) }
        let teamIDs = teams.map(\.id)
        let given: ClosedRange<LocalDate>?
        switch context.dateRange() {
        case .failure(let failure): return .failure(failure)
        case .success(let value): given = value
        }
        let wanted = Set(teamIDs)
        let homeGames = context.catalog.games.filter { game in
            guard wanted.contains(game.home), game.status.isPlayable else { return false }
            if let given, !given.contains(game.localDate) { return false }
            guard let venue = context.catalog.venue(game.venue) else { return false }
            return RouteFilters.isInRegions(venue, context.preferences.selectedRegions)
        }
        guard let firstDay = homeGames.map(\.localDate).min(), let lastDay = homeGames.map(\.localDate).max() else {
            return .failure(.noGamesInRange)
        }
        let window = max(1, teams.count * 2)
        var byDay: [Int: [Game]] = [:]
        for game in homeGames { byDay[game.localDate.dayNumber, default: []].append(game) }

        var found: [PlannedRoute] = []
        var firstRequest: RoutingRequest?
        for startDay in firstDay.dayNumber...lastDay.dayNumber {
            guard byDay[startDay] != nil else { continue }  // a window starting on an empty day repeats a later one
            let endDay = min(startDay + window - 1, lastDay.dayNumber)
            let games = (startDay...endDay).flatMap { byDay[$0] ?? [] }
            let homeTeams = Set(games.map(\.home))
            guard homeTeams.count == wanted.count else { continue }
            // The window bounds the games; the user's dates (if any) bound the drives from and to home.
            let request = context.request(games: games, anchors: [], range: given, requiredHomeTeams: teamIDs)
            if firstRequest == nil { firstRequest = request }
            if let best = context.engine.router.routes(for: request, catalog: context.catalog, maxRoutes: 1).routes
                .first
            {
                found.append(best)
            }
        }
        guard let firstRequest else { return .failure(.noValidRoutes) }
        guard !found.isEmpty else { return .failure(context.engine.diagnose(firstRequest, catalog: context.catalog)) }
        found.sort { $0.score != $1.score ? $0.score > $1.score : $0.firstDay < $1.firstDay }
        var chosen: [PlannedRoute] = []
        var used = Set<GameID>()
        for route in found where chosen.count < max(1, topK) {
            let ids = Set(route.games.map(\.id))
            guard used.isDisjoint(with: ids) else { continue }
            used.formUnion(ids)
            chosen.append(route)
        }
        let builder = ItineraryBuilder(estimator: context.engine.router.estimator)
        let limit = context.preferences.drivingConstraints.dailyLimit
        return .success(builder.options(for: chosen, dailyLimit: limit, catalog: context.catalog))
    }
}

extension Catalog {
    /// A place by name: a venue's city ("Boston", "boston, ma" — the first venue of that city by id, so the answer is
    /// stable) or "latitude,longitude" ("42.35,-71.06"); nil when unknown or out of range.
    public func location(named text: String) -> TripLocation? {
        let parts = text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        if parts.count == 2, let latitude = Double(parts[0]), let longitude = Double(parts[1]) {
            let coordinate = Coordinate(latitude: latitude, longitude: longitude)
            return coordinate.isValid
                ? TripLocation(name: text.trimmingCharacters(in: .whitespaces), coordinate: coordinate) : nil
        }
        let key = Catalog.normalized(text)
        guard !key.isEmpty else { return nil }
        let match = venues.values.sorted { $0.id < $1.id }.first { venue in
            Catalog.normalized(venue.city) == key || Catalog.normalized(venue.place) == key
        }
        return match.map { TripLocation(name: $0.place, coordinate: $0.coordinate) }
    }
}
