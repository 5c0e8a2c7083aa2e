import Foundation

/// The original SwiftUI client's models (API notes section 14): required fields non-optional, so decoding one of our
/// responses with a plain `JSONDecoder` fails exactly where the app would fail.
enum Client {
    struct CityInfo: Decodable { let id: String; let name: String }
    struct HourlyWeather: Decodable { let time: String; let temperature: Double; let weatherCode: Int }
    struct Weather: Decodable {
        let temperature: Double
        let description: String
        let weatherCode: Int
        let windSpeed: Double
        let hourly: [HourlyWeather]?
    }
    struct TrainDelay: Decodable {
        let line: String; let destination: String; let delay: Int; let scheduledTime: String
    }
    struct TransportSummary: Decodable { let totalDelayed: Int; let maxDelay: Int; let status: String }
    /// The newest model: a null or malformed `summary` reads as `{0, 0, "none"}`.
    struct Transport: Decodable {
        let delays: [TrainDelay]; let summary: TransportSummary
        enum CodingKeys: String, CodingKey { case delays, summary }
        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            delays = try container.decode([TrainDelay].self, forKey: .delays)
            summary =
                (try? container.decode(TransportSummary.self, forKey: .summary))
                ?? TransportSummary(totalDelayed: 0, maxDelay: 0, status: "none")
        }
    }
    struct Holiday: Decodable {
        let name: String
        let daysUntil: Int
        let date: String
        let nameDE: String?
        let cantons: [String]?
        let national: Bool?
        let isToday: Bool?
    }
    struct SchoolHoliday: Decodable {
        let name: String; let nameDE: String; let startDate: String; let endDate: String; let type: String
    }
    struct HistoryFact: Decodable { let year: Int; let event: String; let eventDE: String? }
    struct NewsItem: Decodable {
        let headline: String
        let summary: String
        let source: String
        let url: String?
        let sentiment: String?
        let publishedAt: String?
    }
    struct NewsCategories: Decodable {
        let topStories: [NewsItem]?
        let disruptions: [NewsItem]?
        let events: [NewsItem]?
        let politics: [NewsItem]?
        let culture: [NewsItem]?
        let local: [NewsItem]?
    }
    struct TrendingTopic: Decodable {
        let topic: String?; let topicDE: String?; let headline: String?; let headlineDE: String?; let url: String?
    }
    struct BriefingItem: Decodable {
        let headline: String; let summary: String; let source: String; let url: String; let sentiment: String
    }
    struct DailyPick: Decodable {
        let activityId: String; let name: String; let nameDE: String; let reason: String; let reasonDE: String
        let emoji: String; let indoor: Bool; let category: String
    }
    struct Briefing: Decodable { let topStory: BriefingItem?; let dailyPick: DailyPick? }
    struct NewsResponse: Decodable {
        let weather: Weather
        let transport: Transport
        let holidays: [Holiday]
        let schoolHolidays: [SchoolHoliday]
        let history: HistoryFact
        let categories: NewsCategories
        let city: CityInfo
        let timestamp: String
        let trending: TrendingTopic?
        let briefing: Briefing?
    }

    struct Activity: Decodable {
        let id: String; let name: String; let nameDE: String; let description: String; let descriptionDE: String
        let indoor: Bool; let ageRange: String; let duration: String; let category: String
        let price: String?; let url: String?; let lat: Double?; let lon: Double?; let minAge: Int?; let maxAge: Int?
        let free: Bool?; let recurring: String?; let availableMonths: [Int]?; let subcategory: String?
        let materials: String?; let materialsDE: String?
    }
    struct CityEvent: Decodable {
        let id: String; let name: String; let nameDE: String; let city: String; let startDate: String
        let endDate: String; let description: String; let descriptionDE: String; let toddlerFriendly: Bool
        let free: Bool; let url: String?
    }
    struct ActivitiesResponse: Decodable {
        let activities: [Activity]; let cityEvents: [CityEvent]; let weather: Weather; let city: CityInfo
        let timestamp: String
    }

    struct DayWeather: Decodable {
        let weatherCode: Int; let tempMax: Double; let tempMin: Double; let description: String; let date: String?
    }
    struct PlannedActivity: Decodable { let id: String; let name: String; let description: String; let indoor: Bool }
    struct DayPlan: Decodable { let morning: PlannedActivity?; let afternoon: PlannedActivity? }
    struct WeekendDay: Decodable {
        let date: String; let plan: DayPlan; let weather: DayWeather?; let holidays: [Holiday]?
    }
    struct WeekendResponse: Decodable {
        let saturday: WeekendDay; let sunday: WeekendDay; let city: CityInfo; let timestamp: String?
    }

    struct LunchSpot: Decodable {
        let id: String; let name: String; let lat: Double; let lon: Double; let amenity: String
        let cuisine: String?; let cuisineCategory: String?; let outdoorSeating: Bool?; let takeaway: Bool?
        let openingHours: String?; let openForLunch: Bool?; let vegetarian: String?; let vegan: String?
        let phone: String?; let website: String?
    }
    struct LunchResponse: Decodable { let spots: [LunchSpot] }

    struct Highlight: Decodable {
        let name: String; let nameDE: String; let type: String; let description: String; let descriptionDE: String
        let lat: Double; let lon: Double
    }
    struct SunshineDay: Decodable {
        let date: String; let weatherCode: Int; let tempMax: Double; let tempMin: Double; let sunshineHours: Double
        let precipMm: Double; let sunnyHours: [Int]?; let description: String?
    }
    struct SunshineDestination: Decodable {
        let id: String; let name: String; let lat: Double; let lon: Double; let region: String; let driveMinutes: Int
        let forecast: [SunshineDay]; let sunshineHoursTotal: Double; let nameDE: String?; let regionDE: String?
        let isBaseline: Bool?; let highlights: [Highlight]?
    }
    struct WeekendDates: Decodable { let friday: String; let saturday: String; let sunday: String }
    struct SunshineResponse: Decodable {
        let destinations: [SunshineDestination]; let weekendDates: WeekendDates; let timestamp: String
    }

    struct SnowDay: Decodable {
        let date: String; let snowfallCm: Double; let weatherCode: Int; let tempMax: Double; let tempMin: Double
        let description: String?
    }
    struct SnowDestination: Decodable {
        let id: String; let name: String; let lat: Double; let lon: Double; let region: String; let driveMinutes: Int
        let altitude: Int; let forecast: [SnowDay]; let snowfallWeekTotal: Double; let snowDepthCm: Int
    }
    struct WeekDates: Decodable { let monday: String; let sunday: String }
    struct SnowResponse: Decodable {
        let destinations: [SnowDestination]; let weekDates: WeekDates; let timestamp: String
    }

    struct Deal: Decodable {
        let id: String; let name: String; let nameDE: String; let description: String; let descriptionDE: String
        let category: String; let type: String; let city: String; let url: String?; let validMonths: [Int]?
    }
    struct DealsResponse: Decodable { let deals: [Deal] }
}
