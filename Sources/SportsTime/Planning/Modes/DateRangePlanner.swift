import Foundation

/// The `dateRange` planning mode (scenario A of the spec): every game of the chosen sports between two dates (both
/// needed; missingDateRange otherwise; no sport → noGamesInRange). Must-see games, when given, are anchors and must lie
/// within the dates.
public struct DateRangePlanner: Sendable {
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
