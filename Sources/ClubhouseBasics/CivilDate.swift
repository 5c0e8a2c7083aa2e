import Foundation

/// A calendar day without a time zone ("2026-04-20") in the proleptic Gregorian calendar, with exact day
/// arithmetic that needs no `Calendar`, formatter or locale.
///
/// Encodes as the JSON string `"yyyy-MM-dd"` and decodes only that form. The day arithmetic is Howard Hinnant's
/// `days_from_civil` / `civil_from_days`.
public struct CivilDate: Codable, Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The year (proleptic Gregorian; 0 is 1 BC).
    public var year: Int
    /// The month, 1–12.
    public var month: Int
    /// The day of the month, 1–31.
    public var day: Int

    /// A valid date, or nil (February 30, month 13 …).
    public init?(year: Int, month: Int, day: Int) {
        guard (1...12).contains(month), day >= 1, day <= CivilDate.days(inMonth: month, year: year) else { return nil }
        self.year = year
        self.month = month
        self.day = day
    }

    /// Parses `YYYY-MM-DD` (exactly four, two and two digits); nil for anything else or an invalid date.
    public init?(_ text: some StringProtocol) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
            let y = Int(parts[0]), let m = Int(parts[1]), let d = Int(parts[2])
        else { return nil }
        self.init(year: y, month: m, day: d)
    }

    /// The date `dayNumber` days after 1970-01-01 (negative numbers are before it).
    public init(dayNumber: Int) {
        let z = dayNumber + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        day = doy - (153 * mp + 2) / 5 + 1
        month = mp < 10 ? mp + 3 : mp - 9
        year = yoe + era * 400 + (month <= 2 ? 1 : 0)
    }

    /// The date of `instant` in `timeZone` (Gregorian).
    public init(_ instant: Date, in timeZone: TimeZone) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let c = calendar.dateComponents([.year, .month, .day], from: instant)
        self.init(dayNumber: CivilDate.dayNumber(year: c.year ?? 1970, month: c.month ?? 1, day: c.day ?? 1))
    }

    /// Whether `year` has a February 29.
    public static func isLeapYear(_ year: Int) -> Bool {
        (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
    }

    /// The number of days of `month` (1–12) in `year`.
    public static func days(inMonth month: Int, year: Int) -> Int {
        switch month {
        case 2: isLeapYear(year) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// Days since 1970-01-01 of a year, month and day; out-of-range days and months roll over arithmetically.
    public static func dayNumber(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = (month + 9) % 12
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    /// Days since 1970-01-01.
    public var dayNumber: Int { CivilDate.dayNumber(year: year, month: month, day: day) }

    /// This date moved by `days` (negative moves back).
    public func adding(days: Int) -> CivilDate { CivilDate(dayNumber: dayNumber + days) }

    /// Whole days from this date to `other` (negative when `other` is earlier).
    public func days(to other: CivilDate) -> Int { other.dayNumber - dayNumber }

    /// ISO weekday: 1 = Monday … 7 = Sunday.
    public var isoWeekday: Int { ((dayNumber % 7) + 10) % 7 + 1 }

    /// Weekday numbered like `Calendar`: 1 = Sunday … 7 = Saturday (1970-01-01 was a Thursday).
    public var weekday: Int { ((dayNumber + 4) % 7 + 7) % 7 + 1 }

    /// `yyyy-MM-dd`, the year padded like C's `%04d`.
    public var description: String {
        DecimalText.zeroPadded(year, width: 4) + "-" + DecimalText.zeroPadded(month, width: 2) + "-"
            + DecimalText.zeroPadded(day, width: 2)
    }

    /// Earlier dates sort first.
    public static func < (a: Self, b: Self) -> Bool { a.dayNumber < b.dayNumber }

    /// Reads the JSON string `"yyyy-MM-dd"`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let date = CivilDate(text) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "expected YYYY-MM-DD, got \(text)")
        }
        self = date
    }

    /// Writes the JSON string `"yyyy-MM-dd"`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}

/// Integers as fixed-width decimal text, independent of any locale.
public enum DecimalText {
    /// `value` in decimal, zero-padded to `width` characters like C's `%0*d`: the sign counts toward the width
    /// (`zeroPadded(7, width: 2)` is `"07"`, `zeroPadded(-5, width: 4)` is `"-005"`); longer numbers are not cut.
    public static func zeroPadded(_ value: some BinaryInteger, width: Int) -> String {
        let digits = String(value.magnitude)
        let sign = value < 0 ? "-" : ""
        let padding = max(0, width - sign.count - digits.count)
        return sign + String(repeating: "0", count: padding) + digits
    }
}
