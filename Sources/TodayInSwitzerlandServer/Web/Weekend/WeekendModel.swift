import Foundation
import TodayInSwitzerland

/// What the Weekend page shows (PWA notes §6): a card for Saturday and Sunday with weather, holidays and a morning
/// and an afternoon pick, and the Shuffle link to another reproducible plan.
struct WeekendModel: Sendable, Equatable {
    /// One planned activity.
    struct Pick: Sendable, Equatable {
        /// "Morning" / "Vormittag".
        var slot: String
        var emoji: String
        var name: String
        var description: String
        /// "Indoor" / "Outdoor" ("Drinnen" / "Draussen").
        var place: String
        var duration: String
        var price: String?
        var url: String?
    }

    /// Saturday or Sunday.
    struct Day: Sendable, Equatable {
        var id: String
        /// "Saturday" / "Samstag".
        var weekday: String
        /// "28 November 2026" / "28. November 2026".
        var date: String
        var weatherIcon: String?
        var weatherText: String?
        /// "12° / 4°".
        var temperatures: String?
        /// Public holidays and festivals of the day.
        var holidays: [String]
        var picks: [Pick]
    }

    var language: Language
    var cityName: String
    var days: [Day]
    var weatherState: SourceState?
    /// The seed of the plan shown (0: the default plan).
    var seed: Int
    /// The Shuffle link: the same page with a new seed whose plan differs from this one.
    var shuffleURL: String

    static func == (a: WeekendModel, b: WeekendModel) -> Bool {
        a.language == b.language && a.cityName == b.cityName && a.days == b.days && a.seed == b.seed
            && a.shuffleURL == b.shuffleURL && a.weatherState?.state == b.weatherState?.state
    }

    /// The page's model from the weekend answer; `nextSeed` is the seed the Shuffle link asks for.
    static func make(weekend: WeekendResponse, prefs: SwissPrefs, nextSeed: Int) -> WeekendModel {
        let l = prefs.language
        func day(_ body: WeekendDayBody, id: String) -> Day {
            let slots: [(String, Activity?)] = [
                (l.t("Morning", "Vormittag"), body.plan.morning), (l.t("Afternoon", "Nachmittag"), body.plan.afternoon),
            ]
            return Day(
                id: id, weekday: DayText.weekday(body.date, l), date: DayText.date(body.date, l),
                weatherIcon: body.weather.map { WeatherCodes.icon($0.weatherCode).emoji },
                weatherText: body.weather.map { WeatherCodes.description($0.weatherCode, in: l) },
                temperatures: body.weather.map { "\($0.tempMax)° / \($0.tempMin)°" },
                holidays: body.holidays.map { l == .de ? $0.nameDE : $0.name },
                picks: slots.compactMap { slot, activity in
                    activity.map { pick($0, slot: slot, language: l) }
                })
        }
        return WeekendModel(
            language: l, cityName: prefs.cityName,
            days: [day(weekend.saturday, id: "saturday"), day(weekend.sunday, id: "sunday")],
            weatherState: weekend.sources["weather"], seed: weekend.seed,
            shuffleURL: prefs.link(.weekend, [("seed", String(nextSeed))]))
    }

    /// The catalogue's durations are English ("1-2 hours", "Half day"): German words for German pages.
    static func duration(_ text: String, _ l: Language) -> String {
        guard l == .de else { return text }
        let lower = text.lowercased()
        if lower == "half day" { return "Halber Tag" }
        if lower == "full day" { return "Ganzer Tag" }
        return text.replacingOccurrences(of: "hours", with: "Stunden").replacingOccurrences(of: "hour", with: "Stunde")
            .replacingOccurrences(of: "-", with: "–")
    }

    static func pick(_ a: Activity, slot: String, language l: Language) -> Pick {
        Pick(
            slot: slot, emoji: SwissApp.emoji(a.category), name: l == .de ? a.nameDE : a.name,
            description: l == .de ? a.descriptionDE : a.description,
            place: a.indoor ? l.t("Indoor", "Drinnen") : l.t("Outdoor", "Draussen"),
            duration: duration(a.duration, l),
            price: (l == .de ? a.priceDE ?? a.price : a.price).flatMap { $0.isEmpty ? nil : $0 },
            url: a.url.flatMap { $0.hasPrefix("http") ? $0 : nil })
    }
}
