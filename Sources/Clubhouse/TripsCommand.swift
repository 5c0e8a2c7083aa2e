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
        subcommands: [Plan.self, Tour.self, RoadTimes.self, Import.self, Update.self])

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
                         clubhouse trips tour --rules continuous --instance Tests/SportsTimeTests/Fixtures/tbfp2019
                Rules: daily (default: at most --hours per driver a day, overnight stops, set off at --departure,
                arrive --buffer hours early; fewest calendar days, then miles) or continuous (drive at any hour,
                legs limited by road time only — the Traveling Baseball Fan Problem's model; shortest time from
                the first pitch to the last out). Road times come from a road matrix where one is given (--matrix,
                or imported with `trips road-times import`), else from the estimator. Every tour is printed with
                its rules and a lower bound on the best possible tour (how far from optimal it can at most be).
                """)
        @Option(help: "League (default mlb).") var league: String = "mlb"
        @Option(help: "Travel rules: daily or continuous (default daily).") var rules: String = "daily"
        @Option(help: "Drivers (daily rules; default 1).") var drivers: Int = 1
        @Option(help: "Maximum driving hours per driver per day (daily rules; default 8).") var hours: Double?
        @Option(
            help: "Game length in hours (default: 3 continuous; the league's usual length daily, as the itinerary).")
        var gameHours: Double?
        @Option(help: "Hours to spare before a first pitch after a drive (default: 0 continuous, 1 daily).")
        var buffer: Double?
        @Option(help: "Local hour drivers set off after a night's stop (daily rules; default 8).")
        var departure: Double = 8
        @Option(help: "Stop after this many seconds and return the best tour so far.") var timeLimit: Double?
        @Option(help: "Season (the year it starts; default: this year).") var season: Int?
        @Option(help: "Earliest first day, YYYY-MM-DD.") var from: String?
        @Option(help: "Latest first day, YYYY-MM-DD.") var to: String?
        @Option(help: "Start and end at this place (daily rules; a city or lat,lon).") var start: String?
        @Option(help: "A road-time CSV (from,to,minutes,miles by venue id or name) to use for this run.")
        var matrix: String?
        @Option(help: "A folder with venues.csv, games.csv and matrix.csv to search instead of the database.")
        var instance: String?
        @Option(help: "A self-hosted OSRM server (http://host:port) to ask for road times missing from the database.")
        var osrmUrl: String?
        @Flag(help: "Print the report as JSON.") var json = false
        @Flag(help: "Print progress to standard error.") var progress = false
        @OptionGroup var common: CommonOptions

        func run() async throws {
            guard let league = League(text: league) else { throw ValidationError("Unknown league '\(self.league)'.") }
            guard let model = TravelRules.DrivingModel(rawValue: rules.lowercased()) else {
                throw ValidationError("--rules must be daily or continuous.")
            }
            var travel = TravelRules(
                driving: model, gameHours: gameHours ?? (model == .continuous ? 3 : league.typicalGameDuration / 3600),
                bufferHours: buffer, drivers: drivers,
                hoursPerDriver: hours ?? DrivingConstraints.defaultHoursPerDriver, departureHour: departure)
            var dates: ClosedRange<LocalDate>?
            if from != nil || to != nil {
                guard let first = LocalDate(from ?? "1900-01-01"), let last = LocalDate(to ?? "2200-12-31"),
                    first <= last
                else { throw ValidationError("--from and --to must be dates like 2026-05-01, --from first.") }
                dates = first...last
            }
            if let timeLimit, !(timeLimit > 0) { throw ValidationError("--time-limit must be a positive number.") }
            var printer: (@Sendable (TourProgress) -> Void)? = nil
            if progress { printer = { step in Tour.printProgress(step) } }
            if let instance {
                let files: TourInstanceFiles
                do { files = try TourInstanceFiles(folder: URL(fileURLWithPath: instance), league: league) } catch {
                    throw ValidationError("\(error)")
                }
                for problem in files.roadProblems {
                    FileHandle.standardError.write(Data("matrix.csv line \(problem.line): \(problem.message)\n".utf8))
                }
                travel.estimator = travel.estimator.with(roads: files.roadMatrix)
                let search = BallparkTourSearch(rules: travel, timeBudgetSeconds: timeLimit, startDates: dates)
                try output(
                    search.report(catalog: files.catalog, league: league, progress: printer), search, files.catalog)
                return
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
                if let matrix {
                    guard let text = try? String(contentsOfFile: matrix, encoding: .utf8) else {
                        throw ValidationError("Cannot read \(matrix).")
                    }
                    let result = RoadMatrixImport.read(csv: text, catalog: catalog)
                    for problem in result.problems {
                        FileHandle.standardError.write(
                            Data("\(matrix) line \(problem.line): \(problem.message)\n".utf8))
                    }
                    travel.estimator = travel.estimator.with(
                        roads: RoadMatrix(legs: result.legs, catalog: catalog, source: "road matrix (\(matrix))"))
                } else {
                    let venues = BallparkTourSearch.homeVenues(of: league, in: catalog)
                    let (stored, problem) = try await app.roadMatrix(for: venues, osrmURL: osrmUrl)
                    if let problem { FileHandle.standardError.write(Data((problem + "\n").utf8)) }
                    if let stored, !stored.isEmpty { travel.estimator = travel.estimator.with(roads: stored) }
                }
                var search = BallparkTourSearch(rules: travel, timeBudgetSeconds: timeLimit, startDates: dates)
                if let start {
                    guard travel.driving == .daily else {
                        throw ValidationError(
                            "--start needs --rules daily (continuous tours run first pitch to last out).")
                    }
                    guard let location = catalog.location(named: start) else {
                        throw ValidationError("Unknown place '\(start)': name a city with a venue, or lat,lon.")
                    }
                    search.startLocation = location
                    search.endLocation = location
                }
                try output(search.report(catalog: catalog, league: league, progress: printer), search, catalog)
            }
        }

        /// One progress line on standard error.
        static func printProgress(_ step: TourProgress) {
            let percent: Int = Int((step.fraction * 100).rounded())
            var line: String = step.phase + " " + String(percent) + " %"
            if let best = step.bestDays { line += ", best " + String(format: "%.3f", best) + " days" }
            FileHandle.standardError.write(Data((line + "\n").utf8))
        }

        func output(_ report: BallparkTourReport, _ search: BallparkTourSearch, _ catalog: Catalog) throws {
            guard let tour = report.tour else {
                FileHandle.standardError.write(
                    Data("No tour covers all \(report.venues.count) venues in this schedule.\n".utf8))
                throw ExitCode(2)
            }
            if json {
                let encoder = JSONResponse.encoder()
                encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
                print(String(decoding: try encoder.encode(TourReportJSON(report)), as: UTF8.self))
                return
            }
            print(TripText.tourSummary(report, tour))
            if tour.rules?.driving == .continuous {
                print(TripText.continuousTour(tour, catalog: catalog))
            } else if let option = search.itinerary(for: tour, catalog: catalog) {
                print(TripText.option(option))
            }
        }
    }

    struct RoadTimes: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "road-times", abstract: "Real road times between venues, used by every planner where present.",
            subcommands: [ImportMatrix.self, Calibrate.self])

        struct ImportMatrix: AsyncParsableCommand {
            static let configuration = CommandConfiguration(
                commandName: "import",
                abstract: "Import a road-time CSV (from,to,minutes,miles; venues by id or name) into the database.",
                discussion: "Good rows are stored (replacing the same pairs); bad rows are listed with their line.")
            @Argument(help: "The CSV file.") var file: String
            @OptionGroup var common: CommonOptions

            func run() async throws {
                guard let text = try? String(contentsOfFile: file, encoding: .utf8) else {
                    throw ValidationError("Cannot read \(file).")
                }
                try await withTrips(common) { app in
                    let result = try await app.importRoadTimes(
                        csv: text, source: "csv:\(URL(fileURLWithPath: file).lastPathComponent)")
                    for problem in result.problems {
                        FileHandle.standardError.write(Data("line \(problem.line): \(problem.message)\n".utf8))
                    }
                    print("\(result.legs.count) road legs stored, \(result.problems.count) rows rejected")
                    if result.legs.isEmpty { throw ExitCode(2) }
                }
            }
        }

        struct Calibrate: AsyncParsableCommand {
            static let configuration = CommandConfiguration(
                abstract:
                    "Fit the estimator (detour factor, speed by distance band) on a road-time CSV and report its error."
            )
            @Argument(help: "The CSV file.") var file: String
            @Option(help: "A folder with venues.csv to read the venues from instead of the database.") var instance:
                String?
            @OptionGroup var common: CommonOptions

            func run() async throws {
                guard let text = try? String(contentsOfFile: file, encoding: .utf8) else {
                    throw ValidationError("Cannot read \(file).")
                }
                func report(_ catalog: Catalog) throws {
                    let legs = RoadMatrixImport.read(csv: text, catalog: catalog).legs
                    guard let fit = TravelEstimatorCalibration.fit(legs: legs, catalog: catalog) else {
                        throw ValidationError("Fewer than 5 usable legs in \(file).")
                    }
                    func line(_ name: String, _ e: TravelEstimatorCalibration.Error) -> String {
                        let mean: String = String(format: "%.1f", e.meanHoursError * 100)
                        let worst: String = String(format: "%.1f", e.maxHoursError * 100)
                        let miles: String = String(format: "%.1f", e.meanMilesError * 100)
                        let short: String = String(format: "%.0f", e.underestimatedShare * 100)
                        return "\(name): hours off by \(mean) % on average (worst \(worst) %), miles by \(miles) %, "
                            + "\(short) % of legs too short"
                    }
                    print("\(fit.before.legs) legs")
                    print(line("default estimator", fit.before))
                    print(line("calibrated", fit.after))
                    var bands: [String] = []
                    for band in fit.estimator.speedBands ?? [] {
                        let upper: String = band.upToMiles >= 1e8 ? "∞" : String(Int(band.upToMiles))
                        let speed: String = String(format: "%.1f", band.speedMPH)
                        bands.append("≤\(upper) mi: \(speed) mph")
                    }
                    let factor: String = String(format: "%.3f", fit.estimator.roadFactor)
                    let overhead: String = String(format: "%.2f", fit.estimator.legOverheadHours)
                    print("detour factor \(factor), overhead \(overhead) h, " + bands.joined(separator: ", "))
                }
                if let instance {
                    do { try report(try TourInstanceFiles(folder: URL(fileURLWithPath: instance)).catalog) } catch let
                        error as TourInstanceFiles.ReadError
                    {
                        throw ValidationError("\(error)")
                    }
                    return
                }
                try await withTrips(common) { app in try report(try await app.currentCatalog()) }
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

    /// The tour's headline: length, miles, rules, road times, lower bound and gap, time taken.
    static func tourSummary(_ report: BallparkTourReport, _ tour: BallparkTour) -> String {
        let span: String = "(\(tour.firstDay) → \(tour.lastDay))"
        var length: String = count(tour.totalDays, "day") + " " + span
        if tour.rules?.driving == .continuous, let days = tour.durationDays {
            let text: String = String(format: "%.3f", days)
            length = text + " days first pitch to last out " + span
        }
        let miles: Int = Int(tour.totalMiles.rounded())
        let seconds: String = String(format: "%.1f", report.elapsedSeconds)
        var headline: String = "\(report.venues.count) venues in \(length), \(miles) mi, "
        headline += "\(hours(tour.drivingHours)) driving, found in \(seconds) s"
        if report.stoppedByTimeLimit { headline += " (time limit: best so far)" }
        var lines: [String] = [headline]
        if let rules = report.rules { lines.append("Rules: \(rules.summary)") }
        if let source = tour.roadSource { lines.append("Road times: \(source)") }
        if let bound = report.lowerBound {
            var line: String = "Lower bound: "
            if bound.unit == .days {
                line += count(Int(bound.value), "day")
            } else {
                line += String(format: "%.3f days", bound.value)
            }
            if bound.isExact { line += " (proven optimal)" }
            if let gap = report.gap {
                let percent: String = String(format: "%.1f", gap * 100)
                line += " — at most \(percent) % longer than the best possible"
            }
            line += "; " + bound.method
            lines.append(line)
        }
        return lines.joined(separator: "\n")
    }

    /// A continuous tour game by game, with each leg's drive.
    static func continuousTour(_ tour: BallparkTour, catalog: Catalog) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "yyyy-MM-dd HH:mm zzz"
        var lines: [String] = []
        for (index, visit) in tour.visits.enumerated() {
            let venue = catalog.venue(visit.venueId)
            formatter.timeZone = venue?.zone ?? TimeZone(secondsFromGMT: 0)
            var line: String = String(format: "%2d  ", index + 1)
            line += formatter.string(from: visit.start) + "  " + (venue?.name ?? visit.venueId.rawValue)
            if let leg = tour.legs.first(where: { $0.toVisit == index }) {
                line += "  ← \(Int(leg.miles.rounded())) mi, \(hours(leg.drivingHours))"
            }
            lines.append(line)
        }
        return lines.joined(separator: "\n")
    }

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
