import ClubWeekly
import Foundation

/// Pure functions from the week's domain values to the TV board's model.
enum TVBuilder {
    static let leaderboardSize = 10
    static let ridesShown = 9

    /// What the board is built from: this week's report by distance and the club's members.
    struct Input: Sendable {
        var club: Club
        /// This week, ranked by distance.
        var report: WeekReport
        var members: [Member]
        var viewer: Viewer
        /// The club's data version: the board redraws when it changes.
        var dataVersion: Int64
        var strings: ClubWeeklyStrings = .en
    }

    static func model(_ input: Input) -> TVModel {
        let s = input.strings
        let club = input.club
        let summary = input.report.summary
        // Only the top of the club and the riders of the latest rides are named: a 5,000-member club's board costs
        // what a small club's does.
        let byMember = Dictionary(input.members.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        let top = input.report.members.prefix(leaderboardSize).filter { $0.stats.rides > 0 }
        let latest = input.report.activities.prefix(ridesShown)
        var named = Set(top.map(\.memberID))
        var byID: [String: RiderRow] = [:]
        for ranked in top { byID[ranked.memberID.rawValue] = RiderRow(ranked, member: byMember[ranked.memberID]) }
        for activity in latest where named.insert(activity.memberID).inserted {
            if let ranked = input.report.members.first(where: { $0.memberID == activity.memberID }) {
                byID[activity.memberID.rawValue] = RiderRow(ranked, member: byMember[activity.memberID])
            }
        }
        let leaderboard = top.compactMap { byID[$0.memberID.rawValue] }.map { row in
            RankingRow(
                memberID: row.memberID, rank: row.rank,
                medal: row.rank <= 3 ? DashboardBuilder.medals[row.rank - 1] : nil, name: row.fullName,
                fullName: row.fullName, initials: row.initials, hue: row.hue,
                value: Format.distanceKm(row.distanceKm * 1000, decimals: 0), trend: row.trend, isMe: false)
        }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = club.timeZone
        calendar.locale = Locale(identifier: "en_US_POSIX")
        let rides = latest.map { RideRow($0, member: byMember[$0.memberID], calendar: calendar) }
        return TVModel(
            header: ClubHeaderModel(
                slug: club.slug, name: club.name,
                colours: [club.colors.first, club.colors.second, club.colors.third], viewer: input.viewer),
            weekLabel: input.report.week.label,
            subtitle: s.tvSubtitle(summary.rides, summary.activeMembers),
            distance: Format.distanceKm(Rounded.tenth(summary.distance / 1000) * 1000, decimals: 0),
            distanceTrend: TrendBadge(SummaryStat.distance.trend(in: summary)),
            elevation: Format.metres(Double(Rounded.whole(summary.elevation))),
            activeMembers: BigClubStrings.grouped(summary.activeMembers),
            leaderboard: Array(leaderboard),
            moreRiders: summary.activeMembers > leaderboard.count
                ? s.big.moreRidersThisWeek(summary.activeMembers - leaderboard.count) : nil,
            rides: rides.prefix(ridesShown).map { activity in
                let member = byID[activity.memberID]
                return TVModel.Ride(
                    name: member?.fullName ?? activity.memberName, initials: member?.initials ?? "?",
                    hue: member?.hue ?? Format.colorHash(activity.memberName), when: activity.startLocal,
                    emoji: activity.emoji, title: activity.title,
                    distance: "\(DashboardBuilder.fixed1(activity.distanceKm)) km",
                    pace: activity.pace, elevation: "\(activity.elevationM)m")
            }, dataVersion: input.dataVersion, weekFirstDay: input.report.week.firstDay,
            isEmpty: rides.isEmpty)
    }
}
