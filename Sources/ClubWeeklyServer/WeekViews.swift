import ClubWeekly
import Foundation
import ServerKit

/// JSON of `GET /api/clubs/{slug}/week`: everything the dashboard shows for one week.
struct WeekView: Encodable, Sendable {
    struct ClubInfo: Encodable, Sendable {
        var slug: String
        var name: String
        var timeZone: String
        var weekStart: String
        var colors: [String]
        var countedSportTypes: [String]
        var feedPublic: Bool

        init(_ club: Club) {
            slug = club.slug
            name = club.name
            timeZone = club.timeZoneIdentifier
            weekStart = club.weekStart.name
            colors = [club.colors.first, club.colors.second, club.colors.third]
            countedSportTypes = club.countedSportTypes.sorted()
            feedPublic = club.isFeedPublic
        }
    }
    struct WeekInfo: Encodable, Sendable {
        var offset: Int
        var label: String
        var firstDay: String
        var lastDay: String
        var start: Date
        var end: Date
        var oldestOffset: Int
    }
    struct TrendView: Encodable, Sendable, Equatable {
        var direction: String
        var percent: Double?
        var text: String
        init(_ trend: Trend) {
            direction = trend.direction.rawValue
            percent = trend.percent.map { ($0 * 10).rounded() / 10 }
            text = trend.text
        }
    }
    struct Summary: Encodable, Sendable {
        var distanceKm: Double
        var rides: Int
        var activeMembers: Int
        var elevationM: Int
        var movingTimeS: Int
        var trends: [String: TrendView]
    }
    struct MemberRow: Encodable, Sendable {
        var memberId: String
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
        var trend: TrendView
    }
    struct ActivityRow: Encodable, Sendable {
        var memberId: String
        var memberName: String
        var title: String
        var startDate: Date
        var startLocal: String
        var sportType: String
        var sportLabel: String
        var emoji: String
        var distanceKm: Double
        var movingTimeS: Int
        var movingTime: String
        var elevationM: Int
        var elevation: String
        /// "28.4 km/h" for rides, "5:12/km" for runs and walks.
        var pace: String
        var trainer: Bool
        var commute: Bool
        var source: String
    }

    var club: ClubInfo
    var week: WeekInfo
    var metric: String
    var summary: Summary
    var members: [MemberRow]
    var activities: [ActivityRow]

    static func round1(_ value: Double) -> Double { value.isFinite ? (value * 10).rounded() / 10 : 0 }

    /// Metres as a whole number, never trapping on an absurd stored value.
    static func int(_ value: Double) -> Int {
        guard value.isFinite else { return 0 }
        return Int(max(-1e15, min(1e15, value.rounded())))
    }

    init(club: Club, report: WeekReport, offset: Int, oldestOffset: Int, members: [Member]) {
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
                "distance": TrendView(s.distanceTrend), "rides": TrendView(s.ridesTrend),
                "activeMembers": TrendView(s.activeMembersTrend), "elevation": TrendView(s.elevationTrend),
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
                longestRideKm: Self.round1(ranked.stats.longestRide / 1000), trend: TrendView(ranked.trend))
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

/// JSON of `GET /api/clubs/{slug}/members/{id}/insights`.
struct InsightsView: Encodable, Sendable {
    struct Lowest: Encodable, Sendable {
        var memberId: String?
        var insights: [Insight]
    }
    var memberId: String
    var weekLabel: String
    var myStats: [Insight]
    var versusTop3: VersusTop3
    var lowestWeek: Lowest
}

/// JSON row of `GET /api/clubs/{slug}/members`.
struct MemberView: Encodable, Sendable {
    var id: String
    var name: String
    var fullName: String
    var initials: String
    var stravaConnected: Bool
    var joinedAt: Date

    init(_ member: Member) {
        id = member.id.rawValue
        name = Format.privacyName(firstName: member.firstName, lastName: member.lastName)
        fullName = member.fullName
        initials = Format.initials(firstName: member.firstName, lastName: member.lastName)
        stravaConnected = member.stravaAthleteID != nil
        joinedAt = member.joinedAt
    }
}

/// JSON row of `GET /api/clubs/{slug}/sync`.
struct SyncStatusView: Encodable, Sendable {
    var memberId: String
    var name: String
    var source: String
    var connected: Bool
    var lastSyncAt: Date?
    var lastError: String?
    var activities: Int
}

extension WeekView {
    /// The same document as its `Encodable` form, written with ``JSONWriter`` (week views are the largest and most
    /// frequent responses; `JSONEncoder` was most of their cost).
    func jsonData() -> Data {
        var json = JSONWriter(reservingCapacity: 2048 + activities.count * 420 + members.count * 260)
        json.object { root in
            root.field("club") { writer in
                writer.object {
                    $0.field("slug", club.slug)
                    $0.field("name", club.name)
                    $0.field("timeZone", club.timeZone)
                    $0.field("weekStart", club.weekStart)
                    $0.field("colors") { writer in writer.array(club.colors) { $0.string($1) } }
                    $0.field("countedSportTypes") { writer in writer.array(club.countedSportTypes) { $0.string($1) } }
                    $0.field("feedPublic", club.feedPublic)
                }
            }
            root.field("week") { writer in
                writer.object {
                    $0.field("offset", week.offset)
                    $0.field("label", week.label)
                    $0.field("firstDay", week.firstDay)
                    $0.field("lastDay", week.lastDay)
                    $0.field("start", week.start)
                    $0.field("end", week.end)
                    $0.field("oldestOffset", week.oldestOffset)
                }
            }
            root.field("metric", metric)
            root.field("summary") { writer in
                writer.object {
                    $0.field("distanceKm", summary.distanceKm)
                    $0.field("rides", summary.rides)
                    $0.field("activeMembers", summary.activeMembers)
                    $0.field("elevationM", summary.elevationM)
                    $0.field("movingTimeS", summary.movingTimeS)
                    $0.field("trends") { writer in
                        writer.object { trends in
                            for (name, trend) in summary.trends.sorted(by: { $0.key < $1.key }) {
                                trends.field(name) { Self.write(trend, to: &$0) }
                            }
                        }
                    }
                }
            }
            root.field("members") { writer in
                writer.array(members) { writer, row in
                    writer.object {
                        $0.field("memberId", row.memberId)
                        $0.field("name", row.name)
                        $0.field("fullName", row.fullName)
                        $0.field("initials", row.initials)
                        $0.field("hue", row.hue)
                        $0.field("rank", row.rank)
                        $0.field("distanceKm", row.distanceKm)
                        $0.field("rides", row.rides)
                        $0.field("movingTimeS", row.movingTimeS)
                        $0.field("movingTime", row.movingTime)
                        $0.field("elevationM", row.elevationM)
                        $0.field("avgSpeedKmh", row.avgSpeedKmh)
                        $0.field("longestRideKm", row.longestRideKm)
                        $0.field("trend") { Self.write(row.trend, to: &$0) }
                    }
                }
            }
            root.field("activities") { writer in
                writer.array(activities) { writer, row in
                    writer.object {
                        $0.field("memberId", row.memberId)
                        $0.field("memberName", row.memberName)
                        $0.field("title", row.title)
                        $0.field("startDate", row.startDate)
                        $0.field("startLocal", row.startLocal)
                        $0.field("sportType", row.sportType)
                        $0.field("sportLabel", row.sportLabel)
                        $0.field("emoji", row.emoji)
                        $0.field("distanceKm", row.distanceKm)
                        $0.field("movingTimeS", row.movingTimeS)
                        $0.field("movingTime", row.movingTime)
                        $0.field("elevationM", row.elevationM)
                        $0.field("elevation", row.elevation)
                        $0.field("pace", row.pace)
                        $0.field("trainer", row.trainer)
                        $0.field("commute", row.commute)
                        $0.field("source", row.source)
                    }
                }
            }
        }
        return json.data
    }

    private static func write(_ trend: TrendView, to writer: inout JSONWriter) {
        writer.object {
            $0.field("direction", trend.direction)
            if let percent = trend.percent { $0.field("percent", percent) }
            $0.field("text", trend.text)
        }
    }
}
