import Foundation

/// The `teamFirst` planning mode (scenario E of the spec): team-first. Slides a window of `2 × teams` days (at most)
/// across the dates (the whole catalogue when none are given), keeps windows where every chosen team has a home game,
/// routes each window over those home games requiring every team at home, and returns the best windows (10 by default)
/// whose routes share no game.
public struct TeamFirstPlanner: Sendable {
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
