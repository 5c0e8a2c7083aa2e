import Foundation

/// JSON of `GET /api/clubs/{slug}/week`: everything the dashboard shows for one week.
///
/// Shared by the server (which encodes it) and API clients such as an iOS app (which decode it). Dates are ISO 8601
/// strings with fractional seconds; decode them with a matching `JSONDecoder.dateDecodingStrategy`.
public struct WeekResponse: Codable, Sendable, Equatable {
    /// The club's settings as the dashboard needs them.
    public struct ClubInfo: Codable, Sendable, Equatable {
        /// URL name of the club.
        public var slug: String
        /// Display name.
        public var name: String
        /// IANA time zone in which weeks are counted.
        public var timeZone: String
        /// First day of the week: "monday", "sunday", …
        public var weekStart: String
        /// The club's three colours as CSS colour values.
        public var colors: [String]
        /// Strava sport types that count, sorted.
        public var countedSportTypes: [String]
        /// Whether the weekly data is readable without signing in.
        public var feedPublic: Bool

        /// The settings of `club`.
        public init(_ club: Club) {
            slug = club.slug
            name = club.name
            timeZone = club.timeZoneIdentifier
            weekStart = club.weekStart.name
            colors = [club.colors.first, club.colors.second, club.colors.third]
            countedSportTypes = club.countedSportTypes.sorted()
            feedPublic = club.isFeedPublic
        }
    }

    /// The week shown and the club's history.
    public struct WeekInfo: Codable, Sendable, Equatable {
        /// 0 for this week, -1 for last week, …
        public var offset: Int
        /// "Week of 26 Oct – 1 Nov 2026".
        public var label: String
        /// First day, `yyyy-MM-dd`.
        public var firstDay: String
        /// Last day, `yyyy-MM-dd`.
        public var lastDay: String
        /// Start instant of the week.
        public var start: Date
        /// End instant (exclusive): the start of the next week.
        public var end: Date
        /// The oldest offset with data.
        public var oldestOffset: Int

        /// A week from its parts.
        public init(
            offset: Int, label: String, firstDay: String, lastDay: String, start: Date, end: Date, oldestOffset: Int
        ) {
            self.offset = offset
            self.label = label
            self.firstDay = firstDay
            self.lastDay = lastDay
            self.start = start
            self.end = end
            self.oldestOffset = oldestOffset
        }
    }

    /// A week-over-week trend for display.
    public struct TrendInfo: Codable, Sendable, Equatable {
        /// `up`, `down`, `flat`, `new` or `none` (``Trend/Direction``).
        public var direction: String
        /// Percent change rounded to 0.1; absent for `new` and `none`.
        public var percent: Double?
        /// "▲ 12%", "new", …
        public var text: String

        /// The display form of `trend`.
        public init(_ trend: Trend) {
            direction = trend.direction.rawValue
            percent = trend.percent.map { ($0 * 10).rounded() / 10 }
            text = trend.text
        }
    }

    /// Club totals of the week.
    public struct Summary: Codable, Sendable, Equatable {
        /// Kilometres, to 0.1.
        public var distanceKm: Double
        /// Counted activities.
        public var rides: Int
        /// Members with at least one counted activity.
        public var activeMembers: Int
        /// Metres climbed.
        public var elevationM: Int
        /// Seconds.
        public var movingTimeS: Int
        /// Trends against last week, keyed `distance`, `rides`, `activeMembers` and `elevation`.
        public var trends: [String: TrendInfo]

        /// A summary from its parts.
        public init(
            distanceKm: Double, rides: Int, activeMembers: Int, elevationM: Int, movingTimeS: Int,
            trends: [String: TrendInfo]
        ) {
            self.distanceKm = distanceKm
            self.rides = rides
            self.activeMembers = activeMembers
            self.elevationM = elevationM
            self.movingTimeS = movingTimeS
            self.trends = trends
        }
    }

    /// One member on the week's leaderboard.
    public struct MemberRow: Codable, Sendable, Equatable {
        /// The member's id.
        public var memberId: String
        /// Privacy name: "Sarah M.".
        public var name: String
        /// First and last name.
        public var fullName: String
        /// "SM".
        public var initials: String
        /// Avatar hue, 0–359.
        public var hue: Int
        /// Competition rank by the response's metric.
        public var rank: Int
        /// Kilometres, to 0.1.
        public var distanceKm: Double
        /// Counted activities.
        public var rides: Int
        /// Seconds.
        public var movingTimeS: Int
        /// "1h 28m".
        public var movingTime: String
        /// Metres climbed.
        public var elevationM: Int
        /// km/h, to 0.1.
        public var avgSpeedKmh: Double
        /// Kilometres, to 0.1.
        public var longestRideKm: Double
        /// Trend of the ranking metric.
        public var trend: TrendInfo
    }

    /// One counted activity of the week.
    public struct ActivityRow: Codable, Sendable, Equatable {
        /// Whose activity.
        public var memberId: String
        /// Privacy name of the member.
        public var memberName: String
        /// The activity's title.
        public var title: String
        /// Start instant.
        public var startDate: Date
        /// Start in the club's time zone: "Mon 26 Oct · 7:32am".
        public var startLocal: String
        /// Strava sport type.
        public var sportType: String
        /// "Ride", "Run", …
        public var sportLabel: String
        /// An emoji for the sport.
        public var emoji: String
        /// Kilometres, to 0.1.
        public var distanceKm: Double
        /// Seconds.
        public var movingTimeS: Int
        /// "1h 28m".
        public var movingTime: String
        /// Metres climbed.
        public var elevationM: Int
        /// "420m", "1.2k".
        public var elevation: String
        /// "28.4 km/h" for rides, "5:12/km" for runs and walks.
        public var pace: String
        /// Ridden indoors.
        public var trainer: Bool
        /// Marked as a commute.
        public var commute: Bool
        /// `strava`, `import` or `demo`.
        public var source: String
    }

    /// The club.
    public var club: ClubInfo
    /// The week.
    public var week: WeekInfo
    /// The ranking metric (``Metric`` raw value).
    public var metric: String
    /// Club totals.
    public var summary: Summary
    /// Members with at least one counted activity, ranked.
    public var members: [MemberRow]
    /// Counted activities, newest first.
    public var activities: [ActivityRow]

    static func round1(_ value: Double) -> Double { value.isFinite ? (value * 10).rounded() / 10 : 0 }

    /// Metres as a whole number, never trapping on an absurd stored value.
    static func int(_ value: Double) -> Int {
        guard value.isFinite else { return 0 }
        return Int(max(-1e15, min(1e15, value.rounded())))
    }

    /// The response for a week's report; `members` gives names (members no longer in the club are "Former member").
    public init(club: Club, report: WeekReport, offset: Int, oldestOffset: Int, members: [Member]) {
        let byID = Dictionary(members.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        self.club = ClubInfo(club)
        week = WeekInfo(
            offset: offset, label: report.week.label, firstDay: report.week.firstDay, lastDay: report.week.lastDay,
            start: report.week.start, end: report.week.end, oldestOffset: oldestOffset)
        metric = report.metric.rawValue
        let s = report.summary
        summary = Summary(
            distanceKm: Self.round1(s.distance / 1000), rides: s.rides, activeMembers: s.activeMembers,
            elevationM: Self.int(s.elevation), movingTimeS: s.movingTime,
            trends: [
                "distance": TrendInfo(s.distanceTrend), "rides": TrendInfo(s.ridesTrend),
                "activeMembers": TrendInfo(s.activeMembersTrend), "elevation": TrendInfo(s.elevationTrend),
            ])
        self.members = report.members.map { ranked in
            let member = byID[ranked.stats.memberID]
            let first = member?.firstName ?? "Former"
            let last = member?.lastName ?? "member"
            return MemberRow(
                memberId: ranked.stats.memberID.rawValue,
                name: Format.privacyName(firstName: first, lastName: last),
                fullName: member?.fullName ?? "Former member",
                initials: Format.initials(firstName: first, lastName: last),
                hue: Format.colorHash(member?.fullName ?? ranked.stats.memberID.rawValue),
                rank: ranked.rank, distanceKm: Self.round1(ranked.stats.distance / 1000), rides: ranked.stats.rides,
                movingTimeS: ranked.stats.movingTime, movingTime: Format.duration(ranked.stats.movingTime),
                elevationM: Self.int(ranked.stats.elevation),
                avgSpeedKmh: Self.round1(ranked.stats.averageSpeed * 3.6),
                longestRideKm: Self.round1(ranked.stats.longestRide / 1000), trend: TrendInfo(ranked.trend))
        }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = club.timeZone
        calendar.locale = Locale(identifier: "en_US_POSIX")
        activities = report.activities.map { activity in
            let member = byID[activity.memberID]
            let paced = SportTypes.paced.contains(activity.sportType)
            return ActivityRow(
                memberId: activity.memberID.rawValue,
                memberName: Format.privacyName(
                    firstName: member?.firstName ?? "Former", lastName: member?.lastName ?? "member"),
                title: activity.name, startDate: activity.startDate,
                startLocal: Format.activityDate(activity.startDate, calendar: calendar), sportType: activity.sportType,
                sportLabel: Format.sportLabel(activity.sportType), emoji: Format.sportEmoji(activity.sportType),
                distanceKm: Self.round1(activity.distance / 1000), movingTimeS: activity.movingTime,
                movingTime: Format.duration(activity.movingTime), elevationM: Self.int(activity.elevationGain),
                elevation: Format.elevation(activity.elevationGain),
                pace: paced
                    ? Format.pace(metresPerSecond: activity.averageSpeed)
                    : Format.speed(metresPerSecond: activity.averageSpeed),
                trainer: activity.trainer, commute: activity.commute, source: activity.source.rawValue)
        }
    }
}
