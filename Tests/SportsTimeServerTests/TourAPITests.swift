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

@Suite("SportsTime API: tour searches")
struct TourAPITests {
    static func json(_ response: TestResponse) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(buffer: response.body)) as? [String: Any])
    }

    static func body(_ object: [String: Any]) -> ByteBuffer {
        ByteBuffer(data: (try? JSONSerialization.data(withJSONObject: object)) ?? Data())
    }

    static func drain(_ app: SportsTimeApp) async throws {
        var logger = Logger(label: "test")
        logger.logLevel = .warning
        try await JobRunner(
            queue: JobQueue(database: app.schedules.database), handlers: app.jobHandlers, logger: logger
        ).drain()
    }

    func withApp(_ test: @Sendable (SportsTimeApp, any TestClientProtocol) async throws -> Void) async throws {
        let app = try await SportsTimeRouteTests.app()
        let router = Router(context: AppRequestContext.self)
        app.addRoutes(to: router)
        try await Application(router: router).test(.router) { client in try await test(app, client) }
    }

    @Test("at most 8 searches wait at once: a 9th new one is 503 with Retry-After; joining a waiting one still works")
    func queueCap() async throws {
        try await withApp { app, client in
            func request(_ day: Int) -> ByteBuffer {
                Self.body([
                    "league": "mlb", "season": 2026, "rules": "continuous", "from": "2026-06-01",
                    "to": String(format: "2026-06-%02d", day),
                    "parks": ["fenway-park", "yankee-stadium", "citi-field"],
                    "timeLimit": 5,
                ])
            }
            for day in 3..<(3 + TourRepository.maxWaiting) {
                let queued = try await client.execute(uri: "/api/trips/tours", method: .post, body: request(day))
                #expect(queued.status == .accepted, "search \(day - 2)")
            }
            let refused = try await client.execute(uri: "/api/trips/tours", method: .post, body: request(20))
            #expect(refused.status == .serviceUnavailable)
            #expect(refused.headers[.retryAfter] == "60")
            let error = try #require(try Self.json(refused)["error"] as? [String: Any])
            #expect(error["code"] as? String == "busy")
            let joined = try await client.execute(uri: "/api/trips/tours", method: .post, body: request(3))
            #expect(joined.status == .accepted, "the same search as a waiting one joins it")
            try await Self.drain(app)
            let later = try await client.execute(uri: "/api/trips/tours", method: .post, body: request(20))
            #expect(later.status == .accepted, "once the queue has run, new searches are taken again")
        }
    }

    @Test("POST starts a job (202, Location), GET follows it to the tour with its rules, lower bound and gap")
    func startAndFollow() async throws {
        try await withApp { app, client in
            let parks = ["fenway-park", "yankee-stadium", "citi-field", "citizens-bank-park", "nationals-park"]
            let request: [String: Any] = [
                "league": "mlb", "season": 2026, "rules": "continuous", "gameHours": 2.5, "bufferHours": 0.5,
                "from": "2026-06-01", "to": "2026-06-03", "parks": parks, "timeLimit": 20,
            ]
            let started = try await client.execute(
                uri: "/api/trips/tours", method: .post, body: Self.body(request))
            #expect(started.status == .accepted)
            let job = try Self.json(started)
            let id = try #require(job["id"] as? String)
            #expect(job["state"] as? String == "queued" && job["progress"] as? Double == 0)
            #expect(started.headers[.location] == "/api/trips/tours/" + id)
            #expect(job["statusUrl"] as? String == "/api/trips/tours/" + id)
            let waiting = try Self.json(try await client.execute(uri: "/api/trips/tours/" + id, method: .get))
            #expect(waiting["state"] as? String == "queued" && waiting["tour"] == nil)
            // The same request joins the same job.
            let again = try Self.json(
                try await client.execute(uri: "/api/trips/tours", method: .post, body: Self.body(request)))
            #expect(again["id"] as? String == id)
            #expect(
                try await JobQueue(database: app.schedules.database).pendingCount(kind: SportsTimeApp.tourJobKind) == 1)

            try await Self.drain(app)
            let done = try await client.execute(uri: "/api/trips/tours/" + id, method: .get)
            #expect(done.status == .ok)
            let result = try Self.json(done)
            #expect(result["state"] as? String == "done" && result["progress"] as? Double == 1)
            let rules = try #require(result["rules"] as? [String: Any])
            #expect(rules["driving"] as? String == "continuous")
            #expect(rules["gameHours"] as? Double == 2.5 && rules["bufferHours"] as? Double == 0.5)
            let tour = try #require(result["tour"] as? [String: Any])
            let visits = try #require(tour["visits"] as? [[String: Any]])
            #expect(Set(visits.compactMap { $0["venueId"] as? String }) == Set(parks))
            let bound = try #require(result["lowerBound"] as? [String: Any])
            let days = try #require(result["days"] as? Double)
            #expect((bound["value"] as? Double).map { $0 <= days + 1e-9 } == true)
            #expect((result["gap"] as? Double).map { $0 >= 0 && $0 < 1 } == true)
            // Done: posting it again answers 200 with the tour at once.
            let known = try await client.execute(uri: "/api/trips/tours", method: .post, body: Self.body(request))
            let knownJob = try Self.json(known)
            #expect(known.status == .ok && knownJob["tour"] != nil)
        }
    }

    @Test(
        "bad input answers 400 with a message naming the field",
        arguments: [
            (#"{"rules":"teleport","season":2026}"#, "rules"),
            (#"{"league":"cricket","season":2026}"#, "league"),
            (#"{"season":2026,"gameHours":12}"#, "gameHours"),
            (#"{"season":2026,"bufferHours":-1}"#, "bufferHours"),
            (#"{"season":2026,"timeLimit":0}"#, "timeLimit"),
            (#"{"season":2026,"parks":["nowhere","fenway-park"]}"#, "parks"),
            (#"{"season":2026,"rules":"continuous","start":"Boston"}"#, "start"),
            (#"{"season":1990}"#, "season"),
            (#"{"season":"soon"}"#, ""),
            ("", ""),
        ])
    func badInput(body: String, field: String) async throws {
        try await withApp { _, client in
            let response = try await client.execute(
                uri: "/api/trips/tours", method: .post, body: ByteBuffer(string: body))
            #expect(response.status == .badRequest)
            let error = try #require(try Self.json(response)["error"] as? [String: Any])
            let message = try #require(error["message"] as? String)
            #expect(!message.isEmpty)
            if !field.isEmpty { #expect(message.contains(field + ":"), "\(message)") }
        }
    }

    @Test("GET of a malformed id is 400, of an unknown search 404")
    func unknownJobs() async throws {
        try await withApp { _, client in
            let malformed = try await client.execute(uri: "/api/trips/tours/not%20an%20id!", method: .get)
            #expect(malformed.status == .badRequest)
            let unknown = SportsTimeApp.tourJobID("league=mlb&season=2026&drivers=1&hours=8&v=old")
            #expect(SportsTimeApp.tourKey(jobID: unknown) == "league=mlb&season=2026&drivers=1&hours=8&v=old")
            let missing = try await client.execute(uri: "/api/trips/tours/" + unknown, method: .get)
            #expect(missing.status == .notFound)
        }
    }

    @Test("the OpenAPI document describes every route of SportsTimeURL with its method")
    func openAPIMatchesRoutes() throws {
        let data = try #require(SportsTimeApp.openAPIDocument)
        let document = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let paths = try #require(document["paths"] as? [String: [String: Any]])
        for route in SportsTimeURL.allCases {
            let path =
                "/"
                + route.pattern.split(separator: "/").map {
                    $0.hasPrefix(":") ? "{\($0.dropFirst())}" : String($0)
                }.joined(separator: "/")
            let methods = paths[path]
            #expect(methods != nil, "\(path) is not in openapi.json")
            #expect(methods?[route.method.rawValue.lowercased()] != nil, "\(route.method) \(path)")
        }
    }
}
