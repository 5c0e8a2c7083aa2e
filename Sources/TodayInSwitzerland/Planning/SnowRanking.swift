import Foundation

/// One day of a resort's week (the original's keys).
public struct SnowDayForecast: Codable, Sendable, Equatable {
    /// The day.
    public var date: CivilDate
    /// Fresh snow in cm, 1 decimal; 0 when Open-Meteo sent none.
    public var snowfallCm: Double
    /// WMO code; -1 when Open-Meteo sent none (the client requires an integer).
    public var weatherCode: Int
    /// °C, rounded; a missing value is 0 (as the original).
    public var tempMax: Int
    /// °C, rounded; a missing value is 0.
    public var tempMin: Int
    /// English text of the weather code.
    public var description: String

    /// A day from its values.
    public init(date: CivilDate, snowfallCm: Double, weatherCode: Int, tempMax: Int, tempMin: Int, description: String)
    {
        self.date = date
        self.snowfallCm = snowfallCm
        self.weatherCode = weatherCode
        self.tempMax = tempMax
        self.tempMin = tempMin
        self.description = description
    }
}

/// A ski resort with its week of snow (the original's keys).
public struct SnowDestination: Codable, Sendable, Equatable, Identifiable {
    /// The resort id, e.g. "zermatt".
    public var id: String
    /// English name.
    public var name: String
    /// German name.
    public var nameDE: String
    /// Latitude, degrees.
    public var lat: Double
    /// Longitude, degrees.
    public var lon: Double
    /// Region in English.
    public var region: String
    /// Region in German.
    public var regionDE: String
    /// Driving minutes from Zürich.
    public var driveMinutes: Int
    /// Village altitude in metres (0 when unknown; the client requires a number).
    public var altitude: Int
    /// The days of the week Open-Meteo had data for.
    public var forecast: [SnowDayForecast]
    /// Σ snowfallCm, 1 decimal.
    public var snowfallWeekTotal: Double
    /// The deepest snow of the week in whole cm (the maximum hourly depth), 0 when unknown.
    public var snowDepthCm: Int

    /// A resort from its parts.
    public init(
        id: String, name: String, nameDE: String, lat: Double, lon: Double, region: String, regionDE: String,
        driveMinutes: Int, altitude: Int, forecast: [SnowDayForecast], snowfallWeekTotal: Double, snowDepthCm: Int
    ) {
        self.id = id
        self.name = name
        self.nameDE = nameDE
        self.lat = lat
        self.lon = lon
        self.region = region
        self.regionDE = regionDE
        self.driveMinutes = driveMinutes
        self.altitude = altitude
        self.forecast = forecast
        self.snowfallWeekTotal = snowfallWeekTotal
        self.snowDepthCm = snowDepthCm
    }

    /// The position.
    public var point: GeoPoint { GeoPoint(lat: lat, lon: lon) }
    /// The class of the week's snowfall.
    public var snowClass: SnowClass { SnowRanking.classify(snowfallWeekTotal) }
}

/// The client's classes of a week's snowfall.
public enum SnowClass: String, Codable, Sendable, CaseIterable {
    /// More than 30 cm.
    case heavy
    /// 10 to 30 cm, both included.
    case moderate
    /// Less than 10 cm.
    case light
}

/// The weekly snow ranking (API notes section 8): which resorts get the most fresh snow this Monday–Sunday.
public enum SnowRanking {
    /// The Monday and Sunday of the week the ranking covers.
    public struct WeekDates: Codable, Sendable, Equatable {
        /// Monday.
        public var monday: CivilDate
        /// Sunday, six days later.
        public var sunday: CivilDate

        /// The week starting on `monday`.
        public init(monday: CivilDate) {
            self.monday = monday
            sunday = monday.adding(days: 6)
        }

        /// Monday to Sunday.
        public var all: [CivilDate] { (0..<7).map { monday.adding(days: $0) } }
    }

    /// How the list is sorted.
    public enum Sort: Sendable, Equatable {
        /// The API order: most fresh snow first.
        case snowfall
        /// Shortest drive first (ties: the API order).
        case driveTime
        /// Nearest to a point first (ties: the API order).
        case distance(from: GeoPoint)
    }

    /// Which classes are shown.
    public enum Filter: String, Codable, Sendable, CaseIterable {
        case all, heavy, moderate, light
    }

    /// The daily variables of the Open-Meteo request.
    public static let dailyVariables = ["snowfall_sum", "weather_code", "temperature_2m_max", "temperature_2m_min"]
    /// The hourly variables of the Open-Meteo request.
    public static let hourlyVariables = ["snow_depth"]

    /// The current Swiss week, Monday to Sunday, past days included (as the original, but on the Swiss date: at 00:30
    /// on a Monday it is already the new week).
    public static func weekDates(today: CivilDate) -> WeekDates {
        WeekDates(monday: today.adding(days: 1 - today.isoWeekday))
    }

    /// The week of an instant, taking its date in Europe/Zurich.
    public static func weekDates(at instant: Date) -> WeekDates { weekDates(today: CivilDate(instant)) }

    /// The Open-Meteo query for `resorts` over the week.
    public static func queryItems(resorts: [Destination], dates: WeekDates) -> [URLQueryItem] {
        OpenMeteoLocation.queryItems(
            places: resorts.map(\.point), daily: dailyVariables, hourly: hourlyVariables, start: dates.monday,
            end: dates.sunday)
    }

    /// Ranks `resorts` by the week's fresh snow. `forecast` is Open-Meteo's reply in the order of `resorts`. A resort
    /// without daily data is left out; the forecast keeps the week's days; most snow first, ties in the order of
    /// `resorts`.
    public static func rank(
        resorts: [Destination], forecast: [OpenMeteoLocation], dates: WeekDates
    )
        -> [SnowDestination]
    {
        let week = Set(dates.all)
        var ranked: [SnowDestination] = []
        for (index, resort) in resorts.enumerated() where forecast.indices.contains(index) {
            guard let daily = forecast[index].daily, !daily.time.isEmpty else { continue }
            var days: [SnowDayForecast] = []
            for (i, day) in daily.time.enumerated() {
                guard let date = day, week.contains(date), !days.contains(where: { $0.date == date }) else { continue }
                let code = daily.code(at: i)
                days.append(
                    SnowDayForecast(
                        date: date, snowfallCm: oneDecimal(max(0, OpenMeteoDaily.value(daily.snowfallSum, i) ?? 0)),
                        weatherCode: code ?? -1,
                        tempMax: jsRoundInt(OpenMeteoDaily.value(daily.temperatureMax, i) ?? 0),
                        tempMin: jsRoundInt(OpenMeteoDaily.value(daily.temperatureMin, i) ?? 0),
                        description: WeatherText.english(code ?? -1)))
            }
            let depths = (forecast[index].hourly?.snowDepth ?? []).compactMap { $0 }
            let deepest = depths.max().map { jsRoundInt(max(0, $0) * 100) } ?? 0
            ranked.append(
                SnowDestination(
                    id: resort.id, name: resort.name, nameDE: resort.nameDE, lat: resort.lat, lon: resort.lon,
                    region: resort.region, regionDE: resort.regionDE, driveMinutes: resort.driveMinutes,
                    altitude: resort.altitude ?? 0, forecast: days,
                    snowfallWeekTotal: oneDecimal(days.reduce(0) { $0 + $1.snowfallCm }), snowDepthCm: deepest))
        }
        return ranked.stableSorted { $0.snowfallWeekTotal > $1.snowfallWeekTotal }
    }

    /// The class of a week's snowfall: heavy above 30 cm, moderate from 10 to 30 cm, light below 10 cm.
    public static func classify(_ total: Double) -> SnowClass {
        if total > 30 { return .heavy }
        if total >= 10 { return .moderate }
        return .light
    }

    /// The fresh-powder alert: the first resort of the ranking when it gets more than 40 cm this week. Pass the
    /// ranking in API order, not a filtered list (the client's rule).
    public static func powderAlert(in ranking: [SnowDestination]) -> SnowDestination? {
        guard let top = ranking.first, top.snowfallWeekTotal > 40 else { return nil }
        return top
    }

    /// The list as the client shows it: the resorts of `filter`, sorted by `sort`.
    public static func arrange(
        _ resorts: [SnowDestination], filter: Filter = .all, sort: Sort = .snowfall
    )
        -> [SnowDestination]
    {
        let shown = filter == .all ? resorts : resorts.filter { $0.snowClass.rawValue == filter.rawValue }
        switch sort {
        case .snowfall: return shown.stableSorted { $0.snowfallWeekTotal > $1.snowfallWeekTotal }
        case .driveTime: return shown.stableSorted { $0.driveMinutes < $1.driveMinutes }
        case .distance(let point):
            return shown.stableSorted { $0.point.kilometres(to: point) < $1.point.kilometres(to: point) }
        }
    }
}
