import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import TestSupport
import Testing
import TodayInSwitzerland

@testable import TodayInSwitzerlandServer

/// The events, sunshine and snow pages and the calendar downloads through the app's routes, against fake upstreams.
@Suite("Swiss web: events, calendar files, sunshine and snow routes")
struct WebEventsRouteTests {
    func withPages(
        at start: Date = Date(), fault: FakeUpstreamFault? = nil,
        _ test: @Sendable (any TestClientProtocol) async throws -> Void
    ) async throws {
        let fakes = try await FakeSwissUpstreams.start()
        do {
            if let fault { await fakes.state.set("forecast", fault) }
            let app = try await SwissRouteTests.app(fakes, clock: TestClock(start: start))
            try await SwissRouteTests.serve(app) { client in try await test(client) }
        } catch {
            await fakes.stop()
            throw error
        }
        await fakes.stop()
    }

    static func instant(_ text: String) -> Date {
        guard let date = ISO8601DateFormatter().date(from: text) else { fatalError("bad instant \(text)") }
        return date
    }

    @Test("the events page renders a month in German; a bad query is a 400 page that names the valid form")
    func eventsPage() async throws {
        try await withPages(at: Self.instant("2026-11-26T09:00:00Z")) { client in
            let page = try await client.execute(
                uri: "/swiss/app/events?city=zurich&lang=de&month=2026-12", method: .get)
            #expect(page.status == .ok)
            #expect(page.headers[.contentType] == "text/html; charset=utf-8")
            let html = String(buffer: page.body)
            #expect(html.contains("Dezember 2026") && html.contains("<table class=\"cal-grid\""))
            #expect(
                html.contains("Weihnachten")
                    && html.contains("/swiss/app/events/holiday-zurich-christmas-2026-12-25/ics"))
            #expect(html.contains("swiss-calendar.css") && html.contains("swiss-calendar.js"))
            for query in ["month=2026-13", "day=soon", "kind=parties"] {
                let bad = try await client.execute(uri: "/swiss/app/events?\(query)", method: .get)
                #expect(bad.status == .badRequest, "\(query)")
                #expect(String(buffer: bad.body).contains("role=\"alert\""), "\(query)")
            }
        }
    }

    @Test("today is the Swiss day across the DST changes (00:30 local is still UTC's yesterday)")
    func swissToday() async throws {
        for (instant, today) in [
            ("2026-03-28T23:30:00Z", "2026-03-29"),  // CET: 00:30 on the day clocks go forward
            ("2026-03-29T22:30:00Z", "2026-03-30"),  // CEST: 00:30
            ("2026-10-24T22:30:00Z", "2026-10-25"),  // CEST: 00:30 on the day clocks go back
            ("2026-10-25T23:30:00Z", "2026-10-26"),  // CET again
        ] {
            try await withPages(at: Self.instant(instant)) { client in
                let html = String(buffer: try await client.execute(uri: "/swiss/app/events", method: .get).body)
                #expect(html.contains("data-date=\"\(today)\" aria-current=\"date\""), "\(instant)")
            }
        }
    }

    @Test("one entry as a calendar file: text/calendar, one VEVENT, the chosen language; unknown ids are 404")
    func entryFile() async throws {
        try await withPages(at: Self.instant("2026-11-26T09:00:00Z")) { client in
            let file = try await client.execute(
                uri: "/swiss/app/events/zurich-street-parade-2026/ics?lang=de", method: .get)
            #expect(file.status == .ok)
            #expect(file.headers[.contentType] == "text/calendar; charset=utf-8")
            #expect(file.headers[.contentDisposition]?.contains("zurich-street-parade-2026.ics") == true)
            let text = String(buffer: file.body)
            #expect(text.components(separatedBy: "BEGIN:VEVENT").count == 2)
            #expect(text.contains("DTSTART;VALUE=DATE:20260808\r\nDTEND;VALUE=DATE:20260809\r\n"))
            #expect(text.contains("DESCRIPTION;LANGUAGE=de:Riesige Techno-Parade"))
            #expect(text.contains("UID:zurich-street-parade-2026@today-in-switzerland.clubhouse"))
            let school = try await client.execute(uri: "/swiss/app/events/school-zurich-2026-12-21/ics", method: .get)
            #expect(school.status == .ok)
            #expect(String(buffer: school.body).contains("DTEND;VALUE=DATE:20270102"))
            for id in [
                "no-such-event", "holiday-zurich-christmas-2026-12-24", "holiday-atlantis-christmas-2026-12-25",
                "school-zurich-2026-12-22", "bad%20id", "holiday-zurich-christmas-2026-02-30",
            ] {
                let missing = try await client.execute(uri: "/swiss/app/events/\(id)/ics", method: .get)
                #expect(missing.status == .notFound, "\(id)")
            }
        }
    }

    @Test("the city feed: upcoming entries of that city only, named, with a refresh hint; unknown city is 404")
    func feed() async throws {
        try await withPages(at: Self.instant("2026-11-26T09:00:00Z")) { client in
            let feed = try await client.execute(uri: "/swiss/app/calendar/basel/events.ics?lang=en", method: .get)
            #expect(feed.status == .ok)
            #expect(feed.headers[.contentType] == "text/calendar; charset=utf-8")
            let text = String(buffer: feed.body)
            #expect(text.contains("X-WR-CALNAME:Today in Basel"))
            #expect(text.contains("REFRESH-INTERVAL;VALUE=DURATION:PT12H"))
            #expect(text.contains("UID:basel-christmas-market-2026@"))
            #expect(!text.contains("UID:zurich-"))
            #expect(!text.contains("UID:basel-fasnacht-2026@"), "past events are left out")
            #expect(text.components(separatedBy: "BEGIN:VEVENT").count > 10)
            let unknown = try await client.execute(uri: "/swiss/app/calendar/atlantis/events.ics", method: .get)
            #expect(unknown.status == .notFound)
        }
    }

    @Test("sunshine and snow pages render the ranking from the fake forecast, and honestly without one")
    func forecastPages() async throws {
        try await withPages(at: Self.instant("2026-11-26T09:00:00Z")) { client in
            let sunshine = try await client.execute(uri: "/swiss/app/sunshine?lang=en", method: .get)
            #expect(sunshine.status == .ok)
            let sun = String(buffer: sunshine.body)
            #expect(sun.contains("id=\"card-zurich\"") && sun.contains("class=\"swiss-map\""))
            #expect(sun.contains("aria-current=\"page\""))
            let snow = try await client.execute(uri: "/swiss/app/snow?lang=de&sort=drive", method: .get)
            #expect(snow.status == .ok)
            #expect(String(buffer: snow.body).contains("Wo hat es Schnee?"))
            #expect(try await client.execute(uri: "/swiss/app/snow?filter=powder", method: .get).status == .badRequest)
            #expect(try await client.execute(uri: "/swiss/app/sunshine?sort=name", method: .get).status == .badRequest)
        }
        try await withPages(at: Self.instant("2026-11-26T09:00:00Z"), fault: .status(500)) { client in
            for path in ["/swiss/app/sunshine", "/swiss/app/snow"] {
                let page = try await client.execute(uri: path, method: .get)
                #expect(page.status == .ok, "\(path)")
                let html = String(buffer: page.body)
                #expect(html.contains("Forecast unavailable — retrying"), "\(path)")
                #expect(html.contains("not answering"), "\(path)")
            }
        }
    }
}
