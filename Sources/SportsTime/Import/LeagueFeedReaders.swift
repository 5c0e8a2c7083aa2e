import Foundation

/// MLB Stats API schedules: the API's `dates[].games[]` (objects for teams, venue and status) and the flat
/// compiled copy with top-level `games[]` (club names, venue and status as strings).
enum MLBStatsAPIReader {
    static func entries(from json: FeedJSON) throws(ImportError) -> [ScheduleEntry] {
        var entries: [ScheduleEntry] = []
        if let dates = json["dates"]?.array {
            for (dateIndex, date) in dates.enumerated() {
                for (gameIndex, game) in (date["games"]?.array ?? []).enumerated() {
                    entries.append(entry(game, reference: "dates[\(dateIndex)].games[\(gameIndex)]"))
                }
            }
        } else if let games = json["games"]?.array {
            for (index, game) in games.enumerated() { entries.append(entry(game, reference: "games[\(index)]")) }
        } else {
            throw .wrongShape(.mlbStatsAPI)
        }
        return entries
    }

    static func entry(_ game: FeedJSON, reference: String) -> ScheduleEntry {
        let status = status(
            game["status"].flatMap { $0.isObject ? ($0["detailedState"] ?? $0["abstractGameState"]) : $0 }?.text)
        let isSuperseded = ["rescheduleDate", "rescheduleGameDate", "resumeDate", "resumeGameDate"].contains {
            game[$0]?.text != nil
        }
        let isReplacement = ["rescheduledFrom", "rescheduledFromDate", "resumedFrom", "resumedFromDate"].contains {
            game[$0]?.text != nil
        }
        let venue = game["venue"].flatMap { $0.isObject ? $0["name"] : $0 }?.text
        var entry = ScheduleEntry(
            reference: reference, sourceID: game["gamePk"]?.text, league: .mlb,
            home: teamNames(game.at("teams.home.team")), away: teamNames(game.at("teams.away.team")),
            venues: venue.map { [.init(name: $0)] } ?? [], start: start(game["gameDate"]), status: status)
        // The official date of a postponed entry is its make-up's and of a resumption the original day's:
        // neither is the day of this entry's own start.
        let officialDateFits = !(status == .postponed && isSuperseded) && game["resumedFrom"]?.text == nil
        if officialDateFits, let text = game["officialDate"]?.text {
            if let date = LocalDate(text) {
                entry.officialDate = date
            } else {
                entry.readProblems.append(ImportProblem(reference: reference, kind: .badDate, detail: text))
            }
        }
        entry.isSuperseded = isSuperseded
        entry.isReplacement = isReplacement
        if let kind = game["doubleHeader"]?.text, kind == "Y" || kind == "S", let number = game["gameNumber"]?.int {
            entry.doubleheader = (1...2).contains(number) ? number : nil
        }
        return entry
    }

    /// A team given as an object (`{"id": 111, "name": "Boston Red Sox"}`) or as a club name string.
    private static func teamNames(_ team: FeedJSON?) -> [String] {
        guard let team else { return [] }
        if team.isObject {
            return ["name", "teamName", "clubName", "abbreviation", "shortName"].compactMap { team[$0]?.text }
                .cleanedNames()
        }
        return [team.text].compactMap { $0 }
    }

    static func start(_ value: FeedJSON?) -> ScheduleEntry.Start {
        guard let text = value?.text else { return .missing }
        return ImportDates.parseISO8601(text).map(ScheduleEntry.Start.instant) ?? .unreadable(text)
    }

    /// `detailedState` values: "Final", "Game Over", "Completed Early: Rain", "Postponed", "Cancelled",
    /// "Suspended: Rain", "Scheduled", "Pre-Game", "In Progress", "Delayed Start" …
    static func status(_ text: String?) -> GameStatus {
        guard let text = text?.lowercased() else { return .scheduled }
        if text.contains("postpone") { return .postponed }
        if text.contains("cancel") { return .cancelled }
        if text.contains("suspend") { return .suspended }
        if text.hasPrefix("final") || text.contains("game over") || text.contains("completed") { return .final }
        return .scheduled
    }
}

/// NHL api-web schedules: `{"gameWeek": [{"games": [...]}]}`, a JSON array of such weekly documents, or a club
/// season schedule `{"games": [...]}`.
enum NHLScheduleReader {
    static func entries(from json: FeedJSON) throws(ImportError) -> [ScheduleEntry] {
        var entries: [ScheduleEntry] = []
        func readDocument(_ document: FeedJSON, prefix: String) -> Bool {
            if let weeks = document["gameWeek"]?.array {
                for (weekIndex, week) in weeks.enumerated() {
                    for (gameIndex, game) in (week["games"]?.array ?? []).enumerated() {
                        entries.append(entry(game, reference: "\(prefix)gameWeek[\(weekIndex)].games[\(gameIndex)]"))
                    }
                }
                return true
            }
            if let games = document["games"]?.array {
                for (index, game) in games.enumerated() {
                    entries.append(entry(game, reference: "\(prefix)games[\(index)]"))
                }
                return true
            }
            return false
        }
        if let documents = json.array {
            var any = documents.isEmpty
            for (index, document) in documents.enumerated() where readDocument(document, prefix: "[\(index)].") {
                any = true
            }
            guard any else { throw .wrongShape(.nhlAPI) }
        } else if !readDocument(json, prefix: "") {
            throw .wrongShape(.nhlAPI)
        }
        return entries
    }

    static func entry(_ game: FeedJSON, reference: String) -> ScheduleEntry {
        let venue = game["venue"].flatMap { $0.isObject ? $0["default"] : $0 }?.text
        return ScheduleEntry(
            reference: reference, sourceID: game["id"]?.text, league: .nhl, home: teamNames(game["homeTeam"]),
            away: teamNames(game["awayTeam"]), venues: venue.map { [.init(name: $0)] } ?? [],
            start: MLBStatsAPIReader.start(game["startTimeUTC"]),
            status: status(schedule: game["gameScheduleState"]?.text, game: game["gameState"]?.text))
    }

    private static func teamNames(_ team: FeedJSON?) -> [String] {
        guard let team else { return [] }
        let place = team.at("placeName.default")?.text
        let common = team.at("commonName.default")?.text
        let full = [place, common].compactMap { $0 }.joined(separator: " ")
        return [team["abbrev"]?.text, team.at("name.default")?.text, full, common].compactMap { $0 }.cleanedNames()
    }

    /// `gameScheduleState` "OK", "PPD", "SUSP", "CNCL", "TBD"; `gameState` "FUT", "PRE", "LIVE", "CRIT", "FINAL", "OFF".
    static func status(schedule: String?, game: String?) -> GameStatus {
        switch schedule?.uppercased() {
        case "PPD": return .postponed
        case "CNCL": return .cancelled
        case "SUSP": return .suspended
        default:
            switch game?.uppercased() {
            case "FINAL", "OFF", "OVER": return .final
            default: return .scheduled
            }
        }
    }
}

/// NBA (and WNBA) CDN `scheduleLeagueV2.json`: `{"leagueSchedule": {"gameDates": [{"games": [...]}]}}`.
enum NBAScheduleReader {
    static func entries(from json: FeedJSON, league: League) throws(ImportError) -> [ScheduleEntry] {
        guard let dates = (json["leagueSchedule"] ?? json)["gameDates"]?.array else { throw .wrongShape(.nbaCDN) }
        var entries: [ScheduleEntry] = []
        for (dateIndex, date) in dates.enumerated() {
            for (gameIndex, game) in (date["games"]?.array ?? []).enumerated() {
                entries.append(entry(game, reference: "gameDates[\(dateIndex)].games[\(gameIndex)]", league: league))
            }
        }
        return entries
    }

    static func entry(_ game: FeedJSON, reference: String, league: League) -> ScheduleEntry {
        var venues: [ScheduleEntry.VenueName] = []
        if let arena = game["arenaName"]?.text { venues.append(.init(name: arena, city: game["arenaCity"]?.text)) }
        let statusText = game["gameStatusText"]?.text ?? ""
        var start = MLBStatsAPIReader.start(game["gameDateTimeUTC"])
        // Games whose time is not set yet ("TBD") carry a placeholder midnight: keep the day only.
        if statusText.uppercased() == "TBD",
            let day = (game["gameDateEst"]?.text ?? game["gameDate"]?.text).flatMap({ LocalDate($0.prefix(10)) })
        {
            start = .dateOnly(day)
        }
        return ScheduleEntry(
            reference: reference, sourceID: game["gameId"]?.text, league: league, home: teamNames(game["homeTeam"]),
            away: teamNames(game["awayTeam"]), venues: venues, start: start,
            status: status(code: game["gameStatus"]?.int, text: statusText, postponed: game["postponedStatus"]?.text))
    }

    private static func teamNames(_ team: FeedJSON?) -> [String] {
        guard let team else { return [] }
        let city = team["teamCity"]?.text
        let name = team["teamName"]?.text
        let full = [city, name].compactMap { $0 }.joined(separator: " ")
        return [team["teamTricode"]?.text, full, name].compactMap { $0 }.cleanedNames()
    }

    /// `gameStatus` 1 scheduled, 2 live, 3 final; `postponedStatus` "Y" postponed ("N"/"A" not).
    static func status(code: Int?, text: String, postponed: String?) -> GameStatus {
        let lowered = text.lowercased()
        if postponed?.uppercased() == "Y" || lowered.contains("ppd") || lowered.contains("postpone") {
            return .postponed
        }
        if lowered.contains("cancel") { return .cancelled }
        return code == 3 ? .final : .scheduled
    }
}

/// nflverse `games.csv`: one row per game; `gameday` + `gametime` are US Eastern wall-clock time for every game,
/// London and Munich included.
enum NFLverseReader {
    static let required = ["game_id", "gameday", "gametime", "home_team", "away_team", "stadium"]

    static func entries(from table: FeedCSVTable) throws(ImportError) -> [ScheduleEntry] {
        try table.require(required, format: .nflverse)
        guard let eastern = ImportDates.usEastern else {
            throw .unreadable(.nflverse, detail: "the America/New_York time zone is not available on this system")
        }
        var entries: [ScheduleEntry] = table.rows.map { row in
            let reference = "line \(row.line)"
            let start: ScheduleEntry.Start
            if let day = table.value("gameday", in: row) {
                if let date = LocalDate(day) {
                    if let clock = table.value("gametime", in: row) {
                        if let seconds = ImportDates.parseClock(clock) {
                            start = .instant(LocalDateTime(date: date, secondsOfDay: seconds).instant(in: eastern))
                        } else {
                            start = .unreadable("\(day) \(clock)")
                        }
                    } else {
                        start = .dateOnly(date)
                    }
                } else {
                    start = .unreadable(day)
                }
            } else {
                start = .missing
            }
            let played = table.value("home_score", in: row) != nil && table.value("away_score", in: row) != nil
            var venues: [ScheduleEntry.VenueName] = []
            if let stadium = table.value("stadium", in: row) { venues.append(.init(name: stadium)) }
            if let stadiumID = table.value("stadium_id", in: row) { venues.append(.init(name: stadiumID)) }
            return ScheduleEntry(
                reference: reference, sourceID: table.value("game_id", in: row), league: .nfl,
                home: [table.value("home_team", in: row)].compactMap { $0 },
                away: [table.value("away_team", in: row)].compactMap { $0 }, venues: venues, start: start,
                status: played ? .final : .scheduled)
        }
        if let line = table.unterminatedQuoteLine, let last = entries.indices.last {
            entries[last].readProblems.append(
                ImportProblem(reference: "line \(line)", kind: .badValue, detail: "a quoted field that never closes"))
        }
        return entries
    }
}
