import Foundation

// The label-setting search over the game graph (see ``GameDAGRouter``).
extension RoutingProblem {
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

    /// The games each game can be reached from, oldest first. No must-see game may lie strictly between; in beam
    /// mode (`cap` < `Int.max`) only the `cap` most recent that can reach it (older ones rarely beat them and cost
    /// quadratic time).
    func predecessorLists(cap: Int) -> [[Int32]] {
        var predecessors: [[Int32]] = Array(repeating: [], count: n)
        let free = Clock(drivenToday: 0, gamesToday: 0, streak: 0)
        var previousAnchor = -1
        let anchorSet = Set(anchorIndices)
        for j in 0..<n {
            var i = j - 1
            while i >= max(0, previousAnchor), predecessors[j].count < cap {
                if step(i, j, free) != nil { predecessors[j].append(Int32(i)) }
                i -= 1
            }
            predecessors[j].reverse()
            if anchorSet.contains(j) { previousAnchor = j }
        }
        return predecessors
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
        let predecessors = predecessorLists(cap: cap == Int.max ? Int.max : router.maxPredecessors)
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
}
