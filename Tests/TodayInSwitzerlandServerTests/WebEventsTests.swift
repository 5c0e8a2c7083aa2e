import Foundation
import Plot
import Testing
import TodayInSwitzerland
import WebUI

@testable import TodayInSwitzerlandServer

/// Plot has a `Language` too; these tests mean the app's.
typealias Language = TodayInSwitzerland.Language

/// The events page model (calendar grid, markers, day detail, filters, list) and its view.
@Suite("Swiss web: events page")
struct WebEventsTests {
    static func date(_ text: String) -> CivilDate {
        guard let date = CivilDate(text) else { fatalError("bad test date \(text)") }
        return date
    }

    static let zurich = City.all[0]

    static func event(
        _ id: String, _ start: String, _ end: String, toddler: Bool = true, free: Bool = false, url: String = ""
    ) -> CityEvent {
        CityEvent(
            id: id, name: "Event \(id)", nameDE: "Anlass \(id)", city: "zurich", startDate: date(start),
            endDate: date(end), description: "About \(id)", descriptionDE: "Über \(id)", toddlerFriendly: toddler,
            free: free, url: url)
    }

    static let market = Activity(
        id: "market", city: "zurich", name: "Market", nameDE: "Markt", description: "Fresh food",
        descriptionDE: "Frisches", indoor: false, ageRange: "2-5 years", duration: "1 hour", category: .event,
        lat: 47.37, lon: 8.54, recurring: "Tue & Fri 6:00-11:00")
    static let various = Activity(
        id: "stories", city: "zurich", name: "Stories", nameDE: "Geschichten", description: "d", descriptionDE: "d",
        indoor: true, ageRange: "2-5 years", duration: "1 hour", category: .event, recurring: "Various days")
    static let christmasMarket = Activity(
        id: "xmas", city: "zurich", name: "Christmas market", nameDE: "Weihnachtsmarkt", description: "d",
        descriptionDE: "d", indoor: false, ageRange: "2-5 years", duration: "1 hour", category: .seasonal,
        season: "winter", availableMonths: [11, 12])

    static func input(
        today: String = "2026-11-26", language: Language = .en, month: String? = nil, day: String? = nil,
        kind: String? = nil, weather: CurrentWeather? = nil, events: [CityEvent]? = nil
    ) throws -> EventsInput {
        let query = try EventsQuery.parse(month: month, day: day, kind: kind).get()
        let prefs = SwissPrefs(city: zurich, language: language, theme: .system)
        let holidays = (2025...2027).flatMap { HolidayCalendar.holidays(year: $0, city: zurich) }
        return EventsInput(
            prefs: prefs, today: date(today), now: Date(timeIntervalSince1970: 1_795_700_000), query: query,
            events: events ?? [
                event("wienachtsdorf", "2026-11-19", "2026-12-23", free: true),
                event("parade", "2026-12-05", "2026-12-05", toddler: false, url: "https://example.org/parade"),
                event("october", "2026-10-01", "2026-10-02"),
            ],
            holidays: holidays, schoolHolidays: SchoolHolidays.periods(for: zurich),
            activities: [market, various, christmasMarket], weather: weather, weatherState: nil,
            host: "example.org:8080")
    }

    @Test("the grid: whole Monday-first weeks, today and the selected day marked, markers by kind")
    func grid() throws {
        let model = EventsModel.make(try Self.input())
        #expect(model.monthLabel == "November 2026")
        #expect(model.weeks.count == 6)
        #expect(model.weeks.allSatisfy { $0.count == 7 })
        #expect(model.weeks[0][0].date == Self.date("2026-10-26"))
        #expect(model.weeks[0][0].date.isoWeekday == 1)
        #expect(model.weekdays.first?.long == "Monday")
        let days = model.weeks.flatMap { $0 }
        let today = try #require(days.first { $0.isToday })
        #expect(today.date == Self.date("2026-11-26"))
        #expect(today.isSelected)
        #expect(days.filter(\.isSelected).count == 1)
        let kinds = Set(today.markers.map(\.kind))
        #expect(kinds == [.event, .seasonal])  // Thursday: no market
        let friday = try #require(days.first { $0.date == Self.date("2026-11-27") })
        #expect(Set(friday.markers.map(\.kind)) == [.event, .recurring, .seasonal])
        #expect(friday.spoken.contains("Friday, 27 November 2026") && friday.spoken.contains("1 recurring activity"))
        // "Various days" is not day-bound: no recurring marker from it on other days.
        let monday = try #require(days.first { $0.date == Self.date("2026-11-23") })
        #expect(!monday.markers.contains { $0.kind == .recurring })
        // The next month's padding days carry their markers too, and link to their own month.
        let december = try #require(days.first { $0.date == Self.date("2026-12-05") })
        #expect(!december.inMonth)
        #expect(december.markers.contains { $0.kind == .event && $0.text == "2 city events" })
        #expect(december.url.contains("month=2026-12") && december.url.contains("day=2026-12-05"))
        #expect(model.previousURL.contains("month=2026-10") && model.nextURL.contains("month=2026-12"))
        #expect(model.todayURL == nil)
    }

    @Test("public and school holidays appear in the grid, the day detail and the month list with ICS links")
    func holidays() throws {
        let model = EventsModel.make(try Self.input(month: "2026-12", day: "2026-12-25"))
        let christmas = try #require(model.weeks.flatMap { $0 }.first { $0.date == Self.date("2026-12-25") })
        #expect(christmas.markers.map(\.kind).contains(.holiday))
        #expect(christmas.markers.map(\.kind).contains(.school))
        #expect(model.detail.heading == "Friday, 25 December 2026")
        #expect(model.detail.sections.map(\.kind) == [.holiday, .school, .recurring, .seasonal])
        let holiday = try #require(model.detail.sections.first?.items.first)
        #expect(holiday.title == "Christmas Day")
        #expect(holiday.icsURL?.hasPrefix("/swiss/app/events/holiday-zurich-christmas-2026-12-25/ics?") == true)
        #expect(model.list.contains { $0.kind == .school && $0.when == "21 Dec 2026 – 1 Jan 2027" })
        #expect(model.todayURL?.contains("month=2026-11") == true)
        // Dated items first by date, then recurring and seasonal.
        let kinds = model.list.map(\.kind)
        #expect(
            kinds.lastIndex { $0 == .event || $0 == .holiday || $0 == .school } ?? 0 < kinds.firstIndex(of: .recurring)
                ?? 0)
    }

    @Test("a kind filter keeps only its markers and list items, and every link keeps the filter")
    func kindFilter() throws {
        let model = EventsModel.make(try Self.input(month: "2026-12", kind: "holidays"))
        #expect(model.weeks.flatMap { $0 }.flatMap(\.markers).allSatisfy { $0.kind == .holiday })
        #expect(!model.list.isEmpty && model.list.allSatisfy { $0.kind == .holiday })
        #expect(model.chips.first { $0.isCurrent }?.key == "holidays")
        #expect(model.nextURL.contains("kind=holidays") && model.weeks[0][0].url.contains("kind=holidays"))
        #expect(model.chips.first { $0.key == "all" }.map { !$0.url.contains("kind=") } == true)
        let events = EventsModel.make(try Self.input(kind: "events"))
        #expect(events.list.map(\.title) == ["Event wienachtsdorf"])
        #expect(events.list[0].badges.map(\.text) == ["Toddler-friendly", "Free"])
        let empty = EventsModel.make(try Self.input(month: "2026-11", kind: "school"))
        #expect(empty.list.isEmpty)
    }

    @Test("today's detail gives weather advice: indoors for rain or cold, outside otherwise; none when unavailable")
    func weatherAdvice() throws {
        func weather(_ code: Int, _ temperature: Int) -> CurrentWeather {
            CurrentWeather(
                temperature: temperature, weatherCode: code, windSpeed: 5, description: "", hourly: [], icon: "☀️")
        }
        let rainy = EventsModel.make(try Self.input(weather: weather(63, 12)))
        #expect(rainy.detail.advice?.text == "Stay cosy indoors")
        #expect(rainy.detail.advice?.link.contains("filter=indoor") == true)
        #expect(EventsModel.make(try Self.input(weather: weather(0, 3))).detail.advice?.text == "Stay cosy indoors")
        #expect(
            EventsModel.make(try Self.input(weather: weather(1, 14))).detail.advice?.text == "Great day to be outside")
        #expect(EventsModel.make(try Self.input(weather: .unavailable(.en))).detail.advice == nil)
        // Another day: no advice even with weather.
        #expect(EventsModel.make(try Self.input(day: "2026-11-27", weather: weather(1, 14))).detail.advice == nil)
    }

    @Test("German: month, weekdays, the date written out, section headings and badges")
    func german() throws {
        let model = EventsModel.make(try Self.input(language: .de, day: "2026-11-27"))
        #expect(model.monthLabel == "November 2026")
        #expect(model.title == "Was läuft")
        #expect(model.weekdays.map(\.short) == ["Mo", "Di", "Mi", "Do", "Fr", "Sa", "So"])
        #expect(model.detail.heading == "Freitag, 27. November 2026")
        #expect(model.detail.sections.map(\.heading).contains("Was am 27. November läuft"))
        #expect(model.detail.sections.map(\.heading).contains("Am 27. November verfügbar"))
        let item = try #require(model.detail.sections.first { $0.kind == .event }?.items.first)
        #expect(item.title == "Anlass wienachtsdorf" && item.description == "Über wienachtsdorf")
        #expect(item.when == "19. Nov. – 23. Dez. 2026")
        #expect(item.badges.map(\.text) == ["Für Kleinkinder", "Gratis"])
        #expect(item.icsURL?.contains("lang=de") == true)
        let march = EventsModel.make(try Self.input(language: .de, month: "2026-03"))
        #expect(march.monthLabel == "März 2026")
    }

    @Test("an empty day says so; a month without today selects its first day")
    func emptyDay() throws {
        let first = EventsModel.make(try Self.input(month: "2026-09", events: []))
        #expect(first.detail.heading == "Tuesday, 1 September 2026")
        #expect(first.detail.sections.map(\.kind) == [.recurring])  // the Tuesday market
        #expect(first.detail.emptyText == nil)
        let model = EventsModel.make(try Self.input(day: "2026-09-02", events: []))
        #expect(model.monthLabel == "September 2026")
        #expect(model.detail.sections.isEmpty)
        #expect(model.detail.emptyText == "No special events on this day.")
    }

    @Test("the feed links: webcal with the visitor's host, a download link; a hostile host is left out")
    func feedLinks() throws {
        var input = try Self.input(language: .de)
        let model = EventsModel.make(input)
        #expect(model.feed.webcalURL == "webcal://example.org:8080/swiss/app/calendar/zurich/events.ics?lang=de")
        #expect(model.feed.downloadURL == "/swiss/app/calendar/zurich/events.ics?lang=de")
        input.host = "evil.example/\"><script>"
        #expect(EventsModel.make(input).feed.webcalURL == nil)
    }

    @Test("bad query values are refused with a message naming the valid form")
    func badQueries() {
        for (month, day, kind, message) in [
            ("2026-13", nil, nil, "month must look like 2026-12"), ("26-11", nil, nil, "month must"),
            ("9999-01", nil, nil, "years 1900–2200"), (nil, "2026-02-30", nil, "day must look like"),
            (nil, "tomorrow", nil, "day must"), (nil, nil, "parties", "kind must be one of: all, holidays"),
        ] as [(String?, String?, String?, String)] {
            switch EventsQuery.parse(month: month, day: day, kind: kind) {
            case .success: Issue.record("accepted \(month ?? "") \(day ?? "") \(kind ?? "")")
            case .failure(let error): #expect(error.message.contains(message), "\(error.message)")
            }
        }
        #expect(
            (try? EventsQuery.parse(month: nil, day: "2026-12-05", kind: "all").get())?.day == Self.date("2026-12-05"))
    }

    @Test("the view: a real table with a caption, today as aria-current=date, spoken markers, no inline styles")
    func view() throws {
        let model = EventsModel.make(
            try Self.input(
                weather: CurrentWeather(
                    temperature: 3, weatherCode: 61, windSpeed: 5, description: "", hourly: [], icon: "🌦️")))
        let html = EventsView.main(model, .en).render()
        #expect(html.contains("<table class=\"cal-grid\" aria-labelledby=\"month-label\">"))
        #expect(html.contains("<th scope=\"col\"><abbr title=\"Monday\">Mon</abbr></th>"))
        #expect(html.contains("aria-current=\"date\""))
        #expect(html.components(separatedBy: "aria-current=\"date\"").count == 2)
        #expect(
            html.contains(
                "<span class=\"visually-hidden\">Thursday, 26 November 2026, today, selected, 1 city event, 1 seasonal activity</span>"
            ))
        #expect(html.contains("class=\"cal-day today selected\""))
        #expect(html.contains("Stay cosy indoors"))
        #expect(html.contains("href=\"/swiss/app/events/wienachtsdorf/ics?city=zurich&amp;lang=en\""))
        #expect(html.contains("webcal://example.org:8080/swiss/app/calendar/zurich/events.ics?lang=en"))
        #expect(html.contains("<span class=\"marker marker-event\">●</span>"))
        #expect(!html.contains(" style=") && !html.contains("<script"))
        // Every id is unique.
        let ids = html.components(separatedBy: " id=\"").dropFirst().map { $0.prefix { $0 != "\"" } }
        #expect(Set(ids).count == ids.count)
    }
}
