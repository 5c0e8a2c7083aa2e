import Foundation
import TodayInSwitzerland

/// `{id, name}` of the city a response is for.
struct CityBody: Encodable, Sendable {
    var id: String
    var name: String

    init(_ city: City, _ language: Language) {
        id = city.id
        name = language == .de ? city.nameDE : city.name
    }
}

/// How fresh each upstream's part of a response is (an addition to the original's shapes: clients ignore it).
struct SourceState: Encodable, Sendable {
    /// `fresh`, `revalidating`, `lastGood` (the upstream failed; this is the last good data) or `unavailable`.
    var state: String
    var fetchedAt: Date?

    init(_ answer: CachedAnswer?) {
        state = answer?.freshness.rawValue ?? "unavailable"
        fetchedAt = answer?.fetchedAt
    }
}

/// The history fact of the day.
struct HistoryBody: Encodable, Sendable {
    var year: Int
    var event: String
    var eventDE: String
}

/// The activity the briefing suggests today.
struct DailyPick: Encodable, Sendable {
    var activityId: String
    var name: String
    var nameDE: String
    var reason: String
    var reasonDE: String
    var emoji: String
    var indoor: Bool
    var category: String
}

/// The briefing: the top story and today's pick, the pick twice: as `suggestedActivity` (the whole activity, which
/// the original PWA reads for its "💡 Suggestion" line) and as `dailyPick` (the later worker's and the SwiftUI
/// client's shape).
struct Briefing: Encodable, Sendable {
    var topStory: BriefingStory?
    var suggestedActivity: Activity?
    var dailyPick: DailyPick?
}

/// `GET /swiss/` (the original's news response, API notes 3.1).
struct NewsResponse: Encodable, Sendable {
    var categories: NewsCategories
    var weather: CurrentWeather
    var holidays: [APIHoliday]
    var schoolHolidays: [SchoolHoliday]
    var history: HistoryBody
    var transport: Transport
    var trending: TrendingTopic?
    var briefing: Briefing?
    var city: CityBody
    var timestamp: Date
    var sources: [String: SourceState]
    /// Send `weather: null` when no weather could be fetched: set for browser (CORS) requests, see
    /// ``SwissApp/newsRoute(_:)``.
    var weatherNullWhenUnavailable = false

    enum CodingKeys: String, CodingKey {
        case categories, weather, holidays, schoolHolidays, history, transport, trending, briefing, city, timestamp
        case sources
    }

    /// The original's keys in its order. Two fields are written so that both clients read them right:
    /// - `transport.summary` is null when nothing is delayed (also when the boards could not be fetched): the
    ///   original PWA hides its transport widget only for null (for `{0, 0, "none"}` it showed "Minor delays (0)"),
    ///   and the SwiftUI client reads null as `{0, 0, "none"}`.
    /// - `weather` is null only when no weather was ever fetched and ``weatherNullWhenUnavailable`` is set.
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(categories, forKey: .categories)
        if weatherNullWhenUnavailable && !weather.available {
            try container.encodeNil(forKey: .weather)
        } else {
            try container.encode(weather, forKey: .weather)
        }
        try container.encode(holidays, forKey: .holidays)
        try container.encode(schoolHolidays, forKey: .schoolHolidays)
        try container.encode(history, forKey: .history)
        try container.encode(TransportBody(transport), forKey: .transport)
        try container.encodeIfPresent(trending, forKey: .trending)
        try container.encodeIfPresent(briefing, forKey: .briefing)
        try container.encode(city, forKey: .city)
        try container.encode(timestamp, forKey: .timestamp)
        try container.encode(sources, forKey: .sources)
    }
}

/// `transport` as the API sends it: `summary` null when nothing is delayed (see ``NewsResponse/encode(to:)``).
struct TransportBody: Encodable, Sendable {
    var transport: Transport

    init(_ transport: Transport) { self.transport = transport }

    enum CodingKeys: String, CodingKey { case delays, summary }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(transport.delays, forKey: .delays)
        if transport.summary.totalDelayed == 0 {
            try container.encodeNil(forKey: .summary)
        } else {
            try container.encode(transport.summary, forKey: .summary)
        }
    }
}

/// `GET /swiss/activities`.
struct ActivitiesResponse: Encodable, Sendable {
    var activities: [Activity]
    var cityEvents: [CityEvent]
    var weather: CurrentWeather
    var city: CityBody
    var timestamp: Date
    var sources: [String: SourceState]
}

/// One day of `GET /swiss/weekend`.
struct WeekendDayBody: Encodable, Sendable {
    var date: CivilDate
    var weather: DayWeather?
    var plan: DayPlan
    var holidays: [APIHoliday]

    enum CodingKeys: String, CodingKey { case date, weather, plan, holidays }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(date, forKey: .date)
        try container.encode(weather, forKey: .weather)  // null when the day is beyond the forecast
        try container.encode(plan, forKey: .plan)
        try container.encode(holidays, forKey: .holidays)
    }
}

/// `GET /swiss/weekend`.
struct WeekendResponse: Encodable, Sendable {
    var saturday: WeekendDayBody
    var sunday: WeekendDayBody
    var city: CityBody
    var timestamp: Date
    /// The shuffle seed of the plan (0: the default plan); `?seed=` with it gives the same plan again.
    var seed: Int
    var sources: [String: SourceState]
}

/// `GET /swiss/lunch`.
struct LunchBody: Encodable, Sendable {
    var spots: [LunchSpot]
    var center: GeoPoint
    var city: CityBody
    var timestamp: Date
    var sources: [String: SourceState]
}

/// `GET /swiss/sunshine`.
struct SunshineResponse: Encodable, Sendable {
    var destinations: [SunshineDestination]
    var weekendDates: SunshineRanking.WeekendDates
    /// Shown when Zürich has under 6 hours of sun: the nearest strictly sunnier place.
    var nearestSunnyEscape: SunshineDestination?
    var timestamp: Date
    var sources: [String: SourceState]
}

/// `GET /swiss/snow`.
struct SnowResponse: Encodable, Sendable {
    var destinations: [SnowDestination]
    var weekDates: SnowRanking.WeekDates
    /// The top resort when it has more than 40 cm of fresh snow this week.
    var powderAlert: SnowDestination?
    var timestamp: Date
    var sources: [String: SourceState]
}

/// `GET /swiss/deals`.
struct DealsResponse: Encodable, Sendable {
    var deals: [Deal]
}

/// `GET /swiss/version`.
struct VersionResponse: Encodable, Sendable {
    var worker: String
    var modules: [String: String]
    var deployedAt: Date
}
