import ClubWeekly
import ClubhouseBasics
import Foundation
import SQLKit
import ServerKit
import TestSupport
import Testing

@testable import ClubWeeklyServer

/// Weeks kept in memory (issue 17): after a write, a cached week re-reads only the members the write touched, and is
/// then equal to the week read whole from storage.
@Suite("Club Weekly week snapshots")
struct WeekSnapshotsTests {
    typealias Stores = WeekRollupsTests.Stores
    static let now = WeekRollupsTests.now

    func weeks(_ s: Stores) async throws -> [Week] {
        let calendar = WeekCalendar(club: try await s.currentClub())
        return [0, -1, -2, -9].map { calendar.week(offset: $0, from: Self.now) }
    }

    @Test(
        "a cached week brought up to date after random writes equals the week read whole",
        arguments: TestDatabases.kinds)
    func incrementalEqualsWhole(kind: DatabaseKind) async throws {
        let s = try await Stores.make(kind, now: Self.now)
        let cache = WeekSnapshots()
        var writes = RandomWrites(stores: s, seed: 23, now: Self.now)
        var compared = 0
        for step in 0..<120 {
            try await writes.write(step: step)
            if step == 40 { try await writes.deleteLastRider() }
            if step == 80 { try await writes.moveToNewYorkMondays() }
            for (index, week) in try await weeks(s).enumerated() {
                // Readers of the stats only (charts, table) and of the rides too, interleaved.
                let rides = (step + index) % 3 != 0
                var cached = try await cache.snapshot(
                    club: s.club.id, week: week, members: s.members, database: s.database, activities: rides)
                let whole = try await WeekSnapshots().snapshot(
                    club: s.club.id, week: week, members: s.members, database: s.database)
                if cached.activities == nil {
                    #expect(!rides, "step \(step), week \(week.label): asked for the activities")
                    cached.activities = whole.activities
                }
                #expect(cached == whole, "step \(step), week \(week.label)")
                compared += whole.activities?.isEmpty ?? true ? 0 : 1
            }
        }
        #expect(compared > 100)
        // Most writes were followed by a re-read of the members they touched, not of the whole week.
        let partial = await cache.partialReads
        let whole = await cache.wholeReads
        #expect(partial > 3 * whole, "\(partial) partial, \(whole) whole")
    }

    @Test("a ride re-reads its rider only; a new member reads the week again; the stamp follows every write")
    func partialAndWholeReads() async throws {
        let s = try await Stores.make(.sqlite, now: Self.now)
        let cache = WeekSnapshots()
        let week = WeekCalendar(club: s.club).week(offset: 0, from: Self.now)
        func snapshot() async throws -> WeekSnapshot {
            try await cache.snapshot(club: s.club.id, week: week, members: s.members, database: s.database)
        }
        func ride(_ rider: Member, _ id: String, hoursAgo: Double, km: Double) async throws {
            let ride = Activity(
                memberID: rider.id, source: .strava, externalID: id,
                startDate: Self.now.addingTimeInterval(-hoursAgo * 3600), sportType: "Ride", distance: km * 1000,
                movingTime: Int(km * 120), elapsedTime: Int(km * 130), elevationGain: 100, name: "Ride \(id)")
            _ = try await s.activities.upsert([ride], club: s.club.id, policy: .replace, now: Self.now)
        }
        try await ride(s.riders[0], "a1", hoursAgo: 5, km: 40)
        let first = try await snapshot()
        #expect(first.activities?.map(\.externalID) == ["a1"])
        #expect(await cache.wholeReads == 1)

        // Unchanged: served from memory.
        #expect(try await snapshot() == first)
        #expect(await cache.wholeReads == 1)
        #expect(await cache.partialReads == 0)

        // Another rider's ride: only they are read again, and the week ranks them.
        try await ride(s.riders[1], "b1", hoursAgo: 3, km: 60)
        let second = try await snapshot()
        #expect(await cache.wholeReads == 1)
        #expect(await cache.partialReads == 1)
        #expect(second.stamp > first.stamp)
        #expect(second.activities?.map(\.externalID) == ["a1", "b1"])
        #expect(second.current[s.riders[1].id]?.distance == 60_000)

        // A rename of a ride changes the rides list only: read again partially.
        _ = try await s.activities.rename(member: s.riders[0].id, externalID: "a1", name: "Renamed", eventTime: .max)
        #expect(try await snapshot().activities?.first?.name == "Renamed")
        #expect(await cache.partialReads == 2)

        // A deletion removes the ride and the rider's stats.
        try await s.activities.delete(member: s.riders[1].id, externalID: "b1")
        let third = try await snapshot()
        #expect(third.activities?.map(\.externalID) == ["a1"])
        #expect(third.current[s.riders[1].id] == nil)
        #expect(await cache.partialReads == 3)

        // A new member shows on every week: the week is read again whole.
        try await s.members.insert(
            Member(
                id: MemberID("new-\(UUID().uuidString.prefix(8))"), clubID: s.club.id, firstName: "Siobhán",
                lastName: "Test", joinedAt: Self.now))
        let fourth = try await snapshot()
        #expect(fourth.members.contains { $0.firstName == "Siobhán" })
        #expect(await cache.wholeReads == 2)

        // A member who leaves takes their rides, stats and change log with them.
        try await s.members.delete(s.riders[0].id, in: s.club.id)
        let fifth = try await snapshot()
        #expect(fifth.activities?.isEmpty == true && fifth.current.isEmpty)
        #expect(!fifth.members.contains { $0.id == s.riders[0].id })
        #expect(await cache.wholeReads == 3)
        let logged = try await s.database.run { db in
            try await db.raw(
                "SELECT COUNT(*) AS n FROM cw_member_week_versions WHERE member_id = \(bind: s.riders[0].id.rawValue)"
            ).first()?.decode(column: "n", as: Int.self)
        }
        #expect(logged == 0)
    }

    @Test("a week read for its stats only reads the activities once a reader asks, then keeps them up to date")
    func activitiesReadWhenAsked() async throws {
        let s = try await Stores.make(.sqlite, now: Self.now)
        let cache = WeekSnapshots()
        let week = WeekCalendar(club: s.club).week(offset: 0, from: Self.now)
        func snapshot(activities: Bool) async throws -> WeekSnapshot {
            try await cache.snapshot(
                club: s.club.id, week: week, members: s.members, database: s.database, activities: activities)
        }
        func ride(_ rider: Member, _ id: String, km: Double) async throws {
            let ride = Activity(
                memberID: rider.id, source: .strava, externalID: id, startDate: Self.now.addingTimeInterval(-3600),
                sportType: "Ride", distance: km * 1000, movingTime: Int(km * 120), elapsedTime: Int(km * 130),
                elevationGain: 100, name: "Ride \(id)")
            _ = try await s.activities.upsert([ride], club: s.club.id, policy: .replace, now: Self.now)
        }
        try await ride(s.riders[0], "a1", km: 40)
        let stats = try await snapshot(activities: false)
        #expect(stats.activities == nil)
        #expect(stats.current[s.riders[0].id]?.distance == 40_000)
        #expect(try await snapshot(activities: false) == stats)
        #expect(await cache.wholeReads == 1)
        // A reader of the rides: the week is read again, with them.
        let full = try await snapshot(activities: true)
        #expect(full.activities?.map(\.externalID) == ["a1"])
        #expect(await cache.wholeReads == 2)
        // From then on a stats reader is served the kept week, and a write re-reads its rider's rides too.
        #expect(try await snapshot(activities: false) == full)
        try await ride(s.riders[1], "b1", km: 60)
        let after = try await snapshot(activities: false)
        #expect(after.activities?.map(\.externalID) == ["a1", "b1"])
        #expect(await cache.wholeReads == 2)
        #expect(await cache.partialReads == 1)
    }

    @Test("readers of a changed week at the same time share one read")
    func concurrentReadersShareOneRead() async throws {
        let s = try await Stores.make(.sqlite, now: Self.now)
        let cache = WeekSnapshots()
        let week = WeekCalendar(club: s.club).week(offset: 0, from: Self.now)
        let results = try await withThrowingTaskGroup(of: WeekSnapshot.self) { group in
            for _ in 0..<12 {
                group.addTask {
                    try await cache.snapshot(club: s.club.id, week: week, members: s.members, database: s.database)
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(results.count == 12 && Set(results.map(\.stamp)).count == 1)
        #expect(await cache.wholeReads == 1)
    }

    @Test("the least recently used week goes first when the cache is full")
    func leastRecentlyUsedGoesFirst() async throws {
        let s = try await Stores.make(.sqlite, now: Self.now)
        let cache = WeekSnapshots(capacity: 2)
        let calendar = WeekCalendar(club: s.club)
        func read(_ offset: Int) async throws {
            _ = try await cache.snapshot(
                club: s.club.id, week: calendar.week(offset: offset, from: Self.now), members: s.members,
                database: s.database)
        }
        try await read(0)
        try await read(-1)
        try await read(0)  // week 0 is now the more recent
        try await read(-2)  // evicts week -1
        #expect(await cache.wholeReads == 3)
        try await read(0)
        #expect(await cache.wholeReads == 3)
        try await read(-1)
        #expect(await cache.wholeReads == 4)
    }
}
