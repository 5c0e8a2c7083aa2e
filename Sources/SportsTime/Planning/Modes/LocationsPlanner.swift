import Foundation

/// The `locations` planning mode (scenario C of the spec): drive from the start location to the end location between
/// two dates, with games whose venues lie near the way (``RouteFilters/isInCorridor(_:from:to:estimator:)``). Needs
/// both locations (missingLocations) and both dates (missingDateRange).
public struct LocationsPlanner: Sendable {
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
