import Foundation

/// The `gameFirst` planning mode (scenario B of the spec): the games the user picked, all of them, in time order, with
/// other games of the chosen sports (the picked games' leagues when none is chosen) filling the days between. Dates are
/// optional; when given, every picked game must lie within them (dateRangeViolation), otherwise the trip spans the
/// picked games' days.
public struct GameFirstPlanner: Sendable {
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
