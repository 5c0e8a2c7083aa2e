import ClubWeekly
import Foundation

/// The clubhouse TV board: full names, large type, stats and leaderboard, rotating to the rides.
struct TVModel: Equatable, Sendable {
    struct Ride: Equatable, Sendable {
        var name: String
        var initials: String
        var hue: Int
        var when: String
        var emoji: String
        var title: String
        var distance: String
        var pace: String
        var elevation: String
    }
    var header: ClubHeaderModel
    var weekLabel: String
    var subtitle: String
    var distance: String
    var distanceTrend: TrendBadge
    var elevation: String
    var activeMembers: String
    /// The top of the club by distance (at most ``TVBuilder/leaderboardSize`` riders).
    var leaderboard: [RankingRow]
    /// "+ 4,553 more riders this week" when more rode than the leaderboard shows.
    var moreRiders: String?
    var rides: [Ride]
    var dataVersion: Int64
    /// First day of the shown week; with the data version it tells the board when to redraw.
    var weekFirstDay: String
    var isEmpty: Bool
}
