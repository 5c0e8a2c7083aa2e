import Foundation
import TodayInSwitzerland

/// What the Today page shows (issue 13 §2, PWA notes §1–2), built from the briefing by ``make(news:now:prefs:tab:)``.
struct TodayModel: Sendable {
    /// One hour of the strip.
    struct Hour: Sendable, Equatable {
        var time: String
        var icon: String
        var temperature: Int
        /// "14:00, Partly cloudy, 12°" for screen readers.
        var spoken: String
    }

    /// One day of the outlook.
    struct OutlookDay: Sendable, Equatable {
        /// "Fri" / "Fr".
        var label: String
        /// "Friday" / "Freitag".
        var name: String
        var icon: String
        var description: String
        var high: Int
        var low: Int
        var rainChance: Int?
    }

    /// The weather header; nil in the model when no weather was ever fetched.
    struct Weather: Sendable, Equatable {
        var icon: String
        var temperature: Int
        var description: String
        var wind: Int
        var high: Int?
        var low: Int?
        var rainChance: Int?
        var sunshineHours: Double?
        var hours: [Hour]
        var outlook: [OutlookDay]
    }

    /// A public or school holiday line.
    struct Banner: Sendable, Equatable {
        enum Kind: String, Sendable { case holiday, school }
        var kind: Kind
        var icon: String
        var text: String
    }

    /// The top story of the morning briefing.
    struct Story: Sendable, Equatable {
        var headline: String
        var summary: String
        var url: String
        var source: String
    }

    /// The morning briefing card.
    struct Briefing: Sendable, Equatable {
        var greeting: String
        var story: Story?
        /// "💡 Suggestion: Zoo Zürich" / "💡 Vorschlag: Zoo Zürich".
        var suggestion: String?
        /// Why (e.g. "Good weather for outdoors").
        var reason: String?
    }

    /// One news card.
    struct Headline: Sendable, Equatable {
        var id: String
        var headline: String
        var url: String
        var summary: String
        var detail: String
        var source: String
        /// "12m", "3h", "2d"; nil when the feed gave no date.
        var age: String?
        /// ISO 8601, for `<time datetime>`.
        var publishedAt: String?
        var sentiment: Sentiment
        var sentimentIcon: String
        var sentimentLabel: String
        /// The article's language (`lang` attribute) when it differs from the page's.
        var language: String?
    }

    /// A category tab.
    struct Tab: Sendable, Equatable {
        var category: NewsCategory
        var label: String
        var count: Int
        var url: String
        var isCurrent: Bool
    }

    /// A category's cards.
    struct Section: Sendable, Equatable {
        var category: NewsCategory
        var label: String
        var headlines: [Headline]
    }

    /// The transport disruptions box (absent when nothing is delayed).
    struct Disruptions: Sendable, Equatable {
        /// `minor` or `major`.
        var status: String
        var title: String
        /// "4 delayed" / "4 verspätet".
        var count: String
        /// "IC 8 → Bern +18 min".
        var lines: [String]
    }

    var language: Language
    var cityName: String
    /// The Swiss date ("2026-11-26"): the briefing's × hides it until this changes.
    var day: String
    var weather: Weather?
    var weatherState: SourceState?
    var newsState: SourceState?
    var transportState: SourceState?
    var banners: [Banner]
    var briefing: Briefing?
    /// "🔥 Trending" topic and its link.
    var trending: (topic: String, url: String)?
    var tabs: [Tab]
    var sections: [Section]
    var current: NewsCategory
    var disruptions: Disruptions?
    var historyYear: Int
    var historyText: String

    /// The tabs in the original's order.
    static let categories: [NewsCategory] = [.topStories, .politics, .events, .culture, .local]

    /// The tab's name.
    static func label(_ category: NewsCategory, _ language: Language) -> String {
        switch category {
        case .topStories: language.t("Top stories", "Top-Meldungen")
        case .politics: language.t("Politics", "Politik")
        case .events: language.t("Events", "Anlässe")
        case .culture: language.t("Culture", "Kultur")
        case .local: language.t("Local", "Lokal")
        case .disruptions: language.t("Disruptions", "Störungen")
        }
    }

    /// The greeting by the Swiss hour: morning before 12, afternoon before 17, evening after (as the original, but
    /// in Swiss time rather than the device's).
    static func greeting(_ now: Date, _ language: Language) -> String {
        switch SwissTime(now).minutes / 60 {
        case ..<12: language.t("Good morning", "Guten Morgen")
        case ..<17: language.t("Good afternoon", "Guten Tag")
        default: language.t("Good evening", "Guten Abend")
        }
    }

    /// The marker of a tone: an icon and a word, never colour alone.
    static func sentiment(_ sentiment: Sentiment, _ language: Language) -> (icon: String, label: String) {
        switch sentiment {
        case .positive: ("▲", language.t("Positive", "Positiv"))
        case .neutral: ("●", language.t("Neutral", "Neutral"))
        case .negative: ("▼", language.t("Negative", "Negativ"))
        }
    }

    /// The page's model. `tab` is the `?tab=` of the request (unknown or nil: top stories).
    static func make(news: NewsResponse, now: Date, prefs: SwissPrefs, tab: String?) -> TodayModel {
        let l = prefs.language
        let today = CivilDate(now)
        let current = categories.first { $0.rawValue == tab } ?? .topStories
        let tabs = categories.map { category in
            Tab(
                category: category, label: label(category, l), count: news.categories[category].count,
                url: prefs.link(.today, category == .topStories ? [] : [("tab", category.rawValue)]) + "#news",
                isCurrent: category == current)
        }
        let sections = categories.map { category in
            Section(
                category: category, label: label(category, l),
                headlines: news.categories[category].enumerated().map { index, item in
                    headline(item, id: "\(category.rawValue)-\(index)", now: now, language: l)
                })
        }
        var briefing: Briefing?
        if let b = news.briefing, b.topStory != nil || b.dailyPick != nil {
            briefing = Briefing(
                greeting: greeting(now, l),
                story: b.topStory.map {
                    Story(
                        headline: $0.item.headline, summary: $0.item.summary, url: $0.item.url, source: $0.item.source)
                },
                suggestion: b.dailyPick.map {
                    l.t("💡 Suggestion: ", "💡 Vorschlag: ") + "\($0.emoji) " + (l == .de ? $0.nameDE : $0.name)
                },
                reason: b.dailyPick.map { l == .de ? $0.reasonDE : $0.reason })
        }
        var disruptions: Disruptions?
        let summary = news.transport.summary
        if summary.totalDelayed > 0 {
            disruptions = Disruptions(
                status: summary.status == .major ? "major" : "minor",
                title: summary.status == .major
                    ? l.t("Major delays", "Grosse Verspätungen") : l.t("Minor delays", "Leichte Verspätungen"),
                count: l.t("\(summary.totalDelayed) delayed", "\(summary.totalDelayed) verspätet"),
                lines: news.transport.delays.map { "\($0.line) → \($0.destination) +\($0.delay) min" })
        }
        return TodayModel(
            language: l, cityName: prefs.cityName, day: today.description,
            weather: weather(news.weather, today: today, language: l),
            weatherState: news.sources["weather"], newsState: news.sources["news"],
            transportState: news.sources["transport"],
            banners: banners(holidays: news.holidays, school: news.schoolHolidays, today: today, language: l),
            briefing: briefing,
            trending: news.trending.map { (l == .de ? $0.topicDE : $0.topic, $0.url) },
            tabs: tabs, sections: sections, current: current, disruptions: disruptions,
            historyYear: news.history.year, historyText: l == .de ? news.history.eventDE : news.history.event)
    }

    static func headline(_ item: NewsItem, id: String, now: Date, language: Language) -> Headline {
        let marker = sentiment(item.sentiment, language)
        let articleLanguage = item.language?.rawValue
        return Headline(
            id: id, headline: item.headline, url: item.url, summary: item.summary, detail: item.detail,
            source: item.source, age: item.publishedAt.map { SwissComponents.age($0, now: now, language) },
            publishedAt: item.publishedAt.map(FeedDate.isoString), sentiment: item.sentiment,
            sentimentIcon: marker.icon, sentimentLabel: marker.label,
            language: articleLanguage == language.rawValue ? nil : articleLanguage)
    }

    /// The weather header from the API's weather object; nil when none was ever fetched.
    static func weather(_ w: CurrentWeather, today: CivilDate, language l: Language) -> Weather? {
        guard w.available else { return nil }
        let days = w.daily ?? []
        let todayValues = days.first { $0.date == today }
        return Weather(
            icon: w.icon, temperature: w.temperature, description: w.description, wind: w.windSpeed,
            high: todayValues?.tempMax, low: todayValues?.tempMin, rainChance: todayValues?.precipitationProbability,
            sunshineHours: todayValues?.sunshineHours,
            hours: w.hourly.map { hour in
                let text = WeatherCodes.description(hour.weatherCode, in: l)
                return Hour(
                    time: hour.time, icon: WeatherCodes.icon(hour.weatherCode).emoji, temperature: hour.temperature,
                    spoken: "\(hour.time), \(text), \(hour.temperature)°")
            },
            outlook: days.filter { $0.date > today }.prefix(3).map { day in
                OutlookDay(
                    label: DayText.shortWeekday(day.date, l), name: DayText.weekday(day.date, l),
                    icon: WeatherCodes.icon(day.weatherCode).emoji,
                    description: WeatherCodes.description(day.weatherCode, in: l), high: day.tempMax, low: day.tempMin,
                    rainChance: day.precipitationProbability)
            })
    }

    /// The next public holiday within 60 days (the API's list) and the current or next school holiday within 60
    /// days.
    static func banners(
        holidays: [APIHoliday], school: [SchoolHoliday], today: CivilDate, language l: Language
    ) -> [Banner] {
        var banners: [Banner] = []
        if let next = holidays.first(where: { (0...60).contains($0.daysUntil) }), let date = CivilDate(next.date) {
            let name = l == .de ? next.nameDE : next.name
            let half = next.halfDay == true ? l.t(" (afternoon off)", " (Nachmittag frei)") : ""
            let text: String
            switch next.daysUntil {
            case 0: text = l.t("Public holiday today: \(name)\(half)", "Heute Feiertag: \(name)\(half)")
            case 1: text = l.t("Public holiday tomorrow: \(name)\(half)", "Morgen Feiertag: \(name)\(half)")
            default:
                text = l.t(
                    "Next public holiday: \(name)\(half) — \(DayText.long(date, l)), in \(next.daysUntil) days",
                    "Nächster Feiertag: \(name)\(half) — \(DayText.long(date, l)), in \(next.daysUntil) Tagen")
            }
            banners.append(Banner(kind: .holiday, icon: "🎉", text: text))
        }
        if let period = school.first(where: { $0.startDate <= today && today <= $0.endDate }) {
            let name = l == .de ? period.nameDE : period.name
            banners.append(
                Banner(
                    kind: .school, icon: "🎒",
                    text: l.t(
                        "School holidays: \(name), until \(DayText.long(period.endDate, l))",
                        "Schulferien: \(name), bis \(DayText.long(period.endDate, l))")))
        } else if let period = school.first(where: { $0.startDate > today && today.days(to: $0.startDate) <= 60 }) {
            let name = l == .de ? period.nameDE : period.name
            let days = today.days(to: period.startDate)
            banners.append(
                Banner(
                    kind: .school, icon: "🎒",
                    text: l.t(
                        "School holidays in \(days) days: \(name), \(DayText.shortDate(period.startDate, l)) – \(DayText.shortDate(period.endDate, l))",
                        "Schulferien in \(days) Tagen: \(name), \(DayText.shortDate(period.startDate, l)) – \(DayText.shortDate(period.endDate, l))"
                    )))
        }
        return banners
    }
}
