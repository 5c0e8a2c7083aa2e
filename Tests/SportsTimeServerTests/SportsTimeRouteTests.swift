import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import NIOCore
import NIOFoundationCompat
import ServerKit
import SportsTime
import TestSupport
import Testing

@testable import SportsTimeServer

@Suite("SportsTime API")
struct SportsTimeRouteTests {
    static let now = ISO8601.date("2026-11-22T12:00:00.000Z") ?? Date()

    static func app() async throws -> SportsTimeApp {
        let database = try await TestDatabases.make(.sqlite)
        try await Migrator(SportsTimeApp.migrations).migrate(database)
        var logger = Logger(label: "test")
        logger.logLevel = .warning
        return try SportsTimeApp(database: database, logger: logger, now: now)
    }

    static func json(_ response: TestResponse) throws -> Any {
        try JSONSerialization.jsonObject(with: Data(buffer: response.body))
    }

    static func body(_ object: Any) -> ByteBuffer {
        ByteBuffer(data: (try? JSONSerialization.data(withJSONObject: object)) ?? Data())
    }

    func withApp(_ test: @Sendable (SportsTimeApp, any TestClientProtocol) async throws -> Void) async throws {
        let app = try await Self.app()
        let router = Router(context: AppRequestContext.self)
        app.addRoutes(to: router)
        try await Application(router: router).test(.router) { client in try await test(app, client) }
    }

    @Test("venues, teams and games with filters; unknown leagues and bad dates are 400s naming the valid values")
    func catalogue() async throws {
        try await withApp { _, client in
            let venues = try await client.execute(uri: "/api/trips/venues?league=mlb", method: .get)
            let list = try #require(try Self.json(venues) as? [[String: Any]])
            #expect(list.count == 30 && list.contains { $0["id"] as? String == "fenway-park" })
            let teams = try #require(
                try Self.json(try await client.execute(uri: "/api/trips/teams?league=nhl", method: .get))
                    as? [[String: Any]])
            #expect(teams.count == 32)
            let games = try await client.execute(
                uri: "/api/trips/games?league=mlb&team=mlb-bos&from=2026-06-01&to=2026-06-30", method: .get)
            let gameList = try #require(try Self.json(games) as? [[String: Any]])
            #expect(!gameList.isEmpty && gameList.count <= 30)
            #expect(
                gameList.allSatisfy { ($0["home"] as? String == "mlb-bos") || ($0["away"] as? String == "mlb-bos") })
            let bad = try await client.execute(uri: "/api/trips/games?league=cricket", method: .get)
            #expect(bad.status == .badRequest && String(buffer: bad.body).contains("mlb, nba"))
            let badDate = try await client.execute(uri: "/api/trips/games?from=June", method: .get)
            #expect(badDate.status == .badRequest)
            let leagues = try #require(
                try Self.json(try await client.execute(uri: "/api/trips/leagues", method: .get)) as? [[String: Any]])
            #expect(leagues.first { $0["id"] as? String == "mlb" }?["schedule"] as? String == "generated")
            let missing = try await client.execute(uri: "/api/trips/venues/nowhere", method: .get)
            #expect(missing.status == .notFound)
        }
    }

    @Test("plan: options with ordered games and legs; bad preferences answer 422 with the failure and a message")
    func plan() async throws {
        try await withApp { _, client in
            let ok = try await client.execute(
                uri: "/api/trips/plan", method: .post,
                body: Self.body([
                    "planningMode": "dateRange", "sports": ["mlb"], "startDate": "2026-06-01",
                    "endDate": "2026-06-07", "start": "Boston", "numberOfDrivers": 2,
                ]))
            #expect(ok.status == .ok)
            let options = try #require((try Self.json(ok) as? [String: Any])?["options"] as? [[String: Any]])
            #expect(!options.isEmpty)
            let games = try #require(options.first?["games"] as? [[String: Any]])
            let starts = games.compactMap { $0["start"] as? String }
            #expect(starts.count == games.count && starts == starts.sorted(), "games in time order, ISO 8601 UTC")
            #expect(starts.allSatisfy { $0.hasSuffix("Z") })
            let failed = try await client.execute(
                uri: "/api/trips/plan", method: .post,
                body: Self.body(["planningMode": "dateRange", "sports": ["mlb"]]))
            #expect(failed.status == .unprocessableContent)
            let error = try #require((try Self.json(failed) as? [String: Any])?["error"] as? [String: Any])
            #expect(error["code"] as? String == "missingDateRange")
            #expect((error["message"] as? String)?.isEmpty == false)
            let place = try await client.execute(
                uri: "/api/trips/plan", method: .post,
                body: Self.body([
                    "sports": ["mlb"], "startDate": "2026-06-01", "endDate": "2026-06-07", "start": "Atlantis",
                ]))
            #expect(place.status == .badRequest && String(buffer: place.body).contains("Atlantis"))
            let garbage = try await client.execute(
                uri: "/api/trips/plan", method: .post, body: ByteBuffer(string: "{\"sports\": 5}"))
            #expect(garbage.status == .badRequest)
        }
    }

    @Test("a traveller saves a trip, exports it to iCalendar, logs visits, sees progress; others see nothing")
    func travellerFlow() async throws {
        try await withApp { _, client in
            let unauthorised = try await client.execute(uri: "/api/trips/saved", method: .get)
            #expect(unauthorised.status == .unauthorized)
            let created = try #require(
                try Self.json(try await client.execute(uri: "/api/trips/travellers", method: .post))
                    as? [String: Any])
            let token = try #require(created["token"] as? String)
            let auth: HTTPFields = [.authorization: "Bearer \(token)"]
            let planned = try await client.execute(
                uri: "/api/trips/plan", method: .post,
                body: Self.body([
                    "sports": ["mlb"], "startDate": "2026-07-01", "endDate": "2026-07-05", "start": "New York",
                ]))
            let plan = try #require(try Self.json(planned) as? [String: Any])
            let option = try #require((plan["options"] as? [Any])?.first)
            let saved = try await client.execute(
                uri: "/api/trips/saved", method: .post, headers: auth,
                body: Self.body(["name": "July swing", "option": option]))
            #expect(saved.status == .created)
            // An itinerary with a made-up game is refused.
            var forged = try #require(option as? [String: Any])
            var forgedGames = try #require(forged["games"] as? [[String: Any]])
            forgedGames[0]["gameId"] = "mlb-made-up"
            forged["games"] = forgedGames
            let refused = try await client.execute(
                uri: "/api/trips/saved", method: .post, headers: auth,
                body: Self.body(["name": "Fake", "option": forged]))
            #expect(refused.status == .unprocessableContent)
            let id = try #require((try Self.json(saved) as? [String: Any])?["id"] as? String)
            let list = try #require(
                try Self.json(try await client.execute(uri: "/api/trips/saved", method: .get, headers: auth))
                    as? [[String: Any]])
            #expect(list.count == 1 && list.first?["name"] as? String == "July swing")
            let ics = try await client.execute(uri: "/api/trips/saved/\(id)/calendar.ics", method: .get, headers: auth)
            #expect(ics.status == .ok && String(buffer: ics.body).hasPrefix("BEGIN:VCALENDAR\r\n"))
            #expect(String(buffer: ics.body).contains("BEGIN:VEVENT"))
            // Another traveller cannot read it.
            let other = try #require(
                try Self.json(try await client.execute(uri: "/api/trips/travellers", method: .post))
                    as? [String: Any])
            let otherAuth: HTTPFields = [.authorization: "Bearer \(other["token"] as? String ?? "")"]
            let foreign = try await client.execute(uri: "/api/trips/saved/\(id)", method: .get, headers: otherAuth)
            #expect(foreign.status == .notFound)
            // Visits → progress and achievements.
            let visit = try await client.execute(
                uri: "/api/trips/visits", method: .post, headers: auth,
                body: Self.body(["venue": "fenway-park", "date": "2026-07-02", "league": "mlb"]))
            #expect(visit.status == .created)
            let badVisit = try await client.execute(
                uri: "/api/trips/visits", method: .post, headers: auth,
                body: Self.body(["venue": "nowhere", "date": "2026-07-02"]))
            #expect(badVisit.status == .badRequest)
            let progress = try await client.execute(uri: "/api/trips/progress?league=mlb", method: .get, headers: auth)
            #expect(progress.status == .ok && String(buffer: progress.body).contains("fenway-park"))
            let achievements = try #require(
                try Self.json(try await client.execute(uri: "/api/trips/achievements", method: .get, headers: auth))
                    as? [[String: Any]])
            #expect(!achievements.isEmpty)
            let deleted = try await client.execute(uri: "/api/trips/saved/\(id)", method: .delete, headers: auth)
            #expect(deleted.status == .noContent)
        }
    }

    @Test("polls: create from options, vote once per voter, live tally, close; bad polls are 422")
    func pollFlow() async throws {
        try await withApp { _, client in
            let created = try #require(
                try Self.json(try await client.execute(uri: "/api/trips/travellers", method: .post))
                    as? [String: Any])
            let auth: HTTPFields = [.authorization: "Bearer \(created["token"] as? String ?? "")"]
            let planned = try #require(
                try Self.json(
                    try await client.execute(
                        uri: "/api/trips/plan", method: .post,
                        body: Self.body([
                            "sports": ["mlb"], "startDate": "2026-07-01", "endDate": "2026-07-06",
                            "start": "Chicago", "topK": 3,
                        ]))) as? [String: Any])
            let options = try #require(planned["options"] as? [Any])
            #expect(options.count >= 2)
            let one = try await client.execute(
                uri: "/api/trips/polls", method: .post, headers: auth,
                body: Self.body(["title": "Which?", "options": [["label": "A", "option": options[0]]]]))
            #expect(one.status == .unprocessableContent, "a poll needs 2–5 options")
            let poll = try await client.execute(
                uri: "/api/trips/polls", method: .post, headers: auth,
                body: Self.body([
                    "title": "Summer trip",
                    "options": [["label": "A", "option": options[0]], ["label": "B", "option": options[1]]],
                ]))
            #expect(poll.status == .created)
            let share = try #require((try Self.json(poll) as? [String: Any])?["shareToken"] as? String)
            let vote = try await client.execute(
                uri: "/api/trips/polls/\(share)/votes", method: .post,
                body: Self.body(["optionID": "o2", "voterID": "device-1234"]))
            #expect(vote.status == .created)
            let again = try await client.execute(
                uri: "/api/trips/polls/\(share)/votes", method: .post,
                body: Self.body(["optionID": "o1", "voterID": "device-1234"]))
            #expect(again.status == .created, "voting again changes the vote")
            let changed = try #require((try Self.json(again) as? [String: Any])?["tally"] as? [String: Any])
            #expect(changed["total"] as? Int == 1)
            let unknown = try await client.execute(
                uri: "/api/trips/polls/\(share)/votes", method: .post,
                body: Self.body(["optionID": "o9", "voterID": "device-5678"]))
            #expect(unknown.status == .unprocessableContent)
            let closed = try await client.execute(uri: "/api/trips/polls/\(share)/close", method: .post, headers: auth)
            let tally = try #require((try Self.json(closed) as? [String: Any])?["tally"] as? [String: Any])
            #expect(tally["total"] as? Int == 1 && tally["winner"] as? String == "o1")
            let late = try await client.execute(
                uri: "/api/trips/polls/\(share)/votes", method: .post,
                body: Self.body(["optionID": "o1", "voterID": "device-9999"]))
            #expect(late.status == .conflict)
            let missing = try await client.execute(uri: "/api/trips/polls/not-a-poll", method: .get)
            #expect(missing.status == .notFound)
        }
    }

    @Test("imported schedules replace the generated games of their league and dates, on every instance")
    func importReplaces() async throws {
        let app = try await Self.app()
        let before = try await app.currentCatalog().games.filter { $0.league == .mlb }
        let csv = """
            id,league,home,away,venue,start,local_date,status,doubleheader
            mlb-real-1,mlb,mlb-bos,mlb-nyy,fenway-park,2026-06-02T23:10:00Z,2026-06-02,scheduled,
            mlb-real-2,mlb,mlb-nyy,mlb-bos,yankee-stadium,2026-06-04T23:05:00Z,2026-06-04,scheduled,
            """
        let result = try await app.importSchedule(Data(csv.utf8), format: .canonicalCSV, league: nil)
        #expect(result.games.count == 2)
        let after = try await app.currentCatalog().games.filter { $0.league == .mlb }
        let window = after.filter {
            $0.localDate >= LocalDate("2026-06-02")! && $0.localDate <= LocalDate("2026-06-04")!
        }
        #expect(window.map(\.id.rawValue).sorted() == ["mlb-real-1", "mlb-real-2"])
        #expect(after.count < before.count && after.count > 1000, "other dates keep their generated games")
        #expect(try await app.importedCounts() == [.mlb: 2])
    }
}
