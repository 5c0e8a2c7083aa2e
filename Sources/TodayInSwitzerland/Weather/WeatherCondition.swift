import Foundation

/// The weather that decides what to suggest: a WMO code and a temperature in °C.
///
/// For "now" (activities, surprise me) the temperature is the current one; for a planned day it is the day's maximum
/// (the original's weekend rule).
public struct WeatherCondition: Codable, Sendable, Equatable {
    /// WMO weather code as Open-Meteo sends it.
    public var weatherCode: Int
    /// °C.
    public var temperature: Double

    /// A condition from a code and a temperature.
    public init(weatherCode: Int, temperature: Double) {
        self.weatherCode = weatherCode
        self.temperature = temperature
    }

    /// Codes bad enough to stay at home: heavy or freezing rain, violent showers, heavy snow, thunderstorms.
    public static let awfulCodes: Set<Int> = [65, 66, 67, 75, 82, 86, 95, 96, 99]

    /// Rain of any kind (the original's list).
    public var isRainy: Bool { WeatherCodes.isRain(weatherCode) }
    /// Snowing.
    public var isSnowy: Bool { WeatherCodes.isSnow(weatherCode) }
    /// Below 5 °C, the original's "too cold" line.
    public var isCold: Bool { temperature < 5 }
    /// The original's "bad weather": a rain code or below 5 °C. Indoor things come first.
    public var isBad: Bool { isRainy || isCold }
    /// So bad that staying at home is a fair suggestion: storms, heavy rain or snow, or −5 °C and below.
    public var isAwful: Bool { Self.awfulCodes.contains(weatherCode) || temperature <= -5 }

    /// The English description of the code (the original's texts; "Unknown" otherwise).
    public var description: String { WeatherText.english(weatherCode) }
}

/// The English weather texts of the forecasts' `description` fields (the original's, from ``WeatherCodes``).
enum WeatherText {
    static func english(_ code: Int) -> String { WeatherCodes.description(code).en }
}
