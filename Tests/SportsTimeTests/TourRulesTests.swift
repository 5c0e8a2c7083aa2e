import Foundation
import Testing

@testable import SportsTime

@Suite("Tour travel rules and the TBFP 2019 benchmark")
struct TourRulesTests {
    @Test("The fixture reads: 30 parks, 2,414 games, 870 road legs")
    func fixtureReads() throws {
        let files = try #require(TBFP2019.files)
        #expect(files.catalog.venues.count == 30)
        #expect(files.catalog.games.count == 2_414)
        #expect(files.roads.count == 870)
        #expect(files.roadProblems.isEmpty)
        #expect(BallparkTourSearch.homeVenues(of: .mlb, in: files.catalog).count == 30)
        // Local dates: a 7:10 pm CDT game at Target Field is on its local day.
        let game = try #require(
            files.catalog.games.first { $0.venue == "target-field" && $0.start == date("2019-07-17T00:10:00Z") })
        #expect(game.localDate == LocalDate("2019-07-16"))
    }

    @Test("The published optimum is feasible under the benchmark's rules and lasts exactly 24.125 days")
    func publishedOptimum() throws {
        let files = try #require(TBFP2019.files)
        let games = try TBFP2019.optimum.map { venue, start in
            try #require(files.catalog.games.first { $0.venue == venue && $0.start == date(start) })
        }
        let rules = TBFP2019.benchmarkRules(files)
        let check = rules.check(games, catalog: files.catalog)
        #expect(check.violations == [])
        #expect(abs(check.durationHours / 24 - 24.125) < 1e-9)
        #expect(abs(check.miles - 18_763.451) < 0.5)
        // The tightest leg (Petco → Coors, 13 → 14 in the source) has 0.28 minutes to spare.
        let tightest = try #require(check.legs.map(\.slackHours).min())
        #expect(abs(tightest * 60 - 0.28) < 0.01)
        // With a 1-hour buffer it is no longer feasible.
        var strict = rules
        strict.bufferHours = 1
        #expect(!strict.check(games, catalog: files.catalog).isFeasible)
    }

    @Test("Rules are clamped and summarised")
    func rulesSummary() {
        #expect(TravelRules.benchmark.summary == "continuous driving (any hour), 3 h games, no buffer")
        let daily = TravelRules.daily(drivers: 3, hoursPerDriver: 8)
        #expect(daily.dailyLimit == 24)
        #expect(daily.bufferHours == 1)
        #expect(daily.summary == "daily driving: 3 drivers × 8 h, set off at 08:00, 3 h games, arrive 1 h early")
        let odd = TravelRules(driving: .continuous, gameHours: .nan, bufferHours: -2, drivers: 0)
        #expect(odd.gameHours == 3 && odd.bufferHours == 0 && odd.drivers == 1)
    }

    func date(_ text: String) -> Date { ISO8601DateFormatter().date(from: text) ?? .distantPast }
}
