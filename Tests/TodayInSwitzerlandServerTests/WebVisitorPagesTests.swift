import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import NIOCore
import ServerKit
import TestSupport
import Testing
import TodayInSwitzerland

@testable import TodayInSwitzerlandServer

/// The Activities and Lunch pages over HTTP against fake upstreams: rendering, bad queries, and the visitor's
/// changes (cookie, CSRF, PRG, JSON for scripts, refusals, isolation).
@Suite("Swiss web: Activities and Lunch pages")
struct WebVisitorPagesTests {
    /// The app over fresh fakes; a patient upstream wait so a loaded machine never shows "unavailable" here.
    static func withPages(
        overpass: FakeUpstreamFault = .none, userWait: TimeInterval = 60,
        _ test: @Sendable (any TestClientProtocol, SwissApp) async throws -> Void
    ) async throws {
        let fakes = try await FakeSwissUpstreams.start()
        await fakes.state.set("overpass", overpass)
        do {
            let database = try await SwissRouteTests.database()
            var config = SwissUpstreamConfig(environment: [:])
            config.openMeteo = fakes.baseURL
            config.transport = fakes.baseURL
            config.overpass = fakes.baseURL + "/api/interpreter"
            config.feeds = SwissUpstreamConfig.feeds(base: fakes.baseURL)
            config.timeout = SwissRouteTests.patient
            config.overpassTimeout = SwissRouteTests.patient
            config.userWait = userWait
            let app = try SwissApp(database: database, logger: SwissRouteTests.logger, config: config)
            try await SwissRouteTests.serve(app) { client in try await test(client, app) }
        } catch {
            await fakes.stop()
            throw error
        }
        await fakes.stop()
    }

    static let form: HTTPFields = [.contentType: "application/x-www-form-urlencoded"]

    static func body(_ fields: [(String, String)]) -> ByteBuffer {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        return ByteBuffer(
            string: fields.map { "\($0.0)=\($0.1.addingPercentEncoding(withAllowedCharacters: allowed) ?? "")" }
                .joined(separator: "&"))
    }

    static func headers(cookie: String? = nil, origin: String? = nil, json: Bool = false) -> HTTPFields {
        var fields = form
        if let cookie { fields[.cookie] = cookie }
        if let origin { fields[.origin] = origin }
        if json { fields[.accept] = "application/json" }
        return fields
    }

    /// `swiss_visitor=…` from a response's Set-Cookie.
    static func visitorCookie(_ response: TestResponse) -> String? {
        response.headers[.setCookie]?.split(separator: ";").first.map(String.init)
    }

    @Test("Activities renders cards, the map, chips and the add form; no inline script or style")
    func activitiesPage() async throws {
        try await Self.withPages { client, _ in
            for query in [
                "", "?lang=de", "?show=stayhome&sub=art", "?q=zoo&near=47.37,8.54", "?surprise=42", "?near=city",
            ] {
                let page = try await client.execute(uri: "/swiss/app/activities\(query)", method: .get)
                #expect(page.status == .ok, "\(query)")
                let html = String(buffer: page.body)
                #expect(html.contains("data-places=\"activities\""), "\(query)")
                #expect(!html.contains("<script>") && !html.contains(" style=\""), "\(query)")
                #expect(html.contains("swiss-places.js") && html.contains("swiss-places.css"))
            }
            let all = String(buffer: try await client.execute(uri: "/swiss/app/activities", method: .get).body)
            #expect(all.contains("id=\"card-zurich-zoo\"") && all.contains("id=\"pin-zurich-zoo\""))
            #expect(all.contains("href=\"#card-zurich-zoo\"") && all.contains("class=\"swiss-map\""))
            #expect(all.contains("id=\"add-activity\"") && !all.contains("id=\"card-home-"))
            let home = String(
                buffer: try await client.execute(uri: "/swiss/app/activities?show=stayhome", method: .get).body)
            #expect(home.contains("id=\"card-home-") && !home.contains("class=\"swiss-map\""))
            let german = String(
                buffer: try await client.execute(uri: "/swiss/app/activities?lang=de", method: .get).body)
            #expect(german.contains("Was unternehmen wir heute?") && german.contains("Eigene Aktivität hinzufügen"))
            let surprise = String(
                buffer: try await client.execute(uri: "/swiss/app/activities?surprise=42", method: .get).body)
            #expect(surprise.contains("id=\"surprise\"") && surprise.contains("Another!"))
        }
    }

    @Test("bad query values get a 400 page naming the valid values")
    func badQueries() async throws {
        try await Self.withPages { client, _ in
            for (path, text) in [
                ("/swiss/app/activities?show=everything", "show must be one of"),
                ("/swiss/app/activities?near=north", "near must be"),
                ("/swiss/app/lunch?open=later", "open must be now or lunch"),
                ("/swiss/app/lunch?terrace=yes", "terrace must be 1 or 0"),
            ] {
                let page = try await client.execute(uri: path, method: .get)
                #expect(page.status == .badRequest, "\(path)")
                #expect(String(buffer: page.body).contains(text), "\(path)")
                #expect(String(buffer: page.body).contains("role=\"alert\""))
            }
        }
    }

    @Test("saving: a visitor cookie on the first change, PRG back with the filters, the heart pressed, Saved lists it")
    func saveFlow() async throws {
        try await Self.withPages { client, _ in
            let saved = try await client.execute(
                uri: "/swiss/app/activities", method: .post, headers: Self.headers(origin: "http://localhost"),
                body: Self.body([
                    ("do", "save"), ("id", "zurich-zoo"), ("return", "/swiss/app/activities?show=outdoor"),
                ]))
            #expect(saved.status == .seeOther)
            #expect(saved.headers[.location] == "/swiss/app/activities?show=outdoor&done=saved")
            let setCookie = try #require(saved.headers[.setCookie])
            #expect(setCookie.hasPrefix("swiss_visitor=") && setCookie.contains("HttpOnly"))
            #expect(
                setCookie.contains("SameSite=Lax") && setCookie.contains("Max-Age=34560000")
                    && !setCookie.contains("Secure"))
            let cookie = try #require(Self.visitorCookie(saved))
            let page = String(
                buffer: try await client.execute(
                    uri: "/swiss/app/activities?show=saved&done=saved", method: .get, headers: [.cookie: cookie]
                ).body)
            #expect(page.contains("id=\"card-zurich-zoo\"") && page.contains("aria-pressed=\"true\""))
            #expect(page.contains("Saved."))
            // Another browser sees nothing saved.
            let stranger = String(
                buffer: try await client.execute(uri: "/swiss/app/activities?show=saved", method: .get).body)
            #expect(stranger.contains("No saved activities yet"))
            // A return address elsewhere is ignored.
            let away = try await client.execute(
                uri: "/swiss/app/activities", method: .post, headers: Self.headers(cookie: cookie),
                body: Self.body([("do", "unsave"), ("id", "zurich-zoo"), ("return", "https://evil.example/")]))
            #expect(away.headers[.location] == "/swiss/app/activities?done=unsaved")
        }
    }

    @Test("a form from another site is refused and stores nothing")
    func crossSite() async throws {
        try await Self.withPages { client, _ in
            for page in ["/swiss/app/activities", "/swiss/app/lunch"] {
                let refused = try await client.execute(
                    uri: page, method: .post, headers: Self.headers(origin: "https://evil.example"),
                    body: Self.body([("do", "add"), ("name", "Spam")]))
                #expect(refused.status == .forbidden, "\(page)")
                #expect(refused.headers[.setCookie] == nil)
                let json = try await client.execute(
                    uri: page, method: .post, headers: Self.headers(origin: "https://evil.example", json: true),
                    body: Self.body([("do", "save"), ("id", "zurich-zoo")]))
                #expect(json.status == .forbidden && String(buffer: json.body).contains("cross_site"))
                #expect(json.headers[.setCookie] == nil)
            }
        }
    }

    @Test(
        "own activity: a refused text keeps what was typed (422); added, shown first, deleted; strangers cannot delete")
    func ownActivity() async throws {
        try await Self.withPages { client, _ in
            let long = String(repeating: "x", count: VisitorLimits.name + 1)
            let refused = try await client.execute(
                uri: "/swiss/app/activities", method: .post, headers: Self.headers(),
                body: Self.body([
                    ("do", "add"), ("name", long), ("description", "Kept <b>"),
                    ("return", "/swiss/app/activities?lang=de"),
                ]))
            #expect(refused.status == .unprocessableContent)
            let page = String(buffer: refused.body)
            #expect(page.contains("Name ist zu lang: höchstens 80 Zeichen."))
            #expect(
                page.contains("Kept &lt;b&gt;")
                    && page.contains("<details class=\"card add-own\" id=\"add-activity\" open"))

            let added = try await client.execute(
                uri: "/swiss/app/activities", method: .post, headers: Self.headers(),
                body: Self.body([("do", "add"), ("name", "Picnic at the lake"), ("indoor", "0"), ("price", "Free")]))
            #expect(added.status == .seeOther)
            let location = try #require(added.headers[.location])
            #expect(location.hasPrefix("/swiss/app/activities?done=added#card-own-"))
            let cookie = try #require(Self.visitorCookie(added))
            let id = String(location.split(separator: "#")[1].dropFirst("card-".count))
            let list = String(
                buffer: try await client.execute(uri: "/swiss/app/activities", method: .get, headers: [.cookie: cookie])
                    .body)
            let first = try #require(list.range(of: "<article class=\"place-card"))
            #expect(list[first.lowerBound...].hasPrefix("<article class=\"place-card is-own\" id=\"card-\(id)\""))

            let stranger = try await client.execute(
                uri: "/swiss/app/activities", method: .post, headers: Self.headers(json: true),
                body: Self.body([("do", "delete"), ("id", id)]))
            #expect(stranger.status == .notFound)
            let deleted = try await client.execute(
                uri: "/swiss/app/activities", method: .post, headers: Self.headers(cookie: cookie, json: true),
                body: Self.body([("do", "delete"), ("id", id)]))
            #expect(deleted.status == .ok && String(buffer: deleted.body).contains(#""done":"deleted""#))
            let after = String(
                buffer: try await client.execute(uri: "/swiss/app/activities", method: .get, headers: [.cookie: cookie])
                    .body)
            #expect(!after.contains(id))
        }
    }

    @Test("lunch: spots with open badges, stars saved and shown, bad stars refused, unknown actions refused")
    func lunch() async throws {
        try await Self.withPages { client, _ in
            let page = try await client.execute(uri: "/swiss/app/lunch", method: .get)
            #expect(page.status == .ok)
            let html = String(buffer: page.body)
            #expect(html.contains("Zeughauskeller") && html.contains("Hiltl") && html.contains("id=\"pin-osm-101\""))
            #expect(html.contains("Your rating of Hiltl") && !html.contains(" style=\""))
            let rated = try await client.execute(
                uri: "/swiss/app/lunch", method: .post, headers: Self.headers(json: true),
                body: Self.body([("do", "rate"), ("id", "osm-102"), ("stars-osm-102", "4")]))
            #expect(rated.status == .ok && String(buffer: rated.body).contains("Rating saved."))
            let cookie = try #require(Self.visitorCookie(rated))
            let after = String(
                buffer: try await client.execute(
                    uri: "/swiss/app/lunch?veg=1", method: .get, headers: [.cookie: cookie]
                ).body)
            #expect(after.contains("id=\"stars-osm-102-4\" checked"))
            #expect(!after.contains("Zeughauskeller"))  // the vegetarian filter
            let bad = try await client.execute(
                uri: "/swiss/app/lunch", method: .post, headers: Self.headers(cookie: cookie),
                body: Self.body([
                    ("do", "rate"), ("id", "osm-102"), ("stars", "9"), ("return", "/swiss/app/lunch?veg=1"),
                ]))
            #expect(bad.status == .unprocessableContent && String(buffer: bad.body).contains("Rate with 1 to 5 stars."))
            let unknown = try await client.execute(
                uri: "/swiss/app/lunch", method: .post, headers: Self.headers(), body: Self.body([("do", "explode")]))
            #expect(unknown.status == .badRequest)
            let spot = try await client.execute(
                uri: "/swiss/app/lunch", method: .post, headers: Self.headers(cookie: cookie),
                body: Self.body([("do", "add"), ("name", "Tante Emma"), ("cuisine", "Swiss")]))
            #expect(spot.status == .seeOther)
            let mine = String(
                buffer: try await client.execute(
                    uri: "/swiss/app/lunch?saved=0", method: .get, headers: [.cookie: cookie]
                ).body)
            #expect(mine.contains("Tante Emma") && mine.contains("Delete Tante Emma"))
        }
    }

    @Test("lunch with Overpass down and nothing cached: answers at once with 'unavailable', own spots still there")
    func lunchUnavailable() async throws {
        try await Self.withPages(overpass: .status(503), userWait: 1) { client, _ in
            let page = try await client.execute(uri: "/swiss/app/lunch", method: .get)
            #expect(page.status == .ok)
            let html = String(buffer: page.body)
            #expect(html.contains("Lunch spots unavailable — retrying."))
            #expect(!html.contains("No places match"))
        }
    }
}
