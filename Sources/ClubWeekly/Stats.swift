import Foundation

/// A leaderboard metric. Values are SI: metres, counts, m/s and seconds.
public enum Metric: String, Sendable, Codable, CaseIterable {
    case distance, rides, speed, elevation, movingTime, longestRide

    /// Display title: "Distance", "Rides", "Avg speed", "Elevation", "Moving time", "Longest ride".
    public var title: String {
        switch self {
        case .distance: "Distance"
        case .rides: "Rides"
        case .speed: "Avg speed"
        case .elevation: "Elevation"
        case .movingTime: "Moving time"
        case .longestRide: "Longest ride"
        }
    }

    /// The member's value for this metric: distance m, rides count, speed m/s, elevation m,
    /// moving time s, longest ride m.
    public func value(_ s: MemberWeekStats) -> Double {
        switch self {
        case .distance: s.distance
        case .rides: Double(s.rides)
        case .speed: s.averageSpeed
        case .elevation: s.elevation
        case .movingTime: Double(s.movingTime)
        case .longestRide: s.longestRide
        }
    }

    /// A value of this metric for display: `"42.3 km"`, `"3 rides"`, `"28.4 km/h"`, `"420m"`, `"1h 28m"`.
    public func format(_ value: Double) -> String {
        switch self {
        case .distance, .longestRide: Format.distanceKm(value)
        case .rides:
            SafeNumbers.roundedInt(value) == 1 ? "1 ride" : "\(SafeNumbers.roundedInt(value)) rides"
        case .speed: Format.speed(metresPerSecond: value)
        case .elevation: Format.elevation(value)
        case .movingTime: Format.duration(SafeNumbers.roundedInt(value))
        }
    }

    /// Lower-case noun used in sentences: "distance", "rides", "avg speed", "elevation", …
    public var noun: String {
        switch self {
        case .distance: "distance"
        case .rides: "rides"
        case .speed: "avg speed"
        case .elevation: "elevation"
        case .movingTime: "moving time"
        case .longestRide: "longest ride"
        }
    }
}

/// One member's totals for one week, over counted activities only.
public struct MemberWeekStats: Sendable, Equatable, Codable {
    /// Whose stats these are.
    public var memberID: MemberID
    /// Metres.
    public var distance: Double
    /// Number of counted activities.
    public var rides: Int
    /// Seconds.
    public var movingTime: Int
    /// Metres climbed.
    public var elevation: Double
    /// m/s: the distance-weighted mean of per-ride speeds, Σ(vᵢ·dᵢ)/Σdᵢ with vᵢ = dᵢ/tᵢ (0 when tᵢ = 0);
    /// 0 when there is no distance. A ride with no moving time therefore lowers the average.
    public var averageSpeed: Double
    /// Metres: the longest single counted activity.
    public var longestRide: Double

    /// Stats from their values.
    public init(
        memberID: MemberID, distance: Double, rides: Int, movingTime: Int, elevation: Double,
        averageSpeed: Double, longestRide: Double
    ) {
        self.memberID = memberID
        self.distance = distance
        self.rides = rides
        self.movingTime = movingTime
        self.elevation = elevation
        self.averageSpeed = averageSpeed
        self.longestRide = longestRide
    }

    /// No activity at all.
    public static func zero(_ id: MemberID) -> MemberWeekStats {
        MemberWeekStats(
            memberID: id, distance: 0, rides: 0, movingTime: 0, elevation: 0, averageSpeed: 0, longestRide: 0)
    }

    /// Whether the member has at least one counted activity.
    public var isActive: Bool { rides > 0 }

    /// Metres per ride; 0 when inactive.
    public var averageRideDistance: Double { rides > 0 ? distance / Double(rides) : 0 }

    /// Totals of the activities, which must all belong to `id` (the caller filters).
    public init(_ id: MemberID, activities: [Activity]) {
        var accumulator = Accumulator(memberID: id)
        for activity in activities { accumulator.add(activity) }
        self = accumulator.stats
    }

    struct Accumulator {
        var memberID: MemberID
        var distance = 0.0
        var rides = 0
        var movingTime = 0
        var elevation = 0.0
        var weightedSpeed = 0.0
        var longest = 0.0

        mutating func add(_ activity: Activity) {
            let d = SafeNumbers.nonNegative(activity.distance)
            let t = SafeNumbers.nonNegative(activity.movingTime)
            distance += d
            rides += 1
            movingTime = SafeNumbers.add(movingTime, t)
            elevation += SafeNumbers.nonNegative(activity.elevationGain)
            // vᵢ·dᵢ = dᵢ²/tᵢ; a ride without moving time has speed 0 and contributes nothing.
            if t > 0 { weightedSpeed += d / Double(t) * d }
            longest = max(longest, d)
        }

        var stats: MemberWeekStats {
            MemberWeekStats(
                memberID: memberID, distance: distance, rides: rides, movingTime: movingTime, elevation: elevation,
                averageSpeed: distance > 0 ? weightedSpeed / distance : 0, longestRide: longest)
        }
    }
}

/// Week-over-week change of one value.
public struct Trend: Sendable, Equatable, Codable {
    /// `new`: the previous value was 0 and the current one is positive; `none`: both are 0.
    public enum Direction: String, Sendable, Codable { case up, down, flat, new, none }

    /// Which way the value moved.
    public var direction: Direction
    /// `(current - previous) / previous × 100`; nil for `new` and `none`.
    public var percent: Double?

    /// A trend from its parts.
    public init(direction: Direction, percent: Double?) {
        self.direction = direction
        self.percent = percent
    }

    /// The change from `previous` to `current`. Changes under 0.5 % either way are `flat`.
    public static func between(current: Double, previous: Double) -> Trend {
        let current = current.isFinite ? current : 0
        let previous = previous.isFinite ? previous : 0
        guard previous > 0 else {
            return Trend(direction: current > 0 ? .new : .none, percent: nil)
        }
        let percent = (current - previous) / previous * 100
        if abs(percent) < 0.5 { return Trend(direction: .flat, percent: percent) }
        return Trend(direction: percent > 0 ? .up : .down, percent: percent)
    }

    /// `"▲"`, `"▼"`, `"–"` (flat), `"new"` or `""` (none).
    public var symbol: String {
        switch direction {
        case .up: "▲"
        case .down: "▼"
        case .flat: "–"
        case .new: "new"
        case .none: ""
        }
    }

    /// `"▲ 12%"`, `"▼ 3%"`, `"– 0%"`, `"new"` or `""`; the percentage is rounded to an integer.
    public var text: String {
        switch direction {
        case .up, .down, .flat: "\(symbol) \(Format.percent(abs(percent ?? 0)))"
        case .new: "new"
        case .none: ""
        }
    }
}

/// A member on the week's leaderboard.
public struct RankedMember: Sendable, Equatable, Codable {
    /// This week's stats.
    public var stats: MemberWeekStats
    /// Last week's stats; zero when the member was absent last week.
    public var previous: MemberWeekStats
    /// Competition ranking: ties share a rank (1, 2, 2, 4).
    public var rank: Int
    /// The trend of the ranking metric.
    public var trend: Trend

    /// A ranked member from its parts.
    public init(stats: MemberWeekStats, previous: MemberWeekStats, rank: Int, trend: Trend) {
        self.stats = stats
        self.previous = previous
        self.rank = rank
        self.trend = trend
    }

    /// The member's id.
    public var memberID: MemberID { stats.memberID }

    /// The week-over-week trend of any metric.
    public func trend(for metric: Metric) -> Trend {
        Trend.between(current: metric.value(stats), previous: metric.value(previous))
    }
}

/// Club totals of the week with trends against the previous week.
public struct ClubSummary: Sendable, Equatable, Codable {
    /// Metres.
    public var distance: Double
    /// Counted activities.
    public var rides: Int
    /// Members with at least one counted activity.
    public var activeMembers: Int
    /// Metres.
    public var elevation: Double
    /// Seconds.
    public var movingTime: Int
    /// Club distance against last week.
    public var distanceTrend: Trend
    /// Ride count against last week.
    public var ridesTrend: Trend
    /// Active members against last week.
    public var activeMembersTrend: Trend
    /// Club elevation against last week.
    public var elevationTrend: Trend

    /// A summary from its parts.
    public init(
        distance: Double, rides: Int, activeMembers: Int, elevation: Double, movingTime: Int, distanceTrend: Trend,
        ridesTrend: Trend, activeMembersTrend: Trend, elevationTrend: Trend
    ) {
        self.distance = distance
        self.rides = rides
        self.activeMembers = activeMembers
        self.elevation = elevation
        self.movingTime = movingTime
        self.distanceTrend = distanceTrend
        self.ridesTrend = ridesTrend
        self.activeMembersTrend = activeMembersTrend
        self.elevationTrend = elevationTrend
    }
}

/// Everything the charts, table and rides list show for one week.
public struct WeekReport: Sendable, Equatable, Codable {
    /// The week reported on.
    public var week: Week
    /// The ranking metric.
    public var metric: Metric
    /// Club totals and trends.
    public var summary: ClubSummary
    /// Members with at least one counted activity this week, by `metric` descending; ties by name, then id.
    public var members: [RankedMember]
    /// Counted activities of the week, newest first.
    public var activities: [Activity]

    /// A report from its parts. Prefer ``WeeklyStats/report(activities:week:counting:metric:names:)``.
    public init(week: Week, metric: Metric, summary: ClubSummary, members: [RankedMember], activities: [Activity]) {
        self.week = week
        self.metric = metric
        self.summary = summary
        self.members = members
        self.activities = activities
    }

    /// The member's stats this week; zero when inactive.
    public func stats(for id: MemberID) -> MemberWeekStats { ranked(id)?.stats ?? .zero(id) }

    /// The member's leaderboard row; nil when inactive this week.
    public func ranked(_ id: MemberID) -> RankedMember? { members.first { $0.stats.memberID == id } }
}

/// Aggregation of activities into weekly stats, rankings and reports.
public enum WeeklyStats {
    /// Whether the activity counts: its sport type is in `sportTypes` (exact, case-sensitive Strava names).
    public static func counts(_ activity: Activity, sportTypes: Set<String>) -> Bool {
        sportTypes.contains(activity.sportType)
    }

    /// The activities that count in the week: in `[start, end)`, of a counted sport type, each once.
    ///
    /// Rows with the same member and external id (a Strava activity synced and also imported) count
    /// once, preferring the Strava API row, whose title is current. Order is kept.
    public static func countedActivities(
        _ activities: [Activity], in week: Week, counting sportTypes: Set<String>
    )
        -> [Activity]
    {
        deduplicated(activities.filter { week.contains($0.startDate) && counts($0, sportTypes: sportTypes) })
    }

    /// Each member's stats for the week, for members with at least one counted activity.
    public static func memberStats(
        _ activities: [Activity], in week: Week, counting sportTypes: Set<String>
    )
        -> [MemberID: MemberWeekStats]
    {
        stats(of: countedActivities(activities, in: week, counting: sportTypes))
    }

    /// Stats per member of already-filtered activities.
    static func stats(of activities: [Activity]) -> [MemberID: MemberWeekStats] {
        var accumulators: [MemberID: MemberWeekStats.Accumulator] = [:]
        for activity in activities {
            accumulators[activity.memberID, default: .init(memberID: activity.memberID)].add(activity)
        }
        return accumulators.mapValues(\.stats)
    }

    /// The week's report. `activities` may span this and the previous week (``Week/previous``), which
    /// gives the trends; other activities are ignored. `names` orders ties (by name, then id).
    public static func report(
        activities: [Activity], week: Week, counting sportTypes: Set<String>, metric: Metric = .distance,
        names: [MemberID: String] = [:]
    ) -> WeekReport {
        let counted = countedActivities(activities, in: week, counting: sportTypes)
        return report(
            current: stats(of: counted), previous: memberStats(activities, in: week.previous, counting: sportTypes),
            counted: counted, week: week, metric: metric, names: names)
    }

    /// The week's report from per-member stats already aggregated (the server's weekly rollups): `current` of the
    /// week, `previous` of the week before (for trends), and the week's counted activities in any order (the rides
    /// list; may be empty when only the ranking is wanted). Equal to
    /// ``report(activities:week:counting:metric:names:)`` when the stats are those of the same activities.
    public static func report(
        current: [MemberID: MemberWeekStats], previous prior: [MemberID: MemberWeekStats], counted: [Activity],
        week: Week, metric: Metric = .distance, names: [MemberID: String] = [:]
    ) -> WeekReport {
        let members = rank(Array(current.values), by: metric, names: names).map { entry in
            let previous = prior[entry.stats.memberID] ?? .zero(entry.stats.memberID)
            return RankedMember(
                stats: entry.stats, previous: previous, rank: entry.rank,
                trend: .between(current: metric.value(entry.stats), previous: metric.value(previous)))
        }

        // Summed in id order so the totals do not depend on dictionary order.
        let now = Totals(current.values.sorted { $0.memberID.rawValue < $1.memberID.rawValue })
        let before = Totals(prior.values.sorted { $0.memberID.rawValue < $1.memberID.rawValue })
        let summary = ClubSummary(
            distance: now.distance, rides: now.rides, activeMembers: now.members, elevation: now.elevation,
            movingTime: now.movingTime,
            distanceTrend: .between(current: now.distance, previous: before.distance),
            ridesTrend: .between(current: Double(now.rides), previous: Double(before.rides)),
            activeMembersTrend: .between(current: Double(now.members), previous: Double(before.members)),
            elevationTrend: .between(current: now.elevation, previous: before.elevation))

        let newestFirst = counted.sorted { a, b in
            if a.startDate != b.startDate { return a.startDate > b.startDate }
            if a.memberID != b.memberID { return a.memberID.rawValue < b.memberID.rawValue }
            return a.externalID < b.externalID
        }
        return WeekReport(week: week, metric: metric, summary: summary, members: members, activities: newestFirst)
    }

    /// Sorts by the metric, highest first, ties by name (case-insensitive, then exact) and then id, and
    /// gives competition ranks: equal values share a rank (1, 2, 2, 4). Values are compared to 0.001
    /// of their unit so that floating-point noise of summation never splits a tie.
    public static func rank(
        _ stats: [MemberWeekStats], by metric: Metric, names: [MemberID: String] = [:]
    )
        -> [(stats: MemberWeekStats, rank: Int)]
    {
        // Names are lower-cased once, not in every comparison (a 5,000-member week sorts ~60,000 times).
        let keyed = stats.map { stats in
            let name = names[stats.memberID] ?? ""
            return (stats: stats, key: rankingKey(metric.value(stats)), name: name, lower: name.lowercased())
        }
        let sorted = keyed.sorted { a, b in
            if a.key != b.key { return a.key > b.key }
            if a.lower != b.lower { return a.lower < b.lower }
            if a.name != b.name { return a.name < b.name }
            return a.stats.memberID.rawValue < b.stats.memberID.rawValue
        }
        var result: [(stats: MemberWeekStats, rank: Int)] = []
        result.reserveCapacity(sorted.count)
        for (index, entry) in sorted.enumerated() {
            let rank = index > 0 && sorted[index - 1].key == entry.key ? result[index - 1].rank : index + 1
            result.append((entry.stats, rank))
        }
        return result
    }

    /// The value quantised to 0.001 of its unit, for tie detection.
    static func rankingKey(_ value: Double) -> Double {
        guard value.isFinite else { return 0 }
        return (value * 1000).rounded() / 1000
    }

    /// Keeps one row per (member, external id), preferring `.strava`; empty ids are never merged.
    /// Identity of an activity across sources: member and external id.
    struct ActivityKey: Hashable {
        var member: MemberID
        var external: String
        init(_ activity: Activity) {
            member = activity.memberID
            external = activity.externalID
        }
    }

    static func deduplicated(_ activities: [Activity]) -> [Activity] {
        typealias Key = ActivityKey
        var index: [Key: Int] = [:]
        index.reserveCapacity(activities.count)
        var result: [Activity] = []
        result.reserveCapacity(activities.count)
        for activity in activities {
            guard !activity.externalID.isEmpty else {
                result.append(activity)
                continue
            }
            let key = Key(activity)
            if let existing = index[key] {
                if result[existing].source != .strava && activity.source == .strava { result[existing] = activity }
            } else {
                index[key] = result.count
                result.append(activity)
            }
        }
        return result
    }

    private struct Totals {
        var distance = 0.0
        var rides = 0
        var members = 0
        var elevation = 0.0
        var movingTime = 0

        init(_ stats: some Sequence<MemberWeekStats>) {
            for s in stats where s.isActive {
                distance += s.distance
                rides = SafeNumbers.add(rides, s.rides)
                members += 1
                elevation += s.elevation
                movingTime = SafeNumbers.add(movingTime, s.movingTime)
            }
        }
    }
}
