import Foundation

/// What "add to calendar" can export: a city event, a holiday of a city, or a school holiday period of a city. The
/// id is the `:id` of the single-entry download and stays the same across years of data updates:
/// - an event: its own id (`zurich-street-parade-2026`);
/// - a holiday: `holiday-<city>-<rule key>-<YYYY-MM-DD>` (`holiday-zurich-goodFriday-2026-04-03`);
/// - a school holiday: `school-<city>-<first day>` (`school-zurich-2026-12-21`).
public enum CalendarEntryID: Sendable, Equatable, CustomStringConvertible {
    case event(String)
    case holiday(city: String, key: String, date: CivilDate)
    case school(city: String, start: CivilDate)

    /// Reads an id; nil when it is malformed (an unknown but well-formed id parses and is then not found).
    public init?(_ text: String) {
        guard !text.isEmpty, text.count <= 120,
            text.unicodeScalars.allSatisfy({
                ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || $0 == "-"
            })
        else { return nil }
        if text.hasPrefix("holiday-") || text.hasPrefix("school-") {
            guard text.count > 11, let date = CivilDate(text.suffix(10)) else { return nil }
            let head = text.dropLast(11).split(separator: "-", omittingEmptySubsequences: false)
            if head.first == "holiday" {
                guard head.count == 3, !head[1].isEmpty, !head[2].isEmpty else { return nil }
                self = .holiday(city: String(head[1]), key: String(head[2]), date: date)
            } else {
                guard head.count == 2, !head[1].isEmpty else { return nil }
                self = .school(city: String(head[1]), start: date)
            }
            return
        }
        self = .event(text)
    }

    /// The id as the URL writes it.
    public var description: String {
        switch self {
        case .event(let id): id
        case .holiday(let city, let key, let date): "holiday-\(city)-\(key)-\(date)"
        case .school(let city, let start): "school-\(city)-\(start)"
        }
    }
}

/// Turns events, holidays and school holidays into iCalendar entries in one language, and builds the city feed.
public enum CalendarEntries {
    /// The domain of every UID.
    public static let uidDomain = "today-in-switzerland.clubhouse"
    /// How far ahead the feed lists holidays.
    public static let feedHolidayDays = 400

    /// A city event: its dates, name, description with toddler/free notes, and its web page.
    public static func entry(_ event: CityEvent, language: Language) -> ICalendarEvent {
        let de = language == .de
        var notes: [String] = []
        if event.toddlerFriendly { notes.append(de ? "Für Kleinkinder geeignet" : "Toddler-friendly") }
        if event.free { notes.append(de ? "Gratis" : "Free") }
        let text = de ? event.descriptionDE : event.description
        let description = notes.isEmpty ? text : "\(text)\n\n\(notes.joined(separator: " · "))"
        return ICalendarEvent(
            uid: uid(.event(event.id)), start: event.startDate, end: event.endDate,
            summary: de ? event.nameDE : event.name, description: description, url: event.url,
            categories: [de ? "Veranstaltung" : "Event"])
    }

    /// A holiday of `city`: a public holiday blocks the day (OPAQUE), a half day or a festival does not.
    public static func entry(_ holiday: Holiday, city: City, language: Language) -> ICalendarEvent {
        let de = language == .de
        let cityName = de ? city.nameDE : city.name
        let what: String =
            switch holiday.kind {
            case .public:
                holiday.scope == .national
                    ? (de ? "Gesetzlicher Feiertag in der ganzen Schweiz" : "Public holiday all over Switzerland")
                    : (de
                        ? "Feiertag im Kanton \(holiday.canton.rawValue) (\(cityName))"
                        : "Public holiday in the canton of \(holiday.canton.rawValue) (\(cityName))")
            case .halfDay:
                de
                    ? "Halber Feiertag in \(cityName): der Nachmittag ist frei"
                    : "Half-day holiday in \(cityName): the afternoon is off"
            case .observance:
                de ? "Fest in \(cityName), kein arbeitsfreier Tag" : "Festival in \(cityName), not a day off"
            }
        return ICalendarEvent(
            uid: uid(.holiday(city: city.id, key: holiday.key, date: holiday.date)), start: holiday.date,
            end: holiday.date, summary: holiday.name.text(language), description: what,
            categories: [de ? "Feiertag" : "Holiday"], busy: holiday.kind == .public)
    }

    /// A school holiday period of `city`.
    public static func entry(_ period: SchoolHoliday, city: City, language: Language) -> ICalendarEvent {
        let de = language == .de
        let name = de ? period.nameDE : period.name
        let cityName = de ? city.nameDE : city.name
        return ICalendarEvent(
            uid: uid(.school(city: city.id, start: period.startDate)), start: period.startDate, end: period.endDate,
            summary: de ? "Schulferien: \(name)" : "School holidays: \(name)",
            description: de
                ? "Schulferien der Volksschule in \(cityName)" : "Public school holidays in \(cityName)",
            categories: [de ? "Schulferien" : "School holidays"])
    }

    /// The subscribable feed of `city` from `today` on: events not yet over, the holidays of the next
    /// ``feedHolidayDays`` days (whole and half days off, and festivals) and the school holidays not yet over, by
    /// start date.
    public static func feed(
        city: City, events: [CityEvent], schoolHolidays: [SchoolHoliday], today: CivilDate, language: Language
    ) -> [ICalendarEvent] {
        let last = today.adding(days: feedHolidayDays)
        var holidays: [Holiday] = []
        for year in today.year...last.year {
            holidays += HolidayCalendar.holidays(year: year, city: city).filter { $0.date >= today && $0.date <= last }
        }
        var entries: [ICalendarEvent] = []
        for event in events where event.city == city.id && max(event.startDate, event.endDate) >= today {
            entries.append(entry(event, language: language))
        }
        entries += holidays.map { entry($0, city: city, language: language) }
        for period in schoolHolidays where period.endDate >= today {
            entries.append(entry(period, city: city, language: language))
        }
        return entries.stableSorted { ($0.start, $0.summary) < ($1.start, $1.summary) }
    }

    /// The entry with `id` for `language`, nil when there is none: an event of the catalogue, a holiday the city
    /// really has on that date, or a school holiday period of the city starting on that day.
    public static func find(
        _ id: CalendarEntryID, events: [CityEvent], schoolHolidays: (City) -> [SchoolHoliday], language: Language
    ) -> ICalendarEvent? {
        switch id {
        case .event(let eventID):
            return events.first { $0.id == eventID }.map { entry($0, language: language) }
        case .holiday(let cityID, let key, let date):
            guard let city = City.find(cityID),
                let holiday = HolidayCalendar.holidays(on: date, city: city).first(where: { $0.key == key })
            else { return nil }
            return entry(holiday, city: city, language: language)
        case .school(let cityID, let start):
            guard let city = City.find(cityID),
                let period = schoolHolidays(city).first(where: { $0.startDate == start })
            else { return nil }
            return entry(period, city: city, language: language)
        }
    }

    /// `<id>@today-in-switzerland.clubhouse`.
    public static func uid(_ id: CalendarEntryID) -> String { "\(id)@\(uidDomain)" }
}
