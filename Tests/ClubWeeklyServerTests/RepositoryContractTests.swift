import ClubWeekly
import Foundation
import Logging
import SQLKit
import ServerKit
import StravaAPI
import StravaServer
import TestSupport
import Testing

@testable import ClubWeeklyServer

/// Club Weekly's repositories on every engine: SQLite always, PostgreSQL when TEST_POSTGRES_URL is set.
@Suite("Club Weekly repository contract")
struct RepositoryContractTests {
    struct Stores {
        let database: Database
        let clubs: ClubRepository
        let members: MemberRepository
        let activities: ActivityRepository
        let accounts: StravaAccountRepository
        let states: OAuthStateRepository
        let service: ClubService

        static func make(_ kind: DatabaseKind) async throws -> Stores {
            let database = try await TestDatabases.make(kind)
            try await Migrator(ClubWeeklyApp.migrations).migrate(database)
            let cipher = try TokenCipher(encodedKey: String(repeating: "1e", count: 32))
            let clubs = ClubRepository(database: database)
            return Stores(
                database: database, clubs: clubs, members: MemberRepository(database: database),
                activities: ActivityRepository(database: database),
                accounts: StravaAccountRepository(database: database, cipher: cipher),
                states: OAuthStateRepository(database: database), service: ClubService(clubs: clubs, cipher: cipher))
        }
    }

    static let t0 = Date(timeIntervalSince1970: 1_795_000_000)

    static func ride(
        _ member: MemberID, _ id: String, km: Double, at date: Date, source: ActivitySource = .strava
    )
        -> Activity
    {
        Activity(
            memberID: member, source: source, externalID: id, startDate: date, sportType: "Ride", distance: km * 1000,
            movingTime: Int(km * 120), elapsedTime: Int(km * 130), elevationGain: km * 5, name: "Ride \(id)")
    }

    @Test("clubs: create, find by slug and id, update, unique slugs, codes", arguments: TestDatabases.kinds)
    func clubs(kind: DatabaseKind) async throws {
        let s = try await Stores.make(kind)
        let created = try await s.service.create(
            name: "Dunboyne CC", timeZone: "Europe/Dublin", weekStart: .sunday, adminPassword: "long enough pw")
        #expect(created.club.slug == "dunboyne-cc")
        var record = try #require(try await s.clubs.find(slug: "dunboyne-cc"))
        #expect(record.club == created.club)
        #expect(s.service.verify(code: created.code, for: record))
        #expect(!s.service.verify(code: "ABCDEFGH", for: record))
        #expect(await s.service.verifyAdmin(password: "long enough pw", for: record))
        #expect(await !s.service.verifyAdmin(password: "wrong", for: record))
        await #expect(throws: ClubError.slugTaken("dunboyne-cc")) {
            try await s.service.create(name: "Dunboyne CC", timeZone: "Europe/Dublin")
        }
        await #expect(throws: ClubError.invalidTimeZone("Nowhere/City")) {
            try await s.service.create(name: "X Club", timeZone: "Nowhere/City")
        }
        await #expect(throws: ClubError.invalidCode) {
            try await s.service.create(name: "Y Club", timeZone: "UTC", code: "SHORT")
        }
        var club = created.club
        club.name = "Dunboyne Cycling Club"
        club.countedSportTypes = ["Ride", "Run"]
        club.colors = ClubColors(first: "#000000", second: "#FFFFFF", third: "#FC4C02")
        try await s.clubs.update(club)
        record = try #require(try await s.clubs.find(id: club.id))
        #expect(record.club == club)
        let newCode = try await s.service.rotateCode(club)
        record = try #require(try await s.clubs.find(id: club.id))
        #expect(s.service.verify(code: newCode, for: record))
        #expect(!s.service.verify(code: created.code, for: record))
        #expect(try s.service.code(of: record) == newCode)
        await s.database.close()
    }

    @Test(
        "activities: upsert policies, no duplicates, ranges, partial updates, club isolation",
        arguments: TestDatabases.kinds)
    func activities(kind: DatabaseKind) async throws {
        let s = try await Stores.make(kind)
        let a = try await s.service.create(name: "Club A", timeZone: "Europe/Dublin").club
        let b = try await s.service.create(name: "Club B", timeZone: "Europe/Zurich").club
        let ma = Member(id: MemberID("ma"), clubID: a.id, firstName: "Ann", lastName: "Ash", joinedAt: Self.t0)
        let mb = Member(id: MemberID("mb"), clubID: b.id, firstName: "Bo", lastName: "Birch", joinedAt: Self.t0)
        try await s.members.insert(ma)
        try await s.members.insert(mb)

        let day = 86_400.0
        #expect(
            try await s.activities.upsert(
                [Self.ride(ma.id, "1", km: 30, at: Self.t0), Self.ride(ma.id, "2", km: 20, at: Self.t0 + day)],
                club: a.id, policy: .replace) == 2)
        #expect(
            try await s.activities.upsert([Self.ride(mb.id, "1", km: 99, at: Self.t0)], club: b.id, policy: .replace)
                == 1)

        // An export row never overwrites the API row of the same activity; a new export row is added.
        let imported = [
            Self.ride(ma.id, "1", km: 29, at: Self.t0, source: .import),
            Self.ride(ma.id, "3", km: 10, at: Self.t0 + 2 * day, source: .import),
        ]
        #expect(try await s.activities.upsert(imported, club: a.id, policy: .keepStrava) == 1)
        // The API then supersedes the export row for activity 3.
        #expect(
            try await s.activities.upsert(
                [Self.ride(ma.id, "3", km: 11, at: Self.t0 + 2 * day)], club: a.id, policy: .replace) == 0)

        let stored = try await s.activities.activities(club: a.id, from: Self.t0, to: Self.t0 + 3 * day)
        #expect(stored.map(\.externalID) == ["1", "2", "3"])
        #expect(stored.map(\.distance) == [30_000, 20_000, 11_000])
        #expect(stored.allSatisfy { $0.source == .strava })
        #expect(try await s.activities.activities(club: a.id, from: Self.t0 + day, to: Self.t0 + 2 * day).count == 1)
        #expect(
            try await s.activities.activities(club: b.id, from: .distantPast, to: .distantFuture).map(\.distance) == [
                99_000
            ])

        // Webhook renames apply in event order: an older event never overwrites a newer title.
        let fetchedAt = Int64(Date().timeIntervalSince1970)
        #expect(try await s.activities.rename(member: ma.id, externalID: "2", name: "Stale", eventTime: fetchedAt - 60))
        #expect(
            try await s.activities.rename(member: ma.id, externalID: "2", name: "Renamed", eventTime: fetchedAt + 10))
        #expect(try await s.activities.rename(member: ma.id, externalID: "2", name: "Older", eventTime: fetchedAt + 5))
        #expect(try await !s.activities.rename(member: ma.id, externalID: "404", name: "x", eventTime: fetchedAt))
        let renamed = try await s.activities.activities(club: a.id, from: Self.t0 + day, to: Self.t0 + 2 * day)
        #expect(renamed.first?.name == "Renamed")

        try await s.activities.delete(member: ma.id, externalID: "2")
        #expect(try await s.activities.count(member: ma.id) == 2)
        #expect(try await s.activities.earliestStart(club: a.id) == Self.t0)

        // Deleting a member removes their activities and nothing of the other club.
        try await s.members.delete(ma.id, in: a.id)
        #expect(try await s.activities.count(club: a.id) == 0)
        #expect(try await s.activities.count(club: b.id) == 1)
        // A member id of club B cannot be deleted through club A.
        try await s.members.delete(mb.id, in: a.id)
        #expect(try await s.members.find(mb.id, in: b.id) != nil)
        #expect(try await s.members.find(mb.id, in: a.id) == nil)
        await s.database.close()
    }

    @Test(
        "Strava accounts: tokens sealed at rest, upsert, rotation, one-time OAuth states",
        arguments: TestDatabases.kinds)
    func accounts(kind: DatabaseKind) async throws {
        let s = try await Stores.make(kind)
        let club = try await s.service.create(name: "Club A", timeZone: "Europe/Dublin").club
        let account = StravaAccount(
            athleteID: 77, firstName: "Ann", lastName: "Ash", accessToken: "access-secret-1",
            refreshToken: "refresh-secret-1", expiresAt: Self.t0, scope: "read,activity:read_all", connectedAt: Self.t0)
        try await s.accounts.save(account)
        try await s.accounts.save(account)
        #expect(try await s.accounts.syncStates().count == 1)
        try await s.accounts.updateTokens(
            athlete: 77, access: "access-2", refresh: "refresh-2", expiresAt: Self.t0 + 3600)
        let found = try #require(try await s.accounts.find(77))
        #expect(found.refreshToken == "refresh-2" && found.accessToken == "access-2")
        let raw = try await s.database.run { db in
            try await db.raw("SELECT access_token, refresh_token FROM cw_strava_athletes").all().map {
                try $0.decode(column: "access_token", as: String.self)
                    + $0.decode(column: "refresh_token", as: String.self)
            }
        }
        #expect(raw.count == 1 && !raw[0].contains("access-2") && !raw[0].contains("refresh-2"))
        try await s.accounts.markSynced(athlete: 77, at: Self.t0, error: "Authorization Error")
        #expect(try await s.accounts.find(77)?.lastError == "Authorization Error")
        try await s.accounts.markSynced(athlete: 77, at: Self.t0 + 60, error: nil)
        #expect(try await s.accounts.find(77)?.lastError == nil)
        #expect(try await s.accounts.find(77)?.lastSyncAt == Self.t0 + 60)

        let state = try await s.states.create(club: club.id, subject: "m1", now: Self.t0)
        #expect(try await s.states.consume("forged", now: Self.t0) == nil)
        let bound = try await s.states.consume(state, now: Self.t0 + 60)
        #expect(bound?.club == club.id && bound?.subject == "m1")
        #expect(try await s.states.consume(state, now: Self.t0 + 60) == nil)
        let expired = try await s.states.create(club: club.id, subject: nil, now: Self.t0)
        #expect(try await s.states.consume(expired, now: Self.t0 + 3600) == nil)
        try await s.accounts.delete(77)
        #expect(try await s.accounts.find(77) == nil)
        await s.database.close()
    }

    @Test("rate-limit governor: concurrent callers never exceed the window budget", arguments: TestDatabases.kinds)
    func governor(kind: DatabaseKind) async throws {
        let s = try await Stores.make(kind)
        let now = Self.t0
        let governor = DatabaseRateLimitGovernor(database: s.database, now: { now })
        // Pretend Strava reported 95 of 100 reads used in this window.
        let headers = [
            "x-ratelimit-limit": "200,2000", "x-ratelimit-usage": "95,300", "x-readratelimit-limit": "100,1000",
            "x-readratelimit-usage": "95,300",
        ]
        await governor.record(HTTPResponse(status: 200, headers: headers, body: Data()), kind: .read)
        let outcomes = await withTaskGroup(of: Bool.self) { group in
            for _ in 0..<20 {
                group.addTask {
                    do {
                        try await governor.acquire(.read)
                        return true
                    } catch {
                        return false
                    }
                }
            }
            var granted = 0
            for await ok in group where ok { granted += 1 }
            return granted
        }
        #expect(outcomes == 5)
        // A second instance (a new governor on the same database) sees the spent budget and the next boundary.
        let other = DatabaseRateLimitGovernor(database: s.database, now: { now })
        await #expect(throws: StravaError.self) { try await other.acquire(.read) }
        let state = try await other.state()
        #expect(state.readUsage15 == 100)
        await s.database.close()
    }
}
