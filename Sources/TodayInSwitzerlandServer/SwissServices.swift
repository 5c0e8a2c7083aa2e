import AsyncHTTPClient
import Foundation
import Logging
import NIOCore
import ServerKit
import TodayInSwitzerland

/// Today in Switzerland's backend: the original worker's endpoints over live upstreams with caching, stale-while-
/// revalidate and last good data, with dates in Europe/Zurich.
public struct SwissApp: AppModule {
    let cache: UpstreamCache
    let fetcher: SwissFetcher
    /// Overpass answers slowly (its own query timeout is 25 s): a separate client with a longer timeout.
    let overpassFetcher: SwissFetcher
    let config: SwissUpstreamConfig
    let activityCatalog: ActivityCatalog
    let historyCatalog: HistoryCatalog
    let places: PlacesCatalog
    /// Whole responses for a minute per city, language and Swiss day, so a warm request costs a lookup.
    let responses = ResponseCache(capacity: 1000)
    /// The same for the answers the web pages render (``PageMemo``).
    let pageMemo = PageMemo()
    let logger: Logger
    let now: @Sendable () -> Date
    let startedAt: Date

    /// The tables the app needs.
    public static let migrations: [Migration] = [UpstreamCache.migration, VisitorRepository.migration]

    /// Time to live of each upstream's answers (the original cached its responses for 30 minutes).
    enum TTL {
        static let weather: TimeInterval = 15 * 60
        static let feeds: TimeInterval = 30 * 60
        static let transport: TimeInterval = 2 * 60
        static let forecast: TimeInterval = 30 * 60
        static let overpass: TimeInterval = 30 * 60
        static let response: TimeInterval = 60
    }

    /// The app over `database` (the last good upstream answers live there), calling the upstreams of `config`.
    public init(
        database: Database, logger: Logger, config: SwissUpstreamConfig,
        httpClient: HTTPClient = UpstreamHTTPClient.sharedClient, now: @escaping @Sendable () -> Date = Date.init
    ) throws {
        self.config = config
        self.logger = logger
        self.now = now
        startedAt = now()
        cache = UpstreamCache(database: database, userWait: config.userWait, now: now)
        fetcher = SwissFetcher(
            client: UpstreamHTTPClient(
                client: httpClient, timeout: .milliseconds(Int64(config.timeout * 1000)), maxAttempts: 1,
                logger: logger),
            config: config, logger: logger)
        overpassFetcher = SwissFetcher(
            client: UpstreamHTTPClient(
                client: httpClient, timeout: .milliseconds(Int64(config.overpassTimeout * 1000)), maxAttempts: 1,
                logger: logger),
            config: config, logger: logger)
        activityCatalog = try ActivityCatalog.load()
        historyCatalog = try HistoryCatalog.load()
        places = try PlacesCatalog.load()
    }

    /// Start-up housekeeping: forgets cached answers older than two weeks and visitors unseen for 400 days.
    public func prepare() async {
        await cache.prune()
        try? await visitors.prune()
    }

    // MARK: Upstream parts

    /// The current weather of `city`: never nil — the last good one marked stale, or "unavailable".
    func weather(_ city: City, _ language: Language, refresh: Bool) async -> (CurrentWeather, CachedAnswer?) {
        let url = "\(config.openMeteo)/v1/forecast?\(CurrentWeather.query(for: city.location))"
        let answer = await cache.answer("weather:\(city.id)", ttl: TTL.weather, refresh: refresh) {
            guard let data = await fetcher.get(url),
                (try? CurrentWeather.parse(data, now: Date(), language: .en)) != nil
            else { return nil }
            return data
        }
        guard let answer, var weather = try? CurrentWeather.parse(answer.body, now: now(), language: language) else {
            return (CurrentWeather.unavailable(language), answer)
        }
        if answer.isStale {
            weather.stale = true
            weather.fetchedAt = answer.fetchedAt
        }
        return (weather, answer)
    }

    /// Delays at the city's stations (merged); the status is "none" when nothing is known.
    func transport(_ city: City, refresh: Bool) async -> (Transport, CachedAnswer?) {
        let answers = await withTaskGroup(of: CachedAnswer?.self) { group in
            for station in city.stations {
                group.addTask {
                    let query = station.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? station
                    let url = "\(config.transport)/v1/stationboard?station=\(query)&limit=20"
                    return await cache.answer("transport:\(station)", ttl: TTL.transport, refresh: refresh) {
                        guard let data = await fetcher.get(url), (try? StationBoard.departures(from: data)) != nil
                        else { return nil }
                        _ = Transport.make(boards: [data])  // what the response will do with it
                        return data
                    }
                }
            }
            return await group.reduce(into: [CachedAnswer?]()) { $0.append($1) }
        }
        let boards = answers.compactMap { $0?.body }
        return (Transport.make(boards: boards), Self.worst(answers))
    }

    /// The items of the national feeds and the city's own, each feed cached separately (parsed).
    func feedItems(_ city: City, refresh: Bool) async -> ([FeedItem], CachedAnswer?) {
        let sources = config.feeds.filter { $0.city == nil || $0.city == city.id }
        let answers = await withTaskGroup(of: CachedAnswer?.self) { group in
            for source in sources {
                group.addTask {
                    await cache.answer("feed:\(source.url)", ttl: TTL.feeds, refresh: refresh) {
                        guard let data = await fetcher.get(source.url),
                            let items = try? FeedParser.parse(data, source: source.name), !items.isEmpty
                        else { return nil }
                        return try? JSONEncoder().encode(items)
                    }
                }
            }
            return await group.reduce(into: [CachedAnswer?]()) { $0.append($1) }
        }
        let items = answers.compactMap { $0 }.flatMap {
            (try? JSONDecoder().decode([FeedItem].self, from: $0.body)) ?? []
        }
        return (items, Self.worst(answers))
    }

    /// An Open-Meteo multi-location forecast, cached under `key`.
    func forecast(
        _ key: String, items: [URLQueryItem], places: Int, refresh: Bool
    ) async -> ([OpenMeteoLocation], CachedAnswer?) {
        var components = URLComponents()
        components.queryItems = items
        let url = "\(config.openMeteo)/v1/forecast?\(components.percentEncodedQuery ?? "")"
        let answer = await cache.answer(key, ttl: TTL.forecast, refresh: refresh) {
            // Only a complete answer replaces the last good one: a place each, each with daily data.
            guard let data = await fetcher.get(url), let list = try? OpenMeteoLocation.decodeList(from: data),
                list.count == places, list.allSatisfy({ !($0.daily?.time.isEmpty ?? true) })
            else { return nil }
            return data
        }
        return ((answer.flatMap { try? OpenMeteoLocation.decodeList(from: $0.body) }) ?? [], answer)
    }

    /// The least fresh of several answers: "lastGood" when more than `tolerating` of them are missing or stale
    /// (one dead feed of seven does not make the news stale).
    static func worst(_ answers: [CachedAnswer?], tolerating: Int = 0) -> CachedAnswer? {
        let present = answers.compactMap { $0 }
        guard var result = present.min(by: { $0.fetchedAt < $1.fetchedAt }) else { return nil }
        let degraded = present.filter(\.isStale).count + answers.count - present.count
        if degraded > tolerating {
            result.freshness = .lastGood
        } else if result.isStale {
            result.freshness = .revalidating
        }
        return result
    }

    /// The city's public holidays of the years around `date`, computed once per request instead of once for every
    /// opening-hours rule of every spot.
    func publicHolidays(around date: CivilDate, city: City) -> Set<CivilDate> {
        Set(
            ((date.year - 1)...(date.year + 1)).flatMap { HolidayCalendar.holidays(year: $0, city: city) }
                .filter { $0.kind == .public }.map(\.date))
    }

    // MARK: Responses

    /// `GET /swiss/` — news, weather, holidays, school holidays, history, transport, briefing.
    public func news(city: City, language: Language, refresh: Bool) async -> Data? {
        try? JSONResponse.encoder().encode(await newsResponse(city: city, language: language, refresh: refresh))
    }

    func newsResponse(city: City, language: Language, refresh: Bool) async -> NewsResponse {
        let time = now()
        async let weatherPart = weather(city, language, refresh: refresh)
        async let transportPart = transport(city, refresh: refresh)
        async let feedPart = feedItems(city, refresh: refresh)
        let (weather, weatherAnswer) = await weatherPart
        let (transport, transportAnswer) = await transportPart
        let (items, feedAnswer) = await feedPart
        let today = CivilDate(time)
        let digest = NewsDigest.make(items: items, city: city, language: language, now: time)
        let fact = historyCatalog.fact(on: today)
        let condition =
            weather.available
            ? WeatherCondition(weatherCode: weather.weatherCode, temperature: Double(weather.temperature)) : nil
        let surprise = ActivityFilter.surpriseMe(
            activities: cityActivities(city, on: today), weather: condition, date: today,
            seed: WeekendPlanner.seed(date: today, city: city.id))
        let pick = surprise.map { pick in
            DailyPick(
                activityId: pick.activity.id, name: pick.activity.name, nameDE: pick.activity.nameDE,
                reason: pick.reason.en, reasonDE: pick.reason.de, emoji: Self.emoji(pick.activity.category),
                indoor: pick.activity.indoor, category: pick.activity.category.rawValue)
        }
        let briefing =
            digest.topStory == nil && pick == nil
            ? nil : Briefing(topStory: digest.topStory, suggestedActivity: surprise?.activity, dailyPick: pick)
        let response = NewsResponse(
            categories: digest.categories, weather: weather,
            holidays: HolidayCalendar.upcoming(for: city, today: today).map(\.api),
            schoolHolidays: SchoolHolidays.current(for: city, today: today),
            history: HistoryBody(year: fact.year, event: fact.event, eventDE: fact.eventDE), transport: transport,
            trending: digest.trending, briefing: briefing, city: CityBody(city, language), timestamp: time,
            sources: [
                "weather": SourceState(weatherAnswer), "transport": SourceState(transportAnswer),
                "news": SourceState(feedAnswer),
            ])
        return response
    }

    /// The city's curated activities, this season's seasonal ones and the stay-home ideas, free flags set.
    func cityActivities(_ city: City, on date: CivilDate) -> [Activity] {
        let seasonal = activityCatalog.seasonal.filter {
            ($0.city == nil || $0.city == city.id) && ActivityFilter.isInSeason($0, month: date.month)
        }
        return ActivityFilter.withFreeFlags(
            activityCatalog.activities(city: city.id) + seasonal + activityCatalog.stayHome)
    }

    /// `GET /swiss/activities`.
    public func activities(city: City, language: Language, refresh: Bool) async -> Data? {
        await activities(city: city, language: language, refresh: refresh, filter: nil)
    }

    func activities(city: City, language: Language, refresh: Bool, filter: ActivityFilter?) async -> Data? {
        let time = now()
        let today = CivilDate(time)
        let (weather, answer) = await weather(city, language, refresh: refresh)
        let condition =
            weather.available
            ? WeatherCondition(weatherCode: weather.weatherCode, temperature: Double(weather.temperature)) : nil
        let events = activityCatalog.events(city: city.id).filter { $0.endDate >= today }
            .sorted { ($0.startDate, $0.id) < ($1.startDate, $1.id) }
        let all = cityActivities(city, on: today)
        let chosen =
            filter.map { $0.apply(to: all, on: today, weather: condition).map(\.activity) }
            ?? ActivityFilter.ordered(all, weather: condition)
        let response = ActivitiesResponse(
            activities: chosen, cityEvents: events,
            weather: weather, city: CityBody(city, language), timestamp: time,
            sources: ["weather": SourceState(answer)])
        return try? JSONResponse.encoder().encode(response)
    }

    /// `GET /swiss/weekend` — on a Sunday it shows the next weekend, as the original did (never a plan for a past day).
    public func weekend(city: City, language: Language, refresh: Bool) async -> Data? {
        await weekend(city: city, language: language, refresh: refresh, seed: 0)
    }

    /// The weekend with the plan of shuffle `seed` (0: the default plan).
    func weekend(city: City, language: Language, refresh: Bool, seed: Int) async -> Data? {
        try? JSONResponse.encoder().encode(
            await weekendResponse(city: city, language: language, refresh: refresh, seed: seed))
    }

    /// What a weekend plan is made of: the dates, the forecast (one upstream wait) and the activities.
    struct WeekendInputs: Sendable {
        var time: Date
        var dates: WeekendPlanner.WeekendDates
        var weather: [CivilDate: DayWeather]
        var activities: [Activity]
        var answer: CachedAnswer?

        /// The plan of shuffle `seed`.
        func plan(_ city: City, seed: Int) -> WeekendPlan {
            WeekendPlanner.plan(activities: activities, dates: dates, weather: weather, city: city.id, shuffle: seed)
        }
    }

    func weekendInputs(city: City, refresh: Bool) async -> WeekendInputs {
        let time = now()
        let dates = WeekendPlanner.weekendDates(today: CivilDate(time), sundayRule: .nextWeekend)
        let items = OpenMeteoLocation.queryItems(
            places: [city.location], daily: ["weather_code", "temperature_2m_max", "temperature_2m_min"], hourly: [],
            start: dates.saturday, end: dates.sunday)
        let (forecast, answer) = await forecast(
            "daily:\(city.id):\(dates.saturday)", items: items, places: 1, refresh: refresh)
        return WeekendInputs(
            time: time, dates: dates, weather: DayWeather.days(from: forecast.first),
            activities: cityActivities(city, on: dates.saturday), answer: answer)
    }

    /// A new seed whose plan differs from the plan of `current` (the Shuffle button): random, then the next numbers
    /// until the plan changes (a city with too few activities for another plan keeps the last one tried). Plans
    /// only: no upstream is asked again.
    func shuffleSeed(city: City, inputs: WeekendInputs, current: Int = 0) -> Int {
        let base = Int.random(in: 1...WeekendSeed.maximum / 2)
        let shown = inputs.plan(city, seed: current)
        var seed = base
        for candidate in base..<(base + 20) where candidate != current {
            seed = candidate
            if inputs.plan(city, seed: candidate) != shown { break }
        }
        return seed
    }

    func weekendResponse(city: City, language: Language, refresh: Bool, seed: Int) async -> WeekendResponse {
        weekendResponse(
            city: city, language: language, inputs: await weekendInputs(city: city, refresh: refresh), seed: seed)
    }

    func weekendResponse(city: City, language: Language, inputs: WeekendInputs, seed: Int) -> WeekendResponse {
        let plan = inputs.plan(city, seed: seed)
        let today = CivilDate(inputs.time)
        func day(_ day: WeekendDay) -> WeekendDayBody {
            WeekendDayBody(
                date: day.date, weather: day.weather, plan: day.plan,
                holidays: HolidayCalendar.holidays(on: day.date, city: city).map {
                    UpcomingHoliday(holiday: $0, today: today).api
                })
        }
        return WeekendResponse(
            saturday: day(plan.saturday), sunday: day(plan.sunday), city: CityBody(city, language),
            timestamp: inputs.time, seed: seed, sources: ["weather": SourceState(inputs.answer)])
    }

    /// `GET /swiss/lunch` — places to eat near the city centre with "open for lunch" for today (Swiss time).
    public func lunch(city: City, language: Language, refresh: Bool, filter: LunchFilter) async -> Data? {
        let time = now()
        let (all, answer, holidays) = await lunchSpots(city: city, at: time, refresh: refresh)
        let spots = LunchSpots.filter(all, by: filter, now: SwissTime(time), isHoliday: { holidays.contains($0) })
        let response = LunchBody(
            spots: spots, center: filter.near ?? city.location, city: CityBody(city, language), timestamp: time,
            sources: ["overpass": SourceState(answer)])
        return try? JSONResponse.encoder().encode(response)
    }

    /// Every lunch spot of the city's Overpass answer (cached) with `openForLunch` for the Swiss day of `time`, the
    /// answer (nil when Overpass never answered) and the public holidays the opening hours were read with.
    func lunchSpots(
        city: City, at time: Date, refresh: Bool
    ) async -> (spots: [LunchSpot], answer: CachedAnswer?, holidays: Set<CivilDate>) {
        let query = LunchSpots.query(center: city.location)
        let answer = await cache.answer("overpass:\(city.id)", ttl: TTL.overpass, refresh: refresh) {
            guard let data = await overpassFetcher.post(config.overpass, form: ["data": query]),
                let spots = try? LunchSpots.parse(overpassJSON: data, today: CivilDate(Date())), !spots.isEmpty
            else { return nil }
            return data
        }
        let today = CivilDate(time)
        let holidays = publicHolidays(around: today, city: city)
        let spots =
            answer.flatMap {
                try? LunchSpots.parse(overpassJSON: $0.body, today: today, isHoliday: { holidays.contains($0) })
            } ?? []
        return (spots, answer, holidays)
    }

    /// `GET /swiss/sunshine` — the weekend's sunniest places from Zürich.
    public func sunshine(language: Language, refresh: Bool) async -> Data? {
        await sunshine(language: language, refresh: refresh, options: RankingOptions())
    }

    func sunshine(language: Language, refresh: Bool, options: RankingOptions) async -> Data? {
        var response = await sunshineResponse(language: language, refresh: refresh)
        if options.filter != nil || options.sort != nil {
            response.destinations = SunshineRanking.arrange(
                response.destinations, filter: options.filter.flatMap(SunshineRanking.Filter.init(rawValue:)) ?? .all,
                sort: options.sort == "drive" ? .driveTime : .hours)
        }
        return try? JSONResponse.encoder().encode(response)
    }

    func sunshineResponse(language: Language, refresh: Bool) async -> SunshineResponse {
        let time = now()
        let dates = SunshineRanking.weekendDates(today: CivilDate(time))
        let (forecast, answer) = await forecast(
            "sunshine:\(dates.friday)", items: SunshineRanking.queryItems(places: places.sunshinePlaces, dates: dates),
            places: places.sunshinePlaces.count, refresh: refresh)
        var ranking = SunshineRanking.rank(places: places.sunshinePlaces, forecast: forecast, dates: dates)
        if language == .de {
            for index in ranking.indices {
                for day in ranking[index].forecast.indices {
                    ranking[index].forecast[day].description = WeatherCodes.description(
                        ranking[index].forecast[day].weatherCode, in: .de)
                }
            }
        }
        let response = SunshineResponse(
            destinations: ranking, weekendDates: dates,
            nearestSunnyEscape: SunshineRanking.nearestSunnyEscape(in: ranking), timestamp: time,
            sources: ["openMeteo": SourceState(answer)])
        return response
    }

    /// `GET /swiss/snow` — this week's snowfall at the resorts.
    public func snow(language: Language, refresh: Bool) async -> Data? {
        await snow(language: language, refresh: refresh, options: RankingOptions())
    }

    func snow(language: Language, refresh: Bool, options: RankingOptions) async -> Data? {
        var response = await snowResponse(language: language, refresh: refresh)
        if options.filter != nil || options.sort != nil {
            response.destinations = SnowRanking.arrange(
                response.destinations, filter: options.filter.flatMap(SnowRanking.Filter.init(rawValue:)) ?? .all,
                sort: options.sort == "drive" ? .driveTime : .snowfall)
        }
        return try? JSONResponse.encoder().encode(response)
    }

    /// The week's snow ranking in API order (the page arranges it itself).
    func snowResponse(language: Language, refresh: Bool) async -> SnowResponse {
        let time = now()
        let dates = SnowRanking.weekDates(today: CivilDate(time))
        let (forecast, answer) = await forecast(
            "snow:\(dates.monday)", items: SnowRanking.queryItems(resorts: places.snowResorts, dates: dates),
            places: places.snowResorts.count, refresh: refresh)
        var ranking = SnowRanking.rank(resorts: places.snowResorts, forecast: forecast, dates: dates)
        if language == .de {
            for index in ranking.indices {
                for day in ranking[index].forecast.indices {
                    ranking[index].forecast[day].description = WeatherCodes.description(
                        ranking[index].forecast[day].weatherCode, in: .de)
                }
            }
        }
        return SnowResponse(
            destinations: ranking, weekDates: dates, powderAlert: SnowRanking.powderAlert(in: ranking),
            timestamp: time, sources: ["openMeteo": SourceState(answer)])
    }

    /// `GET /swiss/deals` — every deal (the client filters by city and month, as with the original).
    public func deals(filter: DealsFilter? = nil) -> Data? {
        try? JSONResponse.encoder().encode(
            DealsResponse(deals: filter.map { $0.apply(to: places.deals) } ?? places.deals))
    }

    /// `GET /swiss/version`.
    public func version() -> Data? {
        let modules = [
            "index": "3.0.0", "data": "3.0.0", "weather": "3.0.0", "transport": "3.0.0", "news": "3.0.0",
            "activities": "3.0.0", "events": "3.0.0", "weekend": "3.0.0", "lunch": "3.0.0", "sunshine": "3.0.0",
            "snow": "3.0.0", "deals": "3.0.0", "holidays": "3.0.0",
        ]
        return try? JSONResponse.encoder().encode(
            VersionResponse(worker: "3.0.0", modules: modules, deployedAt: startedAt))
    }

    static func emoji(_ category: Activity.Category) -> String {
        switch category {
        case .animals: "🦁"
        case .museum: "🏛️"
        case .indoorPlay: "🧸"
        case .playground: "🛝"
        case .nature: "🌳"
        case .outdoor: "☀️"
        case .event: "🎪"
        case .seasonal: "🍂"
        case .stayhome: "🏠"
        }
    }
}
