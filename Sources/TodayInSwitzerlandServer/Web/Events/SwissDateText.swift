import Foundation
import TodayInSwitzerland

/// Swiss calendar days written out in English or German, from tables (no locale data needed, the same on every
/// machine): "Thursday, 26 November 2026" / "Donnerstag, 26. November 2026", "19 Nov – 23 Dec", "Fri 27 Nov".
enum SwissDateText {
    static let monthsEN = [
        "January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November",
        "December",
    ]
    static let monthsDE = [
        "Januar", "Februar", "März", "April", "Mai", "Juni", "Juli", "August", "September", "Oktober", "November",
        "Dezember",
    ]
    static let shortMonthsEN = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
    static let shortMonthsDE = [
        "Jan.", "Feb.", "März", "Apr.", "Mai", "Juni", "Juli", "Aug.", "Sept.", "Okt.", "Nov.", "Dez.",
    ]
    /// ISO order: Monday first.
    static let weekdaysEN = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]
    static let weekdaysDE = ["Montag", "Dienstag", "Mittwoch", "Donnerstag", "Freitag", "Samstag", "Sonntag"]
    static let shortWeekdaysEN = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
    static let shortWeekdaysDE = ["Mo", "Di", "Mi", "Do", "Fr", "Sa", "So"]

    /// "November" / "November".
    static func month(_ month: Int, _ language: Language) -> String {
        let names = language == .de ? monthsDE : monthsEN
        return names[(max(1, min(12, month))) - 1]
    }

    /// "Nov" / "Nov.".
    static func shortMonth(_ month: Int, _ language: Language) -> String {
        let names = language == .de ? shortMonthsDE : shortMonthsEN
        return names[(max(1, min(12, month))) - 1]
    }

    /// "Thursday" / "Donnerstag".
    static func weekday(_ date: CivilDate, _ language: Language) -> String {
        (language == .de ? weekdaysDE : weekdaysEN)[date.isoWeekday - 1]
    }

    /// "Thu" / "Do".
    static func shortWeekday(_ date: CivilDate, _ language: Language) -> String {
        (language == .de ? shortWeekdaysDE : shortWeekdaysEN)[date.isoWeekday - 1]
    }

    /// "November 2026".
    static func monthYear(_ month: CalendarMonth, _ language: Language) -> String {
        "\(self.month(month.month, language)) \(month.year)"
    }

    /// "Thursday, 26 November 2026" / "Donnerstag, 26. November 2026".
    static func long(_ date: CivilDate, _ language: Language) -> String {
        language == .de
            ? "\(weekday(date, language)), \(date.day). \(month(date.month, language)) \(date.year)"
            : "\(weekday(date, language)), \(date.day) \(month(date.month, language)) \(date.year)"
    }

    /// "26 November" / "26. November".
    static func dayMonth(_ date: CivilDate, _ language: Language) -> String {
        language == .de ? "\(date.day). \(month(date.month, language))" : "\(date.day) \(month(date.month, language))"
    }

    /// "26 Nov" / "26. Nov.".
    static func short(_ date: CivilDate, _ language: Language) -> String {
        language == .de
            ? "\(date.day). \(shortMonth(date.month, language))" : "\(date.day) \(shortMonth(date.month, language))"
    }

    /// "Fri 27 Nov" / "Fr 27. Nov.".
    static func weekdayShort(_ date: CivilDate, _ language: Language) -> String {
        "\(shortWeekday(date, language)) \(short(date, language))"
    }

    /// A day or a range: "26 Nov 2026", "19 Nov – 23 Dec 2026", "21 Dec 2026 – 1 Jan 2027".
    static func range(_ start: CivilDate, _ end: CivilDate, _ language: Language) -> String {
        let end = max(start, end)
        if start == end { return "\(short(start, language)) \(start.year)" }
        if start.year == end.year { return "\(short(start, language)) – \(short(end, language)) \(end.year)" }
        return "\(short(start, language)) \(start.year) – \(short(end, language)) \(end.year)"
    }
}
