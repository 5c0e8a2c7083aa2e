import Foundation

/// A tour that sees one game at each of a set of venues (every ballpark of a league): the games in order, the drives
/// between them and its length.
public struct BallparkTour: Codable, Sendable, Equatable {
    /// One game of the tour.
    public struct Visit: Codable, Sendable, Equatable {
        /// The game attended.
        public var gameId: GameID
        /// Where it is played.
        public var venueId: VenueID
        /// The game's calendar date at the venue.
        public var localDate: LocalDate
        /// First pitch, UTC.
        public var start: Date

        /// A visit from its parts.
        public init(gameId: GameID, venueId: VenueID, localDate: LocalDate, start: Date) {
            self.gameId = gameId
            self.venueId = venueId
            self.localDate = localDate
            self.start = start
        }
    }

    /// A drive between two points of the tour (drives of zero miles are left out).
    public struct Leg: Codable, Sendable, Equatable {
        /// Where the drive starts.
        public var from: RoutePoint
        /// Where the drive ends.
        public var to: RoutePoint
        /// Road miles.
        public var miles: Double
        /// Driving hours, overhead included.
        public var drivingHours: Double
        /// Index in ``BallparkTour/visits`` of the game the drive leads to; nil for the drive to the end location.
        public var toVisit: Int?

        /// A leg from its parts.
        public init(from: RoutePoint, to: RoutePoint, miles: Double, drivingHours: Double, toVisit: Int?) {
            self.from = from
            self.to = to
            self.miles = miles
            self.drivingHours = drivingHours
            self.toVisit = toVisit
        }
    }

    /// Games in the order they are attended, one per venue.
    public var visits: [Visit]
    /// Drives in order (from the start location first, to the end location last).
    public var legs: [Leg]
    /// First day of the tour: departure from the start location, or the first game's day.
    public var firstDay: LocalDate
    /// Last day of the tour: arrival at the end location, or the last game's day.
    public var lastDay: LocalDate
    /// Calendar days from ``firstDay`` to ``lastDay``, both included.
    public var totalDays: Int
    /// Road miles of all legs.
    public var totalMiles: Double
    /// Driving hours of all legs.
    public var drivingHours: Double
    /// Hours of driving a day the tour was planned with (24 under the continuous rules).
    public var dailyLimit: Double
    /// The rules the tour obeys (nil for tours stored before rules were recorded: the daily model of that time).
    public var rules: TravelRules?
    /// Hours from the first pitch to the last game's end (the continuous model's measure; set for every tour planned
    /// with rules).
    public var durationHours: Double?
    /// Where the road times came from ("OSRM road matrix", "estimated …").
    public var roadSource: String?
    /// The search's lower bound on the best possible tour, when it computed one.
    public var lowerBound: TourLowerBound?

    /// A tour from its parts.
    public init(
        visits: [Visit], legs: [Leg], firstDay: LocalDate, lastDay: LocalDate, totalDays: Int, totalMiles: Double,
        drivingHours: Double, dailyLimit: Double, rules: TravelRules? = nil, durationHours: Double? = nil,
        roadSource: String? = nil
    ) {
        self.visits = visits
        self.legs = legs
        self.firstDay = firstDay
        self.lastDay = lastDay
        self.totalDays = totalDays
        self.totalMiles = totalMiles
        self.drivingHours = drivingHours
        self.dailyLimit = dailyLimit
        self.rules = rules
        self.durationHours = durationHours
        self.roadSource = roadSource
    }

    /// How far the tour can at most be from the optimum: (tour − bound) / tour; nil without a bound.
    public var gap: Double? {
        guard let lowerBound else { return nil }
        let value = lowerBound.unit == .days ? Double(totalDays) : durationDays ?? Double(totalDays)
        guard value > 0 else { return nil }
        return max(0, (value - lowerBound.value) / value)
    }

    /// ``durationHours`` in days (first pitch to last out), if known.
    public var durationDays: Double? { durationHours.map { $0 / 24 } }

    /// The venues the tour covers.
    public var venueIds: Set<VenueID> { Set(visits.map(\.venueId)) }
}

/// What a search did, besides its tour.
public struct BallparkTourReport: Sendable, Equatable {
    /// The shortest tour found (fewest days, then fewest miles), nil when none exists or none was found.
    public var tour: BallparkTour?
    /// The venues the tour had to cover.
    public var venues: [VenueID]
    /// Days with a game at one of the venues (the candidate first days).
    public var candidateStartDays: Int
    /// Candidate first days searched (fewer when the time budget ran out).
    public var searchedStartDays: Int
    /// First days searched again with the wider refinement beam.
    public var refinedStartDays: Int
    /// Wall-clock seconds the search took.
    public var elapsedSeconds: Double
    /// The rules the search obeyed.
    public var rules: TravelRules?
    /// A proven lower bound on the best possible tour, if one was computed (see ``TourLowerBound``).
    public var lowerBound: TourLowerBound?
    /// Whether the time limit stopped the search before it was done (the tour is the best so far).
    public var stoppedByTimeLimit: Bool

    /// A report from its parts.
    public init(
        tour: BallparkTour?, venues: [VenueID], candidateStartDays: Int, searchedStartDays: Int,
        refinedStartDays: Int, elapsedSeconds: Double, rules: TravelRules? = nil, lowerBound: TourLowerBound? = nil,
        stoppedByTimeLimit: Bool = false
    ) {
        self.tour = tour
        self.venues = venues
        self.candidateStartDays = candidateStartDays
        self.searchedStartDays = searchedStartDays
        self.refinedStartDays = refinedStartDays
        self.elapsedSeconds = elapsedSeconds
        self.rules = rules
        self.lowerBound = lowerBound
        self.stoppedByTimeLimit = stoppedByTimeLimit
    }

    /// How far the tour can at most be from the optimum: (tour − bound) / tour, in the bound's unit; nil without both.
    public var gap: Double? {
        guard var tour, let lowerBound else { return nil }
        tour.lowerBound = lowerBound
        return tour.gap
    }
}

/// A lower bound on the length of any tour under the same rules, venues and games.
public struct TourLowerBound: Codable, Sendable, Equatable {
    /// What ``value`` counts.
    public enum Unit: String, Codable, Sendable {
        /// Fractional days from the first pitch to the last out (continuous rules).
        case durationDays
        /// Calendar days (daily rules).
        case days
    }

    /// The bound.
    public var value: Double
    /// Its unit.
    public var unit: Unit
    /// How it was found, for people.
    public var method: String
    /// Whether the bound is the optimum itself (small instances solved exactly).
    public var isExact: Bool

    /// A bound from its parts.
    public init(value: Double, unit: Unit, method: String, isExact: Bool = false) {
        self.value = value
        self.unit = unit
        self.method = method
        self.isExact = isExact
    }
}

/// Searches a season for the shortest tour that attends one game at every home venue of a league (the "30 ballparks"
/// trip): fewest calendar days first, then fewest road miles.
///
/// Timing model — the same rules as ``GameDAGRouter`` with leisure ``LeisureLevel/packed`` and no backtracking
/// filter (its feasibility functions are internal to the router, so they are mirrored here; every tour found is
/// checked against ``GameDAGRouter/evaluate(_:for:catalog:)`` by the tests):
/// - Drives come from ``TravelEstimator``; a change of venue needs ``arrivalBufferHours`` in hand before the game.
/// - No driving after a game: drives start the next morning at ``earliestDepartureHour`` local time and each day
///   allows ``DrivingConstraints/dailyLimit`` hours, full days first; on the next game's day only the hours between
///   the departure hour and the start minus the buffer count. So game g1 (day d1) → g2 (day d2 > d1) needs
///   `h ≤ (d2 − d1 − 1) × limit + morning(g2)`.
/// - Two parks on one day (when ``allowsTwoParksPerDay``): g1's end + h + buffer ≤ g2's start, and that day's driving
///   (what was left of the drive into g1 plus this hop) stays within the limit. At most two games a day.
/// - Start location: leave on the latest day that still reaches the first game; end location: leave the morning
///   after the last game. Days are counted from departure to arrival.
///
/// Search: for each candidate first day (each day with a game at a tour venue, in order, optionally only within
/// ``startDates``) a beam search over states (current game, visited-venue set) grown one venue at a time. From a
/// state the next game at each unvisited venue is the earliest one the rules allow (waiting never helps: a later game
/// at the same venue only leaves less time for the rest). States with the same venue set ending at the same venue
/// keep the earliest finish, then the fewest miles; the layer keeps the ``beamWidth`` states with the smallest
/// projected length (days so far plus a lower bound for the venues left: at most two a day, and two only for venues
/// that can share a day with another venue left), then earliest current game, then fewest miles. States that cannot
/// beat the best tour of earlier first days are dropped. Then the ``refinedStartDayCount`` best first days are
/// searched again with ``refinementWidth``. First days are searched in fixed batches on all cores, each batch using
/// the best tour of the batches before, so the result does not depend on thread timing — unless a
/// ``timeBudgetSeconds`` stops the sweep early. The search is a heuristic: it finds a tour when the beam keeps a
/// state that completes one, and small instances with a wide enough beam are searched exhaustively.
public struct BallparkTourSearch: Codable, Sendable, Equatable {
    /// Drivers and hours each may drive a day.
    public var driving: DrivingConstraints
    /// Driving estimates.
    public var estimator: TravelEstimator
    /// Whether a day game and a night game at two venues may share a day.
    public var allowsTwoParksPerDay: Bool
    /// States kept per layer in the sweep over first days (at least 1).
    public var beamWidth: Int
    /// States kept per layer when the best first days are searched again (at least ``beamWidth``).
    public var refinementWidth: Int
    /// How many of the best first days are searched again with ``refinementWidth`` (0 = no refinement).
    public var refinedStartDayCount: Int
    /// Stop trying further first days after this many seconds (nil = search them all; a budget makes the result
    /// depend on the machine's speed).
    public var timeBudgetSeconds: Double?
    /// Only tours leaving on one of these days (nil = any day of the season).
    public var startDates: ClosedRange<LocalDate>?
    /// Where the tour starts (the drive to the first game counts), if anywhere.
    public var startLocation: TripLocation?
    /// Where the tour ends (the drive from the last game counts), if anywhere.
    public var endLocation: TripLocation?
    /// Hours to arrive before a game at another venue.
    public var arrivalBufferHours: Double
    /// Local hour drivers set off in the morning.
    public var earliestDepartureHour: Double
    /// The travel rules, when given explicitly: the continuous model runs ``ContinuousTourRunner``, the daily model
    /// this type's beam search with the rules' game length. Nil = the daily model from the fields above with the
    /// league's typical game length (what tours were planned with before rules existed).
    public var rules: TravelRules?
    /// Effort of the continuous-model search (iteration counts).
    public var continuous: ContinuousTourSettings

    /// A search; the defaults are one driver × 8 h, the default estimator, two parks a day allowed, a beam of 500
    /// states refined at 2,000 on the 8 best first days, no time budget, any dates and no fixed ends.
    public init(
        driving: DrivingConstraints = DrivingConstraints(numberOfDrivers: 1, maxHoursPerDriver: nil),
        estimator: TravelEstimator = TravelEstimator(), allowsTwoParksPerDay: Bool = true, beamWidth: Int = 500,
        refinementWidth: Int = 2_000, refinedStartDayCount: Int = 8, timeBudgetSeconds: Double? = nil,
        startDates: ClosedRange<LocalDate>? = nil, startLocation: TripLocation? = nil,
        endLocation: TripLocation? = nil, arrivalBufferHours: Double = 1, earliestDepartureHour: Double = 8,
        rules: TravelRules? = nil, continuous: ContinuousTourSettings = ContinuousTourSettings()
    ) {
        self.driving = driving
        self.estimator = estimator
        self.allowsTwoParksPerDay = allowsTwoParksPerDay
        self.beamWidth = max(1, beamWidth)
        self.refinementWidth = max(self.beamWidth, refinementWidth)
        self.refinedStartDayCount = max(0, refinedStartDayCount)
        self.timeBudgetSeconds = timeBudgetSeconds.flatMap { $0.isFinite ? max(0, $0) : nil }
        self.startDates = startDates
        self.startLocation = startLocation
        self.endLocation = endLocation
        self.arrivalBufferHours = arrivalBufferHours.isFinite ? max(0, arrivalBufferHours) : 1
        self.earliestDepartureHour = earliestDepartureHour.isFinite ? min(23, max(0, earliestDepartureHour)) : 8
        self.continuous = continuous
        self.rules = rules
        if let rules {
            self.driving = rules.drivingConstraints
            self.estimator = rules.estimator
            self.arrivalBufferHours = rules.bufferHours
            self.earliestDepartureHour = rules.departureHour
            self.allowsTwoParksPerDay = rules.allowsTwoParksPerDay
        }
    }

    /// A search under `rules` (the continuous or the daily model), everything else as given.
    public init(
        rules: TravelRules, timeBudgetSeconds: Double? = nil, startDates: ClosedRange<LocalDate>? = nil,
        startLocation: TripLocation? = nil, endLocation: TripLocation? = nil,
        continuous: ContinuousTourSettings = ContinuousTourSettings()
    ) {
        self.init(
            timeBudgetSeconds: timeBudgetSeconds, startDates: startDates, startLocation: startLocation,
            endLocation: endLocation, rules: rules, continuous: continuous)
    }

    /// The rules this search obeys: ``rules`` when given, else the daily model of the fields with `gameHours`.
    public func effectiveRules(gameHours: Double) -> TravelRules {
        rules
            ?? TravelRules(
                driving: .daily, gameHours: gameHours, bufferHours: arrivalBufferHours,
                drivers: driving.numberOfDrivers, hoursPerDriver: driving.maxHoursPerDriver,
                departureHour: earliestDepartureHour, allowsTwoParksPerDay: allowsTwoParksPerDay, estimator: estimator)
    }

    /// The shortest tour found that attends one game at each of `venues` (nil = every home venue of `league`, see
    /// ``homeVenues(of:in:)``), using playable games of `league` from `catalog`; nil when there is none, when a venue
    /// has no reachable game, or when more than 64 venues are asked for.
    public func search(catalog: Catalog, league: League = .mlb, venues: Set<VenueID>? = nil) -> BallparkTour? {
        report(catalog: catalog, league: league, venues: venues).tour
    }

    /// ``search(catalog:league:venues:)`` with what the search did, the rules, a lower bound and how long it took;
    /// `progress` hears of each step (from the searching thread).
    public func report(
        catalog: Catalog, league: League = .mlb, venues: Set<VenueID>? = nil,
        progress: (@Sendable (TourProgress) -> Void)? = nil
    ) -> BallparkTourReport {
        let clock = ContinuousClock()
        let started = clock.now
        let targets = (venues.map { Array($0) } ?? Self.homeVenues(of: league, in: catalog)).sorted()
        let rules = effectiveRules(gameHours: league.typicalGameDuration / 3600)
        var report: BallparkTourReport
        if rules.driving == .continuous {
            report = continuousReport(catalog: catalog, league: league, venues: targets, progress: progress)
        } else {
            let engine = BallparkTourEngine(search: self, catalog: catalog, league: league, venues: targets)
            progress?(TourProgress(phase: "sweep", fraction: 0, bestDays: nil))
            report = (engine?.run(started: started, clock: clock) ?? BallparkTourEngine.Outcome()).report
            if let budget = timeBudgetSeconds, report.searchedStartDays < report.candidateStartDays,
                Self.seconds(started.duration(to: clock.now)) >= budget
            {
                report.stoppedByTimeLimit = true
            }
            if rules.driving == .daily, var tour = report.tour {
                tour.rules = rules
                tour.roadSource = roadSource(catalog: catalog, venues: targets)
                if let first = tour.visits.first, let last = tour.visits.last {
                    tour.durationHours = (last.start.timeIntervalSince(first.start)) / 3600 + rules.gameHours
                }
                report.tour = tour
            }
            progress?(TourProgress(phase: "bound", fraction: 0.9, bestDays: report.tour.map { Double($0.totalDays) }))
            report.lowerBound = dailyLowerBound(catalog: catalog, league: league, venues: targets, rules: rules)
        }
        report.rules = rules
        report.tour?.lowerBound = report.lowerBound
        report.elapsedSeconds = Self.seconds(started.duration(to: clock.now))
        report.venues = targets
        return report
    }

    static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) * 1e-18
    }

    /// The venue where each team of `league` plays most of its playable home games in `catalog` (its table home
    /// venue on ties and when it has none), sorted — so a season played away from the usual park (the 2025 Rays at
    /// Steinbrenner Field) counts the park actually used. Neutral-site games do not move a team's venue.
    public static func homeVenues(of league: League, in catalog: Catalog) -> [VenueID] {
        var counts: [TeamID: [VenueID: Int]] = [:]
        for game in catalog.games where game.league == league && game.status.isPlayable {
            counts[game.home, default: [:]][game.venue, default: 0] += 1
        }
        var result = Set<VenueID>()
        for team in catalog.teams(of: league) {
            let byVenue = counts[team.id] ?? [:]
            guard let most = byVenue.values.max(), most > 0 else {
                result.insert(team.homeVenue)
                continue
            }
            if byVenue[team.homeVenue] == most {
                result.insert(team.homeVenue)
            } else if let venue = byVenue.filter({ $0.value == most }).keys.min() {
                result.insert(venue)
            }
        }
        return result.sorted()
    }

    /// The catalogue's games of the tour's visits, in order; nil when one is missing.
    func games(of tour: BallparkTour, in catalog: Catalog) -> [Game]? {
        let wanted = Set(tour.visits.map(\.gameId))
        var byID: [GameID: Game] = [:]
        for game in catalog.games where wanted.contains(game.id) { byID[game.id] = game }
        var games: [Game] = []
        for visit in tour.visits {
            guard let game = byID[visit.gameId] else { return nil }
            games.append(game)
        }
        return games
    }

    /// The tour as a router route with days split per leg (for ``ItineraryBuilder``); nil when the catalogue lacks
    /// one of its games or the router's rules reject it.
    public func plannedRoute(for tour: BallparkTour, catalog: Catalog) -> PlannedRoute? {
        guard let games = games(of: tour, in: catalog) else { return nil }
        let request = RoutingRequest(
            games: games, start: startLocation, end: endLocation, dailyLimit: driving.dailyLimit, leisure: .packed)
        return router.evaluate(games, for: request, catalog: catalog)
    }

    /// The tour as an itinerary option (rank 1) with days, drives and overnight stops, like other plans.
    /// Continuous-rules tours drive straight through (``continuousRoute(for:catalog:)``, no daily limit).
    public func itinerary(for tour: BallparkTour, catalog: Catalog) -> ItineraryOption? {
        if tour.rules?.driving == .continuous {
            guard let route = continuousRoute(for: tour, catalog: catalog) else { return nil }
            return ItineraryBuilder(estimator: estimator).option(for: route, rank: 1, dailyLimit: 24, catalog: catalog)
        }
        guard let route = plannedRoute(for: tour, catalog: catalog) else { return nil }
        return ItineraryBuilder(estimator: estimator).option(
            for: route, rank: 1, dailyLimit: driving.dailyLimit, catalog: catalog)
    }

    /// The router whose rules the search mirrors.
    var router: GameDAGRouter {
        GameDAGRouter(
            estimator: estimator, filters: RouteFilters(rejectsBacktracking: false),
            arrivalBufferHours: arrivalBufferHours, earliestDepartureHour: earliestDepartureHour)
    }
}
