import ClubWeekly
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import NIOFoundationCompat
import ServerKit
import StravaAPI
import TestSupport
import Testing

@testable import ClubWeeklyServer

/// The newest worker's member endpoints (`/exchange`, `/refresh`, `/enrol`, `/leave`) against the fake Strava.
@Suite("Worker member endpoints")
struct CompatibilityMemberTests {
    static func post(_ client: some TestClientProtocol, _ path: String, _ body: String) async throws -> TestResponse {
        try await client.execute(
            uri: path, method: .post, headers: [.contentType: "application/json"], body: ByteBuffer(string: body))
    }

    @Test("exchange and stateless refresh proxy the token grant and validate their bodies")
    func exchangeAndRefresh() async throws {
        let harness = try await SyncHarness.make()
        defer { harness.cleanUp() }
        let server = try await harness.open()
        let code = await harness.strava.state.authorize(athlete: 501)
        try await server.http { client in
            let exchanged = try await Self.post(client, "/exchange", #"{"code":"\#(code)"}"#)
            #expect(exchanged.status == .ok)
            #expect(exchanged.headers[.accessControlAllowOrigin] == "*")
            let tokens = try #require(
                try JSONSerialization.jsonObject(with: Data(buffer: exchanged.body)) as? [String: Any])
            #expect(Set(tokens.keys) == ["access_token", "refresh_token", "expires_at", "token_type"])
            let refreshToken = try #require(tokens["refresh_token"] as? String)
            let refreshed = try await Self.post(client, "/refresh", #"{"refresh_token":"\#(refreshToken)"}"#)
            #expect(refreshed.status == .ok)
            // Strava refuses a used code; the status and message are passed on.
            let reused = try await Self.post(client, "/exchange", #"{"code":"\#(code)"}"#)
            #expect(reused.status.code >= 400 && reused.status.code < 500)

            for (path, body, message) in [
                ("/exchange", "{}", "Missing or invalid 'code' field"),
                ("/exchange", #"{"code":42}"#, "Missing or invalid 'code' field"),
                ("/exchange", "not json", "Invalid JSON body"),
                ("/refresh", "{}", "Missing or invalid 'refresh_token' field"),
                ("/refresh", #"{"athlete_id":501}"#, "Missing or invalid 'refresh_token' field"),
                ("/enrol", "[]", "Invalid JSON body"),
                ("/leave", "{}", "Missing or invalid 'access_token' field"),
            ] {
                let response = try await Self.post(client, path, body)
                #expect(response.status == .badRequest, "\(path) \(body)")
                let json = try JSONSerialization.jsonObject(with: Data(buffer: response.body)) as? [String: Any]
                #expect(json?["error"] as? String == message, "\(path) \(body)")
            }
            #expect(try await client.execute(uri: "/exchange", method: .get).status == .notFound)
            // Bodies over 64 kB are the client's fault: 413 in the worker's shape, never a 502 with internals.
            let padding = String(repeating: "x", count: 70_000)
            for path in ["/exchange", "/refresh", "/enrol", "/leave"] {
                let response = try await Self.post(client, path, #"{"code":"\#(padding)"}"#)
                #expect(response.status == .contentTooLarge, "\(path)")
                let json = try JSONSerialization.jsonObject(with: Data(buffer: response.body)) as? [String: Any]
                #expect(json?["error"] as? String == "The request body is larger than 64 kB.")
                #expect(response.headers[.accessControlAllowOrigin] == "*")
            }
        }
        await server.close()
        await harness.strava.stop()
    }

    @Test("enrol syncs the rider at once; member-key refresh; leave removes the rider and their data")
    func enrolRefreshLeave() async throws {
        let harness = try await SyncHarness.make()
        defer { harness.cleanUp() }
        let server = try await harness.open()
        let athlete: Int64 = 777
        let seeded = await harness.seed(athlete: athlete, index: 0, weeks: 2)
        let code = await harness.strava.state.authorize(athlete: athlete)
        try await server.http { client in
            let exchanged = try await Self.post(client, "/exchange", #"{"code":"\#(code)"}"#)
            let refreshToken = try #require(
                (try JSONSerialization.jsonObject(with: Data(buffer: exchanged.body)) as? [String: Any])?[
                    "refresh_token"]
                    as? String)
            let path = "/clubs/\(SyncHarness.slug)"
            // The club's feed is private: enrolling takes its code.
            let withoutCode = try await Self.post(client, "\(path)/enrol", #"{"refresh_token":"\#(refreshToken)"}"#)
            #expect(withoutCode.status == .unauthorized)
            let enrolled = try await client.execute(
                uri: "\(path)/enrol", method: .post,
                headers: [.contentType: "application/json", .authorization: "Bearer \(SyncHarness.clubCode)"],
                body: ByteBuffer(string: #"{"refresh_token":"\#(refreshToken)"}"#))
            #expect(enrolled.status == .ok)
            let body = try #require(
                try JSONSerialization.jsonObject(with: Data(buffer: enrolled.body)) as? [String: Any])
            #expect(body["enrolled"] as? Bool == true)
            #expect((body["athlete_id"] as? NSNumber)?.int64Value == athlete)
            #expect(body["name"] as? String == "Rider0 N.")
            let key = try #require(body["member_key"] as? String)
            #expect(key.count == 64 && key.allSatisfy(\.isHexDigit))
            // The rider shows in the worker feed straight away, without force=1.
            let feed = try await client.execute(
                uri: "\(path)/club-data", method: .get, headers: [.authorization: "Bearer \(SyncHarness.clubCode)"])
            let feedJSON = try #require(
                try JSONSerialization.jsonObject(with: Data(buffer: feed.body)) as? [String: Any])
            #expect(feedJSON["enrolledCount"] as? Int == 1)
            #expect(try await server.activityCount() == seeded.count)

            // Re-enrolling hands back the same key and doubles nothing.
            let newRefresh = try #require(await harness.strava.state.refreshTokens(of: athlete).first)
            let again = try await client.execute(
                uri: "\(path)/enrol", method: .post,
                headers: [.contentType: "application/json", .authorization: "Bearer \(SyncHarness.clubCode)"],
                body: ByteBuffer(string: #"{"refresh_token":"\#(newRefresh)"}"#))
            let againJSON = try JSONSerialization.jsonObject(with: Data(buffer: again.body)) as? [String: Any]
            #expect(againJSON?["member_key"] as? String == key)
            #expect(try await server.activityCount() == seeded.count)

            let viaKey = try await Self.post(client, "/refresh", #"{"athlete_id":\#(athlete),"member_key":"\#(key)"}"#)
            #expect(viaKey.status == .ok)
            let viaKeyJSON = try #require(
                try JSONSerialization.jsonObject(with: Data(buffer: viaKey.body)) as? [String: Any])
            #expect(viaKeyJSON["refresh_token"] == nil)
            let access = try #require(viaKeyJSON["access_token"] as? String)
            let wrongKey = try await Self.post(
                client, "/refresh", #"{"athlete_id":\#(athlete),"member_key":"\#(String(repeating: "0", count: 64))"}"#)
            #expect(wrongKey.status == .unauthorized)

            let badLeave = try await Self.post(client, "\(path)/leave", #"{"access_token":"nope"}"#)
            #expect(badLeave.status == .unauthorized)
            let left = try await Self.post(client, "\(path)/leave", #"{"access_token":"\#(access)"}"#)
            #expect(left.status == .ok)
            let leftJSON = try JSONSerialization.jsonObject(with: Data(buffer: left.body)) as? [String: Any]
            #expect(leftJSON?["enrolled"] as? Bool == false)
            #expect(try await server.activityCount() == 0)
            #expect(try await server.app.accounts.find(athlete) == nil)
            // Deliberately unlike leaving on the web: the app that called /leave holds this very token and keeps
            // using it, so the authorisation is not revoked at Strava (Membership.StravaLink.keepAuthorised).
            #expect(await harness.strava.state.isValid(accessToken: access))
            #expect(await harness.strava.state.revokedTokens.isEmpty)
        }
        await server.close()
        await harness.strava.stop()
    }
}

/// What the `clubhouse club …` commands do, through the same methods they call.
@Suite("Admin command operations")
struct AdminCommandTests {
    @Test("create, list, import and sync print what they did and refuse bad input")
    func commands() async throws {
        let harness = try await RouteHarness.make()
        let app = harness.app
        let created = try await app.createClub(
            name: "Dunboyne CC", slug: nil, timeZone: "Europe/Dublin", weekStart: "sun", code: nil, adminPassword: nil,
            publicFeed: false)
        #expect(created.slug == "dunboyne-cc")
        #expect(ClubCodes.isValid(created.code))
        await #expect(throws: (any Error).self) {
            try await app.createClub(
                name: "Bad", slug: nil, timeZone: "Mars/Base", weekStart: nil, code: nil, adminPassword: nil,
                publicFeed: false)
        }
        await #expect(throws: (any Error).self) {
            try await app.createClub(
                name: "Bad2", slug: nil, timeZone: "UTC", weekStart: "someday", code: nil, adminPassword: nil,
                publicFeed: false)
        }
        let lines = try await app.listClubs()
        #expect(lines.contains { $0.hasPrefix("dunboyne-cc\t") && $0.contains("code \(created.code)") })
        #expect(lines.contains { $0.hasPrefix("demo\t") && $0.contains("12 members") })

        let file = TestDatabases.temporaryFile("activities.csv")
        try Data(
            """
            Activity ID,Activity Date,Activity Name,Activity Type,Distance
            1,"Nov 17, 2026, 7:00:00 AM",Ride,Ride,25.5
            2,"garbage",Ride,Ride,10

            """.utf8
        ).write(to: URL(fileURLWithPath: file))
        let output = try await app.importFile(path: file, clubSlug: "dunboyne-cc", memberName: "Sarah Murphy")
        #expect(output.contains("Imported 1 new activity for Sarah Murphy"))
        #expect(output.contains("line 3:"))
        let again = try await app.importFile(path: file, clubSlug: "dunboyne-cc", memberName: "sarah murphy")
        #expect(again.contains("Imported 0 new"))
        let club = try #require(try await app.clubs.find(slug: "dunboyne-cc")).club
        #expect(try await app.members.members(of: club.id).count == 1)
        await #expect(throws: CLIError.self) {
            try await app.importFile(path: file, clubSlug: "nope", memberName: "A B")
        }
        await #expect(throws: CLIError.self) {
            try await app.importFile(path: "/no/such/file.csv", clubSlug: "dunboyne-cc", memberName: "A B")
        }
        #expect(try await app.queueSync(clubSlug: "dunboyne-cc") == 0)
        await #expect(throws: CLIError.self) { try await app.queueSync(clubSlug: "nope") }
    }
}
