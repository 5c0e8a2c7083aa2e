import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import NIOCore
import NIOFoundationCompat
import ServerKit
import TestSupport
import Testing
import TodayInSwitzerland

@testable import TodayInSwitzerlandServer

/// The `/swiss/` API against fake upstreams on 127.0.0.1: shapes the original client decodes, CORS and errors, and
/// the last good data when an upstream is slow, refuses, fails or sends garbage.
@Suite("Today in Switzerland API")
struct SwissRouteTests {
    static var logger: Logger {
        var logger = Logger(label: "test")
        logger.logLevel = .critical
        return logger
    }

    /// The upstream timeout of every test whose upstreams answer promptly: generous, so that a loaded machine (the
    /// whole suite shares two cores with other builds) never turns a good answer into a timeout. Only tests about
    /// slowness pass a short one.
    static let patient: TimeInterval = 60

    static func app(
        _ fakes: FakeSwissUpstreams, timeout: TimeInterval = patient, clock: TestClock = TestClock(start: Date()),
        database: Database? = nil, userWait: TimeInterval = patient
    ) async throws -> SwissApp {
        let database = if let database { database } else { try await Self.database() }
        var config = SwissUpstreamConfig(environment: [:])
        config.openMeteo = fakes.baseURL
        config.transport = fakes.baseURL
        config.overpass = fakes.baseURL + "/api/interpreter"
        config.feeds = SwissUpstreamConfig.feeds(base: fakes.baseURL)
        config.timeout = timeout
        config.overpassTimeout = max(timeout, patient)
        config.userWait = userWait
        return try SwissApp(database: database, logger: logger, config: config, now: { clock.now })
    }

    /// A migrated SQLite database (the last good upstream answers live there).
    static func database() async throws -> Database {
        let database = try await TestDatabases.make(.sqlite)
        try await Migrator(SwissApp.migrations).migrate(database)
        return database
    }

    /// Runs `test` with a client of `app`'s routes.
    static func serve(_ app: SwissApp, _ test: @Sendable (any TestClientProtocol) async throws -> Void) async throws {
        let router = Router(context: AppRequestContext.self)
        app.addRoutes(to: router)
        try await Application(router: router).test(.router) { client in try await test(client) }
    }

    func withAPI(
        timeout: TimeInterval = patient, clock: TestClock = TestClock(start: Date()),
        _ test: @Sendable (FakeSwissUpstreams, SwissApp, any TestClientProtocol) async throws -> Void
    ) async throws {
        let fakes = try await FakeSwissUpstreams.start()
        do {
            let app = try await Self.app(fakes, timeout: timeout, clock: clock)
            try await Self.serve(app) { client in try await test(fakes, app, client) }
        } catch {
            await fakes.stop()
            throw error
        }
        await fakes.stop()
    }

    static func decode<T: Decodable>(_ type: T.Type, _ response: TestResponse) throws -> T {
        try JSONDecoder().decode(T.self, from: Data(buffer: response.body))
    }

    static func object(_ response: TestResponse) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(buffer: response.body)) as? [String: Any])
    }

    @Test("the briefing decodes with the original client's models; the second call is served from the cache")
    func briefing() async throws {
        try await withAPI { fakes, _, client in
            let response = try await client.execute(uri: "/swiss/?city=zurich&lang=en", method: .get)
            #expect(response.status == .ok)
            #expect(response.headers[.accessControlAllowOrigin] == "*")
            #expect(response.headers[.contentType] == "application/json")
            let news = try Self.decode(Client.NewsResponse.self, response)
            #expect(news.city.id == "zurich" && news.city.name == "Zürich")
            #expect(!news.schoolHolidays.isEmpty && news.holidays.count <= 3)
            #expect(["none", "minor", "major"].contains(news.transport.summary.status))
            #expect(news.transport.summary.totalDelayed == 4, "7, 18, 12 and 4 minutes; 2 and 0 are on time")
            #expect(news.transport.delays.first?.delay == 18)
            #expect(!(news.categories.topStories ?? []).isEmpty)
            #expect(news.weather.description != "Weather unavailable")
            let forecasts = await fakes.state.count("forecast")
            let again = try await client.execute(uri: "/swiss/?city=zurich&lang=en", method: .get)
            #expect(again.headers[.xCache] == "HIT")
            #expect(await fakes.state.count("forecast") == forecasts, "no upstream call for a warm request")
            let german = try Self.decode(
                Client.NewsResponse.self, try await client.execute(uri: "/swiss/?city=basel&lang=de", method: .get))
            #expect(german.city.id == "basel")
        }
    }

    @Test("an upstream that fails, is slow, says 429 or sends garbage: the last good data, marked as such")
    func lastGood() async throws {
        let clock = TestClock(start: Date())
        let fakes = try await FakeSwissUpstreams.start()
        do {
            let database = try await Self.database()
            // The good data first, with the patient timeout: on a loaded machine it is slow, never missing.
            try await Self.serve(try await Self.app(fakes, clock: clock, database: database)) { client in
                let first = try Self.object(
                    try await client.execute(uri: "/swiss/?city=bern&refresh=true", method: .get))
                let sources = try #require(first["sources"] as? [String: [String: Any]])
                for source in ["weather", "transport", "news"] {
                    #expect(sources[source]?["state"] as? String == "fresh", "\(source) fetched")
                }
            }
            // Then the faults, through an app over the same database with a short timeout: only this part is about
            // slowness, and a slow upstream (3 s) outlasts the timeout (0.5 s) by far.
            let impatient = try await Self.app(fakes, timeout: 0.5, clock: clock, database: database)
            try await Self.serve(impatient) { client in
                for fault in [FakeUpstreamFault.status(500), .status(429), .malformed, .slow(milliseconds: 3000)] {
                    clock.advance(61)  // past the 30 s refresh floor and the minute of backoff after a failure
                    await fakes.state.set("forecast", fault)
                    await fakes.state.set("stationboard", fault)
                    await fakes.state.set("feeds", fault)
                    let response = try await client.execute(uri: "/swiss/?city=bern&refresh=true", method: .get)
                    #expect(response.status == .ok, "\(fault)")
                    let news = try Self.decode(Client.NewsResponse.self, response)
                    #expect(news.weather.description != "Weather unavailable", "\(fault): the last good weather")
                    let body = try Self.object(response)
                    let weather = try #require(body["weather"] as? [String: Any])
                    #expect(weather["stale"] as? Bool == true, "\(fault)")
                    let sources = try #require(body["sources"] as? [String: [String: Any]])
                    #expect(sources["weather"]?["state"] as? String == "lastGood", "\(fault)")
                    #expect(sources["transport"]?["state"] as? String == "lastGood", "\(fault)")
                    #expect(sources["news"]?["state"] as? String == "lastGood", "\(fault)")
                    #expect(!(news.categories.topStories ?? []).isEmpty, "\(fault): the last good news")
                }
            }
        } catch {
            await fakes.stop()
            throw error
        }
        await fakes.stop()
    }

    @Test("with no good data ever, the answer still decodes: weather 'unavailable', no delays, no news")
    func nothingYet() async throws {
        try await withAPI { fakes, _, client in
            for route in ["forecast", "stationboard", "feeds", "overpass"] {
                await fakes.state.set(route, .status(500))
            }
            let response = try await client.execute(uri: "/swiss/?city=luzern", method: .get)
            #expect(response.status == .ok)
            let news = try Self.decode(Client.NewsResponse.self, response)
            #expect(news.weather.weatherCode == -1 && news.transport.summary.status == "none")
            let activities = try await client.execute(uri: "/swiss/activities?city=luzern", method: .get)
            #expect(try Self.decode(Client.ActivitiesResponse.self, activities).activities.count >= 15)
            let sunshine = try Self.decode(
                Client.SunshineResponse.self, try await client.execute(uri: "/swiss/sunshine", method: .get))
            #expect(sunshine.destinations.isEmpty)
            let lunch = try await client.execute(uri: "/swiss/lunch?city=luzern", method: .get)
            #expect(lunch.status == .ok)
            #expect(try Self.decode(Client.LunchResponse.self, lunch).spots.isEmpty)
        }
    }

    @Test("activities, weekend, lunch, sunshine, snow and deals decode with the client's models")
    func everyEndpoint() async throws {
        try await withAPI { _, _, client in
            let activities = try Self.decode(
                Client.ActivitiesResponse.self,
                try await client.execute(uri: "/swiss/activities?city=geneva&lang=de", method: .get))
            #expect(activities.activities.count >= 15 + 40)
            #expect(activities.cityEvents.allSatisfy { $0.city == "geneva" })
            let weekend = try Self.decode(
                Client.WeekendResponse.self, try await client.execute(uri: "/swiss/weekend?city=zurich", method: .get))
            #expect(weekend.saturday.plan.morning != nil || weekend.saturday.plan.afternoon != nil)
            let lunch = try Self.decode(
                Client.LunchResponse.self, try await client.execute(uri: "/swiss/lunch?city=zurich", method: .get))
            #expect(
                lunch.spots.map(\.name).sorted() == [
                    "Abendrot", "Café Henrici", "Hiltl", "Kebab Haus", "Zeughauskeller",
                ])
            #expect(lunch.spots.first { $0.name == "Abendrot" }?.cuisineCategory == "kebab", "middle_eastern matches")
            let veggie = try Self.decode(
                Client.LunchResponse.self,
                try await client.execute(uri: "/swiss/lunch?city=zurich&vegetarian=true", method: .get))
            #expect(veggie.spots.map(\.name) == ["Hiltl"])
            let sunshine = try Self.decode(
                Client.SunshineResponse.self, try await client.execute(uri: "/swiss/sunshine?lang=de", method: .get))
            #expect(sunshine.destinations.count == 29 && sunshine.destinations.first?.id == "zurich")
            let rest = sunshine.destinations.dropFirst().map(\.sunshineHoursTotal)
            #expect(rest.elementsEqual(rest.sorted(by: >)))
            #expect(sunshine.destinations.dropFirst().allSatisfy { ($0.highlights ?? []).count >= 2 })
            let snow = try Self.decode(
                Client.SnowResponse.self, try await client.execute(uri: "/swiss/snow", method: .get))
            #expect(snow.destinations.count == 22)
            #expect(
                snow.destinations.map(\.snowfallWeekTotal).elementsEqual(
                    snow.destinations.map(\.snowfallWeekTotal).sorted(by: >)))
            let deals = try Self.decode(
                Client.DealsResponse.self, try await client.execute(uri: "/swiss/deals?city=bern&lang=de", method: .get)
            )
            #expect(deals.deals.count >= 25 && deals.deals.allSatisfy { ["free", "deal", "tip"].contains($0.type) })
            let version = try Self.object(try await client.execute(uri: "/swiss/version", method: .get))
            #expect(version["worker"] is String && version["modules"] is [String: String])
        }
    }

    @Test("unknown city or language: 400 naming the valid values; unknown paths 404; OPTIONS and POST as the worker")
    func errorsAndCORS() async throws {
        try await withAPI { _, _, client in
            let city = try await client.execute(uri: "/swiss/?city=atlantis", method: .get)
            #expect(city.status == .badRequest)
            let cityError = try Self.object(city)["error"] as? String
            #expect(cityError?.contains("zurich, basel, bern") == true)
            let lang = try await client.execute(uri: "/swiss/weekend?lang=fr", method: .get)
            let langError = try Self.object(lang)["error"] as? String
            #expect(lang.status == .badRequest && langError?.contains("en, de") == true)
            let missing = try await client.execute(uri: "/swiss/nothing", method: .get)
            let missingError = try Self.object(missing)["error"] as? String
            #expect(missing.status == .notFound && missingError == "Not found")
            let preflight = try await client.execute(uri: "/swiss/activities", method: .options)
            #expect(preflight.status == .ok)
            #expect(preflight.headers[.accessControlAllowMethods] == "GET, POST, OPTIONS")
            #expect(preflight.headers[.accessControlMaxAge] == "86400")
            let post = try await client.execute(uri: "/swiss/deals", method: .post)
            #expect(post.status == .ok)
            let badNear = try await client.execute(uri: "/swiss/lunch?near=north", method: .get)
            #expect(badNear.status == .badRequest)
        }
    }

    @Test("server-side filters: rankings by class and drive time, activities, events calendar, deals by month")
    func filters() async throws {
        try await withAPI { _, _, client in
            let sunny = try Self.decode(
                Client.SunshineResponse.self,
                try await client.execute(uri: "/swiss/sunshine?filter=sunny&sort=drive", method: .get))
            #expect(sunny.destinations.first?.id == "zurich", "the baseline stays first")
            #expect(sunny.destinations.dropFirst().allSatisfy { $0.sunshineHoursTotal > 6 })
            let drives = sunny.destinations.dropFirst().map(\.driveMinutes)
            #expect(drives == drives.sorted())
            let heavy = try Self.decode(
                Client.SnowResponse.self, try await client.execute(uri: "/swiss/snow?filter=heavy", method: .get))
            #expect(heavy.destinations.allSatisfy { $0.snowfallWeekTotal > 30 })
            let indoor = try Self.decode(
                Client.ActivitiesResponse.self,
                try await client.execute(uri: "/swiss/activities?city=basel&filter=indoor", method: .get))
            #expect(!indoor.activities.isEmpty && indoor.activities.allSatisfy(\.indoor))
            let near = try Self.decode(
                Client.ActivitiesResponse.self,
                try await client.execute(
                    uri: "/swiss/activities?city=zurich&filter=near&near=47.3769,8.5417&radius=3", method: .get))
            #expect(!near.activities.isEmpty && near.activities.allSatisfy { $0.lat != nil })
            let month = try Self.object(
                try await client.execute(uri: "/swiss/events?city=zurich&month=2026-04", method: .get))
            let weeks = try #require(month["weeks"] as? [[[String: Any]]])
            #expect((4...6).contains(weeks.count) && weeks.allSatisfy { $0.count == 7 })
            let sechselaeuten = weeks.joined().first { ($0["date"] as? String) == "2026-04-20" }
            #expect(
                ((sechselaeuten?["holidays"] as? [[String: Any]]) ?? []).contains { ($0["halfDay"] as? Bool) == true })
            let day = try await client.execute(uri: "/swiss/events?city=zurich&date=2026-04-20", method: .get)
            #expect(day.status == .ok)
            let december = try Self.decode(
                Client.DealsResponse.self,
                try await client.execute(uri: "/swiss/deals?city=zurich&month=12", method: .get))
            let all = try Self.decode(
                Client.DealsResponse.self, try await client.execute(uri: "/swiss/deals?city=zurich", method: .get))
            #expect(december.deals.count < all.deals.count)
            #expect(
                december.deals.allSatisfy {
                    ($0.city == "zurich" || $0.city == "all") && ($0.validMonths?.contains(12) ?? true)
                })
            for bad in [
                "/swiss/sunshine?filter=rainy", "/swiss/snow?sort=price", "/swiss/activities?filter=cheap",
                "/swiss/activities?ages=7-9", "/swiss/activities?filter=near", "/swiss/events?month=April",
                "/swiss/events?date=2026-02-30", "/swiss/deals?month=13", "/swiss/deals?type=bargain",
            ] {
                #expect(try await client.execute(uri: bad, method: .get).status == .badRequest, "\(bad)")
            }
        }
    }

    @Test("numbers out of range and answers of the wrong shape never crash and never replace the last good data")
    func hostileUpstreams() async throws {
        let clock = TestClock(start: Date())
        try await withAPI(clock: clock) { fakes, _, client in
            let good = try Self.decode(
                Client.SunshineResponse.self, try await client.execute(uri: "/swiss/sunshine", method: .get))
            #expect(good.destinations.count == 29)
            _ = try await client.execute(uri: "/swiss/?city=zurich", method: .get)
            clock.advance(61)
            await fakes.state.set(
                "forecast",
                .body(#"{"current":{"temperature_2m":1e300,"weather_code":1,"wind_speed_10m":1e300},"hourly":{}}"#))
            await fakes.state.set(
                "stationboard",
                .body(
                    #"{"stationboard":[{"category":"S","number":"3","to":"Bern","stop":{"departureTimestamp":1e300,"delay":1e300}}]}"#
                ))
            let news = try await client.execute(uri: "/swiss/?city=zurich&refresh=true", method: .get)
            #expect(news.status == .ok)
            let decoded = try Self.decode(Client.NewsResponse.self, news)
            #expect(abs(decoded.weather.temperature) < 100, "the last good weather, not 1e300")
            #expect(news.headers[.cacheControl] == "no-store", "a degraded answer is not cacheable")
            // A wrong-shape forecast (no places) does not replace the last good ranking.
            await fakes.state.set("forecast", .body("{}"))
            clock.advance(61)
            let sunshine = try await client.execute(uri: "/swiss/sunshine?refresh=true", method: .get)
            #expect(try Self.decode(Client.SunshineResponse.self, sunshine).destinations.count == 29)
            // Other methods answer like GET (the worker ignored the method); unknown paths stay JSON 404s.
            #expect(try await client.execute(uri: "/swiss/deals", method: .put).status == .ok)
            let missing = try await client.execute(uri: "/swiss/nope", method: .delete)
            #expect(missing.status == .notFound && missing.headers[.accessControlAllowOrigin] == "*")
        }
    }
}
