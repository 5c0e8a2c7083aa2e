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
