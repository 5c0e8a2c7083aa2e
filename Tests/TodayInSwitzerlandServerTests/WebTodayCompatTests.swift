import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import NIOFoundationCompat
import TestSupport
import Testing
import TodayInSwitzerland

@testable import TodayInSwitzerlandServer

/// Issue 13 §4: the gaps the original PWA shows against the API (the briefing's `suggestedActivity`, a weekend
/// shuffle that changes the plan, weather and transport summary read alike by the PWA and the SwiftUI client), and
/// the daily outlook the Today page adds to the weather object.
@Suite("Today in Switzerland API: original PWA compatibility")
struct WebTodayCompatTests {
    /// The app over the fakes, waiting as long as the upstream timeout for an answer: on a loaded machine a good
    /// answer is slow, never missing (only the tests about dead upstreams make them fail).
    static func patientApp(_ fakes: FakeSwissUpstreams) async throws -> SwissApp {
        var config = SwissUpstreamConfig(environment: [:])
        config.openMeteo = fakes.baseURL
        config.transport = fakes.baseURL
        config.overpass = fakes.baseURL + "/api/interpreter"
        config.feeds = SwissUpstreamConfig.feeds(base: fakes.baseURL)
        config.timeout = SwissRouteTests.patient
        config.overpassTimeout = SwissRouteTests.patient
        config.userWait = SwissRouteTests.patient
        return try SwissApp(
            database: try await SwissRouteTests.database(), logger: SwissRouteTests.logger, config: config)
    }

    func withAPI(
        _ test: @Sendable (FakeSwissUpstreams, any TestClientProtocol) async throws -> Void
    ) async throws {
        let fakes = try await FakeSwissUpstreams.start()
        do {
            let app = try await Self.patientApp(fakes)
            try await SwissRouteTests.serve(app) { client in try await test(fakes, client) }
        } catch {
            await fakes.stop()
            throw error
        }
        await fakes.stop()
    }

    static func json(_ response: TestResponse) throws -> [String: Any] {
        try SwissRouteTests.object(response)
    }

    /// What the original PWA's `renderTransport` shows: nothing for a null summary, else "Minor"/"Major delays (N)".
    static func pwaTransportLine(_ transport: [String: Any]) -> String? {
        guard let summary = transport["summary"] as? [String: Any] else { return nil }
        let label = summary["status"] as? String == "major" ? "Major delays" : "Minor delays"
        return "\(label) (\(summary["totalDelayed"] as? Int ?? -1))"
    }

    @Test("the briefing carries suggestedActivity {name, nameDE, …}: the same activity as dailyPick")
    func suggestedActivity() async throws {
        try await withAPI { _, client in
            let body = try Self.json(try await client.execute(uri: "/swiss/?city=zurich&lang=de", method: .get))
            let briefing = try #require(body["briefing"] as? [String: Any])
            let suggested = try #require(briefing["suggestedActivity"] as? [String: Any])
            let pick = try #require(briefing["dailyPick"] as? [String: Any])
            #expect(suggested["id"] as? String == pick["activityId"] as? String)
            #expect(suggested["name"] as? String == pick["name"] as? String)
            #expect(suggested["nameDE"] as? String == pick["nameDE"] as? String)
            #expect(suggested["category"] as? String != "stayhome")
            #expect(suggested["description"] is String && suggested["indoor"] is Bool)
        }
    }

    @Test(
        "transport: delays → a summary both clients read; none known → null, which the PWA hides and iOS reads as none")
    func transportSummary() async throws {
        try await withAPI { fakes, client in
            let delayed = try Self.json(try await client.execute(uri: "/swiss/?city=zurich", method: .get))
            let transport = try #require(delayed["transport"] as? [String: Any])
            #expect(Self.pwaTransportLine(transport) == "Major delays (4)")
            await fakes.state.set("stationboard", .status(500))
            let response = try await client.execute(uri: "/swiss/?city=luzern", method: .get)
            let quiet = try #require(try Self.json(response)["transport"] as? [String: Any])
            #expect(quiet["summary"] is NSNull, "the original sent null: the PWA hides its widget")
            #expect(Self.pwaTransportLine(quiet) == nil)
            let client = try SwissRouteTests.decode(Client.NewsResponse.self, response)
            #expect(client.transport.summary.status == "none" && client.transport.delays.isEmpty)
        }
    }

    @Test("weather never fetched: an object for the SwiftUI client, null for a cross-origin browser (the PWA)")
    func unavailableWeather() async throws {
        try await withAPI { fakes, client in
            await fakes.state.set("forecast", .status(500))
            let native = try await client.execute(uri: "/swiss/?city=bern", method: .get)
            let decoded = try SwissRouteTests.decode(Client.NewsResponse.self, native)
            #expect(decoded.weather.weatherCode == -1)
            let browser = try await client.execute(
                uri: "/swiss/?city=bern", method: .get, headers: [.origin: "https://pwa.example"])
            #expect(try Self.json(browser)["weather"] is NSNull, "the PWA skips renderWeather for null")
            #expect(browser.headers[.cacheControl] == "no-store")
            await fakes.state.set("forecast", .none)
        }
    }

    @Test("a fetched weather is the same object for every client, with 12 hours and a 4-day outlook")
    func weatherOutlook() async throws {
        try await withAPI { _, client in
            let browser = try await client.execute(
                uri: "/swiss/?city=basel", method: .get, headers: [.origin: "https://pwa.example"])
            let weather = try #require(try Self.json(browser)["weather"] as? [String: Any])
            #expect(weather["available"] as? Bool == true)
            #expect(((weather["hourly"] as? [Any]) ?? []).count <= 12)
            let daily = try #require(weather["daily"] as? [[String: Any]])
            #expect(daily.count == 4)
            #expect(daily.first?["date"] as? String == CivilDate(Date()).description)
            for day in daily {
                #expect(day["tempMax"] is Int && day["tempMin"] is Int && day["weatherCode"] is Int)
                let rain = try #require(day["precipitationProbability"] as? Int)
                #expect((0...100).contains(rain))
                #expect(day["sunshineHours"] is Double)
            }
        }
    }

    @Test("weekend: seed reproduces a plan, seed 0 is the default, refresh=true changes it, a bad seed is a 400")
    func weekendShuffle() async throws {
        try await withAPI { _, client in
            func plan(_ uri: String) async throws -> (String, Int) {
                let body = try Self.json(try await client.execute(uri: uri, method: .get))
                func ids(_ day: String) -> String {
                    let plan = (body[day] as? [String: Any])?["plan"] as? [String: Any]
                    return ["morning", "afternoon"].map { ((plan?[$0] as? [String: Any])?["id"] as? String) ?? "-" }
                        .joined(separator: "+")
                }
                return (ids("saturday") + "|" + ids("sunday"), body["seed"] as? Int ?? -1)
            }
            let (plain, plainSeed) = try await plan("/swiss/weekend?city=zurich")
            #expect(plainSeed == 0)
            #expect(try await plan("/swiss/weekend?city=zurich&seed=0").0 == plain)
            let (seven, _) = try await plan("/swiss/weekend?city=zurich&seed=7")
            #expect(try await plan("/swiss/weekend?city=zurich&seed=7").0 == seven, "the same seed, the same plan")
            let (shuffled, seed) = try await plan("/swiss/weekend?city=zurich&refresh=true")
            #expect(shuffled != plain, "Shuffle changes the plan")
            #expect(seed > 0)
            #expect(try await plan("/swiss/weekend?city=zurich&seed=\(seed)").0 == shuffled, "its seed reproduces it")
            #expect(try await plan("/swiss/weekend?city=zurich").0 == plain, "the plain answer stays the default")
            for bad in ["-1", "x", "1000000000", "1.5"] {
                let response = try await client.execute(uri: "/swiss/weekend?seed=\(bad)", method: .get)
                #expect(response.status == .badRequest, "\(bad)")
            }
        }
    }
}
