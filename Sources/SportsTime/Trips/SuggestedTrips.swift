import Foundation

/// A ready-made trip to show on the home page: "3 ballparks in 4 days from Boston".
public struct TripSuggestion: Codable, Sendable, Equatable, Identifiable {
    /// Stable id: first day, length and venues, e.g. `2025-06-05-4d-fenway-yankee`.
    public var id: String
    /// "3 ballparks in 4 days from Boston".
    public var title: String
    /// The first day of the trip.
    public var startDate: LocalDate
    /// The last day of the trip.
    public var endDate: LocalDate
    /// Distinct venues with a game.
    public var venueCount: Int
    /// Leagues of the trip's games, in league order.
    public var leagues: [League]
    /// The planned trip.
    public var option: ItineraryOption

    /// A suggestion.
    public init(
        id: String, title: String, startDate: LocalDate, endDate: LocalDate, venueCount: Int, leagues: [League],
        option: ItineraryOption
    ) {
        self.id = id
        self.title = title
        self.startDate = startDate
        self.endDate = endDate
        self.venueCount = venueCount
        self.leagues = leagues
        self.option = option
    }
}

/// Suggests short round trips from a fan's home for a month: weekend-ish windows of 3–5 days starting on a Thursday,
/// Friday or Saturday, planned by the ``TripPlanningEngine`` in date-range mode with the origin as start and end.
///
/// Bounded and deterministic: windows are first ranked without the engine (how many venues with games lie within a
/// round trip's driving of the origin), then at most ``maxEngineCalls`` of them are planned: the best window of each
/// length, then one per start day, then the rest. Trips with fewer than two venues are dropped. Suggestions differ:
/// no two visit the same set of venues, and two on overlapping dates share at most half their venues; when that
/// leaves room, a trip on dates no other suggestion overlaps fills it. Best first: more venues, then fewer days, then
/// the engine's score, then the earlier date.
public struct SuggestedTrips: Sendable {
    /// The engine that plans each window.
    public var engine: TripPlanningEngine
    /// The most engine calls per request.
    public var maxEngineCalls: Int
    /// The most suggestions returned.
    public var maxSuggestions: Int
    /// Window lengths tried, in days.
    public var windowLengths: ClosedRange<Int>
    /// ISO weekdays a window may start on (4 = Thursday, 5 = Friday, 6 = Saturday).
    public var startWeekdays: Set<Int>
    /// How busy the trips are.
    public var leisure: LeisureLevel

    /// A generator; the defaults give up to 3 suggestions from at most 10 engine calls.
    public init(
        engine: TripPlanningEngine = TripPlanningEngine(), maxEngineCalls: Int = 10, maxSuggestions: Int = 3,
        windowLengths: ClosedRange<Int> = 3...5, startWeekdays: Set<Int> = [4, 5, 6], leisure: LeisureLevel = .moderate
    ) {
        self.engine = engine
        self.maxEngineCalls = max(0, maxEngineCalls)
        self.maxSuggestions = max(0, maxSuggestions)
        self.windowLengths = max(1, windowLengths.lowerBound)...max(1, windowLengths.upperBound)
        self.startWeekdays = startWeekdays
        self.leisure = leisure
    }

    /// A window the engine may be asked to plan, with its pre-ranking.
    struct Window: Equatable {
        var start: LocalDate
        var length: Int
        /// Distinct venues with games reachable on a round trip, capped by what the leisure level allows.
        var potential: Int
        var end: LocalDate { start.adding(days: length - 1) }
    }

    /// Suggestions for trips from `origin` starting in `month` of `year` (on or after `notBefore`, e.g. today, when
    /// given) with games of `leagues` (every league when empty); empty when the month has no suitable games or the
    /// input is invalid.
    public func suggestions(
        catalog: Catalog, origin: TripLocation, year: Int, month: Int, leagues: Set<League> = [],
        notBefore: LocalDate? = nil
    ) -> [TripSuggestion] {
        let leagues = leagues.isEmpty ? Set(League.allCases) : leagues
        guard origin.coordinate.isValid, maxSuggestions > 0 else { return [] }
        let windows = selectWindows(
            catalog: catalog, origin: origin, year: year, month: month, leagues: leagues, notBefore: notBefore)
        var candidates: [(option: ItineraryOption, start: LocalDate, end: LocalDate)] = []
        for window in windows {
            let preferences = TripPreferences(
                planningMode: .dateRange, sports: leagues, startDate: window.start, endDate: window.end,
                startLocation: origin, endLocation: origin, leisureLevel: leisure)
            guard case .success(let options) = engine.plan(preferences, catalog: catalog, topK: 2) else { continue }
            for option in options where option.totals.distinctVenues >= 2 {
                let days = option.days.map(\.date)
                candidates.append((option, days.min() ?? window.start, days.max() ?? window.end))
            }
        }
        candidates.sort { a, b in
            let (x, y) = (a.option.totals, b.option.totals)
            if x.distinctVenues != y.distinctVenues { return x.distinctVenues > y.distinctVenues }
            if x.days != y.days { return x.days < y.days }
            if a.option.score != b.option.score { return a.option.score > b.option.score }
            if a.start != b.start { return a.start < b.start }
            return a.option.games.map(\.gameId.rawValue).lexicographicallyPrecedes(
                b.option.games.map(\.gameId.rawValue))
        }
        // First pass: no repeated venue set, and trips on overlapping dates must share at most half their venues.
        // Second pass, when that leaves room: trips on dates no suggestion overlaps, whatever their venues.
        let venueSets = candidates.map { Set($0.option.games.map(\.venueId)) }
        func overlaps(_ a: Int, _ b: Int) -> Bool {
            candidates[a].start <= candidates[b].end && candidates[b].start <= candidates[a].end
        }
        var picked: [Int] = []
        for index in candidates.indices where picked.count < maxSuggestions {
            let similar = picked.contains { other in
                let shared = Double(venueSets[index].intersection(venueSets[other]).count)
                let jaccard = shared / Double(max(1, venueSets[index].union(venueSets[other]).count))
                return venueSets[index] == venueSets[other] || (overlaps(index, other) && jaccard > 0.5)
            }
            if !similar { picked.append(index) }
        }
        for index in candidates.indices where picked.count < maxSuggestions {
            if !picked.contains(where: { overlaps(index, $0) }) { picked.append(index) }
        }
        return picked.sorted().map { candidates[$0] }.map {
            suggestion($0.option, start: $0.start, end: $0.end, origin: origin)
        }
    }

    /// The windows worth planning, best first, at most ``maxEngineCalls``.
    func selectWindows(
        catalog: Catalog, origin: TripLocation, year: Int, month: Int, leagues: Set<League>,
        notBefore: LocalDate? = nil
    ) -> [Window] {
        guard (1...12).contains(month), let first = LocalDate(year: year, month: month, day: 1) else { return [] }
        let longest = windowLengths.upperBound
        let estimator = engine.router.estimator
        let dailyLimit = DrivingConstraints(numberOfDrivers: 1, maxHoursPerDriver: nil).dailyLimit
        // Playable games from the month's first day to the end of the longest window starting in it, by local date.
        let utc = TimeZone(secondsFromGMT: 0) ?? .current
        let games = catalog.games(
            from: first.start(in: utc).addingTimeInterval(-86400),
            to: first.adding(days: 31 + longest).start(in: utc).addingTimeInterval(86400), leagues: leagues
        ).filter { $0.status.isPlayable }
        var reachHours: [VenueID: Double] = [:]
        func roundTripHours(_ venue: VenueID) -> Double {
            if let known = reachHours[venue] { return known }
            guard let place = catalog.venue(venue)?.coordinate, place.isValid else { return .infinity }
            let hours = 2 * estimator.leg(from: origin.coordinate, to: place).drivingHours
            reachHours[venue] = hours
            return hours
        }
        var venuesByDay: [LocalDate: Set<VenueID>] = [:]
        for game in games { venuesByDay[game.localDate, default: []].insert(game.venue) }
        let maxVenuesForLength: (Int) -> Int = { length in
            guard let run = leisure.maxConsecutiveGameDays else { return length * leisure.maxGamesPerDay }
            // Game days allowed in `length` days: runs of `run` game days separated by a free day.
            let spacing = leisure.minimumDaysBetweenGameDays
            if spacing > 1 { return (length + spacing - 1) / spacing }
            return length - length / (run + 1)
        }
        var windows: [Window] = []
        var day = notBefore.map { max($0, first) } ?? first
        while day.month == month {
            if startWeekdays.contains(day.isoWeekday) {
                for length in windowLengths {
                    var venues: Set<VenueID> = []
                    for offset in 0..<length {
                        for venue in venuesByDay[day.adding(days: offset)] ?? []
                        where roundTripHours(venue) <= Double(length) * dailyLimit {
                            venues.insert(venue)
                        }
                    }
                    let potential = min(venues.count, maxVenuesForLength(length))
                    if potential >= 2 { windows.append(Window(start: day, length: length, potential: potential)) }
                }
            }
            day = day.adding(days: 1)
        }
        windows.sort { a, b in
            if a.potential != b.potential { return a.potential > b.potential }
            if a.length != b.length { return a.length < b.length }
            return a.start < b.start
        }
        // Spread the engine calls: the best window of each length, then one per start day, then the rest.
        var chosen: [Window] = []
        var usedLengths: Set<Int> = []
        for window in windows where chosen.count < maxEngineCalls && usedLengths.insert(window.length).inserted {
            chosen.append(window)
        }
        var usedStarts = Set(chosen.map(\.start))
        for window in windows where chosen.count < maxEngineCalls && usedStarts.insert(window.start).inserted {
            chosen.append(window)
        }
        for window in windows where chosen.count < maxEngineCalls && !chosen.contains(window) {
            chosen.append(window)
        }
        return chosen
    }

    func suggestion(
        _ option: ItineraryOption, start: LocalDate, end: LocalDate, origin: TripLocation
    )
        -> TripSuggestion
    {
        let leagues = Set(option.games.map(\.league)).sorted()
        let venues = Set(option.games.map(\.venueId)).sorted()
        let days = max(1, option.totals.days)
        let id = "\(start)-\(days)d-" + venues.map { ItineraryCalendar.uidSafe($0.rawValue) }.joined(separator: "-")
        return TripSuggestion(
            id: id,
            title: Self.title(venues: venues.count, days: days, leagues: Set(leagues), origin: origin.name),
            startDate: start, endDate: end, venueCount: venues.count, leagues: leagues, option: option)
    }

    /// "3 ballparks in 4 days from Boston": "ballparks" for MLB only, "arenas" for NBA, NHL and WNBA only,
    /// "stadiums" otherwise; the origin's name up to its first comma.
    public static func title(venues: Int, days: Int, leagues: Set<League>, origin: String) -> String {
        let nouns = Set(leagues.map(AchievementEngine.venueNoun))
        let singular = nouns.count == 1 ? nouns.first ?? "stadium" : "stadium"
        let noun = venues == 1 ? singular : singular + "s"
        let place = origin.split(separator: ",").first.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
        let from = place.isEmpty ? "" : " from \(place)"
        return "\(venues) \(noun) in \(days) \(days == 1 ? "day" : "days")\(from)"
    }
}
