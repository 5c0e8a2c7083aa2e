import Foundation
import Hummingbird
import HummingbirdTesting
import ServerKit
import SportsTime
import Testing

@testable import SportsTimeServer

@Suite("SportsTime web: progress, visits, achievements and the share card")
struct ProgressPagesTests {
    static func visit(_ id: String, _ venue: String, _ date: String, league: League? = nil) -> StadiumVisit {
        StadiumVisit(id: id, venue: VenueID(rawValue: venue), date: LocalDate(date)!, league: league)
    }

    @Test("one visit at Fenway: MLB 1/30, its marker filled with the first visit in the tooltip, AL East 1/5")
    func progressModel() async throws {
        let catalog = try await MorePages.app().currentCatalog()
        let model = ProgressModel.build(
            visits: [Self.visit("v1", "fenway-park", "2026-06-01")], catalog: catalog, requested: "mlb",
            preferred: [])
        #expect(model.league == .mlb && model.progress.visitedCount == 1 && model.progress.totalCount == 30)
        #expect(model.tabs.first { $0.league == .mlb }.map { "\($0.visited)/\($0.total)" } == "1/30")
        #expect(model.map.markers.count == 30)
        let visited = model.map.markers.filter { $0.kind == .visited }
        #expect(visited.count == 1 && visited[0].name.contains("Fenway Park") && visited[0].name.contains("first on"))
        let east = try #require(model.progress.divisions.first { $0.name.contains("AL East") })
        #expect(east.visitedCount == 1 && east.totalCount == 5 && !east.isComplete)
        #expect(model.progress.remaining.count == 29)
        let html = ProgressView.page(model, prefs: .standard, origin: "https://example.org")
        #expect(html.contains("property=\"og:image\" content=\"https://example.org/trips/progress/card.svg\""))
        #expect(html.contains("property=\"og:title\""))
        #expect(html.contains("marker-visited") && html.contains("MLB 1/30"))
        let unknown = ProgressModel.build(visits: [], catalog: catalog, requested: "cricket", preferred: [.nba])
        #expect(unknown.league == .nba && unknown.unknownLeague == "cricket")
    }

    @Test("a new visit is checked field by field: venue, date, league against the game, note length")
    func validation() async throws {
        let catalog = try await MorePages.app().currentCatalog()
        var input = NewVisitModel.Input()
        guard case .failure(let empty) = NewVisitModel.validate(input, catalog: catalog, id: "x") else {
            Issue.record("an empty form must fail")
            return
        }
        #expect(Set(empty.errors.keys) == ["venue", "date"])
        input = .init(
            venue: "fenway-park", date: "2026-13-40", league: "cricket", game: "",
            note: String(repeating: "n", count: 501))
        guard case .failure(let bad) = NewVisitModel.validate(input, catalog: catalog, id: "x") else {
            Issue.record("bad values must fail")
            return
        }
        #expect(Set(bad.errors.keys) == ["date", "league", "note"])
        let game = try #require(catalog.games.first { $0.venue.rawValue == "fenway-park" })
        input = .init(venue: "fenway-park", date: game.localDate.description, league: "", game: game.id.rawValue)
        guard case .success(let visit) = NewVisitModel.validate(input, catalog: catalog, id: "v") else {
            Issue.record("a game at the venue that day is fine")
            return
        }
        #expect(visit.league == .mlb && visit.gameID == game.id, "the game's league is taken")
        input.date = game.localDate.adding(days: 1).description
        if case .failure(let wrongDay) = NewVisitModel.validate(input, catalog: catalog, id: "v") {
            #expect(wrongDay.errors["game"] != nil)
        } else {
            Issue.record("a game on another day must fail")
        }
        let form = NewVisitModel.build(
            input: .init(venue: "fenway-park", date: game.localDate.description), errors: [:], catalog: catalog)
        #expect(form.gameChoices.contains { $0.value == game.id.rawValue })
    }

    @Test("achievements: earned with the date, locked with current/target; the notice names the badges just earned")
    func achievements() async throws {
        let catalog = try await MorePages.app().currentCatalog()
        let visits = [Self.visit("v1", "fenway-park", "2026-06-01"), Self.visit("v2", "yankee-stadium", "2026-06-01")]
        let model = AchievementsModel.build(
            achievements: AchievementEngine(catalog: catalog).evaluate(visits),
            justEarned: ["two-in-a-day", "nonsense", "venues-50"], hasVisits: true)
        #expect(model.earned.map(\.id).contains("first-visit") && model.earned.map(\.id).contains("two-in-a-day"))
        #expect(model.justEarned == ["Doubleheader day"], "unknown and locked ids are left out")
        let five = try #require(model.locked.first { $0.id == "venues-5" })
        #expect(five.current == 2 && five.target == 5)
        let html = ProgressView.achievements(model, prefs: .standard)
        #expect(html.contains("<progress") && html.contains("2 of 5") && html.contains("Just earned: Doubleheader day"))
        try TripsSnapshot.assertMatches(MorePages.main(html), named: "achievements-two-visits")
    }

    @Test("the share card: 1200×630 SVG with the count per league, the latest badge and the visited venues")
    func card() async throws {
        let catalog = try await MorePages.app().currentCatalog()
        let model = ProgressCard.model(visits: [Self.visit("v1", "fenway-park", "2026-06-01")], catalog: catalog)
        let svg = ProgressCard.svg(model)
        #expect(svg.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"1200\" height=\"630\""))
        #expect(svg.contains(">1/30<") && svg.contains("First visit") && svg.contains("marker-visited"))
        #expect(svg.components(separatedBy: "<svg").count == 3, "one nested map")
        let empty = ProgressCard.svg(ProgressCard.model(visits: [], catalog: catalog))
        #expect(empty.contains("No badge yet"))
    }

    @Test("routes: log Fenway → 1/30 and First visit; a second venue that day → Doubleheader day; delete re-locks")
    func journey() async throws {
        try await MorePages.withPages { app, client in
            let browser = MorePages.Browser(client)
            let empty = try await browser.get("/trips/progress")
            #expect(empty.status == .ok && MorePages.text(empty).contains("No visits yet"))
            #expect(browser.cookies.isEmpty, "a GET creates no identity")

            let first = try await browser.post(
                "/trips/visits", [("venue", "fenway-park"), ("date", "2026-06-01"), ("league", ""), ("note", "")])
            #expect(first.status == .seeOther)
            #expect(first.headers[.location] == "/trips/achievements?earned=first-visit")
            #expect(browser.cookies[SportsTimeApp.travellerCookie] != nil, "the first visit creates the identity")
            let progress = MorePages.text(try await browser.get("/trips/progress?league=mlb"))
            #expect(progress.contains("MLB 1/30") && progress.contains("1 of 30 venues"))
            #expect(progress.contains("class=\"offline-banner\""), "an offline copy says when it was rendered")
            let earned = MorePages.text(try await browser.get("/trips/achievements?earned=first-visit"))
            #expect(earned.contains("Just earned: First visit"))

            let second = try await browser.post(
                "/trips/visits", [("venue", "yankee-stadium"), ("date", "2026-06-01")])
            #expect(second.headers[.location]?.contains("two-in-a-day") == true)
            let visits = try #require(
                try await app.visits.list(
                    traveller: try #require(try await app.session(browserRequest(browser)).travellerID)))
            #expect(visits.count == 2)
            let list = MorePages.text(try await browser.get("/trips/visits"))
            #expect(list.contains("Yankee Stadium") && list.contains("name=\"delete\""))

            let yankee = try #require(visits.first { $0.venue.rawValue == "yankee-stadium" })
            let deleted = try await browser.post("/trips/visits", [("delete", yankee.id)])
            #expect(deleted.headers[.location] == "/trips/visits?deleted=1")
            let after = MorePages.text(try await browser.get("/trips/achievements"))
            let locked = try #require(after.range(of: "Locked ("))
            #expect(after[locked.lowerBound...].contains("data-badge=\"two-in-a-day\""), "deleting re-locks it")

            let bad = try await browser.post("/trips/visits", [("venue", ""), ("date", "soon"), ("note", "x")])
            #expect(bad.status == .unprocessableContent)
            let page = MorePages.text(bad)
            #expect(page.contains("id=\"visit-venue-error\"") && page.contains("id=\"visit-date-error\""))
            #expect(page.contains(">x</textarea>"), "the note is kept")

            let foreign = try await browser.post(
                "/trips/visits", [("venue", "fenway-park"), ("date", "2026-06-02")], origin: "https://evil.example")
            #expect(foreign.status == .forbidden)

            let fenwayDay = try #require(
                try await app.currentCatalog().games.first { $0.venue.rawValue == "fenway-park" }?.localDate)
            let form = try await browser.get("/trips/visits/new?venue=fenway-park&date=\(fenwayDay)")
            #expect(form.status == .ok && MorePages.text(form).contains("id=\"visit-game\""))
            let card = try await browser.get("/trips/progress/card.svg")
            #expect(card.headers[.contentType]?.hasPrefix("image/svg+xml") == true)
            #expect(MorePages.text(card).contains(">1/30<"))
        }
    }

    /// A request carrying the browser's cookies (to ask the app who the traveller is).
    func browserRequest(_ browser: MorePages.Browser) -> Request {
        var head = HTTPRequest(method: .get, scheme: "http", authority: "localhost", path: "/")
        head.headerFields[.cookie] = browser.cookieHeader
        return Request(head: head, body: .init(buffer: .init()))
    }
}
