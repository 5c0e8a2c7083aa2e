import Foundation

/// A fan's visit to a venue: the record progress and achievements are computed from.
public struct StadiumVisit: Codable, Sendable, Equatable, Hashable, Identifiable {
    /// The visit's id (chosen by whoever stores it; used only to order visits deterministically).
    public var id: String
    /// Where the fan was.
    public var venue: VenueID
    /// The day of the visit, at the venue.
    public var date: LocalDate
    /// The league of the game seen; nil for a visit without a game (a tour) or when unknown.
    public var league: League?
    /// The game seen, when known.
    public var gameID: GameID?
    /// The fan's own note.
    public var note: String?

    /// A visit to `venue` on `date`.
    public init(
        id: String, venue: VenueID, date: LocalDate, league: League? = nil, gameID: GameID? = nil, note: String? = nil
    ) {
        self.id = id
        self.venue = venue
        self.date = date
        self.league = league
        self.gameID = gameID
        self.note = note
    }

    /// Whether this visit counts towards `league`'s venues: visits without a league count for every league,
    /// visits with one only for that league (a Lakers game at a shared arena does not tick off the Kings' arena in
    /// the NHL list).
    public func counts(for league: League) -> Bool { self.league == nil || self.league == league }

    /// A total order on visits (date, venue, id, league, game, note) so that every computation over visits gives
    /// the same answer whatever order they were stored in.
    static func canonicalOrder(_ a: StadiumVisit, _ b: StadiumVisit) -> Bool {
        if a.date != b.date { return a.date < b.date }
        if a.venue != b.venue { return a.venue < b.venue }
        if a.id != b.id { return a.id < b.id }
        let aLeague = a.league?.rawValue ?? ""
        let bLeague = b.league?.rawValue ?? ""
        if aLeague != bLeague { return aLeague < bLeague }
        let aGame = a.gameID?.rawValue ?? ""
        let bGame = b.gameID?.rawValue ?? ""
        if aGame != bGame { return aGame < bGame }
        return (a.note ?? "") < (b.note ?? "")
    }
}

/// One venue in a league's progress list.
public struct VenueProgress: Codable, Sendable, Equatable, Hashable {
    /// The venue.
    public var venue: VenueID
    /// Its current name.
    public var name: String
    /// "Boston, MA".
    public var place: String
    /// The league's teams that play their home games there (two for a shared venue such as MetLife Stadium).
    public var teams: [TeamID]
    /// Whether a counting visit exists.
    public var visited: Bool
    /// The first counting visit's date.
    public var firstVisit: LocalDate?
    /// How many counting visits there are.
    public var visitCount: Int

    /// A venue's progress entry.
    public init(
        venue: VenueID, name: String, place: String, teams: [TeamID], visited: Bool, firstVisit: LocalDate?,
        visitCount: Int
    ) {
        self.venue = venue
        self.name = name
        self.place = place
        self.teams = teams
        self.visited = visited
        self.firstVisit = firstVisit
        self.visitCount = visitCount
    }
}

/// The venues of one division (the conference for leagues without divisions) with visited flags.
public struct DivisionProgress: Codable, Sendable, Equatable, Hashable {
    /// "AL East", "Atlantic", or the conference name when the league has no divisions.
    public var name: String
    /// The division's home venues, by name.
    public var venues: [VenueProgress]
    /// Distinct visited venues.
    public var visitedCount: Int { venues.count { $0.visited } }
    /// Distinct venues.
    public var totalCount: Int { venues.count }
    /// Whether every venue has been visited.
    public var isComplete: Bool { !venues.isEmpty && visitedCount == totalCount }

    /// A division's progress.
    public init(name: String, venues: [VenueProgress]) {
        self.name = name
        self.venues = venues
    }
}

/// A fan's progress through one league's home venues.
public struct LeagueProgress: Codable, Sendable, Equatable, Hashable {
    /// The league.
    public var league: League
    /// Every home venue of the league's teams, once each (a venue shared by two teams counts once), by name.
    public var venues: [VenueProgress]
    /// The league's divisions, by name; a shared venue of two divisions appears in both.
    public var divisions: [DivisionProgress]

    /// A league's progress.
    public init(league: League, venues: [VenueProgress], divisions: [DivisionProgress]) {
        self.league = league
        self.venues = venues
        self.divisions = divisions
    }

    /// Distinct visited venues.
    public var visitedCount: Int { venues.count { $0.visited } }
    /// Distinct venues of the league.
    public var totalCount: Int { venues.count }
    /// Venues still to visit, by name.
    public var remaining: [VenueProgress] { venues.filter { !$0.visited } }
    /// Visited share in percent (0 when the league has no venues).
    public var percentage: Double { totalCount == 0 ? 0 : Double(visitedCount) * 100 / Double(totalCount) }
    /// Whether every venue has been visited.
    public var isComplete: Bool { totalCount > 0 && visitedCount == totalCount }
}

/// Progress through every league's home venues, computed from a fan's visits and the catalogue.
///
/// A league's venues are its teams' home venues (`Team.homeVenue`). Visits to other venues (neutral sites, former
/// parks, concerts) do not count for that league; a visit counts for a league when it has no league or the same one
/// (``StadiumVisit/counts(for:)``). Visits to venues missing from the catalogue are ignored.
public struct ProgressReport: Codable, Sendable, Equatable, Hashable {
    /// One entry per requested league with teams in the catalogue, in league order.
    public var leagues: [LeagueProgress]

    /// A report with the given entries.
    public init(leagues: [LeagueProgress]) { self.leagues = leagues }

    /// The progress of `visits` through the home venues of `leagues` (every league with teams when nil).
    public init(visits: [StadiumVisit], catalog: Catalog, leagues: [League]? = nil) {
        let wanted = Set(leagues ?? League.allCases)
        var visitsByVenue: [VenueID: [StadiumVisit]] = [:]
        for visit in visits.sorted(by: StadiumVisit.canonicalOrder) {
            visitsByVenue[visit.venue, default: []].append(visit)
        }
        var result: [LeagueProgress] = []
        for league in League.allCases where wanted.contains(league) {
            let teams = catalog.teams.values.filter { $0.league == league }.sorted { $0.id < $1.id }
            guard !teams.isEmpty else { continue }
            var teamsByVenue: [VenueID: [TeamID]] = [:]
            for team in teams { teamsByVenue[team.homeVenue, default: []].append(team.id) }
            var entries: [VenueID: VenueProgress] = [:]
            for (venueID, teamIDs) in teamsByVenue {
                let counting = (visitsByVenue[venueID] ?? []).filter { $0.counts(for: league) }
                let venue = catalog.venue(venueID)
                entries[venueID] = VenueProgress(
                    venue: venueID, name: venue?.name ?? venueID.rawValue, place: venue?.place ?? "", teams: teamIDs,
                    visited: !counting.isEmpty, firstVisit: counting.first?.date, visitCount: counting.count)
            }
            let byName: (VenueProgress, VenueProgress) -> Bool = { ($0.name, $0.venue) < ($1.name, $1.venue) }
            var divisionVenues: [String: Set<VenueID>] = [:]
            for team in teams {
                divisionVenues[AchievementEngine.divisionName(team), default: []].insert(team.homeVenue)
            }
            let divisions = divisionVenues.keys.sorted().map { name in
                DivisionProgress(
                    name: name, venues: (divisionVenues[name] ?? []).compactMap { entries[$0] }.sorted(by: byName))
            }
            result.append(
                LeagueProgress(league: league, venues: entries.values.sorted(by: byName), divisions: divisions))
        }
        self.leagues = result
    }

    /// The entry of `league`, if the report has one.
    public func progress(of league: League) -> LeagueProgress? { leagues.first { $0.league == league } }
}
