import ClubhouseBasics
import Foundation

/// UTC date-times from and to their parts, using the shared ``CivilDate`` arithmetic, so results never depend on
/// the host's locale or time zone and the code stays `Sendable` and fast.
enum UTCCalendar {
    static let secondsPerDay: Int64 = 86_400

    /// A validated UTC date, or nil when a component is out of range.
    static func date(
        year: Int64, month: Int64, day: Int64, hour: Int64 = 0, minute: Int64 = 0, second: Int64 = 0,
        fraction: Double = 0
    ) -> Date? {
        guard (1...9999).contains(year), (1...12).contains(month),
            (1...Int64(CivilDate.days(inMonth: Int(month), year: Int(year)))).contains(day),
            (0...23).contains(hour), (0...59).contains(minute), (0...59).contains(second)
        else { return nil }
        let days = Int64(CivilDate.dayNumber(year: Int(year), month: Int(month), day: Int(day)))
        let seconds = days * secondsPerDay + hour * 3600 + minute * 60 + second
        return Date(timeIntervalSince1970: Double(seconds) + fraction)
    }

    /// Milliseconds since 1970 UTC: the whole seconds rounded down, their fraction rounded to a millisecond.
    static func epochMilliseconds(_ date: Date) -> Int64 {
        let total = date.timeIntervalSince1970
        let whole = total.rounded(.down)
        var seconds = Int64(whole)
        var millisecond = Int64(((total - whole) * 1000).rounded())
        if millisecond >= 1000 {
            millisecond -= 1000
            seconds += 1
        }
        return seconds * 1000 + millisecond
    }
}

/// ISO 8601 date-time parsing and formatting for Strava's timestamps.
enum ISO8601 {
    /// Parses `2026-03-18T07:30:00Z`, with or without fractional seconds, a `±HH:MM`/`±HHMM` offset,
    /// a space instead of `T`, or no zone at all (read as UTC); a bare `2026-03-18` is midnight UTC.
    static func parse(_ text: some StringProtocol) -> Date? {
        let bytes = Array(text.utf8)
        var index = 0

        func number(_ count: Int) -> Int64? {
            guard index + count <= bytes.count else { return nil }
            var value: Int64 = 0
            for offset in 0..<count {
                let byte = bytes[index + offset]
                guard byte >= 0x30, byte <= 0x39 else { return nil }
                value = value * 10 + Int64(byte - 0x30)
            }
            index += count
            return value
        }
        func expect(_ character: UInt8) -> Bool {
            guard index < bytes.count, bytes[index] == character else { return false }
            index += 1
            return true
        }

        guard let year = number(4), expect(UInt8(ascii: "-")), let month = number(2), expect(UInt8(ascii: "-")),
            let day = number(2)
        else { return nil }
        if index == bytes.count {
            return UTCCalendar.date(year: year, month: month, day: day)
        }
        guard expect(UInt8(ascii: "T")) || expect(UInt8(ascii: "t")) || expect(UInt8(ascii: " ")),
            let hour = number(2), expect(UInt8(ascii: ":")), let minute = number(2)
        else { return nil }
        var second: Int64 = 0
        var fraction = 0.0
        if expect(UInt8(ascii: ":")) {
            guard let value = number(2) else { return nil }
            second = value
            if expect(UInt8(ascii: ".")) || expect(UInt8(ascii: ",")) {
                var numerator: Int64 = 0
                var denominator: Int64 = 1
                var digits = 0
                while index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x39 {
                    // Digits past nanoseconds cannot change a Date; read them but ignore their value.
                    if digits < 9 {
                        numerator = numerator * 10 + Int64(bytes[index] - 0x30)
                        denominator *= 10
                    }
                    index += 1
                    digits += 1
                }
                guard digits > 0 else { return nil }
                fraction = Double(numerator) / Double(denominator)
            }
        }
        var offsetSeconds: Int64 = 0
        if index < bytes.count {
            if expect(UInt8(ascii: "Z")) || expect(UInt8(ascii: "z")) {
                // UTC
            } else if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                let sign: Int64 = bytes[index] == UInt8(ascii: "-") ? -1 : 1
                index += 1
                guard let offsetHours = number(2), offsetHours <= 23 else { return nil }
                var offsetMinutes: Int64 = 0
                if index < bytes.count {
                    _ = expect(UInt8(ascii: ":"))
                    guard let value = number(2), value <= 59 else { return nil }
                    offsetMinutes = value
                }
                offsetSeconds = sign * (offsetHours * 3600 + offsetMinutes * 60)
            } else {
                return nil
            }
        }
        guard index == bytes.count,
            let date = UTCCalendar.date(
                year: year, month: month, day: day, hour: hour, minute: minute, second: second, fraction: fraction)
        else { return nil }
        return date.addingTimeInterval(Double(-offsetSeconds))
    }

    /// Formats `2026-03-18T07:30:00Z`, adding milliseconds only when the date has a fraction of a second.
    static func format(_ date: Date) -> String {
        UTCTimestamp.string(epochMilliseconds: UTCCalendar.epochMilliseconds(date), fraction: .millisecondsWhenNonZero)
    }
}

/// JSON coders configured for Strava's payloads.
public enum StravaDecoding {
    /// A decoder that reads ISO 8601 dates such as `2026-03-18T07:30:00Z`, with or without fractional seconds.
    ///
    /// The models use explicit snake_case coding keys, so no key strategy is set.
    public static func decoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom { decoder in
            let container = try decoder.singleValueContainer()
            let text = try container.decode(String.self)
            guard let date = ISO8601.parse(text) else {
                throw DecodingError.dataCorruptedError(
                    in: container, debugDescription: "Expected an ISO 8601 date, found \"\(text)\"")
            }
            return date
        }
        return decoder
    }

    /// An encoder that writes dates as ISO 8601 in UTC, the way Strava does, with sorted keys for stable output.
    public static func encoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(ISO8601.format(date))
        }
        encoder.outputFormatting = [.sortedKeys]
        return encoder
    }

    /// Parses an ISO 8601 date-time as Strava sends it; nil when the text is not one.
    public static func date(fromISO8601 text: String) -> Date? {
        ISO8601.parse(text)
    }

    /// Formats a date as ISO 8601 in UTC, such as `2026-03-18T07:30:00Z`.
    public static func iso8601String(from date: Date) -> String {
        ISO8601.format(date)
    }
}
