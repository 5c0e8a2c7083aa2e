import ClubWeekly
import Foundation
import SQLKit
import ServerKit

/// One club week as its views read it: the club's members, every stored activity of the week (when a view asked for
/// them), and every member's stats of the week and of the week before (from ``WeekRollups``), current to a
/// ``WeekVersions`` stamp.
struct WeekSnapshot: Sendable, Equatable {
    var week: Week
    /// The club's `settings_version` it was read at: members, names and settings.
    var settingsVersion: Int64
    /// The highest version of the week and of the week before that it includes.
    var stamp: Int64
    var members: [Member]
    /// Every stored activity of the week, in ``isOrdered(_:_:)`` order; nil when no reader asked for them (the
    /// charts and the table need the stats only, and a 5,000-member week's 9,000 rides are most of its read).
    var activities: [Activity]?
    /// Every member's stats of the week (members without a counted activity are absent).
    var current: [MemberID: MemberWeekStats]
    /// Every member's stats of the week before.
    var previous: [MemberID: MemberWeekStats]
    /// False while the club's rollups are being rebuilt: the stats were computed from activities (and so must be
    /// any history read with them, see ``WeekService``).
    var rollupsCurrent = true

    /// The order of ``activities``: by start, then member, then external id (a member's external ids are unique).
    static func isOrdered(_ a: Activity, _ b: Activity) -> Bool {
        if a.startDate != b.startDate { return a.startDate < b.startDate }
        if a.memberID != b.memberID { return a.memberID.rawValue < b.memberID.rawValue }
        return a.externalID < b.externalID
    }

    /// Replaces the activities of `changed` members with `rows` (theirs, read again), keeping the order.
    mutating func replaceActivities(of changed: Set<MemberID>, with rows: [Activity]) {
        guard var activities else { return }
        defer { self.activities = activities }
        activities.removeAll { changed.contains($0.memberID) }
        for row in rows.sorted(by: Self.isOrdered) {
            var low = 0
            var high = activities.count
            while low < high {
                let middle = (low + high) / 2
                if Self.isOrdered(activities[middle], row) { low = middle + 1 } else { high = middle }
            }
            activities.insert(row, at: low)
        }
    }
}

/// Club weeks kept in memory and brought up to date from the member-week change log (``WeekVersions``): after a
/// write, a week re-reads the activities and stats of the members the write touched, not the whole club's week (a
/// 5,000-member club's week holds about 9,000 activities). A change of the club's settings or members, or more than
/// ``maximumChanges`` changed members, reads the week again whole.
///
/// Every read first takes the week's stamp, so an answer includes every write committed before the call; concurrent
/// readers of one week share a read that includes what they need. Entries stay exact while stored, so instances of
/// a cluster each keep their own.
actor WeekSnapshots {
    /// Changed members above which the week is read again whole.
    static let maximumChanges = 200

    /// Weeks kept (about 3 MB each at 5,000 members); the least recently used goes first.
    let capacity: Int
    private var entries: [String: (snapshot: WeekSnapshot, used: UInt64)] = [:]
    private var running: [String: Flight] = [:]
    private var clock: UInt64 = 0
    /// Reads of a whole week and of changed members only (for tests and metrics).
    private(set) var wholeReads = 0
    private(set) var partialReads = 0

    private struct Flight {
        var settings: Int64
        var stamp: Int64
        var activities: Bool
        var task: Task<(WeekSnapshot, partial: Bool), any Error>
    }

    init(capacity: Int = 12) { self.capacity = capacity }

    /// The week of `club`, including every write committed before the call; with its activities when `activities`
    /// (a week kept without them reads them once a reader asks; one kept with them keeps them up to date).
    func snapshot(
        club: ClubID, week: Week, members: MemberRepository, database: Database, activities: Bool = true
    ) async throws -> WeekSnapshot {
        let key = "\(club.rawValue)|\(week.start.epochMilliseconds)"
        let starts = [week.previous.start.epochMilliseconds, week.start.epochMilliseconds]
        guard
            let stamp = try await database.run({ db in
                try await WeekVersions.stamp(club: club, weekStarts: starts, on: db)
            })
        else { throw APIError.notFound("No such club.", code: "unknown_club") }
        guard stamp.rollupsCurrent else {
            // Rollups are being rebuilt: computed from activities, and not kept.
            return try await Self.readFromActivities(
                club: club, week: week, stamp: stamp, members: members, database: database)
        }
        let (settings, highest) = (stamp.settings, stamp.highest)
        clock += 1
        if let entry = entries[key], entry.snapshot.settingsVersion == settings, entry.snapshot.stamp >= highest,
            !activities || entry.snapshot.activities != nil
        {
            entries[key]?.used = clock
            return entry.snapshot
        }
        if let flight = running[key], flight.settings == settings, flight.stamp >= highest,
            !activities || flight.activities
        {
            return try await flight.task.value.0
        }
        // A kept week without the activities a reader now needs is read again whole, with them.
        let base = entries[key].map(\.snapshot).flatMap {
            $0.settingsVersion == settings && (!activities || $0.activities != nil) ? $0 : nil
        }
        let withActivities = activities || base?.activities != nil
        let task = Task {
            try await Self.read(
                club: club, week: week, settings: settings, stamp: highest, base: base, activities: withActivities,
                members: members, database: database)
        }
        running[key] = Flight(settings: settings, stamp: highest, activities: withActivities, task: task)
        let result = await task.result
        if running[key]?.task == task { running[key] = nil }
        let (snapshot, partial) = try result.get()
        if partial { partialReads += 1 } else { wholeReads += 1 }
        store(snapshot, key: key)
        return snapshot
    }

    /// How current a kept week is: by settings, then stamp, then whether it holds the activities.
    private static func freshness(_ snapshot: WeekSnapshot) -> (Int64, Int64, Int) {
        (snapshot.settingsVersion, snapshot.stamp, snapshot.activities == nil ? 0 : 1)
    }

    private func store(_ snapshot: WeekSnapshot, key: String) {
        if let old = entries[key]?.snapshot, Self.freshness(old) > Self.freshness(snapshot) { return }
        if entries[key] == nil && entries.count >= capacity,
            let oldest = entries.min(by: { $0.value.used < $1.value.used })?.key
        {
            entries[oldest] = nil
        }
        clock += 1
        entries[key] = (snapshot, clock)
    }

    /// Reads the week at `settings`/`stamp`: from `base` plus the members changed since it when it is given and
    /// few changed, whole otherwise; with the week's activities when `activities` (a `base` then has them).
    private static func read(
        club: ClubID, week: Week, settings: Int64, stamp: Int64, base: WeekSnapshot?, activities: Bool,
        members: MemberRepository, database: Database
    ) async throws -> (WeekSnapshot, partial: Bool) {
        let thisWeek = week.start.epochMilliseconds
        let lastWeek = week.previous.start.epochMilliseconds
        if let base {
            let changes = try await database.run { db in
                try await WeekVersions.changes(club: club, weekStarts: [lastWeek, thisWeek], after: base.stamp, on: db)
            }
            if changes.count <= maximumChanges {
                let changedNow = Set(changes.filter { $0.weekStart == thisWeek }.map(\.member))
                let changedBefore = Set(changes.filter { $0.weekStart == lastWeek }.map(\.member))
                let (rows, current, previous) = try await database.run { db in
                    (
                        activities
                            ? try await ActivityRepository.activities(
                                club: club, members: changedNow, from: week.start, to: week.end, on: db) : [],
                        try await WeekRollups.stats(club: club, weekStart: week.start, members: changedNow, on: db),
                        try await WeekRollups.stats(
                            club: club, weekStart: week.previous.start, members: changedBefore, on: db)
                    )
                }
                var snapshot = base
                snapshot.stamp = stamp
                snapshot.replaceActivities(of: changedNow, with: rows)
                for member in changedNow { snapshot.current[member] = current[member] }
                for member in changedBefore { snapshot.previous[member] = previous[member] }
                return (snapshot, true)
            }
        }
        let list = try await members.members(of: club)
        let (rows, current, previous) = try await database.run { db in
            (
                activities
                    ? try await ActivityRepository.activities(
                        club: club, members: nil, from: week.start, to: week.end, on: db) : nil,
                try await WeekRollups.stats(club: club, weekStart: week.start, on: db),
                try await WeekRollups.stats(club: club, weekStart: week.previous.start, on: db)
            )
        }
        return (
            WeekSnapshot(
                week: week, settingsVersion: settings, stamp: stamp, members: list,
                activities: rows?.sorted(by: WeekSnapshot.isOrdered), current: current, previous: previous),
            false
        )
    }

    /// The week with its stats computed from the activities of the week and of the week before (while the club's
    /// rollups are rebuilt).
    private static func readFromActivities(
        club: ClubID, week: Week, stamp: WeekVersions.Stamp, members: MemberRepository, database: Database
    ) async throws -> WeekSnapshot {
        let list = try await members.members(of: club)
        let (rows, scope) = try await database.run { db in
            (
                try await ActivityRepository.activities(
                    club: club, members: nil, from: week.previous.start, to: week.end, on: db),
                try await WeekRollups.scope(club: club, on: db)
            )
        }
        let counting = scope?.counting ?? []
        // The rows come in the order the rollups add them, so the sums equal theirs to the last digit.
        return WeekSnapshot(
            week: week, settingsVersion: stamp.settings, stamp: stamp.highest, members: list,
            activities: rows.filter { week.contains($0.startDate) }.sorted(by: WeekSnapshot.isOrdered),
            current: WeeklyStats.memberStats(rows, in: week, counting: counting),
            previous: WeeklyStats.memberStats(rows, in: week.previous, counting: counting), rollupsCurrent: false)
    }
}
