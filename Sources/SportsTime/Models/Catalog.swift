import Foundation

/// The canonical data the planner works on: venues, teams and games, indexed for lookups (the original's
/// `AppDataProvider`, as a value).
public struct Catalog: Sendable {
    public private(set) var venues: [VenueID: Venue]
    public private(set) var teams: [TeamID: Team]
    /// Games sorted by start time, then id.
    public private(set) var games: [Game]
    private var venueNames: [String: [VenueID]] = [:]

    public init(venues: [Venue], teams: [Team], games: [Game] = []) {
        self.venues = Dictionary(venues.map { ($0.id, $0) }, uniquingKeysWith: { _, last in last })
        self.teams = Dictionary(teams.map { ($0.id, $0) }, uniquingKeysWith: { _, last in last })
        self.games = []
        for venue in self.venues.values.sorted(by: { $0.id < $1.id }) {
            for key in Set(([venue.name] + venue.aliases.map(\.name)).map(Catalog.normalized)) {
                venueNames[key, default: []].append(venue.id)
            }
        }
        replaceGames(games)
    }

    /// Replaces the schedule (sorted by start time, then id).
    public mutating func replaceGames(_ games: [Game]) {
        self.games = games.sorted { ($0.start, $0.id) < ($1.start, $1.id) }
    }

    public func venue(_ id: VenueID) -> Venue? { venues[id] }
    public func team(_ id: TeamID) -> Team? { teams[id] }

    /// Teams of `league` sorted by name.
    public func teams(of league: League) -> [Team] {
        teams.values.filter { $0.league == league }.sorted { $0.name < $1.name }
    }

    /// The venue called `name` on `date` (current name or an alias valid that day); nil if none or ambiguous.
    public func venue(named name: String, on date: LocalDate? = nil) -> Venue? {
        let candidates = (venueNames[Catalog.normalized(name)] ?? []).compactMap { venues[$0] }.filter { venue in
            Catalog.normalized(venue.name) == Catalog.normalized(name)
                || venue.aliases.contains {
                    Catalog.normalized($0.name) == Catalog.normalized(name) && $0.isValid(on: date)
                }
        }
        return candidates.count == 1 ? candidates.first : nil
    }

    /// The team of `league` known as `text` (abbreviation, full name, nickname or alias; any case).
    public func team(matching text: String, in league: League) -> Team? {
        let key = Catalog.normalized(text)
        guard !key.isEmpty else { return nil }
        let candidates = teams.values.filter { $0.league == league }
        if let byAbbreviation = candidates.first(where: { Catalog.normalized($0.abbreviation) == key }) {
            return byAbbreviation
        }
        let matches = candidates.filter { team in
            ([team.name, team.nickname] + team.aliases).contains { Catalog.normalized($0) == key }
        }
        return matches.count == 1 ? matches.first : nil
    }

    /// Games of `leagues` (all when empty) starting in `[from, to)`.
    public func games(from: Date, to: Date, leagues: Set<League> = []) -> [Game] {
        let lower = games.partitioningIndex { $0.start >= from }
        var result: [Game] = []
        var index = lower
        while index < games.endIndex, games[index].start < to {
            let game = games[index]
            if leagues.isEmpty || leagues.contains(game.league) { result.append(game) }
            index += 1
        }
        return result
    }

    /// A name reduced for matching: lower case, no diacritics, punctuation or a leading "the", single spaces.
    public static func normalized(_ name: String) -> String {
        let folded = name.folding(
            options: [.caseInsensitive, .diacriticInsensitive], locale: Locale(identifier: "en_US_POSIX"))
        var words: [Substring] = []
        var current = ""
        func flush() {
            if !current.isEmpty { words.append(Substring(current)) }
            current = ""
        }
        for scalar in folded.unicodeScalars {
            if CharacterSet.alphanumerics.contains(scalar) {
                current.unicodeScalars.append(scalar)
            } else if scalar == "&" {
                flush()
                words.append("and")
            } else if scalar != "'" && scalar != "’" && scalar != "." {
                flush()
            }
        }
        flush()
        if words.first == "the" { words.removeFirst() }
        return words.joined(separator: " ")
    }
}

extension Array {
    /// The first index whose element satisfies `predicate`, for a predicate that is false then true along the array.
    func partitioningIndex(where predicate: (Element) -> Bool) -> Int {
        var low = 0
        var high = count
        while low < high {
            let mid = (low + high) / 2
            if predicate(self[mid]) { high = mid } else { low = mid + 1 }
        }
        return low
    }
}
