import ClubhouseBasics
import Foundation

extension Date {
    /// Milliseconds since 1970 UTC: how every timestamp is stored.
    public var epochMilliseconds: Int64 { Int64((timeIntervalSince1970 * 1000).rounded()) }
    /// The date `epochMilliseconds` milliseconds after 1970 UTC, as read back from storage.
    public init(epochMilliseconds: Int64) { self.init(timeIntervalSince1970: Double(epochMilliseconds) / 1000) }
}

/// ISO-8601 helpers for stored timestamps (UTC, millisecond precision, sortable as text).
public enum ISO8601 {
    /// `2026-03-21T20:00:00.000Z`. Hand-rolled (``UTCTimestamp``) because JSON responses format
    /// hundreds of dates each and Foundation's formatter dominates that cost on Linux.
    public static func string(_ date: Date) -> String {
        UTCTimestamp.string(epochMilliseconds: date.epochMilliseconds, fraction: .milliseconds)
    }

    /// Parses with or without fractional seconds.
    public static func date(_ string: String) -> Date? {
        if let date = try? Date.ISO8601FormatStyle(includingFractionalSeconds: true).parse(string) { return date }
        return try? Date.ISO8601FormatStyle().parse(string)
    }
}
