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

/// The briefing: the top story and today's pick.
struct Briefing: Encodable, Sendable {
    var topStory: BriefingStory?
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
