import Foundation

extension Date {
    /// Milliseconds since 1970 UTC: how every timestamp is stored.
    public var epochMilliseconds: Int64 { Int64((timeIntervalSince1970 * 1000).rounded()) }
    /// The date `epochMilliseconds` milliseconds after 1970 UTC, as read back from storage.
    public init(epochMilliseconds: Int64) { self.init(timeIntervalSince1970: Double(epochMilliseconds) / 1000) }
}

/// ISO-8601 helpers for stored timestamps (UTC, millisecond precision, sortable as text).
public enum ISO8601 {
    /// `2026-03-21T20:00:00.000Z`. Hand-rolled (civil-from-days arithmetic) because JSON responses format
    /// hundreds of dates each and Foundation's formatter dominates that cost on Linux.
    public static func string(_ date: Date) -> String {
        let ms = date.epochMilliseconds
        let day = ms >= 0 ? ms / 86_400_000 : (ms - 86_399_999) / 86_400_000
        let msOfDay = ms - day * 86_400_000
        // Howard Hinnant's days-to-civil for the proleptic Gregorian calendar.
        let z = day + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let dayOfMonth = doy - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        let year = yoe + era * 400 + (month <= 2 ? 1 : 0)
        func pad(_ value: Int64, _ width: Int) -> String {
            let text = String(value)
            return text.count >= width ? text : String(repeating: "0", count: width - text.count) + text
        }
        return pad(year, 4) + "-" + pad(month, 2) + "-" + pad(dayOfMonth, 2) + "T" + pad(msOfDay / 3_600_000, 2) + ":"
            + pad(msOfDay / 60_000 % 60, 2) + ":" + pad(msOfDay / 1000 % 60, 2) + "." + pad(msOfDay % 1000, 3) + "Z"
    }

    /// Parses with or without fractional seconds.
    public static func date(_ string: String) -> Date? {
        if let date = try? Date.ISO8601FormatStyle(includingFractionalSeconds: true).parse(string) { return date }
        return try? Date.ISO8601FormatStyle().parse(string)
    }
}
