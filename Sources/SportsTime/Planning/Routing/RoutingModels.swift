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
