import ClubhouseBasics
import Foundation

/// A prepared instance: games sorted, indexed and measured.
struct RoutingProblem {
    let router: GameDAGRouter
    let request: RoutingRequest
    let games: [Game]
    let n: Int
    /// Point per game (index into `points`).
    let point: [Int]
    let points: [Coordinate]
    let pointNames: [RoutePoint]
    let startPoint: Int?
    let endPoint: Int?
    let day: [Int]
    let startTime: [Double]
    let endTime: [Double]
    /// Usable driving hours on a game's day before it (08:00 → start − buffer), capped by the daily limit.
    let morning: [Double]
    let city: [Int]
    let cityNames: [String]
    let homeBit: [UInt64]
    let requiredMask: UInt64
    let anchorIndices: [Int]
    let miles: [Double]
    let hours: [Double]
    let pointCount: Int
    let limit: Double
    let venueHash: [UInt64]
    let cityHash: [UInt64]

    init(request: RoutingRequest, catalog: Catalog, router: GameDAGRouter) {
        self.router = router
        self.request = request
        var seen = Set<GameID>()
        let sorted = request.games.filter { catalog.venue($0.venue) != nil && seen.insert($0.id).inserted }
            .sorted { ($0.start, $0.id) < ($1.start, $1.id) }
        games = sorted
        n = sorted.count
        limit = request.dailyLimit.isFinite ? max(0.5, request.dailyLimit) : DrivingConstraints.defaultHoursPerDriver

        var pointIndex: [VenueID: Int] = [:]
        var points: [Coordinate] = []
        var names: [RoutePoint] = []
        var zones: [TimeZone] = []
        var cityIndex: [String: Int] = [:]
        var cityNames: [String] = []
        var venueCity: [Int] = []
        var point: [Int] = []
        var city: [Int] = []
        for game in sorted {
            if let index = pointIndex[game.venue] {
                point.append(index)
                city.append(venueCity[index])
                continue
            }
            guard let venue = catalog.venue(game.venue) else { continue }
            let index = points.count
            pointIndex[game.venue] = index
            points.append(venue.coordinate)
            names.append(.venue(venue.id))
            zones.append(venue.zone)
            let key = Catalog.normalized(venue.place)
            let cityID: Int
            if let existing = cityIndex[key] {
                cityID = existing
            } else {
                cityID = cityNames.count
                cityIndex[key] = cityID
                cityNames.append(venue.place)
            }
            venueCity.append(cityID)
            point.append(index)
            city.append(cityID)
        }
        let venueCount = points.count
        var startPoint: Int?
        var endPoint: Int?
        if let start = request.start {
            startPoint = points.count
            points.append(start.coordinate)
            names.append(.location(start))
        }
        if let end = request.end {
            endPoint = points.count
            points.append(end.coordinate)
            names.append(.location(end))
        }
        self.startPoint = startPoint
        self.endPoint = endPoint
        self.point = point
        self.city = city
        self.cityNames = cityNames
        self.points = points
        self.pointNames = names
        pointCount = points.count
        var miles = [Double](repeating: 0, count: pointCount * pointCount)
        var hours = miles
        // Each direction on its own: an imported road matrix may time a leg differently each way.
        for a in 0..<pointCount {
            for b in 0..<pointCount where b != a {
                // A point with a broken coordinate is unreachable rather than a NaN in every comparison.
                let leg = router.estimator.leg(from: points[a], to: points[b])
                let valid = points[a].isValid && points[b].isValid && leg.miles.isFinite && leg.drivingHours.isFinite
                miles[a * pointCount + b] = valid ? leg.miles : .infinity
                hours[a * pointCount + b] = valid ? leg.drivingHours : .infinity
            }
        }
        self.miles = miles
        self.hours = hours

        day = sorted.map(\.localDate.dayNumber)
        startTime = sorted.map(\.start.timeIntervalSince1970)
        endTime = sorted.map(\.end.timeIntervalSince1970)
        var morning: [Double] = []
        for (index, game) in sorted.enumerated() {
            let offset = Double(zones[point[index]].secondsFromGMT(for: game.start))
            let local = (game.start.timeIntervalSince1970 + offset)
            let secondsOfDay = local - (local / 86400).rounded(.down) * 86400
            let usable = secondsOfDay / 3600 - router.earliestDepartureHour - router.arrivalBufferHours
            morning.append(min(limit, max(0, usable)))
        }
        self.morning = morning

        var homeBit: [UInt64] = Array(repeating: 0, count: sorted.count)
        let required = Array(request.requiredHomeTeams.prefix(64))
        for (bit, team) in required.enumerated() {
            for index in sorted.indices where sorted[index].home == team { homeBit[index] |= 1 << UInt64(bit) }
        }
        self.homeBit = homeBit
        requiredMask = required.isEmpty ? 0 : (required.count == 64 ? ~0 : (1 << UInt64(required.count)) - 1)

        let anchors = sorted.indices.filter { request.anchors.contains(sorted[$0].id) }
        anchorIndices = anchors
        var generator = SplitMix64(seed: 0x5EED)
        venueHash = (0..<max(1, venueCount)).map { _ in generator.next() }
        cityHash = (0..<max(1, cityNames.count)).map { _ in generator.next() }
    }

    func index(of id: GameID) -> Int? { games.firstIndex { $0.id == id } }

    /// Whether every anchor was found among the candidates.
    var hasAllAnchors: Bool { anchorIndices.count == request.anchors.count }

    @inline(__always) func milesBetween(_ a: Int, _ b: Int) -> Double { miles[a * pointCount + b] }
    @inline(__always) func hoursBetween(_ a: Int, _ b: Int) -> Double { hours[a * pointCount + b] }

    /// The leisure and driving state after a game.
    struct Clock {
        var drivenToday: Double
        var gamesToday: Int
        var streak: Int
    }

    /// The state after moving from game `i` to game `j` (nil when the rules forbid it).
    @inline(__always) func step(_ i: Int, _ j: Int, _ clock: Clock) -> Clock? {
        let gap = day[j] - day[i]
        guard gap >= 0 else { return nil }
        let h = hoursBetween(point[i], point[j])
        let leisure = request.leisure
        if gap == 0 {
            guard clock.gamesToday < leisure.maxGamesPerDay else { return nil }
            let needed = h > 0 ? (h + router.arrivalBufferHours) * 3600 : 0
            guard endTime[i] + needed <= startTime[j] + 1e-6, clock.drivenToday + h <= limit + 1e-9 else { return nil }
            return Clock(drivenToday: clock.drivenToday + h, gamesToday: clock.gamesToday + 1, streak: clock.streak)
        }
        guard gap >= leisure.minimumDaysBetweenGameDays, endTime[i] <= startTime[j] else { return nil }
        let fullDays = Double(gap - 1) * limit
        if h > 0 {
            guard h <= fullDays + morning[j] + 1e-9 else { return nil }
        }
        let streak = gap == 1 ? clock.streak + 1 : 1
        if let cap = leisure.maxConsecutiveGameDays, streak > cap { return nil }
        return Clock(drivenToday: max(0, h - fullDays), gamesToday: 1, streak: streak)
    }

    /// The state at the first game `j` after driving from the start location, and the departure day.
    func root(_ j: Int) -> (clock: Clock, departure: Int, hours: Double)? {
        guard let s = startPoint else { return (Clock(drivenToday: 0, gamesToday: 1, streak: 1), day[j], 0) }
        let h = hoursBetween(s, point[j])
        guard h.isFinite else { return nil }
        if h <= morning[j] + 1e-9 {
            if let startDate = request.startDate, day[j] < startDate.dayNumber { return nil }
            return (Clock(drivenToday: h, gamesToday: 1, streak: 1), day[j], h)
        }
        let earlyDays = Int(min(1e6, ((h - morning[j]) / limit - 1e-9).rounded(.up)))
        let departure = day[j] - earlyDays
        if let startDate = request.startDate, departure < startDate.dayNumber { return nil }
        return (Clock(drivenToday: max(0, h - Double(earlyDays) * limit), gamesToday: 1, streak: 1), departure, h)
    }

    /// Driving to the end location after the last game `i`: hours and the arrival day (nil when too late).
    func tail(_ i: Int) -> (hours: Double, arrival: Int)? {
        guard let e = endPoint else {
            if let endDate = request.endDate, day[i] > endDate.dayNumber { return nil }
            return (0, day[i])
        }
        let h = hoursBetween(point[i], e)
        guard h.isFinite else { return nil }
        let arrival = day[i] + router.estimator.daysNeeded(hours: h, dailyLimit: limit)
        if let endDate = request.endDate, arrival > endDate.dayNumber { return nil }
        return (h, arrival)
    }

    /// Whether B between A and C doubles back (points; nil A = nothing before).
    @inline(__always) func backtracks(_ a: Int, _ b: Int, _ c: Int) -> Bool {
        guard a >= 0, router.filters.rejectsBacktracking else { return false }
        let bc = milesBetween(b, c)
        guard bc > 0 else { return false }
        return router.filters.isBacktrack(ab: milesBetween(a, b), bc: bc, ac: milesBetween(a, c))
    }
}
