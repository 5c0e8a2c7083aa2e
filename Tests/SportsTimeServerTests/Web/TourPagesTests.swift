import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import ServerKit
import SportsTime
import Testing

@testable import SportsTimeServer

@Suite("SportsTime web: every-park tour")
struct TourPagesTests {
    static let request = [
        ("league", "wnba"), ("season", "2026"), ("drivers", "2"), ("hours", "10"), ("from", "2026-06-01"),
        ("to", "2026-06-03"),
    ]

    @Test("the form's values are checked at their field; a season not loaded names the loaded ones")
    func parse() async throws {
        let catalog = try await MorePages.app().currentCatalog()
        let (_, good, none) = TourModel.parse(Self.request, catalog: catalog, thisYear: 2026)
        #expect(none.isEmpty && good?.league == .wnba && good?.drivers == 2 && good?.from == LocalDate("2026-06-01"))
        let (input, bad, errors) = TourModel.parse(
            [("league", "cricket"), ("season", "x"), ("drivers", "7"), ("hours", "nan"), ("start", "Atlantis")],
            catalog: catalog, thisYear: 2026)
        #expect(bad == nil && Set(errors.keys) == ["league", "season", "drivers", "hours", "start"])
        #expect(input.start == "Atlantis", "the input is kept")
        let (_, _, unloaded) = TourModel.parse(
            [("league", "mlb"), ("season", "1990")], catalog: catalog, thisYear: 2026)
        #expect(unloaded["season"]?.contains("2026") == true)
        #expect(
            good?.key(version: "v1") == "league=wnba&season=2026&drivers=2&hours=10&from=2026-06-01&to=2026-06-03&v=v1")
    }

    @Test(
        "continuous rules with a game length and buffer: the search runs under them, the result states them and its bound, and saves as a trip"
    )
    func continuousRules() async throws {
        try await MorePages.withPages { app, client in
            let browser = MorePages.Browser(client)
            let form = MorePages.text(try await browser.get("/trips/tour"))
            #expect(form.contains("name=\"game\"") && form.contains("name=\"buffer\""))
            let request = Self.request + [("rules", "continuous"), ("game", "2.5"), ("buffer", "0.5")]
            let started = try await browser.post("/trips/tour", request)
            let url = try #require(started.headers[.location])
            #expect(url.contains("rules=continuous") && url.contains("game=2.5") && url.contains("buffer=0.5"))
            var logger = Logger(label: "test")
            logger.logLevel = .warning
            try await JobRunner(
                queue: JobQueue(database: app.schedules.database), handlers: app.jobHandlers, logger: logger
            ).drain()
            let result = MorePages.text(try await browser.get(url))
            #expect(result.contains("continuous driving (any hour), 2.5 h games, 0.5 h buffer"))
            #expect(result.contains("First pitch to last out") && result.contains("<dt>Lower bound</dt>"))
            #expect(result.contains("Save to my trips"))
            let save = try await browser.post(url, [("save", "1")])
            let saved = try #require(save.headers[.location])
            #expect(saved.hasPrefix("/trips/saved/"))
            let trip = MorePages.text(try await browser.get(saved))
            #expect(trip.contains("driving around the clock"))
            let (_, _, badExtras) = TourModel.parse(
                Self.request + [("game", "9"), ("buffer", "-1"), ("limit", "0"), ("parks", "nowhere,fenway-park")],
                catalog: try await app.currentCatalog(), thisYear: 2026)
            #expect(Set(badExtras.keys) == ["game", "buffer", "limit", "parks"])
            let (_, _, errors) = TourModel.parse(
                request + [("start", "Boston")], catalog: try await app.currentCatalog(), thisYear: 2026)
            #expect(errors["start"] != nil)
            let (_, _, badRules) = TourModel.parse(
                Self.request + [("rules", "teleport")], catalog: try await app.currentCatalog(), thisYear: 2026)
            #expect(badRules["rules"] != nil)
        }
    }

    @Test("start → computing (queued, then JSON status) → the job runs → the result with one marker per venue → save")
    func journey() async throws {
        try await MorePages.withPages { app, client in
            let browser = MorePages.Browser(client)
            let form = try await browser.get("/trips/tour")
            #expect(form.status == .ok && MorePages.text(form).contains("Find the tour"))
            let started = try await browser.post("/trips/tour", Self.request)
            #expect(started.status == .seeOther)
            let url = try #require(started.headers[.location])
            #expect(url == "/trips/tour" + RoutePath.query(Self.request.prefix(4) + Self.request.suffix(2)))
            let computing = MorePages.text(try await browser.get(url))
            #expect(computing.contains("Computing") && computing.contains("<progress"))
            #expect(computing.contains("http-equiv=\"refresh\" content=\"5\""), "reloads without JavaScript")
            let status = MorePages.text(
                try await browser.get(url.replacingOccurrences(of: "/trips/tour?", with: "/trips/tour/status?")))
            #expect(status.contains("\"state\":\"queued\""))
            // The same request again joins the queued search.
            _ = try await browser.post("/trips/tour", Self.request)
            #expect(
                try await JobQueue(database: app.schedules.database).pendingCount(kind: SportsTimeApp.tourJobKind) == 1)

            var logger = Logger(label: "test")
            logger.logLevel = .warning
            try await JobRunner(
                queue: JobQueue(database: app.schedules.database), handlers: app.jobHandlers, logger: logger
            ).drain()
            let done = MorePages.text(
                try await browser.get(url.replacingOccurrences(of: "/trips/tour?", with: "/trips/tour/status?")))
            #expect(done.contains("\"state\":\"done\""))
            let result = MorePages.text(try await browser.get(url))
            #expect(result.contains("longer than the best possible") || result.contains("Proven shortest"))
            #expect(result.contains("<dt>Rules</dt><dd>daily driving: 2 drivers"))
            #expect(result.contains("<dt>Lower bound</dt>"))
            let venues = BallparkTourSearch.homeVenues(of: .wnba, in: try await app.currentCatalog()).count
            #expect(result.components(separatedBy: "map-marker marker-stop").count - 1 == venues)
            #expect(result.contains("Day by day") && !result.contains("http-equiv=\"refresh\""))
            let save = try await browser.post(url, [("save", "1")])
            #expect(save.headers[.location]?.hasPrefix("/trips/saved/") == true)
            #expect(browser.cookies[SportsTimeApp.travellerCookie] != nil)

            let bad = try await browser.get("/trips/tour?league=cricket&season=2026")
            #expect(bad.status == .badRequest && MorePages.text(bad).contains("id=\"tour-league-error\""))
        }
    }

    @Test("snapshot: a search still computing (progress bar, status URL, reload without JavaScript)")
    func snapshot() throws {
        let request = TourRequest(league: .mlb, season: 2026, drivers: 2, hours: 9.5, start: "Boston")
        let stored = StoredTour(
            key: request.key(version: "v"), request: request, state: .searching,
            message: "Trying every first day of the season…", startedAt: MorePages.now.addingTimeInterval(-12),
            tour: nil, venueCount: 0)
        var input = TourModel.Input()
        input.season = "2026"
        input.drivers = "2"
        input.hours = "9.5"
        input.start = "Boston"
        let model = TourModel.build(
            input: input, errors: [:], request: request, stored: stored, catalog: Catalog(venues: [], teams: []),
            search: nil, prefs: .standard, now: MorePages.now)
        #expect(model.statusURL == "/trips/tour/status?league=mlb&season=2026&drivers=2&hours=9.5&start=Boston")
        guard case .computing(let state, _, let elapsed) = model.status else {
            Issue.record("expected computing, got \(model.status)")
            return
        }
        #expect(state == "searching" && elapsed == 12)
        let html = TourView.page(model, prefs: .standard)
        #expect(html.contains("<noscript><meta http-equiv=\"refresh\" content=\"5\""))
        #expect(html.contains("data-tour-message") && html.contains("Searching. Trying every first day"))
        try TripsSnapshot.assertMatches(MorePages.main(html), named: "tour-searching")
        let failed = TourModel.build(
            input: input, errors: [:], request: request,
            stored: StoredTour(
                key: "k", request: request, state: .done, message: "No tour covers all 30 venues: try 2 drivers.",
                startedAt: nil, tour: nil, venueCount: 30), catalog: Catalog(venues: [], teams: []), search: nil,
            prefs: .standard, now: MorePages.now)
        #expect(failed.status == .noTour("No tour covers all 30 venues: try 2 drivers."))
    }
}
