import ClubhouseBasics
import Foundation

/// What the router plans over: candidate games and the rules a route must keep.
public struct RoutingRequest: Sendable, Equatable {
    /// Candidate games (any order; games whose venue the catalogue lacks are ignored).
    public var games: [Game]
    /// Games every route must include (they must be among `games`).
    public var anchors: Set<GameID>
    /// Teams each of which must play at home in the route (scenario E).
    public var requiredHomeTeams: [TeamID]
    /// Where the trip starts (the drive to the first game counts), if anywhere.
    public var start: TripLocation?
    /// Where the trip ends (the drive from the last game counts), if anywhere.
    public var end: TripLocation?
    /// The trip may not leave before this day.
    public var startDate: LocalDate?
    /// The trip must arrive (at the end location, or at its last game) by this day.
    public var endDate: LocalDate?
    /// Hours of driving allowed a day.
    public var dailyLimit: Double
    /// Games per day, game days in a row and days between game days.
    public var leisure: LeisureLevel
    /// When false, a city may appear on one day only.
    public var allowRepeatCities: Bool
    /// The most stops (runs of consecutive games at one venue); nil = no cap.
    public var maxStops: Int?

    /// A request; the defaults are one driver, 8 hours, moderate leisure, repeats allowed, no cap.
    public init(
        games: [Game], anchors: Set<GameID> = [], requiredHomeTeams: [TeamID] = [], start: TripLocation? = nil,
        end: TripLocation? = nil, startDate: LocalDate? = nil, endDate: LocalDate? = nil,
        dailyLimit: Double = DrivingConstraints.defaultHoursPerDriver, leisure: LeisureLevel = .moderate,
        allowRepeatCities: Bool = true, maxStops: Int? = nil
    ) {
        self.games = games
        self.anchors = anchors
        self.requiredHomeTeams = requiredHomeTeams
        self.start = start
        self.end = end
        self.startDate = startDate
        self.endDate = endDate
        self.dailyLimit = dailyLimit
        self.leisure = leisure
        self.allowRepeatCities = allowRepeatCities
        self.maxStops = maxStops
    }
}

/// How routes are scored: `score = perGame × games + perDistinctVenue × distinct venues − perDrivingHour × driving
/// hours` (driving from the start location and to the end location included). Must-see games, stop caps and the
/// leisure level are constraints, not score terms.
public struct RouteScoring: Codable, Sendable, Equatable {
    /// Points per game.
    public var perGame: Double
    /// Points per venue visited for the first time.
    public var perDistinctVenue: Double
    /// Points taken off per hour of driving.
    public var perDrivingHour: Double

    /// Weights; the defaults are 100, 40 and 5.
    public init(perGame: Double = 100, perDistinctVenue: Double = 40, perDrivingHour: Double = 5) {
        self.perGame = perGame
        self.perDistinctVenue = perDistinctVenue
        self.perDrivingHour = perDrivingHour
    }
}

/// A score and its parts.
public struct ScoreBreakdown: Codable, Sendable, Equatable {
    /// Games in the route.
    public var games: Int
    /// Different venues in the route.
    public var distinctVenues: Int
    /// Hours of driving, start and end legs included.
    public var drivingHours: Double
    /// Road miles, start and end legs included.
    public var miles: Double
    /// perGame × games.
    public var gamePoints: Double
    /// perDistinctVenue × distinct venues.
    public var venuePoints: Double
    /// perDrivingHour × driving hours (subtracted).
    public var drivingPenalty: Double

    /// A breakdown from its parts.
    public init(
        games: Int, distinctVenues: Int, drivingHours: Double, miles: Double, gamePoints: Double, venuePoints: Double,
        drivingPenalty: Double
    ) {
        self.games = games
        self.distinctVenues = distinctVenues
        self.drivingHours = drivingHours
        self.miles = miles
        self.gamePoints = gamePoints
        self.venuePoints = venuePoints
        self.drivingPenalty = drivingPenalty
    }

    /// gamePoints + venuePoints − drivingPenalty.
    public var total: Double { gamePoints + venuePoints - drivingPenalty }
}

/// One end of a leg: a venue or the trip's start/end location.
public enum RoutePoint: Codable, Sendable, Equatable, Hashable {
    case venue(VenueID)
    case location(TripLocation)
}

/// A route the router found: games in order and the drives between them, each drive split into days.
public struct PlannedRoute: Sendable, Equatable {
    /// Hours driven on one day.
    public struct DayDrive: Codable, Sendable, Equatable {
        /// The calendar day.
        public var day: LocalDate
        /// Hours driven that day.
        public var hours: Double

        /// Hours driven on a day.
        public init(day: LocalDate, hours: Double) {
            self.day = day
            self.hours = hours
        }
    }

    /// A drive between two points (legs of zero miles are left out).
    public struct Leg: Sendable, Equatable {
        /// Where the leg starts.
        public var from: RoutePoint
        /// Where the leg ends.
        public var to: RoutePoint
        /// Position of ``from``.
        public var fromCoordinate: Coordinate
        /// Position of ``to``.
        public var toCoordinate: Coordinate
        /// Road miles, start and end legs included.
        public var miles: Double
        /// Driving hours, overhead included.
        public var drivingHours: Double
        /// The days the leg is driven on (drivers start at the earliest day the rules allow, full days first).
        public var days: [DayDrive]
        /// Index in ``PlannedRoute/games`` of the game the leg leads to; nil for the drive to the end location.
        public var toGame: Int?
    }

    /// Games in visiting order.
    public var games: [Game]
    /// Drives in order (start leg first, end leg last).
    public var legs: [Leg]
    /// The route's score (``RouteScoring``).
    public var score: Double
    /// The score's parts.
    public var breakdown: ScoreBreakdown
    /// First day of the trip (departure from the start location, or the first game's day).
    public var firstDay: LocalDate
    /// Last day of the trip (arrival at the end location, or the last game's day).
    public var lastDay: LocalDate
}

/// The outcome of a search.
public struct RoutingOutcome: Sendable {
    /// Routes found, best score first, each meaningfully different from the better ones (``RouteDiversity``).
    public var routes: [PlannedRoute]
    /// Whether the search was exhaustive (the instance was small enough for no beam), so `routes.first` is optimal.
    public var isExact: Bool
}

/// Routes through a game graph: a node per game, an edge g1 → g2 when the trip can leave g1 and reach g2 in time.
///
/// Timing model (all times from UTC instants; days are each venue's local dates):
/// - A drive of `h` hours comes from ``TravelEstimator``; a change of venue needs ``arrivalBufferHours`` (1 h) in
///   hand before the next game; staying at a venue needs none.
/// - No driving after a game: drives start the next morning at ``earliestDepartureHour`` (08:00 local), and each
///   calendar day allows `dailyLimit` hours. On the next game's day only the hours between 08:00 and the game's
///   start minus the buffer are usable. So g1 (day d1) → g2 (day d2 > d1) needs `h ≤ (d2 − d1 − 1) × limit +
///   min(limit, morning hours of g2)`; drivers drive full days first.
/// - Same-day pairs (leisure `packed` only): g1's end + h + buffer ≤ g2's start, and the day's driving (the morning's
///   plus this hop) stays within the limit.
/// - Leisure: at most `maxGamesPerDay` games a day, `maxConsecutiveGameDays` game days in a row and
///   `minimumDaysBetweenGameDays` between game days (see ``LeisureLevel``).
/// - Start location: leave on the latest day that still reaches the first game (not before `startDate`); end
///   location: leave the morning after the last game and arrive by `endDate`.
///
/// Search: label-setting dynamic programming over games in start order. A label is a partial route ending at a game
/// (score, venues, cities, stops, leisure state, today's driving, previous point for the backtracking rule). A label
/// is dropped when another at the same game has at least its score and a state no worse (same venue set, same
/// previous point …) — that is exact. Beyond that, when the instance has more than ``exactGameLimit`` games, each
/// game keeps only its ``labelCap`` best labels (a beam), extends only from its ``maxPredecessors`` most recent
/// predecessors, skips labels whose best possible extension cannot enter the beam, and ``RoutingOutcome/isExact``
/// is false.
public struct GameDAGRouter: Sendable {
    /// Driving estimates.
    public var estimator: TravelEstimator
    /// Backtracking and corridor rules.
    public var filters: RouteFilters
    /// Score weights.
    public var scoring: RouteScoring
    /// Hours to arrive before a game at another venue.
    public var arrivalBufferHours: Double
    /// Local hour drivers set off in the morning.
    public var earliestDepartureHour: Double
    /// Labels kept per game on large instances.
    public var labelCap: Int
    /// Instances with at most this many candidate games are searched without a cap (exact).
    public var exactGameLimit: Int
    /// Beam mode: the most recent games (that can reach it) each game is extended from.
    public var maxPredecessors: Int

    /// A router; the defaults are the documented ones.
    public init(
        estimator: TravelEstimator = TravelEstimator(), filters: RouteFilters = RouteFilters(),
        scoring: RouteScoring = RouteScoring(), arrivalBufferHours: Double = 1, earliestDepartureHour: Double = 8,
        labelCap: Int = 12, exactGameLimit: Int = 16, maxPredecessors: Int = 600
    ) {
        self.estimator = estimator
        self.filters = filters
        self.scoring = scoring
        self.arrivalBufferHours = arrivalBufferHours
        self.earliestDepartureHour = earliestDepartureHour
        self.labelCap = max(1, labelCap)
        self.exactGameLimit = exactGameLimit
        self.maxPredecessors = max(1, maxPredecessors)
    }

    /// The best `maxRoutes` mutually different routes for `request`, best first.
    public func routes(
        for request: RoutingRequest, catalog: Catalog, maxRoutes: Int = 5, diversity: RouteDiversity = RouteDiversity()
    ) -> RoutingOutcome {
        let problem = RoutingProblem(request: request, catalog: catalog, router: self)
        return problem.search(maxRoutes: max(1, maxRoutes), diversity: diversity)
    }

    /// The route visiting exactly `games` in order, if it keeps every rule of `request` (for checks and tests).
    public func evaluate(_ games: [Game], for request: RoutingRequest, catalog: Catalog) -> PlannedRoute? {
        let problem = RoutingProblem(request: request, catalog: catalog, router: self)
        var indices: [Int] = []
        for game in games {
            guard let index = problem.index(of: game.id) else { return nil }
            indices.append(index)
        }
        return problem.evaluate(indices)
    }
}

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
        for a in 0..<pointCount {
            for b in (a + 1)..<max(a + 1, pointCount) {
                // A point with a broken coordinate is unreachable rather than a NaN in every comparison.
                let leg = router.estimator.leg(from: points[a], to: points[b])
                let valid = points[a].isValid && points[b].isValid && leg.miles.isFinite && leg.drivingHours.isFinite
                miles[a * pointCount + b] = valid ? leg.miles : .infinity
                miles[b * pointCount + a] = valid ? leg.miles : .infinity
                hours[a * pointCount + b] = valid ? leg.drivingHours : .infinity
                hours[b * pointCount + a] = valid ? leg.drivingHours : .infinity
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

    // MARK: Search

    struct Label {
        var score: Double
        var parent: Int32
        var node: Int32
        var prevPoint: Int32
        var departure: Int32
        var stops: Int32
        var distinctVenues: Int32
        var games: Int32
        var clock: Clock
        var driving: Double
        var miles: Double
        var venueSig: UInt64
        var citySig: UInt64
        var covered: UInt64
        /// Venues and cities on the route when there are at most 256 of each (else the route is walked).
        var venues: PlanningBitSet
        var cities: PlanningBitSet
    }

    func search(maxRoutes: Int, diversity: RouteDiversity) -> RoutingOutcome {
        guard n > 0, hasAllAnchors else { return RoutingOutcome(routes: [], isExact: true) }
        let cap = n <= router.exactGameLimit ? Int.max : router.labelCap
        let useBits = pointCount <= 256 && cityNames.count <= 256
        // Beam mode (caps, predecessor limit, score bar) is never claimed to be exact.
        let exact = cap == Int.max
        let firstAnchor = anchorIndices.first ?? Int.max
        let lastAnchor = anchorIndices.last ?? -1
        let scoring = router.scoring
        let maxStops = request.maxStops.map { max(1, $0) }
        var arena: [Label] = []
        var kept: [[Int32]] = Array(repeating: [], count: n)
        var predecessors: [[Int32]] = Array(repeating: [], count: n)
        let free = Clock(drivenToday: 0, gamesToday: 0, streak: 0)
        // Predecessors of j: no must-see game may lie strictly between; in beam mode only the most recent
        // `maxPredecessors` that can reach j (older ones rarely beat them and cost quadratic time).
        let predecessorCap = cap == Int.max ? Int.max : router.maxPredecessors
        var previousAnchor = -1
        let anchorSet = Set(anchorIndices)
        for j in 0..<n {
            var i = j - 1
            while i >= max(0, previousAnchor), predecessors[j].count < predecessorCap {
                if step(i, j, free) != nil { predecessors[j].append(Int32(i)) }
                i -= 1
            }
            predecessors[j].reverse()
            if anchorSet.contains(j) { previousAnchor = j }
        }
        var candidates: [Label] = []
        var order: [Int] = []
        for j in 0..<n {
            candidates.removeAll(keepingCapacity: true)
            let pj = point[j]
            if j <= firstAnchor, let root = root(j) {
                let leadMiles = startPoint.map { milesBetween($0, pj) } ?? 0
                let prev: Int32 = leadMiles > 0 ? Int32(startPoint ?? -1) : -1
                candidates.append(
                    Label(
                        score: scoring.perGame + scoring.perDistinctVenue - scoring.perDrivingHour * root.hours,
                        parent: -1, node: Int32(j), prevPoint: prev, departure: Int32(root.departure), stops: 1,
                        distinctVenues: 1, games: 1, clock: root.clock, driving: root.hours, miles: leadMiles,
                        venueSig: venueHash[pj], citySig: cityHash[city[j]], covered: homeBit[j],
                        venues: useBits ? PlanningBitSet(pj) : PlanningBitSet(),
                        cities: useBits ? PlanningBitSet(city[j]) : PlanningBitSet()))
            }
            // Beam mode: the `cap` best candidate scores so far; a label whose best possible extension cannot beat
            // the worst of them is skipped (most recent predecessors first, so the bar rises early).
            var best = ScoreBar(capacity: cap == Int.max ? 0 : cap)
            for i32 in predecessors[j].reversed() {
                let i = Int(i32)
                let pi = point[i]
                let sameVenue = pi == pj
                let h = hoursBetween(pi, pj)
                let m = milesBetween(pi, pj)
                let gain =
                    scoring.perGame + (sameVenue ? 0 : max(0, scoring.perDistinctVenue)) - scoring.perDrivingHour * h
                if best.isFull, let top = kept[i].first, arena[Int(top)].score + gain <= best.minimum { continue }
                for labelIndex in kept[i] {
                    let label = arena[Int(labelIndex)]
                    if best.isFull, label.score + gain <= best.minimum { break }
                    guard let clock = step(i, j, label.clock) else { continue }
                    let stops = label.stops + (sameVenue ? 0 : 1)
                    if let maxStops, Int(stops) > maxStops { continue }
                    var prev = label.prevPoint
                    if m > 0 {
                        if backtracks(Int(prev), pi, pj) { continue }
                        prev = Int32(pi)
                    }
                    // Walk the route once for the venue bonus and repeat cities.
                    var newVenue = false
                    var cityVisited = true
                    if sameVenue {
                        if !request.allowRepeatCities && day[i] != day[j] { continue }
                    } else if useBits {
                        newVenue = !label.venues.contains(pj)
                        cityVisited = label.cities.contains(city[j])
                        if !request.allowRepeatCities, cityVisited, !(city[i] == city[j] && day[i] == day[j]) {
                            continue
                        }
                    } else {
                        newVenue = true
                        cityVisited = false
                        var cursor = labelIndex
                        while cursor >= 0 {
                            let node = Int(arena[Int(cursor)].node)
                            if point[node] == pj { newVenue = false }
                            if city[node] == city[j] { cityVisited = true }
                            cursor = arena[Int(cursor)].parent
                        }
                        if !request.allowRepeatCities, cityVisited, !(city[i] == city[j] && day[i] == day[j]) {
                            continue
                        }
                    }
                    var next = label
                    next.parent = labelIndex
                    next.node = Int32(j)
                    next.prevPoint = prev
                    next.stops = stops
                    next.games += 1
                    next.clock = clock
                    next.driving += h
                    next.miles += m
                    next.covered |= homeBit[j]
                    next.score += scoring.perGame - scoring.perDrivingHour * h
                    if newVenue {
                        next.distinctVenues += 1
                        next.score += scoring.perDistinctVenue
                        next.venueSig ^= venueHash[pj]
                    }
                    if !cityVisited { next.citySig ^= cityHash[city[j]] }
                    if useBits {
                        next.venues.insert(pj)
                        next.cities.insert(city[j])
                    }
                    best.push(next.score)
                    candidates.append(next)
                }
            }
            guard !candidates.isEmpty else { continue }
            order = Array(candidates.indices)
            order.sort { a, b in
                candidates[a].score != candidates[b].score ? candidates[a].score > candidates[b].score : a < b
            }
            var keptHere: [Int32] = []
            var buckets: [UInt64: [Int32]] = [:]
            for index in order {
                let candidate = candidates[index]
                let key = dominanceKey(candidate)
                if let bucket = buckets[key], bucket.contains(where: { dominates(arena[Int($0)], candidate) }) {
                    continue
                }
                if keptHere.count >= cap { break }
                buckets[key, default: []].append(Int32(arena.count))
                keptHere.append(Int32(arena.count))
                arena.append(candidate)
            }
            kept[j] = keptHere
        }

        var finished: [(score: Double, label: Int32, tailHours: Double)] = []
        for j in max(0, lastAnchor)..<n {
            guard let tail = tail(j) else { continue }
            for labelIndex in kept[j] {
                let label = arena[Int(labelIndex)]
                guard label.covered & requiredMask == requiredMask else { continue }
                if let e = endPoint, backtracks(Int(label.prevPoint), point[j], e) { continue }
                finished.append((label.score - scoring.perDrivingHour * tail.hours, labelIndex, tail.hours))
            }
        }
        finished.sort { $0.score != $1.score ? $0.score > $1.score : $0.label < $1.label }
        var routes: [PlannedRoute] = []
        var chosen: [(venues: Set<Int>, first: Int, last: Int)] = []
        for entry in finished {
            guard routes.count < maxRoutes else { break }
            var path: [Int] = []
            var cursor = entry.label
            while cursor >= 0 {
                path.append(Int(arena[Int(cursor)].node))
                cursor = arena[Int(cursor)].parent
            }
            path.reverse()
            guard let first = path.first, let last = path.last else { continue }
            let venues = Set(path.map { point[$0] })
            let distinct = chosen.allSatisfy { other in
                diversity.isDistinct(
                    venues: venues, first: point[first], last: point[last], from: other.venues, other.first,
                    other.last)
            }
            guard distinct, let route = evaluate(path) else { continue }
            chosen.append((venues, point[first], point[last]))
            routes.append(route)
        }
        return RoutingOutcome(routes: routes, isExact: exact)
    }

    /// Labels that may dominate each other share this key.
    @inline(__always) func dominanceKey(_ label: Label) -> UInt64 {
        var key = label.venueSig
        if router.filters.rejectsBacktracking {
            key ^= UInt64(bitPattern: Int64(label.prevPoint)) &* 0x9E37_79B9_7F4A_7C15
        }
        if !request.allowRepeatCities { key ^= label.citySig &* 0xBF58_476D_1CE4_E5B9 }
        return key
    }

    /// Whether `a` (score ≥ b's) can do everything `b` can from the same game, at least as well.
    @inline(__always) func dominates(_ a: Label, _ b: Label) -> Bool {
        guard a.score >= b.score, a.venueSig == b.venueSig, a.stops <= b.stops,
            a.covered & b.covered == b.covered
        else { return false }
        if router.filters.rejectsBacktracking, a.prevPoint != b.prevPoint { return false }
        if !request.allowRepeatCities, a.citySig != b.citySig { return false }
        if request.leisure.maxConsecutiveGameDays != nil, a.clock.streak > b.clock.streak { return false }
        if request.leisure.maxGamesPerDay > 1 {
            if a.clock.gamesToday > b.clock.gamesToday || a.clock.drivenToday > b.clock.drivenToday + 1e-9 {
                return false
            }
        }
        return true
    }

    // MARK: Evaluation of one sequence

    /// The route through games at `indices` in that order, if it keeps every rule.
    func evaluate(_ indices: [Int]) -> PlannedRoute? {
        guard let first = indices.first, let last = indices.last, hasAllAnchors else { return nil }
        let included = Set(indices)
        guard included.count == indices.count else { return nil }
        for anchor in anchorIndices where !included.contains(anchor) { return nil }
        var covered: UInt64 = 0
        for index in indices { covered |= homeBit[index] }
        guard covered & requiredMask == requiredMask else { return nil }
        guard let root = root(first) else { return nil }
        let scoring = router.scoring
        var clock = root.clock
        var legs: [PlannedRoute.Leg] = []
        var driving = root.hours
        var totalMiles = 0.0
        var prev = -1
        if let s = startPoint {
            let m = milesBetween(s, point[first])
            if m > 0 {
                prev = s
                totalMiles += m
                legs.append(
                    makeLeg(
                        from: s, to: point[first], days: spread(root.hours, from: root.departure, gameDay: day[first]),
                        toGame: 0))
            }
        }
        var venues: Set<Int> = [point[first]]
        var stops = 1
        var cityDays: [Int: Int] = [city[first]: day[first]]
        for (position, (i, j)) in zip(indices, indices.dropFirst()).enumerated() {
            guard i < j, let next = step(i, j, clock) else { return nil }
            clock = next
            let m = milesBetween(point[i], point[j])
            if point[i] != point[j] { stops += 1 }
            if m > 0 {
                if backtracks(prev, point[i], point[j]) { return nil }
                prev = point[i]
                let h = hoursBetween(point[i], point[j])
                driving += h
                totalMiles += m
                let departure = day[j] == day[i] ? day[j] : day[i] + 1
                legs.append(
                    makeLeg(
                        from: point[i], to: point[j], days: spread(h, from: departure, gameDay: day[j]),
                        toGame: position + 1))
            }
            if !request.allowRepeatCities, let seenDay = cityDays[city[j]],
                !(seenDay == day[j] && city[i] == city[j])
            {
                return nil
            }
            cityDays[city[j]] = day[j]
            venues.insert(point[j])
        }
        if let maxStops = request.maxStops.map({ max(1, $0) }), stops > maxStops { return nil }
        guard let tail = tail(last) else { return nil }
        if let e = endPoint {
            if backtracks(prev, point[last], e) { return nil }
            let m = milesBetween(point[last], e)
            if m > 0 {
                driving += tail.hours
                totalMiles += m
                legs.append(
                    makeLeg(
                        from: point[last], to: e, days: spread(tail.hours, from: day[last] + 1, gameDay: nil),
                        toGame: nil))
            }
        }
        let breakdown = ScoreBreakdown(
            games: indices.count, distinctVenues: venues.count, drivingHours: driving, miles: totalMiles,
            gamePoints: scoring.perGame * Double(indices.count),
            venuePoints: scoring.perDistinctVenue * Double(venues.count),
            drivingPenalty: scoring.perDrivingHour * driving)
        return PlannedRoute(
            games: indices.map { games[$0] }, legs: legs, score: breakdown.total, breakdown: breakdown,
            firstDay: LocalDate(dayNumber: root.departure), lastDay: LocalDate(dayNumber: max(tail.arrival, day[last])))
    }

    /// Splits `hours` over days from `first`, full days first; the rest lands on `gameDay` or the next day.
    private func spread(_ hours: Double, from first: Int, gameDay: Int?) -> [PlannedRoute.DayDrive] {
        var left = hours
        var current = first
        var result: [PlannedRoute.DayDrive] = []
        while left > 1e-9 {
            let today = min(left, limit)
            result.append(PlannedRoute.DayDrive(day: LocalDate(dayNumber: current), hours: today))
            left -= today
            current += 1
            if let gameDay, current > gameDay { break }
        }
        if left > 1e-9, let lastIndex = result.indices.last { result[lastIndex].hours += left }
        return result
    }

    private func makeLeg(from a: Int, to b: Int, days: [PlannedRoute.DayDrive], toGame: Int?) -> PlannedRoute.Leg {
        PlannedRoute.Leg(
            from: pointNames[a], to: pointNames[b], fromCoordinate: points[a], toCoordinate: points[b],
            miles: milesBetween(a, b), drivingHours: hoursBetween(a, b), days: days, toGame: toGame)
    }
}

/// When two routes count as meaningfully different: their venue sets overlap less than `maxVenueJaccard`
/// (|A ∩ B| / |A ∪ B| < 0.7), or they start or end at a different venue. The same stops on other days are not
/// different.
public struct RouteDiversity: Codable, Sendable, Equatable {
    /// Venue-set overlap (Jaccard) at or above which two routes with the same ends are the same.
    public var maxVenueJaccard: Double

    /// A rule with the given overlap threshold (default 0.7).
    public init(maxVenueJaccard: Double = 0.7) {
        self.maxVenueJaccard = maxVenueJaccard
    }

    /// Whether a route with `venues`, `first` and `last` differs from one with `other`, `otherFirst`, `otherLast`.
    public func isDistinct<V: Hashable>(
        venues: Set<V>, first: V, last: V, from other: Set<V>, _ otherFirst: V, _ otherLast: V
    ) -> Bool {
        if first != otherFirst || last != otherLast { return true }
        let union = venues.union(other).count
        guard union > 0 else { return false }
        return Double(venues.intersection(other).count) / Double(union) < maxVenueJaccard
    }
}

/// A set of up to 256 small integers.
struct PlanningBitSet {
    var words: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)

    init() {}
    init(_ value: Int) { insert(value) }

    @inline(__always) func contains(_ value: Int) -> Bool {
        let bit = UInt64(1) << UInt64(value & 63)
        switch value >> 6 {
        case 0: return words.0 & bit != 0
        case 1: return words.1 & bit != 0
        case 2: return words.2 & bit != 0
        default: return words.3 & bit != 0
        }
    }

    @inline(__always) mutating func insert(_ value: Int) {
        let bit = UInt64(1) << UInt64(value & 63)
        switch value >> 6 {
        case 0: words.0 |= bit
        case 1: words.1 |= bit
        case 2: words.2 |= bit
        default: words.3 |= bit
        }
    }
}

/// The `capacity` largest values pushed so far (a binary min-heap); capacity 0 keeps nothing and is never full.
struct ScoreBar {
    private var values: [Double] = []
    let capacity: Int

    init(capacity: Int) {
        self.capacity = capacity
        values.reserveCapacity(capacity)
    }

    var isFull: Bool { capacity > 0 && values.count >= capacity }
    /// The smallest kept value (only meaningful when full).
    var minimum: Double { values.first ?? -.infinity }

    mutating func push(_ value: Double) {
        guard capacity > 0 else { return }
        if values.count < capacity {
            values.append(value)
            var child = values.count - 1
            while child > 0 {
                let parent = (child - 1) / 2
                guard values[child] < values[parent] else { break }
                values.swapAt(child, parent)
                child = parent
            }
        } else if value > values[0] {
            values[0] = value
            var parent = 0
            while true {
                let left = 2 * parent + 1
                let right = left + 1
                var smallest = parent
                if left < values.count, values[left] < values[smallest] { smallest = left }
                if right < values.count, values[right] < values[smallest] { smallest = right }
                guard smallest != parent else { break }
                values.swapAt(parent, smallest)
                parent = smallest
            }
        }
    }
}
