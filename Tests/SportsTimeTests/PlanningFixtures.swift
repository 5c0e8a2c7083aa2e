import ClubhouseBasics
import Foundation

@testable import SportsTime

/// Small synthetic catalogues for the planning tests: real-ish coordinates and zones, games at local times.
enum PlanningFixtures {
    struct Place {
        var id: String
        var name: String
        var city: String
        var region: String
        var latitude: Double
        var longitude: Double
        var zone: String
    }

    static let places: [Place] = [
        Place(
            id: "fenway", name: "Fenway Park", city: "Boston", region: "MA", latitude: 42.3467, longitude: -71.0972,
            zone: "America/New_York"),
        Place(
            id: "yankee", name: "Yankee Stadium", city: "New York", region: "NY", latitude: 40.8296,
            longitude: -73.9262, zone: "America/New_York"),
        Place(
            id: "citi", name: "Citi Field", city: "New York", region: "NY", latitude: 40.7571, longitude: -73.8458,
            zone: "America/New_York"),
        Place(
            id: "cbp", name: "Citizens Bank Park", city: "Philadelphia", region: "PA", latitude: 39.9061,
            longitude: -75.1665, zone: "America/New_York"),
        Place(
            id: "camden", name: "Oriole Park at Camden Yards", city: "Baltimore", region: "MD", latitude: 39.2839,
            longitude: -76.6217, zone: "America/New_York"),
        Place(
            id: "nats", name: "Nationals Park", city: "Washington", region: "DC", latitude: 38.8730,
            longitude: -77.0074, zone: "America/New_York"),
        Place(
            id: "pnc", name: "PNC Park", city: "Pittsburgh", region: "PA", latitude: 40.4469, longitude: -80.0057,
            zone: "America/New_York"),
        Place(
            id: "progressive", name: "Progressive Field", city: "Cleveland", region: "OH", latitude: 41.4962,
            longitude: -81.6852, zone: "America/New_York"),
        Place(
            id: "wrigley", name: "Wrigley Field", city: "Chicago", region: "IL", latitude: 41.9484, longitude: -87.6553,
            zone: "America/Chicago"),
        Place(
            id: "coors", name: "Coors Field", city: "Denver", region: "CO", latitude: 39.7559, longitude: -104.9942,
            zone: "America/Denver"),
        Place(
            id: "chase", name: "Chase Field", city: "Phoenix", region: "AZ", latitude: 33.4453, longitude: -112.0667,
            zone: "America/Phoenix"),
        Place(
            id: "dodger", name: "Dodger Stadium", city: "Los Angeles", region: "CA", latitude: 34.0739,
            longitude: -118.2400, zone: "America/Los_Angeles"),
        Place(
            id: "tmobile", name: "T-Mobile Park", city: "Seattle", region: "WA", latitude: 47.5914,
            longitude: -122.3325, zone: "America/Los_Angeles"),
        Place(
            id: "tdgarden", name: "TD Garden", city: "Boston", region: "MA", latitude: 42.3662, longitude: -71.0621,
            zone: "America/New_York"),
        Place(
            id: "msg", name: "Madison Square Garden", city: "New York", region: "NY", latitude: 40.7505,
            longitude: -73.9934, zone: "America/New_York"),
    ]

    static func venue(_ place: Place) -> Venue {
        Venue(
            id: VenueID(rawValue: place.id), name: place.name, city: place.city, region: place.region, country: "US",
            coordinate: Coordinate(latitude: place.latitude, longitude: place.longitude), timeZone: place.zone)
    }

    static var venues: [Venue] { places.map(venue) }

    /// One team per venue, id "<league>-<venue id>" (MLB for ballparks, NBA for the two arenas).
    static var teams: [Team] {
        places.map { place in
            let league = leagueOf(place.id)
            return Team(
                id: teamID(place.id), league: league, name: "\(place.city) \(place.name) Club",
                abbreviation: place.id.uppercased(), nickname: place.name, conference: "", division: "",
                homeVenue: VenueID(rawValue: place.id))
        }
    }

    static func leagueOf(_ venueID: String) -> League { venueID == "tdgarden" || venueID == "msg" ? .nba : .mlb }
    static func teamID(_ venueID: String) -> TeamID { TeamID(rawValue: "\(leagueOf(venueID).rawValue)-\(venueID)") }

    /// The UTC instant of `date` at `time` ("19:05") in the venue's zone.
    static func instant(_ date: String, _ time: String, venue venueID: String) -> Date {
        let zone = places.first { $0.id == venueID }.flatMap { TimeZone(identifier: $0.zone) } ?? .current
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let d = date.split(separator: "-").compactMap { Int($0) }
        let t = time.split(separator: ":").compactMap { Int($0) }
        let components = DateComponents(
            year: d.first, month: d.dropFirst().first, day: d.last, hour: t.first, minute: t.last)
        return calendar.date(from: components) ?? Date(timeIntervalSince1970: 0)
    }

    /// A home game at `venue` on local `date` at local `time`; the away team is the next venue's team.
    static func game(
        _ id: String, _ venueID: String, _ date: String, _ time: String = "19:05", away: String? = nil
    )
        -> Game
    {
        let awayVenue = away ?? (venueID == "fenway" ? "yankee" : "fenway")
        return Game(
            id: GameID(rawValue: id), league: leagueOf(venueID), home: teamID(venueID), away: teamID(awayVenue),
            venue: VenueID(rawValue: venueID), start: instant(date, time, venue: venueID),
            localDate: LocalDate(date) ?? LocalDate(dayNumber: 0))
    }

    static func catalog(_ games: [Game]) -> Catalog {
        Catalog(venues: venues, teams: teams, games: games)
    }

    static func date(_ text: String) -> LocalDate { LocalDate(text) ?? LocalDate(dayNumber: 0) }

    /// An East-coast week: Boston, New York (2 parks), Philadelphia, Baltimore, Washington.
    static func eastWeek() -> [Game] {
        [
            game("bos1", "fenway", "2025-06-02"), game("nyy1", "yankee", "2025-06-03"),
            game("nym1", "citi", "2025-06-04"), game("phi1", "cbp", "2025-06-05"),
            game("bal1", "camden", "2025-06-06"), game("wsh1", "nats", "2025-06-07", "13:05"),
            game("bos2", "fenway", "2025-06-03"), game("phi2", "cbp", "2025-06-03"),
            game("nyy2", "yankee", "2025-06-06"), game("wsh2", "nats", "2025-06-04"),
            game("pit1", "pnc", "2025-06-08", "13:35"), game("sea1", "tmobile", "2025-06-05", "19:10"),
        ]
    }
}
