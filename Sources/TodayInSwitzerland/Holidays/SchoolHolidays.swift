import Foundation

/// School holidays of the seven cities' public schools (Volksschule / école obligatoire) for the school years
/// 2025/26 and 2026/27. Each period runs from its first to its last weekday off (Monday–Friday, as the original
/// listed them); the weekends around it are off too.
///
/// These are dates typed in from the cantons' and cities' published calendars. Entries marked "unverified" follow
/// the canton's standing rule (e.g. Bern's calendar by ISO week) or the pattern of earlier years and should be
/// checked against the official page before the school year starts. The original returned Zürich's 2026 list for
/// every city.
public enum SchoolHolidays {
    /// The school years the data covers.
    public static let schoolYears = ["2025/26", "2026/27"]

    /// Every period of `city`, sorted by start date; empty for a city without data.
    public static func periods(for city: City) -> [SchoolHoliday] {
        (table[city.id] ?? []).compactMap(\.holiday).sorted { ($0.startDate, $0.endDate) < ($1.startDate, $1.endDate) }
    }

    /// The current period (if `today` falls in one) and the next ones, at most `limit` (the API's list).
    public static func current(for city: City, today: CivilDate, limit: Int = 7) -> [SchoolHoliday] {
        guard limit > 0 else { return [] }
        return Array(periods(for: city).filter { $0.endDate >= today }.prefix(limit))
    }

    /// The periods of `city` that include `date` (usually zero or one).
    public static func periods(on date: CivilDate, city: City) -> [SchoolHoliday] {
        periods(for: city).filter { $0.startDate <= date && date <= $0.endDate }
    }

    /// The first and last day the data covers for `city`, nil without data; past the end the lists run dry.
    public static func coverage(for city: City) -> ClosedRange<CivilDate>? {
        let all = periods(for: city)
        guard let first = all.first?.startDate, let last = all.map(\.endDate).max() else { return nil }
        return first...last
    }

    // MARK: Data

    enum Kind: Sendable {
        case sport, fasnacht, easter, spring, ascension, summer, autumn, christmas, genevaFastBridge
        case knabenschiessen, sechselaeuten

        var name: LocalizedText {
            switch self {
            case .sport: LocalizedText(en: "Sport/Ski Week", de: "Sportferien")
            case .fasnacht: LocalizedText(en: "Carnival and Sport Holidays", de: "Fasnachtsferien")
            case .easter: LocalizedText(en: "Easter", de: "Osterferien")
            case .spring: LocalizedText(en: "Spring", de: "Frühlingsferien")
            case .ascension: LocalizedText(en: "Ascension", de: "Auffahrtsferien")
            case .summer: LocalizedText(en: "Summer", de: "Sommerferien")
            case .autumn: LocalizedText(en: "Autumn", de: "Herbstferien")
            case .christmas: LocalizedText(en: "Christmas", de: "Weihnachtsferien")
            case .genevaFastBridge: LocalizedText(en: "Geneva Fast bridge", de: "Brücke Jeûne genevois")
            case .knabenschiessen: LocalizedText(en: "Knabenschiessen (no school)", de: "Knabenschiessen (schulfrei)")
            case .sechselaeuten: LocalizedText(en: "Sechseläuten (no school)", de: "Sechseläuten (schulfrei)")
            }
        }
    }

    struct Period: Sendable {
        var kind: Kind
        var start: String
        var end: String

        init(_ kind: Kind, _ start: String, _ end: String) {
            self.kind = kind
            self.start = start
            self.end = end
        }

        /// Nil when a typed-in date is malformed (tests check that none is).
        var holiday: SchoolHoliday? {
            guard let from = CivilDate(start), let to = CivilDate(end), from <= to else { return nil }
            return SchoolHoliday(name: kind.name.en, nameDE: kind.name.de, startDate: from, endDate: to)
        }
    }

    static let table: [String: [Period]] = [
        // City of Zürich Volksschule (stadt-zuerich.ch school calendars; weeks 7–8 sport, 17–18 spring, 29–33
        // summer, 41–42 autumn; the City gives Holy Thursday and the Friday after Ascension off).
        "zurich": [
            Period(.knabenschiessen, "2025-09-15", "2025-09-15"),
            Period(.autumn, "2025-10-06", "2025-10-17"),
            Period(.christmas, "2025-12-22", "2026-01-02"),
            Period(.sport, "2026-02-09", "2026-02-20"),
            Period(.easter, "2026-04-02", "2026-04-06"),
            Period(.spring, "2026-04-20", "2026-05-01"),
            Period(.ascension, "2026-05-14", "2026-05-15"),
            Period(.summer, "2026-07-13", "2026-08-14"),
            Period(.knabenschiessen, "2026-09-14", "2026-09-14"),
            Period(.autumn, "2026-10-05", "2026-10-16"),
            Period(.christmas, "2026-12-21", "2027-01-01"),
            Period(.sport, "2027-02-15", "2027-02-26"),
            Period(.easter, "2027-03-25", "2027-03-29"),  // unverified: Holy Thursday off as in 2026
            Period(.sechselaeuten, "2027-04-19", "2027-04-19"),
            Period(.spring, "2027-04-26", "2027-05-07"),  // Ascension (6 May) falls inside
            Period(.summer, "2027-07-19", "2027-08-20"),
        ],
        // Winterthur follows the canton's perpetual calendar like the City of Zürich (spring, summer, autumn and
        // the binding Christmas weeks are the same) but has no Sechseläuten/Knabenschiessen days and no Holy
        // Thursday off.
        "winterthur": [
            Period(.autumn, "2025-10-06", "2025-10-17"),
            Period(.christmas, "2025-12-22", "2026-01-02"),
            Period(.sport, "2026-02-09", "2026-02-20"),  // unverified: sport weeks are chosen by each town
            Period(.easter, "2026-04-03", "2026-04-06"),
            Period(.spring, "2026-04-20", "2026-05-01"),
            Period(.ascension, "2026-05-14", "2026-05-15"),
            Period(.summer, "2026-07-13", "2026-08-14"),
            Period(.autumn, "2026-10-05", "2026-10-16"),
            Period(.christmas, "2026-12-21", "2027-01-01"),
            Period(.sport, "2027-02-15", "2027-02-26"),  // unverified
            Period(.easter, "2027-03-26", "2027-03-29"),
            Period(.spring, "2027-04-26", "2027-05-07"),
            Period(.summer, "2027-07-19", "2027-08-20"),
        ],
        // Basel-Stadt (same dates as Basel-Landschaft, fixed jointly up to 2031/32): two weeks at Fasnacht (the
        // week before and the Fasnacht week), two over Easter, six in summer, the Friday after Ascension.
        "basel": [
            Period(.autumn, "2025-09-29", "2025-10-10"),
            Period(.christmas, "2025-12-22", "2026-01-02"),
            Period(.fasnacht, "2026-02-16", "2026-02-27"),
            Period(.easter, "2026-03-30", "2026-04-10"),
            Period(.ascension, "2026-05-14", "2026-05-15"),
            Period(.summer, "2026-06-29", "2026-08-07"),
            Period(.autumn, "2026-09-28", "2026-10-09"),
            Period(.christmas, "2026-12-21", "2027-01-01"),
            Period(.fasnacht, "2027-02-08", "2027-02-19"),
            Period(.easter, "2027-03-22", "2027-04-02"),
            Period(.ascension, "2027-05-06", "2027-05-07"),
            Period(.summer, "2027-07-05", "2027-08-13"),
        ],
        // City of Bern's perpetual calendar by ISO week (bern.ch): February week 6, spring 15–16, summer 28–32,
        // autumn 39–41, winter 52 and 1 (53 and 1 in years with a week 53, such as 2026).
        "bern": [
            Period(.autumn, "2025-09-22", "2025-10-10"),
            Period(.christmas, "2025-12-22", "2026-01-02"),
            Period(.sport, "2026-02-02", "2026-02-06"),
            Period(.spring, "2026-04-06", "2026-04-17"),
            Period(.summer, "2026-07-06", "2026-08-07"),
            Period(.autumn, "2026-09-21", "2026-10-09"),
            Period(.christmas, "2026-12-28", "2027-01-08"),  // unverified: weeks 53 and 1 by the rule
            Period(.sport, "2027-02-08", "2027-02-12"),
            Period(.spring, "2027-04-12", "2027-04-23"),
            Period(.summer, "2027-07-12", "2027-08-13"),
        ],
        // Canton of Geneva (ge.ch). From 2026/27 the Jeûne genevois and Ascension bridges are off and the Easter
        // holidays are shortened to ten days.
        "geneva": [
            Period(.autumn, "2025-10-20", "2025-10-24"),  // unverified: one week, as in 2023 and 2024
            Period(.christmas, "2025-12-22", "2026-01-02"),
            Period(.sport, "2026-02-23", "2026-02-27"),  // unverified
            Period(.easter, "2026-04-03", "2026-04-17"),
            Period(.ascension, "2026-05-14", "2026-05-15"),
            Period(.summer, "2026-06-29", "2026-08-14"),  // school starts Monday 17 August 2026
            Period(.genevaFastBridge, "2026-09-10", "2026-09-11"),
            Period(.autumn, "2026-10-19", "2026-10-23"),
            Period(.christmas, "2026-12-21", "2027-01-01"),  // unverified
            Period(.sport, "2027-02-15", "2027-02-19"),  // unverified
            Period(.easter, "2027-03-25", "2027-04-02"),  // unverified: ten days around Easter (28 March)
            Period(.ascension, "2027-05-06", "2027-05-07"),
            Period(.summer, "2027-06-28", "2027-08-20"),  // unverified
        ],
        // Canton of Vaud (vd.ch, "Vacances scolaires vaudoises"); 2026/27 follows the pattern of earlier years.
        "lausanne": [
            Period(.autumn, "2025-10-13", "2025-10-24"),
            Period(.christmas, "2025-12-22", "2026-01-02"),
            Period(.sport, "2026-02-16", "2026-02-20"),
            Period(.easter, "2026-04-03", "2026-04-17"),
            Period(.ascension, "2026-05-14", "2026-05-15"),
            Period(.summer, "2026-06-29", "2026-08-21"),
            Period(.autumn, "2026-10-12", "2026-10-23"),  // unverified
            Period(.christmas, "2026-12-21", "2027-01-01"),  // unverified (as in 2020, Christmas on a Friday)
            Period(.sport, "2027-02-15", "2027-02-19"),  // unverified
            Period(.easter, "2027-03-26", "2027-04-09"),  // unverified: from Good Friday, two weeks
            Period(.ascension, "2027-05-06", "2027-05-07"),
            Period(.summer, "2027-07-05", "2027-08-20"),  // unverified
        ],
        // Canton of Lucerne standard plan (Dienststelle Volksschulbildung), which the City of Lucerne follows:
        // two weeks in autumn, Christmas, two weeks around Fasnacht (from the Saturday before Schmutziger
        // Donnerstag), two from Good Friday, six in summer. Mostly unverified for these years.
        "luzern": [
            Period(.autumn, "2025-09-29", "2025-10-10"),  // unverified
            Period(.christmas, "2025-12-22", "2026-01-02"),
            Period(.fasnacht, "2026-02-09", "2026-02-20"),  // unverified
            Period(.easter, "2026-04-03", "2026-04-17"),  // unverified
            Period(.summer, "2026-07-06", "2026-08-14"),
            Period(.autumn, "2026-09-28", "2026-10-09"),  // unverified
            Period(.christmas, "2026-12-21", "2027-01-01"),  // unverified
            Period(.fasnacht, "2027-02-01", "2027-02-12"),  // unverified
            Period(.easter, "2027-03-26", "2027-04-09"),  // unverified
            Period(.summer, "2027-07-05", "2027-08-13"),  // unverified
        ],
    ]
}
