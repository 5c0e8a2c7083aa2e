import ClubWeekly
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import NIOCore
import NIOFoundationCompat
import ServerKit
import StravaAPI
import TestSupport
import Testing

@testable import ClubWeeklyServer

@Suite("Access and abuse resistance")
struct AccessSecurityTests {
    @Test("X-Forwarded-For is not believed without a trusted proxy: rotating it does not lift the lock-out")
    func spoofedForwardedFor() async throws {
        let harness = try await RouteHarness.make()
        try await harness.test { client in
            var last: HTTPResponse.Status = .ok
            for attempt in 0..<12 {
                let response = try await client.execute(
                    uri: "/api/clubs/harbour-wheelers/session", method: .post,
                    headers: [.xForwardedFor: "10.0.0.\(attempt)"], body: jsonBody(["code": "WRONGWRONG"]))
                last = response.status
            }
            #expect(last == .tooManyRequests)
        }
    }

    @Test("guessing the code as a Bearer token is locked out too")
    func bearerGuessing() async throws {
        let harness = try await RouteHarness.make()
        try await harness.test { client in
            var statuses: [HTTPResponse.Status] = []
            for _ in 0..<11 {
                statuses.append(
                    try await client.execute(
                        uri: "/clubs/harbour-wheelers/club-data", method: .get,
                        headers: [.authorization: "Bearer WRONGWRONG"]
                    ).status)
            }
            #expect(statuses.prefix(10).allSatisfy { $0 == .unauthorized })
            #expect(statuses.last == .tooManyRequests)
            let right = try await client.execute(
                uri: "/api/clubs/harbour-wheelers/week", method: .get,
                headers: [.authorization: "Bearer \(harness.privateCode)"])
            #expect(right.status == .tooManyRequests)
        }
    }

    @Test("parallel wrong codes cannot get past the limit")
    func parallelGuesses() async throws {
        let harness = try await RouteHarness.make()
        try await harness.test { client in
            let statuses = try await withThrowingTaskGroup(of: HTTPResponse.Status.self) { group in
                for _ in 0..<30 {
                    group.addTask {
                        try await client.execute(
                            uri: "/api/clubs/harbour-wheelers/session", method: .post,
                            body: jsonBody(["code": "WRONGWRONG"])
                        ).status
                    }
                }
                var all: [HTTPResponse.Status] = []
                for try await status in group { all.append(status) }
                return all
            }
            #expect(statuses.filter { $0 == .unauthorized }.count == 10)
            #expect(statuses.filter { $0 == .tooManyRequests }.count == 20)
        }
    }

    @Test("rotating the code signs every member out; the admin keeps a fresh session")
    func rotationSignsOut() async throws {
        let harness = try await RouteHarness.make()
        try await harness.test { client in
            let member = try await harness.memberCookie(client)
            let admin = try await harness.adminCookie(client)
            let malformed = try await client.execute(
                uri: "/api/clubs/harbour-wheelers/code", method: .post, headers: [.cookie: admin],
                body: ByteBuffer(string: "{\"cod\": oops"))
            #expect(malformed.status == .badRequest)
            let chosen = try await client.execute(
                uri: "/api/clubs/harbour-wheelers/code", method: .post, headers: [.cookie: admin],
                body: jsonBody(["code": "NEWK-ADES-2345"]))
            #expect(chosen.status == .ok)
            #expect(chosen.json["code"] as? String == "NEWKADES2345")
            let freshAdmin = try #require(chosen.cookie)
            let week = "/api/clubs/harbour-wheelers/week"
            #expect(
                try await client.execute(uri: week, method: .get, headers: [.cookie: member]).status == .unauthorized)
            #expect(
                try await client.execute(uri: week, method: .get, headers: [.cookie: admin]).status == .unauthorized)
            #expect(try await client.execute(uri: week, method: .get, headers: [.cookie: freshAdmin]).status == .ok)
        }
    }

    @Test("request logs carry the path but never the query string")
    func requestLogsHideQueries() async throws {
        let sink = LogSink()
        var logger = Logger(label: "test") { _ in CapturingLogHandler(sink: sink) }
        logger.logLevel = .info
        let router = Router(context: AppRequestContext.self)
        router.add(middleware: RequestLogMiddleware())
        router.get("strava/callback") { _, _ in "ok" }
        let app = Application(router: router, logger: logger)
        try await app.test(.router) { client in
            _ = try await client.execute(uri: "/strava/callback?code=SECRETCODE&state=SECRETSTATE", method: .get)
        }
        let lines = sink.lines
        #expect(lines.contains { $0.contains("GET /strava/callback 200") })
        #expect(!lines.contains { $0.contains("SECRET") })
    }
}

@Suite("Webhook forgery")
struct WebhookForgeryTests {
    @Test("an event naming someone else's public activity adds nothing; other subscriptions are ignored")
    func foreignActivity() async throws {
        let harness = try await SyncHarness.make()
        defer { harness.cleanUp() }
        let server = try await harness.open()
        let member: Int64 = 8101
        let stranger: Int64 = 8102
        await harness.seed(athlete: member, index: 0, weeks: 1)
        let foreign = harness.activity(id: 8_102_001, athlete: stranger, name: "Stranger's ride", ago: 300)
        await harness.strava.state.put(foreign, athlete: stranger)
        try await server.http { client in
            _ = try await harness.connect(athlete: member, client: client)
            try await server.runner.drain()
            let before = try await server.activityCount()
            let base = "http://127.0.0.1:\(try #require(client.port))"
            try await FakeStravaWebhook.send(
                FakeStravaWebhook.activity(.create, id: foreign.id, owner: member, eventTime: harness.eventTime(1)),
                to: base)
            try await server.runner.drain()
            #expect(try await server.activityCount() == before)
            #expect(!(try await harness.weekTitles(offset: 0, client: client).contains("Stranger's ride")))
        }
        await server.close()

        // With the subscription id configured, events of other subscriptions are not even queued.
        var strictHarness = harness
        strictHarness.config.strava.subscriptionID = 42
        let strict = try await strictHarness.open()
        try await strict.http { client in
            let base = "http://127.0.0.1:\(try #require(client.port))"
            try await FakeStravaWebhook.send(
                FakeStravaWebhook.activity(.create, id: 1, owner: member, subscription: 7), to: base)
            #expect(try await strict.app.queue.pendingCount(kind: StravaJob.event) == 0)
        }
        await strict.close()
        await harness.strava.stop()
    }
}
