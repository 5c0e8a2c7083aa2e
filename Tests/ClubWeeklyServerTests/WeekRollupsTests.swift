import ClubWeekly
import ClubhouseBasics
import Foundation
import Logging
import SQLKit
import ServerKit
import Synchronization
import TestSupport
import Testing

@testable import ClubWeeklyServer

/// The weekly rollups (issue 17): maintained on every write path in the write's transaction, equal to a rebuild from
/// activities, and equal to what the week report and insights compute from raw activities.
@Suite("Club Weekly weekly rollups")
struct WeekRollupsTests {
    struct Stores {
        let database: Database
        let clubs: ClubRepository
        let members: MemberRepository
        let activities: ActivityRepository
        let imports: ImportService
        let club: Club
        let riders: [Member]

        static func make(_ kind: DatabaseKind, now: Date) async throws -> Stores {
            let database = try await TestDatabases.make(kind)
            try await Migrator(ClubWeeklyApp.migrations).migrate(database)
            let cipher = try TokenCipher(encodedKey: String(repeating: "1e", count: 32))
            let clubs = ClubRepository(database: database)
            let service = ClubService(clubs: clubs, cipher: cipher)
            let created = try await service.create(
                name: "Rollup CC \(UUID().uuidString.prefix(8))", timeZone: "Europe/Dublin", weekStart: .sunday,
                now: now.addingTimeInterval(-200 * 86_400))
            let members = MemberRepository(database: database)
            var riders: [Member] = []
            for (index, name) in ["Aoife", "Brian", "Ciara", "Dara", "Eimear"].enumerated() {
                let member = Member(
                    id: MemberID("r\(index)-\(UUID().uuidString.prefix(8))"), clubID: created.club.id,
                    firstName: name, lastName: "Test", joinedAt: now.addingTimeInterval(-200 * 86_400))
                try await members.insert(member)
                riders.append(member)
            }
            return Stores(
                database: database, clubs: clubs, members: members, activities: ActivityRepository(database: database),
                imports: ImportService(
                    repository: ImportRepository(database: database), settings: ImportSettings(),
                    logger: Logger(label: "test"), now: { now }),
                club: created.club, riders: riders)
        }

        func rollups() async throws -> [RollupRow] {
            try await database.run { db in try await WeekRollups.all(club: club.id, on: db) }
        }

        func rebuilt() async throws -> [RollupRow] {
            _ = try await database.transaction { db in try await WeekRollups.rebuild(club: club.id, on: db) }
            return try await rollups()
        }

        func currentClub() async throws -> Club { try #require(try await clubs.find(id: club.id)).club }
    }

    /// Sunday 27 Sep 2026, 12:00 UTC: the history spans the end of Irish summer time (25 Oct 2026) and of 2025's.
    static let now = Date(timeIntervalSince1970: 1_790_510_400)

    /// Random writes through every path, seeded: upserts (both policies, moved across weeks, uncounted sport
    /// types, zero moving time), renames, deletes, Strava deletions, imports, a member deleted, the counted sport
    /// types, week start and time zone changed.
    @Test("incremental rollups equal a rebuild after random writes", arguments: TestDatabases.kinds)
    func incrementalEqualsRebuild(kind: DatabaseKind) async throws {
        let s = try await Stores.make(kind, now: Self.now)
        var writes = RandomWrites(stores: s, seed: 17, now: Self.now)
        for step in 0..<150 {
            try await writes.write(step: step)
            // Incremental equals a rebuild at checkpoints, before settings changes rebuild everything anyway.
            if [49, 99, 129].contains(step) {
                let incremental = try await s.rollups()
                let rebuilt = try await s.rebuilt()
                #expect(incremental == rebuilt, "after step \(step)")
            }
            if step == 30 { try await writes.deleteLastRider() }
            if step == 100 { try await writes.countRuns() }
            if step == 130 { try await writes.moveToNewYorkMondays() }
        }
        let incremental = try await s.rollups()
        #expect(incremental.count > 20)
        let rebuilt = try await s.rebuilt()
        #expect(incremental == rebuilt)

        // And both equal the stats WeeklyStats computes from the raw activities, week by week.
        let club = try await s.currentClub()
        let calendar = WeekCalendar(club: club)
        let all = try await s.activities.activities(
            club: club.id, from: .distantPast, to: Self.now.addingTimeInterval(86_400 * 400))
        let weeks = Set(all.map { calendar.week(containing: $0.startDate) })
        var expected: [RollupRow] = []
        for week in weeks {
            for stats in WeeklyStats.memberStats(all, in: week, counting: club.countedSportTypes).values {
                expected.append(RollupRow(weekStart: week.start.epochMilliseconds, stats: stats))
            }
        }
        expected.sort { ($0.stats.memberID.rawValue, $0.weekStart) < ($1.stats.memberID.rawValue, $1.weekStart) }
        #expect(incremental == expected)
    }

    /// `stale`: the club's rollups are being rebuilt (and are gone): the same answers, computed from activities.
    @Test(
        "reports and insights read from rollups equal those computed from activities",
        arguments: TestDatabases.kinds, [false, true])
    func rollupReadsEqualActivityReads(kind: DatabaseKind, stale: Bool) async throws {
        let s = try await Stores.make(kind, now: Self.now)
        var random = SplitMix64(seed: 5)
        var batch: [Activity] = []
        for (index, rider) in s.riders.enumerated() where index < 4 {
            for n in 0..<60 {
                let km = Double(20 + random.int(below: 80))
                batch.append(
                    Activity(
                        memberID: rider.id, source: .strava, externalID: "\(index)-\(n)",
                        startDate: Self.now.addingTimeInterval(-Double(random.int(below: 100 * 86_400))),
                        sportType: n % 9 == 0 ? "Run" : "Ride", distance: km * 1000 + 0.1 * Double(n),
                        movingTime: Int(km * 120), elapsedTime: Int(km * 130), elevationGain: km * 7.3,
                        name: "Ride"))
            }
        }
        try await s.activities.upsert(batch, club: s.club.id, policy: .replace, now: Self.now)
        if stale {
            try await s.database.transaction { db in
                try await WeekRollups.markStale(club: s.club.id, on: db)
                try await db.raw("DELETE FROM cw_week_rollups WHERE club_id = \(bind: s.club.id.rawValue)").run()
            }
        }
        let service = WeekService(members: s.members, activities: s.activities, now: { Self.now })
        let members = try await s.members.members(of: s.club.id)
        let calendar = WeekCalendar(club: s.club)
        for offset in [0, -1, -5, -12] {
            let weeks = calendar.weeks(offset: (offset - WeekService.defaultHistoryWeeks + 1)...offset, from: Self.now)
            let week = calendar.week(offset: offset, from: Self.now)
            let raw = WeekData(
                club: s.club, offset: offset, oldestOffset: -20, week: week, history: weeks, members: members,
                activities: try await s.activities.activities(
                    club: s.club.id, from: weeks[0].previous.start, to: week.end),
                hasAnyData: true)
            let loaded = try await service.load(club: s.club, offset: offset, oldestOffset: -20, history: true)
            for metric in Metric.allCases {
                #expect(loaded.report(metric: metric) == raw.report(metric: metric), "offset \(offset) \(metric)")
            }
            for member in members.map(\.id) + [MemberID("nobody")] {
                for subject in [nil, s.riders[0].id, s.riders[4].id] {
                    let expected = raw.insights(for: member, subject: subject)
                    #expect(loaded.insights(for: member, subject: subject) == expected)
                    #expect(
                        try await service.insights(club: s.club, member: member, subject: subject, offset: offset)
                            == expected.response,
                        "offset \(offset) member \(member) subject \(String(describing: subject))")
                }
            }
            let targeted = try await service.load(
                club: s.club, offset: offset, oldestOffset: -20, history: true, historyMembers: [s.riders[1].id])
            #expect(
                targeted.insights(for: s.riders[1].id, subject: nil) == raw.insights(for: s.riders[1].id, subject: nil))
            // A guest's insights analyse the week's leader by the chosen metric: only the leader's history is read.
            let guest = try await service.load(
                club: s.club, offset: offset, oldestOffset: -20, history: true, historyMembers: [],
                leaderBy: .distance)
            for metric in Metric.allCases {
                #expect(guest.leader(by: metric) == raw.report(metric: metric).members.first?.memberID)
            }
            if let leader = raw.report(metric: .distance).members.first?.memberID {
                #expect(guest.insights(for: leader, subject: nil) == raw.insights(for: leader, subject: nil))
            }
            // The dashboard's insights tab reads only the viewer's and the chosen rider's history (and the lowest's).
            for member in s.riders.prefix(3).map(\.id) {
                for subject in [nil, s.riders[0].id, s.riders[4].id] {
                    let page = try await service.load(
                        club: s.club, offset: offset, oldestOffset: -20, history: true,
                        historyMembers: [member] + (subject.map { [$0] } ?? []))
                    #expect(page.insights(for: member, subject: subject) == raw.insights(for: member, subject: subject))
                }
            }
        }
        // The week's stats are cached per version: a new ride shows in the next answer.
        let quiet = s.riders[4].id
        let before = try await service.insights(club: s.club, member: quiet, subject: nil, offset: 0)
        let ride = Activity(
            memberID: quiet, source: .strava, externalID: "late", startDate: Self.now.addingTimeInterval(-600),
            sportType: "Ride", distance: 250_000, movingTime: 30_000, elapsedTime: 31_000, elevationGain: 10,
            name: "Late")
        try await s.activities.upsert([ride], club: s.club.id, policy: .replace, now: Self.now)
        let after = try await service.insights(club: s.club, member: quiet, subject: nil, offset: 0)
        let weeks = calendar.weeks(offset: (1 - WeekService.defaultHistoryWeeks)...0, from: Self.now)
        let fresh = WeekData(
            club: s.club, offset: 0, oldestOffset: -20, week: weeks[weeks.count - 1], history: weeks,
            members: members,
            activities: try await s.activities.activities(
                club: s.club.id, from: weeks[0].previous.start, to: weeks[weeks.count - 1].end),
            hasAnyData: true)
        #expect(after != before)
        #expect(after == fresh.insights(for: quiet, subject: nil).response)
    }

    @Test(
        "a write changes the version of its week and of the weeks that read it, no other",
        arguments: TestDatabases.kinds)
    func weekVersionsScope(kind: DatabaseKind) async throws {
        let s = try await Stores.make(kind, now: Self.now)
        let service = WeekService(members: s.members, activities: s.activities, now: { Self.now })
        let calendar = WeekCalendar(club: s.club)
        func versions() async throws -> [Int: String] {
            let record = try #require(try await s.clubs.find(id: s.club.id))
            var result: [Int: String] = [:]
            for offset in [0, -5, -10, -18, -19, -25] {
                result[offset] = try await service.version(
                    club: record, week: calendar.week(offset: offset, from: Self.now))
            }
            return result
        }
        let before = try await versions()
        let ride = Activity(
            memberID: s.riders[0].id, source: .strava, externalID: "v1",
            startDate: calendar.week(offset: -18, from: Self.now).start.addingTimeInterval(3600), sportType: "Ride",
            distance: 30_000, movingTime: 3600, elapsedTime: 3700, elevationGain: 200, name: "Ride")
        try await s.activities.upsert([ride], club: s.club.id, policy: .replace, now: Self.now)
        let after = try await versions()
        // Week -18 itself and the weeks whose insights (12 weeks back) or trends read it: -18 … -6.
        #expect(after[-18] != before[-18])
        #expect(after[-10] != before[-10])
        for offset in [0, -5, -19, -25] { #expect(after[offset] == before[offset], "week \(offset)") }
        // A member's new name shows on every week.
        try await s.members.insert(
            Member(
                id: MemberID("new-\(UUID().uuidString.prefix(6))"), clubID: s.club.id, firstName: "New",
                lastName: "Rider", joinedAt: Self.now))
        let renamed = try await versions()
        for offset in [0, -5, -19, -25] { #expect(renamed[offset] != after[offset], "week \(offset)") }
    }
}

/// Seeded random writes through every write path of a club's activities: upserts (both policies, moved across
/// weeks, uncounted sport types, zero moving time), deletes (mostly of stored activities), renames, Strava
/// deletions and CSV imports, over the 40 weeks before `now`; and the settings changes tests make between them.
struct RandomWrites {
    let s: WeekRollupsTests.Stores
    let now: Date
    var random: SplitMix64
    var riders: [Member]
    static let types = ["Ride", "Ride", "Ride", "VirtualRide", "GravelRide", "Run", "Walk"]

    init(stores: WeekRollupsTests.Stores, seed: UInt64, now: Date) {
        s = stores
        self.now = now
        random = SplitMix64(seed: seed)
        riders = stores.riders
    }

    mutating func activity(_ member: Member, id: Int, source: ActivitySource) -> Activity {
        let start = now.addingTimeInterval(-Double(random.int(below: 40 * 7 * 86_400)))
        let km = Double(random.int(below: 12_000)) / 100
        return Activity(
            memberID: member.id, source: source, externalID: "x\(id)", startDate: start,
            sportType: random.pick(Self.types, fallback: "Ride"), distance: km * 1000,
            movingTime: random.int(below: 10) == 0 ? 0 : Int(km * 110) + random.int(below: 600),
            elapsedTime: Int(km * 130), elevationGain: Double(random.int(below: 90_000)) / 100, name: "Ride \(id)")
    }

    /// One random write by a random rider.
    mutating func write(step: Int) async throws {
        let member = riders[random.int(below: riders.count)]
        switch random.int(below: 10) {
        case 0...3:
            let batch = (0..<(1 + random.int(below: 6))).map { _ in
                activity(member, id: random.int(below: 60), source: .strava)
            }
            try await s.activities.upsert(batch, club: s.club.id, policy: .replace, now: now)
        case 4:
            let batch = (0..<(1 + random.int(below: 4))).map { _ in
                activity(member, id: random.int(below: 60), source: .import)
            }
            try await s.activities.upsert(batch, club: s.club.id, policy: .keepStrava, now: now)
        case 5, 6:
            // Mostly a stored activity (of any source), sometimes one that does not exist.
            let stored = try await s.activities.activities(
                club: s.club.id, from: .distantPast, to: now.addingTimeInterval(86_400)
            ).filter { $0.memberID == member.id }.map(\.externalID)
            let id = random.int(below: 5) == 0 ? "x\(random.int(below: 60))" : random.pick(stored, fallback: "none")
            try await s.activities.delete(member: member.id, externalID: id)
        case 7:
            _ = try await s.activities.rename(
                member: member.id, externalID: "x\(random.int(below: 60))", name: "Renamed \(step)",
                eventTime: Int64(step))
        case 8:
            try await s.activities.deleteStrava(
                member: member.id, from: now.addingTimeInterval(-Double(random.int(below: 200)) * 86_400),
                keeping: ["x\(random.int(below: 60))"])
        default:
            var csv = "Activity ID,Activity Date,Activity Name,Activity Type,Elapsed Time,Distance,Moving Time,"
            csv += "Elevation Gain\n"
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.timeZone = TimeZone(identifier: "UTC")
            formatter.dateFormat = "MMM dd, yyyy, hh:mm:ss a"
            for _ in 0..<(1 + random.int(below: 8)) {
                let a = activity(member, id: random.int(below: 60), source: .import)
                csv +=
                    "\(a.externalID.dropFirst()),\"\(formatter.string(from: a.startDate))\",Imported,\(a.sportType),"
                    + "\(a.elapsedTime),\(a.distance / 1000),\(a.movingTime),\(a.elevationGain)\n"
            }
            _ = try await s.imports.importExport(Data(csv.utf8), member: member)
        }
    }

    /// Deletes the last rider (their activities and rollups go with them).
    mutating func deleteLastRider() async throws {
        guard let rider = riders.popLast() else { return }
        try await s.members.delete(rider.id, in: s.club.id)
    }

    /// Counts runs as well (rebuilds the club's rollups).
    func countRuns() async throws {
        var club = try await s.currentClub()
        club.countedSportTypes.insert("Run")
        try await s.clubs.update(club)
    }

    /// Moves the club to New York with weeks starting on Monday (rebuilds the club's rollups).
    func moveToNewYorkMondays() async throws {
        var club = try await s.currentClub()
        club.weekStart = .monday
        club.timeZoneIdentifier = "America/New_York"
        try await s.clubs.update(club)
    }
}

/// Rebuilding a club's rollups while the server serves (issue 17): a member at a time in short transactions, queued as
/// a job at start-up for stale clubs and when a big club's settings change.
@Suite("Club Weekly rollups rebuilt in the background")
struct RollupRebuildJobTests {
    typealias Stores = WeekRollupsTests.Stores
    static let now = WeekRollupsTests.now

    func rollupsVersion(_ s: Stores) async throws -> Int {
        try await s.database.run { db in
            try await db.raw("SELECT rollups_version AS v FROM cw_clubs WHERE id = \(bind: s.club.id.rawValue)")
                .first()?
                .decode(column: "v", as: Int.self) ?? -1
        }
    }

    @Test(
        "a big club's new time zone queues a rebuild; a member at a time it equals the full rebuild",
        arguments: TestDatabases.kinds)
    func settingsChangeQueuesStepwiseRebuild(kind: DatabaseKind) async throws {
        var s = try await Stores.make(kind, now: Self.now)
        var writes = RandomWrites(stores: s, seed: 41, now: Self.now)
        for step in 0..<40 { try await writes.write(step: step) }
        s = Stores(
            database: s.database, clubs: ClubRepository(database: s.database, inlineRebuildLimit: 0),
            members: s.members,
            activities: s.activities, imports: s.imports, club: s.club, riders: s.riders)
        let before = try await s.rollups()
        let queue = JobQueue(database: s.database)
        #expect(try await queue.pendingCount(kind: RollupJob.kind) == 0)

        var club = try await s.currentClub()
        club.timeZoneIdentifier = "America/New_York"
        club.weekStart = .monday
        try await s.clubs.update(club)
        // Not rebuilt in the settings' transaction: marked stale (reads compute from activities) and queued.
        #expect(try await s.rollups() == before)
        #expect(try await rollupsVersion(s) == 0)
        #expect(try await queue.pendingCount(kind: RollupJob.kind) == 1)
        // Writes go on meanwhile, and so does a second change's queueing (absorbed by the queued job).
        for step in 40..<60 { try await writes.write(step: step) }
        try await s.clubs.update(club)
        #expect(try await queue.pendingCount(kind: RollupJob.kind) == 1)

        // A shutdown between two members stops the rebuild: deferred, the club still stale, run again from the start.
        let first = try #require(try await queue.claim(worker: "test", limit: 10, now: Date()).first)
        #expect(first.kind == RollupJob.kind)
        let checks = Mutex(0)
        let stopAfterTwo: @Sendable () -> Bool = {
            checks.withLock {
                $0 += 1; return $0 > 2
            }
        }
        let stopped = try await RollupJob.handler(
            database: s.database, logger: Logger(label: "test"), stopping: stopAfterTwo)(first)
        guard case .deferred = stopped else {
            Issue.record("a stopped rebuild was \(stopped), not deferred")
            return
        }
        #expect(checks.withLock { $0 } == 3)
        #expect(try await rollupsVersion(s) == 0)
        #expect(try await queue.complete(first, outcome: stopped))
        let job = try #require(try await queue.claim(worker: "test", limit: 10, now: Date()).first)
        #expect(job.id == first.id)
        let outcome = try await RollupJob.handler(database: s.database, logger: Logger(label: "test"))(job)
        #expect(outcome == .done)
        #expect(try await rollupsVersion(s) == WeekRollups.currentVersion)
        let stepwise = try await s.rollups()
        #expect(stepwise != before)
        #expect(stepwise == (try await s.rebuilt()))
    }

    @Test("a rebuild claimed as the shutdown begins leaves the club's rollups as they are")
    func rebuildStoppedBeforeItStarts() async throws {
        let s = try await Stores.make(.sqlite, now: Self.now)
        let before = try await s.rollups()
        #expect(try await rollupsVersion(s) == WeekRollups.currentVersion)
        let members = try await WeekRollups.rebuildInSteps(club: s.club.id, database: s.database, stopping: { true })
        #expect(members == nil)
        #expect(try await rollupsVersion(s) == WeekRollups.currentVersion, "marked stale by a rebuild that never ran")
        #expect(try await s.rollups() == before)
    }

    @Test("start-up queues a rebuild for each club whose rollups are stale")
    func startUpQueuesStaleClubs() async throws {
        let s = try await Stores.make(.sqlite, now: Self.now)
        let queue = JobQueue(database: s.database)
        #expect(try await RollupJob.queueStale(database: s.database).isEmpty)
        try await s.database.run { db in try await WeekRollups.markStale(club: s.club.id, on: db) }
        #expect(try await RollupJob.queueStale(database: s.database) == [s.club.id])
        #expect(try await queue.pendingCount(kind: RollupJob.kind) == 1)
        let job = try #require(try await queue.claim(worker: "test", limit: 10, now: Date()).first)
        #expect(job.payload.contains(s.club.id.rawValue))
    }

    @Test("writes of one member at the same time each count the other's rides", arguments: TestDatabases.kinds)
    func concurrentWritesOfOneMember(kind: DatabaseKind) async throws {
        let s = try await Stores.make(kind, now: Self.now)
        let rider = s.riders[0]
        try await withThrowingTaskGroup(of: Void.self) { group in
            for n in 0..<16 {
                group.addTask {
                    let ride = Activity(
                        memberID: rider.id, source: .strava, externalID: "c\(n)",
                        startDate: Self.now.addingTimeInterval(-Double(3600 * (n + 1))), sportType: "Ride",
                        distance: 10_000, movingTime: 1_200, elapsedTime: 1_300, elevationGain: 50, name: "Ride \(n)")
                    _ = try await s.activities.upsert([ride], club: s.club.id, policy: .replace, now: Self.now)
                }
            }
            try await group.waitForAll()
        }
        let rows = try await s.rollups()
        #expect(rows.reduce(0) { $0 + $1.stats.rides } == 16)
        #expect(rows == (try await s.rebuilt()))
    }
}
