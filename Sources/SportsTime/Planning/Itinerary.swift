import Foundation

/// One planned trip: the engine's answer (the spec's `ItineraryOption`).
public struct ItineraryOption: Codable, Sendable, Equatable {
    /// 1 = best.
    public var rank: Int
    public var score: Double
    public var breakdown: ScoreBreakdown
    public var games: [PlannedGame]
    public var legs: [TravelLeg]
    public var days: [ItineraryDay]
    public var totals: ItineraryTotals

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
    public var gameId: GameID
    public var league: League
    public var homeTeamId: TeamID
    public var homeTeamName: String
    public var awayTeamId: TeamID
    public var awayTeamName: String
    public var venueId: VenueID
    public var venueName: String
    /// "Boston, MA".
    public var city: String
    public var latitude: Double
    public var longitude: Double
    /// Start, UTC.
    public var start: Date
    /// The venue's local date.
    public var localDate: LocalDate
    /// Start in the venue's zone, e.g. "Sat Jun 6, 1:10 PM EDT".
    public var localStart: String
    /// The venue's IANA zone.
    public var timeZone: String

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
    public var latitude: Double
    public var longitude: Double
    /// Road miles driven on the leg so far.
    public var milesFromStart: Double

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
    public var fromName: String
    /// The venue reached, nil for the end location.
    public var toVenueId: VenueID?
    public var toName: String
    public var miles: Double
    public var drivingHours: Double
    /// The day driving starts.
    public var departureDay: LocalDate
    /// Hours driven on each day of the leg.
    public var dailyHours: [PlannedRoute.DayDrive]
    public var overnightStops: [OvernightStop]

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
    public enum Kind: String, Codable, Sendable {
        case game, drive
    }

    public var kind: Kind
    /// Local time in the venue's zone for games ("1:10 PM EDT"); nil for drives.
    public var time: String?
    /// "Yankees at Red Sox, Fenway Park" or "Drive Boston, MA → New York, NY (3.6 h, 218 mi)".
    public var text: String
    public var gameId: GameID?

    public init(kind: Kind, time: String?, text: String, gameId: GameID? = nil) {
        self.kind = kind
        self.time = time
        self.text = text
        self.gameId = gameId
    }
}

/// A calendar day of the trip.
public struct ItineraryDay: Codable, Sendable, Equatable {
    public var date: LocalDate
    public var kind: DayKind
    public var items: [ItineraryItem]
    /// Where the night is spent ("Boston, MA", "near Cleveland, OH").
    public var overnight: String

    public init(date: LocalDate, kind: DayKind, items: [ItineraryItem], overnight: String) {
        self.date = date
        self.kind = kind
        self.items = items
        self.overnight = overnight
    }
}

/// Sums over an itinerary.
public struct ItineraryTotals: Codable, Sendable, Equatable {
    public var games: Int
    public var distinctVenues: Int
    public var miles: Double
    public var drivingHours: Double
    /// Days with neither a game nor driving.
    public var restDays: Int
    /// Calendar days from departure to arrival, both included.
    public var days: Int

    public init(games: Int, distinctVenues: Int, miles: Double, drivingHours: Double, restDays: Int, days: Int) {
        self.games = games
        self.distinctVenues = distinctVenues
        self.miles = miles
        self.drivingHours = drivingHours
        self.restDays = restDays
        self.days = days
    }
}
