import Dispatch
import Foundation

/// The prepared instance of a ``BallparkTourSearch``: candidate games, venue distances, next-game tables and the
/// beam search itself (see ``BallparkTourSearch`` for the model).
struct BallparkTourEngine: Sendable {
    struct Outcome {
        var report = BallparkTourReport(
            tour: nil, venues: [], candidateStartDays: 0, searchedStartDays: 0, refinedStartDays: 0,
            elapsedSeconds: 0)
    }

    let search: BallparkTourSearch
    let venueIDs: [VenueID]
    let venueCount: Int
    let games: [Game]
    let gameVenue: [Int]
    let gameDay: [Int]
    let gameStart: [Double]
    let gameEnd: [Double]
    /// Usable driving hours on a game's day before it (departure hour → start − buffer), capped by the limit.
    let morning: [Double]
    /// Points: venues, then the start location, then the end location.
    let points: [RoutePoint]
    let pointCount: Int
    let hours: [Double]
    let miles: [Double]
    let startPoint: Int?
    let endPoint: Int?
    let limit: Double
    /// Earliest game at venue v on a later day reachable from game g: `[g * venueCount + v]`, −1 for none.
    let nextLater: [Int32]
    /// Earliest game at venue v on g's own day that the hop fits before (driving limit checked per state).
    let nextSame: [Int32]
    /// Venues that can share some day with venue v (both orders), as a bit set.
    let partners: [UInt64]
    let fullMask: UInt64
    /// Candidate first days, ascending, with the games on each.
    let startDays: [(day: Int, games: [Int])]

    init?(search: BallparkTourSearch, catalog: Catalog, league: League, venues: [VenueID]) {
        guard !venues.isEmpty, venues.count <= 64 else { return nil }
        var venueIndex: [VenueID: Int] = [:]
        var coordinates: [Coordinate] = []
        var zones: [TimeZone] = []
        for (index, id) in venues.enumerated() {
            guard let venue = catalog.venue(id) else { return nil }
            venueIndex[id] = index
            coordinates.append(venue.coordinate)
            zones.append(venue.zone)
        }
        self.search = search
        venueIDs = venues
        venueCount = venues.count
        limit = search.driving.dailyLimit
        let games = catalog.games.filter {
            $0.league == league && $0.status.isPlayable && venueIndex[$0.venue] != nil
        }
        self.games = games
        gameVenue = games.map { venueIndex[$0.venue] ?? 0 }
        gameDay = games.map(\.localDate.dayNumber)
        gameStart = games.map(\.start.timeIntervalSince1970)
        // The rules' game length when rules are given, else the league's typical one (as the router).
        let gameSeconds = search.rules.map { $0.gameHours * 3600 }
        gameEnd = games.map { game in
            gameSeconds.map { game.start.timeIntervalSince1970 + $0 } ?? game.end.timeIntervalSince1970
        }
        let departureHour = search.earliestDepartureHour
        let buffer = search.arrivalBufferHours
        let limit = self.limit
        morning = zip(games, gameVenue).map { game, venue in
            let offset = Double(zones[venue].secondsFromGMT(for: game.start))
            let local = game.start.timeIntervalSince1970 + offset
            let secondsOfDay = local - (local / 86400).rounded(.down) * 86400
            return min(limit, max(0, secondsOfDay / 3600 - departureHour - buffer))
        }

        var points = venues.map { RoutePoint.venue($0) }
        var allCoordinates = coordinates
        if let start = search.startLocation {
            startPoint = points.count
            points.append(.location(start))
            allCoordinates.append(start.coordinate)
        } else {
            startPoint = nil
        }
        if let end = search.endLocation {
            endPoint = points.count
            points.append(.location(end))
            allCoordinates.append(end.coordinate)
        } else {
            endPoint = nil
        }
        self.points = points
        pointCount = points.count
        var hours = [Double](repeating: 0, count: pointCount * pointCount)
        var miles = hours
        for a in 0..<pointCount {
            for b in 0..<pointCount where a != b {
                // A broken coordinate makes a point unreachable rather than a NaN in every comparison.
                let leg = search.estimator.leg(from: allCoordinates[a], to: allCoordinates[b])
                let valid =
                    allCoordinates[a].isValid && allCoordinates[b].isValid && leg.miles.isFinite
                    && leg.drivingHours.isFinite
                hours[a * pointCount + b] = valid ? leg.drivingHours : .infinity
                miles[a * pointCount + b] = valid ? leg.miles : .infinity
            }
        }
        self.hours = hours
        self.miles = miles
        fullMask = venues.count == 64 ? ~0 : (UInt64(1) << UInt64(venues.count)) - 1

        // Games of each venue in start order (the catalogue's order), and the next-game tables.
        var byVenue = [[Int]](repeating: [], count: venues.count)
        for index in games.indices { byVenue[gameVenue[index]].append(index) }
        let count = venues.count
        var nextLater = [Int32](repeating: -1, count: games.count * count)
        var nextSame = nextLater
        let gameDay = self.gameDay
        let gameStart = self.gameStart
        let gameEnd = self.gameEnd
        let morning = self.morning
        for g in games.indices {
            let from = gameVenue[g]
            for v in 0..<count where v != from {
                let h = hours[from * pointCount + v]
                guard h.isFinite else { continue }
                let list = byVenue[v]
                var k = list.partitioningIndex { gameDay[$0] >= gameDay[g] }
                if search.allowsTwoParksPerDay, h <= limit + 1e-9 {
                    let needed = h > 0 ? (h + buffer) * 3600 : 0
                    while k < list.count, gameDay[list[k]] == gameDay[g] {
                        if gameEnd[g] + needed <= gameStart[list[k]] + 1e-6 {
                            nextSame[g * count + v] = Int32(list[k])
                            break
                        }
                        k += 1
                    }
                }
                k = list.partitioningIndex { gameDay[$0] > gameDay[g] }
                while k < list.count {
                    let c = list[k]
                    let gap = gameDay[c] - gameDay[g]
                    if gameEnd[g] <= gameStart[c], h <= Double(gap - 1) * limit + morning[c] + 1e-9 {
                        nextLater[g * count + v] = Int32(c)
                        break
                    }
                    k += 1
                }
            }
        }
        self.nextLater = nextLater
        self.nextSame = nextSame

        var partners = [UInt64](repeating: 0, count: count)
        if search.allowsTwoParksPerDay {
            for g in games.indices {
                for v in 0..<count where nextSame[g * count + v] >= 0 {
                    partners[gameVenue[g]] |= UInt64(1) << UInt64(v)
                    partners[v] |= UInt64(1) << UInt64(gameVenue[g])
                }
            }
        }
        self.partners = partners

        var days: [(day: Int, games: [Int])] = []
        for g in games.indices {
            if let last = days.last, last.day == gameDay[g] {
                days[days.count - 1].games.append(g)
            } else {
                days.append((gameDay[g], [g]))
            }
        }
        startDays = days
    }

    // MARK: States

    struct Label: VenueSetState {
        var mask: UInt64
        var game: Int32
        /// Index of the parent in the run's arena (−1 for a first game).
        var parent: Int32
        var firstDay: Int32
        var gamesToday: Int32
        var drivenToday: Double
        var miles: Double
        /// Lower bound on the tour's days (projected length), the beam's first sort key.
        var projected: Int32
    }

    /// The best complete tour of one run, as a path of games.
    struct Found {
        var days: Int
        var miles: Double
        var firstDay: Int
        var path: [Int]

        /// Fewer days, then fewer miles, then the earlier departure, then the path's games.
        func isBetter(than other: Found) -> Bool {
            if days != other.days { return days < other.days }
            if miles != other.miles { return miles < other.miles }
            if firstDay != other.firstDay { return firstDay < other.firstDay }
            return path.lexicographicallyPrecedes(other.path)
        }
    }

    @inline(__always) func hoursBetween(_ a: Int, _ b: Int) -> Double { hours[a * pointCount + b] }
    @inline(__always) func milesBetween(_ a: Int, _ b: Int) -> Double { miles[a * pointCount + b] }

    /// The first game `g` reached from the start location: departure day and hours already driven on g's day.
    func root(_ g: Int) -> (departure: Int, drivenToday: Double)? {
        guard let s = startPoint else { return (gameDay[g], 0) }
        let h = hoursBetween(s, gameVenue[g])
        guard h.isFinite else { return nil }
        if h <= morning[g] + 1e-9 { return (gameDay[g], h) }
        let early = Int(min(1e6, ((h - morning[g]) / limit - 1e-9).rounded(.up)))
        return (gameDay[g] - early, max(0, h - Double(early) * limit))
    }

    /// The drive to the end location after game `g`: hours, miles and extra days.
    func tail(_ g: Int) -> (hours: Double, miles: Double, days: Int)? {
        guard let e = endPoint else { return (0, 0, 0) }
        let h = hoursBetween(gameVenue[g], e)
        guard h.isFinite else { return nil }
        return (h, milesBetween(gameVenue[g], e), search.estimator.daysNeeded(hours: h, dailyLimit: limit))
    }

    /// Fewest extra days after a state's day for `remaining` venues: each needs a game, at most two a day, and two
    /// only for venues that can share a day with another one left; one may still fit today when `slotToday`.
    @inline(__always) func extraDays(remaining: Int, pairable: Int, slotToday: Bool) -> Int {
        let later = max(0, remaining - (slotToday ? 1 : 0))
        guard search.allowsTwoParksPerDay else { return later }
        return max((later + 1) / 2, later - pairable / 2)
    }

    // MARK: Search

    func run(started: ContinuousClock.Instant, clock: ContinuousClock) -> Outcome {
        var outcome = Outcome()
        let candidates = startDays.filter { entry in
            guard let range = search.startDates else { return true }
            // With a start location the departure can be days before the first game.
            return entry.day >= range.lowerBound.dayNumber && entry.day <= range.upperBound.dayNumber + 400
        }
        outcome.report.candidateStartDays = candidates.count
        guard !games.isEmpty, !candidates.isEmpty else { return outcome }
        // Every venue needs at least one game.
        var present: UInt64 = 0
        for v in gameVenue { present |= UInt64(1) << UInt64(v) }
        guard present == fullMask else { return outcome }

        var best: Found?
        var perDay: [(index: Int, found: Found)] = []
        let batch = 8
        var position = 0
        while position < candidates.count {
            if let budget = search.timeBudgetSeconds, position > 0 {
                let elapsed = started.duration(to: clock.now)
                if Double(elapsed.components.seconds) >= budget { break }
            }
            let slice = Array(candidates[position..<min(candidates.count, position + batch)])
            let incumbent = best
            let results = parallelMap(slice.count) { i in
                beam(firstGames: slice[i].games, width: search.beamWidth, incumbent: incumbent)
            }
            for (offset, found) in results.enumerated() {
                guard let found else { continue }
                perDay.append((position + offset, found))
                if best.map({ found.isBetter(than: $0) }) ?? true { best = found }
            }
            position += slice.count
        }
        outcome.report.searchedStartDays = position

        // Refinement: the best first days again with a wider beam.
        if search.refinedStartDayCount > 0, search.refinementWidth > search.beamWidth {
            let ranked = perDay.sorted { a, b in
                a.found.isBetter(than: b.found) || (!b.found.isBetter(than: a.found) && a.index < b.index)
            }
            var chosen: [Int] = []
            for entry in ranked where !chosen.contains(entry.index) {
                chosen.append(entry.index)
                if chosen.count == search.refinedStartDayCount { break }
            }
            let incumbent = best
            let refined = chosen
            let results = parallelMap(refined.count) { i in
                beam(firstGames: candidates[refined[i]].games, width: search.refinementWidth, incumbent: incumbent)
            }
            for found in results {
                guard let found else { continue }
                if best.map({ found.isBetter(than: $0) }) ?? true { best = found }
            }
            outcome.report.refinedStartDays = chosen.count
        }
        if let best { outcome.report.tour = tour(best) }
        return outcome
    }

    /// One beam search from the games of one first day; the best complete tour that is not worse than `incumbent`.
    func beam(firstGames: [Int], width: Int, incumbent: Found?) -> Found? {
        let count = venueCount
        var arena = PathArena()
        var layer: [Label] = []
        var table = VenueSetTable(capacity: max(64, width * count))
        let lowerDay = search.startDates?.lowerBound.dayNumber ?? Int.min
        let upperDay = search.startDates?.upperBound.dayNumber ?? Int.max
        let minTailDays =
            endPoint == nil
            ? 0
            : (0..<count).compactMap { v -> Int? in
                let h = hoursBetween(v, endPoint ?? 0)
                return h.isFinite ? search.estimator.daysNeeded(hours: h, dailyLimit: limit) : nil
            }.min() ?? 0

        func pairableCount(_ remaining: UInt64) -> Int {
            var result = 0
            var bits = remaining
            while bits != 0 {
                let v = bits.trailingZeroBitCount
                bits &= bits - 1
                if partners[v] & remaining != 0 { result += 1 }
            }
            return result
        }

        func prunedByIncumbent(_ label: Label) -> Bool {
            guard let incumbent else { return false }
            if Int(label.projected) != incumbent.days { return Int(label.projected) > incumbent.days }
            return label.miles >= incumbent.miles
        }

        // First games.
        table.reset()
        var children: [Label] = []
        let remainingAll = pairableCount(fullMask)
        for g in firstGames {
            guard let root = root(g), root.departure >= lowerDay, root.departure <= upperDay else { continue }
            let v = gameVenue[g]
            let mask = UInt64(1) << UInt64(v)
            let remaining = fullMask & ~mask
            let pairable = remainingAll - (partners[v] & fullMask & ~mask != 0 ? 1 : 0)
            let extra =
                remaining == 0
                ? minTailDays
                : extraDays(remaining: count - 1, pairable: pairable, slotToday: search.allowsTwoParksPerDay)
                    + minTailDays
            let leadMiles = startPoint.map { milesBetween($0, v) } ?? 0
            let label = Label(
                mask: mask, game: Int32(g), parent: -1, firstDay: Int32(root.departure), gamesToday: 1,
                drivenToday: root.drivenToday, miles: leadMiles,
                projected: Int32(gameDay[g] + extra - root.departure + 1))
            if prunedByIncumbent(label) { continue }
            table.offer(label, venue: v, into: &children, isBetter: isBetterState)
        }
        layer = select(children, width: width)

        var finished: Found?
        while !layer.isEmpty {
            // Record the layer in the arena.
            for index in layer.indices {
                layer[index].parent = arena.add(game: layer[index].game, parent: layer[index].parent)
            }
            if layer[0].mask == fullMask {
                for label in layer {
                    let g = Int(label.game)
                    guard let tail = tail(g) else { continue }
                    let days = gameDay[g] + tail.days - Int(label.firstDay) + 1
                    let found = Found(
                        days: days, miles: label.miles + tail.miles, firstDay: Int(label.firstDay),
                        path: arena.path(to: label.parent))
                    if let incumbent, !found.isBetter(than: incumbent) { continue }
                    if finished.map({ found.isBetter(than: $0) }) ?? true { finished = found }
                }
                break
            }
            table.reset()
            children.removeAll(keepingCapacity: true)
            for label in layer {
                let g = Int(label.game)
                let from = gameVenue[g]
                let remaining = fullMask & ~label.mask
                let remainingCount = remaining.nonzeroBitCount - 1
                let pairableHere = search.allowsTwoParksPerDay ? pairableCount(remaining) : 0
                var bits = remaining
                while bits != 0 {
                    let v = bits.trailingZeroBitCount
                    bits &= bits - 1
                    let h = hoursBetween(from, v)
                    var next = -1
                    var driven = 0.0
                    var gamesToday: Int32 = 1
                    if label.gamesToday < 2 {
                        let same = Int(nextSame[g * count + v])
                        if same >= 0, label.drivenToday + h <= limit + 1e-9 {
                            next = same
                            driven = label.drivenToday + h
                            gamesToday = 2
                        }
                    }
                    if next < 0 {
                        next = Int(nextLater[g * count + v])
                        guard next >= 0 else { continue }
                        driven = max(0, h - Double(gameDay[next] - gameDay[g] - 1) * limit)
                    }
                    let childMask = label.mask | (UInt64(1) << UInt64(v))
                    let pairable =
                        pairableHere - (partners[v] & remaining & ~(UInt64(1) << UInt64(v)) != 0 ? 1 : 0)
                    let extra =
                        remainingCount == 0
                        ? minTailDays
                        : extraDays(
                            remaining: remainingCount, pairable: max(0, pairable),
                            slotToday: search.allowsTwoParksPerDay && gamesToday < 2) + minTailDays
                    let child = Label(
                        mask: childMask, game: Int32(next), parent: label.parent, firstDay: label.firstDay,
                        gamesToday: gamesToday, drivenToday: driven, miles: label.miles + milesBetween(from, v),
                        projected: Int32(gameDay[next] + extra) - label.firstDay + 1)
                    if prunedByIncumbent(child) { continue }
                    table.offer(child, venue: v, into: &children, isBetter: isBetterState)
                }
            }
            layer = select(children, width: width)
        }
        return finished
    }

    /// For two states with the same venues ending at the same venue: the earlier (or same-time but less driven
    /// today) game, then fewer miles, then the later departure.
    @inline(__always) func isBetterState(_ a: Label, _ b: Label) -> Bool {
        // Games are in start order, so the lower index starts first.
        if a.game != b.game { return a.game < b.game }
        if a.firstDay != b.firstDay { return a.firstDay > b.firstDay }
        if a.miles != b.miles { return a.miles < b.miles }
        return a.drivenToday < b.drivenToday
    }

    /// The `width` best states: smallest projected length, then earliest game, then fewest miles, then a fixed order.
    func select(_ labels: [Label], width: Int) -> [Label] {
        func precedes(_ a: Label, _ b: Label) -> Bool {
            if a.projected != b.projected { return a.projected < b.projected }
            if a.miles != b.miles { return a.miles < b.miles }
            if a.game != b.game { return a.game < b.game }
            if a.mask != b.mask { return a.mask < b.mask }
            return a.firstDay > b.firstDay
        }
        guard labels.count > width else { return labels.sorted(by: precedes) }
        // Counting pass on the projected length, then a sort of the bucket on the boundary only.
        guard let low = labels.map(\.projected).min(), let high = labels.map(\.projected).max() else { return [] }
        var histogram = [Int](repeating: 0, count: Int(high - low) + 1)
        for label in labels { histogram[Int(label.projected - low)] += 1 }
        var threshold = low
        var below = 0
        while below + histogram[Int(threshold - low)] < width {
            below += histogram[Int(threshold - low)]
            threshold += 1
        }
        var kept = labels.filter { $0.projected < threshold }
        let boundary = labels.filter { $0.projected == threshold }.sorted(by: precedes)
        kept.append(contentsOf: boundary.prefix(width - below))
        return kept.sorted(by: precedes)
    }

    /// The tour of a path.
    func tour(_ found: Found) -> BallparkTour? {
        guard let first = found.path.first, let last = found.path.last, let root = root(first),
            let tail = tail(last)
        else { return nil }
        var legs: [BallparkTour.Leg] = []
        var totalHours = 0.0
        var totalMiles = 0.0
        func addLeg(_ a: Int, _ b: Int, toVisit: Int?) {
            let m = milesBetween(a, b)
            guard m > 0 else { return }
            let h = hoursBetween(a, b)
            totalHours += h
            totalMiles += m
            legs.append(BallparkTour.Leg(from: points[a], to: points[b], miles: m, drivingHours: h, toVisit: toVisit))
        }
        if let s = startPoint { addLeg(s, gameVenue[first], toVisit: 0) }
        for (position, (a, b)) in zip(found.path, found.path.dropFirst()).enumerated() {
            addLeg(gameVenue[a], gameVenue[b], toVisit: position + 1)
        }
        if let e = endPoint { addLeg(gameVenue[last], e, toVisit: nil) }
        let visits = found.path.map { g in
            BallparkTour.Visit(
                gameId: games[g].id, venueId: games[g].venue, localDate: games[g].localDate, start: games[g].start)
        }
        let lastDay = gameDay[last] + tail.days
        return BallparkTour(
            visits: visits, legs: legs, firstDay: LocalDate(dayNumber: root.departure),
            lastDay: LocalDate(dayNumber: lastDay), totalDays: lastDay - root.departure + 1, totalMiles: totalMiles,
            drivingHours: totalHours, dailyLimit: limit)
    }

    /// `body(0..<count)` on all cores (threads of its own: ``SearchThreads``), results in index order.
    func parallelMap(_ count: Int, _ body: @escaping @Sendable (Int) -> Found?) -> [Found?] {
        SearchThreads.map(count, body)
    }
}
