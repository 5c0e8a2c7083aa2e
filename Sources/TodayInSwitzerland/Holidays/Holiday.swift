import Foundation

/// How much of a day a holiday gives people off.
public enum HolidayKind: String, Codable, Sendable, CaseIterable {
    /// A whole day off (shops and offices closed).
    case `public`
    /// An afternoon off (e.g. Sechseläuten in the City of Zürich).
    case halfDay
    /// A festival or custom that is not a day off (e.g. Basel Fasnacht, the Escalade).
    case observance
}

/// Where a holiday applies.
public enum HolidayScope: String, Codable, Sendable, CaseIterable {
    /// In every canton (New Year, Ascension, National Day, Christmas).
    case national
    /// In one canton.
    case cantonal
    /// In one city only (Sechseläuten and Knabenschiessen in Zürich, Basel Fasnacht, …).
    case city
}

/// One holiday on one date, as computed for a canton (and optionally a city).
public struct Holiday: Codable, Sendable, Hashable {
    /// The rule that produced it ("goodFriday", "sechselaeuten", …); stable across years.
    public var key: String
    /// The Swiss calendar day.
    public var date: CivilDate
    /// The name in English and German.
    public var name: LocalizedText
    /// The French name for days of the French-speaking cantons (and the shared days), when natural.
    public var nameFR: String?
    /// Whole day off, afternoon off, or festival.
    public var kind: HolidayKind
    /// National, cantonal or city-only.
    public var scope: HolidayScope
    /// The canton the list was computed for.
    public var canton: Canton
    /// The city id for city-only days (`scope == .city`), else nil.
    public var city: String?
    /// True when the law makes the day equal to a Sunday (the federal list of cantonal holidays); false for a
    /// customary day off that most employers, schools and shops keep (e.g. Berchtoldstag in Zürich).
    public var statutory: Bool

    /// A holiday; `statutory` defaults to true (a day equal to a Sunday by law).
    public init(
        key: String, date: CivilDate, name: LocalizedText, nameFR: String? = nil, kind: HolidayKind,
        scope: HolidayScope, canton: Canton, city: String? = nil, statutory: Bool = true
    ) {
        self.key = key
        self.date = date
        self.name = name
        self.nameFR = nameFR
        self.kind = kind
        self.scope = scope
        self.canton = canton
        self.city = city
        self.statutory = statutory
    }

    /// True for afternoon-only holidays.
    public var isHalfDay: Bool { kind == .halfDay }
}

/// A holiday seen from a given day: how far away it is.
public struct UpcomingHoliday: Codable, Sendable, Hashable {
    /// The holiday itself.
    public var holiday: Holiday
    /// Whole Swiss calendar days from today to the holiday (0 = today).
    public var daysUntil: Int
    /// True when the holiday is today (Swiss date).
    public var isToday: Bool

    /// `holiday` as seen from `today`.
    public init(holiday: Holiday, today: CivilDate) {
        self.holiday = holiday
        daysUntil = today.days(to: holiday.date)
        isToday = daysUntil == 0
    }

    /// The entry in the original worker's JSON shape.
    public var api: APIHoliday { APIHoliday(holiday, daysUntil: daysUntil) }
}

/// A holiday in the original worker's entry shape:
/// `{date, name, nameDE, national?, cantons?, cantonal?, daysUntil, isToday}` plus `halfDay`/`observance` when set.
/// Keys that are nil are left out of the JSON, as the original did.
public struct APIHoliday: Codable, Sendable, Hashable {
    /// `YYYY-MM-DD`.
    public var date: String
    /// The English name.
    public var name: String
    /// The German name.
    public var nameDE: String
    /// Present (true) for days kept in every canton.
    public var national: Bool?
    /// For cantonal and city days: the ids of the app's cities where the day applies.
    public var cantons: [String]?
    /// Present (true) for cantonal and city days.
    public var cantonal: Bool?
    /// Whole Swiss calendar days until the holiday.
    public var daysUntil: Int
    /// True when `daysUntil` is 0.
    public var isToday: Bool
    /// Present (true) for afternoon-only holidays.
    public var halfDay: Bool?
    /// Present (true) for festivals that are not days off.
    public var observance: Bool?

    /// An entry from its fields.
    public init(
        date: String, name: String, nameDE: String, national: Bool? = nil, cantons: [String]? = nil,
        cantonal: Bool? = nil, daysUntil: Int, isToday: Bool, halfDay: Bool? = nil, observance: Bool? = nil
    ) {
        self.date = date
        self.name = name
        self.nameDE = nameDE
        self.national = national
        self.cantons = cantons
        self.cantonal = cantonal
        self.daysUntil = daysUntil
        self.isToday = isToday
        self.halfDay = halfDay
        self.observance = observance
    }

    /// The wire entry for `holiday`, `daysUntil` days away.
    public init(_ holiday: Holiday, daysUntil: Int) {
        let cities: [String]? =
            switch holiday.scope {
            case .national: nil
            case .cantonal:
                City.all.filter { $0.canton == holiday.canton }.map(\.id).nilIfEmpty
            case .city: holiday.city.map { [$0] }
            }
        self.init(
            date: holiday.date.description, name: holiday.name.en, nameDE: holiday.name.de,
            national: holiday.scope == .national ? true : nil, cantons: cities,
            cantonal: holiday.scope == .national ? nil : true, daysUntil: daysUntil, isToday: daysUntil == 0,
            halfDay: holiday.kind == .halfDay ? true : nil, observance: holiday.kind == .observance ? true : nil)
    }
}

extension Array {
    fileprivate var nilIfEmpty: Self? { isEmpty ? nil : self }
}
