import Foundation
import Testing
import TodayInSwitzerland

@testable import TodayInSwitzerlandServer

@Suite("Swiss web: Weekend page")
struct WebWeekendTests {
    typealias F = TodayFixtures

    static func activity(
        _ id: String, indoor: Bool, duration: String = "1-2 hours", price: String? = "CHF 29"
    )
        -> Activity
    {
        Activity(
            id: id, city: "zurich", name: "Name \(id)", nameDE: "Name DE \(id)", description: "About \(id)",
            descriptionDE: "Über \(id)", indoor: indoor, ageRange: "2-5 years", duration: duration, price: price,
            priceDE: price.map { $0.replacingOccurrences(of: "Free", with: "Gratis") }, url: "https://example.ch/\(id)",
            category: indoor ? .museum : .animals)
    }

    static func weekend(seed: Int = 0, sundayWeather: Bool = true) -> WeekendResponse {
        let saturday = F.date("2026-11-28")
        let sunday = saturday.adding(days: 1)
        return WeekendResponse(
            saturday: WeekendDayBody(
                date: saturday, weather: DayWeather(date: saturday, weatherCode: 0, tempMax: 11, tempMin: 2),
                plan: DayPlan(
                    morning: activity("zoo", indoor: false),
                    afternoon: activity("museum", indoor: true, duration: "2-3 hours", price: "Free")),
                holidays: []),
            sunday: WeekendDayBody(
                date: sunday,
                weather: sundayWeather ? DayWeather(date: sunday, weatherCode: 63, tempMax: 6, tempMin: 1) : nil,
                plan: DayPlan(morning: activity("pool", indoor: true, price: nil), afternoon: nil),
                holidays: [
                    APIHoliday(date: sunday.description, name: "Advent", nameDE: "Advent", daysUntil: 3, isToday: false)
                ]),
            city: CityBody(City.all[0], .en), timestamp: F.morning, seed: seed, sources: [:])
    }

    @Test("Saturday and Sunday written out in en and de, weather icon and max/min, holidays, picks per slot")
    func model() {
        let en = WeekendModel.make(weekend: Self.weekend(), prefs: F.prefs(), nextSeed: 42)
        #expect(en.days.map(\.weekday) == ["Saturday", "Sunday"])
        #expect(en.days.map(\.date) == ["28 November 2026", "29 November 2026"])
        #expect(en.days[0].temperatures == "11° / 2°" && en.days[0].weatherIcon == "☀️")
        #expect(en.days[1].holidays == ["Advent"])
        #expect(en.days[0].picks.map(\.slot) == ["Morning", "Afternoon"])
        #expect(en.days[0].picks[0].place == "Outdoor" && en.days[0].picks[1].place == "Indoor")
        #expect(en.days[0].picks[0].emoji == "🦁" && en.days[0].picks[0].duration == "1-2 hours")
        #expect(en.days[1].picks.map(\.slot) == ["Morning"], "a missing pick is left out")
        #expect(en.shuffleURL == "/swiss/app/weekend?city=zurich&lang=en&seed=42")
        let de = WeekendModel.make(weekend: Self.weekend(sundayWeather: false), prefs: F.prefs(.de), nextSeed: 7)
        #expect(de.days.map(\.weekday) == ["Samstag", "Sonntag"])
        #expect(de.days[0].date == "28. November 2026")
        #expect(de.days[0].picks[1].price == "Gratis" && de.days[0].picks[1].name == "Name DE museum")
        #expect(de.days[0].picks.map(\.slot) == ["Vormittag", "Nachmittag"])
        #expect(de.days[1].temperatures == nil && de.days[1].weatherIcon == nil)
        #expect(de.days[0].picks.map(\.duration) == ["1–2 Stunden", "2–3 Stunden"])
        #expect(
            ["30 min", "1 hour", "Half day"].map { WeekendModel.duration($0, .de) } == [
                "30 min", "1 Stunde", "Halber Tag",
            ])
    }

    @Test("HTML: the Shuffle link, no-forecast text, escaped names")
    func view() {
        let model = WeekendModel.make(weekend: Self.weekend(sundayWeather: false), prefs: F.prefs(.de), nextSeed: 9)
        let html = F.render(WeekendView.main(model, now: F.morning))
        #expect(html.contains(#"href="/swiss/app/weekend?city=zurich&amp;lang=de&amp;seed=9""#))
        #expect(html.contains("Neu mischen"))
        #expect(html.contains("Noch keine Vorhersage"))
        #expect(html.contains(#"<section class="card weekend-day" id="sunday" aria-labelledby="sunday-title">"#))
        #expect(html.contains("🎉 Advent"))
        #expect(html.contains("<span class=\"badge\">⏱ 1–2 Stunden</span>"))
    }
}
