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
    var leaderboard: [RankingRow]
    var rides: [Ride]
    var dataVersion: Int64
    /// First day of the shown week; with the data version it tells the board when to redraw.
    var weekFirstDay: String
    var isEmpty: Bool
}
