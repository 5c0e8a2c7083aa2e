import ClubhouseBasics
import Foundation

// A calendar day in Switzerland ("2026-04-20") is the shared `CivilDate` (re-exported, see Exports.swift; its JSON is
// the plain "yyyy-MM-dd" string). "Today" is always computed in Europe/Zurich (the original worker used UTC and
// showed yesterday after local midnight).
extension CivilDate {
    /// Switzerland's time zone.
    public static let zurich: TimeZone =
        TimeZone(identifier: "Europe/Zurich") ?? TimeZone(secondsFromGMT: 3600) ?? .current

    /// The date of `instant` in Europe/Zurich.
    public init(_ instant: Date) { self.init(instant, in: CivilDate.zurich) }
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
