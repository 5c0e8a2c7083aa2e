import Foundation
import ServerKit
import TodayInSwitzerland
import WebUI

/// What the events page lists: everything, or one kind (the filter chips).
enum EventsKind: String, CaseIterable, Sendable {
    case all, holidays, school, events, recurring, seasonal

    /// The marker kind this filter keeps; nil for `all`.
    var marker: EventsModel.MarkerKind? {
        switch self {
        case .all: nil
        case .holidays: .holiday
        case .school: .school
        case .events: .event
        case .recurring: .recurring
        case .seasonal: .seasonal
        }
    }
}

/// `?month=YYYY-MM&day=YYYY-MM-DD&kind=` of the events page, validated.
struct EventsQuery: Equatable, Sendable {
    var month: CalendarMonth?
    var day: CivilDate?
    var kind: EventsKind = .all

    /// The query of a request's parameters; a bad value is an error that names the valid form.
    static func parse(month: String?, day: String?, kind: String?) -> Result<EventsQuery, EventsQueryError> {
        var query = EventsQuery()
        if let month, !month.isEmpty {
            guard let parsed = CalendarMonth(month), (1900...2200).contains(parsed.year) else {
                return .failure(.init(message: "month must look like 2026-12 (years 1900–2200)."))
            }
            query.month = parsed
        }
        if let day, !day.isEmpty {
            guard let parsed = CivilDate(day), (1900...2200).contains(parsed.year) else {
                return .failure(.init(message: "day must look like 2026-12-05 (years 1900–2200)."))
            }
            query.day = parsed
        }
        if let kind, !kind.isEmpty {
            guard let parsed = EventsKind(rawValue: kind) else {
                return .failure(
                    .init(
                        message: "kind must be one of: \(EventsKind.allCases.map(\.rawValue).joined(separator: ", "))."
                    ))
            }
            query.kind = parsed
        }
        return .success(query)
    }
}

extension EventsQuery {
    /// The month shown: the asked one, else the selected day's, else today's.
    func month(today: CivilDate) -> CalendarMonth {
        self.month ?? day.map(CalendarMonth.init(containing:)) ?? CalendarMonth(containing: today)
    }

    /// The day whose detail is shown: the asked one, else today when its month is shown, else the month's first.
    func selectedDay(today: CivilDate) -> CivilDate {
        let shown = month(today: today)
        return day ?? (shown.contains(today) ? today : shown.first)
    }
}

/// A bad events query.
struct EventsQueryError: Error, Equatable, Sendable {
    var message: String
}

/// What the events page is built from: domain values only (the catalogue's events, the holiday calendar, school
/// holidays, the city's activities, today's weather).
struct EventsInput: Sendable {
    var prefs: SwissPrefs
    var today: CivilDate
    var now: Date
    var query: EventsQuery
    /// The city's events (any dates).
    var events: [CityEvent]
    /// The city's holidays of the years the page shows (any kind).
    var holidays: [Holiday]
    var schoolHolidays: [SchoolHoliday]
    /// The city's curated and seasonal activities (recurring ones are found among them).
    var activities: [Activity]
    /// Today's weather; only read when the selected day is today.
    var weather: CurrentWeather?
    var weatherState: SourceState?
    /// `webcal://host/…` needs the host the visitor used; nil leaves the webcal link out.
    var host: String?
}

/// The events page ("What's on"): a month calendar with markers, the selected day's detail, filter chips, the
/// month's list and the calendar feed.
struct EventsModel: Equatable, Sendable {
    enum MarkerKind: String, CaseIterable, Sendable {
        case holiday, school, event, recurring, seasonal

        /// A shape that tells the kinds apart without colour.
        var symbol: String {
            switch self {
            case .holiday: "★"
            case .school: "■"
            case .event: "●"
            case .recurring: "↻"
            case .seasonal: "◆"
            }
        }

        func name(_ language: Language) -> String {
            switch self {
            case .holiday: language.t("Public holiday", "Feiertag")
            case .school: language.t("School holidays", "Schulferien")
            case .event: language.t("City event", "Anlass")
            case .recurring: language.t("Recurring", "Regelmässig")
            case .seasonal: language.t("Seasonal", "Saisonal")
            }
        }
    }

    struct Marker: Equatable, Sendable {
        var kind: MarkerKind
        /// For screen readers: "2 city events".
        var text: String
    }

    struct DayCell: Equatable, Sendable {
        var date: CivilDate
        var day: Int
        var inMonth: Bool
        var isToday: Bool
        var isSelected: Bool
        var isWeekend: Bool
        var url: String
        var markers: [Marker]
        /// Spoken after the day number: "Thursday 26 November, today, 2 city events, school holidays".
        var spoken: String
    }

    struct Badge: Equatable, Sendable {
        var icon: String
        var text: String
    }

    struct Item: Equatable, Sendable {
        /// Element id (`item-…`), unique on the page per list.
        var anchor: String
        var kind: MarkerKind
        var title: String
        var when: String
        var description: String
        var badges: [Badge]
        var website: String?
        var icsURL: String?
        var directionsURL: String?
    }

    struct Advice: Equatable, Sendable {
        var icon: String
        var weather: String
        var text: String
        var link: String
    }

    struct Section: Equatable, Sendable {
        var kind: MarkerKind
        var heading: String
        var items: [Item]
    }

    struct DayDetail: Equatable, Sendable {
        var heading: String
        var isToday: Bool
        var advice: Advice?
        var sections: [Section]
        var emptyText: String?
    }

    struct Feed: Equatable, Sendable {
        var webcalURL: String?
        var downloadURL: String
    }

    var title: String
    var monthLabel: String
    var previousURL: String
    var previousLabel: String
    var nextURL: String
    var nextLabel: String
    /// Set when the page does not show today's month.
    var todayURL: String?
    /// Monday first: short and full names.
    var weekdays: [(short: String, long: String)]
    var weeks: [[DayCell]]
    var legend: [Marker]
    var chips: [Components.LinkItem]
    var kind: EventsKind
    var detail: DayDetail
    var listHeading: String
    var list: [Item]
    var emptyListText: String
    var feed: Feed
    var weatherState: SourceState?
    var renderedAt: Date

    static func == (a: Self, b: Self) -> Bool {
        a.title == b.title && a.monthLabel == b.monthLabel && a.previousURL == b.previousURL
            && a.nextURL == b.nextURL && a.todayURL == b.todayURL
            && a.weekdays.map(\.long) == b.weekdays.map(\.long) && a.weeks == b.weeks && a.legend == b.legend
            && a.chips == b.chips && a.kind == b.kind && a.detail == b.detail && a.list == b.list
            && a.feed == b.feed && a.weatherState?.state == b.weatherState?.state
    }
}

extension EventsModel {
    /// The page for `input` (pure: same input, same page).
    static func make(_ input: EventsInput) -> EventsModel {
        let l = input.prefs.language
        let month = input.query.month(today: input.today)
        let selected = input.query.selectedDay(today: input.today)
        let kind = input.query.kind
        let calendarHolidays = input.holidays.map {
            CalendarHoliday(date: $0.date, name: $0.name.en, nameDE: $0.name.de, halfDay: $0.kind == .halfDay)
        }
        let grid = EventsCalendar.monthGrid(
            month, events: input.events, holidays: calendarHolidays, schoolHolidays: input.schoolHolidays,
            today: input.today)
        let recurring = input.activities.filter(isDayBound)
        let seasonal = input.activities.filter { $0.category == .seasonal }

        func link(month: CalendarMonth, day: CivilDate?, kind: EventsKind) -> String {
            var query = [("month", month.description)]
            if let day { query.append(("day", day.description)) }
            if kind != .all { query.append(("kind", kind.rawValue)) }
            return input.prefs.link(.events, query)
        }

        let weeks = grid.weeks.map { week in
            week.map { day -> DayCell in
                let counts: [(MarkerKind, Int)] = [
                    (.holiday, day.holidays.count), (.school, day.schoolHolidays.count), (.event, day.events.count),
                    (.recurring, recurring.filter { occurs($0, on: day.date) }.count),
                    (.seasonal, seasonal.filter { WeekendPlanner.isAvailable($0, on: day.date) }.count),
                ]
                let markers = counts.filter { $0.1 > 0 && (kind.marker == nil || kind.marker == $0.0) }.map {
                    Marker(kind: $0.0, text: markerText($0.0, count: $0.1, l))
                }
                var spoken = [SwissDateText.long(day.date, l)]
                if day.isToday { spoken.append(l.t("today", "heute")) }
                if day.date == selected { spoken.append(l.t("selected", "ausgewählt")) }
                spoken += markers.map(\.text)
                return DayCell(
                    date: day.date, day: day.date.day, inMonth: day.inMonth, isToday: day.isToday,
                    isSelected: day.date == selected, isWeekend: day.isWeekend,
                    url: link(month: CalendarMonth(containing: day.date), day: day.date, kind: kind) + "#day",
                    markers: markers, spoken: spoken.joined(separator: ", "))
            }
        }

        let chips = EventsKind.allCases.map { option in
            Components.LinkItem(
                label: chipLabel(option, l), url: link(month: month, day: input.query.day, kind: option),
                isCurrent: option == kind, key: option.rawValue, icon: option.marker?.symbol, prefetch: false)
        }

        let detail = dayDetail(input, date: selected, recurring: recurring, seasonal: seasonal)
        let list = monthList(input, month: month, kind: kind, recurring: recurring, seasonal: seasonal)
        let feedPath = SwissPageURL.calendarFeed.path(
            ["city": input.prefs.city.id], query: RoutePath.query([("lang", l.rawValue)]))
        let today = CalendarMonth(containing: input.today)
        return EventsModel(
            title: l.t("What's on", "Was läuft"), monthLabel: SwissDateText.monthYear(month, l),
            previousURL: link(month: month.previous, day: nil, kind: kind),
            previousLabel: l.t(
                "Previous month, \(SwissDateText.monthYear(month.previous, l))",
                "Vorheriger Monat, \(SwissDateText.monthYear(month.previous, l))"),
            nextURL: link(month: month.next, day: nil, kind: kind),
            nextLabel: l.t(
                "Next month, \(SwissDateText.monthYear(month.next, l))",
                "Nächster Monat, \(SwissDateText.monthYear(month.next, l))"),
            todayURL: month == today && selected == input.today ? nil : link(month: today, day: nil, kind: kind),
            weekdays: (0..<7).map { index -> (short: String, long: String) in
                l == .de
                    ? (short: SwissDateText.shortWeekdaysDE[index], long: SwissDateText.weekdaysDE[index])
                    : (short: SwissDateText.shortWeekdaysEN[index], long: SwissDateText.weekdaysEN[index])
            },
            weeks: weeks,
            legend: MarkerKind.allCases.map { Marker(kind: $0, text: $0.name(l)) }, chips: chips, kind: kind,
            detail: detail,
            listHeading: l.t(
                "All of \(SwissDateText.monthYear(month, l))", "Alles im \(SwissDateText.monthYear(month, l))"),
            list: list,
            emptyListText: l.t(
                "Nothing matches this filter this month.", "Diesen Monat passt nichts zu diesem Filter."),
            feed: Feed(
                webcalURL: input.host.flatMap(validHost).map { "webcal://\($0)\(feedPath)" }, downloadURL: feedPath),
            weatherState: detail.isToday ? input.weatherState : nil, renderedAt: input.now)
    }

    /// An activity held on some weekdays only ("Tue & Fri 6:00-11:00"), not "Various days".
    static func isDayBound(_ activity: Activity) -> Bool {
        guard activity.category != .stayhome, let text = activity.recurring,
            let days = WeekendPlanner.weekdays(in: text)
        else { return false }
        return days.count < 7
    }

    static func occurs(_ activity: Activity, on date: CivilDate) -> Bool {
        guard let text = activity.recurring, let days = WeekendPlanner.weekdays(in: text) else { return false }
        return days.contains(date.isoWeekday) && WeekendPlanner.isAvailable(activity, on: date)
    }

    static func markerText(_ kind: MarkerKind, count: Int, _ l: Language) -> String {
        switch kind {
        case .holiday: count == 1 ? l.t("public holiday", "Feiertag") : l.t("\(count) holidays", "\(count) Feiertage")
        case .school: l.t("school holidays", "Schulferien")
        case .event: count == 1 ? l.t("1 city event", "1 Anlass") : l.t("\(count) city events", "\(count) Anlässe")
        case .recurring:
            count == 1
                ? l.t("1 recurring activity", "1 regelmässiges Angebot")
                : l.t("\(count) recurring activities", "\(count) regelmässige Angebote")
        case .seasonal:
            count == 1
                ? l.t("1 seasonal activity", "1 saisonales Angebot")
                : l.t("\(count) seasonal activities", "\(count) saisonale Angebote")
        }
    }

    static func chipLabel(_ kind: EventsKind, _ l: Language) -> String {
        switch kind {
        case .all: l.t("All", "Alle")
        case .holidays: l.t("Holidays", "Feiertage")
        case .school: l.t("School holidays", "Schulferien")
        case .events: l.t("Events", "Anlässe")
        case .recurring: l.t("Recurring", "Regelmässig")
        case .seasonal: l.t("Seasonal", "Saisonal")
        }
    }

    /// Only a plain host name with an optional port goes into the webcal link.
    static func validHost(_ host: String) -> String? {
        guard !host.isEmpty, host.count <= 255,
            host.unicodeScalars.allSatisfy({
                ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0)
                    || ".-:[]".unicodeScalars.contains($0)
            })
        else { return nil }
        return host
    }

    // MARK: Items

    static func item(_ event: CityEvent, _ input: EventsInput, anchorPrefix: String) -> Item {
        let l = input.prefs.language
        var badges: [Badge] = []
        if event.toddlerFriendly { badges.append(Badge(icon: "👶", text: l.t("Toddler-friendly", "Für Kleinkinder"))) }
        if event.free { badges.append(Badge(icon: "🆓", text: l.t("Free", "Gratis"))) }
        return Item(
            anchor: "\(anchorPrefix)-\(event.id)", kind: .event, title: l == .de ? event.nameDE : event.name,
            when: SwissDateText.range(event.startDate, event.endDate, l),
            description: l == .de ? event.descriptionDE : event.description, badges: badges,
            website: event.url.isEmpty ? nil : event.url,
            icsURL: input.prefs.link(.eventICS, parameters: ["id": CalendarEntryID.event(event.id).description]))
    }

    static func item(_ holiday: Holiday, _ input: EventsInput, anchorPrefix: String) -> Item {
        let l = input.prefs.language
        let id = CalendarEntryID.holiday(city: input.prefs.city.id, key: holiday.key, date: holiday.date)
        let kindText: String =
            switch holiday.kind {
            case .public:
                holiday.scope == .national
                    ? l.t("Public holiday in all of Switzerland", "Feiertag in der ganzen Schweiz")
                    : l.t(
                        "Public holiday in the canton of \(holiday.canton.rawValue)",
                        "Feiertag im Kanton \(holiday.canton.rawValue)")
            case .halfDay: l.t("Half-day holiday: the afternoon is off", "Halber Feiertag: der Nachmittag ist frei")
            case .observance: l.t("Local festival, not a day off", "Lokales Fest, kein freier Tag")
            }
        return Item(
            anchor: "\(anchorPrefix)-\(id)", kind: .holiday, title: holiday.name.text(l),
            when: SwissDateText.range(holiday.date, holiday.date, l), description: kindText, badges: [],
            website: nil, icsURL: input.prefs.link(.eventICS, parameters: ["id": id.description]))
    }

    static func item(_ period: SchoolHoliday, _ input: EventsInput, anchorPrefix: String) -> Item {
        let l = input.prefs.language
        let id = CalendarEntryID.school(city: input.prefs.city.id, start: period.startDate)
        let days = period.startDate.days(to: period.endDate) + 1
        return Item(
            anchor: "\(anchorPrefix)-\(id)", kind: .school, title: l == .de ? period.nameDE : period.name,
            when: SwissDateText.range(period.startDate, period.endDate, l),
            description: l.t(
                "School holidays in \(input.prefs.cityName), \(days) days",
                "Schulferien in \(input.prefs.cityName), \(days) Tage"),
            badges: [], website: nil, icsURL: input.prefs.link(.eventICS, parameters: ["id": id.description]))
    }

    static func item(_ activity: Activity, kind: MarkerKind, _ input: EventsInput, anchorPrefix: String) -> Item {
        let l = input.prefs.language
        var badges: [Badge] = [
            Badge(
                icon: activity.indoor ? "🏠" : "🌳",
                text: activity.indoor ? l.t("Indoor", "Drinnen") : l.t("Outdoor", "Draussen"))
        ]
        if activity.free == true { badges.append(Badge(icon: "🆓", text: l.t("Free", "Gratis"))) }
        let when: String
        if kind == .recurring, let text = activity.recurring {
            when = text
        } else if let months = activity.availableMonths, !months.isEmpty {
            when = months.map { SwissDateText.month($0, l) }.joined(separator: ", ")
        } else {
            when = activity.season ?? ""
        }
        let point = activity.lat.flatMap { lat in activity.lon.map { TodayInSwitzerland.GeoPoint(lat: lat, lon: $0) } }
        return Item(
            anchor: "\(anchorPrefix)-\(activity.id)", kind: kind, title: l == .de ? activity.nameDE : activity.name,
            when: when, description: l == .de ? activity.descriptionDE : activity.description, badges: badges,
            website: activity.url.flatMap { $0.isEmpty ? nil : $0 }, icsURL: nil,
            directionsURL: point.map(SwissComponents.directionsURL))
    }

    // MARK: Day and month

    static func dayDetail(
        _ input: EventsInput, date: CivilDate, recurring: [Activity], seasonal: [Activity]
    ) -> DayDetail {
        let l = input.prefs.language
        let isToday = date == input.today
        let holidays = input.holidays.filter { $0.date == date }
        let school = input.schoolHolidays.filter { $0.startDate <= date && date <= $0.endDate }
        let events = EventsCalendar.day(date, events: input.events).events
        let onDay = recurring.filter { occurs($0, on: date) }
        let inSeason = seasonal.filter { WeekendPlanner.isAvailable($0, on: date) }
        let dayName = isToday ? l.t("today", "heute") : SwissDateText.dayMonth(date, l)
        var sections: [Section] = []
        if !holidays.isEmpty {
            sections.append(
                Section(
                    kind: .holiday, heading: l.t("Holiday", "Feiertag"),
                    items: holidays.map { item($0, input, anchorPrefix: "day") }))
        }
        if !school.isEmpty {
            sections.append(
                Section(
                    kind: .school, heading: l.t("School holidays", "Schulferien"),
                    items: school.map { item($0, input, anchorPrefix: "day") }))
        }
        if !events.isEmpty {
            sections.append(
                Section(
                    kind: .event,
                    heading: isToday
                        ? l.t("Happening today", "Was heute läuft")
                        : l.t("Happening on \(dayName)", "Was am \(dayName) läuft"),
                    items: events.map { item($0, input, anchorPrefix: "day") }))
        }
        if !onDay.isEmpty {
            sections.append(
                Section(
                    kind: .recurring,
                    heading: isToday
                        ? l.t("Available today", "Heute verfügbar")
                        : l.t("Available on \(dayName)", "Am \(dayName) verfügbar"),
                    items: onDay.map { item($0, kind: .recurring, input, anchorPrefix: "day") }))
        }
        if !inSeason.isEmpty {
            sections.append(
                Section(
                    kind: .seasonal, heading: l.t("In season", "Saisonal"),
                    items: inSeason.map { item($0, kind: .seasonal, input, anchorPrefix: "day") }))
        }
        var advice: Advice?
        if isToday, let weather = input.weather, weather.available {
            let indoors = WeatherCodes.isRain(weather.weatherCode) || weather.temperature < 5
            advice = Advice(
                icon: weather.icon,
                weather: "\(weather.temperature)°C, \(WeatherCodes.description(weather.weatherCode, in: l))",
                text: indoors
                    ? l.t("Stay cosy indoors", "Gemütlich drinnen bleiben")
                    : l.t("Great day to be outside", "Ein super Tag für draussen"),
                link: input.prefs.link(.activities, [("filter", indoors ? "indoor" : "outdoor")]))
        }
        return DayDetail(
            heading: SwissDateText.long(date, l), isToday: isToday, advice: advice, sections: sections,
            emptyText: sections.isEmpty
                ? l.t("No special events on this day.", "Keine besonderen Anlässe an diesem Tag.") : nil)
    }

    static func monthList(
        _ input: EventsInput, month: CalendarMonth, kind: EventsKind, recurring: [Activity], seasonal: [Activity]
    ) -> [Item] {
        func wanted(_ marker: MarkerKind) -> Bool { kind.marker == nil || kind.marker == marker }
        var dated: [(CivilDate, Item)] = []
        if wanted(.holiday) {
            dated += input.holidays.filter { month.contains($0.date) }.map {
                ($0.date, item($0, input, anchorPrefix: "list"))
            }
        }
        if wanted(.school) {
            dated += input.schoolHolidays.filter { $0.startDate <= month.last && $0.endDate >= month.first }.map {
                ($0.startDate, item($0, input, anchorPrefix: "list"))
            }
        }
        if wanted(.event) {
            dated += EventsCalendar.events(in: month, from: input.events).map {
                ($0.startDate, item($0, input, anchorPrefix: "list"))
            }
        }
        var result = dated.enumerated().sorted { a, b in
            a.element.0 != b.element.0 ? a.element.0 < b.element.0 : a.offset < b.offset
        }.map(\.element.1)
        let days = (0..<CivilDate.days(inMonth: month.month, year: month.year)).map { month.first.adding(days: $0) }
        if wanted(.recurring) {
            result += recurring.filter { activity in days.contains { occurs(activity, on: $0) } }.map {
                item($0, kind: .recurring, input, anchorPrefix: "list")
            }
        }
        if wanted(.seasonal) {
            result += seasonal.filter { activity in days.contains { WeekendPlanner.isAvailable(activity, on: $0) } }.map
            {
                item($0, kind: .seasonal, input, anchorPrefix: "list")
            }
        }
        return result
    }
}
