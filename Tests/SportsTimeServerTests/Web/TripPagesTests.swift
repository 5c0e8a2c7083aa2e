import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import NIOCore
import Plot
import ServerKit
import SportsTime
import TestSupport
import Testing
import WebUI

@testable import SportsTimeServer

/// Fixtures: a two-game trip Boston → New York with a long drive on day 2 and a rest day.
enum TripFixtures {
    static func date(_ text: String) -> LocalDate { LocalDate(text)! }

    static func game(
        _ id: String, venue: String, venueName: String, city: String, lat: Double, lon: Double, start: String,
        day: String
    ) -> PlannedGame {
        PlannedGame(
            gameId: GameID(rawValue: id), league: .mlb, homeTeamId: TeamID(rawValue: "mlb-home"),
            homeTeamName: city == "Boston, MA" ? "Boston Red Sox" : "New York Yankees",
            awayTeamId: TeamID(rawValue: "mlb-tb"), awayTeamName: "Tampa Bay Rays", venueId: VenueID(rawValue: venue),
            venueName: venueName, city: city, latitude: lat, longitude: lon, start: ISO8601.date(start) ?? Date(),
            localDate: date(day), localStart: "", timeZone: "America/New_York")
    }

    static let fenway = game(
        "g1", venue: "fenway-park", venueName: "Fenway Park", city: "Boston, MA", lat: 42.3467, lon: -71.0972,
        start: "2026-06-01T23:10:00.000Z", day: "2026-06-01")
    static let yankees = game(
        "g2", venue: "yankee-stadium", venueName: "Yankee Stadium", city: "New York, NY", lat: 40.8296,
        lon: -73.9262, start: "2026-06-02T23:05:00.000Z", day: "2026-06-02")

    static var option: ItineraryOption {
        var option = TripsSkeletonTests.option!
        option.games = [fenway, yankees]
        option.legs = [
            TravelLeg(
                fromVenueId: fenway.venueId, fromName: "Fenway Park, Boston, MA", toVenueId: yankees.venueId,
                toName: "Yankee Stadium, New York, NY", miles: 215, drivingHours: 7.5,
                departureDay: date("2026-06-02"),
                dailyHours: [PlannedRoute.DayDrive(day: date("2026-06-02"), hours: 7.5)], overnightStops: [])
        ]
        option.days = [
            ItineraryDay(
                date: date("2026-06-01"), kind: .game,
                items: [
                    ItineraryItem(kind: .game, time: "7:10 PM EDT", text: "Rays at Red Sox", gameId: fenway.gameId)
                ],
                overnight: "Boston, MA"),
            ItineraryDay(
                date: date("2026-06-02"), kind: .mixed,
                items: [
                    ItineraryItem(kind: .drive, time: nil, text: "Drive Boston, MA → New York, NY (7.5 h, 215 mi)"),
                    ItineraryItem(kind: .game, time: "7:05 PM EDT", text: "Rays at Yankees", gameId: yankees.gameId),
                ], overnight: "New York, NY"),
            ItineraryDay(date: date("2026-06-03"), kind: .rest, items: [], overnight: "New York, NY"),
        ]
        option.totals = ItineraryTotals(
            games: 2, distinctVenues: 2, miles: 215, drivingHours: 7.5, restDays: 1, days: 3)
        return option
    }

    static func item(_ id: String, day: String, minute: Int? = nil, slot: Int = 0, title: String? = nil) -> CustomItem {
        CustomItem(
            id: id, day: date(day), minute: minute, kind: .meal, title: title ?? "Stop \(id)", place: nil, note: nil,
            slot: slot)
    }

    static func model(
        prefs: TripsPrefs = .standard, items: [CustomItem] = [], option: ItineraryOption = option,
        catalogGames: [GameID: Game]? = nil
    ) -> TripPageModel {
        TripPageModel.build(
            option: option, name: "Boston → New York", mode: .owner(id: "t1", shareToken: nil),
            preferences: TripPreferences(sports: [.mlb]), prefs: prefs, customItems: items, catalogGames: catalogGames)
    }
}

@Suite("SportsTime web: trip page model, view, edits and calendar")
struct TripPagesTests {
    @Test("one card per day with its kind, games at venue time with the zone, drives in the visitor's units")
    func days() {
        let model = TripFixtures.model(prefs: TripsPrefs(units: .km, homeCity: "Boston", leagues: [], theme: .system))
        #expect(model.days.map(\.anchor) == ["day-2026-06-01", "day-2026-06-02", "day-2026-06-03"])
        #expect(model.days.map(\.kind) == [.game, .mixed, .rest])
        #expect(model.days[1].entries.map(\.kind) == [.drive, .game])
        #expect(model.days[1].entries[1].time == "7:05 PM EDT")
        #expect(model.days[1].entries[0].title.contains("346 km"))
        #expect(model.totals.contains { $0.label == "Driving" && $0.value == "346 km" })
        // 7.5 h of an 8 h limit: a tight leg; no other flags.
        #expect(model.flags.map(\.kind) == [.tightLeg])
        #expect(model.days[1].flags.first?.text.contains("7 h 30 min") == true)
    }

    @Test("a day at two venues says when to leave; a stop during a game is a conflict")
    func twoVenues() {
        var option = TripFixtures.option
        let early = TripFixtures.game(
            "g0", venue: "yankee-stadium", venueName: "Yankee Stadium", city: "New York, NY", lat: 40.8296,
            lon: -73.9262, start: "2026-06-01T17:05:00.000Z", day: "2026-06-01")
        option.games.insert(early, at: 0)
        option.days[0].items.insert(
            ItineraryItem(kind: .game, time: "1:05 PM EDT", text: "Rays at Yankees", gameId: early.gameId), at: 0)
        let model = TripFixtures.model(
            items: [TripFixtures.item("c1", day: "2026-06-01", minute: 19 * 60 + 30)], option: option)
        let flags = model.days[0].flags
        #expect(flags.map(\.kind) == [.twoVenues, .conflict])
        #expect(flags[0].text.contains("leave Yankee Stadium by") && flags[0].text.contains("PM EDT"))
        #expect(flags[1].text.contains("during Rays @ Red Sox") || flags[1].text.contains("during Tampa Bay Rays"))
    }

    @Test("own stops merge in time order: untimed at their slot, timed before the first later game")
    func customOrdering() {
        let items = [
            TripFixtures.item("a", day: "2026-06-02", slot: 0), TripFixtures.item("b", day: "2026-06-02", slot: 2),
            TripFixtures.item("c", day: "2026-06-02", minute: 12 * 60),
            TripFixtures.item("late", day: "2026-06-02", minute: 22 * 60),
        ]
        let entries = TripFixtures.model(items: items).days[1].entries
        #expect(entries.map { $0.id ?? $0.kind.rawValue } == ["a", "drive", "c", "g2", "b", "late"])
        #expect(entries.first?.movable == true && entries[2].movable == false && entries[2].time == "12:00")
    }

    @Test("moving a stop up and down passes one entry at a time; the first can't go up; days change")
    func moves() throws {
        let option = TripFixtures.option
        let items = [
            TripFixtures.item("a", day: "2026-06-02", slot: 0), TripFixtures.item("b", day: "2026-06-02", slot: 2),
        ]
        let upB = try TripEditor.move("b", up: true, in: items, option: option).get()
        #expect(upB.first { $0.id == "b" }?.slot == 1)
        #expect(
            TripFixtures.model(items: upB, option: option).days[1].entries.map { $0.id ?? "" } == ["a", "", "b", "g2"])
        #expect(throws: TripEditor.Refusal.self) { try TripEditor.move("a", up: true, in: items, option: option).get() }
        let twoAtZero = [TripFixtures.item("x", day: "2026-06-02"), TripFixtures.item("y", day: "2026-06-02")]
        #expect(try TripEditor.move("y", up: true, in: twoAtZero, option: option).get().map(\.id) == ["y", "x"])
        let moved = try TripEditor.move("a", toDay: "2026-06-03", in: items, option: option).get()
        #expect(moved.last?.id == "a" && moved.last?.day == TripFixtures.date("2026-06-03"))
        #expect(throws: TripEditor.Refusal.self) {
            try TripEditor.move("a", toDay: "2027-01-01", in: items, option: option).get()
        }
    }

    @Test("new stops are checked: kind, title length, a trip day, HH:MM")
    func newItems() {
        let option = TripFixtures.option
        func make(_ kind: String?, _ title: String?, _ day: String?, _ time: String?) -> String? {
            switch TripEditor.newItem(
                kind: kind, title: title, day: day, time: time, place: nil, note: nil, option: option, existing: [])
            {
            case .success: nil
            case .failure(let refusal): refusal.code
            }
        }
        #expect(make("meal", "Lunch", "2026-06-02", "12:30") == nil)
        #expect(make("picnic", "Lunch", "2026-06-02", nil) == "badKind")
        #expect(make("meal", String(repeating: "x", count: 81), "2026-06-02", nil) == "badTitle")
        #expect(make("meal", "Lunch", "2026-07-02", nil) == "badDay")
        #expect(make("meal", "Lunch", "2026-06-02", "25:00") == "badTime")
    }

    @Test("past games on the owner's page offer 'I went' (a visit of the venue, date, league and game); others don't")
    func wentToPastGames() {
        let after = ISO8601.date("2026-06-02T12:00:00.000Z")
        let model = TripPageModel.build(
            option: TripFixtures.option, name: "T", mode: .owner(id: "t1", shareToken: nil), preferences: nil,
            prefs: .standard, now: after)
        let games = model.days.flatMap(\.entries).filter { $0.kind == .game }
        #expect(
            games.map(\.visit) == [
                .init(venue: "fenway-park", date: "2026-06-01", league: "mlb", game: "g1"), nil,
            ])
        let html = TripPageView.main(model, prefs: .standard, notice: nil).render()
        #expect(html.contains("action=\"/trips/visits\"") && html.contains("I went to Tampa Bay Rays @ Boston Red Sox"))
        let shared = TripPageModel.build(
            option: TripFixtures.option, name: "T", mode: .shared(token: "x"), preferences: nil, prefs: .standard,
            now: after)
        #expect(shared.days.flatMap(\.entries).allSatisfy { $0.visit == nil })
    }

    @Test("games changed since saving are listed: moved, gone, postponed")
    func changedGames() {
        let f = TripFixtures.fenway
        let moved = Game(
            id: f.gameId, league: .mlb, home: f.homeTeamId, away: f.awayTeamId, venue: f.venueId,
            start: f.start.addingTimeInterval(3600), localDate: f.localDate, status: .scheduled)
        var model = TripFixtures.model(catalogGames: [f.gameId: moved])
        #expect(model.changedGames.map(\.gameID) == ["g1", "g2"])
        #expect(model.changedGames[0].text.contains("moved") && model.changedGames[1].text.contains("no longer"))
        var postponed = moved
        postponed.status = .postponed
        postponed.start = f.start
        model = TripFixtures.model(catalogGames: [f.gameId: postponed])
        #expect(model.changedGames.first?.text == "is postponed.")
        #expect(TripFixtures.model().changedGames.isEmpty)
    }

    @Test("the calendar has a VEVENT per game, drive and own stop, escaped and folded per RFC 5545")
    func calendar() {
        var item = TripFixtures.item("c1", day: "2026-06-02", minute: 12 * 60, title: "Lunch, with \"friends\"; yes")
        item.note = String(repeating: "Long note é ", count: 12)
        let untimed = TripFixtures.item("c2", day: "2026-06-03")
        let text = TripCalendar.document(
            TripFixtures.option, name: "Trip", tripID: "t1", items: [item, untimed],
            generatedAt: Date(timeIntervalSince1970: 0))
        #expect(text.components(separatedBy: "BEGIN:VEVENT").count - 1 == 2 + 1 + 2)
        #expect(text.contains("SUMMARY:Meal: Lunch\\, with \"friends\"\\; yes"))
        #expect(text.contains("DTSTART:20260602T120000") && text.contains("DTSTART;VALUE=DATE:20260603"))
        #expect(text.hasSuffix("END:VCALENDAR\r\n"))
        for line in text.components(separatedBy: "\r\n") { #expect(line.utf8.count <= 75) }
    }

    @Test("HTML snapshot: the owner's trip with flags, an own stop and the actions")
    func snapshot() throws {
        let model = TripFixtures.model(items: [
            TripFixtures.item("a1", day: "2026-06-02", slot: 0, title: "Breakfast <at> Mike's")
        ])
        let html = TripPageView.main(model, prefs: .standard, notice: nil).render()
        #expect(html.contains("id=\"day-2026-06-02\"") && html.contains("data-flag=\"tight-leg\""))
        #expect(html.contains("Breakfast &lt;at&gt; Mike&#39;s") || html.contains("Breakfast &lt;at&gt; Mike&apos;s"))
        #expect(html.contains("/trips/saved/t1/rename") && html.contains("/trips/polls/new?trips=t1"))
        #expect(!html.contains("<script"))
        try TripsSnapshot.assertMatches(html, named: "trip-owner")
        let shared = TripPageModel.build(
            option: TripFixtures.option, name: "Shared", mode: .shared(token: "tok"), preferences: nil,
            prefs: .standard)
        let sharedHTML = TripPageView.main(shared, prefs: .standard, notice: nil).render()
        #expect(!sharedHTML.contains("rename") && sharedHTML.contains("read-only"))
    }
}
