import Foundation
import TodayInSwitzerland

/// What the Clubhouse home page shows of Today in Switzerland: the city's weather now and the top headline.
public struct SwissGlance: Sendable, Equatable {
    /// The city's name in the requested language.
    public var cityName: String
    /// e.g. "☀️"; nil when the weather is unavailable.
    public var weatherIcon: String?
    /// e.g. "7°"; nil when unavailable.
    public var temperature: String?
    /// "Partly cloudy", or why there is no weather ("Weather unavailable").
    public var weatherText: String
    /// The top story's headline and source, when any feed answered.
    public var headline: String?
    public var headlineSource: String?
    public var headlineURL: String?
    /// Whether some of it is last good data or missing (the page says "retrying").
    public var degraded: Bool

    /// A glance from its parts.
    public init(
        cityName: String, weatherIcon: String?, temperature: String?, weatherText: String, headline: String?,
        headlineSource: String?, headlineURL: String?, degraded: Bool
    ) {
        self.cityName = cityName
        self.weatherIcon = weatherIcon
        self.temperature = temperature
        self.weatherText = weatherText
        self.headline = headline
        self.headlineSource = headlineSource
        self.headlineURL = headlineURL
        self.degraded = degraded
    }
}

extension SwissApp {
    /// The home page's glance for `city` (Zürich for an unknown id). Upstream waits are bounded by the cache (the
    /// last good data, or nothing, after about a second), so this never holds a page up for long.
    public func glance(cityID: String, language: Language) async -> SwissGlance {
        let city = City.find(cityID) ?? City.all[0]
        let news = await memoizedNews(city: city, language: language)
        let weather = news.weather
        let story = news.briefing?.topStory?.item
        return SwissGlance(
            cityName: language == .de ? city.nameDE : city.name,
            weatherIcon: weather.available ? weather.icon : nil,
            temperature: weather.available ? "\(weather.temperature)°" : nil,
            weatherText: weather.available
                ? weather.description : (language == .de ? "Wetter nicht verfügbar" : "Weather unavailable"),
            headline: story.map { language == .de ? ($0.headlineDE ?? $0.headline) : $0.headline },
            headlineSource: story?.source, headlineURL: story?.url,
            degraded: news.sources["weather"]?.state != "fresh" || news.sources["news"]?.state == "lastGood"
                || news.sources["news"]?.state == "unavailable")
    }

    /// The briefing as the pages and the home page show it: a fresh one is reused for a minute (per city,
    /// language and Swiss day), so a page or glance costs no digest of the feeds.
    func memoizedNews(city: City, language: Language) async -> NewsResponse {
        let time = now()
        return await pageMemo.value(
            "news|\(city.id)|\(language.rawValue)|\(CivilDate(time))", now: time,
            keep: { (news: NewsResponse) in PageMemo.allFresh(news.sources) }
        ) { await newsResponse(city: city, language: language, refresh: false) }
    }
}
