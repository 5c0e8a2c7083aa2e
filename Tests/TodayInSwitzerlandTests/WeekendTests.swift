import Foundation
import Testing

@testable import TodayInSwitzerland

private func weekendDay(_ text: String) throws -> CivilDate { try #require(CivilDate(text)) }

private func weekendInstant(_ text: String) throws -> Date { try #require(ISO8601DateFormatter().date(from: text)) }

private func activity(
    _ id: String, indoor: Bool, duration: String = "1-2 hours", recurring: String? = nil, months: [Int]? = nil,
    category: Activity.Category? = nil
) -> Activity {
    Activity(
        id: id, city: "zurich", name: id, nameDE: id + " (de)", description: "", descriptionDE: "", indoor: indoor,
        ageRange: "2-5 years", duration: duration, category: category ?? (indoor ? .museum : .playground),
        recurring: recurring, availableMonths: months)
}

/// A Zürich-like list: short and long, indoor and outdoor, with day-bound and seasonal items and stay-home ideas.
private let catalogue: [Activity] = [
    activity("zoo", indoor: false, duration: "Half day"),
    activity("playground", indoor: false, duration: "1 hour"),
    activity("lake-walk", indoor: false, duration: "1-2 hours"),
    activity("forest", indoor: false, duration: "2-3 hours"),
    activity("museum", indoor: true, duration: "1-2 hours"),
    activity("indoor-play", indoor: true, duration: "2-3 hours"),
    activity("library", indoor: true, duration: "30 min", recurring: "Wed 10:00"),
    activity("market", indoor: false, duration: "1 hour", recurring: "Tue & Fri 6:00-11:00"),
    activity("farm-day", indoor: false, duration: "Half day", recurring: "Weekends"),
    activity("ice-rink", indoor: false, duration: "1-2 hours", recurring: "Sa, So", months: [11, 12, 1, 2]),
    activity("crafts", indoor: true, duration: "1 hour", category: .stayhome),
]

private func sunny(_ date: CivilDate) -> DayWeather { DayWeather(date: date, weatherCode: 1, tempMax: 22, tempMin: 11) }
private func rainy(_ date: CivilDate) -> DayWeather { DayWeather(date: date, weatherCode: 63, tempMax: 14, tempMin: 9) }

@Suite("Weekend planner")
struct WeekendTests {
    @Test("weekend dates: weekdays the coming weekend, Saturday today, Sunday yesterday and today (chosen default)")
    func weekendDates() throws {
        for (today, saturday) in [
            ("2026-04-20", "2026-04-25"), ("2026-04-24", "2026-04-25"), ("2026-04-25", "2026-04-25"),
            ("2026-04-26", "2026-04-25"),
        ] {
            let dates = WeekendPlanner.weekendDates(today: try weekendDay(today))
            #expect(dates.saturday.description == saturday, "\(today)")
            #expect(dates.sunday == dates.saturday.adding(days: 1))
        }
        // The original's rule, still available: on Sunday the next weekend.
        let next = WeekendPlanner.weekendDates(today: try weekendDay("2026-04-26"), sundayRule: .nextWeekend)
        #expect(next.saturday.description == "2026-05-02")
        #expect(next.sunday.description == "2026-05-03")
        #expect(
            WeekendPlanner.weekendDates(today: try weekendDay("2026-04-25"), sundayRule: .nextWeekend).saturday
                .description == "2026-04-25")
    }

    @Test("weekend dates in Swiss time: Friday 23:30, Saturday 00:30, Sunday 00:30 and Monday 00:30")
    func weekendDatesSwissTime() throws {
        // Friday 23:30 CEST: the coming weekend.
        #expect(
            WeekendPlanner.weekendDates(at: try weekendInstant("2026-04-24T21:30:00Z")).saturday.description
                == "2026-04-25")
        // Saturday 00:30 CEST (Friday in UTC): Saturday is today.
        #expect(
            WeekendPlanner.weekendDates(at: try weekendInstant("2026-04-24T22:30:00Z")).saturday.description
                == "2026-04-25")
        // Sunday 00:30 CEST (Saturday in UTC) with the original's rule: already the next weekend, because it is Sunday.
        #expect(
            WeekendPlanner.weekendDates(at: try weekendInstant("2026-04-25T22:30:00Z"), sundayRule: .nextWeekend)
                .saturday
                .description == "2026-05-02")
        // Monday 00:30 CEST (Sunday in UTC): the coming weekend.
        #expect(
            WeekendPlanner.weekendDates(at: try weekendInstant("2026-04-26T22:30:00Z")).saturday.description
                == "2026-05-02")
        // The spring-forward Sunday, 03:30 CEST.
        let dst = WeekendPlanner.weekendDates(at: try weekendInstant("2026-03-29T01:30:00Z"))
        #expect(dst.sunday.description == "2026-03-29")
    }

    @Test(
        "recurring texts in English and German decide the weekdays",
        arguments: [
            ("Weekends", [6, 7]), ("Wochenende", [6, 7]), ("weekends & holidays", [6, 7]), ("Week-end only", [6, 7]),
            ("Various days", Array(1...7)), ("täglich 9-17 Uhr", Array(1...7)), ("Daily", Array(1...7)),
            ("every day", Array(1...7)), ("Sa", [6]), ("So", [7]), ("Samstag", [6]), ("samstags 8-12", [6]),
            ("Sat", [6]), ("Sunday mornings", [7]), ("Tue & Fri 6:00-11:00", [2, 5]), ("Di und Fr", [2, 5]),
            ("Tue-Fri 10:00-17:00", [2, 3, 4, 5]), ("Di–Fr", [2, 3, 4, 5]), ("Mo bis Fr", [1, 2, 3, 4, 5]),
            ("Fri-Mon", [5, 6, 7, 1]), ("weekdays", [1, 2, 3, 4, 5]), ("Sa, So", [6, 7]),
            ("Wed 10:00, Sat 14:00", [3, 6]), ("1st Saturday of the month", [6]),
        ])
    func recurring(text: String, days: [Int]) {
        #expect(WeekendPlanner.weekdays(in: text) == Set(days))
    }

    @Test("texts naming no day do not restrict; months and seasons do")
    func availability() throws {
        #expect(WeekendPlanner.weekdays(in: "Seasonal, check website") == nil)
        #expect(WeekendPlanner.weekdays(in: "Sunset walks") == nil)  // "sun" only as a whole word
        let saturdayInJune = try weekendDay("2026-06-13")
        let saturdayInDecember = try weekendDay("2026-12-12")
        let rink = try #require(catalogue.first { $0.id == "ice-rink" })
        #expect(!WeekendPlanner.isAvailable(rink, on: saturdayInJune))
        #expect(WeekendPlanner.isAvailable(rink, on: saturdayInDecember))
        #expect(!WeekendPlanner.isAvailable(rink, on: try weekendDay("2026-12-11")))  // a Friday
        var pool = activity("pool", indoor: false)
        pool.season = "summer"
        #expect(WeekendPlanner.isAvailable(pool, on: saturdayInJune))
        #expect(!WeekendPlanner.isAvailable(pool, on: saturdayInDecember))
        let market = try #require(catalogue.first { $0.id == "market" })
        #expect(!WeekendPlanner.isAvailable(market, on: saturdayInJune))
        #expect(WeekendPlanner.isAvailable(market, on: try weekendDay("2026-06-12")))
    }

    @Test("random recurring, duration and age texts never crash")
    func randomTexts() {
        let alphabet = Array(
            "MoDiMiDoFrSaSo TueWedThuFriSatSun-–&,.:0123456789+ weekendtäglichbisto hminStunden".unicodeScalars)
        var generator = SeededGenerator(seed: 99)
        for _ in 0..<3000 {
            var text = ""
            for _ in 0..<Int(generator.next() % 25) {
                text.unicodeScalars.append(alphabet[Int(generator.next() % UInt64(alphabet.count))])
            }
            if let days = WeekendPlanner.weekdays(in: text) { #expect(days.isSubset(of: Set(1...7))) }
            _ = WeekendPlanner.isShort(text)
            if let ages = ActivityFilter.parseAges(text) { #expect(ages.lowerBound >= 0) }
        }
    }

    @Test("durations: up to two hours is a morning activity")
    func durations() {
        for short in ["30 min", "1 hour", "1-2 hours", "45 Min.", "90 minutes", "1 Stunde", "1–2 Stunden", "1.5 h"] {
            #expect(WeekendPlanner.isShort(short), "\(short)")
        }
        for long in ["Half day", "Halber Tag", "2-3 hours", "Full day", "3 Stunden", "Flexible"] {
            #expect(!WeekendPlanner.isShort(long), "\(long)")
        }
        #expect(WeekendPlanner.longestMinutes("1 hour 30 min") == 90)
    }

    @Test("a good day puts outdoor things first, whatever the shuffle (the original's shuffle undid it)")
    func outdoorFirstSurvivesShuffle() throws {
        let saturday = try weekendDay("2026-06-13")
        for seed in 0..<200 {
            let plan = WeekendPlanner.pick(
                activities: catalogue, date: saturday, weather: sunny(saturday), seed: UInt64(seed))
            #expect(plan.morning?.indoor == false, "seed \(seed)")
            #expect(plan.afternoon?.indoor == false, "seed \(seed)")
            #expect(plan.morning.map { WeekendPlanner.isShort($0.duration) } == true)
            #expect(plan.afternoon.map { WeekendPlanner.isShort($0.duration) } == false)
        }
    }

    @Test("a rainy or cold day keeps indoor things only, when there are any")
    func badWeatherIndoor() throws {
        let saturday = try weekendDay("2026-06-13")
        let cold = DayWeather(date: saturday, weatherCode: 3, tempMax: 4, tempMin: -2)
        for weather in [rainy(saturday), cold] {
            for seed in 0..<50 {
                let plan = WeekendPlanner.pick(
                    activities: catalogue, date: saturday, weather: weather, seed: UInt64(seed))
                #expect(plan.morning?.indoor == true)
                #expect(plan.afternoon?.indoor == true)
                #expect(plan.morning?.id != "crafts" && plan.afternoon?.id != "crafts")  // never stay-home
            }
        }
        // No indoor candidate: outdoor ones are still suggested.
        let outdoorOnly = catalogue.filter { !$0.indoor }
        let plan = WeekendPlanner.pick(activities: outdoorOnly, date: saturday, weather: rainy(saturday), seed: 7)
        #expect(plan.morning != nil && plan.afternoon != nil)
    }

    @Test("the same seed gives the same plan; other seeds give other plans; seeds come from date, city and shuffle")
    func reproducible() throws {
        let saturday = try weekendDay("2026-06-13")
        let seed = WeekendPlanner.seed(date: saturday, city: "zurich")
        #expect(seed == WeekendPlanner.seed(date: saturday, city: "zurich", shuffle: 0))
        #expect(seed != WeekendPlanner.seed(date: saturday, city: "basel"))
        #expect(seed != WeekendPlanner.seed(date: saturday, city: "zurich", shuffle: 1))
        let first = WeekendPlanner.pick(activities: catalogue, date: saturday, weather: nil, seed: seed)
        let again = WeekendPlanner.pick(activities: catalogue, date: saturday, weather: nil, seed: seed)
        #expect(first == again)
        let plans = Set(
            (0..<20).map { shuffle in
                WeekendPlanner.pick(
                    activities: catalogue, date: saturday, weather: nil,
                    seed: WeekendPlanner.seed(date: saturday, city: "zurich", shuffle: shuffle)
                ).ids
            })
        #expect(plans.count > 3)
        // The generator itself is fixed: a known seed gives known numbers on every platform.
        var generator = SeededGenerator(seed: 0)
        #expect(generator.next() == 0xe220_a839_7b1d_cdaf)  // SplitMix64's published first value for seed 0
        #expect(SeededGenerator.seed("") == 0xcbf2_9ce4_8422_2325)
    }

    @Test("Sunday avoids Saturday's picks when two others remain, and repeats them otherwise")
    func sundayExclusion() throws {
        let dates = WeekendPlanner.WeekendDates(saturday: try weekendDay("2026-06-13"))
        let weather = [dates.saturday: sunny(dates.saturday), dates.sunday: sunny(dates.sunday)]
        for shuffle in 0..<30 {
            let plan = WeekendPlanner.plan(
                activities: catalogue, dates: dates, weather: weather, city: "zurich", shuffle: shuffle)
            #expect(Set(plan.saturday.plan.ids).isDisjoint(with: plan.sunday.plan.ids), "shuffle \(shuffle)")
            #expect(plan.sunday.plan.morning?.indoor == false)
        }
        let two = [
            activity("a", indoor: false, duration: "1 hour"), activity("b", indoor: false, duration: "Half day"),
        ]
        let plan = WeekendPlanner.plan(activities: two, dates: dates, weather: weather, city: "zurich")
        #expect(plan.saturday.plan.ids == ["a", "b"])
        #expect(plan.sunday.plan.ids == ["a", "b"])  // nothing else left: the same two again
        let three = two + [activity("c", indoor: false, duration: "1 hour")]
        let excluded = WeekendPlanner.pick(
            activities: three, date: dates.sunday, weather: nil, exclude: ["a"], seed: 1)
        #expect(Set(excluded.ids) == ["b", "c"])
    }

    @Test("empty and tiny lists give null slots, never a crash")
    func tinyLists() throws {
        let saturday = try weekendDay("2026-06-13")
        let empty = WeekendPlanner.pick(activities: [], date: saturday, weather: nil, seed: 1)
        #expect(empty.morning == nil && empty.afternoon == nil)
        let one = WeekendPlanner.pick(
            activities: [activity("only", indoor: true, duration: "Half day")], date: saturday, weather: nil, seed: 1)
        #expect(one.morning?.id == "only")
        #expect(one.afternoon == nil)
        let homeOnly = WeekendPlanner.pick(
            activities: catalogue.filter { $0.category == .stayhome }, date: saturday, weather: rainy(saturday), seed: 1
        )
        #expect(homeOnly.ids.isEmpty)
    }

    @Test("day weather from Open-Meteo daily: rounded, a missing or null day is nil")
    func dayWeather() throws {
        let json = """
            {"daily":{"time":["2026-04-25","2026-04-26","2026-04-27"],"weather_code":[61,null,0],
              "temperature_2m_max":[12.5,18,-0.5],"temperature_2m_min":[4.4,null,-6.5]}}
            """
        let days = DayWeather.days(from: try OpenMeteoLocation.decodeList(from: Data(json.utf8)).first)
        let saturday = try #require(days[try weekendDay("2026-04-25")])
        #expect(saturday.weatherCode == 61)
        #expect(saturday.tempMax == 13)
        #expect(saturday.tempMin == 4)
        #expect(saturday.description == "Light rain")
        #expect(saturday.isBad)
        #expect(days[try weekendDay("2026-04-26")] == nil)
        #expect(days[try weekendDay("2026-04-27")]?.tempMax == 0)
        #expect(days[try weekendDay("2026-04-27")]?.tempMin == -6)
        #expect(days[try weekendDay("2026-04-27")]?.isBad == true)  // below 5 °C
        #expect(days[try weekendDay("2026-05-02")] == nil)
        #expect(DayWeather.days(from: nil).isEmpty)
    }

    @Test("JSON shape: weather and plan slots written as null, dates as strings")
    func encoding() throws {
        let dates = WeekendPlanner.weekendDates(today: try weekendDay("2026-04-26"))  // Sunday: yesterday and today
        let weather = [dates.sunday: rainy(dates.sunday)]
        let plan = WeekendPlanner.plan(
            activities: [activity("museum", indoor: true, duration: "Half day")], dates: dates, weather: weather,
            city: "zurich")
        let object = try #require(
            try JSONSerialization.jsonObject(with: try JSONEncoder().encode(plan)) as? [String: Any])
        let saturday = try #require(object["saturday"] as? [String: Any])
        #expect(saturday["date"] as? String == "2026-04-25")
        #expect(saturday["weather"] is NSNull)
        let slots = try #require(saturday["plan"] as? [String: Any])
        #expect(slots["afternoon"] is NSNull)
        #expect((slots["morning"] as? [String: Any])?["id"] as? String == "museum")
        let sunday = try #require(object["sunday"] as? [String: Any])
        #expect((sunday["weather"] as? [String: Any])?["description"] as? String == "Rain")
        let back = try JSONDecoder().decode(WeekendPlan.self, from: try JSONEncoder().encode(plan))
        #expect(back == plan)
    }
}
