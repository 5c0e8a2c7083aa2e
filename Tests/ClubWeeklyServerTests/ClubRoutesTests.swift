import ClubWeekly
import Configuration
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import NIOCore
import NIOFoundationCompat
import ServerKit
import StravaServer
import TestSupport
import Testing

@testable import ClubWeeklyServer

/// A Club Weekly app on a fresh database with two clubs: the demo club (public feed) and a private one.
struct RouteHarness {
    let app: ClubWeeklyApp
    let database: Database
    let privateCode: String
    let privateSlug = "harbour-wheelers"

    /// `environment` holds settings as environment variables (`CLUBWEEKLY_IMPORT_BACKGROUND_ROWS`, …).
    static func make(kind: DatabaseKind = .sqlite, environment: [String: String] = [:]) async throws -> RouteHarness {
        let database = try await TestDatabases.make(kind)
        try await Migrator(ClubWeeklyApp.migrations).migrate(database)
        var config = ServerConfig()
        config.settings = ConfigReader(provider: EnvironmentVariablesProvider(environmentVariables: environment))
        config.strava.apiBaseURL = "http://127.0.0.1:9/api/v3"
        config.strava.oauthBaseURL = "http://127.0.0.1:9/oauth"
        var logger = Logger(label: "test")
        logger.logLevel = .warning
        let cipher = try TokenCipher(encodedKey: String(repeating: "7f", count: 32))
        let strava = try StravaServices(settings: config.strava, database: database, logger: logger)
        let app = ClubWeeklyApp(config: config, database: database, cipher: cipher, strava: strava, logger: logger)
        try await app.seedDemoIfEmpty()
        let created = try await app.createClub(
            name: "Harbour Wheelers", slug: "harbour-wheelers", timeZone: "Europe/Zurich", weekStart: nil,
            code: "HRBR-WHEE-2323", adminPassword: "correct horse battery", publicFeed: false)
        return RouteHarness(app: app, database: database, privateCode: created.code)
    }

    /// Signs in to the private club with its code; returns the session cookie.
    func memberCookie(_ client: some TestClientProtocol) async throws -> String {
        try #require(
            try await client.execute(
                uri: "/api/clubs/\(privateSlug)/session", method: .post, body: jsonBody(["code": privateCode])
            ).cookie)
    }

    /// Signs in to the private club as its admin; returns the session cookie.
    func adminCookie(_ client: some TestClientProtocol) async throws -> String {
        try #require(
            try await client.execute(
                uri: "/api/clubs/\(privateSlug)/admin/session", method: .post,
                body: jsonBody(["password": "correct horse battery"])
            ).cookie)
    }

    func test(_ body: @Sendable (any TestClientProtocol) async throws -> Void) async throws {
        let router = Router(context: AppRequestContext.self)
        app.addRoutes(to: router)
        let application = Application(router: router)
        try await application.test(.router, body)
    }
}

extension TestResponse {
    var json: [String: Any] {
        (try? JSONSerialization.jsonObject(with: Data(buffer: body))) as? [String: Any] ?? [:]
    }
    var text: String { String(buffer: body) }
    var cookie: String? { headers[.setCookie]?.split(separator: ";").first.map(String.init) }
}

func jsonBody(_ object: [String: Any]) -> ByteBuffer {
    ByteBuffer(data: (try? JSONSerialization.data(withJSONObject: object)) ?? Data())
}

@Suite("Club Weekly routes")
struct ClubRoutesTests {
    @Test("club-data keeps the original worker's shape, statuses and messages", arguments: TestDatabases.kinds)
    func compatibilityFeed(kind: DatabaseKind) async throws {
        let harness = try await RouteHarness.make(kind: kind)
        try await harness.test { client in
            let ok = try await client.execute(uri: "/club-data", method: .get)
            #expect(ok.status == .ok)
            #expect(ok.headers[.accessControlAllowOrigin] == "*")
            #expect(ok.headers[.contentType] == "application/json")
            let body = ok.json
            let stamp = try #require(body["lastFetchedAt"] as? String)
            #expect(stamp.hasSuffix("Z") && stamp.contains("."))
            #expect((body["weekLabel"] as? String)?.hasPrefix("w/c ") == true)
            #expect(body["dateSource"] as? String == "demo")
            let members = try #require(body["members"] as? [[String: Any]])
            #expect(!members.isEmpty)
            let distances = members.compactMap { $0["totalDistance"] as? Double }
            #expect(distances == distances.sorted(by: >))
            #expect(ok.text.hasPrefix(#"{"lastFetchedAt":"#))

            let slugged = try await client.execute(uri: "/clubs/demo/club-data?weekOffset=-2", method: .get)
            #expect(slugged.status == .ok)

            for bad in ["abc", "", "1", "%20"] {
                let response = try await client.execute(uri: "/club-data?weekOffset=\(bad)", method: .get)
                #expect(response.status == .badRequest, "weekOffset=\(bad)")
                #expect(
                    response.json["error"] as? String
                        == "Invalid weekOffset. Must be 0 (current) or negative (past weeks).")
            }
            // parseInt semantics: "-2abc" is -2, "-1.5" is -1.
            #expect(try await client.execute(uri: "/club-data?weekOffset=-2abc", method: .get).status == .ok)
            #expect(try await client.execute(uri: "/club-data?weekOffset=-1.5", method: .get).status == .ok)
            let old = try await client.execute(uri: "/club-data?weekOffset=-99999999999999999999", method: .get)
            #expect(old.status == .unprocessableContent || old.status == .badRequest)
            let tooOld = try await client.execute(uri: "/club-data?weekOffset=-40", method: .get)
            #expect(tooOld.status == .unprocessableContent)
            #expect((tooOld.json["error"] as? String)?.contains("(max -") == true)

            let post = try await client.execute(uri: "/club-data", method: .post)
            #expect(post.status == .methodNotAllowed)
            #expect(post.json["error"] as? String == "Method not allowed")
            let options = try await client.execute(uri: "/club-data", method: .options)
            #expect(options.status == .ok)
            #expect(options.headers[.accessControlAllowMethods] == "GET, POST, OPTIONS")
            let missing = try await client.execute(uri: "/clubs/nope/club-data", method: .get)
            #expect(missing.status == .notFound)
            #expect(missing.json["error"] as? String == "Not found")
        }
    }

    @Test("a private club's feed needs its code as a bearer token")
    func privateFeed() async throws {
        let harness = try await RouteHarness.make()
        try await harness.test { client in
            let anonymous = try await client.execute(uri: "/clubs/harbour-wheelers/club-data", method: .get)
            #expect(anonymous.status == .unauthorized)
            let wrong = try await client.execute(
                uri: "/clubs/harbour-wheelers/club-data", method: .get, headers: [.authorization: "Bearer WRONGCODE"])
            #expect(wrong.status == .unauthorized)
            let right = try await client.execute(
                uri: "/clubs/harbour-wheelers/club-data", method: .get,
                headers: [.authorization: "Bearer \(harness.privateCode)"])
            #expect(right.status == .ok)
            // The demo club's code does not open another club.
            let demoRecord = try #require(try await harness.app.clubs.find(slug: "demo"))
            let demoCode = try harness.app.clubService.code(of: demoRecord)
            let cross = try await client.execute(
                uri: "/clubs/harbour-wheelers/club-data", method: .get, headers: [.authorization: "Bearer \(demoCode)"])
            #expect(cross.status == .unauthorized)
        }
    }

    @Test("club code login: session cookie, wrong codes, lock-out with Retry-After", arguments: TestDatabases.kinds)
    func login(kind: DatabaseKind) async throws {
        let harness = try await RouteHarness.make(kind: kind)
        try await harness.test { client in
            let week = "/api/clubs/harbour-wheelers/week"
            #expect(try await client.execute(uri: week, method: .get).status == .unauthorized)
            let login = try await client.execute(
                uri: "/api/clubs/harbour-wheelers/session", method: .post,
                body: jsonBody(["code": "hrbr whee 2323"]))
            #expect(login.status == .ok)
            let setCookie = try #require(login.headers[.setCookie])
            #expect(setCookie.contains("HttpOnly") && setCookie.contains("SameSite=Lax"))
            let cookie = try #require(login.cookie)
            let view = try await client.execute(uri: week, method: .get, headers: [.cookie: cookie])
            #expect(view.status == .ok)
            #expect((view.json["club"] as? [String: Any])?["timeZone"] as? String == "Europe/Zurich")
            // The session of one club never reads another private club's admin pages or members.
            let crossAdmin = try await client.execute(
                uri: "/api/clubs/demo/code", method: .post, headers: [.cookie: cookie])
            #expect(crossAdmin.status == .forbidden)

            var statuses: [HTTPResponse.Status] = []
            for _ in 0..<11 {
                let response = try await client.execute(
                    uri: "/api/clubs/harbour-wheelers/session", method: .post, body: jsonBody(["code": "WRONGWRONG"]))
                statuses.append(response.status)
                if response.status == .tooManyRequests {
                    #expect(Int(response.headers[.retryAfter] ?? "") ?? 0 > 0)
                    #expect(response.json["error"].flatMap { $0 as? [String: Any] }?["code"] as? String == "locked_out")
                }
            }
            #expect(statuses.filter { $0 == .unauthorized }.count == 10)
            #expect(statuses.last == .tooManyRequests)
            // Even the right code is refused while locked out.
            let locked = try await client.execute(
                uri: "/api/clubs/harbour-wheelers/session", method: .post,
                body: jsonBody(["code": harness.privateCode]))
            #expect(locked.status == .tooManyRequests)
            // Other clubs are not affected.
            let demoRecord = try #require(try await harness.app.clubs.find(slug: "demo"))
            let demo = try await client.execute(
                uri: "/api/clubs/demo/session", method: .post,
                body: jsonBody(["code": try harness.app.clubService.code(of: demoRecord)]))
            #expect(demo.status == .ok)
        }
    }

    @Test("admin edits settings, rotates the code and removes members; members cannot", arguments: TestDatabases.kinds)
    func admin(kind: DatabaseKind) async throws {
        let harness = try await RouteHarness.make(kind: kind)
        try await harness.test { client in
            let member = try await harness.memberCookie(client)
            let denied = try await client.execute(
                uri: "/api/clubs/harbour-wheelers", method: .patch, headers: [.cookie: member],
                body: jsonBody(["name": "Hacked"]))
            #expect(denied.status == .forbidden)
            let wrong = try await client.execute(
                uri: "/api/clubs/harbour-wheelers/admin/session", method: .post,
                body: jsonBody(["password": "not the password"]))
            #expect(wrong.status == .unauthorized)
            let admin = try await harness.adminCookie(client)
            let badZone = try await client.execute(
                uri: "/api/clubs/harbour-wheelers", method: .patch, headers: [.cookie: admin],
                body: jsonBody(["timeZone": "Mars/Olympus"]))
            #expect(badZone.status == .badRequest)
            let changed = try await client.execute(
                uri: "/api/clubs/harbour-wheelers", method: .patch, headers: [.cookie: admin],
                body: jsonBody([
                    "name": "Harbour Wheelers CC", "weekStart": "sunday", "colors": ["#112233", "#FFFFFF", "#FC4C02"],
                ]))
            #expect(changed.status == .ok)
            #expect(changed.json["weekStart"] as? String == "sunday")
            let rotated = try await client.execute(
                uri: "/api/clubs/harbour-wheelers/code", method: .post, headers: [.cookie: admin])
            let newCode = try #require(rotated.json["code"] as? String)
            #expect(newCode != harness.privateCode && newCode.count >= 8)
            let oldLogin = try await client.execute(
                uri: "/api/clubs/harbour-wheelers/session", method: .post,
                body: jsonBody(["code": harness.privateCode]))
            #expect(oldLogin.status == .unauthorized)
        }
    }

    @Test("week API validates offsets and metrics with clear errors")
    func weekValidation() async throws {
        let harness = try await RouteHarness.make()
        try await harness.test { client in
            let ok = try await client.execute(uri: "/api/clubs/demo/week?offset=-3&metric=elevation", method: .get)
            #expect(ok.status == .ok)
            #expect(ok.json["metric"] as? String == "elevation")
            for (uri, code) in [
                ("/api/clubs/demo/week?offset=1", "invalid_offset"),
                ("/api/clubs/demo/week?offset=-500", "before_history"),
                ("/api/clubs/demo/week?offset=x", "invalid_offset"),
                ("/api/clubs/demo/week?metric=watts", "invalid_metric"),
            ] {
                let response = try await client.execute(uri: uri, method: .get)
                #expect(response.status == .badRequest, "\(uri)")
                #expect((response.json["error"] as? [String: Any])?["code"] as? String == code, "\(uri)")
            }
            let unknown = try await client.execute(uri: "/api/clubs/no-such-club/week", method: .get)
            #expect(unknown.status == .notFound)
            let noRoute = try await client.execute(uri: "/api/clubs/demo/nothing/here", method: .get)
            #expect(noRoute.status == .notFound)
            #expect((noRoute.json["error"] as? [String: Any])?["code"] as? String == "not_found")
            let insights = try await client.execute(uri: "/api/clubs/demo/members/demo-4/insights", method: .get)
            #expect(insights.status == .ok)
            #expect((insights.json["myStats"] as? [Any])?.isEmpty == false)
            let spec = try await client.execute(uri: "/api/openapi.json", method: .get)
            #expect(spec.json["openapi"] as? String == "3.1.0")
        }
    }

    @Test(
        "import: bad rows reported by line, good rows kept, re-import creates no duplicates",
        arguments: TestDatabases.kinds)
    func importExport(kind: DatabaseKind) async throws {
        let harness = try await RouteHarness.make(kind: kind)
        let csv = """
            Activity ID,Activity Date,Activity Name,Activity Type,Elapsed Time,Distance,Moving Time,Elevation Gain
            101,"Nov 17, 2026, 7:00:00 AM",Morning Ride,Ride,3700,30.5,3600,120
            102,"not a date",Broken,Ride,100,1.0,100,0
            103,"Nov 18, 2026, 6:00:00 PM","Hills, again",Ride,5000,42.0,4800,600
            104,"Nov 19, 2026, 6:00:00 PM",Rocket,Ride,3600,20.0,3600,1e300

            """
        try await harness.test { client in
            let cookie = try await harness.memberCookie(client)
            let noMember = try await client.execute(
                uri: "/api/clubs/harbour-wheelers/me/import", method: .post, headers: [.cookie: cookie],
                body: ByteBuffer(string: csv))
            #expect(noMember.status == .notFound)
            let joined = try await client.execute(
                uri: "/api/clubs/harbour-wheelers/me", method: .post, headers: [.cookie: cookie],
                body: jsonBody(["firstName": "Lena", "lastName": "Meier"]))
            #expect(joined.status == .created)
            let memberCookie = try #require(joined.cookie)
            let first = try await client.execute(
                uri: "/api/clubs/harbour-wheelers/me/import", method: .post, headers: [.cookie: memberCookie],
                body: ByteBuffer(string: csv))
            #expect(first.status == .ok)
            #expect(first.json["imported"] as? Int == 2)
            let problems = try #require(first.json["problems"] as? [[String: Any]])
            #expect(problems.map { $0["line"] as? Int } == [3, 5])
            #expect((problems.last?["message"] as? String)?.contains("Elevation Gain") == true)
            // The week view still renders (nothing absurd was stored).
            let week = try await client.execute(
                uri: "/api/clubs/harbour-wheelers/week?offset=0", method: .get, headers: [.cookie: memberCookie])
            #expect(week.status == .ok)
            let second = try await client.execute(
                uri: "/api/clubs/harbour-wheelers/me/import", method: .post, headers: [.cookie: memberCookie],
                body: ByteBuffer(string: csv))
            #expect(second.json["imported"] as? Int == 0)
            #expect(second.json["alreadyPresent"] as? Int == 2)
            let garbage = try await client.execute(
                uri: "/api/clubs/harbour-wheelers/me/import", method: .post, headers: [.cookie: memberCookie],
                body: ByteBuffer(bytes: [0x50, 0x4B, 0x03, 0x04, 0xFF, 0x00]))
            #expect(garbage.status == .unprocessableContent)
            let empty = try await client.execute(
                uri: "/api/clubs/harbour-wheelers/me/import", method: .post, headers: [.cookie: memberCookie])
            #expect(empty.status == .unprocessableContent)
            let deleted = try await client.execute(
                uri: "/api/clubs/harbour-wheelers/me", method: .delete, headers: [.cookie: memberCookie])
            #expect(deleted.status == .noContent)
        }
    }

    @Test("webhook verification needs the configured token; malformed events are 400, never 500")
    func webhooks() async throws {
        let harness = try await RouteHarness.make()
        try await harness.test { client in
            let verify = try await client.execute(
                uri: "/strava/webhook?hub.mode=subscribe&hub.challenge=abc&hub.verify_token=x", method: .get)
            #expect(verify.status == .forbidden)
            for body in ["", "not json", #"{"object_type":"activity"}"#, #"[1,2,3]"#] {
                let response = try await client.execute(
                    uri: "/strava/webhook", method: .post, body: ByteBuffer(string: body))
                #expect(response.status == .badRequest, "\(body)")
            }
            let unknownAthlete = try await client.execute(
                uri: "/strava/webhook", method: .post,
                body: ByteBuffer(
                    string:
                        #"{"object_type":"activity","object_id":1,"aspect_type":"create","updates":{},"owner_id":999,"subscription_id":1,"event_time":1}"#
                ))
            #expect(unknownAthlete.status == .ok)
            let callback = try await client.execute(uri: "/strava/callback?code=x&state=forged", method: .get)
            #expect(callback.status == .badRequest)
        }
    }
}

@Suite("Response cache")
struct ResponseCacheTests {
    @Test("week view and worker feed are served from cache until the club's data changes")
    func invalidation() async throws {
        let harness = try await RouteHarness.make()
        try await harness.test { client in
            let first = try await client.execute(uri: "/api/clubs/demo/week", method: .get)
            #expect(first.headers[.xCache] == nil)
            let second = try await client.execute(uri: "/api/clubs/demo/week", method: .get)
            #expect(second.headers[.xCache] == "HIT")
            #expect(second.text == first.text)
            let feed = try await client.execute(uri: "/club-data", method: .get)
            let feedAgain = try await client.execute(uri: "/club-data", method: .get)
            #expect(feedAgain.headers[.xCache] == "HIT")
            #expect(feedAgain.json["lastFetchedAt"] as? String == feed.json["lastFetchedAt"] as? String)

            // A new activity (any write to the club) invalidates both.
            let club = try #require(try await harness.app.clubs.find(slug: "demo")).club
            try await harness.app.activities.upsert(
                [
                    Activity(
                        memberID: MemberID("demo-1"), source: .demo, externalID: "cache-test", startDate: Date(),
                        sportType: "Ride", distance: 123_456, movingTime: 14_400, elapsedTime: 15_000,
                        elevationGain: 10, name: "Cache buster")
                ], club: club.id, policy: .replace)
            let fresh = try await client.execute(uri: "/api/clubs/demo/week", method: .get)
            #expect(fresh.headers[.xCache] == nil)
            #expect(fresh.text.contains("Cache buster"))
            let freshFeed = try await client.execute(uri: "/club-data", method: .get)
            #expect(freshFeed.headers[.xCache] == nil)
            #expect(freshFeed.text.contains("Cache buster"))
            // Settings changes count as data changes too (counted sport types change the totals).
            try await harness.app.clubs.update(club)
            #expect(try await client.execute(uri: "/api/clubs/demo/week", method: .get).headers[.xCache] == nil)
        }
    }
}

@Suite("Rendered dashboard cache")
struct DashboardPageCacheTests {
    /// Fetches twice until the second is a hit (the key holds the rendered-at minute, which may tick in between).
    /// `first` is the very first answer (a miss on a cold cache), `second` the hit.
    static func cachedTwice(
        _ client: some TestClientProtocol, _ uri: String, cookie: String?
    ) async throws -> (first: TestResponse, second: TestResponse, ticked: Bool) {
        let headers = cookie.map { withCookie($0) } ?? [:]
        let first = try await client.execute(uri: uri, method: .get, headers: headers)
        var second = try await client.execute(uri: uri, method: .get, headers: headers)
        // A minute boundary between the two makes the second a miss under a new key; then ask once more.
        var ticked = false
        for _ in 0..<3 where second.headers[.xCache] != "HIT" {
            ticked = true
            second = try await client.execute(uri: uri, method: .get, headers: headers)
        }
        return (first, second, ticked)
    }

    @Test("a new activity (data version bump) changes the served page and fragment at once")
    func writeInvalidates() async throws {
        let harness = try await RouteHarness.make()
        let club = try #require(try await harness.app.clubs.find(slug: "demo")).club
        try await harness.test { client in
            let uri = "/clubs/demo?week=-1&tab=rides"
            let (first, second, ticked) = try await Self.cachedTwice(client, uri, cookie: nil)
            #expect(first.headers[.xCache] == nil)
            #expect(second.headers[.xCache] == "HIT")
            if !ticked { #expect(second.text == first.text) }
            #expect(second.headers[.contentType] == "text/html; charset=utf-8")
            #expect(second.headers[HTTPField.Name("Content-Security-Policy")!] != nil)
            let fragmentURI = "/clubs/demo/fragments/rides?week=-1"
            let (_, fragment, _) = try await Self.cachedTwice(client, fragmentURI, cookie: nil)
            #expect(fragment.headers[.xCache] == "HIT")
            #expect(!fragment.text.contains("<html"))
            #expect(!first.text.contains("Cache buster"))

            let week = WeekCalendar(club: club).week(offset: -1, from: Date())
            try await harness.app.activities.upsert(
                [
                    Activity(
                        memberID: MemberID("demo-1"), source: .demo, externalID: "page-cache-test",
                        startDate: week.end.addingTimeInterval(-600), sportType: "Ride", distance: 123_456,
                        movingTime: 14_400, elapsedTime: 15_000, elevationGain: 10, name: "Cache buster")
                ], club: club.id, policy: .replace)
            let fresh = try await client.execute(uri: uri, method: .get)
            #expect(fresh.headers[.xCache] == nil)
            #expect(fresh.text.contains("Cache buster"))
            let freshFragment = try await client.execute(uri: fragmentURI, method: .get)
            #expect(freshFragment.headers[.xCache] == nil)
            #expect(freshFragment.text.contains("Cache buster"))
        }
    }

    @Test("a ride this week leaves last week's cached page alone (its data is unchanged) and shows in this week's")
    func writeKeepsOtherWeeks() async throws {
        let harness = try await RouteHarness.make()
        let club = try #require(try await harness.app.clubs.find(slug: "demo")).club
        try await harness.test { client in
            let lastWeek = "/clubs/demo?week=-1&tab=table"
            let (_, cached, _) = try await Self.cachedTwice(client, lastWeek, cookie: nil)
            let thisWeek = WeekCalendar(club: club).week(offset: 0, from: Date())
            try await harness.app.activities.upsert(
                [
                    Activity(
                        memberID: MemberID("demo-1"), source: .demo, externalID: "this-week-only",
                        startDate: max(thisWeek.start.addingTimeInterval(60), Date().addingTimeInterval(-60)),
                        sportType: "Ride", distance: 123_456, movingTime: 14_400, elapsedTime: 15_000,
                        elevationGain: 10, name: "This week only")
                ], club: club.id, policy: .replace)
            let again = try await client.execute(uri: lastWeek, method: .get)
            // The key holds the minute the page says it was rendered: only within the same minute is a hit due.
            func minute(_ html: String) -> Substring? {
                html.range(of: "offline-banner").map { html[$0.upperBound...].prefix(200) }
            }
            if minute(again.text) == minute(cached.text) {
                #expect(again.headers[.xCache] == "HIT", "last week's page is still current")
            }
            let current = try await client.execute(uri: "/clubs/demo?week=0&tab=rides", method: .get)
            #expect(current.text.contains("This week only"))
        }
    }

    @Test("two viewers never share a cached page: each sees their own row marked, a guest sees none")
    func perViewer() async throws {
        let harness = try await RouteHarness.make()
        let club = try #require(try await harness.app.clubs.find(slug: "demo")).club
        let sarah = try await harness.app.sessions.create(scope: club.id.rawValue, subject: "demo-1", role: "member")
        let james = try await harness.app.sessions.create(scope: club.id.rawValue, subject: "demo-2", role: "member")
        try await harness.test { client in
            let uri = "/clubs/demo?week=-1&tab=table"
            let (_, sarahPage, _) = try await Self.cachedTwice(client, uri, cookie: "\(sessionCookie)=\(sarah)")
            #expect(sarahPage.headers[.xCache] == "HIT")
            #expect(sarahPage.text.contains("is-me\" data-member=\"demo-1\""))
            let jamesPage = try await client.execute(
                uri: uri, method: .get, headers: withCookie("\(sessionCookie)=\(james)"))
            #expect(jamesPage.headers[.xCache] == nil)
            #expect(jamesPage.text.contains("is-me\" data-member=\"demo-2\""))
            #expect(!jamesPage.text.contains("is-me\" data-member=\"demo-1\""))
            let guest = try await client.execute(uri: uri, method: .get)
            #expect(guest.headers[.xCache] == nil)
            #expect(!guest.text.contains("is-me"))
            #expect(!guest.text.contains("Sign out"))
            // Sarah's cached page is still hers.
            let sarahAgain = try await client.execute(
                uri: uri, method: .get, headers: withCookie("\(sessionCookie)=\(sarah)"))
            #expect(sarahAgain.text.contains("is-me\" data-member=\"demo-1\""))
        }
    }

    @Test("the key holds the whole dashboard state, the viewer's role and the rendered-at minute")
    func keyFields() {
        typealias Key = ClubWeeklyApp.DashboardCacheKey
        let base = Key(
            part: .page, club: ClubID("c1"), dataVersion: "0.3", weekStart: Date(timeIntervalSince1970: 0),
            oldestOffset: -4, state: DashboardState(), viewer: Viewer(signedIn: true, memberID: "m1"),
            renderedAt: "Sun 1 Nov · 12:00pm")
        let variants: [(inout Key) -> Void] = [
            { $0.part = .fragment }, { $0.dataVersion = "0.4" },
            { $0.weekStart = Date(timeIntervalSince1970: 604_800) },
            { $0.oldestOffset = -5 }, { $0.state.sort = .rides }, { $0.state.show = 100 }, { $0.state.rider = "m2" },
            { $0.viewer.memberID = "m2" }, { $0.viewer.isAdmin = true }, { $0.viewer.signedIn = false },
            { $0.viewer.memberName = "Sarah M." }, { $0.renderedAt = "Sun 1 Nov · 12:01pm" },
        ]
        var seen: Set<String> = [base.string]
        for change in variants {
            var key = base
            change(&key)
            #expect(seen.insert(key.string).inserted, "\(key.string)")
        }
        // A member id cannot pose as a different set of fields.
        var a = base
        a.viewer.memberID = "m1|x"
        var b = base
        b.viewer.memberID = "m1"
        b.viewer.memberName = "x"
        #expect(a.string != b.string)
    }
}

@Suite("One read per dashboard")
struct WeekDataTests {
    @Test("a week loaded with history gives the same report as without, and the insights of the JSON API")
    func loadOnce() async throws {
        let harness = try await RouteHarness.make()
        let club = try #require(try await harness.app.clubs.find(slug: "demo")).club
        for offset in [0, -1, -6] {
            let withHistory = try await harness.app.weeks.load(club: club, offset: offset, history: true)
            let plain = try await harness.app.weeks.load(club: club, offset: offset)
            #expect(withHistory.history.count == 12)
            #expect(withHistory.activities.count >= plain.activities.count)
            for metric in Metric.allCases {
                #expect(withHistory.report(metric: metric) == plain.report(metric: metric))
            }
            let api = try await harness.app.weeks.insights(
                club: club, member: MemberID("demo-3"), subject: nil, offset: offset)
            #expect(withHistory.insights(for: MemberID("demo-3"), subject: nil).response == api)
        }
        await #expect(throws: WeekOffsetError.self) {
            _ = try await harness.app.weeks.load(club: club, offset: -400)
        }
    }
}

@Suite("Current weeks read at start-up")
struct WarmCurrentWeeksTests {
    @Test("the biggest clubs' current weeks are read once at start-up and kept; clubs without members are skipped")
    func warmsBiggestClubs() async throws {
        let harness = try await RouteHarness.make()
        let demo = try #require(try await harness.app.clubs.find(slug: "demo")).club
        let snapshots = harness.app.weeks.snapshots
        #expect(await harness.app.warmCurrentWeeks(limit: 1) == 1)
        #expect(await snapshots.wholeReads == 1)
        // The first visitor's week comes from memory, and so does the warm-up run again.
        let week = try await harness.app.weeks.load(club: demo, offset: 0)
        #expect(!week.activities.isEmpty)
        #expect(await harness.app.warmCurrentWeeks() == 1, "Harbour Wheelers has no members: nothing to read")
        #expect(await snapshots.wholeReads == 1)
        #expect(await snapshots.partialReads == 0)
        // A week not warmed is read on its first visit.
        _ = try await harness.app.weeks.load(club: demo, offset: -1)
        #expect(await snapshots.wholeReads == 2)
    }
}

@Suite("Week response serialisation")
struct WeekResponseJSONTests {
    @Test("the hand-written JSON equals the Encodable form for every metric and several weeks")
    func writerMatchesEncoder() async throws {
        let harness = try await RouteHarness.make()
        let club = try #require(try await harness.app.clubs.find(slug: "demo")).club
        for offset in [0, -1, -7, -15] {
            for metric in Metric.allCases {
                let (view, _) = try await harness.app.weeks.weekResponse(club: club, offset: offset, metric: metric)
                let written = try JSONSerialization.jsonObject(with: view.jsonData()) as? NSDictionary
                let encoded =
                    try JSONSerialization.jsonObject(with: JSONResponse.encoder().encode(view)) as? NSDictionary
                #expect(written != nil)
                #expect(written == encoded, "offset \(offset) metric \(metric)")
            }
        }
    }
}

@Suite("API responses a client decodes")
struct ClientDecodingTests {
    /// What an iOS client would use: the core's types and ISO 8601 dates with milliseconds.
    static func decoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom { decoder in
            let text = try decoder.singleValueContainer().decode(String.self)
            let formatter = ISO8601DateFormatter()
            formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
            guard let date = formatter.date(from: text) else {
                throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: text))
            }
            return date
        }
        return decoder
    }

    static func object(_ data: Data) throws -> NSObject? {
        try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]) as? NSObject
    }

    @Test("week, members, insights and sync JSON decode into the core's types and encode back unchanged")
    func roundTrip() async throws {
        let harness = try await RouteHarness.make()
        try await harness.test { client in
            func check<T: Codable>(_ uri: String, as type: T.Type) async throws {
                let response = try await client.execute(uri: uri, method: .get)
                #expect(response.status == .ok, "\(uri)")
                let data = Data(buffer: response.body)
                let decoded = try Self.decoder().decode(T.self, from: data)
                let again = try JSONResponse.encoder().encode(decoded)
                #expect(try Self.object(again) == Self.object(data), "\(uri)")
            }
            try await check("/api/clubs/demo/week?offset=-1&metric=speed", as: WeekResponse.self)
            try await check("/api/clubs/demo/members", as: [MemberResponse].self)
            try await check("/api/clubs/demo/members/demo-3/insights?offset=-1", as: InsightsResponse.self)
            try await check("/api/clubs/demo/sync", as: [SyncStatusResponse].self)
        }
    }
}
