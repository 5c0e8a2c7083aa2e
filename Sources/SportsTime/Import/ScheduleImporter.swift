import Foundation

/// Reads schedule files — the leagues' own feeds and our canonical formats — into ``Game``s matched against a
/// ``Catalog``.
///
/// Rules, the same for every format:
/// - The venue comes from the feed's venue name (current name or an alias valid on the game's date), never from
///   the home team, so neutral-site and international games keep their real venue. A name the catalogue does not
///   know is reported as a problem; it is never guessed.
/// - Entries sharing a game id are one game: the make-up replaces a postponed entry, the resumption replaces a
///   suspended original; otherwise a playable entry beats a postponed or cancelled one, then a higher revision,
///   then the later start, then the later entry in the file. Entries with different ids but the same venue,
///   start and teams are one game too.
/// - The local date is MLB's `officialDate` when the feed gives one, else the start's date in the venue's zone.
///   (A postponed entry's `officialDate` is its make-up's and a resumption's is the original day's, so those two
///   take the date of their own start.)
/// - A malformed entry becomes an ``ImportProblem``; only a file that cannot be read at all throws.
public struct ScheduleImporter: Sendable {
    /// The venues and teams names are matched against.
    public let catalog: Catalog

    /// An importer matching names against `catalog`.
    public init(catalog: Catalog) {
        self.catalog = catalog
    }

    /// Imports `data` in `format`. `league` is required for ``ScheduleFormat/ics``; for the league feeds it selects
    /// a sibling league of the same format (WNBA for `nba-cdn`); for canonical files it keeps only that league.
    public func importSchedule(
        _ data: Data, format: ScheduleFormat, league: League? = nil
    ) throws(ImportError)
        -> ImportResult
    {
        if let league, !format.supportedLeagues.isEmpty, !format.supportedLeagues.contains(league) {
            throw .unsupportedLeague(format, league)
        }
        let entries: [ScheduleEntry]
        switch format {
        case .mlbStatsAPI:
            entries = try MLBStatsAPIReader.entries(from: FeedJSON.parse(data, format: format))
        case .nhlAPI:
            entries = try NHLScheduleReader.entries(from: FeedJSON.parse(data, format: format))
        case .nbaCDN:
            entries = try NBAScheduleReader.entries(from: FeedJSON.parse(data, format: format), league: league ?? .nba)
        case .nflverse:
            entries = try NFLverseReader.entries(from: FeedCSVTable(data, format: format))
        case .ics:
            guard let league else {
                // Still say "empty" or "not a calendar" first when that is the real trouble.
                _ = try ICalendarReader.events(from: data)
                throw .leagueRequired(format)
            }
            entries = try ICalendarReader.entries(from: data, league: league)
        case .canonicalJSON:
            entries = try CanonicalReader.entries(fromJSON: FeedJSON.parse(data, format: format), league: league)
        case .canonicalCSV:
            entries = try CanonicalReader.entries(fromCSV: FeedCSVTable(data, format: format), league: league)
        }
        return resolve(entries, only: format.defaultLeague == nil ? league : nil)
    }

    // MARK: Resolution

    /// An entry matched against the catalogue.
    private struct Candidate {
        var game: Game
        var entry: ScheduleEntry
        var order: Int
    }

    func resolve(_ entries: [ScheduleEntry], only league: League?) -> ImportResult {
        var problems: [ImportProblem] = []
        var counts = ImportCounts(read: entries.count)
        var candidates: [Candidate] = []
        var lookup = CatalogLookup(catalog: catalog)
        for (order, entry) in entries.enumerated() {
            if entry.status == .postponed { counts.postponed += 1 }
            if entry.status == .cancelled { counts.cancelled += 1 }
            problems += entry.readProblems
            guard entry.readProblems.allSatisfy(\.isKept) else { continue }
            if let league, entry.league != league {
                problems.append(
                    ImportProblem(reference: entry.reference, kind: .otherLeague, detail: entry.league.displayName))
                continue
            }
            switch game(for: entry, lookup: &lookup) {
            case .success(let (game, notes)):
                problems += notes
                candidates.append(Candidate(game: game, entry: entry, order: order))
            case .failure(let failure):
                problems += failure.problems
            }
        }

        // Same id: one game.
        var byID: [GameID: [Candidate]] = [:]
        var idOrder: [GameID] = []
        for candidate in candidates {
            if byID[candidate.game.id] == nil { idOrder.append(candidate.game.id) }
            byID[candidate.game.id, default: []].append(candidate)
        }
        var winners: [Candidate] = []
        for id in idOrder {
            guard let group = byID[id], let best = group.max(by: { ranks($1, above: $0) }) else { continue }
            counts.duplicatesResolved += group.count - 1
            winners.append(best)
        }

        // Different ids, same game (a club's and a league's feed pasted together): same venue, start and teams.
        struct SameGame: Hashable {
            var venue: VenueID
            var start: Date
            var home: TeamID
            var away: TeamID
        }
        var seen: [SameGame: Int] = [:]
        var games: [Game] = []
        for winner in winners.sorted(by: { $0.order < $1.order }) {
            let game = winner.game
            let key = SameGame(venue: game.venue, start: game.start, home: game.home, away: game.away)
            if let index = seen[key] {
                counts.duplicatesResolved += 1
                if winner.entry.status.isPlayable && !games[index].status.isPlayable { games[index] = game }
                continue
            }
            seen[key] = games.count
            games.append(game)
        }
        games.sort { ($0.start, $0.id) < ($1.start, $1.id) }
        counts.imported = games.count
        return ImportResult(games: games, problems: problems, counts: counts)
    }

    /// Whether `a` should win over `b` among entries of the same game.
    private func ranks(_ a: Candidate, above b: Candidate) -> Bool {
        if a.entry.isSuperseded != b.entry.isSuperseded { return !a.entry.isSuperseded }
        if a.entry.isReplacement != b.entry.isReplacement { return a.entry.isReplacement }
        let statusA = Self.statusRank(a.game.status)
        let statusB = Self.statusRank(b.game.status)
        if statusA != statusB { return statusA > statusB }
        if a.entry.revision != b.entry.revision { return a.entry.revision > b.entry.revision }
        if a.game.start != b.game.start { return a.game.start > b.game.start }
        return a.order > b.order
    }

    /// Later states of a game rank higher: played beats scheduled beats suspended beats called off.
    private static func statusRank(_ status: GameStatus) -> Int {
        switch status {
        case .final: 4
        case .scheduled: 3
        case .suspended: 2
        case .postponed, .cancelled: 1
        }
    }

    private struct Failure: Error {
        var problems: [ImportProblem]
    }

    /// The game an entry describes, with notes (kept-with-caveat problems), or every reason it cannot be imported.
    private func game(for entry: ScheduleEntry, lookup: inout CatalogLookup) -> Result<(Game, [ImportProblem]), Failure>
    {
        var problems: [ImportProblem] = []
        func problem(_ kind: ImportProblem.Kind, _ detail: String) {
            problems.append(ImportProblem(reference: entry.reference, kind: kind, detail: detail))
        }
        let id: GameID? =
            entry.gameID ?? entry.sourceID.map { GameID(league: entry.league, sourceID: $0) }
        if id == nil { problem(.missingField, "game id") }

        // The date used to pick a venue alias: the feed's local date, else the start's UTC date.
        var lookupDate: LocalDate?
        switch entry.start {
        case .instant(let instant):
            lookupDate = entry.officialDate ?? LocalDate(instant, in: TimeZone(secondsFromGMT: 0) ?? .current)
        case .venueLocal(let local): lookupDate = entry.officialDate ?? local.date
        case .dateOnly(let date): lookupDate = entry.officialDate ?? date
        case .missing:
            problem(.missingField, "start time")
        case .unreadable(let text):
            problem(.badDate, text)
        }

        var venue: Venue?
        if entry.venues.isEmpty {
            problem(.missingField, "venue")
        } else if let lookupDate {
            venue = lookup.venue(entry, on: lookupDate)
            // An instant's UTC date can be a day after the local one: look again with the date at the venue.
            if let found = venue, entry.officialDate == nil, case .instant(let instant) = entry.start {
                let local = LocalDate(instant, in: found.zone)
                if local != lookupDate, let again = lookup.venue(entry, on: local) { venue = again }
            }
            if venue == nil { problem(.unknownVenue, entry.venues.first?.name ?? "") }
        }

        let home = lookup.team(entry.home, league: entry.league, role: "home team", problem: problem)
        let away = lookup.team(entry.away, league: entry.league, role: "away team", problem: problem)

        guard let id, let venue, let home, let away, problems.isEmpty else {
            return .failure(Failure(problems: problems))
        }

        var notes: [ImportProblem] = []
        let start: Date
        switch entry.start {
        case .instant(let instant): start = instant
        case .venueLocal(let local): start = local.instant(in: venue.zone)
        case .dateOnly(let date):
            start = date.start(in: venue.zone)
            notes.append(ImportProblem(reference: entry.reference, kind: .timeToBeDetermined, detail: "\(date)"))
        case .missing, .unreadable:
            return .failure(Failure(problems: problems))
        }
        let localDate = entry.officialDate ?? LocalDate(start, in: venue.zone)
        let game = Game(
            id: id, league: entry.league, home: home.id, away: away.id, venue: venue.id, start: start,
            localDate: localDate, status: entry.status, doubleheader: entry.doubleheader)
        return .success((game, notes))
    }
}

/// Catalogue lookups with per-import memory: a season names the same thirty teams and parks thousands of times,
/// and name matching normalises every candidate name on each call.
struct CatalogLookup {
    let catalog: Catalog
    private var teams: [String: Team?] = [:]
    private var venues: [String: Venue?] = [:]

    init(catalog: Catalog) {
        self.catalog = catalog
    }

    mutating func team(
        _ names: [String], league: League, role: String, problem: (ImportProblem.Kind, String) -> Void
    ) -> Team? {
        guard let first = names.first else {
            problem(.missingField, role)
            return nil
        }
        for name in names {
            let key = "\(league.rawValue)|\(name)"
            if let cached = teams[key] {
                if let cached { return cached }
                continue
            }
            var found: Team?
            if let team = catalog.team(TeamID(rawValue: name)), team.league == league {
                found = team
            } else {
                found = catalog.team(matching: name, in: league)
            }
            teams[key] = .some(found)
            if let found { return found }
        }
        problem(.unknownTeam, first)
        return nil
    }

    /// The venue an entry names on `date`: the catalogue's unique match, else the one match in the city the feed
    /// gives (two venues can share a name).
    mutating func venue(_ entry: ScheduleEntry, on date: LocalDate) -> Venue? {
        for candidate in entry.venues {
            let key = "\(entry.acceptsCatalogIDs)|\(date)|\(candidate.city ?? "")|\(candidate.name)"
            if let cached = venues[key] {
                if let cached { return cached }
                continue
            }
            let found = uncachedVenue(candidate, acceptsIDs: entry.acceptsCatalogIDs, on: date)
            venues[key] = .some(found)
            if let found { return found }
        }
        return nil
    }

    private func uncachedVenue(_ candidate: ScheduleEntry.VenueName, acceptsIDs: Bool, on date: LocalDate) -> Venue? {
        if acceptsIDs, let venue = catalog.venue(VenueID(rawValue: candidate.name)) { return venue }
        if let venue = catalog.venue(named: candidate.name, on: date) { return venue }
        guard let city = candidate.city.map(Catalog.normalized), !city.isEmpty else { return nil }
        let key = Catalog.normalized(candidate.name)
        let matches = catalog.venues.values.filter { venue in
            Catalog.normalized(venue.city) == city
                && (Catalog.normalized(venue.name) == key
                    || venue.aliases.contains { Catalog.normalized($0.name) == key && $0.isValid(on: date) })
        }
        return matches.count == 1 ? matches.first : nil
    }
}
