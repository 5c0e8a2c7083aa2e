import Foundation

/// A schedule file format the importer reads.
public enum ScheduleFormat: String, Codable, Sendable, CaseIterable {
    /// MLB Stats API schedule JSON (`dates[].games[]`), or the flat compiled copy (top-level `games[]`).
    case mlbStatsAPI = "mlb-statsapi"
    /// NHL api-web schedule JSON (`gameWeek[].games[]`), one document or a JSON array of weekly documents.
    case nhlAPI = "nhl-api"
    /// NBA `scheduleLeagueV2.json` (`leagueSchedule.gameDates[].games[]`); WNBA's copy too.
    case nbaCDN = "nba-cdn"
    /// nflverse `games.csv` (kick-off times in US Eastern time whatever the venue).
    case nflverse
    /// iCalendar (RFC 5545) with one VEVENT per game; the league comes from the caller.
    case ics
    /// Our own JSON: an array of ``Game`` or `{"games": [Game…]}`.
    case canonicalJSON = "canonical-json"
    /// Our own CSV: `id,league,home,away,venue,start,local_date,status,doubleheader`.
    case canonicalCSV = "canonical-csv"

    /// The league the format belongs to, nil when the file says (canonical formats) or the caller must (ICS).
    public var defaultLeague: League? {
        switch self {
        case .mlbStatsAPI: .mlb
        case .nhlAPI: .nhl
        case .nbaCDN: .nba
        case .nflverse: .nfl
        case .ics, .canonicalJSON, .canonicalCSV: nil
        }
    }

    /// The leagues whose schedules come in this format (empty = any).
    public var supportedLeagues: Set<League> {
        switch self {
        case .mlbStatsAPI: [.mlb]
        case .nhlAPI: [.nhl]
        case .nbaCDN: [.nba, .wnba]
        case .nflverse: [.nfl]
        case .ics, .canonicalJSON, .canonicalCSV: []
        }
    }

    /// What a file of this format looks like, for error messages.
    public var expectedShape: String {
        switch self {
        case .mlbStatsAPI: "MLB Stats API schedule JSON with dates[].games[] (or a compiled file with games[])"
        case .nhlAPI: "NHL api-web schedule JSON with gameWeek[].games[] (or an array of such documents)"
        case .nbaCDN: "NBA scheduleLeagueV2.json with leagueSchedule.gameDates[].games[]"
        case .nflverse:
            "nflverse games.csv with a header row (game_id, gameday, gametime, home_team, away_team, stadium…)"
        case .ics: "an iCalendar file (BEGIN:VCALENDAR … BEGIN:VEVENT …)"
        case .canonicalJSON: "a JSON array of games or an object {\"games\": [...]}"
        case .canonicalCSV: "CSV with the header id,league,home,away,venue,start,local_date,status,doubleheader"
        }
    }
}

/// Why a whole schedule file could not be read. Problems with single entries are ``ImportProblem``s instead.
public enum ImportError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file is empty (or only white space).
    case empty(ScheduleFormat)
    /// The file is not valid JSON, CSV or iCalendar text; the parser's detail.
    case unreadable(ScheduleFormat, detail: String)
    /// The file parses but does not have the format's shape (e.g. an NBA file imported as MLB).
    case wrongShape(ScheduleFormat)
    /// A CSV file lacks required columns.
    case missingColumns(ScheduleFormat, [String])
    /// The format carries no league (ICS) and none was given.
    case leagueRequired(ScheduleFormat)
    /// The league given does not publish schedules in this format.
    case unsupportedLeague(ScheduleFormat, League)

    /// A message that tells the user what was expected.
    public var description: String {
        switch self {
        case .empty(let format):
            "The file is empty; expected \(format.expectedShape) (format \(format.rawValue))."
        case .unreadable(let format, let detail):
            "The file cannot be read as \(format.rawValue) (\(detail)); expected \(format.expectedShape)."
        case .wrongShape(let format):
            "The file is not in the \(format.rawValue) format; expected \(format.expectedShape). "
                + "Check the format you chose."
        case .missingColumns(let format, let columns):
            "The \(format.rawValue) file lacks the column(s) \(columns.joined(separator: ", ")); "
                + "expected \(format.expectedShape)."
        case .leagueRequired(let format):
            "The \(format.rawValue) format does not say which league it is; pass the league (e.g. --league mls)."
        case .unsupportedLeague(let format, let league):
            "\(league.displayName) schedules do not come in the \(format.rawValue) format; supported: "
                + format.supportedLeagues.sorted().map(\.displayName).joined(separator: ", ") + "."
        }
    }
}

/// One entry of a schedule file that was not imported as given, and why.
public struct ImportProblem: Codable, Sendable, Equatable, CustomStringConvertible {
    /// What went wrong.
    public enum Kind: String, Codable, Sendable, CaseIterable {
        /// The venue name is not in the catalogue (or matches several venues).
        case unknownVenue
        /// A team is not in the catalogue.
        case unknownTeam
        /// A date or time cannot be read.
        case badDate
        /// A required field is missing or empty.
        case missingField
        /// A field has a value the importer does not understand.
        case badValue
        /// The entry is of another league than the one imported.
        case otherLeague
        /// The entry has a date but no time; it was kept with the start at local midnight.
        case timeToBeDetermined
    }

    /// Where in the file: `dates[2].games[1]`, `line 14`, `VEVENT 3 (UID …)`.
    public var reference: String
    /// What went wrong.
    public var kind: Kind
    /// The offending value or field name.
    public var detail: String

    /// A problem at `reference` of `kind` about `detail`.
    public init(reference: String, kind: Kind, detail: String) {
        self.reference = reference
        self.kind = kind
        self.detail = detail
    }

    /// Whether the entry was still imported (only ``Kind/timeToBeDetermined``).
    public var isKept: Bool { kind == .timeToBeDetermined }

    /// A human sentence, e.g. "line 4: unknown venue “Stade X” (add it or an alias to the venue table)".
    public var description: String {
        let reason =
            switch kind {
            case .unknownVenue: "unknown venue “\(detail)” (add it or a dated alias to the venue table); skipped"
            case .unknownTeam: "unknown team “\(detail)”; skipped"
            case .badDate: "unreadable date or time “\(detail)”; skipped"
            case .missingField: "missing \(detail); skipped"
            case .badValue: "unexpected value \(detail); skipped"
            case .otherLeague: "game of \(detail), not the league imported; skipped"
            case .timeToBeDetermined: "no start time (\(detail)); kept with the start at local midnight"
            }
        return "\(reference): \(reason)"
    }
}

/// Tallies of one import.
public struct ImportCounts: Codable, Sendable, Equatable {
    /// Game entries found in the file (including ones skipped or merged).
    public var read: Int
    /// Games in the result.
    public var imported: Int
    /// Entries merged into another entry of the same game (same id, or same venue, start and teams).
    public var duplicatesResolved: Int
    /// Entries of the file marked postponed (whether or not a make-up replaced them).
    public var postponed: Int
    /// Entries of the file marked cancelled.
    public var cancelled: Int

    /// Tallies; all zero by default.
    public init(read: Int = 0, imported: Int = 0, duplicatesResolved: Int = 0, postponed: Int = 0, cancelled: Int = 0) {
        self.read = read
        self.imported = imported
        self.duplicatesResolved = duplicatesResolved
        self.postponed = postponed
        self.cancelled = cancelled
    }
}

/// What an import produced: the games, the entries that were not imported, and counts.
public struct ImportResult: Codable, Sendable, Equatable {
    /// Deduplicated games sorted by start, then id.
    public var games: [Game]
    /// Entries skipped (or kept with a caveat), in file order.
    public var problems: [ImportProblem]
    /// How many entries were read, imported, merged, postponed and cancelled.
    public var counts: ImportCounts

    /// A result of `games`, `problems` and `counts`.
    public init(games: [Game], problems: [ImportProblem], counts: ImportCounts) {
        self.games = games
        self.problems = problems
        self.counts = counts
    }
}
