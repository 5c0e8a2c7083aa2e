import ClubhouseBasics
import Foundation

/// Dates as feeds write them: RFC 822/1123 (`pubDate`) and ISO 8601 / RFC 3339 (Atom, `dc:date`).
///
/// RFC 822 is read leniently: the weekday is optional, seconds may be missing, years may have two digits,
/// month names may be English, German or French abbreviations, and the zone may be numeric (`+0100`,
/// `+01:00`), `GMT`/`UT`/`UTC`/`Z`, a named zone (`CET`, `CEST`, `MEZ`, `MESZ`, `BST`, the North American
/// zones) or missing. A missing zone means Swiss wall-clock time (Europe/Zurich, DST-correct). Parsing is
/// pure arithmetic, independent of the process locale and time zone.
public enum FeedDate {
    /// The instant `text` names, or nil when it is not a date in either format.
    public static func parse(_ text: String) -> Date? {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty, trimmed.utf8.count <= 64 else { return nil }
        if let first = trimmed.first, first.isNumber, trimmed.count >= 10 {
            let chars = Array(trimmed)
            if chars.count >= 10, chars[4] == "-", chars[7] == "-" { return parseISO8601(trimmed) }
        }
        return parseRFC822(trimmed)
    }

    /// Parses ISO 8601 / RFC 3339: `2026-03-10`, `2026-03-10T14:05`, `2026-03-10T14:05:09.123+01:00`, with `Z`,
    /// `±hh:mm`, `±hhmm` or `±hh`; a space may replace the `T`. Without a zone the time is Swiss wall-clock time.
    public static func parseISO8601(_ text: String) -> Date? {
        let chars = Array(text.trimmingCharacters(in: .whitespacesAndNewlines))
        guard chars.count >= 10, chars[4] == "-", chars[7] == "-",
            let year = number(chars, 0, 4), let month = number(chars, 5, 2), let day = number(chars, 8, 2)
        else { return nil }
        guard chars.count > 10 else {
            return instant(year: year, month: month, day: day, hour: 0, minute: 0, second: 0)
        }
        guard chars[10] == "T" || chars[10] == "t" || chars[10] == " ", chars.count >= 16, chars[13] == ":",
            let hour = number(chars, 11, 2), let minute = number(chars, 14, 2)
        else { return nil }
        var index = 16
        var second = 0
        var fraction = 0.0
        if index < chars.count, chars[index] == ":" {
            guard let s = number(chars, index + 1, 2) else { return nil }
            second = s
            index += 3
            if index < chars.count, chars[index] == "." || chars[index] == "," {
                index += 1
                var scale = 0.1
                let start = index
                while index < chars.count, let digit = chars[index].wholeNumberValue, chars[index].isASCII {
                    fraction += Double(digit) * scale
                    scale /= 10
                    index += 1
                }
                guard index > start else { return nil }
            }
        }
        let zone = String(chars[index...]).trimmingCharacters(in: .whitespaces)
        let offset: Int?
        if zone.isEmpty {
            offset = nil
        } else {
            guard let parsed = numericOffset(zone) ?? namedOffsets[zone.uppercased()] else { return nil }
            offset = parsed
        }
        guard
            let base = instant(
                year: year, month: month, day: day, hour: hour, minute: minute, second: second, offsetSeconds: offset)
        else { return nil }
        return base.addingTimeInterval(fraction)
    }

    /// Parses RFC 822/1123 dates such as `Tue, 10 Mar 2026 14:05:00 +0100`, `10 Mar 2026 14:05 CET`,
    /// `Di, 10 Mär 2026 14:05:00 MEZ` or `Tue, 10 Mar 26 14:05:00 GMT`.
    public static func parseRFC822(_ text: String) -> Date? {
        var parts = text.split(whereSeparator: { $0 == " " || $0 == "," || $0 == "\t" || $0 == "\n" })
            .map(String.init)
        guard parts.count >= 3 else { return nil }
        if let first = parts.first, first.first?.isLetter == true, monthNumber(first) == nil { parts.removeFirst() }
        guard parts.count >= 3 else { return nil }
        // "10 Mar 2026" (standard) or "Mar 10 2026" (seen in the wild).
        var day: Int?
        var month: Int?
        if let d = Int(parts[0]), let m = monthNumber(parts[1]) {
            day = d
            month = m
        } else if let m = monthNumber(parts[0]), let d = Int(parts[1]) {
            day = d
            month = m
        }
        guard let day, let month, parts[2].count == 4 || parts[2].count == 2, var year = Int(parts[2]) else {
            return nil
        }
        if parts[2].count == 2 { year += year < 50 ? 2000 : 1900 }
        var hour = 0
        var minute = 0
        var second = 0
        var zoneIndex = 3
        if parts.count > 3, parts[3].contains(":") {
            let clock = parts[3].split(separator: ":", omittingEmptySubsequences: false)
            guard clock.count == 2 || clock.count == 3, clock.allSatisfy({ (1...2).contains($0.count) }),
                let h = Int(clock[0]), let m = Int(clock[1])
            else { return nil }
            hour = h
            minute = m
            if clock.count == 3 {
                guard let s = Int(clock[2]) else { return nil }
                second = s
            }
            zoneIndex = 4
        }
        var offset: Int?
        if parts.count > zoneIndex {
            let zone = parts[zoneIndex]
            guard let parsed = numericOffset(zone) ?? namedOffsets[zone.uppercased()] else { return nil }
            offset = parsed
            guard parts.count == zoneIndex + 1 || parts[zoneIndex + 1].hasPrefix("(") else { return nil }
        }
        return instant(
            year: year, month: month, day: day, hour: hour, minute: minute, second: second, offsetSeconds: offset)
    }

    /// The ISO 8601 form the original worker sent (`toISOString()`): UTC with milliseconds, `2026-03-10T13:05:00.000Z`.
    public static func isoString(_ date: Date) -> String {
        let totalMilliseconds = (date.timeIntervalSince1970 * 1000).rounded(.down)
        guard totalMilliseconds.isFinite, abs(totalMilliseconds) < 1e15 else { return "1970-01-01T00:00:00.000Z" }
        return UTCTimestamp.string(epochMilliseconds: Int64(totalMilliseconds), fraction: .milliseconds)
    }

    // MARK: - Internals

    /// Offsets of zone names used in feeds, in seconds east of UTC.
    static let namedOffsets: [String: Int] = [
        "GMT": 0, "UT": 0, "UTC": 0, "Z": 0, "WET": 0, "WEST": 3600, "BST": 3600, "IST": 3600,
        "CET": 3600, "MEZ": 3600, "CEST": 7200, "MESZ": 7200, "EET": 7200, "EEST": 10800,
        "EST": -5 * 3600, "EDT": -4 * 3600, "CST": -6 * 3600, "CDT": -5 * 3600, "MST": -7 * 3600,
        "MDT": -6 * 3600, "PST": -8 * 3600, "PDT": -7 * 3600,
    ]

    private static let months: [String: Int] = [
        "jan": 1, "feb": 2, "fev": 2, "mar": 3, "mrz": 3, "apr": 4, "avr": 4, "may": 5, "mai": 5, "jun": 6, "jul": 7,
        "aug": 8, "aou": 8, "sep": 9, "oct": 10, "okt": 10, "nov": 11, "dec": 12, "dez": 12,
    ]

    private static func monthNumber(_ text: String) -> Int? {
        let folded = text.lowercased().trimmingCharacters(in: CharacterSet(charactersIn: "."))
        guard folded.count >= 3, folded.allSatisfy(\.isLetter) else { return nil }
        if folded.hasPrefix("juin") { return 6 }
        if folded.hasPrefix("juil") { return 7 }
        if folded.hasPrefix("mär") || folded.hasPrefix("mae") { return 3 }
        let accentless = NewsText.fold(folded)
        return months[String(accentless.prefix(3))]
    }

    private static func number(_ chars: [Character], _ start: Int, _ length: Int) -> Int? {
        guard start >= 0, start + length <= chars.count else { return nil }
        var value = 0
        for character in chars[start..<start + length] {
            guard character.isASCII, let digit = character.wholeNumberValue else { return nil }
            value = value * 10 + digit
        }
        return value
    }

    /// `+0100`, `-05:00`, `+01`, `Z`; seconds east of UTC.
    private static func numericOffset(_ zone: String) -> Int? {
        if zone == "Z" || zone == "z" { return 0 }
        let chars = Array(zone)
        guard let sign = chars.first, sign == "+" || sign == "-" else { return nil }
        let digits = chars.dropFirst().filter { $0 != ":" }
        guard digits.count == 4 || digits.count == 2, chars.count <= 6,
            let hours = number(Array(digits), 0, 2)
        else { return nil }
        let minutes = digits.count == 4 ? number(Array(digits), 2, 2) : 0
        guard let minutes, hours <= 14, minutes < 60 else { return nil }
        let seconds = hours * 3600 + minutes * 60
        return sign == "-" ? -seconds : seconds
    }

    /// The instant of a wall-clock time at `offsetSeconds` from UTC, or in Europe/Zurich when nil.
    static func instant(
        year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int, offsetSeconds: Int? = nil
    ) -> Date? {
        guard (1900...2200).contains(year), let date = CivilDate(year: year, month: month, day: day),
            (0...23).contains(hour), (0...59).contains(minute), (0...60).contains(second)
        else { return nil }
        let wall = date.dayNumber * 86400 + hour * 3600 + minute * 60 + min(second, 59)
        if let offsetSeconds { return Date(timeIntervalSince1970: TimeInterval(wall - offsetSeconds)) }
        // Swiss wall-clock time: the offset in force at that moment (try the offset of the UTC reading, then
        // correct once, which settles on the right side of a DST change).
        let zone = CivilDate.zurich
        let guess = Date(timeIntervalSince1970: TimeInterval(wall))
        var offset = zone.secondsFromGMT(for: guess)
        let corrected = zone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(wall - offset)))
        if corrected != offset { offset = corrected }
        return Date(timeIntervalSince1970: TimeInterval(wall - offset))
    }
}
