import Foundation
import Hummingbird
import HummingbirdTesting
import ServerKit
import SportsTime
import Testing

@testable import SportsTimeServer

@Suite("SportsTime web: schedule page")
struct SchedulePagesTests {
    static let today = LocalDate("2026-11-22") ?? LocalDate(dayNumber: 0)

    static func model(_ query: [(String, String)]) async throws -> ScheduleModel {
        let app = try await MorePages.app()
        return ScheduleModel.build(
            query: query, catalog: try await app.currentCatalog(), imported: [:], today: today)
    }

    @Test("a team and dates: only that team's games, by local date, with plan, must-see and I-was-there links")
    func teamAndDates() async throws {
        let model = try await Self.model([
            ("team", "mlb-bos"), ("from", "2026-06-01"), ("to", "2026-06-07"), ("games", "mlb-x1"),
        ])
        #expect(model.problems.isEmpty)
        let rows = model.days.flatMap(\.rows)
        #expect(!rows.isEmpty && rows.allSatisfy { $0.matchup.contains("Boston Red Sox") })
        #expect(rows.allSatisfy { $0.date >= LocalDate("2026-06-01")! && $0.date <= LocalDate("2026-06-07")! })
        #expect(model.days.map(\.date) == model.days.map(\.date).sorted())
        let first = try #require(rows.first)
        #expect(
            rows.allSatisfy {
                $0.time.hasSuffix(" EDT") || $0.time.hasSuffix(" CDT") || $0.time.hasSuffix(" PDT")
                    || $0.time.hasSuffix(" MDT") || $0.time.hasSuffix(" MST")
            }, "\(rows.map(\.time))")
        #expect(first.isPast, "June is before the fixed today (22 Nov)")
        let day = first.date
        #expect(
            first.planURL
                == "/trips/options?mode=game-first&sports=mlb&games=\(first.id)&from=\(day.adding(days: -2))&to=\(day.adding(days: 2))"
        )
        #expect(first.mustSeeURL == "/trips/new/game-first?games=mlb-x1%2C\(first.id)")
        #expect(model.mustSeePlanURL == "/trips/new/game-first?games=mlb-x1")
        #expect(model.demoLeagues == [.mlb], "no schedule imported: the demo banner names MLB")
        let html = ScheduleView.page(model, prefs: .standard)
        #expect(html.contains("Plan around this game") && html.contains("I was there"))
        #expect(html.contains("Demo schedule"))
    }

    @Test("100 games a page; the next page starts after the last game shown and links back to the first")
    func paging() async throws {
        let query = [("league", "mlb"), ("from", "2026-06-01"), ("to", "2026-06-10")]
        let first = try await Self.model(query)
        #expect(first.rowCount == ScheduleModel.pageSize && first.matching > ScheduleModel.pageSize)
        let next = try #require(first.nextURL)
        #expect(first.firstURL == nil)
        let after = try #require(next.split(separator: "after=").last.map(String.init))
        let second = try await Self.model(query + [("after", after)])
        #expect(second.offset == ScheduleModel.pageSize && second.firstURL != nil)
        let firstIDs = Set(first.days.flatMap(\.rows).map(\.id))
        #expect(second.days.flatMap(\.rows).allSatisfy { !firstIDs.contains($0.id) })
    }

    @Test("a venue: its card with capacity, home teams and former names")
    func venue() async throws {
        let model = try await Self.model([("venue", "fenway-park"), ("from", "2026-06-01"), ("to", "2026-06-30")])
        let card = try #require(model.venue)
        #expect(card.name == "Fenway Park" && card.teams.contains { $0.contains("Red Sox") })
        #expect(card.capacity != nil)
        #expect(model.days.flatMap(\.rows).allSatisfy { $0.venueID == "fenway-park" })
    }

    @Test("bad filters are problems at their field, never an error: unknown team or venue, reversed or long dates")
    func badFilters() async throws {
        let unknown = try await Self.model([("team", "mlb-nope"), ("venue", "atlantis"), ("league", "cricket")])
        #expect(Set(unknown.problems.map(\.field)) == ["team", "venue", "league"] && unknown.days.isEmpty)
        let reversed = try await Self.model([("from", "2026-06-10"), ("to", "2026-06-01")])
        #expect(reversed.problem("to")?.contains("before") == true)
        let long = try await Self.model([("from", "2026-01-01"), ("to", "2026-12-31")])
        #expect(long.problem("to")?.contains("90") == true)
        let garbled = try await Self.model([("from", "June")])
        #expect(garbled.problem("from") != nil)
        let empty = try await Self.model([("team", "mlb-bos"), ("from", "2026-12-01"), ("to", "2026-12-07")])
        #expect(empty.matching == 0)
        #expect(ScheduleView.page(empty, prefs: .standard).contains("No games: widen the dates."))
    }

    @Test("routes: 200 with the next 7 days by default, 400 with the message at the field for a bad team")
    func routes() async throws {
        try await MorePages.withPages { _, client in
            let ok = try await client.execute(uri: "/trips/schedule", method: .get)
            #expect(ok.status == .ok)
            let html = MorePages.text(ok)
            #expect(html.contains("value=\"2026-11-22\"") && html.contains("value=\"2026-11-28\""))
            let bad = try await client.execute(uri: "/trips/schedule?team=mlb-nope&from=2026-06-01", method: .get)
            #expect(bad.status == .badRequest)
            let page = MorePages.text(bad)
            #expect(page.contains("id=\"schedule-team-error\"") && page.contains("aria-invalid=\"true\""))
            #expect(page.contains("value=\"2026-06-01\""), "the input is kept")
            let garbage = try await client.execute(uri: "/trips/schedule?from=%00%FF&to=99999-99-99", method: .get)
            #expect(garbage.status == .badRequest)
        }
    }

    @Test("snapshot: Fenway Park's first ten days of June")
    func snapshot() async throws {
        let model = try await Self.model([("venue", "fenway-park"), ("from", "2026-06-01"), ("to", "2026-06-10")])
        #expect(model.rowCount > 0)
        try TripsSnapshot.assertMatches(
            MorePages.main(ScheduleView.page(model, prefs: .standard)), named: "schedule-fenway")
    }
}
