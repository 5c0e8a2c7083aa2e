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
        "schedules: partial files add up by game id; a whole-league feed removes games it no longer lists",
        arguments: TestDatabases.kinds)
    func schedules(kind: DatabaseKind) async throws {
        let schedules = ScheduleRepository(database: try await Self.database(kind))
        #expect(try await schedules.version() == "")
        // One club's calendar, then another's overlapping dates: both kept.
        let v1 = try await schedules.store([0, 2, 4].map { Self.game("mlb-a\($0)", day: $0) }, replacingDays: false)
        try await schedules.store([1, 3].map { Self.game("mlb-b\($0)", day: $0) }, replacingDays: false)
        try await schedules.store([Self.game("nhl-1", .nhl, day: 1)], replacingDays: false)
        #expect(try await schedules.counts() == [.mlb: 5, .nhl: 1])
        // The same id again: the newest row wins (a postponement).
        let v2 = try await schedules.store([Self.game("mlb-a2", day: 2, status: .postponed)], replacingDays: false)
        let current = try await schedules.version()
        #expect(v1 != v2 && current == v2, "each import bumps the version")
        var games = try await schedules.all()
        #expect(games.first { $0.id == "mlb-a2" }?.status == .postponed)
        #expect(games.first { $0.id == "mlb-a2" }?.doubleheader == 1)
        #expect(games.first { $0.id == "mlb-a0" } == Self.game("mlb-a0", day: 0), "a game reads back as written")
        // A whole-league feed for days 1–3 replaces those days of that league only.
        try await schedules.store([Self.game("mlb-x1", day: 1), Self.game("mlb-x3", day: 3)], replacingDays: true)
        games = try await schedules.all().sorted { $0.id < $1.id }
        #expect(games.map(\.id.rawValue) == ["mlb-a0", "mlb-a4", "mlb-x1", "mlb-x3", "nhl-1"])
    }

    /// A vote's outcome: nil when stored, the refusal otherwise (a storage error counts as unknown poll here).
    static func outcome(_ polls: PollRepository, voter: String, option: String) async -> VoteStoreError? {
        do {
            return try await polls.vote(poll: "p1", voter: voter, option: option)
        } catch {
            return .unknownPoll
        }
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
        "polls: one vote per voter even when sent concurrently (a later vote changes it); closed polls refuse votes",
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
        // Ten concurrent votes of one voter: all accepted, one row stored (the later ones change it).
        let outcomes = await withTaskGroup(of: VoteStoreError?.self) { group in
            for index in 0..<10 {
                group.addTask { await Self.outcome(polls, voter: "d:same-voter", option: "o\(index % 2)") }
            }
            return await group.reduce(into: [VoteStoreError?]()) { $0.append($1) }
        }
        #expect(outcomes.allSatisfy { $0 == nil })
        #expect(try await polls.votes(poll: "p1").count == 1)
        #expect(try await polls.vote(poll: "p1", voter: "d:other", option: "o1") == nil)
        #expect(try await polls.votes(poll: "p1").count == 2)
        #expect(try await polls.vote(poll: "p1", voter: "d:other", option: "o0") == nil)
        #expect(try await polls.choice(poll: "p1", voter: "d:other") == "o0", "a second vote changes the first")
        #expect(try await polls.votes(poll: "p1").count == 2)
        #expect(try await polls.list(owner: owner.id).map(\.id) == ["p1"])
        #expect(try await polls.list(owner: "someone-else").isEmpty)
        #expect(try await polls.vote(poll: "nope", voter: "d:x", option: "o1") == .unknownPoll)
        #expect(try await !polls.close(shareToken: "share-token-1", owner: "someone-else"))
        // Votes racing the close: each is either stored or refused as closed — none lost, none counted twice.
        let before = try await polls.votes(poll: "p1").count
        let raced = await withTaskGroup(of: VoteStoreError?.self) { group in
            for index in 0..<10 {
                group.addTask { await Self.outcome(polls, voter: "d:racer-\(index)", option: "o2") }
            }
            group.addTask {
                _ = try? await polls.close(shareToken: "share-token-1", owner: owner.id)
                return .closed
            }
            return await group.reduce(into: [VoteStoreError?]()) { $0.append($1) }
        }
        let accepted = raced.filter { $0 == nil }.count
        #expect(raced.filter { $0 == .closed }.count == 11 - accepted, "the others were refused as closed")
        #expect(try await polls.votes(poll: "p1").count == before + accepted)
        let closedAt = try #require(try await polls.find(shareToken: "share-token-1")?.closedAt)
        #expect(try await polls.close(shareToken: "share-token-1", owner: owner.id), "closing again is harmless")
        #expect(try await polls.find(shareToken: "share-token-1")?.closedAt == closedAt, "and keeps the first time")
        #expect(try await polls.vote(poll: "p1", voter: "d:late", option: "o1") == .closed)
        #expect(try await polls.find(shareToken: "share-token-1")?.closedAt != nil)
    }
}
