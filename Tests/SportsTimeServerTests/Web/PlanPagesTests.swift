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

@Suite("SportsTime web: plan pages (home, wizard, options, failures, compare)")
struct PlanPagesTests {
    static func query(_ items: [(String, String)]) -> PlanQuery {
        var problems: [PlanQuery.Problem] = []
        return PlanQuery(query: items, problems: &problems)
    }

    static let base = query([
        ("mode", "game-first"), ("sports", "mlb"), ("from", "2026-06-01"), ("to", "2026-06-07"),
        ("start", "Boston"), ("games", "g1,g2,g3"), ("regions", "east"), ("hours", "8"),
    ])

    static let info: [GameID: FailureAdvice.GameInfo] = [
        GameID(rawValue: "g1"): .init(
            label: "NYY @ BOS", date: LocalDate(year: 2026, month: 6, day: 2)!, city: "Boston", latitude: 42.3,
            longitude: -71.1),
        GameID(rawValue: "g2"): .init(
            label: "BOS @ NYY", date: LocalDate(year: 2026, month: 6, day: 3)!, city: "New York", latitude: 40.8,
            longitude: -73.9),
        GameID(rawValue: "g3"): .init(
            label: "BOS @ SEA", date: LocalDate(year: 2026, month: 6, day: 12)!, city: "Seattle", latitude: 47.6,
            longitude: -122.3),
    ]

    // MARK: - Failure advice, every case

    @Test("noGamesInRange: add every sport, widen the dates ±3 days, search every region")
    func noGames() {
        var dateRange = Self.base
        dateRange.mode = .dateRange
        let fixes = FailureAdvice.fixes(for: .noGamesInRange, query: dateRange)
        #expect(fixes.map(\.key) == ["all-sports", "widen-dates", "all-regions"])
        #expect(fixes[0].query?.sports == League.allCases)
        #expect(fixes[1].query?.from?.description == "2026-05-29" && fixes[1].query?.to?.description == "2026-06-10")
        #expect(fixes[2].query?.regions == Set(Region.allCases))
        #expect(fixes.allSatisfy { $0.url.hasPrefix("/trips/options?mode=date-range") })
        let gameFirst = FailureAdvice.fixes(for: .noGamesInRange, query: Self.base)
        #expect(gameFirst.first?.key == "pick-games" && gameFirst.first?.url.hasPrefix("/trips/schedule?") == true)
    }

    @Test("noValidRoutes: add a driver, 10 h each, packed, wider dates")
    func noRoutes() {
        let fixes = FailureAdvice.fixes(for: .noValidRoutes, query: Self.base)
        #expect(fixes.map(\.key) == ["add-driver", "more-hours", "packed", "widen-dates"])
        #expect(fixes[0].query?.drivers == 2 && fixes[1].query?.hours == 10 && fixes[2].query?.leisure == .packed)
        var four = Self.base
        four.drivers = 4
        four.hours = 12
        four.leisure = .packed
        #expect(FailureAdvice.fixes(for: .noValidRoutes, query: four).map(\.key) == ["widen-dates"])
    }

    @Test("missing dates, places and teams: links that focus the field in the wizard; reversed dates can be swapped")
    func missingFields() {
        var reversed = Self.base
        reversed.from = LocalDate("2026-06-09")
        let dates = FailureAdvice.fixes(for: .missingDateRange, query: reversed)
        #expect(dates.map(\.key) == ["focus-from", "swap-dates"])
        #expect(dates[0].url.hasPrefix("/trips/new/game-first?") && dates[0].url.hasSuffix("#field-from"))
        #expect(dates[1].query?.from?.description == "2026-06-07" && dates[1].query?.to?.description == "2026-06-09")
        var noEnd = Self.base
        noEnd.mode = .locations
        let places = FailureAdvice.fixes(for: .missingLocations, query: noEnd)
        #expect(places.map(\.key) == ["focus-end", "end-at-start"] && places[1].query?.end == "Boston")
        var teams = Self.base
        teams.mode = .teamFirst
        let team = FailureAdvice.fixes(for: .missingTeamSelection, query: teams)
        #expect(team.count == 1 && team[0].url.hasSuffix("#field-teams"))
    }

    @Test("dateRangeViolation: stretch the dates to cover the game, or remove it")
    func dateViolation() {
        let fixes = FailureAdvice.fixes(
            for: .dateRangeViolation(games: [GameID(rawValue: "g3")]), query: Self.base, games: Self.info)
        #expect(fixes.map(\.key) == ["stretch-dates", "remove-outside"])
        #expect(fixes[0].query?.to?.description == "2026-06-12")
        #expect(fixes[1].query?.games.map(\.rawValue) == ["g1", "g2"] && fixes[1].label.contains("BOS @ SEA"))
    }

    @Test("drivingExceedsLimit: add a driver, ⌈needed/drivers⌉ h each when ≤ 12, drop the farthest game")
    func drivingLimit() {
        let fixes = FailureAdvice.fixes(
            for: .drivingExceedsLimit(hoursNeeded: 11.3, limit: 8), query: Self.base, games: Self.info)
        #expect(fixes.map(\.key) == ["add-driver", "more-hours", "drop-farthest"])
        #expect(fixes[1].query?.hours == 12 && fixes[2].query?.games.map(\.rawValue) == ["g1", "g2"])
        let far = FailureAdvice.fixes(for: .drivingExceedsLimit(hoursNeeded: 30, limit: 8), query: Self.base)
        #expect(!far.map(\.key).contains("more-hours"), "30 h is more than 12 h per driver")
    }

    @Test("repeatCityViolation: allow repeats, or remove the city's games")
    func repeatCity() {
        var query = Self.base
        query.repeatCities = false
        let fixes = FailureAdvice.fixes(for: .repeatCityViolation(city: "Boston"), query: query, games: Self.info)
        #expect(fixes.map(\.key) == ["allow-repeats", "remove-city-games"])
        #expect(fixes[0].query?.repeatCities == true && fixes[1].query?.games.map(\.rawValue) == ["g2", "g3"])
    }

    @Test("geographicBacktracking: wider dates, remove one game")
    func backtracking() {
        let fixes = FailureAdvice.fixes(for: .geographicBacktracking, query: Self.base, games: Self.info)
        #expect(fixes.map(\.key) == ["widen-dates", "remove-game", "remove-game", "remove-game"])
        #expect(fixes[1].query?.games.count == 2)
    }

    @Test("refused input: similar cities, the first 31 days or 12 days, the first 6 teams or 20 games")
    func inputAdvice() {
        let place = FailureAdvice.fixes(
            for: .unknownPlace(field: .start, text: "Bostn", similar: ["Boston, MA"]), query: Self.base)
        #expect(place.map(\.key) == ["use-start", "focus-start"] && place[0].query?.start == "Boston, MA")
        var long = Self.base
        long.to = LocalDate("2026-07-10")
        let days = FailureAdvice.fixes(for: .tooManyDays(days: 40, limit: 31), query: long)
        #expect(days.map { $0.query?.to?.description } == ["2026-07-01", "2026-06-12"])
        var many = Self.base
        many.teams = (1...8).map { TeamID(rawValue: "t\($0)") }
        many.games = (1...25).map { GameID(rawValue: "g\($0)") }
        #expect(FailureAdvice.fixes(for: .tooManyTeams(count: 8, limit: 6), query: many).first?.query?.teams.count == 6)
        #expect(
            FailureAdvice.fixes(for: .tooManyGames(count: 25, limit: 20), query: many).first?.query?.games.count == 20)
        #expect(PlanInput.editDistance("bostn", "boston") == 1)
    }

    // MARK: - Models

    @Test("each mode's wizard asks for its own fields")
    func wizardFields() {
        #expect(WizardModel.fields(for: .dateRange).starts(with: [.sports, .from, .to]))
        #expect(WizardModel.fields(for: .gameFirst).first == .games)
        #expect(WizardModel.fields(for: .locations).starts(with: [.start, .end]))
        #expect(
            WizardModel.fields(for: .followTeam).first == .team
                && !WizardModel.fields(for: .followTeam).contains(.sports))
        #expect(WizardModel.fields(for: .teamFirst).first == .teams)
    }

    @Test("compare ranks: 2–3 distinct options that exist; anything else says why")
    func compareRanks() throws {
        #expect(try CompareModel.ranks(["1,3"], available: 5) == [1, 3])
        #expect(try CompareModel.ranks(["2", "1", "2"], available: 2) == [2, 1])
        for bad in [["1"], ["1,9"], ["x,2"], ["1,2,3,4"], []] {
            #expect(throws: CompareModel.Problem.self) { try CompareModel.ranks(bad, available: 5) }
        }
    }

    @Test("the suggestion cache keeps at most its capacity and answers a key once")
    func suggestionCache() async throws {
        let cache = SuggestionCache(capacity: 2)
        let calls = Counter()
        for key in ["a", "b", "a", "c", "a"] {
            _ = try await cache.value(key) {
                await calls.add()
                return []
            }
        }
        let (count, made) = (await cache.count, await calls.value)
        #expect(count == 2 && made == 4)
    }

    actor Counter {
        var value = 0
        func add() { value += 1 }
    }

    @Test("home: next trip first with a countdown, chips as links, default home city noted")
    func homeModel() throws {
        var option = try #require(TripsSkeletonTests.option)
        func trip(_ id: String, _ day: String) throws -> HomeModel.SavedTrip {
            option.days = [ItineraryDay(date: try #require(LocalDate(day)), kind: .game, items: [], overnight: "X")]
            return HomeModel.SavedTrip(id: id, name: "Trip \(id)", createdAt: Date(), option: option)
        }
        let today = try #require(LocalDate("2026-06-01"))
        let model = HomeModel.build(
            trips: [try trip("past", "2026-05-01"), try trip("later", "2026-07-01"), try trip("soon", "2026-06-13")],
            today: today, homeCity: nil, month: (2026, 7), leagues: [.mlb], suggestions: [], suggestionsProblem: nil,
            prefs: .standard)
        #expect(model.trips.map(\.name) == ["Trip soon", "Trip later", "Trip past"])
        #expect(model.trips[0].countdown == "in 12 days" && model.trips[2].countdown == nil)
        #expect(model.homeCity == "Boston" && model.homeCityIsDefault)
        #expect(model.months.first { $0.current }?.url == "/trips?month=2026-07&league=mlb#suggestions")
        #expect(model.leagueChips.first { $0.current }?.label == "MLB" && model.modes.count == 5)
        let html = HomeView.page(model, prefs: .standard)
        #expect(html.contains("Set your home city") && html.contains("Try another month or league"))
        let past = HomeModel.build(
            trips: [], today: today, homeCity: "Chicago", month: (2026, 3), leagues: [], suggestions: [],
            suggestionsProblem: nil, prefs: .standard)
        #expect(past.suggestionsProblem == "March 2026 is over: pick a month ahead." && !past.homeCityIsDefault)
        #expect(past.months.first?.current == true && past.months.count == 7, "the chosen month stays visible")
    }

    // MARK: - Snapshots

    static func fixtureOption(rank: Int) throws -> ItineraryOption {
        var option = try #require(TripsSkeletonTests.option)
        func game(
            _ id: String, _ city: String, _ venue: String, _ lat: Double, _ lon: Double, _ day: Int
        ) throws
            -> PlannedGame
        {
            PlannedGame(
                gameId: GameID(rawValue: id), league: .mlb, homeTeamId: TeamID(rawValue: "h"),
                homeTeamName: "Red <Sox>", awayTeamId: TeamID(rawValue: "a"), awayTeamName: "Yankees",
                venueId: VenueID(rawValue: venue), venueName: venue, city: city, latitude: lat, longitude: lon,
                start: Date(timeIntervalSince1970: 1_780_700_000 + Double(day) * 86_400),
                localDate: try #require(LocalDate("2026-06-0\(day)")), localStart: "19:10",
                timeZone: "America/New_York")
        }
        option.rank = rank
        option.score = 12.5
        option.totals.days = 3 + rank
        option.games = [
            try game("g1", "Boston", "Fenway Park", 42.35, -71.10, 1),
            try game("g2", "New York", "Yankee Stadium", 40.83, -73.93, 2 + rank),
        ]
        option.days = [
            ItineraryDay(
                date: try #require(LocalDate("2026-06-01")), kind: .game,
                items: [ItineraryItem(kind: .game, time: "7:10 PM", text: "Yankees @ Red Sox")], overnight: "Boston"),
            ItineraryDay(
                date: try #require(LocalDate("2026-06-0\(2 + rank)")), kind: .travel, items: [], overnight: "New York"),
        ]
        return option
    }

    @Test("snapshot: options cards, comparison table and timeline from a fixture")
    func optionsSnapshot() throws {
        var query = Self.base
        query.mode = .teamFirst
        query.teams = [TeamID(rawValue: "mlb-bos")]
        let model = OptionsModel.build(
            query: query, options: [try Self.fixtureOption(rank: 1), try Self.fixtureOption(rank: 2)], start: nil,
            end: nil, prefs: .standard, sort: "days", direction: "desc")
        #expect(model.tableOrder == [2, 1] && model.windows.count == 2)
        #expect(model.cards[0].saveFields.map(\.name).suffix(2) == ["rank", "sig"])
        #expect(model.cards[0].saveFields.last?.value == OptionSignature.of(try Self.fixtureOption(rank: 1)))
        let html =
            OptionsView.timeline(model).render() + OptionsView.table(model).render()
            + OptionsView.card(model.cards[0]).render()
        #expect(html.contains("Red &lt;Sox&gt;") && !html.contains("Red <Sox>"))
        try TripsSnapshot.assertMatches(html, named: "plan-options")
    }

    @Test("snapshot: the wizard with a problem next to its field")
    func wizardSnapshot() throws {
        let catalog = Catalog(venues: [], teams: [])
        var problems: [PlanQuery.Problem] = []
        let raw = [("mode", "date-range"), ("sports", "mlb"), ("from", "June 1st"), ("to", "2026-06-07")]
        let query = PlanQuery(query: raw, problems: &problems)
        let model = WizardModel.build(
            mode: .dateRange, raw: raw, query: query, problems: problems, prefs: .standard, prefsSaved: false,
            catalog: catalog, imported: [.nba: 10], today: try #require(LocalDate("2026-06-01")))
        #expect(model.dailyLimit == "Daily limit: 8 h (1 driver × 8 h).")
        let html = WizardView.form(model).render()
        #expect(html.contains("value=\"June 1st\"") && html.contains("aria-invalid=\"true\""))
        #expect(html.contains("aria-describedby=\"field-from-error\""))
        try TripsSnapshot.assertMatches(html, named: "plan-wizard")
    }

    @Test("a fix's URL reads back as its query")
    func fixURLs() throws {
        for fix in FailureAdvice.fixes(for: .noValidRoutes, query: Self.base) {
            let url = try #require(URL(string: "http://x" + fix.url))
            let items = (URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems ?? []).map {
                ($0.name, $0.value ?? "")
            }
            #expect(Self.query(items) == fix.query)
        }
    }
}
