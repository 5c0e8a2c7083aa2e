import Foundation

/// One hour of the short forecast.
public struct HourlyWeather: Codable, Sendable, Hashable {
    /// "HH:MM", Swiss wall clock.
    public var time: String
    public var temperature: Int
    public var weatherCode: Int

    public init(time: String, temperature: Int, weatherCode: Int) {
        self.time = time
        self.temperature = temperature
        self.weatherCode = weatherCode
    }
}

/// One day of the short outlook in the weather object (an extra key, `daily`; the original clients ignore it).
public struct WeatherDay: Codable, Sendable, Hashable {
    /// The Swiss date.
    public var date: CivilDate
    /// WMO code.
    public var weatherCode: Int
    /// °C, rounded.
    public var tempMax: Int
    /// °C, rounded.
    public var tempMin: Int
    /// The highest chance of rain of the day in percent, nil when not sent.
    public var precipitationProbability: Int?
    /// Hours of sunshine, one decimal, nil when not sent.
    public var sunshineHours: Double?

    /// A day from its values.
    public init(
        date: CivilDate, weatherCode: Int, tempMax: Int, tempMin: Int, precipitationProbability: Int? = nil,
        sunshineHours: Double? = nil
    ) {
        self.date = date
        self.weatherCode = weatherCode
        self.tempMax = tempMax
        self.tempMin = tempMin
        self.precipitationProbability = precipitationProbability
        self.sunshineHours = sunshineHours
    }
}

/// The weather object of the briefing and the activities (the original's shape, API notes 3.2): never null — when
/// Open-Meteo is down the last good one is sent with `stale`, and with no good one at all an "unavailable" object.
public struct CurrentWeather: Codable, Sendable, Hashable {
    public var temperature: Int
    public var weatherCode: Int
    public var windSpeed: Int
    public var description: String
    public var hourly: [HourlyWeather]
    /// Emoji for the code.
    public var icon: String
    /// True when this is the last good weather after an upstream failure (or none could be fetched yet).
    public var stale: Bool?
    /// When the data was fetched (ISO 8601), set with `stale`.
    public var fetchedAt: Date?
    /// False when no weather could be fetched at all.
    public var available: Bool
    /// Today and the next days (high/low, chance of rain, sunshine), today first; nil when Open-Meteo sent no daily
    /// block (an extra key: the original clients ignore it).
    public var daily: [WeatherDay]?

    public init(
        temperature: Int, weatherCode: Int, windSpeed: Int, description: String, hourly: [HourlyWeather], icon: String,
        stale: Bool? = nil, fetchedAt: Date? = nil, available: Bool = true, daily: [WeatherDay]? = nil
    ) {
        self.daily = daily
        self.temperature = temperature
        self.weatherCode = weatherCode
        self.windSpeed = windSpeed
        self.description = description
        self.hourly = hourly
        self.icon = icon
        self.stale = stale
        self.fetchedAt = fetchedAt
        self.available = available
    }

    /// Why an Open-Meteo answer could not be read.
    public enum ParseError: Error, Equatable, CustomStringConvertible {
        case notJSON
        case missingCurrent

        public var description: String {
            switch self {
            case .notJSON: "Open-Meteo's answer is not JSON."
            case .missingCurrent: "Open-Meteo's answer has no current temperature or weather code."
            }
        }
    }

    /// How many hours `hourly` lists (the original kept 8 of the 12 it asked for; its PWA shows up to 12).
    public static let hourCount = 12
    /// How many days `daily` lists: today and the next three.
    public static let dayCount = 4

    /// The Open-Meteo query (API notes 3.2) for `point`, plus the daily values of today and the next three days
    /// (high, low, chance of rain, sunshine) that the original did not ask for.
    public static func query(for point: GeoPoint) -> String {
        "latitude=\(point.lat)&longitude=\(point.lon)&current=temperature_2m,weather_code,wind_speed_10m"
            + "&hourly=temperature_2m,weather_code&forecast_hours=12"
            + "&daily=weather_code,temperature_2m_max,temperature_2m_min,precipitation_probability_max,sunshine_duration"
            + "&forecast_days=\(dayCount)&timezone=Europe%2FZurich"
    }

    /// Reads Open-Meteo's answer: current values rounded, up to ``hourCount`` hours from the current Swiss hour on
    /// (the hourly times are Swiss wall clock without an offset — compared as such, not as UTC), and the daily
    /// outlook from today on (days before today and days without a code or temperatures are left out).
    public static func parse(_ data: Data, now: Date, language: Language) throws(ParseError) -> CurrentWeather {
        guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else { throw .notJSON }
        guard let current = object["current"] as? [String: Any],
            let temperature = (current["temperature_2m"] as? NSNumber)?.doubleValue, abs(temperature) < 100,
            let code = (current["weather_code"] as? NSNumber)?.intValue
        else { throw .missingCurrent }
        let wind = (current["wind_speed_10m"] as? NSNumber)?.doubleValue ?? 0
        var hourly: [HourlyWeather] = []
        if let hours = object["hourly"] as? [String: Any], let times = hours["time"] as? [Any] {
            let temperatures = hours["temperature_2m"] as? [Any] ?? []
            let codes = hours["weather_code"] as? [Any] ?? []
            let swiss = SwissTime(now)
            let currentHour = String(format: "%@T%02d:00", swiss.date.description, swiss.minutes / 60)
            for (index, value) in times.enumerated() {
                guard let time = value as? String, time.count >= 16, time >= currentHour,
                    index < temperatures.count, index < codes.count,
                    let t = (temperatures[index] as? NSNumber)?.doubleValue, abs(t) < 100,
                    let c = (codes[index] as? NSNumber)?.intValue
                else { continue }
                hourly.append(
                    HourlyWeather(time: String(time.suffix(5)), temperature: Int(t.rounded()), weatherCode: c))
                if hourly.count == hourCount { break }
            }
        }
        return CurrentWeather(
            temperature: jsRoundInt(temperature), weatherCode: code, windSpeed: jsRoundInt(wind),
            description: WeatherCodes.description(code, in: language), hourly: hourly,
            icon: WeatherCodes.icon(code).emoji, daily: days(object["daily"] as? [String: Any], now: now))
    }

    /// The daily block's days from today (Swiss) on, at most ``dayCount``; nil without a daily block.
    static func days(_ daily: [String: Any]?, now: Date) -> [WeatherDay]? {
        guard let daily, let times = daily["time"] as? [Any] else { return nil }
        func number(_ key: String, _ index: Int) -> Double? {
            guard let series = daily[key] as? [Any], index < series.count,
                let value = (series[index] as? NSNumber)?.doubleValue, value.isFinite, abs(value) < 1_000_000
            else { return nil }
            return value
        }
        let today = CivilDate(now)
        var days: [WeatherDay] = []
        for (index, value) in times.enumerated() {
            guard let text = value as? String, let date = CivilDate(text.prefix(10)), date >= today,
                let code = number("weather_code", index), code == code.rounded(),
                let high = number("temperature_2m_max", index), abs(high) < 100,
                let low = number("temperature_2m_min", index), abs(low) < 100
            else { continue }
            let rain = number("precipitation_probability_max", index).map { min(100, max(0, jsRoundInt($0))) }
            let sun = number("sunshine_duration", index).map { (max(0, $0) / 360).rounded() / 10 }
            days.append(
                WeatherDay(
                    date: date, weatherCode: Int(code), tempMax: jsRoundInt(high), tempMin: jsRoundInt(low),
                    precipitationProbability: rain, sunshineHours: sun))
            if days.count == dayCount { break }
        }
        return days
    }

    /// Sent when no weather was ever fetched (the client requires a weather object).
    public static func unavailable(_ language: Language) -> CurrentWeather {
        CurrentWeather(
            temperature: 0, weatherCode: -1, windSpeed: 0,
            description: language == .de ? "Wetter nicht verfügbar" : "Weather unavailable", hourly: [], icon: "❔",
            stale: true, available: false)
    }

    /// Whether it is bad weather for outdoor plans (rain, or below 5 °C); unavailable weather is not bad.
    public var isBad: Bool {
        available && WeatherCodes.isBadWeather(code: weatherCode, temperature: Double(temperature))
    }
}
