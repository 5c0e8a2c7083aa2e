import Foundation

/// iCalendar (RFC 5545) schedules as clubs publish them (MLS and others): one VEVENT per game with `UID`,
/// `DTSTART` (UTC, `TZID=` local, floating or a DATE), `SUMMARY` "Away at Home" / "Home vs Away" / "Away @ Home",
/// `LOCATION` "Venue, City, ST" and `STATUS:CANCELLED` for called-off games.
enum ICalendarReader {
    /// A content line: `NAME;PARAM=VALUE:value`, with the value still escaped.
    struct Property: Sendable, Equatable {
        var name: String
        var parameters: [String: String]
        var value: String
    }

    /// A VEVENT's properties (first of each name) and the line it starts on.
    struct Event: Sendable {
        var line: Int
        var properties: [String: Property]
    }

    /// The content lines after unfolding (RFC 5545 §3.1: a line break followed by a space or tab continues the
    /// line), each with the number of its first physical line.
    static func unfoldedLines(_ text: String) -> [(line: Int, text: String)] {
        var result: [(line: Int, text: String)] = []
        var physical = 0
        let normalized = text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
        for raw in normalized.split(separator: "\n", omittingEmptySubsequences: false) {
            physical += 1
            if let first = raw.first, first == " " || first == "\t", !result.isEmpty {
                result[result.count - 1].text += raw.dropFirst()
            } else if !raw.isEmpty {
                result.append((physical, String(raw)))
            }
        }
        return result
    }

    /// Splits a content line at the first colon outside a quoted parameter value.
    static func property(_ line: String) -> Property? {
        var inQuotes = false
        var colon: String.Index?
        for index in line.indices {
            let c = line[index]
            if c == "\"" { inQuotes.toggle() }
            if c == ":" && !inQuotes {
                colon = index
                break
            }
        }
        guard let colon else { return nil }
        let head = line[..<colon].split(separator: ";", omittingEmptySubsequences: true)
        guard let name = head.first?.trimmingCharacters(in: .whitespaces), !name.isEmpty else { return nil }
        var parameters: [String: String] = [:]
        for parameter in head.dropFirst() {
            let pair = parameter.split(separator: "=", maxSplits: 1)
            guard pair.count == 2 else { continue }
            parameters[pair[0].uppercased()] = pair[1].trimmingCharacters(in: CharacterSet(charactersIn: "\""))
        }
        return Property(
            name: name.uppercased(), parameters: parameters, value: String(line[line.index(after: colon)...]))
    }

    /// A TEXT value with `\,` `\;` `\n` `\N` and `\\` unescaped.
    static func unescape(_ value: String) -> String {
        guard value.contains("\\") else { return value }
        var result = ""
        var escaping = false
        for c in value {
            if escaping {
                switch c {
                case "n", "N": result.append("\n")
                default: result.append(c)
                }
                escaping = false
            } else if c == "\\" {
                escaping = true
            } else {
                result.append(c)
            }
        }
        if escaping { result.append("\\") }
        return result
    }

    /// The VEVENTs of a calendar; throws when the data is empty or not a calendar.
    static func events(from data: Data) throws(ImportError) -> [Event] {
        guard let text = String(data: data, encoding: .utf8) ?? String(data: data, encoding: .isoLatin1) else {
            throw .unreadable(.ics, detail: "not text")
        }
        if text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty { throw .empty(.ics) }
        let lines = unfoldedLines(text.hasPrefix("\u{FEFF}") ? String(text.dropFirst()) : text)
        guard
            lines.contains(where: {
                $0.text.uppercased().hasPrefix("BEGIN:VCALENDAR") || $0.text.uppercased().hasPrefix("BEGIN:VEVENT")
            })
        else {
            throw .wrongShape(.ics)
        }
        var events: [Event] = []
        var current: Event?
        var nesting = 0  // VALARMs and other components inside a VEVENT
        for (line, content) in lines {
            let upper = content.uppercased()
            if upper.hasPrefix("BEGIN:") {
                if upper == "BEGIN:VEVENT" {
                    if let open = current { events.append(open) }  // an event never closed: keep what it had
                    current = Event(line: line, properties: [:])
                    nesting = 0
                } else if current != nil {
                    nesting += 1
                }
                continue
            }
            if upper.hasPrefix("END:") {
                if upper == "END:VEVENT", let open = current {
                    events.append(open)
                    current = nil
                } else if nesting > 0 {
                    nesting -= 1
                }
                continue
            }
            guard nesting == 0, current != nil, let property = property(content) else { continue }
            if current?.properties[property.name] == nil { current?.properties[property.name] = property }
        }
        if let open = current { events.append(open) }
        return events
    }

    static func entries(from data: Data, league: League) throws(ImportError) -> [ScheduleEntry] {
        try events(from: data).enumerated().map { index, event in entry(event, index: index + 1, league: league) }
    }

    static func entry(_ event: Event, index: Int, league: League) -> ScheduleEntry {
        let uid = event.properties["UID"].map { unescape($0.value).trimmingCharacters(in: .whitespaces) }
        let reference = "VEVENT \(index) (line \(event.line)\(uid.map { ", UID \($0)" } ?? ""))"
        var status: GameStatus = .scheduled
        switch event.properties["STATUS"]?.value.trimmingCharacters(in: .whitespaces).uppercased() {
        case "CANCELLED", "CANCELED": status = .cancelled
        default: break
        }
        var summary = event.properties["SUMMARY"].map { unescape($0.value) } ?? ""
        let (prefixStatus, rest) = strippingStatusWord(summary)
        summary = rest
        if status == .scheduled, let prefixStatus { status = prefixStatus }

        var problems: [ImportProblem] = []
        let teams = splitMatchup(summary)
        if teams == nil {
            let detail =
                summary.isEmpty ? "SUMMARY" : "SUMMARY “\(summary)” (expected “Away at Home” or “Home vs Away”)"
            problems.append(
                ImportProblem(reference: reference, kind: summary.isEmpty ? .missingField : .badValue, detail: detail))
        }

        var entry = ScheduleEntry(
            reference: reference, sourceID: uid.flatMap { $0.isEmpty ? nil : $0 }, league: league,
            home: teams.map { candidatesForTeam($0.home) } ?? [], away: teams.map { candidatesForTeam($0.away) } ?? [],
            venues: venueNames(event.properties["LOCATION"].map { unescape($0.value) }),
            start: start(event.properties["DTSTART"]), status: status)
        if let sequence = event.properties["SEQUENCE"].flatMap({ Int($0.value.trimmingCharacters(in: .whitespaces)) }) {
            entry.revision = sequence
        }
        if teams == nil {
            // Without teams the entry cannot become a game; say why once instead of "unknown team" twice.
            entry.readProblems = problems
        }
        return entry
    }

    /// `DTSTART:20250301T003000Z`, `DTSTART;TZID=America/New_York:20250301T193000`, `DTSTART;VALUE=DATE:20250301`
    /// or a floating `DTSTART:20250301T193000` (the venue's wall-clock time).
    static func start(_ property: Property?) -> ScheduleEntry.Start {
        guard let property else { return .missing }
        let value = property.value.trimmingCharacters(in: .whitespaces)
        let chars = Array(value.utf8)
        guard chars.count >= 8, chars[0..<8].allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }),
            let date = LocalDate("\(value.prefix(4))-\(value.dropFirst(4).prefix(2))-\(value.dropFirst(6).prefix(2))")
        else { return .unreadable(value) }
        if chars.count == 8 { return .dateOnly(date) }
        guard chars.count >= 15, chars[8] == UInt8(ascii: "T"), chars[9..<15].allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }),
            let hour = Int(value.dropFirst(9).prefix(2)), let minute = Int(value.dropFirst(11).prefix(2)),
            let second = Int(value.dropFirst(13).prefix(2)), hour < 24, minute < 60, second < 61
        else { return .unreadable(value) }
        let local = LocalDateTime(date: date, secondsOfDay: hour * 3600 + minute * 60 + min(second, 59))
        let suffix = value.dropFirst(15)
        if suffix == "Z" || suffix == "z" { return .instant(local.utcInstant) }
        guard suffix.isEmpty else { return .unreadable(value) }
        if let tzid = property.parameters["TZID"] {
            guard let zone = ImportDates.zone(named: tzid) else { return .unreadable("TZID=\(tzid):\(value)") }
            return .instant(local.instant(in: zone))
        }
        return .venueLocal(local)
    }

    /// "POSTPONED: A at B", "[CANCELED] A vs B" → the status and the rest.
    static func strippingStatusWord(_ summary: String) -> (GameStatus?, String) {
        let trimmed = summary.trimmingCharacters(in: .whitespaces)
        let words: [(String, GameStatus)] = [
            ("postponed", .postponed), ("ppd", .postponed), ("cancelled", .cancelled), ("canceled", .cancelled),
        ]
        for (word, status) in words {
            for opener in ["", "[", "("] where trimmed.lowercased().hasPrefix(opener + word) {
                let rest = trimmed.dropFirst(opener.count + word.count)
                    .trimmingCharacters(in: CharacterSet(charactersIn: "])-:–— "))
                return (status, rest)
            }
        }
        return (nil, trimmed)
    }

    /// The teams of "Away at Home", "Away @ Home", "Home vs Away", "Home vs. Away", "Home v Away"; a venue after
    /// a "vs" matchup ("Home vs Away at Venue", "Home vs Away @ Venue") is dropped.
    static func splitMatchup(_ summary: String) -> (home: String, away: String)? {
        func split(_ text: String, at separator: String) -> (String, String)? {
            guard let range = text.range(of: separator, options: .caseInsensitive) else { return nil }
            let first = text[..<range.lowerBound].trimmingCharacters(in: .whitespaces)
            let second = text[range.upperBound...].trimmingCharacters(in: .whitespaces)
            return first.isEmpty || second.isEmpty ? nil : (first, second)
        }
        // "vs" first: a summary with both is "Home vs Away at Venue" far more often than a team named "… vs …".
        for separator in [" vs. ", " vs ", " v. ", " v "] {
            guard let (home, rest) = split(summary, at: separator) else { continue }
            var away = rest
            for venueSeparator in [" at ", " @ "] {
                if let (team, _) = split(away, at: venueSeparator) { away = team }
            }
            return (home, away)
        }
        for separator in [" at ", " @ "] {
            if let (away, home) = split(summary, at: separator) { return (home, away) }
        }
        return nil
    }

    /// A team as written plus the same without a leading label ("MLS: Inter Miami CF" → "Inter Miami CF") or a
    /// trailing note ("Inter Miami CF (Leagues Cup)").
    static func candidatesForTeam(_ text: String) -> [String] {
        var names = [text]
        if let colon = text.range(of: ": ", options: .backwards) { names.append(String(text[colon.upperBound...])) }
        for name in names {
            if let paren = name.range(of: " (") { names.append(String(name[..<paren.lowerBound])) }
            if let dash = name.range(of: " - ") { names.append(String(name[..<dash.lowerBound])) }
        }
        return names.cleanedNames()
    }

    /// "Venue, City, ST" → "Venue, City, ST", "Venue, City" (city ST), "Venue" (city City): longest first, each
    /// with the component after it as the city.
    static func venueNames(_ location: String?) -> [ScheduleEntry.VenueName] {
        guard let location = location?.trimmingCharacters(in: .whitespacesAndNewlines), !location.isEmpty else {
            return []
        }
        let parts = location.replacingOccurrences(of: "\n", with: ", ").split(separator: ",")
            .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        guard !parts.isEmpty else { return [] }
        var names: [ScheduleEntry.VenueName] = []
        for count in stride(from: parts.count, through: 1, by: -1) {
            let name = parts[0..<count].joined(separator: ", ")
            names.append(.init(name: name, city: count < parts.count ? parts[count] : nil))
        }
        return names
    }
}
