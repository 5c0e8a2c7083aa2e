import Foundation

/// The `followTeam` planning mode (scenario D of the spec): follow one team, home and away, between the dates; without
/// dates, over the first ``defaultDays`` days from the team's first game in the catalogue. Needs a known team
/// (missingTeamSelection).
public struct FollowTeamPlanner: Sendable {
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
