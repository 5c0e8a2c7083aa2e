import Foundation
import Plot
import ServerKit
import Synchronization
import Testing
import TodayInSwitzerland

@testable import TodayInSwitzerlandServer

/// Fixtures of the briefing for the Today and widget pages.
enum TodayFixtures {
    /// 2026-11-26 08:05 CET (Thursday) = 07:05 UTC.
    static let morning = Date(timeIntervalSince1970: 1_795_676_700)

    static func date(_ text: String) -> CivilDate { CivilDate(text) ?? CivilDate(dayNumber: 0) }

    static func item(
        _ headline: String, source: String = "SRF", minutesAgo: Double? = 12, sentiment: Sentiment = .neutral,
        detail: String = "Two sentences of detail. Reported by SRF.", language: NewsLanguage = .de, now: Date = morning
    ) -> NewsItem {
        NewsItem(
            headline: headline, summary: "\(headline) — summary.", detail: detail, source: source,
            url: "https://example.ch/\(headline.count)", sentiment: sentiment,
            publishedAt: minutesAgo.map { now.addingTimeInterval(-$0 * 60) }, language: language)
    }

    static func weather(available: Bool = true) -> CurrentWeather {
        guard available else { return .unavailable(.en) }
        return CurrentWeather(
            temperature: 7, weatherCode: 61, windSpeed: 14, description: "Light rain",
            hourly: (8..<20).map {
                HourlyWeather(time: String(format: "%02d:00", $0), temperature: $0 - 2, weatherCode: 3)
            },
            icon: "🌦️",
            daily: [
                WeatherDay(
                    date: date("2026-11-26"), weatherCode: 61, tempMax: 9, tempMin: 2, precipitationProbability: 70,
                    sunshineHours: 1.5),
                WeatherDay(
                    date: date("2026-11-27"), weatherCode: 0, tempMax: 11, tempMin: 1, precipitationProbability: 5),
                WeatherDay(date: date("2026-11-28"), weatherCode: 3, tempMax: 8, tempMin: 0),
                WeatherDay(date: date("2026-11-29"), weatherCode: 71, tempMax: 2, tempMin: -3),
            ])
    }

    static func state(_ freshness: Freshness?, at time: Date = morning) -> SourceState {
        SourceState(
            freshness.map { CachedAnswer(body: Data(), fetchedAt: time.addingTimeInterval(-7200), freshness: $0) })
    }

    static func news(
        weather: CurrentWeather = weather(), delays: [TrainDelay] = [], holidays: [APIHoliday] = [],
        school: [SchoolHoliday] = [], sources: [String: SourceState] = [:]
    ) -> NewsResponse {
        let top = [
            item("Bundesrat <b>entscheidet</b>", minutesAgo: 12, sentiment: .negative),
            item("Zoo feiert Geburt", minutesAgo: 180, sentiment: .positive, language: .en),
            item("Alte Meldung", minutesAgo: 3 * 1440),
        ]
        let categories = NewsCategories(
            topStories: top, politics: [top[0]], events: [], culture: [item("Kunsthaus", minutesAgo: nil)],
            local: [top[1], top[2]], disruptions: [item("Streik bei der SBB")])
        let summary =
            delays.isEmpty
            ? TransportSummary.none
            : TransportSummary(
                totalDelayed: delays.count + 2, maxDelay: delays.map(\.delay).max() ?? 0,
                status: (delays.map(\.delay).max() ?? 0) >= 15 ? .major : .minor)
        let pick = DailyPick(
            activityId: "zoo", name: "Zoo Zürich", nameDE: "Zoo Zürich", reason: "Dry enough for outdoors",
            reasonDE: "Trocken genug für draussen", emoji: "🦁", indoor: false, category: "animals")
        return NewsResponse(
            categories: categories, weather: weather, holidays: holidays, schoolHolidays: school,
            history: HistoryBody(year: 1291, event: "The Federal Charter.", eventDE: "Der Bundesbrief."),
            transport: Transport(delays: delays, summary: summary),
            trending: TrendingTopic(
                topic: "Bundesrat", topicDE: "Bundesrat", headline: "x", url: "https://example.ch/t"),
            briefing: Briefing(topStory: BriefingStory(item: top[0], category: .topStories), dailyPick: pick),
            city: CityBody(City.all[0], .en), timestamp: morning, sources: sources)
    }

    static func prefs(_ language: TodayInSwitzerland.Language = .en, city: String = "zurich") -> SwissPrefs {
        SwissPrefs(city: City.find(city) ?? City.all[0], language: language, theme: .system)
    }

    static func render(_ node: Node<HTML.BodyContext>) -> String {
        Node<HTML.DocumentContext>.body(node).render()
    }
}

@Suite("Swiss web: Today page")
struct WebTodayTests {
    typealias F = TodayFixtures

    @Test("greeting by the Swiss hour, across both DST changes")
    func greeting() {
        // 2026-03-29 10:30 CEST = 08:30 UTC; 2026-10-25 12:30 CET = 11:30 UTC; 2026-07-01 18:30 CEST = 16:30 UTC.
        #expect(TodayModel.greeting(Date(timeIntervalSince1970: 1_774_773_000), .en) == "Good morning")
        #expect(TodayModel.greeting(Date(timeIntervalSince1970: 1_792_927_800), .de) == "Guten Tag")
        #expect(TodayModel.greeting(Date(timeIntervalSince1970: 1_782_923_400), .en) == "Good evening")
        // 11:30 UTC in summer is 13:30 in Zürich: afternoon, although it is before noon in UTC.
        #expect(TodayModel.greeting(Date(timeIntervalSince1970: 1_782_905_400), .en) == "Good afternoon")
    }

    @Test("tabs in the original's order with counts; ?tab= picks the open one, anything else is top stories")
    func tabs() {
        let model = TodayModel.make(news: F.news(), now: F.morning, prefs: F.prefs(), tab: "local")
        #expect(model.tabs.map(\.label) == ["Top stories", "Politics", "Events", "Culture", "Local"])
        #expect(model.tabs.map(\.count) == [3, 1, 0, 1, 2])
        #expect(model.current == .local && model.tabs.filter(\.isCurrent).map(\.category) == [.local])
        #expect(model.tabs[1].url == "/swiss/app?city=zurich&lang=en&tab=politics#news")
        #expect(model.tabs[0].url == "/swiss/app?city=zurich&lang=en#news")
        let odd = TodayModel.make(news: F.news(), now: F.morning, prefs: F.prefs(.de), tab: "<script>")
        #expect(odd.current == .topStories)
        #expect(odd.tabs.map(\.label) == ["Top-Meldungen", "Politik", "Anlässe", "Kultur", "Lokal"])
    }

    @Test("each headline: source, age from publishedAt, sentiment as icon and word, language when it differs")
    func headlines() {
        let model = TodayModel.make(news: F.news(), now: F.morning, prefs: F.prefs(.en), tab: nil)
        let cards = model.sections[0].headlines
        #expect(cards.map(\.age) == ["12m", "3h", "3d"])
        #expect(cards.map(\.sentimentLabel) == ["Negative", "Positive", "Neutral"])
        #expect(cards.map(\.sentimentIcon) == ["▼", "▲", "●"])
        #expect(cards[0].language == "de" && cards[1].language == nil, "lang only where the article's differs")
        #expect(model.sections[3].headlines[0].age == nil, "no date, no age")
        let german = TodayModel.make(news: F.news(), now: F.morning, prefs: F.prefs(.de), tab: nil)
        #expect(german.sections[0].headlines.map(\.age) == ["12 Min.", "3 Std.", "3 T."])
        #expect(german.sections[0].headlines[0].sentimentLabel == "Negativ")
        #expect(german.sections[0].headlines[0].language == nil)
    }

    @Test("weather: now, high/low, rain chance and sunshine of today, 12 hours, three next days; none when unavailable")
    func weather() throws {
        let model = TodayModel.make(news: F.news(), now: F.morning, prefs: F.prefs(.de), tab: nil)
        let w = try #require(model.weather)
        #expect(w.temperature == 7 && w.wind == 14 && w.high == 9 && w.low == 2)
        #expect(w.rainChance == 70 && w.sunshineHours == 1.5)
        #expect(w.hours.count == 12 && w.hours[0].spoken == "08:00, Bedeckt, 6°")
        #expect(w.outlook.map(\.label) == ["Fr", "Sa", "So"])
        #expect(w.outlook.map(\.description) == ["Klarer Himmel", "Bedeckt", "Leichter Schneefall"])
        let missing = TodayModel.make(
            news: F.news(weather: F.weather(available: false), sources: ["weather": F.state(nil)]), now: F.morning,
            prefs: F.prefs(), tab: nil)
        #expect(missing.weather == nil)
        let html = F.render(TodayView.main(missing, now: F.morning))
        #expect(html.contains("Weather unavailable"))
        #expect(html.contains("Weather unavailable — retrying in the background."))
    }

    @Test("holiday banners: today, tomorrow, next within 60 days; school holidays current or next")
    func banners() {
        let today = F.date("2026-11-26")
        func holiday(_ days: Int) -> APIHoliday {
            APIHoliday(
                date: today.adding(days: days).description, name: "Christmas Day", nameDE: "Weihnachten",
                national: true, daysUntil: days, isToday: days == 0)
        }
        #expect(
            TodayModel.banners(holidays: [holiday(0)], school: [], today: today, language: .en).map(\.text) == [
                "Public holiday today: Christmas Day"
            ])
        #expect(
            TodayModel.banners(holidays: [holiday(1)], school: [], today: today, language: .de).map(\.text) == [
                "Morgen Feiertag: Weihnachten"
            ])
        #expect(
            TodayModel.banners(holidays: [holiday(29)], school: [], today: today, language: .de).map(\.text) == [
                "Nächster Feiertag: Weihnachten — Freitag, 25. Dezember 2026, in 29 Tagen"
            ])
        let christmas = SchoolHoliday(
            name: "Christmas", nameDE: "Weihnachtsferien", startDate: F.date("2026-12-21"),
            endDate: F.date("2027-01-01"))
        #expect(
            TodayModel.banners(holidays: [], school: [christmas], today: today, language: .en).map(\.text) == [
                "School holidays in 25 days: Christmas, 21 Dec – 1 Jan"
            ])
        #expect(
            TodayModel.banners(holidays: [], school: [christmas], today: F.date("2026-12-24"), language: .de)
                .map(\.text) == ["Schulferien: Weihnachtsferien, bis Freitag, 1. Januar 2027"])
        #expect(
            TodayModel.banners(holidays: [], school: [christmas], today: F.date("2026-09-01"), language: .en).isEmpty)
    }

    @Test("transport: hidden when nothing is late; else status, count and 'line → destination +N min'")
    func transport() {
        #expect(TodayModel.make(news: F.news(), now: F.morning, prefs: F.prefs(), tab: nil).disruptions == nil)
        let delays = [
            TrainDelay(line: "IC 8", destination: "Bern", delay: 18, scheduledTime: "08:02", platform: "31"),
            TrainDelay(line: "S 3", destination: "Wetzikon", delay: 5, scheduledTime: "08:10", platform: ""),
        ]
        let model = TodayModel.make(news: F.news(delays: delays), now: F.morning, prefs: F.prefs(.de), tab: nil)
        #expect(
            model.disruptions
                == TodayModel.Disruptions(
                    status: "major", title: "Grosse Verspätungen", count: "4 verspätet",
                    lines: ["IC 8 → Bern +18 min", "S 3 → Wetzikon +5 min"]))
    }

    @Test("briefing: greeting, top story, 💡 suggestion in the page's language; trending topic")
    func briefing() throws {
        let model = TodayModel.make(news: F.news(), now: F.morning, prefs: F.prefs(.de), tab: nil)
        let b = try #require(model.briefing)
        #expect(b.greeting == "Guten Morgen")
        #expect(b.story?.headline == "Bundesrat <b>entscheidet</b>")
        #expect(b.suggestion == "💡 Vorschlag: 🦁 Zoo Zürich" && b.reason == "Trocken genug für draussen")
        #expect(model.trending?.topic == "Bundesrat")
        #expect(model.historyText == "Der Bundesbrief.")
    }

    @Test("HTML: tab links work without JS, one open panel, escaped text, details for the detail, stale notices")
    func view() {
        let news = F.news(
            delays: [TrainDelay(line: "IC 8", destination: "Bern", delay: 18, scheduledTime: "08:02", platform: "")],
            sources: ["news": F.state(.lastGood), "weather": F.state(.fresh)])
        let model = TodayModel.make(news: news, now: F.morning, prefs: F.prefs(), tab: "politics")
        let html = F.render(TodayView.main(model, now: F.morning))
        #expect(html.contains(#"href="/swiss/app?city=zurich&amp;lang=en&amp;tab=culture#news""#))
        #expect(html.contains(#"<div class="today-section" id="news-politics" data-tab-panel="politics">"#))
        #expect(html.contains(#"id="news-topStories" data-tab-panel="topStories" hidden="hidden""#))
        #expect(html.contains(#"aria-current="page"><span>Politics</span><span class="count">1</span>"#))
        #expect(html.contains("Bundesrat &lt;b&gt;entscheidet&lt;/b&gt;") && !html.contains("<b>entscheidet"))
        #expect(html.contains("<details><summary>"))
        #expect(html.contains(#"<span aria-hidden="true">▼</span> Negative"#))
        #expect(html.contains(#"<time datetime="2026-11-26T06:53:00.000Z">12m</time>"#))
        #expect(html.contains("News from 06:05 (2h) — the service is not answering; retrying."))
        #expect(html.contains("🚆 Major delays — 3 delayed") && html.contains("<li>IC 8 → Bern +18 min</li>"))
        #expect(html.contains("No news in this category right now."))
        #expect(html.contains("1291"))
        #expect(html.contains(#"lang="de""#))
        #expect(html.contains(#"id="briefing" data-day="2026-11-26""#), "the × hides it until the Swiss day changes")
        #expect(html.contains(#"<button type="button" class="today-dismiss" hidden="hidden""#), "shown by the script")
    }
}

@Suite("Swiss web: page memo")
struct WebTodayMemoTests {
    @Test("keeps a fresh answer for a minute, never a degraded one")
    func memo() async {
        let memo = PageMemo()
        let start = TodayFixtures.morning
        let calls = Mutex(0)
        func ask(_ at: Date, fresh: Bool) async -> Int {
            await memo.value("k", now: at, keep: { (_: Int) in fresh }) {
                calls.withLock {
                    $0 += 1; return $0
                }
            }
        }
        #expect(await ask(start, fresh: false) == 1)
        #expect(await ask(start, fresh: true) == 2, "the degraded answer was not kept")
        #expect(await ask(start.addingTimeInterval(59), fresh: true) == 2, "kept for a minute")
        #expect(await ask(start.addingTimeInterval(61), fresh: true) == 3, "then made again")
        #expect(PageMemo.allFresh(["a": TodayFixtures.state(.fresh)]))
        #expect(!PageMemo.allFresh(["a": TodayFixtures.state(.fresh), "b": TodayFixtures.state(.revalidating)]))
        #expect(!PageMemo.allFresh([:]))
    }
}
