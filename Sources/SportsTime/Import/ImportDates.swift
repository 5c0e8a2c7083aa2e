import Foundation

/// A wall-clock time without a zone, e.g. 2025-09-07 13:00.
struct LocalDateTime: Sendable, Equatable {
    var date: LocalDate
    /// Seconds after local midnight.
    var secondsOfDay: Int

    /// The instant this wall-clock time names in `zone`. In a DST gap or overlap Foundation picks the usual reading
    /// (the later offset for skipped times, the first occurrence for repeated ones).
    func instant(in zone: TimeZone) -> Date {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let components = DateComponents(
            year: date.year, month: date.month, day: date.day, hour: secondsOfDay / 3600,
            minute: secondsOfDay % 3600 / 60, second: secondsOfDay % 60)
        if let instant = calendar.date(from: components) { return instant }
        // Unreachable for valid components; fall back to the UTC reading rather than crash.
        return utcInstant
    }

    /// The instant if this time were UTC.
    var utcInstant: Date {
        Date(timeIntervalSince1970: TimeInterval(date.dayNumber * 86_400 + secondsOfDay))
    }
}

enum ImportDates {
    /// Parses ISO 8601 date-times as feeds write them: `2025-04-06T17:35:00Z`, `2025-04-06T17:35Z`,
    /// `2025-04-06T13:35:00-04:00`, `2025-04-06T13:35:00.000-0400`, `2025-04-06 17:35:00Z`. A time without an
    /// offset is read as UTC only when `assumeUTC` is set.
    static func parseISO8601(_ text: String, assumeUTC: Bool = false) -> Date? {
        let text = text.trimmingCharacters(in: .whitespaces)
        let chars = Array(text.utf8)
        guard chars.count >= 16, let date = LocalDate(String(decoding: chars[0..<10], as: UTF8.self)),
            chars[10] == UInt8(ascii: "T") || chars[10] == UInt8(ascii: " ") || chars[10] == UInt8(ascii: "t")
        else { return nil }
        var index = 11
        func number(_ digits: Int) -> Int? {
            guard index + digits <= chars.count else { return nil }
            var value = 0
            for offset in 0..<digits {
                let c = chars[index + offset]
                guard c >= 0x30, c <= 0x39 else { return nil }
                value = value * 10 + Int(c - 0x30)
            }
            index += digits
            return value
        }
        guard let hour = number(2), index < chars.count, chars[index] == UInt8(ascii: ":") else { return nil }
        index += 1
        guard let minute = number(2) else { return nil }
        var second = 0
        if index < chars.count, chars[index] == UInt8(ascii: ":") {
            index += 1
            guard let value = number(2) else { return nil }
            second = value
            if index < chars.count, chars[index] == UInt8(ascii: ".") || chars[index] == UInt8(ascii: ",") {
                index += 1
                while index < chars.count, chars[index] >= 0x30, chars[index] <= 0x39 { index += 1 }
            }
        }
        guard hour <= 24, minute <= 59, second <= 60, hour < 24 || (minute == 0 && second == 0) else { return nil }
        var offset = 0
        if index == chars.count {
            guard assumeUTC else { return nil }
        } else if chars[index] == UInt8(ascii: "Z") || chars[index] == UInt8(ascii: "z") {
            index += 1
        } else if chars[index] == UInt8(ascii: "+") || chars[index] == UInt8(ascii: "-") {
            let sign = chars[index] == UInt8(ascii: "-") ? -1 : 1
            index += 1
            guard let offsetHours = number(2) else { return nil }
            var offsetMinutes = 0
            if index < chars.count {
                if chars[index] == UInt8(ascii: ":") { index += 1 }
                guard let value = number(2) else { return nil }
                offsetMinutes = value
            }
            guard offsetHours <= 18, offsetMinutes <= 59 else { return nil }
            offset = sign * (offsetHours * 3600 + offsetMinutes * 60)
        } else {
            return nil
        }
        guard index == chars.count else { return nil }
        let seconds = date.dayNumber * 86_400 + hour * 3600 + minute * 60 + second - offset
        return Date(timeIntervalSince1970: TimeInterval(seconds))
    }

    /// Parses a clock time `HH:MM` or `HH:MM:SS` into seconds after midnight.
    static func parseClock(_ text: String) -> Int? {
        let parts = text.trimmingCharacters(in: .whitespaces).split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2 || parts.count == 3, parts.allSatisfy({ $0.count == 2 || $0.count == 1 }) else {
            return nil
        }
        let values = parts.compactMap { Int($0) }
        guard values.count == parts.count, values.allSatisfy({ $0 >= 0 }), values[0] < 24, values[1] < 60,
            values.count == 2 || values[2] < 60
        else { return nil }
        return values[0] * 3600 + values[1] * 60 + (values.count == 3 ? values[2] : 0)
    }

    /// US Eastern time, the zone nflverse writes every kick-off in.
    static let usEastern: TimeZone? = TimeZone(identifier: "America/New_York")

    /// An IANA zone, or one of the Windows zone names some calendar exports use.
    static func zone(named name: String) -> TimeZone? {
        let trimmed = name.trimmingCharacters(in: CharacterSet(charactersIn: "\" "))
        if let zone = TimeZone(identifier: trimmed) { return zone }
        let windows: [String: String] = [
            "eastern standard time": "America/New_York", "us eastern standard time": "America/Indiana/Indianapolis",
            "central standard time": "America/Chicago", "mountain standard time": "America/Denver",
            "us mountain standard time": "America/Phoenix", "pacific standard time": "America/Los_Angeles",
            "utc": "UTC", "gmt standard time": "Europe/London",
        ]
        if let identifier = windows[trimmed.lowercased()] { return TimeZone(identifier: identifier) }
        // Exports such as "/mozilla.org/20050126_1/America/New_York" prefix the IANA name.
        if trimmed.hasPrefix("/") {
            let parts = trimmed.split(separator: "/")
            for count in [3, 2, 1] where parts.count >= count {
                if let zone = TimeZone(identifier: parts.suffix(count).joined(separator: "/")) { return zone }
            }
        }
        return nil
    }
}
