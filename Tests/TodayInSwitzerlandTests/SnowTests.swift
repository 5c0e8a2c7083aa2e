import Foundation
import Testing

@testable import TodayInSwitzerland

private func snowDay(_ text: String) throws -> CivilDate { try #require(CivilDate(text)) }

private func snowInstant(_ text: String) throws -> Date { try #require(ISO8601DateFormatter().date(from: text)) }

private func resort(_ id: String, drive: Int, altitude: Int? = 1500) -> Destination {
    Destination(
        id: id, name: id.capitalized, nameDE: id.capitalized, lat: 46.5, lon: 8.5, region: "Valais", regionDE: "Wallis",
        driveMinutes: drive, altitude: altitude)
}

private let week = ["2026-01-12", "2026-01-13", "2026-01-14", "2026-01-15", "2026-01-16", "2026-01-17", "2026-01-18"]

private func dailyJSON(snow: [String], codes: [String]? = nil, max: [String]? = nil, min: [String]? = nil) -> String {
    let times = week.map { "\"\($0)\"" }.joined(separator: ",")
    return """
        {"time":[\(times)],"snowfall_sum":[\(snow.joined(separator: ","))],
         "weather_code":[\((codes ?? Array(repeating: "73", count: 7)).joined(separator: ","))],
         "temperature_2m_max":[\((max ?? Array(repeating: "-1.4", count: 7)).joined(separator: ","))],
         "temperature_2m_min":[\((min ?? Array(repeating: "-8.6", count: 7)).joined(separator: ","))]}
        """
}

/// Zermatt 12.6 cm over the week with a deepest hourly snow depth of 0.874 m; Verbier 45.3 cm; Saas-Fee no daily data;
/// Davos 12.6 cm (tie with Zermatt, later in the list); Laax nulls everywhere.
private let resortsReply = """
    [
      {"daily":\(dailyJSON(snow: ["0", "1.04", "null", "5.56", "6", "0", "0.01"])),
       "hourly":{"time":["2026-01-12T00:00","2026-01-12T01:00","2026-01-12T02:00","2026-01-12T03:00"],
                 "snow_depth":[0.81,null,0.874,0.86]}},
      {"daily":\(dailyJSON(snow: ["20", "10.3", "15", "0", "0", "0", "0"], codes: ["75", "73", "71", "3", "0", "0", "null"])),
       "hourly":{"time":["2026-01-12T00:00"],"snow_depth":[1.2049]}},
      {"hourly":{"time":["2026-01-12T00:00"],"snow_depth":[2.0]}},
      {"daily":\(dailyJSON(snow: ["6.3", "6.3", "0", "0", "0", "0", "0"]))},
      {"daily":\(dailyJSON(snow: Array(repeating: "null", count: 7), codes: Array(repeating: "null", count: 7),
            max: Array(repeating: "null", count: 7), min: Array(repeating: "null", count: 7))),
       "hourly":{"time":[],"snow_depth":[null,null]}}
    ]
    """

@Suite("Snow ranking")
struct SnowTests {
    @Test("week dates: Monday to Sunday of the current Swiss week, past days included")
    func weekDates() throws {
        for today in week {
            let dates = SnowRanking.weekDates(today: try snowDay(today))
            #expect(dates.monday.description == "2026-01-12", "\(today)")
            #expect(dates.sunday.description == "2026-01-18", "\(today)")
        }
        #expect(SnowRanking.weekDates(today: try snowDay("2026-01-19")).monday.description == "2026-01-19")
        #expect(SnowRanking.weekDates(today: try snowDay("2026-01-12")).all.map(\.description) == week)
    }

    @Test("the week changes at Swiss midnight: Monday 00:30 in Zürich is the new week (the original, in UTC, was not)")
    func weekInSwissTime() throws {
        // Sunday 23:30 UTC in January = Monday 00:30 CET.
        #expect(SnowRanking.weekDates(at: try snowInstant("2026-01-18T23:30:00Z")).monday.description == "2026-01-19")
        // Sunday 23:30 CET = 22:30 UTC: still the old week.
        #expect(SnowRanking.weekDates(at: try snowInstant("2026-01-18T22:30:00Z")).monday.description == "2026-01-12")
    }

    @Test("DST weeks: the week of the last Sunday of March and of October runs Monday to that Sunday")
    func dstWeeks() throws {
        let march = SnowRanking.weekDates(today: try snowDay("2026-03-29"))
        #expect(march.monday.description == "2026-03-23")
        #expect(march.sunday.description == "2026-03-29")
        // Monday 30 March, 00:30 CEST = Sunday 22:30 UTC.
        #expect(SnowRanking.weekDates(at: try snowInstant("2026-03-29T22:30:00Z")).monday.description == "2026-03-30")
        let october = SnowRanking.weekDates(at: try snowInstant("2026-10-25T22:59:00Z"))  // 23:59 CET on Sunday 25th
        #expect(october.monday.description == "2026-10-19")
        #expect(october.sunday.description == "2026-10-25")
    }

    @Test(
        "ranking: snowfall to 1 decimal, null temperatures 0, deepest hourly depth in cm, most snow first, ties in list order"
    )
    func ranking() throws {
        let resorts = [
            resort("zermatt", drive: 195), resort("verbier", drive: 170), resort("saas-fee", drive: 185),
            resort("davos", drive: 115, altitude: nil), resort("laax", drive: 100),
        ]
        let forecast = try OpenMeteoLocation.decodeList(from: Data(resortsReply.utf8))
        let ranked = SnowRanking.rank(
            resorts: resorts, forecast: forecast, dates: SnowRanking.weekDates(today: try snowDay("2026-01-14")))
        #expect(ranked.map(\.id) == ["verbier", "zermatt", "davos", "laax"])  // Saas-Fee has no daily data
        let verbier = ranked[0]
        #expect(verbier.snowfallWeekTotal == 45.3)
        #expect(verbier.snowDepthCm == 120)  // 1.2049 m
        #expect(verbier.forecast.map(\.weatherCode) == [75, 73, 71, 3, 0, 0, -1])
        #expect(verbier.forecast.first?.description == "Heavy snow")
        let zermatt = ranked[1]
        #expect(zermatt.forecast.map(\.snowfallCm) == [0, 1, 0, 5.6, 6, 0, 0])  // 1.04 → 1.0, 5.56 → 5.6, null → 0
        #expect(zermatt.snowfallWeekTotal == 12.6)
        #expect(zermatt.snowDepthCm == 87)  // max(0.81, 0.874, 0.86) × 100 = 87.4
        #expect(zermatt.forecast.map(\.tempMax) == Array(repeating: -1, count: 7))
        #expect(zermatt.forecast.map(\.tempMin) == Array(repeating: -9, count: 7))
        #expect(zermatt.forecast.count == 7)
        #expect(ranked[2].snowfallWeekTotal == 12.6)
        #expect(ranked[2].altitude == 0)  // no altitude: 0, the client needs a number
        let laax = ranked[3]
        #expect(laax.snowfallWeekTotal == 0)
        #expect(laax.snowDepthCm == 0)
        #expect(laax.forecast.allSatisfy { $0.tempMax == 0 && $0.tempMin == 0 && $0.weatherCode == -1 })
    }

    @Test("days outside the week are dropped; a short reply gives a short forecast")
    func outsideTheWeek() throws {
        let json = """
            {"daily":{"time":["2026-01-11","2026-01-12","2026-01-19"],"snowfall_sum":[50,2,50]}}
            """
        let ranked = SnowRanking.rank(
            resorts: [resort("zermatt", drive: 195)], forecast: try OpenMeteoLocation.decodeList(from: Data(json.utf8)),
            dates: SnowRanking.weekDates(today: try snowDay("2026-01-12")))
        #expect(ranked.first?.forecast.map(\.date.description) == ["2026-01-12"])
        #expect(ranked.first?.snowfallWeekTotal == 2)
    }

    @Test("JSON keys the iOS client requires")
    func encoding() throws {
        let forecast = try OpenMeteoLocation.decodeList(from: Data(resortsReply.utf8))
        let ranked = SnowRanking.rank(
            resorts: [resort("zermatt", drive: 195)], forecast: forecast,
            dates: SnowRanking.weekDates(today: try snowDay("2026-01-12")))
        let objects = try #require(
            try JSONSerialization.jsonObject(with: try JSONEncoder().encode(ranked)) as? [[String: Any]])
        #expect(
            Set(objects[0].keys) == [
                "id", "name", "nameDE", "lat", "lon", "region", "regionDE", "driveMinutes", "altitude", "forecast",
                "snowfallWeekTotal", "snowDepthCm",
            ])
        let first = try #require((objects[0]["forecast"] as? [[String: Any]])?.first)
        #expect(Set(first.keys) == ["date", "snowfallCm", "weatherCode", "tempMax", "tempMin", "description"])
        #expect(objects[0]["snowDepthCm"] as? Int == 87)
    }

    private func list(_ totals: [(String, Double, Int)]) -> [SnowDestination] {
        totals.map { id, total, drive in
            SnowDestination(
                id: id, name: id, nameDE: id, lat: 46 + Double(drive) / 100, lon: 8.5, region: "", regionDE: "",
                driveMinutes: drive, altitude: 1000, forecast: [], snowfallWeekTotal: total, snowDepthCm: 0)
        }
    }

    @Test("classes: heavy above 30 cm, moderate 10–30 inclusive, light below 10")
    func classes() {
        #expect(SnowRanking.classify(30.1) == .heavy)
        #expect(SnowRanking.classify(30) == .moderate)
        #expect(SnowRanking.classify(10) == .moderate)
        #expect(SnowRanking.classify(9.9) == .light)
        #expect(SnowRanking.classify(0) == .light)
    }

    @Test("powder alert: more than 40 cm on the first resort of the ranking")
    func powder() {
        #expect(SnowRanking.powderAlert(in: list([("a", 40.1, 10), ("b", 3, 5)]))?.id == "a")
        #expect(SnowRanking.powderAlert(in: list([("a", 40, 10), ("b", 50, 5)])) == nil)  // API order decides
        #expect(SnowRanking.powderAlert(in: []) == nil)
    }

    @Test("filters and sorts")
    func arrange() {
        let resorts = list([("a", 45, 120), ("b", 20, 60), ("c", 20, 30), ("d", 5, 90)])
        #expect(SnowRanking.arrange(resorts, filter: .heavy).map(\.id) == ["a"])
        #expect(SnowRanking.arrange(resorts, filter: .moderate).map(\.id) == ["b", "c"])
        #expect(SnowRanking.arrange(resorts, filter: .light).map(\.id) == ["d"])
        #expect(SnowRanking.arrange(resorts, sort: .driveTime).map(\.id) == ["c", "b", "d", "a"])
        #expect(
            SnowRanking.arrange(resorts, sort: .distance(from: GeoPoint(lat: 46.85, lon: 8.5))).map(\.id) == [
                "d", "b", "a", "c",
            ])
    }

    @Test("the Open-Meteo query covers Monday to Sunday with snowfall and hourly snow depth")
    func query() throws {
        let items = SnowRanking.queryItems(
            resorts: [resort("zermatt", drive: 195)], dates: SnowRanking.weekDates(today: try snowDay("2026-01-15")))
        let values = Dictionary(uniqueKeysWithValues: items.map { ($0.name, $0.value ?? "") })
        #expect(values["daily"] == "snowfall_sum,weather_code,temperature_2m_max,temperature_2m_min")
        #expect(values["hourly"] == "snow_depth")
        #expect(values["start_date"] == "2026-01-12")
        #expect(values["end_date"] == "2026-01-18")
    }
}
