import Foundation

/// Calendar arithmetic in UTC without `Calendar` or formatters, so results never depend on the host's locale
/// or time zone and the code stays `Sendable` and fast.
enum UTCCalendar {
    static let secondsPerDay: Int64 = 86_400

    /// Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's `days_from_civil`).
    static func days(year: Int64, month: Int64, day: Int64) -> Int64 {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let doy = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    /// The date of a day number since 1970-01-01 (Howard Hinnant's `civil_from_days`).
    static func civil(days: Int64) -> (year: Int64, month: Int64, day: Int64) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let day = doy - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yoe + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    static func isLeap(_ year: Int64) -> Bool {
        (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
    }

    static func daysInMonth(year: Int64, month: Int64) -> Int64 {
        switch month {
        case 2: return isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// A validated UTC date, or nil when a component is out of range.
    static func date(
        year: Int64, month: Int64, day: Int64, hour: Int64 = 0, minute: Int64 = 0, second: Int64 = 0,
        fraction: Double = 0
    ) -> Date? {
        guard (1...9999).contains(year), (1...12).contains(month),
            (1...daysInMonth(year: year, month: month)).contains(day),
            (0...23).contains(hour), (0...59).contains(minute), (0...59).contains(second)
        else { return nil }
        let seconds = days(year: year, month: month, day: day) * secondsPerDay + hour * 3600 + minute * 60 + second
        return Date(timeIntervalSince1970: Double(seconds) + fraction)
    }

    /// Splits a UTC date into its components.
    static func components(
        _ date: Date
    ) -> (
        year: Int64, month: Int64, day: Int64, hour: Int64, minute: Int64, second: Int64, millisecond: Int64
    ) {
        let total = date.timeIntervalSince1970
        let whole = total.rounded(.down)
        let wholeSeconds = Int64(whole)
        var millisecond = Int64(((total - whole) * 1000).rounded())
        var seconds = wholeSeconds
        if millisecond >= 1000 {
            millisecond -= 1000
            seconds += 1
        }
        let dayNumber = floorDiv(seconds, secondsPerDay)
        let secondOfDay = seconds - dayNumber * secondsPerDay
        let (year, month, day) = civil(days: dayNumber)
        return (year, month, day, secondOfDay / 3600, (secondOfDay % 3600) / 60, secondOfDay % 60, millisecond)
    }

    static func floorDiv(_ a: Int64, _ b: Int64) -> Int64 {
        let q = a / b
        return (a % b != 0 && (a < 0) != (b < 0)) ? q - 1 : q
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
        let c = UTCCalendar.components(date)
        var text =
            pad(c.year, 4) + "-" + pad(c.month, 2) + "-" + pad(c.day, 2) + "T" + pad(c.hour, 2) + ":"
            + pad(c.minute, 2) + ":" + pad(c.second, 2)
        if c.millisecond != 0 {
            text += "." + pad(c.millisecond, 3)
        }
        return text + "Z"
    }

    private static func pad(_ value: Int64, _ width: Int) -> String {
        let digits = String(value)
        return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
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
