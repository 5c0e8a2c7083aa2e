import Foundation

/// Swiss public holidays for any year and any of the 26 cantons, computed from rules (no tables that run out),
/// plus the city-only days of the app's cities (Sechseläuten and Knabenschiessen in Zürich, Basel Fasnacht, …).
///
/// Fixes of the original worker: every canton gets its own days (Winterthur gets Zürich's, Luzern its Catholic
/// days, Geneva Easter Monday and Whit Monday), Sundays are not listed as holidays, city festivals carry their
/// real movable dates and are marked as half days or observances, and the upcoming list spans the year boundary.
public enum HolidayCalendar {
    /// Every holiday of `canton` in `year`, sorted by date (then by key). With `city` (a city id such as
    /// "zurich") the city-only days of that city are added when the city lies in `canton`. Years outside the
    /// Gregorian range (1583–9999) have no holidays. The rules are today's; they are not historical.
    public static func holidays(year: Int, canton: Canton, city: String? = nil) -> [Holiday] {
        guard let easter = SwissCalendarMath.easterSunday(year) else { return [] }
        var result: [Holiday] = []
        func add(_ entry: HolidayEntry, scope: HolidayScope, city: String? = nil) {
            for date in entry.rule.dates(in: year, easter: easter) where entry.condition?.allows(date) ?? true {
                result.append(
                    Holiday(
                        key: entry.rule.rawValue, date: date, name: entry.rule.name, nameFR: entry.rule.nameFR,
                        kind: entry.kind, scope: scope, canton: canton, city: city, statutory: entry.statutory))
            }
        }
        for rule in HolidayTable.national { add(HolidayEntry(rule: rule), scope: .national) }
        for entry in HolidayTable.entries(for: canton) { add(entry, scope: .cantonal) }
        if let city, let local = HolidayTable.cities[city], local.canton == canton {
            for entry in local.entries { add(entry, scope: .city, city: city) }
        }
        return result.sorted { ($0.date, $0.key) < ($1.date, $1.key) }
    }

    /// Every holiday of `city` (its canton's days plus its own) in `year`, sorted by date.
    public static func holidays(year: Int, city: City) -> [Holiday] {
        holidays(year: year, canton: city.canton, city: city.id)
    }

    /// The next holidays of `city` from `today` (a Swiss calendar date) up to `within` days ahead, at most
    /// `limit`, nearest first. The window crosses the year boundary (New Year's Day shows in late December).
    /// Only `kinds` are listed: by default whole and half days off, not festivals.
    public static func upcoming(
        for city: City, today: CivilDate, within days: Int = 60, limit: Int = 3,
        kinds: Set<HolidayKind> = [.public, .halfDay]
    ) -> [UpcomingHoliday] {
        guard days >= 0, limit > 0 else { return [] }
        let last = today.adding(days: days)
        var found: [Holiday] = []
        for year in today.year...max(today.year, last.year) {
            found += holidays(year: year, city: city).filter {
                kinds.contains($0.kind) && $0.date >= today && $0.date <= last
            }
        }
        return found.prefix(limit).map { UpcomingHoliday(holiday: $0, today: today) }
    }

    /// The upcoming holidays of `city` as seen at `instant` (its date in Europe/Zurich, not UTC).
    public static func upcoming(
        for city: City, at instant: Date, within days: Int = 60, limit: Int = 3,
        kinds: Set<HolidayKind> = [.public, .halfDay]
    ) -> [UpcomingHoliday] {
        upcoming(for: city, today: CivilDate(instant), within: days, limit: limit, kinds: kinds)
    }

    /// The holidays of `city` on `date` (e.g. for a weekend planner's day), any kind.
    public static func holidays(on date: CivilDate, city: City) -> [Holiday] {
        holidays(year: date.year, city: city).filter { $0.date == date }
    }
}
