import Foundation

/// A tour instance kept as plain CSV files in one folder (the Traveling Baseball Fan Problem fixture's format):
/// `venues.csv` (id, name, city, region, country, latitude, longitude, time_zone), `games.csv` (id, venue, home,
/// start_utc as ISO 8601) and optionally `matrix.csv` (from, to, minutes, miles). Each venue gets a home team of
/// `league` (id `<league>-<venue id>`), so ``BallparkTourSearch/homeVenues(of:in:)`` finds every venue.
public struct TourInstanceFiles: Sendable {
    /// Venues, teams and games.
    public var catalog: Catalog
    /// The road legs of `matrix.csv` (empty when there is none).
    public var roads: [RoadLeg]
    /// Problems of the matrix rows.
    public var roadProblems: [RoadMatrixImport.Problem]

    /// What went wrong reading the files.
    public struct ReadError: Error, Equatable, CustomStringConvertible {
        /// The reason, for people.
        public var description: String
    }

    /// Reads the files of `folder`.
    public init(folder: URL, league: League = .mlb) throws(ReadError) {
        func text(_ name: String) throws(ReadError) -> String {
            do {
                return try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
            } catch {
                throw ReadError(description: "cannot read \(name) in \(folder.path)")
            }
        }
        let venueRows = Self.rows(try text("venues.csv"))
        var venues: [Venue] = []
        var teams: [Team] = []
        for (line, row) in venueRows {
            guard let id = row["id"], !id.isEmpty, let name = row["name"],
                let latitude = row["latitude"].flatMap(Double.init),
                let longitude = row["longitude"].flatMap(Double.init),
                let zone = row["time_zone"], TimeZone(identifier: zone) != nil
            else {
                throw ReadError(description: "venues.csv line \(line): needs id, name, latitude, longitude, time_zone")
            }
            let venue = VenueID(rawValue: id)
            venues.append(
                Venue(
                    id: venue, name: name, city: row["city"] ?? "", region: row["region"] ?? "",
                    country: row["country"] ?? "US", coordinate: Coordinate(latitude: latitude, longitude: longitude),
                    timeZone: zone))
            teams.append(
                Team(
                    id: TeamID(rawValue: "\(league.rawValue)-\(id)"), league: league, name: name, abbreviation: id,
                    nickname: name, conference: "", division: "", homeVenue: venue))
        }
        let zones = Dictionary(venues.map { ($0.id, $0.zone) }, uniquingKeysWith: { first, _ in first })
        var games: [Game] = []
        let parser = ISO8601DateFormatter()
        for (line, row) in Self.rows(try text("games.csv")) {
            guard let id = row["id"], let venueText = row["venue"], let zone = zones[VenueID(rawValue: venueText)],
                let start = row["start_utc"].flatMap({ parser.date(from: $0) })
            else { throw ReadError(description: "games.csv line \(line): needs id, a known venue and start_utc") }
            let venue = VenueID(rawValue: venueText)
            games.append(
                Game(
                    id: GameID(rawValue: id), league: league, home: TeamID(rawValue: "\(league.rawValue)-\(venueText)"),
                    away: TeamID(rawValue: "\(league.rawValue)-away"), venue: venue, start: start,
                    localDate: LocalDate(start, in: zone)))
        }
        catalog = Catalog(venues: venues, teams: teams, games: games)
        let matrixURL = folder.appendingPathComponent("matrix.csv")
        if FileManager.default.fileExists(atPath: matrixURL.path) {
            let result = RoadMatrixImport.read(csv: try text("matrix.csv"), catalog: catalog)
            roads = result.legs
            roadProblems = result.problems
        } else {
            roads = []
            roadProblems = []
        }
    }

    /// The road matrix of ``roads``.
    public var roadMatrix: RoadMatrix { RoadMatrix(legs: roads, catalog: catalog, source: "road matrix (matrix.csv)") }

    /// Header-keyed rows with their 1-based line numbers.
    static func rows(_ text: String) -> [(Int, [String: String])] {
        let lines = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).map(String.init)
        guard let header = lines.first.map({ FeedCSVLine.split($0.replacingOccurrences(of: "\u{FEFF}", with: "")) })
        else { return [] }
        var result: [(Int, [String: String])] = []
        for (index, line) in lines.enumerated().dropFirst() where !line.isEmpty {
            let fields = FeedCSVLine.split(line)
            var row: [String: String] = [:]
            for (column, name) in header.enumerated() where column < fields.count { row[name] = fields[column] }
            result.append((index + 1, row))
        }
        return result
    }
}
