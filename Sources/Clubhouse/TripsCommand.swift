import ArgumentParser
import ClubhouseServer
import Foundation
import Logging
import NIOCore
import ServerKit
import SportsTime
import SportsTimeServer

struct TripsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "trips", abstract: "SportsTime: plan multi-stop sports road trips, import league schedules.",
        subcommands: [Plan.self, Tour.self, Import.self, Update.self])

    struct Plan: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Plan a trip and print the ranked options with a day-by-day itinerary.",
            discussion: """
                Example: clubhouse trips plan --mode dateRange --sports mlb,nba --from 2026-06-01 --to 2026-06-10 \
                --start Boston
                Modes: dateRange, gameFirst (--games), locations (--start and --end), followTeam (--team),
                teamFirst (--teams). Until a real schedule is imported, plans use generated demo seasons.
                """)

        @Option(help: "dateRange, gameFirst, locations, followTeam or teamFirst.") var mode: String = "dateRange"
        @Option(help: "Leagues, e.g. mlb,nba.") var sports: String = "mlb"
        @Option(help: "First day, YYYY-MM-DD.") var from: String?
        @Option(help: "Last day, YYYY-MM-DD.") var to: String?
        @Option(help: "Start: a city with a venue (\"Boston\") or lat,lon.") var start: String?
        @Option(help: "End: a city or lat,lon.") var end: String?
        @Option(help: "Must-see game ids (gameFirst), comma-separated.") var games: String?
        @Option(help: "Team to follow (followTeam), e.g. mlb-bos.") var team: String?
        @Option(help: "Teams for teamFirst, comma-separated.") var teams: String?
        @Option(help: "Drivers (default 1).") var drivers: Int = 1
        @Option(help: "Maximum driving hours per driver per day (default 8).") var hours: Double?
        @Option(help: "Maximum number of stops.") var stops: Int?
        @Option(help: "packed, moderate or relaxed.") var leisure: String = "moderate"
        @Option(help: "Regions, e.g. east,central (default all).") var regions: String?
        @Flag(help: "Never visit a city twice.") var noRepeatCities = false
        @Option(help: "Options to show (1–10; default 5, team-first 10).") var top: Int?
        @Flag(help: "Print the options as JSON.") var json = false
        @OptionGroup var common: CommonOptions

        func preferences() throws -> TripPreferences {
            guard let mode = PlanningMode(rawValue: mode) else {
                throw ValidationError(
                    "--mode must be one of \(PlanningMode.allCases.map(\.rawValue).joined(separator: ", ")).")
            }
            var leagues: Set<League> = []
            for part in sports.split(separator: ",") {
                guard let league = League(text: String(part)) else {
                    throw ValidationError(
                        "Unknown league '\(part)': use \(League.allCases.map(\.rawValue).joined(separator: ", ")).")
                }
                leagues.insert(league)
            }
            func date(_ text: String?, _ flag: String) throws -> LocalDate? {
                guard let text else { return nil }
                guard let date = LocalDate(text) else { throw ValidationError("\(flag) must look like 2026-06-01.") }
                return date
            }
            guard let leisureLevel = LeisureLevel(rawValue: leisure) else {
                throw ValidationError("--leisure must be packed, moderate or relaxed.")
            }
            var selectedRegions = Set(Region.allCases)
            if let regions {
                selectedRegions = []
                for part in regions.split(separator: ",") {
                    guard let region = Region(rawValue: String(part)) else {
                        throw ValidationError("Unknown region '\(part)': use east, central, west.")
                    }
                    selectedRegions.insert(region)
                }
            }
            func list(_ text: String?) -> [String] {
                text?.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) } ?? []
            }
            return TripPreferences(
                planningMode: mode, sports: leagues, startDate: try date(from, "--from"), endDate: try date(to, "--to"),
                mustSeeGameIds: list(games).map(GameID.init(rawValue:)),
                followTeamId: team.map { TeamID(rawValue: $0.lowercased()) },
                selectedTeamIds: list(teams).map { TeamID(rawValue: $0.lowercased()) }, numberOfDrivers: drivers,
                maxDrivingHoursPerDriver: hours, numberOfStops: stops, leisureLevel: leisureLevel,
                allowRepeatCities: !noRepeatCities, selectedRegions: selectedRegions)
        }

        func run() async throws {
            let preferences = try preferences()
            try await withTrips(common) { app in
                let result: Result<[ItineraryOption], PlanningFailure>
                do {
                    result = try await app.plan(preferences, start: start, end: end, topK: top)
                } catch let error as PlanInputError {
                    throw ValidationError(error.description)
                }
                switch result {
                case .failure(let failure):
                    FileHandle.standardError.write(Data("No trip: \(failure.message) (\(failure.code))\n".utf8))
                    throw ExitCode(2)
                case .success(let options):
                    if json {
                        let encoder = JSONResponse.encoder()
                        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
                        print(String(decoding: try encoder.encode(options), as: UTF8.self))
                    } else {
                        print(options.map(TripText.option).joined(separator: "\n\n"))
                    }
                }
            }
        }
    }

    struct Tour: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Find the shortest tour that sees a game at every park (arena, stadium) of a league.",
            discussion: """
                Example: clubhouse trips tour --league mlb --drivers 2
                Fewest days first, then fewest miles, under the planner's driving rules; two parks on one day when a
                day game and a night game fit. Searches every first day of the season (or --from/--to).
                """)
        @Option(help: "League (default mlb).") var league: String = "mlb"
        @Option(help: "Drivers (default 1).") var drivers: Int = 1
        @Option(help: "Maximum driving hours per driver per day (default 8).") var hours: Double?
        @Option(help: "Season (the year it starts; default: this year).") var season: Int?
        @Option(help: "Earliest first day, YYYY-MM-DD.") var from: String?
        @Option(help: "Latest first day, YYYY-MM-DD.") var to: String?
        @Option(help: "Start and end at this place (a city or lat,lon).") var start: String?
        @Flag(help: "Print the tour as JSON.") var json = false
        @OptionGroup var common: CommonOptions

        func run() async throws {
            guard let league = League(text: league) else { throw ValidationError("Unknown league '\(self.league)'.") }
            var search = BallparkTourSearch(
                driving: DrivingConstraints(numberOfDrivers: drivers, maxHoursPerDriver: hours))
            if from != nil || to != nil {
                guard let first = LocalDate(from ?? "1900-01-01"), let last = LocalDate(to ?? "2200-12-31"),
                    first <= last
                else { throw ValidationError("--from and --to must be dates like 2026-05-01, --from first.") }
                search.startDates = first...last
            }
            let year = season ?? Calendar(identifier: .gregorian).component(.year, from: Date())
            // Seasons that cross New Year (NBA, NHL, NFL) run from August to July.
            let crossesYear = [League.nba, .nhl, .nfl].contains(league)
            guard let seasonStart = LocalDate(year: year, month: crossesYear ? 8 : 1, day: 1),
                let seasonEnd = LocalDate(year: crossesYear ? year + 1 : year, month: crossesYear ? 7 : 12, day: 31)
            else { throw ValidationError("--season must be a year like 2026.") }
            try await withTrips(common) { app in
                var catalog = try await app.currentCatalog()
                catalog.replaceGames(
                    catalog.games.filter { $0.league == league && (seasonStart...seasonEnd).contains($0.localDate) })
                if let start {
                    guard let location = catalog.location(named: start) else {
                        throw ValidationError("Unknown place '\(start)': name a city with a venue, or lat,lon.")
                    }
                    search.startLocation = location
                    search.endLocation = location
                }
                let report = search.report(catalog: catalog, league: league)
                guard let tour = report.tour else {
                    FileHandle.standardError.write(
                        Data("No tour covers all \(report.venues.count) venues in this schedule.\n".utf8))
                    throw ExitCode(2)
                }
                if json {
                    let encoder = JSONResponse.encoder()
                    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
                    print(String(decoding: try encoder.encode(tour), as: UTF8.self))
                    return
                }
                print(
                    "\(report.venues.count) venues in \(TripText.count(tour.totalDays, "day")) "
                        + "(\(tour.firstDay) → \(tour.lastDay)), \(Int(tour.totalMiles.rounded())) mi, "
                        + "\(TripText.hours(tour.drivingHours)) driving, found "
                        + "in \(String(format: "%.1f", report.elapsedSeconds)) s")
                if let option = search.itinerary(for: tour, catalog: catalog) { print(TripText.option(option)) }
            }
        }
    }

    struct Import: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Import a league schedule file; its games replace the generated ones for their dates.")
        @Argument(help: "The schedule file.") var file: String
        @Option(help: "mlb-statsapi, nhl-api, nba-cdn, nflverse, ics, canonical-json or canonical-csv.")
        var format: String
        @Option(help: "League of the file (needed for ics; otherwise taken from the format).") var league: String?
        @OptionGroup var common: CommonOptions

        func run() async throws {
            guard let format = ScheduleFormat(rawValue: format) else {
                throw ValidationError(
                    "--format must be one of \(ScheduleFormat.allCases.map(\.rawValue).joined(separator: ", ")).")
            }
            let league = try league.map { text in
                guard let league = League(text: text) else { throw ValidationError("Unknown league '\(text)'.") }
                return league
            }
            guard let data = FileManager.default.contents(atPath: file) else {
                FileHandle.standardError.write(Data("error: cannot read \(file)\n".utf8))
                throw ExitCode.failure
            }
            try await withTrips(common) { app in
                try TripText.finish(try await app.importSchedule(data, format: format, league: league))
            }
        }
    }

    struct Update: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Download a league's season from its official feed and import it (needs internet).")
        @Option(help: "mlb, nhl, nba or nfl.") var league: String
        @Option(help: "Season (the year it starts; default: this year).") var season: Int?
        @OptionGroup var common: CommonOptions

        func run() async throws {
            guard let league = League(text: league) else { throw ValidationError("Unknown league '\(self.league)'.") }
            let season = season ?? Calendar(identifier: .gregorian).component(.year, from: Date())
            try await withRuntime(common) { runtime in
                let downloader = ScheduleDownloader(
                    client: UpstreamHTTPClient(timeout: .seconds(20), maxAttempts: 2, logger: Logger(label: "trips")),
                    feeds: ScheduleDownloader.Feeds(settings: runtime.config.settings))
                let (data, format) = try await downloader.download(league, season: season)
                try TripText.finish(
                    try await runtime.apps.sportsTime.importSchedule(
                        data, format: format, league: league, season: season))
            }
        }
    }
}

/// Runs a trips command with storage open; domain errors become a message and exit code 1.
func withTrips(_ common: CommonOptions, _ body: (SportsTimeApp) async throws -> Void) async throws {
    try await withRuntime(common) { runtime in try await body(runtime.apps.sportsTime) }
}

/// Plain-text renderings for the terminal.
enum TripText {
    static func option(_ option: ItineraryOption) -> String {
        let totals = option.totals
        var lines = [
            "Option \(option.rank): \(count(totals.games, "game")) at \(count(totals.distinctVenues, "venue")) in "
                + "\(count(totals.days, "day")), "
                + "\(Int(totals.miles.rounded())) mi, \(hours(totals.drivingHours)) driving "
                + "(score \(Int(option.score.rounded())))"
        ]
        for day in option.days {
            lines.append("  \(day.date)  \(day.kind.rawValue)")
            for item in day.items { lines.append("    \(item.time.map { "\($0)  " } ?? "")\(item.text)") }
            if !day.overnight.isEmpty { lines.append("    overnight: \(day.overnight)") }
        }
        return lines.joined(separator: "\n")
    }

    static func count(_ n: Int, _ noun: String) -> String { "\(n) \(noun)\(n == 1 ? "" : "s")" }

    static func hours(_ value: Double) -> String {
        let minutes = Int((value * 60).rounded())
        return "\(minutes / 60)h \(String(format: "%02d", minutes % 60))m"
    }

    /// Prints the import report; exits 3 when the file had entries but none could be imported.
    static func finish(_ result: ImportResult) throws {
        print(report(result))
        if result.counts.read > 0 && result.counts.imported == 0 { throw ExitCode(3) }
    }

    static func report(_ result: ImportResult) -> String {
        var lines = [
            "Imported \(count(result.counts.imported, "game")) (read \(result.counts.read), "
                + "\(result.counts.duplicatesResolved) duplicates resolved, \(result.counts.postponed) postponed, "
                + "\(result.counts.cancelled) cancelled)."
        ]
        for (kept, title) in [(false, "not imported"), (true, "imported with a note")] {
            let problems = result.problems.filter { $0.isKept == kept }
            guard !problems.isEmpty else { continue }
            let entries = Set(problems.map(\.reference)).count
            lines.append("\(count(entries, "entry").replacingOccurrences(of: "entrys", with: "entries")) \(title):")
            lines += problems.prefix(50).map { "  \($0)" }
            if problems.count > 50 { lines.append("  … and \(problems.count - 50) more") }
        }
        return lines.joined(separator: "\n")
    }
}
