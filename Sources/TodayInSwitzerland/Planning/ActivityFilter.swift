import Foundation

/// An activity in a filtered list, with its distance from the user when known.
public struct ActivityResult: Codable, Sendable, Equatable {
    /// The activity.
    public var activity: Activity
    /// Kilometres from the user's location, nil without a location or coordinates.
    public var distanceKm: Double?

    /// A result from its parts.
    public init(activity: Activity, distanceKm: Double? = nil) {
        self.activity = activity
        self.distanceKm = distanceKm
    }
}

/// The activities page's filter bar and age control (app spec, phase 2): All, Near Me, Indoor, Outdoor, Free, Saved,
/// Seasonal, Stay Home; ages All / 2-3 / 4-5.
public struct ActivityFilter: Sendable, Equatable {
    /// The filter bar.
    public enum Kind: Sendable, Equatable {
        /// Everything except stay-home ideas.
        case all
        /// Places within `radiusKm` of `point`, nearest first.
        case nearMe(GeoPoint, radiusKm: Double)
        /// Indoor places.
        case indoor
        /// Outdoor places.
        case outdoor
        /// Free places (``ActivityFilter/isFree(_:)``).
        case free
        /// The user's saved ids (stay-home ideas included).
        case saved(Set<String>)
        /// Seasonal things available this month.
        case seasonal
        /// Ideas for home.
        case stayHome
    }

    /// The age control.
    public enum AgeBand: String, Codable, Sendable, CaseIterable {
        /// Every age.
        case all
        /// Two and three year olds.
        case twoToThree = "2-3"
        /// Four and five year olds.
        case fourToFive = "4-5"

        /// The ages of the band, nil for all.
        public var ages: ClosedRange<Int>? {
            switch self {
            case .all: nil
            case .twoToThree: 2...3
            case .fourToFive: 4...5
            }
        }
    }

    /// The filter bar's choice.
    public var kind: Kind
    /// The age control's choice.
    public var ages: AgeBand
    /// The user's location, for distance badges under any filter.
    public var location: GeoPoint?

    /// A filter; by default everything for every age.
    public init(kind: Kind = .all, ages: AgeBand = .all, location: GeoPoint? = nil) {
        self.kind = kind
        self.ages = ages
        self.location = location
    }

    /// The activities this filter shows on `date`, ordered: nearest first for Near Me, otherwise indoor first when the
    /// weather is bad (stable), otherwise as given. Things out of season on `date` (``isInSeason(_:month:)``) are never
    /// shown.
    public func apply(
        to activities: [Activity], on date: CivilDate, weather: WeatherCondition? = nil
    )
        -> [ActivityResult]
    {
        let shown = activities.filter { activity in
            guard Self.isInSeason(activity, month: date.month), Self.suits(activity, ages) else { return false }
            let home = activity.category == .stayhome
            switch kind {
            case .all: return !home
            case .nearMe(let point, let radius):
                guard !home, let place = Self.point(of: activity) else { return false }
                return place.kilometres(to: point) <= radius
            case .indoor: return !home && activity.indoor
            case .outdoor: return !home && !activity.indoor
            case .free: return !home && Self.isFree(activity)
            case .saved(let ids): return ids.contains(activity.id)
            case .seasonal: return !home && Self.isSeasonal(activity)
            case .stayHome: return home
            }
        }
        if case .nearMe(let point, _) = kind {
            return
                shown
                .map { ActivityResult(activity: $0, distanceKm: Self.point(of: $0)?.kilometres(to: point)) }
                .stableSorted { ($0.distanceKm ?? .infinity) < ($1.distanceKm ?? .infinity) }
        }
        return Self.ordered(shown, weather: weather).map { activity in
            ActivityResult(
                activity: activity,
                distanceKm: location.flatMap { here in Self.point(of: activity)?.kilometres(to: here) }
            )
        }
    }

    // MARK: Rules

    /// The original's order: indoor first when the weather is bad (rain code or below 5 °C), keeping the order within
    /// each group; otherwise unchanged.
    public static func ordered(_ activities: [Activity], weather: WeatherCondition?) -> [Activity] {
        guard weather?.isBad == true else { return activities }
        return activities.filter(\.indoor) + activities.filter { !$0.indoor }
    }

    /// Free: the `free` flag, or a price (English or German) starting with "free", "gratis", "kostenlos" or
    /// "kostenfrei" (any case).
    public static func isFree(_ activity: Activity) -> Bool {
        if activity.free == true { return true }
        return [activity.price, activity.priceDE].contains { price in
            guard let text = price?.trimmingCharacters(in: .whitespaces).lowercased() else { return false }
            return ["free", "gratis", "kostenlos", "kostenfrei"].contains { text.hasPrefix($0) }
        }
    }

    /// The activities with `free: true` set where ``isFree(_:)`` says so (the API does this before sending).
    public static func withFreeFlags(_ activities: [Activity]) -> [Activity] {
        activities.map { activity in
            var copy = activity
            if isFree(activity) { copy.free = true }
            return copy
        }
    }

    /// The ages an activity suits: `minAge`/`maxAge` when given, else read from `ageRange` ("2-5 years", "3+ years",
    /// "ab 3 Jahren", "0–6 Jahre"); nil when unknown (then it suits everyone).
    public static func ageRange(of activity: Activity) -> ClosedRange<Int>? {
        if activity.minAge != nil || activity.maxAge != nil {
            let low = max(0, activity.minAge ?? 0)
            let high = max(low, activity.maxAge ?? 99)
            return low...high
        }
        return parseAges(activity.ageRange)
    }

    /// Reads an age text; nil for "All ages" and texts without numbers.
    public static func parseAges(_ text: String) -> ClosedRange<Int>? {
        let lower = text.lowercased()
        var numbers: [Int] = []
        var current = ""
        for char in lower {
            if char.isASCII && char.isNumber {
                current.append(char)
            } else {
                if let value = Int(current) { numbers.append(value) }
                current = ""
            }
        }
        if let value = Int(current) { numbers.append(value) }
        numbers = numbers.map { min($0, 99) }
        let inMonths = lower.contains("month") || lower.contains("monat")
        if inMonths { numbers = numbers.map { $0 / 12 } }
        guard let first = numbers.first else { return nil }
        if numbers.count >= 2, let second = numbers.dropFirst().first {
            return min(first, second)...max(first, second)
        }
        if lower.contains("+") || lower.contains("ab ") || lower.contains("from") || lower.contains("and up")
            || lower.contains("und älter")
        {
            return first...99
        }
        if lower.contains("under") || lower.contains("unter") || lower.contains("bis ") || lower.contains("up to") {
            return 0...first
        }
        return first...first
    }

    /// Whether an activity suits an age band (its ages overlap the band's; unknown ages suit every band).
    public static func suits(_ activity: Activity, _ band: AgeBand) -> Bool {
        guard let wanted = band.ages, let ages = ageRange(of: activity) else { return true }
        return ages.overlaps(wanted)
    }

    /// In season in `month`: `availableMonths` contains it when given, else `season` (when readable) covers it.
    /// Activities with neither are always in season.
    public static func isInSeason(_ activity: Activity, month: Int) -> Bool {
        if let months = activity.availableMonths, !months.isEmpty { return months.contains(month) }
        if let text = activity.season, let season = SwissSeason(text: text) { return season.months.contains(month) }
        return true
    }

    /// Seasonal: the seasonal category, or a season or month list.
    public static func isSeasonal(_ activity: Activity) -> Bool {
        activity.category == .seasonal || !(activity.availableMonths ?? []).isEmpty
            || activity.season.flatMap(SwissSeason.init(text:)) != nil
    }

    static func point(of activity: Activity) -> GeoPoint? {
        guard let lat = activity.lat, let lon = activity.lon, lat.isFinite, lon.isFinite else { return nil }
        return GeoPoint(lat: lat, lon: lon)
    }

    // MARK: Surprise me

    /// A "Surprise me" suggestion with the reason, in English and German.
    public struct SurprisePick: Codable, Sendable, Equatable {
        /// The activity.
        public var activity: Activity
        /// Why it fits today, e.g. "It's raining — Zoo Zürich is indoors."
        public var reason: LocalizedText

        /// A pick from its parts.
        public init(activity: Activity, reason: LocalizedText) {
            self.activity = activity
            self.reason = reason
        }
    }

    /// One weather-appropriate activity available on `date`, chosen with `seed` (the same seed gives the same pick):
    /// - bad weather (rain code or below 5 °C): an indoor place; without one, a stay-home idea only when the weather is
    ///   awful (``WeatherCondition/isAwful``), otherwise an outdoor place with a hint to dress for it;
    /// - good weather: an outdoor place, or an indoor one when there is none;
    /// - unknown weather: any place.
    ///
    /// Stay-home ideas are only suggested when the weather is awful and nothing indoor exists, or when there are no
    /// places at all. Nil when there is nothing to suggest.
    public static func surpriseMe(
        activities: [Activity], weather: WeatherCondition?, date: CivilDate, seed: UInt64
    ) -> SurprisePick? {
        let places = activities.filter { $0.category != .stayhome && WeekendPlanner.isAvailable($0, on: date) }
        let home = activities.filter { $0.category == .stayhome && isInSeason($0, month: date.month) }
        let indoor = places.filter(\.indoor)
        let outdoor = places.filter { !$0.indoor }
        var generator = SeededGenerator(seed: seed)
        func choose(_ pool: [Activity]) -> Activity? {
            pool.isEmpty ? nil : pool[generator.index(below: pool.count)]
        }

        guard let weather else {
            if let pick = choose(places) { return SurprisePick(activity: pick, reason: Reason.anyDay(pick)) }
            return choose(home).map { SurprisePick(activity: $0, reason: Reason.anyDay($0)) }
        }
        if weather.isBad {
            if let pick = choose(indoor) { return SurprisePick(activity: pick, reason: Reason.indoor(pick, weather)) }
            if weather.isAwful, let pick = choose(home) {
                return SurprisePick(activity: pick, reason: Reason.stayHome(pick))
            }
            if let pick = choose(outdoor) {
                return SurprisePick(activity: pick, reason: Reason.outdoorAnyway(pick, weather))
            }
            return choose(home).map { SurprisePick(activity: $0, reason: Reason.stayHome($0)) }
        }
        if let pick = choose(outdoor) { return SurprisePick(activity: pick, reason: Reason.outdoor(pick, weather)) }
        if let pick = choose(indoor) { return SurprisePick(activity: pick, reason: Reason.anyDay(pick)) }
        return choose(home).map { SurprisePick(activity: $0, reason: Reason.anyDay($0)) }
    }

    /// The reason texts of "Surprise me".
    enum Reason {
        static func degrees(_ weather: WeatherCondition) -> Int { jsRoundInt(weather.temperature) }

        static func indoor(_ a: Activity, _ weather: WeatherCondition) -> LocalizedText {
            if weather.isRainy {
                return LocalizedText(
                    en: "It's raining — \(a.name) is indoors.", de: "Es regnet — \(a.nameDE) ist drinnen.")
            }
            if weather.isSnowy {
                return LocalizedText(
                    en: "It's snowing — \(a.name) is indoors and warm.",
                    de: "Es schneit — \(a.nameDE) ist drinnen und warm.")
            }
            let t = degrees(weather)
            return LocalizedText(
                en: "Only \(t)°C outside — \(a.name) is indoors and warm.",
                de: "Nur \(t) °C draussen — \(a.nameDE) ist drinnen und warm.")
        }

        static func stayHome(_ a: Activity) -> LocalizedText {
            LocalizedText(
                en: "The weather is awful — a day to stay in: \(a.name).",
                de: "Das Wetter ist garstig — ein Tag für zu Hause: \(a.nameDE).")
        }

        static func outdoorAnyway(_ a: Activity, _ weather: WeatherCondition) -> LocalizedText {
            if weather.isRainy {
                return LocalizedText(
                    en: "It's raining, but \(a.name) is worth it in rain gear.",
                    de: "Es regnet, aber mit Regenkleidern lohnt sich \(a.nameDE).")
            }
            let t = degrees(weather)
            return LocalizedText(
                en: "Only \(t)°C — wrap up warm for \(a.name).",
                de: "Nur \(t) °C — zieht euch warm an für \(a.nameDE).")
        }

        static func outdoor(_ a: Activity, _ weather: WeatherCondition) -> LocalizedText {
            let t = degrees(weather)
            if weather.isSnowy {
                return LocalizedText(
                    en: "Snowflakes and \(t)°C — dress warmly for \(a.name).",
                    de: "Schneeflocken bei \(t) °C — zieht euch warm an für \(a.nameDE).")
            }
            if (0...1).contains(weather.weatherCode) {
                return LocalizedText(
                    en: "Sunny and \(t)°C — a great day for \(a.name).",
                    de: "Sonnig bei \(t) °C — ein guter Tag für \(a.nameDE).")
            }
            return LocalizedText(
                en: "Dry and \(t)°C — a good day to be out at \(a.name).",
                de: "Trocken bei \(t) °C — ein guter Tag für draussen: \(a.nameDE).")
        }

        static func anyDay(_ a: Activity) -> LocalizedText {
            LocalizedText(en: "How about \(a.name) today?", de: "Wie wäre es heute mit \(a.nameDE)?")
        }
    }
}
