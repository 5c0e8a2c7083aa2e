import Foundation

/// Our own formats: the ``Game`` Codable form in JSON (an array, or `{"games": [...]}`), and CSV with the header
/// `id,league,home,away,venue,start,local_date,status,doubleheader`. Teams and venues may be our ids
/// (`mlb-bos`, `fenway-park`) or names; `start` is ISO 8601 (JSON also takes Foundation's default number form,
/// seconds since 2001-01-01).
enum CanonicalReader {
    /// The CSV header, in order.
    static let csvColumns = ["id", "league", "home", "away", "venue", "start", "local_date", "status", "doubleheader"]

    static func entries(fromJSON json: FeedJSON, league: League?) throws(ImportError) -> [ScheduleEntry] {
        guard let games = json.array ?? json["games"]?.array else { throw .wrongShape(.canonicalJSON) }
        return games.enumerated().map { index, game in
            let reference = "games[\(index)]"
            guard game.isObject else {
                return failed(reference, league: league, .badValue, "an entry that is not a game object")
            }
            let start: ScheduleEntry.Start
            switch game["start"] {
            case .number(let seconds)?: start = .instant(Date(timeIntervalSinceReferenceDate: seconds))
            case .string(let text)?:
                start = ImportDates.parseISO8601(text).map(ScheduleEntry.Start.instant) ?? .unreadable(text)
            case nil, .null?: start = .missing
            case let other?: start = .unreadable(other.text ?? "start")
            }
            return entry(
                reference: reference, id: game["id"]?.text, leagueText: game["league"]?.text, fallback: league,
                home: game["home"]?.text, away: game["away"]?.text, venue: game["venue"]?.text, start: start,
                localDate: game["localDate"]?.text, status: game["status"]?.text,
                doubleheader: game["doubleheader"].flatMap { $0 == .null ? nil : $0 })
        }
    }

    static func entries(fromCSV table: FeedCSVTable, league: League?) throws(ImportError) -> [ScheduleEntry] {
        try table.require(["id", "league", "home", "away", "venue", "start"], format: .canonicalCSV)
        var entries = table.rows.map { row in
            let startText = table.value("start", in: row)
            let start: ScheduleEntry.Start =
                startText.map { ImportDates.parseISO8601($0).map(ScheduleEntry.Start.instant) ?? .unreadable($0) }
                ?? .missing
            return entry(
                reference: "line \(row.line)", id: table.value("id", in: row),
                leagueText: table.value("league", in: row), fallback: league, home: table.value("home", in: row),
                away: table.value("away", in: row), venue: table.value("venue", in: row), start: start,
                localDate: table.value("local_date", in: row), status: table.value("status", in: row),
                doubleheader: table.value("doubleheader", in: row).map(FeedJSON.string))
        }
        if let line = table.unterminatedQuoteLine, let last = entries.indices.last {
            entries[last].readProblems.append(
                ImportProblem(reference: "line \(line)", kind: .badValue, detail: "a quoted field that never closes"))
        }
        return entries
    }

    private static func failed(
        _ reference: String, league: League?, _ kind: ImportProblem.Kind, _ detail: String
    ) -> ScheduleEntry {
        var entry = ScheduleEntry(
            reference: reference, sourceID: nil, league: league ?? .mlb, home: [], away: [], venues: [],
            start: .missing,
            status: .scheduled)
        entry.readProblems = [ImportProblem(reference: reference, kind: kind, detail: detail)]
        return entry
    }

    private static func entry(
        reference: String, id: String?, leagueText: String?, fallback: League?, home: String?, away: String?,
        venue: String?, start: ScheduleEntry.Start, localDate: String?, status: String?, doubleheader: FeedJSON?
    ) -> ScheduleEntry {
        var problems: [ImportProblem] = []
        func problem(_ kind: ImportProblem.Kind, _ detail: String) {
            problems.append(ImportProblem(reference: reference, kind: kind, detail: detail))
        }
        var league = fallback
        if let leagueText {
            league = League(text: leagueText)
            if league == nil { problem(.badValue, "league “\(leagueText)”") }
        } else if fallback == nil {
            problem(.missingField, "league")
        }
        var entry = ScheduleEntry(
            reference: reference, sourceID: id, league: league ?? .mlb, home: [home].compactMap { $0 },
            away: [away].compactMap { $0 }, venues: venue.map { [.init(name: $0)] } ?? [], start: start,
            status: .scheduled)
        entry.acceptsCatalogIDs = true
        // Canonical ids already carry the league ("mlb-776543"); a bare source id gets it added.
        if let id, let league {
            entry.gameID =
                id.hasPrefix("\(league.rawValue)-") ? GameID(rawValue: id) : GameID(league: league, sourceID: id)
        }
        if let status {
            if let parsed = GameStatus(rawValue: status.lowercased()) {
                entry.status = parsed
            } else {
                problem(.badValue, "status “\(status)”")
            }
        }
        if let localDate {
            if let date = LocalDate(localDate) { entry.officialDate = date } else { problem(.badDate, localDate) }
        }
        if let doubleheader {
            if let number = doubleheader.int, (1...2).contains(number) {
                entry.doubleheader = number
            } else {
                problem(.badValue, "doubleheader “\(doubleheader.text ?? "?")” (expected 1 or 2)")
            }
        }
        entry.readProblems = problems
        return entry
    }
}
