import ClubhouseBasics
import Foundation

/// One club week: seven local days in the club's time zone, starting at local midnight of the club's
/// week-start day.
///
/// Weeks are half-open intervals `[start, end)`, so an instant belongs to exactly one week. A week that
/// contains a daylight-saving change is 167 or 169 hours long. Build weeks with ``WeekCalendar``.
public struct Week: Sendable, Equatable, Hashable, Codable {
    /// The first instant: local midnight of the week-start day in the club zone (or the first instant
    /// of that day where a DST change skips midnight).
    public let start: Date
    /// Exclusive end: the start of the next week.
    public let end: Date
    /// IANA identifier of the zone the week was computed in, e.g. `Europe/Dublin`.
    public let timeZoneIdentifier: String

    /// A week from its bounds. Prefer ``WeekCalendar/week(containing:)``, which computes them.
    public init(start: Date, end: Date, timeZoneIdentifier: String) {
        self.start = start
        self.end = end
        self.timeZoneIdentifier = timeZoneIdentifier
    }

    /// The week's time zone (UTC when the identifier is unknown).
    public var timeZone: TimeZone { TimeZone(identifier: timeZoneIdentifier) ?? .gmt }

    /// Whether the instant falls in this week: `start <= date < end`.
    public func contains(_ date: Date) -> Bool { start <= date && date < end }

    /// The week's length in seconds (604,800, or ±3,600 in a DST week).
    public var duration: TimeInterval { end.timeIntervalSince(start) }

    /// Local date of the first day, `yyyy-MM-dd`.
    public var firstDay: String { firstCivilDay.iso }

    /// Local date of the last (7th) day, `yyyy-MM-dd`.
    public var lastDay: String { firstCivilDay.adding(days: 6).iso }

    /// `"Week of 24–30 Mar 2026"`; across months `"Week of 30 Mar – 5 Apr 2026"`; across years
    /// `"Week of 29 Dec 2025 – 4 Jan 2026"` (en dash U+2013).
    public var label: String { "Week of " + range }

    /// The date range of ``label`` without the prefix: `"24–30 Mar 2026"`.
    public var range: String {
        let first = firstCivilDay
        let last = first.adding(days: 6)
        if first.year != last.year {
            return
                "\(first.day) \(first.monthAbbreviation) \(first.year) – \(last.day) \(last.monthAbbreviation) \(last.year)"
        }
        if first.month != last.month {
            return "\(first.day) \(first.monthAbbreviation) – \(last.day) \(last.monthAbbreviation) \(last.year)"
        }
        return "\(first.day)–\(last.day) \(last.monthAbbreviation) \(last.year)"
    }

    /// The original worker's label of the first day: `"w/c 16 Mar"`, `"w/c 2 Feb"` (day not zero-padded).
    public var shortLabel: String {
        let first = firstCivilDay
        return "w/c \(first.day) \(first.monthAbbreviation)"
    }

    /// The week before, computed with the same calendar rules (local midnights in the same zone).
    public var previous: Week { shifted(by: -1) }

    /// The week after.
    public var next: Week { shifted(by: 1) }

    /// The week `weeks` weeks away from this one (negative for the past).
    public func shifted(by weeks: Int) -> Week {
        let calendar = Calendar.gregorian(in: timeZone)
        return WeekCalendar.week(
            startingOn: firstCivilDay.adding(days: 7 * WeekCalendar.clamp(weeks)), calendar: calendar)
    }

    var firstCivilDay: CivilDay { CivilDay(start, in: Calendar.gregorian(in: timeZone)) }
}

/// Computes club weeks: a Gregorian calendar in the club's time zone (never the machine's) and the
/// club's week-start day.
public struct WeekCalendar: Sendable {
    /// Offsets are clamped to this many weeks (about 1,900 years) so that arithmetic cannot overflow.
    public static let maximumOffset = 100_000

    /// The zone weeks are computed in.
    public let timeZone: TimeZone
    /// The first day of every week.
    public let weekStart: Weekday
    private let calendar: Calendar

    /// A calendar for weeks in `timeZone` that start on `weekStart`.
    public init(timeZone: TimeZone, weekStart: Weekday) {
        self.timeZone = timeZone
        self.weekStart = weekStart
        self.calendar = .gregorian(in: timeZone)
    }

    /// The club's calendar: its time zone and week-start day.
    public init(club: Club) {
        self.init(timeZone: club.timeZone, weekStart: club.weekStart)
    }

    /// The week that contains the instant.
    public func week(containing date: Date) -> Week {
        Self.week(startingOn: firstDay(ofWeekContaining: date), calendar: calendar)
    }

    /// The week `offset` weeks from the one containing `now`: 0 is the current week, -1 the previous…
    public func week(offset: Int, from now: Date) -> Week {
        Self.week(startingOn: firstDay(ofWeekContaining: now).adding(days: 7 * Self.clamp(offset)), calendar: calendar)
    }

    /// The offset of the week containing `date` relative to the week containing `now` (negative for the past).
    public func offset(of date: Date, from now: Date) -> Int {
        (firstDay(ofWeekContaining: date).dayNumber - firstDay(ofWeekContaining: now).dayNumber) / 7
    }

    /// The weeks at the offsets in `range`, oldest first: `-7...0` is the last eight weeks.
    public func weeks(offset range: ClosedRange<Int>, from now: Date) -> [Week] {
        let lower = Self.clamp(range.lowerBound)
        let upper = Self.clamp(range.upperBound)
        let first = firstDay(ofWeekContaining: now)
        return (lower...upper).map { Self.week(startingOn: first.adding(days: 7 * $0), calendar: calendar) }
    }

    private func firstDay(ofWeekContaining date: Date) -> CivilDay {
        let day = CivilDay(date, in: calendar)
        let back = (day.weekday - weekStart.rawValue + 7) % 7
        return day.adding(days: -back)
    }

    static func clamp(_ offset: Int) -> Int { max(-maximumOffset, min(maximumOffset, offset)) }

    static func week(startingOn day: CivilDay, calendar: Calendar) -> Week {
        Week(
            start: day.start(in: calendar), end: day.adding(days: 7).start(in: calendar),
            timeZoneIdentifier: calendar.timeZone.identifier)
    }
}
