import Foundation
import Testing

@testable import TodayInSwitzerland

/// The weather object's hourly strip and daily outlook read from Open-Meteo, in Swiss time.
@Suite("Current weather")
struct CurrentWeatherTests {
    /// 2026-03-29 10:30 CEST (the day the clocks went forward) = 08:30 UTC.
    static let dstMorning = Date(timeIntervalSince1970: 1_774_773_000)

    static func answer(hours: [String], days: [String], rain: [Any] = [10, 80, 55.6, 0]) -> Data {
        let hourTemps = hours.indices.map { "\(Double($0) + 0.4)" }.joined(separator: ",")
        let codes = hours.map { _ in "2" }.joined(separator: ",")
        let dayList = days.map { "\"\($0)\"" }.joined(separator: ",")
        let rainList = rain.map { "\($0)" }.joined(separator: ",")
        return Data(
            """
            {"current":{"temperature_2m":11.5,"weather_code":61,"wind_speed_10m":12.4},
             "hourly":{"time":[\(hours.map { "\"\($0)\"" }.joined(separator: ","))],
               "temperature_2m":[\(hourTemps)],"weather_code":[\(codes)]},
             "daily":{"time":[\(dayList)],"weather_code":[61,0,3,null],"temperature_2m_max":[13.5,18.2,9.9,8],
               "temperature_2m_min":[4.5,-0.5,2,1],"precipitation_probability_max":[\(rainList)],
               "sunshine_duration":[3600,36000,0,1800]}}
            """.utf8)
    }

    @Test("12 hours from the current Swiss hour on a DST day; the outlook from today with rain chance and sunshine")
    func outlook() throws {
        let hours = (0..<24).map { String(format: "2026-03-29T%02d:00", $0) }
        let data = Self.answer(hours: hours, days: ["2026-03-28", "2026-03-29", "2026-03-30", "2026-03-31"])
        let weather = try CurrentWeather.parse(data, now: Self.dstMorning, language: .de)
        #expect(weather.temperature == 12 && weather.windSpeed == 12 && weather.description == "Leichter Regen")
        #expect(weather.hourly.count == 12)
        #expect(weather.hourly.first?.time == "10:00", "10:30 CEST, not 08:30 UTC")
        let daily = try #require(weather.daily)
        #expect(daily.map(\.date.description) == ["2026-03-29", "2026-03-30"], "yesterday and a null code left out")
        #expect(daily[0].tempMax == 18 && daily[0].tempMin == 0 && daily[0].weatherCode == 0)
        #expect(daily[0].precipitationProbability == 80 && daily[0].sunshineHours == 10)
        #expect(daily[1].precipitationProbability == 56 && daily[1].sunshineHours == 0)
    }

    @Test("no daily block: daily is nil (an old cached answer); odd rain values are clamped or dropped")
    func withoutDaily() throws {
        let old = Data(#"{"current":{"temperature_2m":3,"weather_code":0,"wind_speed_10m":1}}"#.utf8)
        #expect(try CurrentWeather.parse(old, now: Self.dstMorning, language: .en).daily == nil)
        let odd = Self.answer(
            hours: [], days: ["2026-03-29", "2026-03-30", "2026-03-31", "2026-04-01"], rain: [140, -3, "null", "\"x\""])
        let daily = try #require(try CurrentWeather.parse(odd, now: Self.dstMorning, language: .en).daily)
        #expect(daily.map(\.precipitationProbability) == [100, 0, nil])
    }

    @Test("the query asks for 12 hours and 4 days of high, low, rain chance and sunshine in Swiss time")
    func query() {
        let query = CurrentWeather.query(for: GeoPoint(lat: 47.3769, lon: 8.5417))
        #expect(query.contains("forecast_hours=12") && query.contains("forecast_days=4"))
        #expect(
            query.contains(
                "daily=weather_code,temperature_2m_max,temperature_2m_min,precipitation_probability_max,sunshine_duration"
            ))
        #expect(query.contains("timezone=Europe%2FZurich"))
    }
}
