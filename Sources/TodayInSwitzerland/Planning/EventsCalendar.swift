import Foundation

/// A month of the events calendar.
public struct CalendarMonth: Codable, Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The year.
    public var year: Int
    /// 1–12.
    public var month: Int

    /// A month, nil when `month` is not 1–12 or the year is out of 1…9999.
    public init?(year: Int, month: Int) {
        guard (1...12).contains(month), (1...9999).contains(year) else { return nil }
        self.year = year
        self.month = month
    }

    /// The month containing `date`.
    public init(containing date: CivilDate) {
        year = date.year
        month = date.month
    }

    /// Parses "YYYY-MM"; nil for anything else.
    public init?(_ text: some StringProtocol) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[0].count == 4, parts[1].count == 2, let y = Int(parts[0]), let m = Int(parts[1])
        else { return nil }
        self.init(year: y, month: m)
    }

    /// The first day.
    public var first: CivilDate { CivilDate(dayNumber: CivilDate.dayNumber(year: year, month: month, day: 1)) }
    /// The last day.
    public var last: CivilDate { first.adding(days: CivilDate.days(inMonth: month, year: year) - 1) }
    /// The month after.
    public var next: CalendarMonth { CalendarMonth(containing: last.adding(days: 1)) }
    /// The month before.
    public var previous: CalendarMonth { CalendarMonth(containing: first.adding(days: -1)) }
    /// Whether `date` lies in this month.
    public func contains(_ date: CivilDate) -> Bool { date.year == year && date.month == month }

    /// "YYYY-MM".
    public var description: String { String(format: "%04d-%02d", year, month) }

    /// Earlier months first.
    public static func < (a: Self, b: Self) -> Bool { (a.year, a.month) < (b.year, b.month) }

    /// Reads "YYYY-MM".
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let month = CalendarMonth(text) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "expected YYYY-MM, got \(text)")
        }
        self = month
    }

    /// Writes "YYYY-MM".
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}

/// A public holiday as the calendar shows it (the holiday calendar's entries map to this).
public struct CalendarHoliday: Codable, Sendable, Equatable {
    /// The day.
    public var date: CivilDate
    /// English name.
    public var name: String
    /// German name.
    public var nameDE: String
    /// Only the afternoon is off (e.g. Sechseläuten).
    public var halfDay: Bool

    /// A holiday from its parts.
    public init(date: CivilDate, name: String, nameDE: String, halfDay: Bool = false) {
        self.date = date
        self.name = name
        self.nameDE = nameDE
        self.halfDay = halfDay
    }
}

/// One day of the calendar with everything on it.
public struct CalendarDay: Codable, Sendable, Equatable {
    /// The day.
    public var date: CivilDate
    /// False for the leading and trailing days of the adjacent months that fill the first and last week.
    public var inMonth: Bool
    /// The Swiss today.
    public var isToday: Bool
    /// Saturday or Sunday.
    public var isWeekend: Bool
    /// Events running on this day (first day, last day or in between), by start date then name.
    public var events: [CityEvent]
    /// Public holidays on this day.
    public var holidays: [CalendarHoliday]
    /// School holidays covering this day.
    public var schoolHolidays: [SchoolHoliday]
    /// Day-bound activities on this weekday (markets, story times: a `recurring` text naming days), in season. Only
    /// the day detail fills it; grid days leave it empty.
    public var recurring: [Activity]

    /// A day from its parts.
    public init(
        date: CivilDate, inMonth: Bool, isToday: Bool, events: [CityEvent], holidays: [CalendarHoliday],
        schoolHolidays: [SchoolHoliday], recurring: [Activity] = []
    ) {
        self.date = date
        self.inMonth = inMonth
        self.isToday = isToday
        isWeekend = date.isoWeekday >= 6
        self.events = events
        self.holidays = holidays
        self.schoolHolidays = schoolHolidays
        self.recurring = recurring
    }

    /// Nothing on this day.
    public var isEmpty: Bool { events.isEmpty && holidays.isEmpty && schoolHolidays.isEmpty }
}

/// The calendar grid of a month: whole weeks, Monday first.
public struct MonthGrid: Codable, Sendable, Equatable {
    /// The month shown.
    public var month: CalendarMonth
    /// 4 to 6 weeks of 7 days, Monday to Sunday, padded with days of the adjacent months.
    public var weeks: [[CalendarDay]]

    /// A grid from its parts.
    public init(month: CalendarMonth, weeks: [[CalendarDay]]) {
        self.month = month
        self.weeks = weeks
    }

    /// All days of the grid in order.
    public var days: [CalendarDay] { weeks.flatMap { $0 } }
    /// The day of `date` if the grid shows it.
    public func day(_ date: CivilDate) -> CalendarDay? { days.first { $0.date == date } }
}

/// The events calendar (app spec, phase 2): a month grid with events, public and school holidays, and the detail of a
/// day. Dates are Swiss calendar days.
public enum EventsCalendar {
    /// The month grid: whole Monday-first weeks covering `month`; days of the adjacent months are flagged
    /// `inMonth: false` and carry their events too (the grid shows dots on them).
    public static func monthGrid(
        _ month: CalendarMonth, events: [CityEvent], holidays: [CalendarHoliday] = [],
        schoolHolidays: [SchoolHoliday] = [], today: CivilDate? = nil
    ) -> MonthGrid {
        let start = month.first.adding(days: 1 - month.first.isoWeekday)
        let end = month.last.adding(days: 7 - month.last.isoWeekday)
        let visible = events.filter { overlaps($0, from: start, to: end) }
        let visibleSchool = schoolHolidays.filter {
            overlaps(start: $0.startDate, end: $0.endDate, from: start, to: end)
        }
        var weeks: [[CalendarDay]] = []
        var date = start
        while date <= end {
            var week: [CalendarDay] = []
            for _ in 0..<7 {
                week.append(
                    day(
                        date, events: visible, holidays: holidays, schoolHolidays: visibleSchool, today: today,
                        inMonth: month.contains(date)))
                date = date.adding(days: 1)
            }
            weeks.append(week)
        }
        return MonthGrid(month: month, weeks: weeks)
    }

    /// The detail of one day: events overlapping it, its holidays, the school holidays covering it and, from
    /// `activities`, the day-bound ones held on that weekday (``WeekendPlanner/weekdays(in:)``) and in season.
    public static func day(
        _ date: CivilDate, events: [CityEvent], holidays: [CalendarHoliday] = [], schoolHolidays: [SchoolHoliday] = [],
        activities: [Activity] = [], today: CivilDate? = nil
    ) -> CalendarDay {
        var detail = day(
            date, events: events, holidays: holidays, schoolHolidays: schoolHolidays, today: today, inMonth: true)
        detail.recurring = activities.filter { activity in
            guard let text = activity.recurring, let days = WeekendPlanner.weekdays(in: text), days.count < 7 else {
                return false
            }
            return days.contains(date.isoWeekday) && WeekendPlanner.isAvailable(activity, on: date)
        }
        return detail
    }

    static func day(
        _ date: CivilDate, events: [CityEvent], holidays: [CalendarHoliday], schoolHolidays: [SchoolHoliday],
        today: CivilDate?, inMonth: Bool
    ) -> CalendarDay {
        CalendarDay(
            date: date, inMonth: inMonth, isToday: date == today,
            events: sorted(events.filter { occurs($0, on: date) }),
            holidays: holidays.filter { $0.date == date },
            schoolHolidays: schoolHolidays.filter {
                overlaps(start: $0.startDate, end: $0.endDate, from: date, to: date)
            })
    }

    /// The events running at some point in `month`, by start date then name (the list under the grid).
    public static func events(in month: CalendarMonth, from events: [CityEvent]) -> [CityEvent] {
        sorted(events.filter { overlaps($0, from: month.first, to: month.last) })
    }

    /// Whether an event runs on `date`. An event whose end lies before its start counts as its start day only.
    public static func occurs(_ event: CityEvent, on date: CivilDate) -> Bool {
        overlaps(event, from: date, to: date)
    }

    /// Events narrowed by the list's filters: only toddler-friendly ones and/or only free ones, optionally one city.
    public static func filter(
        _ events: [CityEvent], city: String? = nil, toddlerFriendly: Bool = false, free: Bool = false
    ) -> [CityEvent] {
        events.filter { event in
            (city == nil || event.city == city) && (!toddlerFriendly || event.toddlerFriendly) && (!free || event.free)
        }
    }

    static func overlaps(_ event: CityEvent, from: CivilDate, to: CivilDate) -> Bool {
        overlaps(start: event.startDate, end: event.endDate, from: from, to: to)
    }

    static func overlaps(start: CivilDate, end: CivilDate, from: CivilDate, to: CivilDate) -> Bool {
        let last = max(start, end)
        return start <= to && last >= from
    }

    static func sorted(_ events: [CityEvent]) -> [CityEvent] {
        events.stableSorted { a, b in
            if a.startDate != b.startDate { return a.startDate < b.startDate }
            return a.name < b.name
        }
    }
}
