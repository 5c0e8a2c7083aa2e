import Foundation

/// A calendar day in Switzerland ("2026-04-20"), without a time zone. "Today" is always computed in
/// Europe/Zurich (the original worker used UTC and showed yesterday after local midnight).
public struct CivilDate: Codable, Sendable, Hashable, Comparable, CustomStringConvertible {
    public var year: Int
    public var month: Int
    public var day: Int

    /// A valid date, or nil.
    public init?(year: Int, month: Int, day: Int) {
        guard (1...12).contains(month), day >= 1, day <= CivilDate.days(inMonth: month, year: year) else { return nil }
        self.year = year
        self.month = month
        self.day = day
    }

    /// Parses `YYYY-MM-DD`.
    public init?(_ text: some StringProtocol) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
            let y = Int(parts[0]), let m = Int(parts[1]), let d = Int(parts[2])
        else { return nil }
        self.init(year: y, month: m, day: d)
    }

    /// Switzerland's time zone.
    public static let zurich: TimeZone =
        TimeZone(identifier: "Europe/Zurich") ?? TimeZone(secondsFromGMT: 3600) ?? .current

    /// The date of `instant` in Europe/Zurich (or `timeZone`).
    public init(_ instant: Date, in timeZone: TimeZone = CivilDate.zurich) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let c = calendar.dateComponents([.year, .month, .day], from: instant)
        self.init(dayNumber: CivilDate.dayNumber(year: c.year ?? 1970, month: c.month ?? 1, day: c.day ?? 1))
    }

    static func days(inMonth month: Int, year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    static func dayNumber(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = (month + 9) % 12
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146097 + doe - 719468
    }

    /// Days since 1970-01-01.
    public var dayNumber: Int { CivilDate.dayNumber(year: year, month: month, day: day) }

    /// The date `dayNumber` days after 1970-01-01.
    public init(dayNumber: Int) {
        let z = dayNumber + 719468
        let era = (z >= 0 ? z : z - 146096) / 146097
        let doe = z - era * 146097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        day = doy - (153 * mp + 2) / 5 + 1
        month = mp < 10 ? mp + 3 : mp - 9
        year = yoe + era * 400 + (month <= 2 ? 1 : 0)
    }

    /// This date moved by `days`.
    public func adding(days: Int) -> CivilDate { CivilDate(dayNumber: dayNumber + days) }

    /// Whole days from this date to `other`.
    public func days(to other: CivilDate) -> Int { other.dayNumber - dayNumber }

    /// 1 = Monday … 7 = Sunday.
    public var isoWeekday: Int { ((dayNumber % 7) + 10) % 7 + 1 }

    public var description: String { String(format: "%04d-%02d-%02d", year, month, day) }

    public static func < (a: Self, b: Self) -> Bool { a.dayNumber < b.dayNumber }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let date = CivilDate(text) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "expected YYYY-MM-DD, got \(text)")
        }
        self = date
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}

/// A wall-clock moment in Switzerland: the date and minutes since midnight, from an instant.
public struct SwissTime: Sendable, Hashable {
    public var date: CivilDate
    /// Minutes since local midnight (0–1439).
    public var minutes: Int

    public init(date: CivilDate, minutes: Int) {
        self.date = date
        self.minutes = minutes
    }

    /// The Swiss wall-clock time of `instant` (DST-correct).
    public init(_ instant: Date) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = CivilDate.zurich
        let c = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: instant)
        date = CivilDate(instant)
        minutes = (c.hour ?? 0) * 60 + (c.minute ?? 0)
    }
}
