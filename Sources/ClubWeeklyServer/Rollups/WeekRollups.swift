import ClubWeekly
import Foundation
import SQLKit
import ServerKit
import Synchronization

/// Per member per club week aggregates of the counted activities (`cw_week_rollups`), which the week report's
/// ranking, trends, insights, personal bests and streaks read instead of raw activities.
///
/// Each row is exactly the ``MemberWeekStats`` that ``WeeklyStats`` computes from the member's counted activities of
/// that week (the same accumulator over the same rows in the same order), so reports built from rollups equal those
/// built from activities to the last bit. Rows are recomputed, never incremented: every write path calls
/// ``refresh(member:instants:scope:on:)`` in its own transaction for the weeks it touched, so incremental maintenance
/// and ``rebuild(club:on:)`` give the same table. Members without a counted activity in a week have no row.
enum WeekRollups {
    /// Bumped when what a rollup holds changes: clubs with an older `rollups_version` are rebuilt at start-up.
    static let currentVersion = 1

    static let migration = Migration(id: "cw-0006-week-rollups") { kind in
        [
            """
            CREATE TABLE cw_week_rollups (
                club_id TEXT NOT NULL REFERENCES cw_clubs(id) ON DELETE CASCADE,
                member_id TEXT NOT NULL REFERENCES cw_members(id) ON DELETE CASCADE,
                week_start BIGINT NOT NULL,
                rides BIGINT NOT NULL,
                distance \(SQLTypes.double(kind)) NOT NULL,
                moving_time BIGINT NOT NULL,
                elevation \(SQLTypes.double(kind)) NOT NULL,
                average_speed \(SQLTypes.double(kind)) NOT NULL,
                longest \(SQLTypes.double(kind)) NOT NULL,
                PRIMARY KEY (member_id, week_start))
            """,
            "CREATE INDEX cw_week_rollups_club_week ON cw_week_rollups (club_id, week_start)",
            // One member's weeks are recomputed from their activities on every write.
            "CREATE INDEX cw_activities_member_time ON cw_activities (member_id, start_at)",
            // Which weeks a write touched, for caches (see ``WeekVersions``).
            """
            CREATE TABLE cw_week_versions (
                club_id TEXT NOT NULL REFERENCES cw_clubs(id) ON DELETE CASCADE,
                week_start BIGINT NOT NULL,
                version BIGINT NOT NULL,
                PRIMARY KEY (club_id, week_start))
            """,
            "ALTER TABLE cw_clubs ADD COLUMN rollups_version INTEGER NOT NULL DEFAULT 0",
            "ALTER TABLE cw_clubs ADD COLUMN write_seq BIGINT NOT NULL DEFAULT 0",
            "ALTER TABLE cw_clubs ADD COLUMN settings_version BIGINT NOT NULL DEFAULT 0",
        ]
    }

    /// What a club's rollups depend on: its id, week calendar and counted sport types.
    struct Scope: Sendable {
        var club: ClubID
        var calendar: WeekCalendar
        var counting: Set<String>

        init(club: Club) {
            self.club = club.id
            calendar = WeekCalendar(club: club)
            counting = club.countedSportTypes
        }
    }

    /// The scope of the club with this id; nil when there is no such club.
    static func scope(club: ClubID, on db: any SQLDatabase) async throws -> Scope? {
        try await db.raw("SELECT * FROM cw_clubs WHERE id = \(bind: club.rawValue)").first()
            .map { Scope(club: try ClubRepository.decode($0).club) }
    }

    /// The scope of the member's club; nil when the member is gone.
    static func scope(memberOf member: MemberID, on db: any SQLDatabase) async throws -> Scope? {
        try await db.raw(
            "SELECT c.* FROM cw_clubs c JOIN cw_members m ON m.club_id = c.id WHERE m.id = \(bind: member.rawValue)"
        ).first().map { Scope(club: try ClubRepository.decode($0).club) }
    }

    /// Recomputes the member's rollups of every week containing one of `instants` (epoch milliseconds: the starts
    /// of activities written, before and after the write) from their stored activities, and marks those weeks
    /// changed. Call it inside the write's transaction, after the write.
    static func refresh(
        member: MemberID, instants: some Collection<Int64>, scope: Scope, on db: any SQLDatabase
    )
        async throws
    {
        guard !instants.isEmpty else { return }
        var byStart: [Int64: Week] = [:]
        for instant in Set(instants) {
            let week = scope.calendar.week(containing: Date(epochMilliseconds: instant))
            byStart[week.start.epochMilliseconds] = week
        }
        let weeks = byStart.values.sorted { $0.start < $1.start }
        guard let first = weeks.first, let last = weeks.last else { return }
        // First, as it locks the club's row until commit: another write of the club's activities waits here, and so
        // reads the activities below only once this one is committed (on PostgreSQL two writes of one member could
        // otherwise each miss the other's activity).
        try await WeekVersions.touch(club: scope.club, weekStarts: byStart.keys, member: member, on: db)
        let rows = try await db.raw(
            """
            SELECT \(unsafeRaw: ActivityRepository.columns) FROM cw_activities
            WHERE member_id = \(bind: member.rawValue) AND start_at >= \(bind: first.start.epochMilliseconds)
              AND start_at < \(bind: last.end.epochMilliseconds)
            ORDER BY start_at, id
            """
        ).all().map(ActivityRepository.decode)
        var index = 0
        for week in weeks {
            while index < rows.count && rows[index].startDate < week.start { index += 1 }
            var inWeek: [Activity] = []
            while index < rows.count && rows[index].startDate < week.end {
                if WeeklyStats.counts(rows[index], sportTypes: scope.counting) { inWeek.append(rows[index]) }
                index += 1
            }
            let stats = MemberWeekStats(member, activities: inWeek)
            if stats.isActive {
                try await upsert(stats, club: scope.club, weekStart: week.start.epochMilliseconds, on: db)
            } else {
                try await db.raw(
                    """
                    DELETE FROM cw_week_rollups
                    WHERE member_id = \(bind: member.rawValue) AND week_start = \(bind: week.start.epochMilliseconds)
                    """
                ).run()
            }
        }
    }

    private static func upsert(
        _ s: MemberWeekStats, club: ClubID, weekStart: Int64, on db: any SQLDatabase
    )
        async throws
    {
        try await db.raw(
            """
            INSERT INTO cw_week_rollups (club_id, member_id, week_start, rides, distance, moving_time, elevation,
                average_speed, longest)
            VALUES (\(bind: club.rawValue), \(bind: s.memberID.rawValue), \(bind: weekStart), \(bind: Int64(s.rides)),
                \(bind: s.distance), \(bind: Int64(s.movingTime)), \(bind: s.elevation), \(bind: s.averageSpeed),
                \(bind: s.longestRide))
            ON CONFLICT (member_id, week_start) DO UPDATE SET rides = excluded.rides, distance = excluded.distance,
                moving_time = excluded.moving_time, elevation = excluded.elevation,
                average_speed = excluded.average_speed, longest = excluded.longest
            """
        ).run()
    }

    /// Replaces every rollup of the club with ones computed from its activities (one streamed query, ordered by
    /// member and time, so only one member-week of activities is held at once) and marks the club's rollups current.
    /// Returns the rows written.
    @discardableResult
    static func rebuild(club: ClubID, on db: any SQLDatabase) async throws -> Int {
        guard let scope = try await scope(club: club, on: db) else { return 0 }
        try await WeekVersions.lock(club: club, on: db)
        try await db.raw("DELETE FROM cw_week_rollups WHERE club_id = \(bind: club.rawValue)").run()
        let collector = RebuildCollector(scope: scope)
        try await db.raw(
            """
            SELECT \(unsafeRaw: ActivityRepository.columns) FROM cw_activities WHERE club_id = \(bind: club.rawValue)
            ORDER BY member_id, start_at, id
            """
        ).run { row in collector.add(row) }
        let rows = try collector.finish()
        try await insert(rows, club: club, on: db)
        try await markCurrent(club: club, on: db)
        return rows.count
    }

    /// Recomputes every rollup of one member from their activities in one short transaction, after taking the club's
    /// row lock (``WeekVersions/lock(club:on:)``) so that no write of the club runs meanwhile.
    /// A step of ``rebuildInSteps(club:database:stopping:)``.
    static func rebuild(member: MemberID, scope: Scope, on db: any SQLDatabase) async throws {
        try await WeekVersions.lock(club: scope.club, on: db)
        let old = try await db.raw(
            "SELECT week_start FROM cw_week_rollups WHERE member_id = \(bind: member.rawValue)"
        ).all().map { try $0.decode(column: "week_start", as: Int64.self) }
        let rows = try await db.raw(
            """
            SELECT \(unsafeRaw: ActivityRepository.columns) FROM cw_activities WHERE member_id = \(bind: member.rawValue)
            ORDER BY start_at, id
            """
        ).all()
        let collector = RebuildCollector(scope: scope)
        for row in rows { collector.add(row) }
        let fresh = try collector.finish()
        try await WeekVersions.touch(club: scope.club, weekStarts: Set(old + fresh.map(\.0)), member: member, on: db)
        try await db.raw("DELETE FROM cw_week_rollups WHERE member_id = \(bind: member.rawValue)").run()
        try await insert(fresh, club: scope.club, on: db)
    }

    /// Rebuilds a club's rollups a member at a time, each in its own short transaction, while the server serves: the
    /// club is marked stale first (reads compute from activities meanwhile, see ``WeekSnapshots``), and current
    /// again at the end unless its time zone, week start or counted sport types changed meanwhile (then the job that
    /// change queued rebuilds it again). Returns the members rebuilt, or nil if `stopping` said to stop between two
    /// members (the server is shutting down): the club stays stale, correct, and the rebuild must run again.
    @discardableResult
    static func rebuildInSteps(
        club: ClubID, database: Database, stopping: @Sendable () -> Bool = { false }
    ) async throws -> Int? {
        guard let scope = try await database.run({ db in try await scope(club: club, on: db) }) else { return 0 }
        // Claimed as the shutdown began: the club is left as it is.
        if stopping() { return nil }
        try await database.run { db in try await markStale(club: club, on: db) }
        let members = try await database.run { db in
            try await db.raw("SELECT id FROM cw_members WHERE club_id = \(bind: club.rawValue) ORDER BY id").all()
                .map { MemberID(try $0.decode(column: "id", as: String.self)) }
        }
        for member in members {
            if stopping() { return nil }
            try await database.transaction { db in try await rebuild(member: member, scope: scope, on: db) }
        }
        try await database.transaction { db in
            guard let now = try await self.scope(club: club, on: db), now.counting == scope.counting,
                now.calendar.timeZone == scope.calendar.timeZone, now.calendar.weekStart == scope.calendar.weekStart
            else { return }
            try await markCurrent(club: club, on: db)
        }
        return members.count
    }

    /// Marks the club's rollups current (and every cached week changed: they are read again from the rollups).
    static func markCurrent(club: ClubID, on db: any SQLDatabase) async throws {
        try await db.raw(
            """
            UPDATE cw_clubs SET rollups_version = \(bind: currentVersion), data_version = data_version + 1,
                settings_version = settings_version + 1
            WHERE id = \(bind: club.rawValue)
            """
        ).run()
    }

    /// Marks the club's rollups stale: reads compute from activities until they are rebuilt.
    static func markStale(club: ClubID, on db: any SQLDatabase) async throws {
        try await db.raw(
            """
            UPDATE cw_clubs SET rollups_version = 0, data_version = data_version + 1,
                settings_version = settings_version + 1
            WHERE id = \(bind: club.rawValue)
            """
        ).run()
    }

    /// Rollup rows per INSERT: 9 values a row, and SQLite binds at most 32,766 per statement (PostgreSQL 65,535).
    static let rowsPerInsert = 3_000

    /// Inserts rollup rows in statements of a bounded number of values.
    private static func insert(_ rows: [(Int64, MemberWeekStats)], club: ClubID, on db: any SQLDatabase) async throws {
        for start in stride(from: 0, to: rows.count, by: rowsPerInsert) {
            let values = rows[start..<min(rows.count, start + rowsPerInsert)].map { weekStart, s -> SQLQueryString in
                """
                (\(bind: club.rawValue), \(bind: s.memberID.rawValue), \(bind: weekStart), \(bind: Int64(s.rides)),
                \(bind: s.distance), \(bind: Int64(s.movingTime)), \(bind: s.elevation), \(bind: s.averageSpeed),
                \(bind: s.longestRide))
                """
            }
            let query: SQLQueryString = """
                INSERT INTO cw_week_rollups (club_id, member_id, week_start, rides, distance, moving_time, elevation,
                    average_speed, longest) VALUES \(values.joined(separator: ", "))
                """
            try await db.raw(query).run()
        }
    }

    /// Clubs whose rollups are missing or older than ``currentVersion`` (a fresh migration, rows written around the
    /// server as `scripts/club-synth.py` does).
    static func staleClubs(on db: any SQLDatabase) async throws -> [ClubID] {
        try await db.raw("SELECT id FROM cw_clubs WHERE rollups_version < \(bind: currentVersion) ORDER BY id").all()
            .map { ClubID(try $0.decode(column: "id", as: String.self)) }
    }

    // MARK: Reads

    /// Every member's stats of the week starting at `weekStart`, or those of `members` when given (members without a
    /// counted activity are absent).
    static func stats(
        club: ClubID, weekStart: Date, members: Set<MemberID>? = nil, on db: any SQLDatabase
    ) async throws -> [MemberID: MemberWeekStats] {
        if let members, members.isEmpty { return [:] }
        let only: SQLQueryString =
            members.map { "AND member_id IN (\(binds: $0.map(\.rawValue)))" } ?? ""
        let rows = try await db.raw(
            """
            SELECT member_id, rides, distance, moving_time, elevation, average_speed, longest FROM cw_week_rollups
            WHERE club_id = \(bind: club.rawValue) AND week_start = \(bind: weekStart.epochMilliseconds) \(only)
            """
        ).all()
        var result: [MemberID: MemberWeekStats] = [:]
        result.reserveCapacity(rows.count)
        for row in rows {
            let stats = try decode(row)
            result[stats.memberID] = stats
        }
        return result
    }

    /// The members' stats over `weeks` (oldest first), zero-filled: one value per week for each member.
    static func series(
        members: [MemberID], weeks: [Week], on db: any SQLDatabase
    ) async throws
        -> [MemberID: [MemberWeekStats]]
    {
        guard let first = weeks.first, let last = weeks.last, !members.isEmpty else { return [:] }
        let position = Dictionary(
            weeks.enumerated().map { ($0.element.start.epochMilliseconds, $0.offset) }, uniquingKeysWith: { a, _ in a })
        var result: [MemberID: [MemberWeekStats]] = [:]
        for member in Set(members) { result[member] = weeks.map { _ in MemberWeekStats.zero(member) } }
        let rows = try await db.raw(
            """
            SELECT member_id, week_start, rides, distance, moving_time, elevation, average_speed, longest
            FROM cw_week_rollups WHERE member_id IN (\(binds: Array(Set(members.map(\.rawValue)))))
              AND week_start >= \(bind: first.start.epochMilliseconds) AND week_start <= \(bind: last.start.epochMilliseconds)
            """
        ).all()
        for row in rows {
            guard let index = position[try row.decode(column: "week_start", as: Int64.self)] else { continue }
            let stats = try decode(row)
            result[stats.memberID]?[index] = stats
        }
        return result
    }

    /// Every member's stats over `weeks` (oldest first), zero-filled, for members active in at least one of them.
    static func series(
        club: ClubID, weeks: [Week], on db: any SQLDatabase
    ) async throws
        -> [MemberID: [MemberWeekStats]]
    {
        guard let first = weeks.first, let last = weeks.last else { return [:] }
        let position = Dictionary(
            weeks.enumerated().map { ($0.element.start.epochMilliseconds, $0.offset) }, uniquingKeysWith: { a, _ in a })
        let rows = try await db.raw(
            """
            SELECT member_id, week_start, rides, distance, moving_time, elevation, average_speed, longest
            FROM cw_week_rollups WHERE club_id = \(bind: club.rawValue)
              AND week_start >= \(bind: first.start.epochMilliseconds) AND week_start <= \(bind: last.start.epochMilliseconds)
            """
        ).all()
        var result: [MemberID: [MemberWeekStats]] = [:]
        for row in rows {
            guard let index = position[try row.decode(column: "week_start", as: Int64.self)] else { continue }
            let stats = try decode(row)
            result[stats.memberID, default: weeks.map { _ in .zero(stats.memberID) }][index] = stats
        }
        return result
    }

    /// Every rollup row of a club as (member, week start, stats), ordered: what tests compare.
    static func all(club: ClubID, on db: any SQLDatabase) async throws -> [RollupRow] {
        try await db.raw(
            """
            SELECT member_id, week_start, rides, distance, moving_time, elevation, average_speed, longest
            FROM cw_week_rollups WHERE club_id = \(bind: club.rawValue) ORDER BY member_id, week_start
            """
        ).all().map { RollupRow(weekStart: try $0.decode(column: "week_start", as: Int64.self), stats: try decode($0)) }
    }

    static func decode(_ row: any SQLRow) throws -> MemberWeekStats {
        MemberWeekStats(
            memberID: MemberID(try row.decode(column: "member_id", as: String.self)),
            distance: try row.decode(column: "distance", as: Double.self),
            rides: Int(try row.decode(column: "rides", as: Int64.self)),
            movingTime: Int(try row.decode(column: "moving_time", as: Int64.self)),
            elevation: try row.decode(column: "elevation", as: Double.self),
            averageSpeed: try row.decode(column: "average_speed", as: Double.self),
            longestRide: try row.decode(column: "longest", as: Double.self))
    }
}

/// Folds a club's activities, streamed in (member, start, id) order, into rollup rows: the rows of a
/// ``WeekRollups/rebuild(club:on:)``. Rows arrive on the database's thread; the lock only orders them.
final class RebuildCollector: Sendable {
    private struct State {
        var member: MemberID?
        var week: Week?
        var inWeek: [Activity] = []
        var rows: [(Int64, MemberWeekStats)] = []
        var error: (any Error)?

        mutating func close() {
            if let member, let week, !inWeek.isEmpty {
                rows.append((week.start.epochMilliseconds, MemberWeekStats(member, activities: inWeek)))
            }
            inWeek.removeAll(keepingCapacity: true)
        }
    }

    private let scope: WeekRollups.Scope
    private let state = Mutex(State())

    init(scope: WeekRollups.Scope) { self.scope = scope }

    func add(_ row: any SQLRow) {
        state.withLock { state in
            guard state.error == nil else { return }
            do {
                let activity = try ActivityRepository.decode(row)
                guard WeeklyStats.counts(activity, sportTypes: scope.counting) else { return }
                if activity.memberID != state.member || !(state.week?.contains(activity.startDate) ?? false) {
                    state.close()
                    state.member = activity.memberID
                    state.week = scope.calendar.week(containing: activity.startDate)
                }
                state.inWeek.append(activity)
            } catch {
                state.error = error
            }
        }
    }

    /// The rows, or the first decoding error.
    func finish() throws -> [(Int64, MemberWeekStats)] {
        try state.withLock { state in
            if let error = state.error { throw error }
            state.close()
            return state.rows
        }
    }
}

/// One stored rollup.
struct RollupRow: Sendable, Equatable {
    var weekStart: Int64
    var stats: MemberWeekStats
}

/// Which club weeks a write changed (`cw_week_versions`), so caches of a week drop only when something it shows
/// changed. Each write takes the club's next `write_seq` and stores it as the version of every week it touched; a
/// week's answers depend on the weeks from 12 before it (insights' history, trends) to itself, so their key is the
/// highest version in that window with the club's `settings_version` (members, names, settings): see
/// ``WeekService/version(club:week:)``.
enum WeekVersions {
    /// Weeks before a week whose changes can change its answers: insights read ``WeekService/defaultHistoryWeeks``
    /// weeks ending with it, and the first of those compares with the week before.
    static let window = WeekService.defaultHistoryWeeks

    /// Which members' weeks changed, and in which write (`cw_member_week_versions`): what ``WeekSnapshots`` re-reads
    /// after a write instead of the whole week.
    static let memberMigration = Migration(id: "cw-0007-member-week-versions") { _ in
        [
            """
            CREATE TABLE cw_member_week_versions (
                club_id TEXT NOT NULL REFERENCES cw_clubs(id) ON DELETE CASCADE,
                member_id TEXT NOT NULL,
                week_start BIGINT NOT NULL,
                version BIGINT NOT NULL,
                PRIMARY KEY (member_id, week_start))
            """,
            "CREATE INDEX cw_member_week_versions_club ON cw_member_week_versions (club_id, week_start, version)",
        ]
    }

    /// Takes the club's row lock until the transaction ends: writes of the club's activities wait (see
    /// ``touch(club:weekStarts:member:on:)``).
    static func lock(club: ClubID, on db: any SQLDatabase) async throws {
        try await db.raw("UPDATE cw_clubs SET write_seq = write_seq WHERE id = \(bind: club.rawValue)").run()
    }

    /// Marks the weeks starting at `weekStarts` changed by a write of `member`'s activities (or of the member): takes
    /// the club's next `write_seq` and stores it as those weeks' version and as the version of the member's weeks.
    /// Call it inside the write's transaction. Writers of one club take their versions in commit order (the update
    /// of the club's row holds its lock until commit), so a reader that sees version v sees every change up to v.
    static func touch(
        club: ClubID, weekStarts: some Collection<Int64>, member: MemberID, on db: any SQLDatabase
    ) async throws {
        guard !weekStarts.isEmpty else { return }
        try await db.raw(
            """
            UPDATE cw_clubs SET write_seq = write_seq + 1, data_version = data_version + 1
            WHERE id = \(bind: club.rawValue)
            """
        ).run()
        guard
            let seq = try await db.raw("SELECT write_seq FROM cw_clubs WHERE id = \(bind: club.rawValue)").first()?
                .decode(column: "write_seq", as: Int64.self)
        else { return }
        for start in Set(weekStarts) {
            try await db.raw(
                """
                INSERT INTO cw_week_versions (club_id, week_start, version)
                VALUES (\(bind: club.rawValue), \(bind: start), \(bind: seq))
                ON CONFLICT (club_id, week_start) DO UPDATE SET version = excluded.version
                """
            ).run()
            try await db.raw(
                """
                INSERT INTO cw_member_week_versions (club_id, member_id, week_start, version)
                VALUES (\(bind: club.rawValue), \(bind: member.rawValue), \(bind: start), \(bind: seq))
                ON CONFLICT (member_id, week_start) DO UPDATE SET version = excluded.version
                """
            ).run()
        }
    }

    /// What a ``WeekSnapshot`` of a week is current to: the club's settings version, the highest version of the weeks
    /// starting at `weekStarts` (the week and the week before, for trends), and whether its rollups are current.
    struct Stamp: Sendable, Equatable {
        var settings: Int64
        var highest: Int64
        var rollupsCurrent: Bool
    }

    /// The club's ``Stamp`` for the weeks starting at `weekStarts`; nil when there is no such club.
    static func stamp(club: ClubID, weekStarts: [Int64], on db: any SQLDatabase) async throws -> Stamp? {
        let query: SQLQueryString = """
            SELECT c.settings_version AS s, c.rollups_version AS r, (SELECT MAX(v.version) FROM cw_week_versions v
                WHERE v.club_id = c.id AND v.week_start IN (\(binds: weekStarts))) AS w
            FROM cw_clubs c WHERE c.id = \(bind: club.rawValue)
            """
        guard let row = try await db.raw(query).first() else { return nil }
        return Stamp(
            settings: try row.decode(column: "s", as: Int64.self),
            highest: try row.decode(column: "w", as: Int64?.self) ?? 0,
            rollupsCurrent: try row.decode(column: "r", as: Int.self) >= WeekRollups.currentVersion)
    }

    /// The members whose weeks starting at `weekStarts` changed in a write after version `after`, with the week.
    static func changes(
        club: ClubID, weekStarts: [Int64], after: Int64, on db: any SQLDatabase
    ) async throws -> [(member: MemberID, weekStart: Int64)] {
        let query: SQLQueryString = """
            SELECT member_id, week_start FROM cw_member_week_versions
            WHERE club_id = \(bind: club.rawValue) AND week_start IN (\(binds: weekStarts)) AND version > \(bind: after)
            """
        return try await db.raw(query).all().map {
            (
                MemberID(try $0.decode(column: "member_id", as: String.self)),
                try $0.decode(column: "week_start", as: Int64.self)
            )
        }
    }

    /// The club's settings version and the highest version of `week` and the ``window`` weeks before it, as
    /// `"settings.highest"`: ``WeekService/version(club:week:)`` in one query.
    static func key(club: ClubID, week: Week, on db: any SQLDatabase) async throws -> String {
        let row = try await db.raw(
            """
            SELECT c.settings_version AS s, (SELECT MAX(v.version) FROM cw_week_versions v
                WHERE v.club_id = c.id AND v.week_start >= \(bind: week.shifted(by: -window).start.epochMilliseconds)
                  AND v.week_start <= \(bind: week.start.epochMilliseconds)) AS w
            FROM cw_clubs c WHERE c.id = \(bind: club.rawValue)
            """
        ).first()
        let settings = try row?.decode(column: "s", as: Int64.self) ?? 0
        let highest = try row?.decode(column: "w", as: Int64?.self) ?? 0
        return "\(settings).\(highest)"
    }

    /// The highest version of the weeks starting in `[from, through]`; 0 when none was written.
    static func highest(club: ClubID, from: Date, through: Date, on db: any SQLDatabase) async throws -> Int64 {
        try await db.raw(
            """
            SELECT MAX(version) AS v FROM cw_week_versions WHERE club_id = \(bind: club.rawValue)
              AND week_start >= \(bind: from.epochMilliseconds) AND week_start <= \(bind: through.epochMilliseconds)
            """
        ).first()?.decode(column: "v", as: Int64?.self) ?? 0
    }
}
