import Foundation

// One given sequence of games checked against the rules and turned into a ``PlannedRoute``.
extension RoutingProblem {
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
