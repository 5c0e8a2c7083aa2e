import Foundation

/// Turns router routes into itineraries: games with names and local times, legs with overnight stops, and a day by
/// day plan.
public struct ItineraryBuilder: Sendable {
    /// The estimator the routes were planned with (for overnight positions).
    public var estimator: TravelEstimator
    /// An overnight stop is named after the nearest venue city within this many miles.
    public var nearbyCityMiles: Double

    /// A builder; overnight stops take the name of a venue city within 75 miles by default.
    public init(estimator: TravelEstimator = TravelEstimator(), nearbyCityMiles: Double = 75) {
        self.estimator = estimator
        self.nearbyCityMiles = nearbyCityMiles
    }

    /// The itinerary of `route` as option number `rank`, with `dailyLimit` hours of driving a day.
    public func option(for route: PlannedRoute, rank: Int, dailyLimit: Double, catalog: Catalog) -> ItineraryOption {
        var clock = ItineraryClock()
        return option(for: route, rank: rank, dailyLimit: dailyLimit, catalog: catalog, clock: &clock)
    }

    /// Itineraries of `routes`, ranked 1, 2, … in order (sharing date formatters, which are slow to create).
    public func options(for routes: [PlannedRoute], dailyLimit: Double, catalog: Catalog) -> [ItineraryOption] {
        var clock = ItineraryClock()
        return routes.enumerated().map { index, route in
            option(for: route, rank: index + 1, dailyLimit: dailyLimit, catalog: catalog, clock: &clock)
        }
    }

    private func option(
        for route: PlannedRoute, rank: Int, dailyLimit: Double, catalog: Catalog, clock: inout ItineraryClock
    ) -> ItineraryOption {
        let games = route.games.map { plannedGame($0, catalog: catalog, clock: &clock) }
        let legs = route.legs.map { travelLeg($0, dailyLimit: dailyLimit, catalog: catalog) }
        let days = itineraryDays(route: route, games: games, legs: legs, catalog: catalog)
        let totals = ItineraryTotals(
            games: games.count, distinctVenues: Set(games.map(\.venueId)).count,
            miles: legs.reduce(0) { $0 + $1.miles }, drivingHours: legs.reduce(0) { $0 + $1.drivingHours },
            restDays: days.filter { $0.kind == .rest }.count, days: days.count)
        return ItineraryOption(
            rank: rank, score: route.score, breakdown: route.breakdown, games: games, legs: legs, days: days,
            totals: totals)
    }

    /// A game with its names, place and local start.
    public func plannedGame(_ game: Game, catalog: Catalog) -> PlannedGame {
        var clock = ItineraryClock()
        return plannedGame(game, catalog: catalog, clock: &clock)
    }

    private func plannedGame(_ game: Game, catalog: Catalog, clock: inout ItineraryClock) -> PlannedGame {
        let venue = catalog.venue(game.venue)
        let zone = venue?.zone ?? TimeZone(secondsFromGMT: 0) ?? .current
        return PlannedGame(
            gameId: game.id, league: game.league, homeTeamId: game.home,
            homeTeamName: catalog.team(game.home)?.name ?? game.home.rawValue, awayTeamId: game.away,
            awayTeamName: catalog.team(game.away)?.name ?? game.away.rawValue, venueId: game.venue,
            venueName: venue?.name ?? game.venue.rawValue, city: venue?.place ?? "",
            latitude: venue?.coordinate.latitude ?? 0, longitude: venue?.coordinate.longitude ?? 0, start: game.start,
            localDate: game.localDate,
            localStart: clock.text(game.start, in: zone),
            timeZone: venue?.timeZone ?? "UTC")
    }

    /// `instant` formatted in `zone` (en_US_POSIX, Gregorian).
    public static func localText(_ instant: Date, in zone: TimeZone, format: String) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.calendar = Calendar(identifier: .gregorian)
        formatter.timeZone = zone
        formatter.dateFormat = format
        return formatter.string(from: instant)
    }

    private func name(of point: RoutePoint, catalog: Catalog) -> (id: VenueID?, name: String) {
        switch point {
        case .venue(let id): (id, catalog.venue(id).map { "\($0.name), \($0.place)" } ?? id.rawValue)
        case .location(let location): (nil, location.name)
        }
    }

    private func shortName(of point: RoutePoint, catalog: Catalog) -> String {
        switch point {
        case .venue(let id): catalog.venue(id)?.name ?? id.rawValue
        case .location(let location): location.name
        }
    }

    private func place(of point: RoutePoint, catalog: Catalog) -> String {
        switch point {
        case .venue(let id): catalog.venue(id)?.place ?? id.rawValue
        case .location(let location): location.name
        }
    }

    private func travelLeg(_ leg: PlannedRoute.Leg, dailyLimit: Double, catalog: Catalog) -> TravelLeg {
        let from = name(of: leg.from, catalog: catalog)
        let to = name(of: leg.to, catalog: catalog)
        let departure = leg.days.first?.day ?? LocalDate(dayNumber: 0)
        // Nights on the road: after every day of the leg but its last.
        var stops: [OvernightStop] = []
        var driven = 0.0
        for dayDrive in leg.days.dropLast() {
            driven += dayDrive.hours
            let moving = max(0, driven - estimator.legOverheadHours / 2)
            let miles = min(leg.miles, moving * estimator.averageSpeedMPH)
            let share = leg.miles > 0 ? miles / leg.miles : 0
            let coordinate = TravelEstimator.interpolate(from: leg.fromCoordinate, to: leg.toCoordinate, share: share)
            stops.append(
                OvernightStop(
                    date: dayDrive.day, name: nearbyName(coordinate, catalog: catalog),
                    latitude: coordinate.latitude, longitude: coordinate.longitude, milesFromStart: miles))
        }
        return TravelLeg(
            fromVenueId: from.id, fromName: from.name, toVenueId: to.id, toName: to.name, miles: leg.miles,
            drivingHours: leg.drivingHours, departureDay: departure, dailyHours: leg.days, overnightStops: stops)
    }

    /// "near <city>" for the closest venue city within ``nearbyCityMiles``, else "en route (lat, lon)".
    public func nearbyName(_ coordinate: Coordinate, catalog: Catalog) -> String {
        var best: (miles: Double, place: String)?
        for venue in catalog.venues.values {
            let miles = venue.coordinate.miles(to: coordinate)
            if miles <= nearbyCityMiles,
                best.map({ miles < $0.miles || (miles == $0.miles && venue.place < $0.place) })
                    ?? true
            {
                best = (miles, venue.place)
            }
        }
        if let best { return "near \(best.place)" }
        return String(format: "en route (%.2f, %.2f)", coordinate.latitude, coordinate.longitude)
    }

    private func itineraryDays(
        route: PlannedRoute, games: [PlannedGame], legs: [TravelLeg], catalog: Catalog
    ) -> [ItineraryDay] {
        // Events in route order: the leg into each game (if any), the game; then the leg to the end location.
        struct Event {
            var day: LocalDate
            var item: ItineraryItem
            /// Where the traveller is after this event.
            var place: String
        }
        var events: [Event] = []
        var legIndex = 0
        func addLeg(_ index: Int) {
            let leg = route.legs[index]
            let info = legs[index]
            let destination = place(of: leg.to, catalog: catalog)
            // Cities, or venue names for a hop within one city ("Wrigley Field → Rate Field").
            let origin = place(of: leg.from, catalog: catalog)
            let sameCity = origin == destination
            let shownFrom = sameCity ? shortName(of: leg.from, catalog: catalog) : origin
            let shownTo = sameCity ? shortName(of: leg.to, catalog: catalog) : destination
            for (dayIndex, dayDrive) in leg.days.enumerated() {
                let isLast = dayIndex == leg.days.count - 1
                let detail =
                    leg.days.count > 1
                    ? "day \(dayIndex + 1) of \(leg.days.count)" : "\(Int(leg.miles.rounded())) mi"
                let text = "Drive \(shownFrom) → \(shownTo) (\(String(format: "%.1f", dayDrive.hours)) h, \(detail))"
                let stops = info.overnightStops
                let night = isLast || dayIndex >= stops.count ? destination : stops[dayIndex].name
                events.append(
                    Event(day: dayDrive.day, item: ItineraryItem(kind: .drive, time: nil, text: text), place: night))
            }
        }
        for (gameIndex, game) in route.games.enumerated() {
            if legIndex < route.legs.count, route.legs[legIndex].toGame == gameIndex {
                addLeg(legIndex)
                legIndex += 1
            }
            let planned = games[gameIndex]
            // "Sat Jun 6, 1:10 PM EDT" → "1:10 PM EDT".
            let time = planned.localStart.range(of: ", ").map { String(planned.localStart[$0.upperBound...]) }
            let text = "\(planned.awayTeamName) at \(planned.homeTeamName), \(planned.venueName)"
            events.append(
                Event(
                    day: planned.localDate, item: ItineraryItem(kind: .game, time: time, text: text, gameId: game.id),
                    place: planned.city))
        }
        while legIndex < route.legs.count {
            addLeg(legIndex)
            legIndex += 1
        }
        var days: [ItineraryDay] = []
        var here =
            route.legs.first.flatMap { leg -> String? in
                if case .location = leg.from { return self.place(of: leg.from, catalog: catalog) }
                return nil
            } ?? games.first?.city ?? ""
        var cursor = 0
        let first = route.firstDay.dayNumber
        let last = max(route.lastDay.dayNumber, events.map(\.day.dayNumber).max() ?? first)
        for number in first...max(first, last) {
            var items: [ItineraryItem] = []
            while cursor < events.count, events[cursor].day.dayNumber <= number {
                items.append(events[cursor].item)
                here = events[cursor].place
                cursor += 1
            }
            let hasGame = items.contains { $0.kind == .game }
            let hasDrive = items.contains { $0.kind == .drive }
            let kind: DayKind = hasGame ? (hasDrive ? .mixed : .game) : (hasDrive ? .travel : .rest)
            days.append(ItineraryDay(date: LocalDate(dayNumber: number), kind: kind, items: items, overnight: here))
        }
        return days
    }
}

/// Formats instants as "Sat Jun 6, 1:10 PM EDT" in a zone, keeping one formatter per zone.
struct ItineraryClock {
    private var formatters: [String: DateFormatter] = [:]

    mutating func text(_ instant: Date, in zone: TimeZone) -> String {
        if let formatter = formatters[zone.identifier] { return formatter.string(from: instant) }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.calendar = Calendar(identifier: .gregorian)
        formatter.timeZone = zone
        formatter.dateFormat = "EEE MMM d, h:mm a zzz"
        formatters[zone.identifier] = formatter
        return formatter.string(from: instant)
    }
}
