import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import TestSupport
import Testing
import TodayInSwitzerland

@testable import TodayInSwitzerlandServer

/// The Today, Weekend, Deals and widget pages through the router, against the fake upstreams.
@Suite("Swiss web: Today, Weekend, Deals and widget pages")
struct WebTodayPagesTests {
    func withPages(_ test: @Sendable (FakeSwissUpstreams, any TestClientProtocol) async throws -> Void) async throws {
        let fakes = try await FakeSwissUpstreams.start()
        do {
            let app = try await WebTodayCompatTests.patientApp(fakes)
            try await SwissRouteTests.serve(app) { client in try await test(fakes, client) }
        } catch {
            await fakes.stop()
            throw error
        }
        await fakes.stop()
    }

    static func text(_ response: TestResponse) -> String { String(buffer: response.body) }

    @Test("Today: weather, briefing, tabs with counts, history, in German for ?lang=de")
    func today() async throws {
        try await withPages { _, client in
            let response = try await client.execute(uri: "/swiss/app?city=bern&lang=de&tab=local", method: .get)
            #expect(response.status == .ok)
            let html = Self.text(response)
            #expect(html.contains("Top-Meldungen") && html.contains("📜 Heute in der Geschichte"))
            #expect(html.contains(#"id="news-local" data-tab-panel="local">"#), "?tab=local is open")
            #expect(html.contains("class=\"today-temp\"") && html.contains("Wind "))
            #expect(html.contains("Grosse Verspätungen"), "the fake boards have an 18-minute delay")
            #expect(html.contains("/assets/swiss/swiss-today.css") && html.contains("/assets/swiss/swiss-today.js"))
        }
    }

    @Test("Today with every upstream down: the page answers and says what is missing")
    func todayDown() async throws {
        try await withPages { fakes, client in
            for route in ["forecast", "stationboard", "feeds"] { await fakes.state.set(route, .status(500)) }
            let response = try await client.execute(uri: "/swiss/app?city=luzern", method: .get)
            #expect(response.status == .ok)
            let html = Self.text(response)
            #expect(html.contains("Weather unavailable — retrying in the background."))
            #expect(html.contains("News unavailable — retrying in the background."))
            #expect(html.contains("No news in this category right now."))
        }
    }

    @Test("Weekend: the same seed gives the same plan; Shuffle links to another; a bad seed is a 400 page")
    func weekend() async throws {
        try await withPages { _, client in
            func picks(_ html: String) -> [Substring] {
                html.split(separator: "<li class=\"weekend-pick\">").dropFirst().map { $0.prefix(400) }
            }
            func shuffle(_ html: String) -> String? {
                guard
                    let range = html.range(
                        of: #"weekend-shuffle" href="[^"]*seed=[0-9]+""#, options: .regularExpression)
                else { return nil }
                return String(html[range].split(separator: "=").last?.dropLast() ?? "")
            }
            let first = Self.text(try await client.execute(uri: "/swiss/app/weekend?city=zurich&seed=5", method: .get))
            let again = Self.text(try await client.execute(uri: "/swiss/app/weekend?city=zurich&seed=5", method: .get))
            #expect(!picks(first).isEmpty && picks(first) == picks(again))
            let next = try #require(shuffle(first))
            #expect(next != "5")
            let shuffled = Self.text(
                try await client.execute(uri: "/swiss/app/weekend?city=zurich&seed=\(next)", method: .get))
            #expect(picks(shuffled) != picks(first), "the Shuffle link leads to another plan")
            let bad = try await client.execute(uri: "/swiss/app/weekend?seed=abc", method: .get)
            #expect(bad.status == .badRequest && Self.text(bad).contains("seed must be a whole number"))
        }
    }

    @Test("Deals: ?type=free keeps free entries only; the widget reloads itself")
    func dealsAndWidget() async throws {
        try await withPages { _, client in
            let free = Self.text(try await client.execute(uri: "/swiss/app/deals?type=free&city=basel", method: .get))
            #expect(free.contains("deal-card deal-free") && !free.contains("deal-card deal-deal"))
            let all = Self.text(try await client.execute(uri: "/swiss/app/deals?type=nonsense", method: .get))
            #expect(all.contains("deal-card deal-deal"), "an unknown type shows everything")
            let widget = try await client.execute(uri: "/swiss/app/widget?lang=de", method: .get)
            let html = Self.text(widget)
            #expect(widget.status == .ok && html.contains("App öffnen") && html.contains(#"content="300""#))
        }
    }
}
