/// Instants as ISO 8601 text in UTC (`2026-03-21T20:00:00.000Z`), written arithmetically so that no formatter,
/// locale or time zone is involved and it stays fast (JSON responses format hundreds of dates each).
///
/// Callers turn their `Date` into epoch milliseconds themselves, because the apps round and clamp differently.
public enum UTCTimestamp {
    /// Which fraction of a second to write.
    public enum Fraction: Sendable, Equatable {
        /// Always three digits of milliseconds: `…:00.000Z` (JavaScript's `toISOString()`).
        case milliseconds
        /// Whole seconds only, the milliseconds dropped: `…:00Z`.
        case none
        /// Milliseconds only when they are not zero: `…:00Z` or `…:00.250Z`.
        case millisecondsWhenNonZero
    }

    /// Milliseconds in a day.
    static let msPerDay: Int64 = 86_400_000

    /// The UTC text of the instant `epochMilliseconds` after 1970-01-01T00:00:00Z (negative is before it).
    public static func string(epochMilliseconds: Int64, fraction: Fraction) -> String {
        let days = floorDivide(epochMilliseconds, msPerDay)
        let msOfDay = epochMilliseconds - days * msPerDay
        let date = CivilDate(dayNumber: Int(days))
        let milliseconds = msOfDay % 1000
        var text = date.description
        text.reserveCapacity(24)
        text += "T" + DecimalText.zeroPadded(msOfDay / 3_600_000, width: 2)
        text += ":" + DecimalText.zeroPadded(msOfDay / 60_000 % 60, width: 2)
        text += ":" + DecimalText.zeroPadded(msOfDay / 1000 % 60, width: 2)
        switch fraction {
        case .milliseconds: text += "." + DecimalText.zeroPadded(milliseconds, width: 3)
        case .millisecondsWhenNonZero where milliseconds != 0:
            text += "." + DecimalText.zeroPadded(milliseconds, width: 3)
        case .none, .millisecondsWhenNonZero: break
        }
        return text + "Z"
    }

    /// `a / b` rounded toward negative infinity (`b` > 0).
    public static func floorDivide(_ a: Int64, _ b: Int64) -> Int64 {
        let quotient = a / b
        return (a % b != 0 && (a < 0) != (b < 0)) ? quotient - 1 : quotient
    }
}
