import Foundation

/// Writes games in our canonical formats, the ones ``ScheduleImporter`` reads back unchanged.
public enum ScheduleExporter {
    /// Canonical CSV: the header `id,league,home,away,venue,start,local_date,status,doubleheader`, one game per
    /// line (LF), start in ISO 8601 UTC, fields quoted when they hold a comma, quote or line break.
    public static func canonicalCSV(_ games: [Game]) -> String {
        var lines = [CanonicalReader.csvColumns.joined(separator: ",")]
        for game in games {
            let fields = [
                game.id.rawValue, game.league.rawValue, game.home.rawValue, game.away.rawValue, game.venue.rawValue,
                iso8601(game.start), game.localDate.description, game.status.rawValue,
                game.doubleheader.map(String.init) ?? "",
            ]
            lines.append(fields.map(quoted).joined(separator: ","))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Canonical JSON: `{"games": [...]}` with ISO 8601 dates and sorted keys (stable diffs).
    public static func canonicalJSON(_ games: [Game]) -> Data {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(iso8601(date))
        }
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        // Encoding plain value types with string dates cannot fail; an empty document is the safe fallback.
        return (try? encoder.encode(["games": games])) ?? Data(#"{"games":[]}"#.utf8)
    }

    /// `2025-04-06T17:35:00Z` (whole seconds; schedules have no finer times).
    static func iso8601(_ date: Date) -> String {
        let seconds = Int(date.timeIntervalSince1970.rounded(.down))
        let day = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let rest = seconds - day * 86_400
        return "\(LocalDate(dayNumber: day))T"
            + String(format: "%02d:%02d:%02dZ", rest / 3600, rest % 3600 / 60, rest % 60)
    }

    private static func quoted(_ field: String) -> String {
        guard field.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return field }
        return "\"" + field.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
