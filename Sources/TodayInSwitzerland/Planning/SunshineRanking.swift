import Foundation

/// One weekend day of a sunshine destination (the original's keys).
public struct SunshineDayForecast: Codable, Sendable, Equatable {
    /// The day.
    public var date: CivilDate
    /// WMO code; -1 when Open-Meteo sent none (the client requires an integer).
    public var weatherCode: Int
    /// °C, rounded; a missing value is 0 (as the original).
    public var tempMax: Int
    /// °C, rounded; a missing value is 0.
    public var tempMin: Int
    /// Hours of sunshine, 1 decimal.
    public var sunshineHours: Double
    /// Precipitation in mm, 1 decimal.
    public var precipMm: Double
    /// The local hours 6…20 with any sunshine, ascending.
    public var sunnyHours: [Int]
    /// English text of the weather code (a plain string, as the original and the newer iOS model).
    public var description: String

    /// A day from its values.
    public init(
        date: CivilDate, weatherCode: Int, tempMax: Int, tempMin: Int, sunshineHours: Double, precipMm: Double,
        sunnyHours: [Int], description: String
    ) {
        self.date = date
        self.weatherCode = weatherCode
        self.tempMax = tempMax
        self.tempMin = tempMin
        self.sunshineHours = sunshineHours
        self.precipMm = precipMm
        self.sunnyHours = sunnyHours
        self.description = description
    }
}

/// A place of the sunshine ranking with its weekend forecast: the original's keys plus `highlights` in the keys the
/// iOS client decodes (name, nameDE, type, description, descriptionDE, indoor, lat, lon).
public struct SunshineDestination: Codable, Sendable, Equatable, Identifiable {
    /// The place id, e.g. "lugano".
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
    /// True only on the baseline (Zürich); the key is left out elsewhere, as the original.
    public var isBaseline: Bool
    /// The weekend days Open-Meteo had data for.
    public var forecast: [SunshineDayForecast]
    /// Σ sunshineHours, 1 decimal.
    public var sunshineHoursTotal: Double
    /// Things to do there; `[]` when none.
    public var highlights: [Highlight]

    /// A ranked destination from its parts.
    public init(
        id: String, name: String, nameDE: String, lat: Double, lon: Double, region: String, regionDE: String,
        driveMinutes: Int, isBaseline: Bool = false, forecast: [SunshineDayForecast], sunshineHoursTotal: Double,
        highlights: [Highlight] = []
    ) {
        self.id = id
        self.name = name
        self.nameDE = nameDE
        self.lat = lat
        self.lon = lon
        self.region = region
        self.regionDE = regionDE
        self.driveMinutes = driveMinutes
        self.isBaseline = isBaseline
        self.forecast = forecast
        self.sunshineHoursTotal = sunshineHoursTotal
        self.highlights = highlights
    }

    enum CodingKeys: String, CodingKey {
        case id, name, nameDE, lat, lon, region, regionDE, driveMinutes, isBaseline, forecast, sunshineHoursTotal
        case highlights
    }

    /// Reads the API shape (a missing `isBaseline` is false, missing `highlights` empty).
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.decode(String.self, forKey: .id)
        name = try c.decode(String.self, forKey: .name)
        nameDE = try c.decodeIfPresent(String.self, forKey: .nameDE) ?? name
        lat = try c.decode(Double.self, forKey: .lat)
        lon = try c.decode(Double.self, forKey: .lon)
        region = try c.decode(String.self, forKey: .region)
        regionDE = try c.decodeIfPresent(String.self, forKey: .regionDE) ?? region
        driveMinutes = try c.decode(Int.self, forKey: .driveMinutes)
        isBaseline = try c.decodeIfPresent(Bool.self, forKey: .isBaseline) ?? false
        forecast = try c.decode([SunshineDayForecast].self, forKey: .forecast)
        sunshineHoursTotal = try c.decode(Double.self, forKey: .sunshineHoursTotal)
        highlights = try c.decodeIfPresent([Highlight].self, forKey: .highlights) ?? []
    }

    /// Writes the API shape; `isBaseline` only when true.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(id, forKey: .id)
        try c.encode(name, forKey: .name)
        try c.encode(nameDE, forKey: .nameDE)
        try c.encode(lat, forKey: .lat)
        try c.encode(lon, forKey: .lon)
        try c.encode(region, forKey: .region)
        try c.encode(regionDE, forKey: .regionDE)
        try c.encode(driveMinutes, forKey: .driveMinutes)
        if isBaseline { try c.encode(true, forKey: .isBaseline) }
        try c.encode(forecast, forKey: .forecast)
        try c.encode(sunshineHoursTotal, forKey: .sunshineHoursTotal)
        try c.encode(highlights, forKey: .highlights)
    }

    /// The position.
    public var point: GeoPoint { GeoPoint(lat: lat, lon: lon) }
    /// The sunshine class of the weekend total.
    public var sunshineClass: SunshineClass { SunshineRanking.classify(sunshineHoursTotal) }
}

/// The client's classes of a weekend's sunshine total.
public enum SunshineClass: String, Codable, Sendable, CaseIterable {
    /// More than 6 hours.
    case sunny
    /// 3 to 6 hours, both included.
    case partly
    /// Less than 3 hours.
    case cloudy
}

/// The weekend sunshine ranking (API notes section 7): which places near Zürich get the most sun from Friday to Sunday.
public enum SunshineRanking {
    /// The Friday, Saturday and Sunday the ranking covers.
    public struct WeekendDates: Codable, Sendable, Equatable {
        /// Friday.
        public var friday: CivilDate
        /// Saturday.
        public var saturday: CivilDate
        /// Sunday.
        public var sunday: CivilDate

        /// The weekend starting on `friday`.
        public init(friday: CivilDate) {
            self.friday = friday
            saturday = friday.adding(days: 1)
            sunday = friday.adding(days: 2)
        }

        /// Friday, Saturday, Sunday.
        public var all: [CivilDate] { [friday, saturday, sunday] }
    }

    /// How the list is sorted. The baseline stays first whatever the sort.
    public enum Sort: Sendable, Equatable {
        /// The API order: most sunshine first.
        case hours
        /// Shortest drive first (ties: the API order).
        case driveTime
        /// Nearest to a point first (haversine; ties: the API order).
        case distance(from: GeoPoint)
    }

    /// Which classes are shown. The baseline is always shown.
    public enum Filter: String, Codable, Sendable, CaseIterable {
        case all, sunny, partly, cloudy
    }

    /// The daily variables of the Open-Meteo request.
    public static let dailyVariables = [
        "weather_code", "temperature_2m_max", "temperature_2m_min", "sunshine_duration", "precipitation_sum",
    ]
    /// The hourly variables of the Open-Meteo request.
    public static let hourlyVariables = ["sunshine_duration"]

    /// The weekend for a Swiss date, as the original: Friday is today on a Friday, yesterday on a Saturday, two days
    /// ago on a Sunday, otherwise the coming Friday. The date must be Swiss (the original used UTC and was a day off
    /// after local midnight).
    public static func weekendDates(today: CivilDate) -> WeekendDates {
        let weekday = today.isoWeekday
        let offset =
            switch weekday {
            case 5: 0
            case 6: -1
            case 7: -2
            default: 5 - weekday
            }
        return WeekendDates(friday: today.adding(days: offset))
    }

    /// The weekend for an instant, taking its date in Europe/Zurich.
    public static func weekendDates(at instant: Date) -> WeekendDates { weekendDates(today: CivilDate(instant)) }

    /// The Open-Meteo query for `places` over the weekend (one multi-location request).
    public static func queryItems(places: [Destination], dates: WeekendDates) -> [URLQueryItem] {
        OpenMeteoLocation.queryItems(
            places: places.map(\.point), daily: dailyVariables, hourly: hourlyVariables, start: dates.friday,
            end: dates.sunday)
    }

    /// Ranks `places` by weekend sunshine. `forecast` is Open-Meteo's reply in the order of `places` (as
    /// ``OpenMeteoLocation/decodeList(from:)`` returns it). A place without daily data is left out; each place's
    /// forecast keeps only the weekend days; the baseline comes first, then the rest by total sunshine, most first,
    /// ties in the order of `places`.
    public static func rank(
        places: [Destination], forecast: [OpenMeteoLocation], dates: WeekendDates
    )
        -> [SunshineDestination]
    {
        let weekend = Set(dates.all)
        var ranked: [SunshineDestination] = []
        for (index, place) in places.enumerated() where forecast.indices.contains(index) {
            guard let daily = forecast[index].daily, !daily.time.isEmpty else { continue }
            let sunnyHours = sunnyHoursByDay(forecast[index].hourly)
            var days: [SunshineDayForecast] = []
            for (i, day) in daily.time.enumerated() {
                guard let date = day, weekend.contains(date), !days.contains(where: { $0.date == date }) else {
                    continue
                }
                let code = daily.code(at: i)
                let seconds = OpenMeteoDaily.value(daily.sunshineDuration, i) ?? 0
                days.append(
                    SunshineDayForecast(
                        date: date, weatherCode: code ?? -1,
                        tempMax: jsRoundInt(OpenMeteoDaily.value(daily.temperatureMax, i) ?? 0),
                        tempMin: jsRoundInt(OpenMeteoDaily.value(daily.temperatureMin, i) ?? 0),
                        sunshineHours: jsRound(max(0, seconds) / 360) / 10,
                        precipMm: oneDecimal(max(0, OpenMeteoDaily.value(daily.precipitationSum, i) ?? 0)),
                        sunnyHours: sunnyHours[date] ?? [], description: WeatherText.english(code ?? -1)))
            }
            let total = oneDecimal(days.reduce(0) { $0 + $1.sunshineHours })
            ranked.append(
                SunshineDestination(
                    id: place.id, name: place.name, nameDE: place.nameDE, lat: place.lat, lon: place.lon,
                    region: place.region, regionDE: place.regionDE, driveMinutes: place.driveMinutes,
                    isBaseline: place.isBaseline == true, forecast: days, sunshineHoursTotal: total,
                    highlights: place.highlights ?? []))
        }
        return ranked.stableSorted { a, b in
            if a.isBaseline != b.isBaseline { return a.isBaseline }
            return a.sunshineHoursTotal > b.sunshineHoursTotal
        }
    }

    /// The hours 6…20 (Swiss wall clock, as Open-Meteo writes them) with sunshine > 0, per day.
    static func sunnyHoursByDay(_ hourly: OpenMeteoHourly?) -> [CivilDate: [Int]] {
        guard let hourly else { return [:] }
        var result: [CivilDate: Set<Int>] = [:]
        for (i, time) in hourly.time.enumerated() {
            guard let time, let seconds = OpenMeteoDaily.value(hourly.sunshineDuration, i), seconds > 0 else {
                continue
            }
            let hour = time.minutes / 60
            guard (6...20).contains(hour) else { continue }
            result[time.date, default: []].insert(hour)
        }
        return result.mapValues { $0.sorted() }
    }

    /// The class of a weekend total: sunny above 6 h, partly from 3 to 6 h, cloudy below 3 h.
    public static func classify(_ total: Double) -> SunshineClass {
        if total > 6 { return .sunny }
        if total >= 3 { return .partly }
        return .cloudy
    }

    /// The list as the client shows it: the baseline first, then the places of `filter`, sorted by `sort`.
    public static func arrange(
        _ destinations: [SunshineDestination], filter: Filter = .all, sort: Sort = .hours
    )
        -> [SunshineDestination]
    {
        let baseline = destinations.filter(\.isBaseline)
        var others = destinations.filter { !$0.isBaseline }
        if filter != .all { others = others.filter { $0.sunshineClass.rawValue == filter.rawValue } }
        switch sort {
        case .hours:
            others = others.stableSorted { $0.sunshineHoursTotal > $1.sunshineHoursTotal }
        case .driveTime:
            others = others.stableSorted { $0.driveMinutes < $1.driveMinutes }
        case .distance(let point):
            others = others.stableSorted { $0.point.kilometres(to: point) < $1.point.kilometres(to: point) }
        }
        return baseline + others
    }

    /// The "nearest sunny escape": only when the baseline has less than 6 h, the place with a total strictly above the
    /// baseline's that is the shortest drive away (ties: the earlier in `destinations`, i.e. the sunnier in API
    /// order). Nil without a baseline or when none qualifies.
    public static func nearestSunnyEscape(in destinations: [SunshineDestination]) -> SunshineDestination? {
        guard let baseline = destinations.first(where: \.isBaseline), baseline.sunshineHoursTotal < 6 else {
            return nil
        }
        var best: SunshineDestination?
        for place in destinations where !place.isBaseline && place.sunshineHoursTotal > baseline.sunshineHoursTotal {
            if let current = best, current.driveMinutes <= place.driveMinutes { continue }
            best = place
        }
        return best
    }

    /// Drive time as the client writes it: "2h05min", or "45min" under an hour. Negative minutes count as 0.
    public static func driveText(minutes: Int) -> String {
        let minutes = max(0, minutes)
        guard minutes >= 60 else { return "\(minutes)min" }
        return String(format: "%dh%02dmin", minutes / 60, minutes % 60)
    }
}
