import Foundation

/// Why an Open-Meteo reply could not be read.
public enum OpenMeteoError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Not JSON, or JSON of a shape that is no forecast at all.
    case malformed(String)
    /// Open-Meteo answered with `{"error": true, "reason": …}`.
    case upstream(reason: String)

    /// A message for logs and users.
    public var description: String {
        switch self {
        case .malformed(let detail):
            "The weather service sent a reply that is not a forecast (\(detail)). Try again in a few minutes."
        case .upstream(let reason):
            "The weather service refused the request: \(reason)."
        }
    }
}

/// The `daily` block of one Open-Meteo location. Every series is as long as `time` or shorter; any value may be null.
public struct OpenMeteoDaily: Codable, Sendable, Equatable {
    /// The days (`time`), in Europe/Zurich when requested with `timezone=Europe/Zurich`.
    public var time: [CivilDate?]
    /// `weather_code` (WMO).
    public var weatherCode: [Double?]
    /// `temperature_2m_max`, °C.
    public var temperatureMax: [Double?]
    /// `temperature_2m_min`, °C.
    public var temperatureMin: [Double?]
    /// `sunshine_duration`, seconds.
    public var sunshineDuration: [Double?]
    /// `precipitation_sum`, mm.
    public var precipitationSum: [Double?]
    /// `snowfall_sum`, cm.
    public var snowfallSum: [Double?]

    /// A daily block from its series.
    public init(
        time: [CivilDate?], weatherCode: [Double?] = [], temperatureMax: [Double?] = [],
        temperatureMin: [Double?] = [], sunshineDuration: [Double?] = [], precipitationSum: [Double?] = [],
        snowfallSum: [Double?] = []
    ) {
        self.time = time
        self.weatherCode = weatherCode
        self.temperatureMax = temperatureMax
        self.temperatureMin = temperatureMin
        self.sunshineDuration = sunshineDuration
        self.precipitationSum = precipitationSum
        self.snowfallSum = snowfallSum
    }

    enum CodingKeys: String, CodingKey {
        case time
        case weatherCode = "weather_code"
        case temperatureMax = "temperature_2m_max"
        case temperatureMin = "temperature_2m_min"
        case sunshineDuration = "sunshine_duration"
        case precipitationSum = "precipitation_sum"
        case snowfallSum = "snowfall_sum"
    }

    /// Lenient: a missing or mistyped series is empty, a value that is not a number is nil.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        time = c.series(.time).map { $0.civilDate }
        weatherCode = c.series(.weatherCode).map(\.number)
        temperatureMax = c.series(.temperatureMax).map(\.number)
        temperatureMin = c.series(.temperatureMin).map(\.number)
        sunshineDuration = c.series(.sunshineDuration).map(\.number)
        precipitationSum = c.series(.precipitationSum).map(\.number)
        snowfallSum = c.series(.snowfallSum).map(\.number)
    }

    /// The index of `date` in `time`, nil when the reply has no such day.
    public func index(of date: CivilDate) -> Int? { time.firstIndex { $0 == date } }

    /// The value of `series` at `index`, nil when missing or null.
    static func value(_ series: [Double?], _ index: Int) -> Double? {
        series.indices.contains(index) ? series[index] : nil
    }

    /// The weather code at `index` as an Int, nil when missing, null or not a whole number.
    func code(at index: Int) -> Int? {
        guard let value = Self.value(weatherCode, index), value.isFinite, value == value.rounded(),
            abs(value) < 1_000_000
        else { return nil }
        return Int(value)
    }
}

/// The `hourly` block of one Open-Meteo location.
public struct OpenMeteoHourly: Codable, Sendable, Equatable {
    /// Swiss wall-clock hours. Open-Meteo writes them as "YYYY-MM-DDTHH:MM" in the requested time zone without an
    /// offset; they are kept as wall-clock values and never read as UTC (the original's bug). Unix times
    /// (`timeformat=unixtime`) are converted to Swiss wall clock.
    public var time: [SwissTime?]
    /// `sunshine_duration` of each hour, seconds.
    public var sunshineDuration: [Double?]
    /// `snow_depth`, metres.
    public var snowDepth: [Double?]

    /// An hourly block from its series.
    public init(time: [SwissTime?], sunshineDuration: [Double?] = [], snowDepth: [Double?] = []) {
        self.time = time
        self.sunshineDuration = sunshineDuration
        self.snowDepth = snowDepth
    }

    enum CodingKeys: String, CodingKey {
        case time
        case sunshineDuration = "sunshine_duration"
        case snowDepth = "snow_depth"
    }

    /// Lenient, as ``OpenMeteoDaily``.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        time = c.series(.time).map(\.wallClock)
        sunshineDuration = c.series(.sunshineDuration).map(\.number)
        snowDepth = c.series(.snowDepth).map(\.number)
    }

    /// Writes the hours back as "YYYY-MM-DDTHH:MM".
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(time.map { $0.map(OpenMeteoHourly.text(of:)) }, forKey: .time)
        try c.encode(sunshineDuration, forKey: .sunshineDuration)
        try c.encode(snowDepth, forKey: .snowDepth)
    }

    /// "YYYY-MM-DDTHH:MM".
    static func text(of time: SwissTime) -> String {
        String(format: "%@T%02d:%02d", time.date.description, time.minutes / 60, time.minutes % 60)
    }
}

/// One location of an Open-Meteo forecast reply.
public struct OpenMeteoLocation: Codable, Sendable, Equatable {
    /// The grid point Open-Meteo used.
    public var latitude: Double?
    /// The grid point Open-Meteo used.
    public var longitude: Double?
    /// `location_id`: the position in the request, sent for multi-location requests.
    public var locationID: Int?
    /// The daily series, nil when the reply has none.
    public var daily: OpenMeteoDaily?
    /// The hourly series, nil when the reply has none.
    public var hourly: OpenMeteoHourly?

    /// A location from its parts.
    public init(
        latitude: Double? = nil, longitude: Double? = nil, locationID: Int? = nil, daily: OpenMeteoDaily?,
        hourly: OpenMeteoHourly? = nil
    ) {
        self.latitude = latitude
        self.longitude = longitude
        self.locationID = locationID
        self.daily = daily
        self.hourly = hourly
    }

    enum CodingKeys: String, CodingKey {
        case latitude, longitude, daily, hourly
        case locationID = "location_id"
    }

    /// Lenient: anything unreadable becomes nil instead of failing the whole multi-location reply.
    public init(from decoder: any Decoder) throws {
        guard let c = try? decoder.container(keyedBy: CodingKeys.self) else {
            self.init(daily: nil)
            return
        }
        self.init(
            latitude: (try? c.decodeIfPresent(Double.self, forKey: .latitude)) ?? nil,
            longitude: (try? c.decodeIfPresent(Double.self, forKey: .longitude)) ?? nil,
            locationID: (try? c.decodeIfPresent(Int.self, forKey: .locationID)) ?? nil,
            daily: (try? c.decodeIfPresent(OpenMeteoDaily.self, forKey: .daily)) ?? nil,
            hourly: (try? c.decodeIfPresent(OpenMeteoHourly.self, forKey: .hourly)) ?? nil)
    }

    /// Reads a forecast reply: an array of locations in request order (multi-location request) or a single object (one
    /// location). When every element carries `location_id`, the list is put in that order. Throws for non-JSON, for
    /// Open-Meteo's `{"error": true, "reason": …}` and for JSON that is neither an object nor an array.
    public static func decodeList(from data: Data) throws(OpenMeteoError) -> [OpenMeteoLocation] {
        let decoder = JSONDecoder()
        if let list = try? decoder.decode([OpenMeteoLocation].self, from: data) {
            guard list.allSatisfy({ $0.locationID != nil }) else { return list }
            return list.stableSorted { ($0.locationID ?? 0) < ($1.locationID ?? 0) }
        }
        guard let object = try? decoder.decode(ErrorProbe.self, from: data) else {
            let text = String(decoding: data.prefix(40), as: UTF8.self)
            throw .malformed(data.isEmpty ? "empty reply" : "starts with \"\(text)\"")
        }
        if object.error == true { throw .upstream(reason: object.reason ?? "no reason given") }
        guard let single = try? decoder.decode(OpenMeteoLocation.self, from: data) else {
            throw .malformed("unreadable location")
        }
        return [single]
    }

    /// Decodes only to tell an object from other JSON and to read an error reply.
    private struct ErrorProbe: Decodable {
        var error: Bool?
        var reason: String?

        init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: Keys.self)
            error = (try? c.decodeIfPresent(Bool.self, forKey: .error)) ?? nil
            reason = (try? c.decodeIfPresent(String.self, forKey: .reason)) ?? nil
        }

        enum Keys: String, CodingKey { case error, reason }
    }

    /// The query items of a multi-location forecast request (`latitude=a,b,…&longitude=…`) for `places` over
    /// `start`…`end` in Europe/Zurich.
    public static func queryItems(
        places: [GeoPoint], daily: [String], hourly: [String], start: CivilDate, end: CivilDate
    ) -> [URLQueryItem] {
        // Empty variable lists are left out: Open-Meteo may refuse `hourly=` with nothing in it.
        [
            URLQueryItem(name: "latitude", value: places.map { coordinate($0.lat) }.joined(separator: ",")),
            URLQueryItem(name: "longitude", value: places.map { coordinate($0.lon) }.joined(separator: ",")),
            daily.isEmpty ? nil : URLQueryItem(name: "daily", value: daily.joined(separator: ",")),
            hourly.isEmpty ? nil : URLQueryItem(name: "hourly", value: hourly.joined(separator: ",")),
            URLQueryItem(name: "start_date", value: start.description),
            URLQueryItem(name: "end_date", value: end.description),
            URLQueryItem(name: "timezone", value: "Europe/Zurich"),
        ].compactMap { $0 }
    }

    private static func coordinate(_ value: Double) -> String { String(format: "%.4f", value) }
}

/// One JSON value of a series: a number, a text, or nothing usable.
private enum SeriesValue: Decodable {
    case number(Double)
    case text(String)
    case none

    init(from decoder: any Decoder) throws {
        guard let c = try? decoder.singleValueContainer(), !c.decodeNil() else {
            self = .none
            return
        }
        if let number = try? c.decode(Double.self) {
            self = number.isFinite ? .number(number) : .none
        } else if let text = try? c.decode(String.self) {
            self = .text(text)
        } else {
            self = .none
        }
    }

    var number: Double? {
        switch self {
        case .number(let value): value
        case .text(let text): Double(text.trimmingCharacters(in: .whitespaces)).flatMap { $0.isFinite ? $0 : nil }
        case .none: nil
        }
    }

    /// A day: "YYYY-MM-DD" (longer texts are cut to the date) or Unix seconds.
    var civilDate: CivilDate? {
        switch self {
        case .text(let text): CivilDate(text.prefix(10))
        case .number(let seconds) where abs(seconds) < 1e11: CivilDate(Date(timeIntervalSince1970: seconds))
        default: nil
        }
    }

    /// An hour: "YYYY-MM-DDTHH:MM" read as Swiss wall clock, or Unix seconds converted to it.
    var wallClock: SwissTime? {
        switch self {
        case .text(let text): Self.parseWallClock(text)
        case .number(let seconds) where abs(seconds) < 1e11: SwissTime(Date(timeIntervalSince1970: seconds))
        default: nil
        }
    }

    static func parseWallClock(_ text: String) -> SwissTime? {
        let chars = Array(text.utf8)
        guard chars.count >= 16, chars[10] == UInt8(ascii: "T") || chars[10] == UInt8(ascii: " "),
            chars[13] == UInt8(ascii: ":"), let date = CivilDate(text.prefix(10))
        else { return nil }
        let hourText = String(decoding: chars[11..<13], as: UTF8.self)
        let minuteText = String(decoding: chars[14..<16], as: UTF8.self)
        guard let hour = Int(hourText), let minute = Int(minuteText), (0..<24).contains(hour), (0..<60).contains(minute)
        else { return nil }
        return SwissTime(date: date, minutes: hour * 60 + minute)
    }
}

extension KeyedDecodingContainer {
    /// The series under `key`; empty when missing, null or not an array.
    fileprivate func series(_ key: Key) -> [SeriesValue] {
        ((try? decodeIfPresent([SeriesValue].self, forKey: key)) ?? nil) ?? []
    }
}
