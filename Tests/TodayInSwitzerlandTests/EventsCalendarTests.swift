import Foundation
import Testing

@testable import TodayInSwitzerland

private func calendarDay(_ text: String) throws -> CivilDate { try #require(CivilDate(text)) }

private func month(_ year: Int, _ month: Int) throws -> CalendarMonth {
    try #require(CalendarMonth(year: year, month: month))
}

private func event(
    _ id: String, _ start: String, _ end: String, city: String = "zurich", toddler: Bool = true, free: Bool = false
) throws -> CityEvent {
    CityEvent(
        id: id, name: id, nameDE: id, city: city, startDate: try calendarDay(start), endDate: try calendarDay(end),
        description: "", descriptionDE: "", toddlerFriendly: toddler, free: free)
}

@Suite("Events calendar")
struct EventsCalendarTests {
    private func events() throws -> [CityEvent] {
        [
            try event("easter-market", "2026-03-28", "2026-04-06", free: true),
            try event("sechselaeuten", "2026-04-20", "2026-04-20"),
            try event("circus", "2026-04-29", "2026-05-10", toddler: false),
            try event("may-fair", "2026-05-02", "2026-05-02", city: "basel"),
            try event("typo", "2026-04-15", "2026-04-13"),  // end before start: its start day only
            try event("autumn", "2026-10-01", "2026-10-04"),
        ]
    }

    @Test("April 2026: five Monday-first weeks from 30 March to 3 May, adjacent days flagged")
    func aprilGrid() throws {
        let today = try calendarDay("2026-04-20")
        let grid = EventsCalendar.monthGrid(try month(2026, 4), events: try events(), today: today)
        #expect(grid.weeks.count == 5)
        #expect(grid.weeks.allSatisfy { $0.count == 7 })
        #expect(grid.weeks.allSatisfy { $0.first?.date.isoWeekday == 1 && $0.last?.date.isoWeekday == 7 })
        #expect(grid.days.first?.date.description == "2026-03-30")
        #expect(grid.days.last?.date.description == "2026-05-03")
        #expect(grid.days.filter(\.inMonth).count == 30)
        #expect(grid.days.prefix(2).allSatisfy { !$0.inMonth })
        #expect(grid.days.suffix(3).allSatisfy { !$0.inMonth })
        #expect(grid.days.filter(\.isToday).map(\.date) == [today])
        #expect(grid.days.filter(\.isWeekend).count == 10)
        // Leading days carry their events too.
        #expect(grid.day(try calendarDay("2026-03-30"))?.events.map(\.id) == ["easter-market"])
        #expect(grid.day(try calendarDay("2026-04-06"))?.events.map(\.id) == ["easter-market"])
        #expect(grid.day(try calendarDay("2026-04-07"))?.events.isEmpty == true)
        #expect(grid.day(try calendarDay("2026-05-02"))?.events.map(\.id) == ["circus", "may-fair"])
        #expect(grid.day(try calendarDay("2026-04-15"))?.events.map(\.id) == ["typo"])
        #expect(grid.day(try calendarDay("2026-04-14"))?.events.isEmpty == true)
        #expect(grid.day(try calendarDay("2026-05-04")) == nil)
    }

    @Test("grids of 4 and 6 weeks, and the DST month has every day once")
    func gridSizes() throws {
        let february = EventsCalendar.monthGrid(try month(2027, 2), events: [])  // 1 Feb 2027 is a Monday
        #expect(february.weeks.count == 4)
        #expect(february.days.allSatisfy { $0.inMonth })
        let august = EventsCalendar.monthGrid(try month(2026, 8), events: [])  // 1 Aug 2026 is a Saturday
        #expect(august.weeks.count == 6)
        #expect(august.days.first?.date.description == "2026-07-27")
        #expect(august.days.last?.date.description == "2026-09-06")
        for (year, number) in [(2026, 3), (2026, 10), (2028, 2)] {
            let grid = EventsCalendar.monthGrid(try month(year, number), events: [])
            let dates = grid.days.map(\.date)
            #expect(zip(dates, dates.dropFirst()).allSatisfy { $0.adding(days: 1) == $1 })
            #expect(grid.days.filter(\.inMonth).count == CivilDate.days(inMonth: number, year: year))
        }
        #expect(try month(2026, 3).last.description == "2026-03-31")
        #expect(try month(2028, 2).last.description == "2028-02-29")
    }

    @Test("holidays and school holidays appear on their days")
    func holidays() throws {
        let holidays = [
            CalendarHoliday(date: try calendarDay("2026-04-03"), name: "Good Friday", nameDE: "Karfreitag"),
            CalendarHoliday(
                date: try calendarDay("2026-04-20"), name: "Sechseläuten", nameDE: "Sechseläuten", halfDay: true),
        ]
        let school = [
            SchoolHoliday(
                name: "Spring holidays", nameDE: "Frühlingsferien", startDate: try calendarDay("2026-04-18"),
                endDate: try calendarDay("2026-05-03"))
        ]
        let grid = EventsCalendar.monthGrid(
            try month(2026, 4), events: try events(), holidays: holidays, schoolHolidays: school)
        #expect(grid.day(try calendarDay("2026-04-03"))?.holidays.map(\.name) == ["Good Friday"])
        #expect(grid.day(try calendarDay("2026-04-20"))?.holidays.first?.halfDay == true)
        #expect(grid.days.filter { !$0.schoolHolidays.isEmpty }.count == 16)
        #expect(grid.day(try calendarDay("2026-04-17"))?.isEmpty == true)
        let detail = EventsCalendar.day(
            try calendarDay("2026-04-20"), events: try events(), holidays: holidays, schoolHolidays: school,
            today: try calendarDay("2026-04-20"))
        #expect(detail.isToday)
        #expect(detail.events.map(\.id) == ["sechselaeuten"])
        #expect(detail.holidays.count == 1)
        #expect(detail.schoolHolidays.count == 1)
        #expect(detail.recurring.isEmpty)
    }

    @Test("day detail lists day-bound activities of that weekday, in season")
    func recurringActivities() throws {
        func activity(_ id: String, _ recurring: String?, months: [Int]? = nil) -> Activity {
            Activity(
                id: id, city: "zurich", name: id, nameDE: id, description: "", descriptionDE: "", indoor: false,
                ageRange: "2-5 years", duration: "1 hour", category: .outdoor, recurring: recurring,
                availableMonths: months)
        }
        let list = [
            activity("market", "Tue & Fri 6:00-11:00"), activity("story-time", "Mittwoch 10 Uhr"),
            activity("daily", "täglich"), activity("zoo", nil), activity("xmas-market", "Di-So", months: [11, 12]),
        ]
        let tuesday = EventsCalendar.day(try calendarDay("2026-04-21"), events: [], activities: list)
        #expect(tuesday.recurring.map(\.id) == ["market"])
        let wednesday = EventsCalendar.day(try calendarDay("2026-12-02"), events: [], activities: list)
        #expect(wednesday.recurring.map(\.id) == ["story-time", "xmas-market"])
        // Grid days stay light.
        let grid = EventsCalendar.monthGrid(try month(2026, 12), events: [])
        #expect(grid.days.allSatisfy { $0.recurring.isEmpty })
    }

    @Test("the month's event list and the list filters")
    func eventList() throws {
        let april = EventsCalendar.events(in: try month(2026, 4), from: try events())
        #expect(april.map(\.id) == ["easter-market", "typo", "sechselaeuten", "circus"])
        #expect(EventsCalendar.events(in: try month(2026, 9), from: try events()).isEmpty)
        #expect(EventsCalendar.filter(try events(), toddlerFriendly: true).map(\.id).contains("circus") == false)
        #expect(EventsCalendar.filter(try events(), free: true).map(\.id) == ["easter-market"])
        #expect(EventsCalendar.filter(try events(), city: "basel").map(\.id) == ["may-fair"])
    }

    @Test("months: parse, navigate across years, encode as YYYY-MM, reject nonsense")
    func months() throws {
        let december = try month(2026, 12)
        #expect(december.next == (try month(2027, 1)))
        #expect((try month(2027, 1)).previous == december)
        #expect(CalendarMonth("2026-04") == (try month(2026, 4)))
        #expect(CalendarMonth("2026-13") == nil)
        #expect(CalendarMonth("2026-4") == nil)
        #expect(CalendarMonth("april") == nil)
        #expect(CalendarMonth(year: 2026, month: 0) == nil)
        #expect(CalendarMonth(containing: try calendarDay("2026-04-20")).description == "2026-04")
        let data = try JSONEncoder().encode(EventsCalendar.monthGrid(december, events: []))
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(object["month"] as? String == "2026-12")
        #expect(try JSONDecoder().decode(MonthGrid.self, from: data) == EventsCalendar.monthGrid(december, events: []))
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(CalendarMonth.self, from: Data("\"2026-00\"".utf8))
        }
    }
}
