import Foundation
import Testing

@testable import TodayInSwitzerland

@Suite("WMO weather codes")
struct WeatherCodeTests {
    static let openMeteoCodes = [
        0, 1, 2, 3, 45, 48, 51, 53, 55, 56, 57, 61, 63, 65, 66, 67, 71, 73, 75, 77, 80, 81, 82, 85, 86, 95, 96, 99,
    ]

    @Test("every code Open-Meteo returns has an English and a German text and an icon")
    func complete() {
        #expect(WeatherCodes.all == Self.openMeteoCodes)
        for code in Self.openMeteoCodes {
            let text = WeatherCodes.description(code)
            #expect(WeatherCodes.isKnown(code))
            #expect(text.en != "Unknown" && !text.en.isEmpty, "code \(code)")
            #expect(text.de != "Unbekannt" && !text.de.isEmpty, "code \(code)")
            #expect(text.en != text.de || text.en == "Foggy", "code \(code) looks untranslated")
            let icon = WeatherCodes.icon(code)
            #expect(!icon.emoji.isEmpty && !icon.symbol.isEmpty && icon.symbol != "questionmark.circle")
        }
    }

    @Test("the original's English texts are kept word for word")
    func originalTexts() {
        let original: [Int: String] = [
            0: "Clear sky", 1: "Mainly clear", 2: "Partly cloudy", 3: "Overcast", 45: "Foggy", 48: "Foggy",
            51: "Light drizzle", 53: "Drizzle", 55: "Heavy drizzle", 61: "Light rain", 63: "Rain", 65: "Heavy rain",
            71: "Light snow", 73: "Snow", 75: "Heavy snow", 80: "Rain showers", 81: "Rain showers",
            82: "Heavy showers", 85: "Snow showers", 86: "Heavy snow showers", 95: "Thunderstorm",
            96: "Thunderstorm with hail", 99: "Thunderstorm with hail",
        ]
        for (code, text) in original {
            #expect(WeatherCodes.description(code).en == text, "code \(code)")
        }
        #expect(WeatherCodes.description(63, in: .de) == "Regen")
        #expect(WeatherCodes.description(0, in: .en) == "Clear sky")
    }

    @Test("codes outside the table are Unknown / Unbekannt with a question mark", arguments: [-1, 4, 50, 100, 1000])
    func unknown(_ code: Int) {
        #expect(WeatherCodes.description(code) == LocalizedText(en: "Unknown", de: "Unbekannt"))
        #expect(WeatherCodes.icon(code).symbol == "questionmark.circle")
        #expect(!WeatherCodes.isKnown(code))
        #expect(!WeatherCodes.isRain(code) && !WeatherCodes.isSnow(code))
    }

    @Test("rain is the original's list; snow is snowfall, snow grains and snow showers")
    func rainAndSnow() {
        let rain = Self.openMeteoCodes.filter(WeatherCodes.isRain)
        #expect(rain == [51, 53, 55, 56, 57, 61, 63, 65, 66, 67, 80, 81, 82, 95, 96, 99])
        #expect(Self.openMeteoCodes.filter(WeatherCodes.isSnow) == [71, 73, 75, 77, 85, 86])
        #expect(Set(rain).isDisjoint(with: WeatherCodes.snowCodes))
    }

    @Test("bad weather is rain or colder than 5 °C")
    func badWeather() {
        #expect(WeatherCodes.isBadWeather(code: 61, temperature: 18))
        #expect(WeatherCodes.isBadWeather(code: 0, temperature: 4.9))
        #expect(!WeatherCodes.isBadWeather(code: 0, temperature: 5))
        #expect(!WeatherCodes.isBadWeather(code: 3, temperature: 12))
        #expect(!WeatherCodes.isBadWeather(code: 71, temperature: 6))
        #expect(WeatherCodes.isBadWeather(code: 71, temperature: -2))
    }
}
