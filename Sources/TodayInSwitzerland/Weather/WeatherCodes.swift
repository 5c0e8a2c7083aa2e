import Foundation

/// An icon for a weather condition: an emoji for plain text and a symbol name in the SF Symbols naming scheme.
public struct WeatherIcon: Codable, Sendable, Hashable {
    /// "☀️", "🌧️" …
    public var emoji: String
    /// "sun.max.fill", "cloud.rain.fill" … (SF Symbols names, also used as CSS/SVG icon keys by the web app).
    public var symbol: String

    /// An icon from its emoji and symbol name.
    public init(emoji: String, symbol: String) {
        self.emoji = emoji
        self.symbol = symbol
    }
}

/// The WMO weather interpretation codes Open-Meteo returns (`weather_code`), with texts, icons and the
/// original worker's rain rules.
public enum WeatherCodes {
    private struct Entry {
        let text: LocalizedText
        let icon: WeatherIcon
    }

    private static func entry(_ en: String, _ de: String, _ emoji: String, _ symbol: String) -> Entry {
        Entry(text: LocalizedText(en: en, de: de), icon: WeatherIcon(emoji: emoji, symbol: symbol))
    }

    // English texts keep the original worker's table word for word where it had the code (45/48 "Foggy",
    // 80/81 "Rain showers" …); the codes it lacked (56, 57, 66, 67, 77) get the WMO meaning instead of "Unknown".
    private static let table: [Int: Entry] = [
        0: entry("Clear sky", "Klarer Himmel", "☀️", "sun.max.fill"),
        1: entry("Mainly clear", "Überwiegend klar", "🌤️", "sun.max.fill"),
        2: entry("Partly cloudy", "Teilweise bewölkt", "⛅", "cloud.sun.fill"),
        3: entry("Overcast", "Bedeckt", "☁️", "cloud.fill"),
        45: entry("Foggy", "Nebel", "🌫️", "cloud.fog.fill"),
        48: entry("Foggy", "Nebel", "🌫️", "cloud.fog.fill"),
        51: entry("Light drizzle", "Leichter Nieselregen", "🌦️", "cloud.drizzle.fill"),
        53: entry("Drizzle", "Nieselregen", "🌦️", "cloud.drizzle.fill"),
        55: entry("Heavy drizzle", "Starker Nieselregen", "🌧️", "cloud.drizzle.fill"),
        56: entry("Light freezing drizzle", "Leichter gefrierender Nieselregen", "🌧️", "cloud.sleet.fill"),
        57: entry("Freezing drizzle", "Gefrierender Nieselregen", "🌧️", "cloud.sleet.fill"),
        61: entry("Light rain", "Leichter Regen", "🌦️", "cloud.rain.fill"),
        63: entry("Rain", "Regen", "🌧️", "cloud.rain.fill"),
        65: entry("Heavy rain", "Starker Regen", "🌧️", "cloud.heavyrain.fill"),
        66: entry("Light freezing rain", "Leichter gefrierender Regen", "🌧️", "cloud.sleet.fill"),
        67: entry("Freezing rain", "Gefrierender Regen", "🌧️", "cloud.sleet.fill"),
        71: entry("Light snow", "Leichter Schneefall", "🌨️", "cloud.snow.fill"),
        73: entry("Snow", "Schneefall", "🌨️", "cloud.snow.fill"),
        75: entry("Heavy snow", "Starker Schneefall", "❄️", "snowflake"),
        77: entry("Snow grains", "Schneegriesel", "🌨️", "snowflake"),
        80: entry("Rain showers", "Regenschauer", "🌦️", "cloud.sun.rain.fill"),
        81: entry("Rain showers", "Regenschauer", "🌦️", "cloud.sun.rain.fill"),
        82: entry("Heavy showers", "Starke Regenschauer", "🌧️", "cloud.heavyrain.fill"),
        85: entry("Snow showers", "Schneeschauer", "🌨️", "cloud.snow.fill"),
        86: entry("Heavy snow showers", "Starke Schneeschauer", "❄️", "cloud.snow.fill"),
        95: entry("Thunderstorm", "Gewitter", "⛈️", "cloud.bolt.rain.fill"),
        96: entry("Thunderstorm with hail", "Gewitter mit Hagel", "⛈️", "cloud.bolt.rain.fill"),
        99: entry("Thunderstorm with hail", "Gewitter mit Hagel", "⛈️", "cloud.bolt.rain.fill"),
    ]

    private static let unknown = entry("Unknown", "Unbekannt", "❔", "questionmark.circle")

    /// Every code Open-Meteo returns, ascending.
    public static let all: [Int] = table.keys.sorted()

    /// Whether `code` is one of the codes Open-Meteo returns.
    public static func isKnown(_ code: Int) -> Bool { table[code] != nil }

    /// The description of `code` in English and German; "Unknown"/"Unbekannt" for codes outside the WMO table.
    public static func description(_ code: Int) -> LocalizedText { (table[code] ?? unknown).text }

    /// The description of `code` in `language`.
    public static func description(_ code: Int, in language: Language) -> String { description(code).text(language) }

    /// The icon of `code`; a question mark for unknown codes.
    public static func icon(_ code: Int) -> WeatherIcon { (table[code] ?? unknown).icon }

    /// The original worker's rain codes (drizzle, freezing drizzle, rain, freezing rain, showers, thunderstorms).
    public static let rainCodes: Set<Int> = [51, 53, 55, 56, 57, 61, 63, 65, 66, 67, 80, 81, 82, 95, 96, 99]

    /// Snowfall codes (snow, snow grains, snow showers).
    public static let snowCodes: Set<Int> = [71, 73, 75, 77, 85, 86]

    /// Whether `code` means rain (the original's list).
    public static func isRain(_ code: Int) -> Bool { rainCodes.contains(code) }

    /// Whether `code` means snowfall.
    public static func isSnow(_ code: Int) -> Bool { snowCodes.contains(code) }

    /// The temperature below which the original calls the weather bad for going out, in °C.
    public static let coldThreshold = 5.0

    /// Bad weather for outdoor plans: a rain code, or colder than 5 °C.
    public static func isBadWeather(code: Int, temperature: Double) -> Bool {
        isRain(code) || temperature < coldThreshold
    }
}
