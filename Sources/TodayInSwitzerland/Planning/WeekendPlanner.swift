import Foundation

/// A day's weather for the weekend planner (the original's keys).
public struct DayWeather: Codable, Sendable, Equatable {
    /// The day.
    public var date: CivilDate
    /// WMO code.
    public var weatherCode: Int
    /// °C, rounded.
    public var tempMax: Int
    /// °C, rounded.
    public var tempMin: Int
    /// English text of the code.
    public var description: String

    /// A day from its values; the description comes from the code.
    public init(date: CivilDate, weatherCode: Int, tempMax: Int, tempMin: Int) {
        self.date = date
        self.weatherCode = weatherCode
        self.tempMax = tempMax
        self.tempMin = tempMin
        description = WeatherText.english(weatherCode)
    }

    /// The weather that decides the plan: the code and the day's maximum.
    public var condition: WeatherCondition { WeatherCondition(weatherCode: weatherCode, temperature: Double(tempMax)) }
    /// The original's bad day: a rain code or a maximum below 5 °C.
    public var isBad: Bool { condition.isBad }

    /// The days of an Open-Meteo daily reply (`weather_code, temperature_2m_max, temperature_2m_min`). A day whose code
    /// or temperatures are null is left out, so looking it up gives nil, like a day outside the reply.
    public static func days(from location: OpenMeteoLocation?) -> [CivilDate: DayWeather] {
        guard let daily = location?.daily else { return [:] }
        var result: [CivilDate: DayWeather] = [:]
        for (i, day) in daily.time.enumerated() {
            guard let date = day, result[date] == nil, let code = daily.code(at: i),
                let high = OpenMeteoDaily.value(daily.temperatureMax, i),
                let low = OpenMeteoDaily.value(daily.temperatureMin, i)
            else { continue }
            result[date] = DayWeather(
                date: date, weatherCode: code, tempMax: jsRoundInt(high), tempMin: jsRoundInt(low))
        }
        return result
    }
}

/// The morning and afternoon suggestion of a day. Both keys are always written (null when empty), as the original.
public struct DayPlan: Codable, Sendable, Equatable {
    /// A short activity (up to about two hours), or nil.
    public var morning: Activity?
    /// A longer activity, or nil.
    public var afternoon: Activity?

    /// A plan from its two picks.
    public init(morning: Activity?, afternoon: Activity?) {
        self.morning = morning
        self.afternoon = afternoon
    }

    enum CodingKeys: String, CodingKey { case morning, afternoon }

    /// Writes `null` for an empty slot.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(morning, forKey: .morning)
        try c.encode(afternoon, forKey: .afternoon)
    }

    /// The ids of the picks.
    public var ids: [String] { [morning?.id, afternoon?.id].compactMap { $0 } }
}

/// One day of the weekend plan: `{date, weather: Day|null, plan}`.
public struct WeekendDay: Codable, Sendable, Equatable {
    /// The day.
    public var date: CivilDate
    /// The forecast, nil when Open-Meteo had none for that day.
    public var weather: DayWeather?
    /// The suggestions.
    public var plan: DayPlan

    /// A day from its parts.
    public init(date: CivilDate, weather: DayWeather?, plan: DayPlan) {
        self.date = date
        self.weather = weather
        self.plan = plan
    }

    enum CodingKeys: String, CodingKey { case date, weather, plan }

    /// Writes `weather: null` when there is no forecast.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(date, forKey: .date)
        try c.encode(weather, forKey: .weather)
        try c.encode(plan, forKey: .plan)
    }
}

/// The weekend plan of a city.
public struct WeekendPlan: Codable, Sendable, Equatable {
    /// Saturday.
    public var saturday: WeekendDay
    /// Sunday.
    public var sunday: WeekendDay

    /// A plan from its two days.
    public init(saturday: WeekendDay, sunday: WeekendDay) {
        self.saturday = saturday
        self.sunday = sunday
    }
}

/// The weekend planner (API notes section 5): a morning and an afternoon idea for Saturday and Sunday, fitting the
/// weather, with the original's shuffle bug fixed and reproducible picks.
public enum WeekendPlanner {
    /// The Saturday and Sunday being planned.
    public struct WeekendDates: Codable, Sendable, Equatable {
        /// Saturday.
        public var saturday: CivilDate
        /// Sunday.
        public var sunday: CivilDate

        /// The weekend starting on `saturday`.
        public init(saturday: CivilDate) {
            self.saturday = saturday
            sunday = saturday.adding(days: 1)
        }
    }

    /// Which weekend a Sunday shows.
    public enum SundayRule: String, Codable, Sendable, CaseIterable {
        /// The weekend that is on: yesterday and today. The default: on a Sunday morning a family wants ideas for
        /// today, not for six days ahead, and Open-Meteo has today's forecast. (Saturday's slot is then yesterday; ask
        /// Open-Meteo with `past_days=1` to have its weather too.)
        case currentWeekend
        /// The original: the next weekend, 6 and 7 days ahead (Sunday's weather is then outside a 7-day forecast).
        case nextWeekend
    }

    /// The weekend for a Swiss date: on Monday–Friday the coming one, on Saturday today and tomorrow, on Sunday per
    /// `sundayRule` (default: yesterday and today).
    public static func weekendDates(today: CivilDate, sundayRule: SundayRule = .currentWeekend) -> WeekendDates {
        switch today.isoWeekday {
        case 7 where sundayRule == .currentWeekend: WeekendDates(saturday: today.adding(days: -1))
        case 7: WeekendDates(saturday: today.adding(days: 6))
        default: WeekendDates(saturday: today.adding(days: 6 - today.isoWeekday))
        }
    }

    /// The weekend for an instant, taking its date in Europe/Zurich.
    public static func weekendDates(at instant: Date, sundayRule: SundayRule = .currentWeekend) -> WeekendDates {
        weekendDates(today: CivilDate(instant), sundayRule: sundayRule)
    }

    /// The seed of a day's picks: the same date, city and shuffle count give the same plan; the "Shuffle" button
    /// increments `shuffle`.
    public static func seed(date: CivilDate, city: String, shuffle: Int = 0) -> UInt64 {
        SeededGenerator.seed("weekend|\(date)|\(city)|\(shuffle)")
    }

    /// Plans both days. Sunday avoids Saturday's picks when at least two other candidates remain.
    public static func plan(
        activities: [Activity], dates: WeekendDates, weather: [CivilDate: DayWeather], city: String, shuffle: Int = 0
    ) -> WeekendPlan {
        let saturdayWeather = weather[dates.saturday]
        let saturday = pick(
            activities: activities, date: dates.saturday, weather: saturdayWeather,
            seed: seed(date: dates.saturday, city: city, shuffle: shuffle))
        let sundayWeather = weather[dates.sunday]
        let sunday = pick(
            activities: activities, date: dates.sunday, weather: sundayWeather, exclude: Set(saturday.ids),
            seed: seed(date: dates.sunday, city: city, shuffle: shuffle))
        return WeekendPlan(
            saturday: WeekendDay(date: dates.saturday, weather: saturdayWeather, plan: saturday),
            sunday: WeekendDay(date: dates.sunday, weather: sundayWeather, plan: sunday))
    }

    /// One day's plan (the original's `pickActivities`, fixed):
    /// 1. candidates are the activities available on `date` (``isAvailable(_:on:)``), stay-home ideas excluded;
    /// 2. `exclude` (Saturday's picks, for Sunday) is dropped when at least two candidates remain;
    /// 3. the candidates are shuffled with `seed` (reproducible);
    /// 4. a bad day (rain code or maximum below 5 °C) keeps indoor candidates only, when there are any; a good day
    ///    moves outdoor candidates first, keeping the shuffled order within each group (the original shuffled after
    ///    sorting and lost this); unknown weather keeps the shuffled order;
    /// 5. morning = the first short candidate (about two hours or less), else the first; afternoon = the first longer
    ///    candidate that is not the morning's, else any other.
    public static func pick(
        activities: [Activity], date: CivilDate, weather: DayWeather?, exclude: Set<String> = [], seed: UInt64
    ) -> DayPlan {
        var candidates = activities.filter { $0.category != .stayhome && isAvailable($0, on: date) }
        let remaining = candidates.filter { !exclude.contains($0.id) }
        if remaining.count >= 2 { candidates = remaining }
        var generator = SeededGenerator(seed: seed)
        candidates = generator.shuffled(candidates)
        if let weather {
            if weather.isBad {
                let indoor = candidates.filter(\.indoor)
                if !indoor.isEmpty { candidates = indoor }
            } else {
                candidates = candidates.filter { !$0.indoor } + candidates.filter(\.indoor)
            }
        }
        let morning = candidates.first { isShort($0.duration) } ?? candidates.first
        let afternoon =
            candidates.first { !isShort($0.duration) && $0.id != morning?.id }
            ?? candidates.first { $0.id != morning?.id }
        return DayPlan(morning: morning, afternoon: afternoon)
    }

    // MARK: Availability

    /// Whether an activity can be done on `date`:
    /// - `recurring` text, English or German, decides the weekdays: "weekend(s)"/"Wochenende" → Saturday and Sunday;
    ///   "various", "daily", "täglich", "every day" … → every day; "weekdays"/"werktags" → Monday–Friday; day names
    ///   ("Sat", "Saturday", "Sa", "Samstag", "samstags" …) and ranges ("Tue-Fri", "Di–Fr", "Mo bis Fr") → those days.
    ///   A text that names no day at all does not restrict the days (the original refused it).
    /// - `availableMonths` must contain the month whenever present (the original ignored it for recurring items), and
    ///   without it a `season` must contain the month.
    public static func isAvailable(_ activity: Activity, on date: CivilDate) -> Bool {
        if let months = activity.availableMonths, !months.isEmpty {
            guard months.contains(date.month) else { return false }
        } else if let seasonText = activity.season, let season = SwissSeason(text: seasonText) {
            guard season.months.contains(date.month) else { return false }
        }
        guard let text = activity.recurring, let days = weekdays(in: text) else { return true }
        return days.contains(date.isoWeekday)
    }

    /// The ISO weekdays (1 = Monday) a `recurring` text names, nil when it names none (no restriction).
    public static func weekdays(in text: String) -> Set<Int>? {
        let lower = text.lowercased()
        if lower.contains("week-end") || lower.contains("week end") { return [6, 7] }
        let tokens = tokenize(lower)
        var days: Set<Int> = []
        var named = false
        var i = 0
        while i < tokens.count {
            let token = tokens[i]
            if case .word(let word) = token {
                if everyDayWords.contains(word) || (word == "every" && tokens.nextWord(after: i) == "day")
                    || (word == "jeden" && tokens.nextWord(after: i) == "tag")
                {
                    return Set(1...7)
                }
                if weekendWords.contains(word) {
                    days.formUnion([6, 7])
                    named = true
                } else if workdayWords.contains(word) {
                    days.formUnion(1...5)
                    named = true
                } else if let day = dayNames[word] {
                    named = true
                    if let (end, next) = tokens.rangeEnd(after: i) {
                        days.formUnion(range(from: day, to: end))
                        i = next
                        continue
                    }
                    days.insert(day)
                }
            }
            i += 1
        }
        return named ? days : nil
    }

    /// The days from `start` to `end`, wrapping past Sunday ("Fri-Mon").
    static func range(from start: Int, to end: Int) -> Set<Int> {
        var days: Set<Int> = [start]
        var day = start
        while day != end {
            day = day % 7 + 1
            days.insert(day)
        }
        return days
    }

    static let everyDayWords: Set<String> = [
        "various", "daily", "everyday", "täglich", "taeglich", "verschiedene", "verschiedenen", "diverse",
        "jederzeit", "anytime",
    ]
    static let weekendWords: Set<String> = ["weekend", "weekends", "wochenende", "wochenenden", "wochenendes"]
    static let workdayWords: Set<String> = [
        "weekday", "weekdays", "werktags", "werktage", "wochentags", "wochentage", "workdays",
    ]
    static let dayNames: [String: Int] = {
        let names: [(Int, [String])] = [
            (1, ["mon", "monday", "mondays", "mo", "montag", "montags"]),
            (2, ["tue", "tues", "tuesday", "tuesdays", "di", "dienstag", "dienstags"]),
            (3, ["wed", "weds", "wednesday", "wednesdays", "mi", "mittwoch", "mittwochs"]),
            (4, ["thu", "thur", "thurs", "thursday", "thursdays", "do", "donnerstag", "donnerstags"]),
            (5, ["fri", "friday", "fridays", "fr", "freitag", "freitags"]),
            (6, ["sat", "saturday", "saturdays", "sa", "samstag", "samstags", "sonnabend"]),
            (7, ["sun", "sunday", "sundays", "so", "sonntag", "sonntags"]),
        ]
        var table: [String: Int] = [:]
        for (day, words) in names { for word in words { table[word] = day } }
        return table
    }()

    enum Token: Equatable {
        case word(String)
        case separator(String)
    }

    /// Letter runs and what lies between them.
    static func tokenize(_ text: String) -> [Token] {
        var tokens: [Token] = []
        var current = ""
        var currentIsWord = false
        for char in text {
            let isWord = char.isLetter
            if !current.isEmpty && isWord != currentIsWord {
                tokens.append(currentIsWord ? .word(current) : .separator(current))
                current = ""
            }
            current.append(char)
            currentIsWord = isWord
        }
        if !current.isEmpty { tokens.append(currentIsWord ? .word(current) : .separator(current)) }
        return tokens
    }

    // MARK: Durations

    /// A short activity for the morning: at most about two hours ("30 min", "1 hour", "1-2 hours", "90 Minuten",
    /// "1 Stunde"). "Half day", "2-3 hours" and texts without a duration are not short.
    public static func isShort(_ duration: String) -> Bool {
        guard let minutes = longestMinutes(duration) else { return false }
        return minutes <= 120
    }

    /// The upper end of a duration text in minutes ("1-2 hours" → 120, "Half day" → 240), nil when unreadable.
    public static func longestMinutes(_ duration: String) -> Int? {
        let text = duration.lowercased()
        if text.contains("half") || text.contains("halb") { return 240 }
        if ["full day", "all day", "whole day", "ganz"].contains(where: text.contains) { return 480 }
        var numbers: [Double] = []
        var current = ""
        for char in text {
            if char.isNumber || ((char == "." || char == ",") && !current.isEmpty) {
                current.append(char == "," ? "." : char)
            } else {
                if let value = Double(current) { numbers.append(value) }
                current = ""
            }
        }
        if let value = Double(current) { numbers.append(value) }
        guard let longest = numbers.max(), let first = numbers.first, let last = numbers.last else { return nil }
        let hours = text.contains("h") || text.contains("std") || text.contains("stund")
        let minutes = text.contains("min")
        switch (hours, minutes) {
        case (true, true) where numbers.count >= 2: return jsRoundInt(first * 60 + last)
        case (_, true): return jsRoundInt(longest)
        case (true, false): return jsRoundInt(longest * 60)
        default: return nil
        }
    }
}

extension [WeekendPlanner.Token] {
    /// The word after the separator that follows index `i`, if any.
    fileprivate func nextWord(after i: Int) -> String? {
        var j = i + 1
        while j < count {
            if case .word(let word) = self[j] { return word }
            guard case .separator(let sep) = self[j], sep.trimmingCharacters(in: .whitespaces).isEmpty else {
                return nil
            }
            j += 1
        }
        return nil
    }

    /// When the day at `i` starts a range ("tue-fri", "di – fr", "mo bis fr", "mon to fri"), its last day and the index
    /// after it.
    fileprivate func rangeEnd(after i: Int) -> (Int, Int)? {
        guard i + 2 < count, case .separator(let sep) = self[i + 1] else { return nil }
        let dash = sep.trimmingCharacters(in: .whitespaces)
        if ["-", "–", "—"].contains(dash), case .word(let word) = self[i + 2],
            let end = WeekendPlanner.dayNames[word]
        {
            return (end, i + 3)
        }
        guard dash.isEmpty, case .word(let connector) = self[i + 2],
            ["to", "bis", "through", "until"].contains(connector),
            i + 4 < count, case .separator(let gap) = self[i + 3], gap.trimmingCharacters(in: .whitespaces).isEmpty,
            case .word(let word) = self[i + 4], let end = WeekendPlanner.dayNames[word]
        else { return nil }
        return (end, i + 5)
    }
}
