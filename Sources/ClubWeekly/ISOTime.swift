import ClubhouseBasics
import Foundation

/// Instants as ISO-8601 UTC text, computed arithmetically (``UTCTimestamp``) so no formatter or locale is involved.
enum ISOTime {
    /// `2026-03-21T20:00:00.000Z` (JavaScript `toISOString()`), or without milliseconds `2026-03-18T07:30:00Z`.
    static func string(_ date: Date, milliseconds: Bool) -> String {
        let seconds = date.timeIntervalSince1970
        // ±1e14 ms is about ±3,000 years; anything beyond is clamped rather than trapping.
        let totalMs = Int64(max(-1e14, min(1e14, seconds.isFinite ? (seconds * 1000).rounded() : 0)))
        return UTCTimestamp.string(epochMilliseconds: totalMs, fraction: milliseconds ? .milliseconds : .none)
    }
}
