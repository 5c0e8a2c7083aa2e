import Benchmark
import Foundation
import SportsTime

/// Goals (issue: SportsTime core): a date-range plan over a full season of MLB + NBA + NHL (~5,000 games), 10-day
/// window, 2 drivers: under 100 ms median. Team-first over a season for 3 teams: under 500 ms. A 30-park MLB tour
/// search on the real 2025 season (when `../shared/data/sportstime/` is there): the tour found and the time taken.
let benchmarks: @Sendable () -> Void = {
    guard let base = try? Catalog.bundled() else {
        print("SportsTimePlanning: the bundled catalogue did not load")
        return
    }
    // The 2026 MLB season and the 2025–26 NBA and NHL seasons overlap in April 2026.
    let generator = SeasonGenerator(catalog: base)
    var catalog = base
    catalog.replaceGames(
        generator.season(.mlb, year: 2026) + generator.season(.nba, year: 2025) + generator.season(.nhl, year: 2025))
    print("SportsTimePlanning: \(catalog.games.count) games")

    let dateRange = TripPreferences(
        planningMode: .dateRange, sports: [.mlb, .nba, .nhl], startDate: LocalDate("2026-04-01"),
        endDate: LocalDate("2026-04-10"), numberOfDrivers: 2)
    Benchmark(
        "Date-range plan, MLB+NBA+NHL season, 10-day window, 2 drivers",
        configuration: .init(metrics: [.wallClock], maxDuration: .seconds(10))
    ) { _ in
        blackHole(TripPlanningEngine.plan(dateRange, catalog: catalog))
    }

    let teamFirst = TripPreferences(
        planningMode: .teamFirst, sports: [.mlb], selectedTeamIds: ["mlb-bos", "mlb-nyy", "mlb-phi"],
        numberOfDrivers: 2)
    Benchmark(
        "Team-first over the MLB season, 3 teams",
        configuration: .init(metrics: [.wallClock], maxDuration: .seconds(10))
    ) { _ in
        blackHole(TripPlanningEngine.plan(teamFirst, catalog: catalog))
    }

    // Issue 16: the 30-park tour under both rules on the 2019 season (the Traveling Baseball Fan Problem fixture,
    // with its OSRM road matrix; the proven optimum is 24.125 days under the continuous rules) and on the generated
    // 2026 season (estimated road times). Each run prints days, miles, the lower bound, the gap and the seconds.
    let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Tests/SportsTimeTests/Fixtures/tbfp2019")
    var seasons: [(name: String, catalog: Catalog, roads: RoadMatrix?)] = []
    if let files = try? TourInstanceFiles(folder: fixture) {
        seasons.append(("2019 (TBFP fixture, OSRM matrix)", files.catalog, files.roadMatrix))
    } else {
        print("SportsTimePlanning: \(fixture.path) not found; the 2019 tour benchmarks are skipped")
    }
    var season2026 = base
    season2026.replaceGames(generator.season(.mlb, year: 2026))
    seasons.append(("2026 (generated, estimated roads)", season2026, nil))
    for season in seasons {
        for rules in [TravelRules.benchmark, TravelRules.daily(drivers: 3, hoursPerDriver: 8)] {
            var travel = rules
            travel.estimator = travel.estimator.with(roads: season.roads)
            let search = BallparkTourSearch(rules: travel, timeBudgetSeconds: 30)
            Benchmark(
                "30-park MLB tour \(season.name), \(rules.driving.rawValue) rules",
                configuration: .init(metrics: [.wallClock], maxDuration: .seconds(120), maxIterations: 2)
            ) { _ in
                let report = search.report(catalog: season.catalog)
                blackHole(report)
                TourBenchmarkLine.print(report, name: "\(season.name), \(rules.driving.rawValue)")
            }
        }
    }

    // The real 2025 MLB season, when the shared reference data is next to the repository.
    let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("shared/data/sportstime/mlb-games-2025.json")
    guard let data = try? Data(contentsOf: file),
        let season = try? ScheduleImporter(catalog: base).importSchedule(data, format: .mlbStatsAPI)
    else {
        print("SportsTimePlanning: \(file.path) not found; the tour benchmark is skipped")
        return
    }
    var real = base
    real.replaceGames(season.games)
    for drivers in [1, 2] {
        let search = BallparkTourSearch(driving: DrivingConstraints(numberOfDrivers: drivers, maxHoursPerDriver: 8))
        Benchmark(
            "30-park MLB tour, real 2025 season, \(drivers) driver\(drivers == 1 ? "" : "s") × 8 h",
            configuration: .init(metrics: [.wallClock], maxDuration: .seconds(60), maxIterations: 3)
        ) { _ in
            let tour = search.search(catalog: real)
            blackHole(tour)
            if let tour {
                print("tour: \(tour.totalDays) days, \(Int(tour.totalMiles.rounded())) mi")
            }
        }
    }
}

/// One line per tour run: days, miles, lower bound, gap, seconds.
enum TourBenchmarkLine {
    static func print(_ report: BallparkTourReport, name: String) {
        guard let tour = report.tour else {
            Swift.print("tour \(name): none found in \(String(format: "%.1f", report.elapsedSeconds)) s")
            return
        }
        let days = tour.durationDays.map { String(format: "%.3f days first pitch to last out, ", $0) } ?? ""
        let bound = report.lowerBound.map { String(format: "%.3f", $0.value) } ?? "–"
        let gap = report.gap.map { String(format: "%.1f %%", $0 * 100) } ?? "–"
        Swift.print(
            "tour \(name): \(days)\(tour.totalDays) calendar days, \(Int(tour.totalMiles.rounded())) mi, "
                + "lower bound \(bound), gap \(gap), \(String(format: "%.1f", report.elapsedSeconds)) s")
    }
}
