import Foundation

/// Weekly stats of every member over a run of weeks, oldest week first: the input of personal bests,
/// streaks and "your usual week" comparisons.
public struct MemberHistory: Sendable, Equatable {
    /// The weeks, oldest first, as given.
    public private(set) var weeks: [Week]
    private var table: [MemberID: [MemberWeekStats]]

    /// Buckets the counted activities into `weeks` (oldest first); activities outside every week are ignored.
    public init(activities: [Activity], weeks: [Week], counting sportTypes: Set<String>) {
        self.weeks = weeks
        let starts = weeks.map(\.start)
        let ordered = zip(weeks, weeks.dropFirst()).allSatisfy { $0.end <= $1.start }
        // Duplicates (one activity both synced and imported) can only occur across sources, so a single-source
        // list (the common case) skips the hashing of every (member, external id).
        let mixed = activities.first.map { first in activities.contains { $0.source != first.source } } ?? false
        func accumulate(_ activities: [Activity], checkDuplicates: Bool) -> [MemberID: [MemberWeekStats]]? {
            var accumulators: [MemberID: [MemberWeekStats.Accumulator]] = [:]
            var seen = Set<WeeklyStats.ActivityKey>(minimumCapacity: checkDuplicates ? activities.count : 0)
            for activity in activities where WeeklyStats.counts(activity, sportTypes: sportTypes) {
                guard let index = Self.weekIndex(of: activity.startDate, weeks: weeks, starts: starts, ordered: ordered)
                else { continue }
                // A repeated (member, external id) needs the slower de-duplicating pass.
                if checkDuplicates, !activity.externalID.isEmpty,
                    !seen.insert(WeeklyStats.ActivityKey(activity)).inserted
                {
                    return nil
                }
                let id = activity.memberID
                accumulators[id, default: Array(repeating: .init(memberID: id), count: weeks.count)][index].add(
                    activity)
            }
            return accumulators.mapValues { $0.map(\.stats) }
        }
        self.table =
            accumulate(activities, checkDuplicates: mixed)
            ?? accumulate(
                WeeklyStats.deduplicated(activities.filter { WeeklyStats.counts($0, sportTypes: sportTypes) }),
                checkDuplicates: false)
            ?? [:]
    }

    /// A history from per-member series already aggregated (the server's weekly rollups): one stats value per week
    /// of `weeks` (oldest first) for each member in `series`; members absent are zero-filled.
    public init(weeks: [Week], series: [MemberID: [MemberWeekStats]]) {
        self.weeks = weeks
        self.table = series.filter { $0.value.count == weeks.count && $0.value.contains(where: \.isActive) }
    }

    /// The index of the week containing `date`: a binary search when the weeks are in order (the usual case),
    /// a scan otherwise.
    private static func weekIndex(of date: Date, weeks: [Week], starts: [Date], ordered: Bool) -> Int? {
        guard ordered else { return weeks.firstIndex { $0.contains(date) } }
        var low = 0
        var high = starts.count
        while low < high {
            let mid = (low + high) / 2
            if starts[mid] <= date { low = mid + 1 } else { high = mid }
        }
        let index = low - 1
        return index >= 0 && weeks[index].contains(date) ? index : nil
    }

    /// Members with at least one counted activity in any of the weeks, by id.
    public var memberIDs: [MemberID] { table.keys.sorted { $0.rawValue < $1.rawValue } }

    /// The index of the week in ``weeks``, if present.
    public func index(of week: Week) -> Int? { weeks.firstIndex(of: week) }

    /// The member's stats, one per week (oldest first), zero-filled.
    public func series(_ id: MemberID) -> [MemberWeekStats] {
        table[id] ?? weeks.map { _ in .zero(id) }
    }

    /// Whether the week at `weekIndex` is the member's highest for `metric` over the longest run of
    /// weeks ending there: it must be strictly higher than every earlier week of the run, and the run
    /// (including the week itself) must cover at least 3 weeks. The run stops at the first earlier
    /// week that was as high or at the start of the history. Returns nil otherwise, or when the value is 0.
    public func personalBest(_ id: MemberID, metric: Metric, at weekIndex: Int) -> PersonalBest? {
        let series = series(id)
        guard series.indices.contains(weekIndex) else { return nil }
        let value = metric.value(series[weekIndex])
        let key = WeeklyStats.rankingKey(value)
        guard key > 0 else { return nil }
        var first = weekIndex
        while first > 0 && WeeklyStats.rankingKey(metric.value(series[first - 1])) < key { first -= 1 }
        let weeks = weekIndex - first + 1
        guard weeks >= 3 else { return nil }
        return PersonalBest(metric: metric, value: value, weeks: weeks, text: PersonalBest.text(metric, weeks: weeks))
    }

    /// Consecutive active weeks ending at `weekIndex`. When `weekIndex` is the last week (the current,
    /// unfinished one) and the member has not ridden yet, the streak that ended last week still counts.
    public func streak(_ id: MemberID, endingAt weekIndex: Int) -> Int {
        let series = series(id)
        guard series.indices.contains(weekIndex) else { return 0 }
        var index = weekIndex
        if !series[index].isActive {
            guard index == series.count - 1 else { return 0 }
            index -= 1
        }
        var count = 0
        while index >= 0 && series[index].isActive {
            count += 1
            index -= 1
        }
        return count
    }
}

/// A week that is the member's best for a metric over several weeks.
public struct PersonalBest: Sendable, Equatable, Codable {
    /// The metric of the best.
    public var metric: Metric
    /// The week's value (SI units, see ``Metric/value(_:)``).
    public var value: Double
    /// How many weeks, including this one, it beats: "highest weekly distance in 8 weeks".
    public var weeks: Int
    /// `"Your highest weekly distance in 8 weeks"`.
    public var text: String

    /// A personal best from its parts.
    public init(metric: Metric, value: Double, weeks: Int, text: String) {
        self.metric = metric
        self.value = value
        self.weeks = weeks
        self.text = text
    }

    static func text(_ metric: Metric, weeks: Int) -> String {
        let what =
            switch metric {
            case .distance: "highest weekly distance"
            case .rides: "most rides in a week"
            case .speed: "fastest weekly average speed"
            case .elevation: "most climbing in a week"
            case .movingTime: "most time in the saddle in a week"
            case .longestRide: "longest ride"
            }
        return "Your \(what) in \(weeks) weeks"
    }
}
