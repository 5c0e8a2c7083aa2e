import ClubhouseBasics
import Foundation

/// A club's calendar day: the shared ``CivilDate`` (exact day arithmetic without a time zone), with the club's
/// calendar helpers and English labels.
typealias CivilDay = CivilDate

extension CivilDate {
    static let monthAbbreviations = [
        "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
    ]
    static let weekdayAbbreviations = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]

    /// The local date of an instant in the calendar's time zone.
    init(_ date: Date, in calendar: Calendar) {
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        self.init(
            dayNumber: CivilDate.dayNumber(year: parts.year ?? 1970, month: parts.month ?? 1, day: parts.day ?? 1))
    }

    /// `yyyy-MM-dd`.
    var iso: String { description }

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
