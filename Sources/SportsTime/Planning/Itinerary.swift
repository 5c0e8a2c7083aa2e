import Foundation

/// One planned trip: the engine's answer (the spec's `ItineraryOption`).
public struct ItineraryOption: Codable, Sendable, Equatable {
    /// 1 = best.
    public var rank: Int
    /// The route's score (higher is better).
    public var score: Double
    /// The score's parts.
    public var breakdown: ScoreBreakdown
    /// Games in visiting order.
    public var games: [PlannedGame]
    /// Drives in order.
    public var legs: [TravelLeg]
    /// Every calendar day from departure to arrival.
    public var days: [ItineraryDay]
    /// Sums over the trip.
    public var totals: ItineraryTotals

    /// An option from its parts.
    public init(
        rank: Int, score: Double, breakdown: ScoreBreakdown, games: [PlannedGame], legs: [TravelLeg],
        days: [ItineraryDay], totals: ItineraryTotals
    ) {
        self.rank = rank
        self.score = score
        self.breakdown = breakdown
        self.games = games
        self.legs = legs
        self.days = days
        self.totals = totals
    }
}

/// A game of an itinerary with everything a page or an export needs.
public struct PlannedGame: Codable, Sendable, Equatable {
    /// The game.
    public var gameId: GameID
    /// The game's league.
    public var league: League
    /// The home team.
    public var homeTeamId: TeamID
    /// The home team's full name (its id when the catalogue lacks it).
    public var homeTeamName: String
    /// The visiting team.
    public var awayTeamId: TeamID
    /// The visiting team's full name (its id when the catalogue lacks it).
    public var awayTeamName: String
    /// Where the game is played.
    public var venueId: VenueID
    /// The venue's current name.
    public var venueName: String
    /// "Boston, MA".
    public var city: String
    /// The venue's latitude.
    public var latitude: Double
    /// The venue's longitude.
    public var longitude: Double
    /// Start, UTC.
    public var start: Date
    /// The venue's local date.
    public var localDate: LocalDate
    /// Start in the venue's zone, e.g. "Sat Jun 6, 1:10 PM EDT".
    public var localStart: String
    /// The venue's IANA zone.
    public var timeZone: String

    /// A planned game from its parts.
    public init(
        gameId: GameID, league: League, homeTeamId: TeamID, homeTeamName: String, awayTeamId: TeamID,
        awayTeamName: String, venueId: VenueID, venueName: String, city: String, latitude: Double, longitude: Double,
        start: Date, localDate: LocalDate, localStart: String, timeZone: String
    ) {
        self.gameId = gameId
        self.league = league
        self.homeTeamId = homeTeamId
        self.homeTeamName = homeTeamName
        self.awayTeamId = awayTeamId
        self.awayTeamName = awayTeamName
        self.venueId = venueId
        self.venueName = venueName
        self.city = city
        self.latitude = latitude
        self.longitude = longitude
        self.start = start
        self.localDate = localDate
        self.localStart = localStart
        self.timeZone = timeZone
    }
}

/// A night on the road in the middle of a long drive.
public struct OvernightStop: Codable, Sendable, Equatable {
    /// The night's date.
    public var date: LocalDate
    /// "near Cleveland, OH", or "en route (41.50, -81.69)" when no venue city is close.
    public var name: String
    /// Latitude of the night's approximate position.
    public var latitude: Double
    /// Longitude of the night's approximate position.
    public var longitude: Double
    /// Road miles driven on the leg so far.
    public var milesFromStart: Double

    /// A night on the road from its parts.
    public init(date: LocalDate, name: String, latitude: Double, longitude: Double, milesFromStart: Double) {
        self.date = date
        self.name = name
        self.latitude = latitude
        self.longitude = longitude
        self.milesFromStart = milesFromStart
    }
}

/// A drive between two stops.
public struct TravelLeg: Codable, Sendable, Equatable {
    /// The venue left, nil for the start location.
    public var fromVenueId: VenueID?
    /// "Fenway Park, Boston, MA" or the start location's name.
    public var fromName: String
    /// The venue reached, nil for the end location.
    public var toVenueId: VenueID?
    /// "Yankee Stadium, New York, NY" or the end location's name.
    public var toName: String
    /// Road miles.
    public var miles: Double
    /// Driving hours, overhead included.
    public var drivingHours: Double
    /// The day driving starts.
    public var departureDay: LocalDate
    /// Hours driven on each day of the leg.
    public var dailyHours: [PlannedRoute.DayDrive]
    /// Nights on the road, one after each day of the leg but its last.
    public var overnightStops: [OvernightStop]

    /// A leg from its parts.
    public init(
        fromVenueId: VenueID?, fromName: String, toVenueId: VenueID?, toName: String, miles: Double,
        drivingHours: Double, departureDay: LocalDate, dailyHours: [PlannedRoute.DayDrive],
        overnightStops: [OvernightStop]
    ) {
        self.fromVenueId = fromVenueId
        self.fromName = fromName
        self.toVenueId = toVenueId
        self.toName = toName
        self.miles = miles
        self.drivingHours = drivingHours
        self.departureDay = departureDay
        self.dailyHours = dailyHours
        self.overnightStops = overnightStops
    }
}

/// What a day of the trip holds.
public enum DayKind: String, Codable, Sendable, CaseIterable {
    /// Games, no driving.
    case game
    /// Driving, no game.
    case travel
    /// Neither.
    case rest
    /// Driving and a game.
    case mixed
}

/// One entry of a day.
public struct ItineraryItem: Codable, Sendable, Equatable {
    /// A game or a drive.
    public enum Kind: String, Codable, Sendable {
        case game, drive
    }

    /// What the entry is.
    public var kind: Kind
    /// Local time in the venue's zone for games ("1:10 PM EDT"); nil for drives.
    public var time: String?
    /// "Yankees at Red Sox, Fenway Park" or "Drive Boston, MA → New York, NY (3.6 h, 218 mi)".
    public var text: String
    /// The game, for game entries.
    public var gameId: GameID?

    /// An entry from its parts.
    public init(kind: Kind, time: String?, text: String, gameId: GameID? = nil) {
        self.kind = kind
        self.time = time
        self.text = text
        self.gameId = gameId
    }
}

/// A calendar day of the trip.
public struct ItineraryDay: Codable, Sendable, Equatable {
    /// The calendar day.
    public var date: LocalDate
    /// Game, travel, rest or mixed.
    public var kind: DayKind
    /// Drives and games in the order they happen.
    public var items: [ItineraryItem]
    /// Where the night is spent ("Boston, MA", "near Cleveland, OH").
    public var overnight: String

    /// A day from its parts.
    public init(date: LocalDate, kind: DayKind, items: [ItineraryItem], overnight: String) {
        self.date = date
        self.kind = kind
        self.items = items
        self.overnight = overnight
    }
}

/// Sums over an itinerary.
public struct ItineraryTotals: Codable, Sendable, Equatable {
    /// Games.
    public var games: Int
    /// Different venues.
    public var distinctVenues: Int
    /// Road miles of all legs.
    public var miles: Double
    /// Driving hours of all legs.
    public var drivingHours: Double
    /// Days with neither a game nor driving.
    public var restDays: Int
    /// Calendar days from departure to arrival, both included.
    public var days: Int

    /// Totals from their parts.
    public init(games: Int, distinctVenues: Int, miles: Double, drivingHours: Double, restDays: Int, days: Int) {
        self.games = games
        self.distinctVenues = distinctVenues
        self.miles = miles
        self.drivingHours = drivingHours
        self.restDays = restDays
        self.days = days
    }
}
