import Foundation
import ServerKit
import SportsTime
import TestSupport
import Testing

@testable import SportsTimeServer

/// SportsTime's repositories on every engine: SQLite always, PostgreSQL when TEST_POSTGRES_URL is set.
@Suite("SportsTime repository contract")
struct SportsTimeRepositoryTests {
    static func database(_ kind: DatabaseKind) async throws -> Database {
        let database = try await TestDatabases.make(kind)
        try await Migrator(SportsTimeApp.migrations).migrate(database)
        return database
    }

    static func game(_ id: String, _ league: League = .mlb, day: Int, status: GameStatus = .scheduled) -> Game {
        let start = Date(timeIntervalSince1970: 1_780_000_000 + Double(day) * 86_400)
        return Game(
            id: GameID(rawValue: id), league: league, home: "mlb-bos", away: "mlb-nyy", venue: "fenway-park",
            start: start, localDate: LocalDate(start, in: TimeZone(identifier: "America/New_York") ?? .current),
            status: status, doubleheader: day == 2 ? 1 : nil)
    }

    @Test(
        "schedules: replace within the imported span, newest row per id, version changes",
        arguments: TestDatabases.kinds)
    func schedules(kind: DatabaseKind) async throws {
        let schedules = ScheduleRepository(database: try await Self.database(kind))
        #expect(try await schedules.version() == "")
        let v1 = try await schedules.replace((0..<5).map { Self.game("mlb-\($0)", day: $0) }, league: .mlb)
        try await schedules.replace([Self.game("nhl-1", .nhl, day: 1)], league: .nhl)
        #expect(try await schedules.counts() == [.mlb: 5, .nhl: 1])
        // A later file covering days 3–4 replaces those days only; a postponed status wins for its id.
        let v2 = try await schedules.replace(
            [Self.game("mlb-3", day: 3, status: .postponed), Self.game("mlb-9", day: 4)], league: .mlb)
        let current = try await schedules.version()
        #expect(v1 != v2 && current == v2, "each import bumps the version")
        let games = try await schedules.all().sorted { $0.id < $1.id }
        #expect(games.map(\.id.rawValue) == ["mlb-0", "mlb-1", "mlb-2", "mlb-3", "mlb-9", "nhl-1"])
        #expect(games.first { $0.id == "mlb-3" }?.status == .postponed)
        #expect(games.first { $0.id == "mlb-2" }?.doubleheader == 1)
        #expect(games.first { $0.id == "mlb-0" } == Self.game("mlb-0", day: 0), "a game reads back as written")
    }

    @Test("travellers own their trips and visits; deleting one removes only theirs", arguments: TestDatabases.kinds)
    func ownership(kind: DatabaseKind) async throws {
        let database = try await Self.database(kind)
        let travellers = TravellerRepository(database: database)
        let trips = TripRepository(database: database)
        let visits = VisitRepository(database: database)
        let ann = try await travellers.create()
        let bob = try await travellers.create()
        #expect(try await travellers.find(token: ann.token) == ann.id)
        #expect(try await travellers.find(token: "nope") == nil)
        let trip = StoredTrip(
            id: "t1", name: "Boston swing", createdAt: Date(timeIntervalSince1970: 1), body: Data("{}".utf8))
        try await trips.insert(trip, traveller: ann.id)
        #expect(try await trips.list(traveller: ann.id) == [trip])
        #expect(try await trips.find("t1", traveller: bob.id) == nil, "another traveller cannot read it")
        #expect(try await !trips.delete("t1", traveller: bob.id), "nor delete it")
        let visit = StadiumVisit(
            id: "v1", venue: "fenway-park", date: LocalDate(year: 2026, month: 6, day: 2)!, league: .mlb)
        try await visits.insert(visit, traveller: ann.id)
        try await visits.insert(
            StadiumVisit(id: "v2", venue: "td-garden", date: LocalDate(year: 2026, month: 1, day: 5)!),
            traveller: bob.id)
        #expect(try await visits.list(traveller: ann.id) == [visit])
        try await travellers.delete(ann.id)
        #expect(try await travellers.find(token: ann.token) == nil)
        #expect(try await visits.list(traveller: ann.id).isEmpty)
        #expect(try await trips.list(traveller: ann.id).isEmpty)
        #expect(try await visits.list(traveller: bob.id).count == 1)
    }

    @Test(
        "polls: one vote per voter even when sent concurrently; closed polls refuse votes",
        arguments: TestDatabases.kinds)
    func polls(kind: DatabaseKind) async throws {
        let database = try await Self.database(kind)
        let owner = try await TravellerRepository(database: database).create()
        let polls = PollRepository(database: database)
        let poll = StoredPoll(
            id: "p1", shareToken: "share-token-1", owner: owner.id, title: "Which trip?", body: Data("[]".utf8),
            createdAt: Date(timeIntervalSince1970: 10), closedAt: nil)
        try await polls.insert(poll)
        #expect(try await polls.find(shareToken: "share-token-1") == poll)
        // Ten concurrent votes of one voter: exactly one is stored.
        let outcomes = await withTaskGroup(of: Bool.self) { group in
            for index in 0..<10 {
                group.addTask {
                    do {
                        try await polls.vote(poll: "p1", voter: "same-voter", option: "o\(index % 2)")
                        return true
                    } catch {
                        return false
                    }
                }
            }
            return await group.reduce(into: [Bool]()) { $0.append($1) }
        }
        #expect(outcomes.filter { $0 }.count == 1)
        try await polls.vote(poll: "p1", voter: "other", option: "o1")
        #expect(try await polls.votes(poll: "p1").count == 2)
        await #expect(throws: VoteStoreError.unknownPoll) {
            try await polls.vote(poll: "nope", voter: "x", option: "o1")
        }
        #expect(try await !polls.close(shareToken: "share-token-1", owner: "someone-else"))
        #expect(try await polls.close(shareToken: "share-token-1", owner: owner.id))
        await #expect(throws: VoteStoreError.closed) { try await polls.vote(poll: "p1", voter: "late", option: "o1") }
        #expect(try await polls.find(shareToken: "share-token-1")?.closedAt != nil)
    }
}
