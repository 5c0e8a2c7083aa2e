import ClubWeekly
import Foundation

/// Who is looking at a page.
struct Viewer: Equatable, Sendable {
    var signedIn = false
    var memberID: String?
    var memberName: String?
    var isAdmin = false
}

/// The club's header on every page: name, colours and links.
struct ClubHeaderModel: Equatable, Sendable {
    var slug: String
    var name: String
    var colours: [String]
    var viewer: Viewer
}

/// One member in a ranking (charts list, TV leaderboard).
struct RankingRow: Equatable, Sendable {
    var memberID: String
    var rank: Int
    var medal: String?
    var name: String
    var fullName: String
    var initials: String
    var hue: Int
    var value: String
    var trend: TrendBadge
    var isMe: Bool
}

/// A week-over-week trend as pages show it: typed direction, percent to 0.1 (what the JSON carries too) and text.
struct TrendBadge: Equatable, Sendable {
    var direction: Trend.Direction
    var percent: Double?
    var text: String

    init(_ trend: Trend) {
        direction = trend.direction
        percent = trend.percent.map { ($0 * 10).rounded() / 10 }
        text = trend.text
    }
}

/// Display rounding shared by the page models (the same as the week's JSON, so pages and API agree).
enum Rounded {
    /// To 0.1; 0 for a non-finite value.
    static func tenth(_ value: Double) -> Double { value.isFinite ? (value * 10).rounded() / 10 : 0 }

    /// A whole number, never trapping on an absurd stored value.
    static func whole(_ value: Double) -> Int {
        guard value.isFinite else { return 0 }
        return Int(max(-1e15, min(1e15, value.rounded())))
    }
}

/// A ranked member's week as the pages show it, from the report and the member (nil for a former member).
struct RiderRow: Equatable, Sendable {
    var memberID: String
    /// Privacy name: "Sarah M.".
    var name: String
    var fullName: String
    var initials: String
    var hue: Int
    var rank: Int
    var distanceKm: Double
    var rides: Int
    var movingTimeS: Int
    var movingTime: String
    var elevationM: Int
    var avgSpeedKmh: Double
    var longestRideKm: Double
    /// Trend of the report's ranking metric.
    var trend: TrendBadge

    init(_ ranked: RankedMember, member: Member?) {
        let stats = ranked.stats
        let first = member?.firstName ?? "Former"
        let last = member?.lastName ?? "member"
        memberID = stats.memberID.rawValue
        name = Format.privacyName(firstName: first, lastName: last)
        fullName = member?.fullName ?? "Former member"
        initials = Format.initials(firstName: first, lastName: last)
        hue = Format.colorHash(member?.fullName ?? stats.memberID.rawValue)
        rank = ranked.rank
        distanceKm = Rounded.tenth(stats.distance / 1000)
        rides = stats.rides
        movingTimeS = stats.movingTime
        movingTime = Format.duration(stats.movingTime)
        elevationM = Rounded.whole(stats.elevation)
        avgSpeedKmh = Rounded.tenth(stats.averageSpeed * 3.6)
        longestRideKm = Rounded.tenth(stats.longestRide / 1000)
        trend = TrendBadge(ranked.trend)
    }

    /// The report's ranked members, named from `members`.
    static func rows(_ report: WeekReport, members: [Member]) -> [RiderRow] {
        let byID = Dictionary(members.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        return report.members.map { RiderRow($0, member: byID[$0.memberID]) }
    }
}

/// A counted activity as the pages show it, in the club's time zone.
struct RideRow: Equatable, Sendable {
    var memberID: String
    /// Privacy name of the member.
    var memberName: String
    var title: String
    /// "Mon 26 Oct · 7:32am" in the club's time zone.
    var startLocal: String
    var sportType: String
    var sportLabel: String
    var emoji: String
    var distanceKm: Double
    var movingTime: String
    var elevationM: Int
    /// "420m", "1.2k".
    var elevation: String
    /// "28.4 km/h" for rides, "5:12/km" for runs and walks.
    var pace: String
    var trainer: Bool
    var commute: Bool

    init(_ activity: Activity, member: Member?, calendar: Calendar) {
        memberID = activity.memberID.rawValue
        memberName = Format.privacyName(
            firstName: member?.firstName ?? "Former", lastName: member?.lastName ?? "member")
        title = activity.name
        startLocal = Format.activityDate(activity.startDate, calendar: calendar)
        sportType = activity.sportType
        sportLabel = Format.sportLabel(activity.sportType)
        emoji = Format.sportEmoji(activity.sportType)
        distanceKm = Rounded.tenth(activity.distance / 1000)
        movingTime = Format.duration(activity.movingTime)
        elevationM = Rounded.whole(activity.elevationGain)
        elevation = Format.elevation(activity.elevationGain)
        pace =
            SportTypes.paced.contains(activity.sportType)
            ? Format.pace(metresPerSecond: activity.averageSpeed)
            : Format.speed(metresPerSecond: activity.averageSpeed)
        trainer = activity.trainer
        commute = activity.commute
    }

    /// The report's activities, newest first, named from `members`.
    static func rows(_ report: WeekReport, members: [Member], timeZone: TimeZone) -> [RideRow] {
        let byID = Dictionary(members.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        calendar.locale = Locale(identifier: "en_US_POSIX")
        return report.activities.map { RideRow($0, member: byID[$0.memberID], calendar: calendar) }
    }
}
