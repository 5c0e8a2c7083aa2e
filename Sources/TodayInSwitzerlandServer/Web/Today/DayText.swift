import Foundation
import TodayInSwitzerland

/// Swiss calendar dates written out in English and German from fixed tables (the same text on every platform,
/// whatever locale data it has).
enum DayText {
    static let weekdaysEN = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]
    static let weekdaysDE = ["Montag", "Dienstag", "Mittwoch", "Donnerstag", "Freitag", "Samstag", "Sonntag"]
    static let monthsEN = [
        "January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
        "November", "December",
    ]
    static let monthsDE = [
        "Januar", "Februar", "März", "April", "Mai", "Juni", "Juli", "August", "September", "Oktober", "November",
        "Dezember",
    ]

    /// "Saturday" / "Samstag".
    static func weekday(_ date: CivilDate, _ language: Language) -> String {
        (language == .de ? weekdaysDE : weekdaysEN)[date.isoWeekday - 1]
    }

    /// "Sat" / "Sa".
    static func shortWeekday(_ date: CivilDate, _ language: Language) -> String {
        String(weekday(date, language).prefix(language == .de ? 2 : 3))
    }

    /// "28 November 2026" / "28. November 2026".
    static func date(_ date: CivilDate, _ language: Language) -> String {
        let month = (language == .de ? monthsDE : monthsEN)[date.month - 1]
        return language == .de ? "\(date.day). \(month) \(date.year)" : "\(date.day) \(month) \(date.year)"
    }

    /// "28 Nov" / "28. Nov." (short, for ranges).
    static func shortDate(_ date: CivilDate, _ language: Language) -> String {
        let month = (language == .de ? monthsDE : monthsEN)[date.month - 1]
        let short = month.count > 4 ? String(month.prefix(3)) + (language == .de ? "." : "") : month
        return language == .de ? "\(date.day). \(short)" : "\(date.day) \(short)"
    }

    /// "Saturday, 28 November 2026" / "Samstag, 28. November 2026".
    static func long(_ date: CivilDate, _ language: Language) -> String {
        "\(weekday(date, language)), \(self.date(date, language))"
    }

    /// "today", "tomorrow", "in 12 days" / "heute", "morgen", "in 12 Tagen".
    static func relative(days: Int, _ language: Language) -> String {
        switch days {
        case 0: language.t("today", "heute")
        case 1: language.t("tomorrow", "morgen")
        default: language.t("in \(days) days", "in \(days) Tagen")
        }
    }
}
