import Foundation
import Hummingbird
import ServerKit
import TodayInSwitzerland

/// Query options beyond the worker's (its clients filter on the device; the web app can ask the server).
extension SwissApp {
    /// `filter=` and `sort=` of `/swiss/sunshine` (`sunny|partly|cloudy`, `hours|drive`) and `/swiss/snow`
    /// (`heavy|moderate|light`, `snowfall|drive`), validated.
    struct RankingOptions: Sendable {
        var filter: String?
        var sort: String?

        static func parse(_ request: Request, filters: [String], sorts: [String]) -> Result<Self, SwissQueryError> {
            let parameters = request.uri.queryParameters
            let filter = parameters.get("filter")
            let sort = parameters.get("sort")
            if let filter, !filters.contains(filter) {
                return .failure(SwissQueryError(message: "filter must be one of: \(filters.joined(separator: ", "))."))
            }
            if let sort, !sorts.contains(sort) {
                return .failure(SwissQueryError(message: "sort must be one of: \(sorts.joined(separator: ", "))."))
            }
            return .success(RankingOptions(filter: filter, sort: sort))
        }
    }

    /// `filter=indoor|outdoor|free|seasonal|stayhome|near` (`near=lat,lon`, `radius=` km, default 5), `ages=2-3|4-5`
    /// of `/swiss/activities`; nil when none is given.
    static func activityFilter(_ request: Request) -> Result<ActivityFilter?, SwissQueryError> {
        let parameters = request.uri.queryParameters
        let filter = parameters.get("filter")
        let agesText = parameters.get("ages")
        guard filter != nil || agesText != nil else { return .success(nil) }
        var ages = ActivityFilter.AgeBand.all
        if let agesText {
            guard let band = ActivityFilter.AgeBand(rawValue: agesText) else {
                return .failure(SwissQueryError(message: "ages must be 2-3 or 4-5."))
            }
            ages = band
        }
        let kind: ActivityFilter.Kind
        switch filter ?? "all" {
        case "all": kind = .all
        case "indoor": kind = .indoor
        case "outdoor": kind = .outdoor
        case "free": kind = .free
        case "seasonal": kind = .seasonal
        case "stayhome": kind = .stayHome
        case "near":
            let parts = (parameters.get("near") ?? "").split(separator: ",").compactMap { Double($0) }
            let radius = parameters.get("radius").flatMap(Double.init) ?? 5
            guard parts.count == 2, abs(parts[0]) <= 90, abs(parts[1]) <= 180, radius > 0, radius <= 100 else {
                return .failure(SwissQueryError(message: "filter=near needs near=lat,lon and radius 0–100 km."))
            }
            kind = .nearMe(GeoPoint(lat: parts[0], lon: parts[1]), radiusKm: radius)
        default:
            return .failure(
                SwissQueryError(message: "filter must be one of: all, indoor, outdoor, free, seasonal, stayhome, near.")
            )
        }
        return .success(ActivityFilter(kind: kind, ages: ages))
    }

    /// `GET /swiss/events?city=&month=YYYY-MM` (a Monday-first month grid with events, holidays and school
    /// holidays) or `&date=YYYY-MM-DD` (one day, with the recurring activities of that weekday).
    func eventsResponse(_ request: Request) -> Response {
        let q: SwissQuery
        switch Self.query(request) {
        case .failure(let error): return Self.error(.badRequest, error.message)
        case .success(let value): q = value
        }
        let today = CivilDate(now())
        let events = activityCatalog.events(city: q.city.id)
        let parameters = request.uri.queryParameters
        func holidays(_ year: Int) -> [CalendarHoliday] {
            HolidayCalendar.holidays(year: year, city: q.city).map {
                CalendarHoliday(date: $0.date, name: $0.name.en, nameDE: $0.name.de, halfDay: $0.kind == .halfDay)
            }
        }
        let school = SchoolHolidays.periods(for: q.city)
        let encoder = JSONResponse.encoder()
        if let text = parameters.get("date") {
            guard let date = CivilDate(text) else { return Self.error(.badRequest, "date must look like 2026-12-05.") }
            let day = EventsCalendar.day(
                date, events: events, holidays: holidays(date.year), schoolHolidays: school,
                activities: activityCatalog.activities(city: q.city.id), today: today)
            return (try? encoder.encode(day)).map { Self.json($0, cache: "public, max-age=600") }
                ?? Self.error(.internalServerError, "Internal error")
        }
        let month: CalendarMonth
        if let text = parameters.get("month") {
            guard let parsed = CalendarMonth(text) else {
                return Self.error(.badRequest, "month must look like 2026-12.")
            }
            month = parsed
        } else {
            month = CalendarMonth(containing: today)
        }
        let grid = EventsCalendar.monthGrid(
            month, events: events, holidays: holidays(month.year - 1) + holidays(month.year) + holidays(month.year + 1),
            schoolHolidays: school, today: today)
        return (try? encoder.encode(grid)).map { Self.json($0, cache: "public, max-age=600") }
            ?? Self.error(.internalServerError, "Internal error")
    }
}
