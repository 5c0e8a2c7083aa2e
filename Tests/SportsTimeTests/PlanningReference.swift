import Foundation

@testable import SportsTime

/// The planning rules written out again from their documentation, one route at a time and without the router's
/// tables, so the brute-force tests do not check the router against itself.
struct PlanningReference {
    struct Stop {
        var game: Game
        var coordinate: Coordinate
        var city: String
        var day: Int
        /// Hours between 08:00 local and an hour before the start, capped by the daily limit.
        var morning: Double
    }

    let request: RoutingRequest
    let router: GameDAGRouter
    let limit: Double
    /// The candidates in start order.
    let stops: [Stop]

    init(request: RoutingRequest, catalog: Catalog, router: GameDAGRouter) {
        self.request = request
        self.router = router
        limit = request.dailyLimit
        stops = request.games.sorted { ($0.start, $0.id) < ($1.start, $1.id) }.compactMap { game in
            guard let venue = catalog.venue(game.venue) else { return nil }
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = venue.zone
            let parts = calendar.dateComponents([.hour, .minute, .second], from: game.start)
            let localHour =
                Double(parts.hour ?? 0) + Double(parts.minute ?? 0) / 60 + Double(parts.second ?? 0) / 3600
            let morning = min(request.dailyLimit, max(0, localHour - 8 - 1))
            return Stop(
                game: game, coordinate: venue.coordinate, city: Catalog.normalized(venue.place),
                day: game.localDate.dayNumber, morning: morning)
        }
    }

    func hours(_ a: Coordinate, _ b: Coordinate) -> Double { router.estimator.leg(from: a, to: b).drivingHours }
    func samePlace(_ a: Coordinate, _ b: Coordinate) -> Bool { router.estimator.roadMiles(from: a, to: b) == 0 }

    /// The score of visiting the candidates at `indices` (increasing) in order, or nil when a rule is broken.
    func score(_ indices: [Int]) -> Double? {
        guard let firstIndex = indices.first, let lastIndex = indices.last else { return nil }
        let route = indices.map { stops[$0] }
        let ids = Set(route.map(\.game.id))
        guard request.anchors.isSubset(of: ids) else { return nil }
        guard Set(request.requiredHomeTeams).isSubset(of: Set(route.map(\.game.home))) else { return nil }
        let leisure = request.leisure
        var driving = 0.0
        let first = stops[firstIndex]
        // The drive from the start location: leave on the latest day that still arrives in time.
        var drivenToday = 0.0
        var previousPlace: Coordinate?
        if let start = request.start {
            let h = hours(start.coordinate, first.coordinate)
            var departure = first.day
            if h <= first.morning + 1e-9 {
                drivenToday = h
            } else {
                let early = Int(((h - first.morning) / limit - 1e-9).rounded(.up))
                departure -= early
                drivenToday = max(0, h - Double(early) * limit)
            }
            if let startDate = request.startDate, departure < startDate.dayNumber { return nil }
            driving += h
            if !samePlace(start.coordinate, first.coordinate) { previousPlace = start.coordinate }
        } else if let startDate = request.startDate, first.day < startDate.dayNumber {
            return nil
        }
        var gamesToday = 1
        var streak = 1
        var stopCount = 1
        var cityDays: [String: Int] = [first.city: first.day]
        var venues: Set<VenueID> = [first.game.venue]
        for (a, b) in zip(route, route.dropFirst()) {
            let gap = b.day - a.day
            let moving = !samePlace(a.coordinate, b.coordinate)
            let h = moving ? hours(a.coordinate, b.coordinate) : 0
            if gap < 0 { return nil }
            if gap == 0 {
                guard gamesToday < leisure.maxGamesPerDay else { return nil }
                let ready = a.game.end.addingTimeInterval(moving ? (h + 1) * 3600 : 0)
                guard ready <= b.game.start.addingTimeInterval(1e-6), drivenToday + h <= limit + 1e-9 else {
                    return nil
                }
                gamesToday += 1
                drivenToday += h
            } else {
                guard gap >= leisure.minimumDaysBetweenGameDays, a.game.end <= b.game.start else { return nil }
                let fullDays = Double(gap - 1) * limit
                if moving, h > fullDays + b.morning + 1e-9 { return nil }
                streak = gap == 1 ? streak + 1 : 1
                if let cap = leisure.maxConsecutiveGameDays, streak > cap { return nil }
                gamesToday = 1
                drivenToday = max(0, h - fullDays)
            }
            if moving {
                if let previousPlace,
                    router.filters.isBacktrack(previousPlace, a.coordinate, b.coordinate, estimator: router.estimator)
                {
                    return nil
                }
                previousPlace = a.coordinate
            }
            if a.game.venue != b.game.venue { stopCount += 1 }
            if !request.allowRepeatCities, let seen = cityDays[b.city], !(seen == b.day && a.city == b.city) {
                return nil
            }
            cityDays[b.city] = b.day
            venues.insert(b.game.venue)
            driving += h
        }
        if let maxStops = request.maxStops, stopCount > max(1, maxStops) { return nil }
        let last = stops[lastIndex]
        if let end = request.end {
            let h = hours(last.coordinate, end.coordinate)
            let arrival = last.day + router.estimator.daysNeeded(hours: h, dailyLimit: limit)
            if let endDate = request.endDate, arrival > endDate.dayNumber { return nil }
            if !samePlace(last.coordinate, end.coordinate), let previousPlace,
                router.filters.isBacktrack(previousPlace, last.coordinate, end.coordinate, estimator: router.estimator)
            {
                return nil
            }
            driving += h
        } else if let endDate = request.endDate, last.day > endDate.dayNumber {
            return nil
        }
        let scoring = router.scoring
        return scoring.perGame * Double(route.count) + scoring.perDistinctVenue * Double(venues.count)
            - scoring.perDrivingHour * driving
    }
}
