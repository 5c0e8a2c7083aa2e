import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import Plot
import ServerKit
import TodayInSwitzerland
import WebUI

/// The events page ("What's on"), "add to calendar" downloads and the city's subscribable calendar.
extension SwissWebController {
    /// `GET /swiss/app/events?month=YYYY-MM&day=YYYY-MM-DD&kind=`.
    func eventsPage(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        let prefs = SwissPrefs.resolve(request)
        let parameters = request.uri.queryParameters
        let query: EventsQuery
        switch EventsQuery.parse(
            month: parameters.get("month"), day: parameters.get("day"), kind: parameters.get("kind"))
        {
        case .failure(let error):
            return invalidQueryPage(request, prefs: prefs, section: .events, message: error.message)
        case .success(let value): query = value
        }
        let time = now
        let today = CivilDate(time)
        var input = app.eventsInput(prefs: prefs, query: query, today: today, now: time)
        input.host = request.head.authority
        // Only today's detail shows the weather (and only then does the page wait, at most the capped upstream time).
        if query.selectedDay(today: today) == today {
            let (weather, answer) = await app.weather(prefs.city, prefs.language, refresh: false)
            input.weather = weather
            input.weatherState = SourceState(answer)
        }
        let model = EventsModel.make(input)
        return Self.html(
            SwissLayout.page(
                title: model.title, section: .events, prefs: prefs, now: time, currentURL: Self.currentURL(request),
                stylesheets: ["swiss-calendar.css"], scripts: ["swiss-calendar.js"], bodyClass: "swiss-events",
                main: EventsView.main(model, prefs.language)))
    }

    /// `GET /swiss/app/events/:id/ics` — one event, holiday or school holiday as an iCalendar file (`?lang=`).
    func eventICS(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        let prefs = SwissPrefs.resolve(request)
        guard let text = context.parameters.get("id"), let id = CalendarEntryID(text),
            let entry = CalendarEntries.find(
                id, events: app.activityCatalog.events, schoolHolidays: SchoolHolidays.periods(for:),
                language: prefs.language)
        else {
            throw HTTPError(.notFound, message: "No such event or holiday. Pick one on the events page.")
        }
        let body = ICalendar.document([entry], stamp: now, language: prefs.language)
        return Self.calendar(body, filename: "\(id).ics", cache: "public, max-age=3600")
    }

    /// `GET /swiss/app/calendar/:city/events.ics` — the city's upcoming events, holidays and school holidays
    /// (`?lang=`), for calendar apps to subscribe to.
    func calendarFeed(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        let prefs = SwissPrefs.resolve(request)
        guard let id = context.parameters.get("city"), let city = City.find(id) else {
            throw HTTPError(
                .notFound, message: "No such city. Use one of: \(City.all.map(\.id).joined(separator: ", ")).")
        }
        let time = now
        let language = prefs.language
        let entries = CalendarEntries.feed(
            city: city, events: app.activityCatalog.events(city: city.id),
            schoolHolidays: SchoolHolidays.periods(for: city), today: CivilDate(time), language: language)
        let name = language.t("Today in \(city.name)", "Heute in \(city.nameDE)")
        let body = ICalendar.document(entries, stamp: time, name: name, language: language, refreshHours: 12)
        return Self.calendar(body, filename: "\(city.id)-events.ics", cache: "public, max-age=3600")
    }

    static func calendar(_ body: String, filename: String, cache: String) -> Response {
        Response(
            status: .ok,
            headers: [
                // The language may come from the settings cookie when a link has no `lang`.
                .contentType: "text/calendar; charset=utf-8", .cacheControl: cache, .vary: "Cookie",
                .contentDisposition: "attachment; filename=\"\(filename)\"",
            ],
            body: .init(byteBuffer: ByteBuffer(string: body)))
    }

    /// A 400 page in the app's frame naming what is wrong, with a link back to the page without the bad values.
    func invalidQueryPage(
        _ request: Request, prefs: SwissPrefs, section: SwissSection, message: String
    ) -> Response {
        let l = prefs.language
        return Self.html(
            SwissLayout.page(
                title: section.name(l), section: section, prefs: prefs, now: now,
                currentURL: prefs.link(section.url),
                main: .group(
                    .h1(.safeText(section.name(l))),
                    Components.errorState(
                        title: l.t("This link does not work", "Dieser Link funktioniert nicht"), message: message,
                        retryURL: prefs.link(section.url), strings: l == .de ? .de : .en))),
            status: .badRequest)
    }
}

extension SwissApp {
    /// The domain values of the events page for a city (the weather is added by the route when needed).
    func eventsInput(prefs: SwissPrefs, query: EventsQuery, today: CivilDate, now: Date) -> EventsInput {
        let month = query.month(today: today)
        var years = Set([month.previous.year, month.year, month.next.year])
        if let day = query.day { years.insert(day.year) }
        let holidays = years.sorted().flatMap { HolidayCalendar.holidays(year: $0, city: prefs.city) }
        return EventsInput(
            prefs: prefs, today: today, now: now, query: query, events: activityCatalog.events(city: prefs.city.id),
            holidays: holidays, schoolHolidays: SchoolHolidays.periods(for: prefs.city),
            activities: activityCatalog.activities(city: prefs.city.id) + activityCatalog.seasonal(city: prefs.city.id),
            weather: nil, weatherState: nil, host: nil)
    }
}
