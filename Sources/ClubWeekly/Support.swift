import Foundation

// Small arithmetic helpers shared by the core. Kept internal: they exist so that bad input
// (NaN, huge numbers, negative durations) can never trap a conversion or an addition.

/// A calendar date without a time zone (proleptic Gregorian), with exact day arithmetic.
struct CivilDay: Hashable, Comparable, Sendable {
    var year: Int
    var month: Int
    var day: Int

    static let monthAbbreviations = [
        "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
    ]
    static let weekdayAbbreviations = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]

    init(year: Int, month: Int, day: Int) {
        self.year = year
        self.month = month
        self.day = day
    }

    /// Days since 1970-01-01 (H. Hinnant's `days_from_civil`).
    var dayNumber: Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = (month + 9) % 12
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    /// The civil date of a day number (H. Hinnant's `civil_from_days`).
    init(dayNumber: Int) {
        let z = dayNumber + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        self.init(year: yoe + era * 400 + (m <= 2 ? 1 : 0), month: m, day: d)
    }

    /// The local date of an instant in the calendar's time zone.
    init(_ date: Date, in calendar: Calendar) {
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        self.init(year: parts.year ?? 1970, month: parts.month ?? 1, day: parts.day ?? 1)
    }

    func adding(days: Int) -> CivilDay { CivilDay(dayNumber: dayNumber + days) }

    /// Weekday numbered like `Calendar` (Sunday = 1 … Saturday = 7); 1970-01-01 was a Thursday.
    var weekday: Int { ((dayNumber + 4) % 7 + 7) % 7 + 1 }

    /// `yyyy-MM-dd`.
    var iso: String { "\(Self.padded(year, 4))-\(Self.padded(month, 2))-\(Self.padded(day, 2))" }

    var monthAbbreviation: String { Self.monthAbbreviations[max(0, min(11, month - 1))] }
    var weekdayAbbreviation: String { Self.weekdayAbbreviations[weekday - 1] }

    /// The first instant of this day in the calendar's zone (01:00 where a DST jump skips midnight).
    func start(in calendar: Calendar) -> Date {
        // Noon always exists, and startOfDay finds the first instant even when midnight is skipped.
        if let noon = calendar.date(from: DateComponents(year: year, month: month, day: day, hour: 12)) {
            return calendar.startOfDay(for: noon)
        }
        let offset = calendar.timeZone.secondsFromGMT()
        return Date(timeIntervalSince1970: TimeInterval(dayNumber) * 86_400 - TimeInterval(offset))
    }

    static func < (lhs: CivilDay, rhs: CivilDay) -> Bool { lhs.dayNumber < rhs.dayNumber }

    static func padded(_ value: Int, _ width: Int) -> String {
        let digits = String(abs(value))
        let padding = String(repeating: "0", count: max(0, width - digits.count))
        return (value < 0 ? "-" : "") + padding + digits
    }
}

extension Calendar {
    /// A Gregorian calendar in the given zone with a fixed locale, so nothing depends on the machine.
    static func gregorian(in timeZone: TimeZone) -> Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        calendar.locale = Locale(identifier: "en_US_POSIX")
        return calendar
    }
}

enum Num {
    /// The largest magnitude we convert to `Int`; far beyond any real distance, time or count.
    static let intLimit = 1e15

    /// `value` when it is finite and positive, else 0. Distances, times and climbs are never negative.
    static func nonNegative(_ value: Double) -> Double { value.isFinite && value > 0 ? value : 0 }

    /// Rounds half away from zero and converts without ever trapping (NaN → 0, huge → clamped).
    static func roundedInt(_ value: Double) -> Int {
        guard value.isFinite else { return 0 }
        let rounded = value.rounded()
        return Int(max(-intLimit, min(intLimit, rounded)))
    }

    /// Rounds down and converts without trapping.
    static func floorInt(_ value: Double) -> Int {
        guard value.isFinite else { return 0 }
        return Int(max(-intLimit, min(intLimit, value.rounded(.down))))
    }

    /// Rounds to the given number of decimals, half away from zero (the worker's `Math.round(x*10)/10`
    /// for positive numbers).
    static func round(_ value: Double, decimals: Int) -> Double {
        guard value.isFinite else { return 0 }
        let scale = pow(10, Double(max(0, min(6, decimals))))
        return (value * scale).rounded() / scale
    }

    /// Adds without overflowing (clamps at ±`Int.max`).
    static func add(_ a: Int, _ b: Int) -> Int {
        let (sum, overflow) = a.addingReportingOverflow(b)
        if overflow { return b > 0 ? Int.max : Int.min }
        return sum
    }

    /// Clamps an input integer that is a duration or count to `0...intLimit`.
    static func nonNegative(_ value: Int) -> Int { max(0, min(value, Int(intLimit))) }

    /// The median of the values; 0 when empty.
    static func median(_ values: [Double]) -> Double {
        guard !values.isEmpty else { return 0 }
        let sorted = values.sorted()
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }

    /// The value's fixed-point text with `decimals` digits (half away from zero), optionally grouped
    /// with commas: `fixed(1234.56, 1, grouped: true)` is `"1,234.6"`. Never uses the machine locale.
    static func fixed(_ value: Double, decimals: Int, grouped: Bool = false) -> String {
        let places = max(0, min(6, decimals))
        guard value.isFinite else { return places == 0 ? "0" : "0." + String(repeating: "0", count: places) }
        var scale = 1
        for _ in 0..<places { scale *= 10 }
        let scaled = roundedInt(value * Double(scale))
        let negative = scaled < 0
        let magnitude = scaled.magnitude
        let whole = magnitude / UInt(scale)
        let fraction = magnitude % UInt(scale)
        var wholeText = String(whole)
        if grouped && wholeText.count > 3 {
            var groups: [Substring] = []
            var rest = Substring(wholeText)
            while rest.count > 3 {
                groups.insert(rest.suffix(3), at: 0)
                rest = rest.dropLast(3)
            }
            groups.insert(rest, at: 0)
            wholeText = groups.joined(separator: ",")
        }
        var text = (negative ? "-" : "") + wholeText
        if places > 0 {
            let digits = String(fraction)
            text += "." + String(repeating: "0", count: places - digits.count) + digits
        }
        return text
    }
}

/// Instants as ISO-8601 UTC text, computed arithmetically so no formatter or locale is involved.
enum ISOTime {
    /// `2026-03-21T20:00:00.000Z` (JavaScript `toISOString()`), or without milliseconds `2026-03-18T07:30:00Z`.
    static func string(_ date: Date, milliseconds: Bool) -> String {
        let seconds = date.timeIntervalSince1970
        // ±1e14 ms is about ±3,000 years; anything beyond is clamped rather than trapping.
        let totalMs = Int64(max(-1e14, min(1e14, seconds.isFinite ? (seconds * 1000).rounded() : 0)))
        let totalSeconds = floorDiv(totalMs, 1000)
        let ms = Int(totalMs - totalSeconds * 1000)
        let days = Int(floorDiv(totalSeconds, 86_400))
        let secondOfDay = Int(totalSeconds - Int64(days) * 86_400)
        let day = CivilDay(dayNumber: days)
        let time =
            "\(CivilDay.padded(secondOfDay / 3600, 2)):\(CivilDay.padded(secondOfDay % 3600 / 60, 2)):"
            + CivilDay.padded(secondOfDay % 60, 2)
        return "\(day.iso)T\(time)" + (milliseconds ? ".\(CivilDay.padded(ms, 3))Z" : "Z")
    }

    private static func floorDiv(_ a: Int64, _ b: Int64) -> Int64 {
        let quotient = a / b
        return (a % b != 0 && (a < 0) != (b < 0)) ? quotient - 1 : quotient
    }
}
