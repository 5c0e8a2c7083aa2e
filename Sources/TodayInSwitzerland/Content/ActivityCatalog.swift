import Foundation

/// Why the bundled activities or events could not be loaded.
public enum ActivityCatalogError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A resource file is not in the bundle (a packaging mistake).
    case missingResource(String)
    /// A resource file could not be read.
    case unreadable(String, reason: String)
    /// A resource file is not the JSON the library expects.
    case corrupt(String, reason: String)

    /// What went wrong and what to do about it, for a log or an error page.
    public var description: String {
        switch self {
        case .missingResource(let file):
            "The bundled file \(file) is missing from the TodayInSwitzerland library; reinstall or rebuild it."
        case .unreadable(let file, let reason):
            "The bundled file \(file) could not be read (\(reason)); check the installation."
        case .corrupt(let file, let reason):
            "The file \(file) is not valid activity or event data (\(reason)); fix the entry or rebuild the library."
        }
    }
}

/// The family activities (curated per city, seasonal, stay-home) and the dated city events that ship with the
/// library in `activities.json` and `events.json`, in the original worker's JSON shapes.
public struct ActivityCatalog: Sendable, Equatable {
    /// Every activity in stored order: curated city items, seasonal items and stay-home ideas.
    public var activities: [Activity]
    /// Every dated event of every city.
    public var events: [CityEvent]

    /// A catalogue of `activities` and `events` (e.g. a bundled copy with an item changed).
    public init(activities: [Activity], events: [CityEvent]) {
        self.activities = activities
        self.events = events
    }

    // MARK: Loading

    /// The catalogue shipped with the library.
    /// - Throws: ``ActivityCatalogError`` when a file is missing or not valid JSON of the expected shape.
    public static func load() throws(ActivityCatalogError) -> ActivityCatalog {
        try decode(activities: bundledData("activities"), events: bundledData("events"))
    }

    /// The shipped catalogue, loaded once per process (the files never change at run time).
    public static let bundled: Result<ActivityCatalog, ActivityCatalogError> = {
        do throws(ActivityCatalogError) {
            return .success(try load())
        } catch {
            return .failure(error)
        }
    }()

    /// A catalogue from JSON data: an array of ``Activity`` and an array of ``CityEvent``.
    /// - Throws: ``ActivityCatalogError/corrupt(_:reason:)`` naming the file and the path of the bad value.
    public static func decode(activities: Data, events: Data) throws(ActivityCatalogError) -> ActivityCatalog {
        ActivityCatalog(activities: try decodeActivities(activities), events: try decodeEvents(events))
    }

    /// Activities from JSON data (an array of ``Activity``), e.g. a custom list kept by a server.
    public static func decodeActivities(_ data: Data) throws(ActivityCatalogError) -> [Activity] {
        try decode([Activity].self, from: data, file: "activities.json")
    }

    /// Events from JSON data (an array of ``CityEvent``).
    public static func decodeEvents(_ data: Data) throws(ActivityCatalogError) -> [CityEvent] {
        try decode([CityEvent].self, from: data, file: "events.json")
    }

    /// The raw bytes of a bundled JSON resource (`activities` or `events`).
    static func bundledData(_ file: String) throws(ActivityCatalogError) -> Data {
        // `.copy("Resources")` keeps the folder, so the files sit in a `Resources` subdirectory of the bundle.
        guard
            let url = Bundle.module.url(forResource: file, withExtension: "json", subdirectory: "Resources")
                ?? Bundle.module.url(forResource: file, withExtension: "json")
        else { throw .missingResource("\(file).json") }
        do {
            return try Data(contentsOf: url)
        } catch {
            throw .unreadable("\(file).json", reason: error.localizedDescription)
        }
    }

    private static func decode<T: Decodable>(
        _ type: T.Type, from data: Data, file: String
    )
        throws(ActivityCatalogError) -> T
    {
        do {
            return try JSONDecoder().decode(type, from: data)
        } catch let error as DecodingError {
            throw .corrupt(file, reason: error.readableDescription)
        } catch {
            throw .corrupt(file, reason: String(describing: error))
        }
    }

    // MARK: Queries

    /// The curated list of the city with id `city` (no seasonal or stay-home items), in stored order; empty for an
    /// unknown id (the caller decides on a fallback city).
    public func activities(city: String) -> [Activity] {
        activities.filter { $0.city == city && $0.category != .seasonal && $0.category != .stayhome }
    }

    /// Every seasonal item of every city (category `seasonal`, with `season` and `availableMonths`).
    public var seasonal: [Activity] { activities.filter { $0.category == .seasonal } }

    /// The seasonal items of the city with id `city`.
    public func seasonal(city: String) -> [Activity] { seasonal.filter { $0.city == city } }

    /// The stay-home ideas (no city, no place, no price).
    public var stayHome: [Activity] { activities.filter { $0.category == .stayhome } }

    /// The activity with `id`, nil when there is none.
    public func activity(id: String) -> Activity? { activities.first { $0.id == id } }

    /// The events of the city with id `city`, by start date (then id).
    public func events(city: String) -> [CityEvent] {
        events.filter { $0.city == city }.sorted { ($0.startDate, $0.id) < ($1.startDate, $1.id) }
    }

    /// The events of the city with id `city` that take place on at least one day from `start` to `end` (inclusive),
    /// by start date.
    public func events(city: String, from start: CivilDate, to end: CivilDate) -> [CityEvent] {
        events(city: city).filter { $0.startDate <= end && $0.endDate >= start }
    }

    // MARK: Validation

    /// How far a city item may lie from its city's centre (``City/location``), in kilometres.
    public static let maximumKilometresFromCity = 25.0
    /// The longest plausible event, in days (catches a mistyped year).
    public static let maximumEventDays = 92
    /// The duration texts the planners understand.
    public static let durations: Set<String> = ["30 min", "1 hour", "1-2 hours", "2-3 hours", "Half day"]
    /// The stay-home subcategories.
    public static let stayHomeSubcategories: Set<String> = ["sensory", "art", "active", "pretend", "kitchen"]

    /// Everything wrong with the catalogue, one readable line per problem naming the item; empty when it is clean.
    ///
    /// Checks: ids unique and kebab-case, prefixed by their city (`home-` for stay-home items); city items in a known
    /// city with coordinates within ``maximumKilometresFromCity`` of its centre; stay-home items without city,
    /// coordinates, price or url but with a subcategory and materials in both languages; English and German texts
    /// non-empty; months 1–12; minAge ≤ maxAge and matching `ageRange`; seasons that contain one of the months;
    /// `free` consistent with the price; known durations; https urls; events with startDate ≤ endDate.
    public func validate() -> [String] {
        var problems: [String] = []
        var seen: Set<String> = []
        for activity in activities {
            if !seen.insert(activity.id).inserted { problems.append("activity \(activity.id): duplicate id") }
            problems += Self.problems(of: activity)
        }
        seen = []
        for event in events {
            if !seen.insert(event.id).inserted { problems.append("event \(event.id): duplicate id") }
            problems += Self.problems(of: event)
        }
        return problems
    }

    static func problems(of activity: Activity) -> [String] {
        var problems: [String] = []
        func report(_ text: String) { problems.append("activity \(activity.id): \(text)") }

        if !isKebabCase(activity.id) { report("id must be lowercase words joined by hyphens") }
        for (key, value) in [
            ("name", activity.name), ("nameDE", activity.nameDE), ("description", activity.description),
            ("descriptionDE", activity.descriptionDE), ("ageRange", activity.ageRange), ("duration", activity.duration),
        ] where isBlank(value) {
            report("\(key) is empty")
        }
        if !durations.contains(activity.duration) {
            report("duration \"\(activity.duration)\" is not one of \(durations.sorted().joined(separator: ", "))")
        }

        if activity.category == .stayhome {
            if activity.city != nil { report("stay-home items have no city") }
            if !activity.id.hasPrefix("home-") { report("stay-home ids start with \"home-\"") }
            if activity.lat != nil || activity.lon != nil { report("stay-home items have no coordinates") }
            if activity.price != nil || activity.priceDE != nil { report("stay-home items have no price") }
            if activity.url != nil { report("stay-home items have no url") }
            if !stayHomeSubcategories.contains(activity.subcategory ?? "") {
                report("subcategory must be one of \(stayHomeSubcategories.sorted().joined(separator: ", "))")
            }
            if isBlank(activity.materials ?? "") { report("materials is empty") }
            if isBlank(activity.materialsDE ?? "") { report("materialsDE is empty") }
        } else {
            problems += placeProblems(of: activity)
            if activity.subcategory != nil || activity.materials != nil || activity.materialsDE != nil {
                report("only stay-home items have a subcategory or materials")
            }
        }

        if let months = activity.availableMonths {
            if months.isEmpty { report("availableMonths is empty (leave it out instead)") }
            if let bad = months.first(where: { !(1...12).contains($0) }) { report("month \(bad) is not 1–12") }
            if Set(months).count != months.count { report("availableMonths repeats a month") }
        }
        if let season = activity.season {
            if let seasonMonths = Self.months(ofSeason: season) {
                if let months = activity.availableMonths, seasonMonths.isDisjoint(with: months) {
                    report("season \(season) contains none of the months \(months), so it would never show")
                }
            } else {
                report("season \"\(season)\" is not spring, summer, autumn or winter")
            }
        }
        if activity.category == .seasonal && (activity.season == nil || activity.availableMonths == nil) {
            report("seasonal items need a season and availableMonths")
        }

        if let min = activity.minAge, let max = activity.maxAge, min > max {
            report("minAge \(min) is greater than maxAge \(max)")
        }
        if let min = activity.minAge, !(0...18).contains(min) { report("minAge \(min) is not a child's age") }
        if let max = activity.maxAge, !(0...18).contains(max) { report("maxAge \(max) is not a child's age") }
        let stated = integers(in: activity.ageRange)
        if stated.count == 2, let min = activity.minAge, let max = activity.maxAge, stated != [min, max] {
            report("ageRange \"\(activity.ageRange)\" disagrees with minAge \(min) and maxAge \(max)")
        }

        let englishFree = activity.price.map(Self.priceSaysFree) ?? false
        let germanFree = activity.priceDE.map(Self.priceSaysFree) ?? false
        if englishFree != germanFree, activity.price != nil, activity.priceDE != nil {
            report("price and priceDE disagree about being free")
        }
        if (englishFree || germanFree) && activity.free != true { report("price says free, so free must be true") }
        if activity.free == true, let price = activity.price, !englishFree {
            report("free is true but the price \"\(price)\" does not start with Free/Gratis")
        }
        if let url = activity.url, !isWebAddress(url) { report("url \"\(url)\" is not an https address") }
        if let recurring = activity.recurring, isBlank(recurring) { report("recurring is empty") }
        return problems
    }

    private static func placeProblems(of activity: Activity) -> [String] {
        var problems: [String] = []
        func report(_ text: String) { problems.append("activity \(activity.id): \(text)") }
        guard let cityID = activity.city, let city = City.find(cityID) else {
            report("city \(activity.city.map { "\"\($0)\"" } ?? "null") is not one of the seven cities")
            return problems
        }
        if !activity.id.hasPrefix("\(city.id)-") { report("id must start with \"\(city.id)-\"") }
        if let lat = activity.lat, let lon = activity.lon, lat.isFinite, lon.isFinite {
            let distance = GeoPoint(lat: lat, lon: lon).kilometres(to: city.location)
            if !(distance <= maximumKilometresFromCity) {
                report(
                    "coordinates \(lat), \(lon) are \(Int(distance.rounded())) km from \(city.name); "
                        + "expected within \(Int(maximumKilometresFromCity)) km")
            }
        } else {
            report("a place needs finite lat and lon")
        }
        switch (activity.price, activity.priceDE) {
        case (nil, nil): report("price and priceDE are missing")
        case (let en?, let de?):
            if isBlank(en) { report("price is empty") }
            if isBlank(de) { report("priceDE is empty") }
        default: report("price and priceDE must both be given")
        }
        return problems
    }

    static func problems(of event: CityEvent) -> [String] {
        var problems: [String] = []
        func report(_ text: String) { problems.append("event \(event.id): \(text)") }
        if !isKebabCase(event.id) { report("id must be lowercase words joined by hyphens") }
        if City.find(event.city) == nil {
            report("city \"\(event.city)\" is not one of the seven cities")
        } else if !event.id.hasPrefix("\(event.city)-") {
            report("id must start with \"\(event.city)-\"")
        }
        for (key, value) in [
            ("name", event.name), ("nameDE", event.nameDE), ("description", event.description),
            ("descriptionDE", event.descriptionDE),
        ] where isBlank(value) {
            report("\(key) is empty")
        }
        if event.startDate > event.endDate {
            report("startDate \(event.startDate) is after endDate \(event.endDate)")
        } else if event.startDate.days(to: event.endDate) >= maximumEventDays {
            report("lasts \(event.startDate.days(to: event.endDate) + 1) days; check the dates")
        }
        if !event.url.isEmpty && !isWebAddress(event.url) { report("url \"\(event.url)\" is not an https address") }
        return problems
    }

    /// Whether a price text means free: it starts with "free" or "gratis" (the original's rule) or, in German,
    /// "kostenlos"/"kostenfrei" (any case).
    public static func priceSaysFree(_ price: String) -> Bool {
        let text = price.trimmingCharacters(in: .whitespaces).lowercased()
        return ["free", "gratis", "kostenlos", "kostenfrei"].contains { text.hasPrefix($0) }
    }

    private static func months(ofSeason text: String) -> Set<Int>? {
        switch text {
        case "spring": [3, 4, 5]
        case "summer": [6, 7, 8]
        case "autumn": [9, 10, 11]
        case "winter": [12, 1, 2]
        default: nil
        }
    }

    private static func isKebabCase(_ id: String) -> Bool {
        let words = id.split(separator: "-", omittingEmptySubsequences: false)
        return !id.isEmpty
            && words.allSatisfy { word in
                !word.isEmpty && word.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) }
            }
    }

    private static func isBlank(_ text: String) -> Bool { text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty }

    private static func isWebAddress(_ text: String) -> Bool {
        guard text.hasPrefix("https://"), let url = URL(string: text), let host = url.host else { return false }
        return host.contains(".")
    }

    private static func integers(in text: String) -> [Int] {
        text.split { !$0.isNumber }.compactMap { Int($0) }
    }
}
