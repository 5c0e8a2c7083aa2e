import Foundation

/// Routes through a game graph: a node per game, an edge g1 → g2 when the trip can leave g1 and reach g2 in time.
///
/// Timing model (all times from UTC instants; days are each venue's local dates):
/// - A drive of `h` hours comes from ``TravelEstimator``; a change of venue needs ``arrivalBufferHours`` (1 h) in
///   hand before the next game; staying at a venue needs none.
/// - No driving after a game: drives start the next morning at ``earliestDepartureHour`` (08:00 local), and each
///   calendar day allows `dailyLimit` hours. On the next game's day only the hours between 08:00 and the game's
///   start minus the buffer are usable. So g1 (day d1) → g2 (day d2 > d1) needs `h ≤ (d2 − d1 − 1) × limit +
///   min(limit, morning hours of g2)`; drivers drive full days first.
/// - Same-day pairs (leisure `packed` only): g1's end + h + buffer ≤ g2's start, and the day's driving (the morning's
///   plus this hop) stays within the limit.
/// - Leisure: at most `maxGamesPerDay` games a day, `maxConsecutiveGameDays` game days in a row and
///   `minimumDaysBetweenGameDays` between game days (see ``LeisureLevel``).
/// - Start location: leave on the latest day that still reaches the first game (not before `startDate`); end
///   location: leave the morning after the last game and arrive by `endDate`.
///
/// Search: label-setting dynamic programming over games in start order. A label is a partial route ending at a game
/// (score, venues, cities, stops, leisure state, today's driving, previous point for the backtracking rule). A label
/// is dropped when another at the same game has at least its score and a state no worse (same venue set, same
/// previous point …) — that is exact. Beyond that, when the instance has more than ``exactGameLimit`` games, each
/// game keeps only its ``labelCap`` best labels (a beam), extends only from its ``maxPredecessors`` most recent
/// predecessors, skips labels whose best possible extension cannot enter the beam, and ``RoutingOutcome/isExact``
/// is false.
public struct GameDAGRouter: Sendable {
    /// Driving estimates.
    public var estimator: TravelEstimator
    /// Backtracking and corridor rules.
    public var filters: RouteFilters
    /// Score weights.
    public var scoring: RouteScoring
    /// Hours to arrive before a game at another venue.
    public var arrivalBufferHours: Double
    /// Local hour drivers set off in the morning.
    public var earliestDepartureHour: Double
    /// Labels kept per game on large instances.
    public var labelCap: Int
    /// Instances with at most this many candidate games are searched without a cap (exact).
    public var exactGameLimit: Int
    /// Beam mode: the most recent games (that can reach it) each game is extended from.
    public var maxPredecessors: Int

    /// A router; the defaults are the documented ones.
    public init(
        estimator: TravelEstimator = TravelEstimator(), filters: RouteFilters = RouteFilters(),
        scoring: RouteScoring = RouteScoring(), arrivalBufferHours: Double = 1, earliestDepartureHour: Double = 8,
        labelCap: Int = 12, exactGameLimit: Int = 16, maxPredecessors: Int = 600
    ) {
        self.estimator = estimator
        self.filters = filters
        self.scoring = scoring
        self.arrivalBufferHours = arrivalBufferHours
        self.earliestDepartureHour = earliestDepartureHour
        self.labelCap = max(1, labelCap)
        self.exactGameLimit = exactGameLimit
        self.maxPredecessors = max(1, maxPredecessors)
    }

    /// The best `maxRoutes` mutually different routes for `request`, best first.
    public func routes(
        for request: RoutingRequest, catalog: Catalog, maxRoutes: Int = 5, diversity: RouteDiversity = RouteDiversity()
    ) -> RoutingOutcome {
        let problem = RoutingProblem(request: request, catalog: catalog, router: self)
        return problem.search(maxRoutes: max(1, maxRoutes), diversity: diversity)
    }

    /// The route visiting exactly `games` in order, if it keeps every rule of `request` (for checks and tests).
    public func evaluate(_ games: [Game], for request: RoutingRequest, catalog: Catalog) -> PlannedRoute? {
        let problem = RoutingProblem(request: request, catalog: catalog, router: self)
        var indices: [Int] = []
        for game in games {
            guard let index = problem.index(of: game.id) else { return nil }
            indices.append(index)
        }
        return problem.evaluate(indices)
    }
}
