import Foundation
import Logging
import SQLKit
import ServerKit
import SportsTime

/// What an every-park tour search is asked: the league, the season, the drivers and their hours, an optional start
/// (and end) city, and optionally a window of first days. Its ``key`` (with the schedule's version) names the stored
/// result, so identical requests share one job and one answer.
struct TourRequest: Codable, Sendable, Equatable {
    var league: League
    var season: Int
    var drivers: Int
    var hours: Double
    var start: String?
    /// Earliest and latest first day (a narrow window searches fast).
    var from: LocalDate?
    var to: LocalDate?
    /// The driving model (nil = daily, as before rules were explicit, so stored keys stay the same).
    var rules: TravelRules.DrivingModel?
    /// Game length and buffer before the next first pitch in hours (nil = the rules' defaults).
    var gameHours: Double? = nil
    var bufferHours: Double? = nil
    /// The parks to see (nil = every home venue of the league).
    var parks: [VenueID]? = nil
    /// Seconds the search may take before it returns its best tour (nil = the server's default).
    var timeLimit: Double? = nil

    /// The request's query items (the result page's URL).
    var items: [(String, String)] {
        var items: [(String, String)] = [
            ("league", league.rawValue), ("season", String(season)), ("drivers", String(drivers)),
            ("hours", PlanQuery.number(hours)),
        ]
        if let start { items.append(("start", start)) }
        if let from { items.append(("from", from.description)) }
        if let to { items.append(("to", to.description)) }
        if let rules, rules != .daily { items.append(("rules", rules.rawValue)) }
        if let gameHours { items.append(("game", PlanQuery.number(gameHours))) }
        if let bufferHours { items.append(("buffer", PlanQuery.number(bufferHours))) }
        if let parks { items.append(("parks", parks.map(\.rawValue).sorted().joined(separator: ","))) }
        if let timeLimit { items.append(("limit", PlanQuery.number(timeLimit))) }
        return items
    }

    /// The stored result's key for the schedule `version`.
    func key(version: String) -> String {
        items.map { "\($0.0)=\($0.1.lowercased())" }.joined(separator: "&") + "&v=" + version
    }

    /// The first and last day of the season (seasons crossing New Year, NBA, NHL and NFL, run August to July).
    var seasonSpan: ClosedRange<LocalDate>? {
        let crosses = [League.nba, .nhl, .nfl].contains(league)
        guard let first = LocalDate(year: season, month: crosses ? 8 : 1, day: 1),
            let last = LocalDate(year: crosses ? season + 1 : season, month: crosses ? 7 : 12, day: 31)
        else { return nil }
        return first...last
    }
}

/// A stored tour search: its state and, once done, the tour.
struct StoredTour: Sendable, Equatable {
    enum State: String, Sendable {
        case queued, searching, done, failed
    }

    var key: String
    var request: TourRequest
    var state: State
    var message: String
    var startedAt: Date?
    var tour: BallparkTour?
    /// Venues the tour had to cover.
    var venueCount: Int
    /// Share of the search done while it runs (0…1), if reported.
    var progress: Double? = nil
}

/// Tour searches and their results (`st_tours`, migration `sportstime-003-polls-tour`).
struct TourRepository: Sendable {
    let database: Database

    func find(key: String) async throws -> StoredTour? {
        try await database.run { db in
            try await db.raw(
                """
                SELECT key, request, state, message, started_ms, result, venue_count, progress FROM st_tours
                WHERE key = \(bind: key)
                """
            ).first().flatMap(Self.tour)
        }
    }

    /// Searches that may wait for a worker at once: each takes up to its time limit of CPU, one at a time, so a
    /// longer queue only makes everyone wait (and a flood of distinct requests could queue hours of work).
    static let maxWaiting = 8

    /// Adds a queued search unless one with the key exists (a failed one is queued again). Returns whether a job
    /// must be enqueued. Throws ``TourQueueFull`` when ``maxWaiting`` searches wait already (joining an existing
    /// search always works).
    func queue(key: String, request: TourRequest, now: Date = Date()) async throws -> Bool {
        let body = String(decoding: try JSONEncoder().encode(request), as: UTF8.self)
        return try await database.transaction { db in
            let existing = try await db.raw("SELECT state FROM st_tours WHERE key = \(bind: key)").first()
            if let existing,
                try existing.decode(column: "state", as: String.self) != StoredTour.State.failed.rawValue
            {
                return false
            }
            // Rows queued over an hour ago are not counted: whatever became of their job, they must not block new ones.
            let waiting = try await db.raw(
                """
                SELECT COUNT(*) AS n FROM st_tours
                WHERE state = 'queued' AND updated_ms > \(bind: now.epochMilliseconds - 3_600_000)
                """
            ).first()
            guard try waiting?.decode(column: "n", as: Int.self) ?? 0 < Self.maxWaiting else { throw TourQueueFull() }
            if existing != nil {
                try await db.raw(
                    """
                    UPDATE st_tours SET state = 'queued', message = 'Waiting for a free worker.', started_ms = NULL,
                    updated_ms = \(bind: now.epochMilliseconds) WHERE key = \(bind: key)
                    """
                ).run()
                return true
            }
            try await db.raw(
                """
                INSERT INTO st_tours (key, request, state, message, venue_count, created_ms, updated_ms)
                VALUES (\(bind: key), \(bind: body), 'queued', 'Waiting for a free worker.', 0,
                        \(bind: now.epochMilliseconds), \(bind: now.epochMilliseconds))
                """
            ).run()
            return true
        }
    }

    func update(
        key: String, state: StoredTour.State, message: String, startedAt: Date? = nil, tour: BallparkTour? = nil,
        venueCount: Int? = nil, now: Date = Date()
    ) async throws {
        let result = try tour.map { String(decoding: try JSONResponse.encoder().encode($0), as: UTF8.self) }
        try await database.run { db in
            try await db.raw(
                """
                UPDATE st_tours SET state = \(bind: state.rawValue), message = \(bind: message),
                    started_ms = COALESCE(\(bind: startedAt?.epochMilliseconds), started_ms),
                    result = COALESCE(\(bind: result), result),
                    venue_count = COALESCE(\(bind: venueCount), venue_count),
                    updated_ms = \(bind: now.epochMilliseconds)
                WHERE key = \(bind: key)
                """
            ).run()
        }
    }

    static func tour(_ row: any SQLRow) throws -> StoredTour? {
        guard
            let request = try? JSONDecoder().decode(
                TourRequest.self, from: Data(try row.decode(column: "request", as: String.self).utf8)),
            let state = StoredTour.State(rawValue: try row.decode(column: "state", as: String.self))
        else { return nil }
        let result = try row.decode(column: "result", as: String?.self)
        return StoredTour(
            key: try row.decode(column: "key", as: String.self), request: request, state: state,
            message: try row.decode(column: "message", as: String.self),
            startedAt: try row.decode(column: "started_ms", as: Int64?.self).map(Date.init(epochMilliseconds:)),
            tour: result.flatMap { try? SportsTimeApp.decoder().decode(BallparkTour.self, from: Data($0.utf8)) },
            venueCount: try row.decode(column: "venue_count", as: Int.self),
            progress: try row.decode(column: "progress", as: Double?.self))
    }

    /// Records a running search's progress (share done and what it is doing).
    func progress(key: String, fraction: Double, message: String, now: Date = Date()) async throws {
        try await database.run { db in
            try await db.raw(
                """
                UPDATE st_tours SET progress = \(bind: fraction), message = \(bind: message),
                    updated_ms = \(bind: now.epochMilliseconds)
                WHERE key = \(bind: key) AND state = 'searching'
                """
            ).run()
        }
    }
}

extension SportsTimeApp {
    /// The job kind of tour searches.
    static let tourJobKind = "sportstime.tour"

    /// Background work: every-park tour searches.
    public var jobHandlers: [String: JobRunner.Handler] {
        [Self.tourJobKind: { job in try await runTourJob(job) }]
    }

    var tours: TourRepository { TourRepository(database: schedules.database) }

    /// The rules of a request: its driving model with its drivers and hours, road times from the stored matrix.
    func tourRules(_ request: TourRequest, roads: RoadMatrix?) -> TravelRules {
        // Daily tours use the league's usual game length, as the itinerary (router) they are shown with.
        let driving = request.rules ?? .daily
        var rules = TravelRules(
            driving: driving,
            gameHours: request.gameHours ?? (driving == .continuous ? 3 : request.league.typicalGameDuration / 3600),
            drivers: request.drivers, hoursPerDriver: request.hours)
        if let buffer = request.bufferHours { rules.bufferHours = buffer }
        rules.estimator = rules.estimator.with(roads: roads)
        return rules
    }

    /// The search of a request over the current catalogue (only the season's games of the league).
    func tourSearch(
        _ request: TourRequest, catalog: Catalog, roads: RoadMatrix? = nil
    ) throws -> (
        BallparkTourSearch, Catalog
    ) {
        // A bound on the server's work: past it the best tour found so far is kept (it is labelled as such).
        var search = BallparkTourSearch(
            rules: tourRules(request, roads: roads),
            timeBudgetSeconds: request.timeLimit ?? (request.rules == .continuous ? 60 : 120))
        if request.from != nil || request.to != nil {
            search.startDates =
                (request.from ?? LocalDate(dayNumber: 0))...(request.to ?? LocalDate(dayNumber: 200_000))
        }
        var catalog = catalog
        guard let span = request.seasonSpan else { throw PlanInputError(description: "Season must be a year.") }
        catalog.replaceGames(catalog.games.filter { $0.league == request.league && span.contains($0.localDate) })
        if let start = request.start {
            guard request.rules != .continuous else {
                throw PlanInputError(
                    description:
                        "A start city needs the daily rules: continuous tours run from first pitch to last out.")
            }
            guard let location = catalog.location(named: start) else {
                throw PlanInputError(description: "Unknown place '\(start)': name a city with a venue.")
            }
            search.startLocation = location
            search.endLocation = location
        }
        return (search, catalog)
    }

    /// Runs one queued search off the cooperative pool and stores its result (or why it failed).
    func runTourJob(_ job: Job) async throws -> JobOutcome {
        let key = job.payload
        guard let stored = try await tours.find(key: key) else { return .done }
        guard stored.state != .done else { return .done }
        do {
            let (search, catalog) = try tourSearch(
                stored.request, catalog: try await self.catalog.current(), roads: try await roadMatrix())
            try await tours.update(
                key: key, state: .searching, message: "Trying every first day of the season…", startedAt: Date())
            let league = stored.request.league
            let parks = stored.request.parks
            let latest = TourProgressBox()
            // The search reports from its thread; a watcher stores the latest step about once a second.
            let watcher = Task {
                var written: TourProgress?
                while !Task.isCancelled {
                    try? await Task.sleep(for: .seconds(1))
                    guard let step = latest.value, step != written else { continue }
                    written = step
                    try? await tours.progress(key: key, fraction: step.fraction, message: Self.describe(step))
                }
            }
            // On threads of its own: Dispatch's pool runs the server's async work (see ``SearchThreads``).
            let report = await SearchThreads.run {
                search.report(catalog: catalog, league: league, venues: parks.map { Set($0) }) { latest.value = $0 }
            }
            watcher.cancel()
            if let tour = report.tour {
                try await tours.update(
                    key: key, state: .done,
                    message:
                        "Searched \(report.searchedStartDays) first days in \(Int(report.elapsedSeconds.rounded())) s"
                        + (report.stoppedByTimeLimit ? " (time limit reached: the best tour so far)." : "."),
                    tour: tour, venueCount: report.venues.count)
            } else {
                try await tours.update(
                    key: key, state: .done,
                    message:
                        "No tour covers all \(report.venues.count) venues with these settings: try 2 drivers, more hours or a wider window.",
                    venueCount: report.venues.count)
            }
        } catch let error as PlanInputError {
            try await tours.update(key: key, state: .failed, message: error.description)
        }
        return .done
    }
}

extension SportsTimeApp {
    /// A progress step for people: "Sweeping first games: 42 % (best so far 25.3 days)".
    static func describe(_ step: TourProgress) -> String {
        let phase =
            switch step.phase {
            case "sweep": "Trying every first game"
            case "days": "Searching the most promising first days in depth"
            case "refine": "Searching the best starts again, wider"
            case "improve": "Improving the best tours"
            case "bound": "Proving how close to optimal it is"
            case "exact": "Solving exactly"
            default: "Finishing"
            }
        let best = step.bestDays.map { String(format: " (best so far %.2f days)", $0) } ?? ""
        return "\(phase): \(Int((step.fraction * 100).rounded())) %\(best)."
    }
}

/// The latest progress step of a running search, written by its thread and read by the watcher.
// @unchecked Sendable: every access goes through the lock.
final class TourProgressBox: @unchecked Sendable {
    private let lock = NSLock()
    private var step: TourProgress?

    var value: TourProgress? {
        get {
            lock.lock()
            defer { lock.unlock() }
            return step
        }
        set {
            lock.lock()
            step = newValue
            lock.unlock()
        }
    }
}

/// Too many tour searches wait for a worker already (``TourRepository/maxWaiting``): try again in a minute.
struct TourQueueFull: Error, Sendable {
    static let message =
        "\(TourRepository.maxWaiting) tour searches are waiting for the planner already: try again in a minute."
}
