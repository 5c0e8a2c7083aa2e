import Foundation
import HTTPTypes
import Hummingbird
import Logging
import ServerKit
import SportsTime

/// SportsTime's server: the canonical data, the planner and the traveller's trips, visits and polls as a JSON API
/// under `/api/trips/`.
public struct SportsTimeApp: AppModule {
    let catalog: CatalogStore
    let schedules: ScheduleRepository
    let travellers: TravellerRepository
    let trips: TripRepository
    let visits: VisitRepository
    let polls: PollRepository
    let roadTimes: RoadTimeRepository
    let gate = PlanningGate()
    let logger: Logger

    /// The tables SportsTime needs.
    public static let migrations: [Migration] = SportsTimeSchema.migrations

    /// The app over `database`, with demo seasons generated around `now` until real schedules are imported.
    public init(database: Database, logger: Logger, now: Date = Date()) throws {
        let base = try Catalog.bundled()
        schedules = ScheduleRepository(database: database)
        catalog = CatalogStore(base: base, schedules: schedules, years: CatalogStore.demoYears(now: now))
        travellers = TravellerRepository(database: database)
        trips = TripRepository(database: database)
        visits = VisitRepository(database: database)
        polls = PollRepository(database: database)
        roadTimes = RoadTimeRepository(database: database)
        self.logger = logger
    }

    /// The catalogue the planner currently works on (bundled venues and teams, demo seasons, imported schedules).
    public func currentCatalog() async throws -> Catalog { try await catalog.current() }

    /// Imports a schedule file in one transaction; returns the importer's report (games stored, problems listed).
    /// Games are added or updated by id; a whole-league feed (`mlb-statsapi`, `nhl-api`, `nba-cdn`, `nflverse`) read
    /// without problems also removes games it no longer lists on the days it covers. `season` keeps only that
    /// season's games (the year it starts; seasons crossing New Year run August to July).
    public func importSchedule(
        _ data: Data, format: ScheduleFormat, league: League?, season: Int? = nil
    ) async throws -> ImportResult {
        // Reading a season's file is pure CPU (a full feed: tens of thousands of games): on a thread of its own.
        let importer = ScheduleImporter(catalog: catalog.base)
        var result = try await SearchThreads.run { () throws(ImportError) -> ImportResult in
            try importer.importSchedule(data, format: format, league: league)
        }
        if let season {
            result.games = result.games.filter { Self.season(of: $0) == season }
            result.counts.imported = result.games.count
        }
        let wholeLeague: Set<ScheduleFormat> = [.mlbStatsAPI, .nhlAPI, .nbaCDN, .nflverse]
        let clean = !result.problems.contains { !$0.isKept }
        try await schedules.store(result.games, replacingDays: wholeLeague.contains(format) && clean)
        return result
    }

    /// The season a game belongs to: its year, or for leagues whose season crosses New Year (NBA, NHL, NFL) the
    /// year of the August–July span it falls in.
    public static func season(of game: Game) -> Int {
        let crosses = [League.nba, .nhl, .nfl].contains(game.league)
        return crosses && game.localDate.month < 8 ? game.localDate.year - 1 : game.localDate.year
    }

    /// Imported games per league (leagues not listed plan over generated demo seasons).
    public func importedCounts() async throws -> [League: Int] { try await schedules.counts() }

    /// Registers every ``SportsTimeURL`` route (the switch is exhaustive, so none can be left out).
    public func addRoutes(to router: Router<AppRequestContext>) {
        for route in SportsTimeURL.allCases { router.on(route, use: handler(for: route)) }
        TripsWebController(app: self, now: { Date() }).addRoutes(to: router)
    }

    func handler(for route: SportsTimeURL) -> @Sendable (Request, AppRequestContext) async throws -> Response {
        switch route {
        case .openAPI: openAPI
        case .leagues: listLeagues
        case .venues: listVenues
        case .venue: showVenue
        case .teams: listTeams
        case .games: listGames
        case .createTraveller: createTraveller
        case .deleteTraveller: deleteTraveller
        case .saveTrip: saveTrip
        case .savedTrips: listSavedTrips
        case .savedTrip: showSavedTrip
        case .savedTripCalendar: savedTripCalendar
        case .deleteSavedTrip: deleteSavedTrip
        case .addVisit: addVisit
        case .visits: listVisits
        case .deleteVisit: deleteVisit
        case .progress: showProgress
        case .achievements: listAchievements
        case .suggestions: suggestionsRoute
        case .plan: planRoute
        case .startTour: startTourRoute
        case .tour: tourRoute
        case .createPoll: createPoll
        case .poll: showPoll
        case .vote: vote
        case .closePoll: closePoll
        }
    }

    func openAPI(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        guard let document = Self.openAPIDocument else {
            throw APIError(.internalServerError, code: "missing", message: "The OpenAPI document is missing.")
        }
        return JSONResponse.raw(document)
    }

    /// The OpenAPI 3.1 description of the API (generated by `scripts/openapi-sportstime.py`).
    static let openAPIDocument: Data? = Bundle.module.url(
        forResource: "openapi", withExtension: "json", subdirectory: "Resources"
    ).flatMap { try? Data(contentsOf: $0) }
}

// MARK: - Canonical data

/// A league's summary.
struct LeagueSummary: Encodable, Sendable {
    var id: League
    var name: String
    var teams: Int
    var venues: Int
    var games: Int
    /// "imported" when a real schedule was imported, "generated" for the demo seasons.
    var schedule: String
}

extension SportsTimeApp {
    func listLeagues(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        let catalog = try await catalog.current()
        let imported = try await schedules.counts()
        let summaries = League.allCases.map { league in
            let teams = catalog.teams(of: league)
            return LeagueSummary(
                id: league, name: league.displayName, teams: teams.count,
                venues: Set(teams.map(\.homeVenue)).count,
                games: catalog.games.filter { $0.league == league }.count,
                schedule: (imported[league] ?? 0) > 0 ? "imported" : "generated")
        }
        return try JSONResponse.make(summaries)
    }

    func listVenues(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        let catalog = try await catalog.current()
        let leagues = try Self.leagues(request)
        var venues = Array(catalog.venues.values)
        if !leagues.isEmpty {
            let homes = Set(catalog.teams.values.filter { leagues.contains($0.league) }.map(\.homeVenue))
            venues = venues.filter { homes.contains($0.id) }
        }
        return try JSONResponse.make(venues.sorted { $0.id < $1.id })
    }

    func showVenue(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        let catalog = try await catalog.current()
        let id = VenueID(rawValue: context.parameters.get("id") ?? "")
        guard let venue = catalog.venue(id) else { throw APIError.notFound("No venue '\(id)'.") }
        return try JSONResponse.make(venue)
    }

    func listTeams(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        let catalog = try await catalog.current()
        let leagues = try Self.leagues(request)
        let teams = catalog.teams.values.filter { leagues.isEmpty || leagues.contains($0.league) }
        return try JSONResponse.make(teams.sorted { ($0.league, $0.name) < ($1.league, $1.name) })
    }

    func listGames(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        let catalog = try await catalog.current()
        let query = request.uri.queryParameters
        let leagues = try Self.leagues(request)
        let from = try Self.date(query.get("from"), name: "from")
        let to = try Self.date(query.get("to"), name: "to")
        let limitText = query.get("limit") ?? "500"
        guard let limit = Int(limitText), (1...5000).contains(limit) else {
            throw APIError.badRequest("limit must be 1–5000.", code: "bad_limit")
        }
        let team = query.get("team").map { TeamID(rawValue: $0.lowercased()) }
        if let team, catalog.team(team) == nil { throw APIError.badRequest("No team '\(team)'.", code: "bad_team") }
        let venue = query.get("venue").map { VenueID(rawValue: $0) }
        if let venue, catalog.venue(venue) == nil {
            throw APIError.badRequest("No venue '\(venue)'.", code: "bad_venue")
        }
        let games = catalog.games.lazy.filter { game in
            (leagues.isEmpty || leagues.contains(game.league))
                && (from.map { game.localDate >= $0 } ?? true) && (to.map { game.localDate <= $0 } ?? true)
                && (team.map { game.home == $0 || game.away == $0 } ?? true)
                && (venue.map { game.venue == $0 } ?? true)
        }
        return try JSONResponse.make(Array(games.prefix(limit)))
    }

    /// `?league=mlb,nba` (also `sports=`); 400 naming the valid values for anything else.
    static func leagues(_ request: Request) throws -> Set<League> {
        let query = request.uri.queryParameters
        guard let text = query.get("league") ?? query.get("sports"), !text.isEmpty else { return [] }
        return try parseLeagues(text)
    }

    /// "mlb,nba" → leagues; a clear error naming the valid values.
    static func parseLeagues(_ text: String) throws -> Set<League> {
        var leagues: Set<League> = []
        for part in text.split(separator: ",") {
            guard let league = League(text: String(part)) else {
                throw APIError.badRequest(
                    "Unknown league '\(part)': use \(League.allCases.map(\.rawValue).joined(separator: ", ")).",
                    code: "bad_league")
            }
            leagues.insert(league)
        }
        return leagues
    }

    static func date(_ text: String?, name: String) throws -> LocalDate? {
        guard let text else { return nil }
        guard let date = LocalDate(text) else {
            throw APIError.badRequest("\(name) must be a date like 2026-06-01.", code: "bad_date")
        }
        return date
    }
}
