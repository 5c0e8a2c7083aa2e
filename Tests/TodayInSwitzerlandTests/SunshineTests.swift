import Foundation
import Testing

@testable import TodayInSwitzerland

private func day(_ text: String) throws -> CivilDate { try #require(CivilDate(text)) }

private func instant(_ text: String) throws -> Date { try #require(ISO8601DateFormatter().date(from: text)) }

private func place(_ id: String, drive: Int, baseline: Bool = false, highlights: [Highlight]? = nil) -> Destination {
    Destination(
        id: id, name: id.capitalized, nameDE: id.capitalized + "DE", lat: 46.5, lon: 8.5, region: "Region",
        regionDE: "RegionDE", driveMinutes: drive, isBaseline: baseline ? true : nil, highlights: highlights)
}

/// Hourly JSON for the local hours `hours` of each date in `dates`: sunshine 3600 s at the hours in `sunny`.
private func hourlyJSON(dates: [String], hours: [Int] = Array(0..<24), sunny: [String: Set<Int>]) -> String {
    var times: [String] = []
    var values: [String] = []
    for date in dates {
        for hour in hours {
            times.append("\"\(date)T\(String(format: "%02d", hour)):00\"")
            values.append(sunny[date, default: []].contains(hour) ? "3600" : "0")
        }
    }
    return "{\"time\":[\(times.joined(separator: ","))],\"sunshine_duration\":[\(values.joined(separator: ","))]}"
}

/// Three places: Zürich (baseline, 5.0 h), Lugano (10.0 h), Chur (5.1 h) over the weekend of 24–26 April 2026, plus a
/// Thursday that must be ignored, nulls in places and one location without daily data.
private let multiLocation = """
    [
      {"latitude":47.38,"longitude":8.54,"daily":{
        "time":["2026-04-23","2026-04-24","2026-04-25","2026-04-26"],
        "weather_code":[0,3,61,2],
        "temperature_2m_max":[20.0,14.5,null,-2.5],
        "temperature_2m_min":[8.0,6.4,5.5,-7.5],
        "sunshine_duration":[50000,7200,null,10800],
        "precipitation_sum":[0,0.0,12.345,0.04]},
       "hourly":\(hourlyJSON(dates: ["2026-04-24","2026-04-25","2026-04-26"], sunny: ["2026-04-24": [5, 6, 12, 20, 21]]))},
      {"latitude":46.0,"longitude":8.95,"daily":{
        "time":["2026-04-24","2026-04-25","2026-04-26"],
        "weather_code":[0,1,null],
        "temperature_2m_max":[22.4,23.5,21],
        "temperature_2m_min":[10,11,12],
        "sunshine_duration":[12000,12000,12000],
        "precipitation_sum":[0,0,0]}},
      {"latitude":46.85,"longitude":9.53,"daily":{
        "time":["2026-04-24","2026-04-25","2026-04-26"],
        "weather_code":[3,3,3],
        "temperature_2m_max":[10,10,10],
        "temperature_2m_min":[1,1,1],
        "sunshine_duration":[6120,6120,6120],
        "precipitation_sum":[1,1,1]}},
      {"latitude":46.8,"longitude":9.8,"error_note":"no daily block"}
    ]
    """

@Suite("Sunshine ranking")
struct SunshineTests {
    @Test("weekend dates: Friday is today, yesterday or two days ago at the weekend, else the coming Friday")
    func weekendDates() throws {
        let friday = try day("2026-04-24")
        for (today, expected) in [
            ("2026-04-20", "2026-04-24"), ("2026-04-23", "2026-04-24"), ("2026-04-24", "2026-04-24"),
            ("2026-04-25", "2026-04-24"), ("2026-04-26", "2026-04-24"), ("2026-04-27", "2026-05-01"),
        ] {
            #expect(SunshineRanking.weekendDates(today: try day(today)).friday.description == expected, "\(today)")
        }
        let dates = SunshineRanking.weekendDates(today: friday)
        #expect(dates.all.map(\.description) == ["2026-04-24", "2026-04-25", "2026-04-26"])
    }

    @Test("weekend dates use the Swiss date: Monday 00:30 in Zürich is already the new week, Friday 23:30 still Friday")
    func weekendDatesInSwissTime() throws {
        // Sunday 22:30 UTC = Monday 00:30 CEST: the original (UTC) still showed the past weekend.
        #expect(
            SunshineRanking.weekendDates(at: try instant("2026-04-26T22:30:00Z")).friday.description == "2026-05-01")
        // Friday 23:30 CEST = 21:30 UTC.
        #expect(
            SunshineRanking.weekendDates(at: try instant("2026-04-24T21:30:00Z")).friday.description == "2026-04-24")
        // Saturday 00:30 CEST = Friday 22:30 UTC: Saturday, so Friday is yesterday.
        #expect(
            SunshineRanking.weekendDates(at: try instant("2026-04-24T22:30:00Z")).friday.description == "2026-04-24")
        // Winter time: Monday 00:30 CET = Sunday 23:30 UTC.
        #expect(
            SunshineRanking.weekendDates(at: try instant("2026-01-11T23:30:00Z")).friday.description == "2026-01-16")
    }

    @Test("a multi-location reply is read in input order, nulls tolerated, a location without data kept empty")
    func decodeMultiLocation() throws {
        let locations = try OpenMeteoLocation.decodeList(from: Data(multiLocation.utf8))
        #expect(locations.count == 4)
        let zurich = try #require(locations[0].daily)
        #expect(zurich.time.count == 4)
        #expect(zurich.temperatureMax[2] == nil)
        #expect(zurich.sunshineDuration[2] == nil)
        #expect(locations[1].daily?.code(at: 2) == nil)
        #expect(locations[3].daily == nil)
        let hourly = try #require(locations[0].hourly)
        #expect(hourly.time.count == 72)
        // Wall clock kept as written: "2026-04-24T06:00" is 06:00 in Zürich, not 06:00 UTC.
        #expect(hourly.time[6] == SwissTime(date: try day("2026-04-24"), minutes: 360))
    }

    @Test("a single-location reply is an object; errors and garbage throw typed errors")
    func decodeSingleAndErrors() throws {
        let single = """
            {"latitude":47.38,"longitude":8.54,"utc_offset_seconds":7200,"daily":{"time":["2026-04-24"],
            "weather_code":[1],"temperature_2m_max":[18.6],"temperature_2m_min":[7.2],"sunshine_duration":[36000],
            "precipitation_sum":[null]}}
            """
        let list = try OpenMeteoLocation.decodeList(from: Data(single.utf8))
        #expect(list.count == 1)
        #expect(list.first?.daily?.code(at: 0) == 1)
        #expect(throws: OpenMeteoError.upstream(reason: "Latitude must be in range of -90 to 90°.")) {
            try OpenMeteoLocation.decodeList(
                from: Data(#"{"error":true,"reason":"Latitude must be in range of -90 to 90°."}"#.utf8))
        }
        for garbage in ["", "<html>502</html>", "42", "\"text\"", "{\"daily\":"] {
            #expect(throws: OpenMeteoError.self) { try OpenMeteoLocation.decodeList(from: Data(garbage.utf8)) }
        }
        // Mistyped series and values become nil instead of failing the reply.
        let odd = """
            [{"daily":{"time":["2026-04-24",17,null,"bad"],"weather_code":"3","temperature_2m_max":[{"x":1},"12.5",true]}},
             7]
            """
        let parsed = try OpenMeteoLocation.decodeList(from: Data(odd.utf8))
        #expect(parsed.count == 2)
        #expect(parsed[0].daily?.time.count == 4)
        #expect(parsed[0].daily?.time[2] == nil)
        #expect(parsed[0].daily?.weatherCode == [])
        #expect(parsed[0].daily?.temperatureMax == [nil, 12.5, nil])
        #expect(parsed[1].daily == nil)
    }

    @Test("location_id puts a multi-location reply back in request order")
    func locationIDOrder() throws {
        let json = """
            [{"location_id":1,"daily":{"time":["2026-04-24"],"sunshine_duration":[100]}},
             {"location_id":0,"daily":{"time":["2026-04-24"],"sunshine_duration":[200]}}]
            """
        let list = try OpenMeteoLocation.decodeList(from: Data(json.utf8))
        #expect(list.map(\.locationID) == [0, 1])
        #expect(list[0].daily?.sunshineDuration == [200])
    }

    @Test("ranking: weekend days only, hours to 1 decimal, sunny hours 6–20, baseline first, then most sun")
    func ranking() throws {
        let places = [
            place("zurich", drive: 0, baseline: true), place("lugano", drive: 150), place("chur", drive: 80),
            place("davos", drive: 115),
        ]
        let forecast = try OpenMeteoLocation.decodeList(from: Data(multiLocation.utf8))
        let dates = SunshineRanking.weekendDates(today: try day("2026-04-22"))
        let ranked = SunshineRanking.rank(places: places, forecast: forecast, dates: dates)
        #expect(ranked.map(\.id) == ["zurich", "lugano", "chur"])  // Davos has no daily data: left out
        let zurich = ranked[0]
        #expect(zurich.isBaseline)
        #expect(zurich.forecast.map(\.date.description) == ["2026-04-24", "2026-04-25", "2026-04-26"])
        #expect(zurich.forecast.map(\.sunshineHours) == [2.0, 0, 3.0])
        #expect(zurich.sunshineHoursTotal == 5.0)
        #expect(zurich.forecast.map(\.tempMax) == [15, 0, -2])  // 14.5 → 15, null → 0, −2.5 → −2 (Math.round)
        #expect(zurich.forecast.map(\.tempMin) == [6, 6, -7])
        #expect(zurich.forecast.map(\.precipMm) == [0, 12.3, 0])
        #expect(zurich.forecast.map(\.description) == ["Overcast", "Light rain", "Partly cloudy"])
        #expect(zurich.forecast[0].sunnyHours == [6, 12, 20])  // 05:00 and 21:00 are outside 6–20
        #expect(zurich.forecast[1].sunnyHours == [])
        let lugano = ranked[1]
        #expect(lugano.forecast.map(\.sunshineHours) == [3.3, 3.3, 3.3])  // 12000 s = 3.33 h
        #expect(lugano.sunshineHoursTotal == 9.9)
        #expect(lugano.forecast[2].weatherCode == -1)
        #expect(lugano.forecast[2].description == "Unknown")
        #expect(lugano.forecast[1].tempMax == 24)  // 23.5 rounds up
        #expect(ranked[2].sunshineHoursTotal == 5.1)  // 6120 s = 1.7 h × 3
    }

    @Test("ties keep the list order; a sunnier place never beats the baseline's first position")
    func tiesAndBaseline() throws {
        let json = """
            [{"daily":{"time":["2026-04-24"],"sunshine_duration":[3600]}},
             {"daily":{"time":["2026-04-24"],"sunshine_duration":[7200]}},
             {"daily":{"time":["2026-04-24"],"sunshine_duration":[7200]}},
             {"daily":{"time":["2026-04-24"],"sunshine_duration":[36000]}}]
            """
        let places = [
            place("b", drive: 50), place("a", drive: 40), place("zurich", drive: 0, baseline: true),
            place("c", drive: 10),
        ]
        let ranked = SunshineRanking.rank(
            places: places, forecast: try OpenMeteoLocation.decodeList(from: Data(json.utf8)),
            dates: SunshineRanking.weekendDates(today: try day("2026-04-24")))
        // b (index 0) has 1 h, a (index 1) 2 h, zurich (index 2) 2 h, c 10 h.
        #expect(ranked.map(\.id) == ["zurich", "c", "a", "b"])
        let tie = """
            [{"daily":{"time":["2026-04-24"],"sunshine_duration":[7200]}},
             {"daily":{"time":["2026-04-24"],"sunshine_duration":[7200]}},
             {"daily":{"time":["2026-04-24"],"sunshine_duration":[7200]}}]
            """
        let tied = SunshineRanking.rank(
            places: [place("x", drive: 1), place("y", drive: 2), place("w", drive: 3)],
            forecast: try OpenMeteoLocation.decodeList(from: Data(tie.utf8)),
            dates: SunshineRanking.weekendDates(today: try day("2026-04-24")))
        #expect(tied.map(\.id) == ["x", "y", "w"])
    }

    @Test("spring-forward weekend: the 23-hour Sunday keeps wall-clock hours (no shift by the UTC offset)")
    func springForward() throws {
        // Last Sunday of March 2026 is the 29th: 02:00 does not exist.
        let sundayHours = [0, 1] + Array(3..<24)
        let json = """
            {"daily":{"time":["2026-03-27","2026-03-28","2026-03-29"],"weather_code":[0,0,0],
              "sunshine_duration":[3600,3600,14400]},
             "hourly":{"time":[\(sundayHours.map { "\"2026-03-29T\(String(format: "%02d", $0)):00\"" }.joined(separator: ","))],
               "sunshine_duration":[\(sundayHours.map { [3, 6, 7, 20].contains($0) ? "3600" : "0" }.joined(separator: ","))]}}
            """
        let dates = SunshineRanking.weekendDates(at: try instant("2026-03-26T10:00:00Z"))
        #expect(dates.sunday.description == "2026-03-29")
        let ranked = SunshineRanking.rank(
            places: [place("zurich", drive: 0, baseline: true)],
            forecast: try OpenMeteoLocation.decodeList(from: Data(json.utf8)), dates: dates)
        #expect(ranked.first?.forecast.last?.sunnyHours == [6, 7, 20])
        #expect(ranked.first?.sunshineHoursTotal == 6.0)
    }

    @Test("fall-back weekend: the repeated 02:00 and Unix-time hours are Swiss wall clock")
    func fallBack() throws {
        // Last Sunday of October 2026 is the 25th. Open-Meteo with timeformat=unixtime sends instants.
        let start = try instant("2026-10-24T22:00:00Z")  // 00:00 CEST on the 25th
        let hours = (0..<25).map { start.timeIntervalSince1970 + Double($0) * 3600 }
        // Sunshine at 07:00 CET = 06:00 UTC, and at 20:00 CET = 19:00 UTC.
        let sunny: Set<Double> = [
            try instant("2026-10-25T06:00:00Z").timeIntervalSince1970,
            try instant("2026-10-25T19:00:00Z").timeIntervalSince1970,
        ]
        let midnight = Int(start.timeIntervalSince1970)
        let json = """
            {"daily":{"time":[\(midnight)],"sunshine_duration":[7200]},
             "hourly":{"time":[\(hours.map { String(Int($0)) }.joined(separator: ","))],
                "sunshine_duration":[\(hours.map { sunny.contains($0) ? "1800" : "0" }.joined(separator: ","))]}}
            """
        let forecast = try OpenMeteoLocation.decodeList(from: Data(json.utf8))
        #expect(forecast.first?.daily?.time.first == (try day("2026-10-25")))
        let ranked = SunshineRanking.rank(
            places: [place("zurich", drive: 0, baseline: true)], forecast: forecast,
            dates: SunshineRanking.weekendDates(today: try day("2026-10-25")))
        #expect(ranked.first?.forecast.first?.sunnyHours == [7, 20])
    }

    @Test("JSON: the original keys, isBaseline only on the baseline, highlights in the iOS keys, description a string")
    func encoding() throws {
        let highlight = Highlight(
            name: "Lake walk", nameDE: "Seeweg", type: "lake", description: "Flat path.", descriptionDE: "Flacher Weg.",
            indoor: false, lat: 46.0, lon: 8.95)
        let json = """
            [{"daily":{"time":["2026-04-24"],"weather_code":[0],"sunshine_duration":[3600]}},
             {"daily":{"time":["2026-04-24"],"weather_code":[0],"sunshine_duration":[7200]}}]
            """
        let ranked = SunshineRanking.rank(
            places: [place("zurich", drive: 0, baseline: true), place("lugano", drive: 150, highlights: [highlight])],
            forecast: try OpenMeteoLocation.decodeList(from: Data(json.utf8)),
            dates: SunshineRanking.weekendDates(today: try day("2026-04-24")))
        let data = try JSONEncoder().encode(ranked)
        let objects = try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
        #expect(objects[0]["isBaseline"] as? Bool == true)
        #expect(objects[1]["isBaseline"] == nil)
        #expect(
            Set(objects[1].keys) == [
                "id", "name", "nameDE", "lat", "lon", "region", "regionDE", "driveMinutes", "forecast",
                "sunshineHoursTotal", "highlights",
            ])
        let day0 = try #require((objects[1]["forecast"] as? [[String: Any]])?.first)
        #expect(
            Set(day0.keys) == [
                "date", "weatherCode", "tempMax", "tempMin", "sunshineHours", "precipMm", "sunnyHours", "description",
            ])
        #expect(day0["description"] as? String == "Clear sky")
        #expect(day0["date"] as? String == "2026-04-24")
        let h = try #require((objects[1]["highlights"] as? [[String: Any]])?.first)
        for key in ["name", "nameDE", "type", "description", "descriptionDE", "lat", "lon"] {
            #expect(h[key] != nil, "highlight key \(key)")
        }
        #expect((objects[0]["highlights"] as? [Any])?.isEmpty == true)
        let back = try JSONDecoder().decode([SunshineDestination].self, from: data)
        #expect(back == ranked)
    }

    @Test("classes: sunny above 6 h, partly 3–6 h inclusive, cloudy below 3 h")
    func classes() {
        #expect(SunshineRanking.classify(6.1) == .sunny)
        #expect(SunshineRanking.classify(6.0) == .partly)
        #expect(SunshineRanking.classify(3.0) == .partly)
        #expect(SunshineRanking.classify(2.9) == .cloudy)
        #expect(SunshineRanking.classify(0) == .cloudy)
    }

    private func ranked(_ totals: [(String, Double, Int)]) -> [SunshineDestination] {
        totals.map { id, total, drive in
            SunshineDestination(
                id: id, name: id, nameDE: id, lat: 46 + Double(drive) / 100, lon: 8.5, region: "", regionDE: "",
                driveMinutes: drive, isBaseline: id == "zurich", forecast: [], sunshineHoursTotal: total)
        }
    }

    @Test("filters and sorts keep the baseline first")
    func arrange() {
        let list = ranked([("zurich", 2, 0), ("a", 9, 120), ("b", 7, 30), ("c", 4, 60), ("d", 1, 10)])
        #expect(SunshineRanking.arrange(list, filter: .sunny).map(\.id) == ["zurich", "a", "b"])
        #expect(SunshineRanking.arrange(list, filter: .partly).map(\.id) == ["zurich", "c"])
        #expect(SunshineRanking.arrange(list, filter: .cloudy).map(\.id) == ["zurich", "d"])
        #expect(SunshineRanking.arrange(list, sort: .driveTime).map(\.id) == ["zurich", "d", "b", "c", "a"])
        let near = GeoPoint(lat: 46.6, lon: 8.5)  // c at 46.60, b 46.30, d 46.10, a 47.20
        #expect(SunshineRanking.arrange(list, sort: .distance(from: near)).map(\.id) == ["zurich", "c", "b", "d", "a"])
    }

    @Test("nearest sunny escape: only under 6 h in Zürich, strictly sunnier, shortest drive, ties in API order")
    func escape() {
        let list = ranked([("zurich", 4, 0), ("a", 9, 60), ("b", 7, 45), ("c", 6, 45), ("d", 4, 5), ("e", 3, 1)])
        #expect(SunshineRanking.nearestSunnyEscape(in: list)?.id == "b")  // b and c both 45 min: b is first
        #expect(SunshineRanking.nearestSunnyEscape(in: ranked([("zurich", 6, 0), ("a", 9, 60)])) == nil)
        #expect(SunshineRanking.nearestSunnyEscape(in: ranked([("zurich", 5, 0), ("a", 5, 10)])) == nil)
        #expect(SunshineRanking.nearestSunnyEscape(in: ranked([("a", 9, 60)])) == nil)
        #expect(SunshineRanking.nearestSunnyEscape(in: ranked([("zurich", 5.9, 0), ("a", 6, 60)]))?.id == "a")
    }

    @Test("drive time text")
    func driveText() {
        #expect(SunshineRanking.driveText(minutes: 125) == "2h05min")
        #expect(SunshineRanking.driveText(minutes: 45) == "45min")
        #expect(SunshineRanking.driveText(minutes: 60) == "1h00min")
        #expect(SunshineRanking.driveText(minutes: 195) == "3h15min")
        #expect(SunshineRanking.driveText(minutes: 0) == "0min")
        #expect(SunshineRanking.driveText(minutes: -5) == "0min")
    }

    @Test("mutated Open-Meteo replies never crash: they decode or throw a typed error, and rank without trapping")
    func fuzz() throws {
        let original = Array(multiLocation.utf8)
        let alphabet = Array("[]{}\",:0123456789.-enulltrueTZ ".utf8)
        var generator = SeededGenerator(seed: 2026)
        let places = (0..<4).map { place("p\($0)", drive: $0) }
        let dates = SunshineRanking.weekendDates(today: try day("2026-04-24"))
        for _ in 0..<1500 {
            var bytes = original
            for _ in 0..<Int(generator.next() % 6) + 1 {
                let at = Int(generator.next() % UInt64(bytes.count))
                switch generator.next() % 3 {
                case 0: bytes[at] = alphabet[Int(generator.next() % UInt64(alphabet.count))]
                case 1: bytes.remove(at: at)
                default: bytes.insert(alphabet[Int(generator.next() % UInt64(alphabet.count))], at: at)
                }
            }
            do {
                let forecast = try OpenMeteoLocation.decodeList(from: Data(bytes))
                let ranked = SunshineRanking.rank(places: places, forecast: forecast, dates: dates)
                #expect(ranked.allSatisfy { $0.forecast.count <= 3 && $0.sunshineHoursTotal >= 0 })
                _ = SnowRanking.rank(
                    resorts: places, forecast: forecast, dates: SnowRanking.weekDates(today: dates.friday))
                _ = DayWeather.days(from: forecast.first)
            } catch {
                #expect(!error.description.isEmpty)
            }
        }
    }

    @Test("the Open-Meteo query asks for every place in one request, Swiss time zone")
    func query() throws {
        let items = SunshineRanking.queryItems(
            places: [place("zurich", drive: 0, baseline: true), place("lugano", drive: 150)],
            dates: SunshineRanking.weekendDates(today: try day("2026-04-20")))
        let values = Dictionary(uniqueKeysWithValues: items.map { ($0.name, $0.value ?? "") })
        #expect(values["latitude"] == "46.5000,46.5000")
        #expect(values["start_date"] == "2026-04-24")
        #expect(values["end_date"] == "2026-04-26")
        #expect(values["timezone"] == "Europe/Zurich")
        #expect(values["hourly"] == "sunshine_duration")
        #expect(
            values["daily"]
                == "weather_code,temperature_2m_max,temperature_2m_min,sunshine_duration,precipitation_sum")
    }
}
