import Foundation

/// One game entry as a feed states it, before it is matched against the catalogue. Every reader produces these;
/// ``ScheduleImporter`` resolves names, dates and duplicates the same way for all formats.
struct ScheduleEntry: Sendable {
    /// When the game starts, as precisely as the feed says.
    enum Start: Sendable, Equatable {
        /// An instant (UTC or with an offset).
        case instant(Date)
        /// A wall-clock time in the venue's zone (iCalendar floating times).
        case venueLocal(LocalDateTime)
        /// A day without a time (time to be determined).
        case dateOnly(LocalDate)
        /// No start at all.
        case missing
        /// A value that cannot be read.
        case unreadable(String)
    }

    /// A venue name to look up, with the city the feed gives with it (disambiguates same-named venues).
    struct VenueName: Sendable, Equatable {
        var name: String
        var city: String?
    }

    /// Where the entry is in the file, for problems.
    var reference: String
    /// The feed's own game id (nil = missing).
    var sourceID: String?
    /// A complete ``GameID`` (canonical formats), used instead of `league` + `sourceID`.
    var gameID: GameID?
    var league: League
    /// Ways the feed names the home team, best first (tricode, full name, club name …).
    var home: [String]
    var away: [String]
    /// Venue names to try, best first; empty = the feed gives none.
    var venues: [VenueName]
    /// Whether `home`, `away` and `venues` may be our own ids (`mlb-bos`, `fenway-park`).
    var acceptsCatalogIDs = false
    var start: Start
    /// The feed's local calendar date of the game (MLB `officialDate`); wins over the date derived from `start`.
    var officialDate: LocalDate?
    var status: GameStatus
    var doubleheader: Int?
    /// The entry says it was replaced by a later one (MLB `rescheduleDate`, `resumeDate`).
    var isSuperseded = false
    /// The entry says it replaces an earlier one (MLB `rescheduledFrom`, `resumedFrom`).
    var isReplacement = false
    /// A revision number (iCalendar `SEQUENCE`); higher wins among duplicates.
    var revision = 0
    /// Problems found while reading the entry that do not depend on the catalogue (bad values …).
    var readProblems: [ImportProblem] = []

    init(
        reference: String, sourceID: String?, league: League, home: [String], away: [String], venues: [VenueName],
        start: Start, status: GameStatus
    ) {
        self.reference = reference
        self.sourceID = sourceID
        self.league = league
        self.home = home
        self.away = away
        self.venues = venues
        self.start = start
        self.status = status
    }
}

extension Array where Element == String {
    /// The non-empty, trimmed strings, without repeats.
    func cleanedNames() -> [String] {
        var seen = Set<String>()
        var result: [String] = []
        for name in self {
            let trimmed = name.trimmingCharacters(in: .whitespacesAndNewlines)
            if !trimmed.isEmpty, seen.insert(trimmed).inserted { result.append(trimmed) }
        }
        return result
    }
}
