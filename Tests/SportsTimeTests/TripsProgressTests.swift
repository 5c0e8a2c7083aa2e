import ClubhouseBasics
import Foundation
import Testing

@testable import SportsTime

/// Small synthetic catalogues for the Trips tests.
enum TripsFixtures {
    static func date(_ text: String) -> LocalDate { LocalDate(text) ?? LocalDate(dayNumber: 0) }

    static func venue(
        _ id: String, _ name: String, city: String, region: String, lat: Double, lon: Double,
        zone: String = "America/New_York"
    ) -> Venue {
        Venue(
            id: VenueID(rawValue: id), name: name, city: city, region: region, country: "US",
            coordinate: Coordinate(latitude: lat, longitude: lon), timeZone: zone)
    }

    static func team(_ league: League, _ abbreviation: String, _ name: String, division: String, venue: String) -> Team
    {
        Team(
            id: TeamID(league: league, abbreviation: abbreviation), league: league, name: name,
            abbreviation: abbreviation, nickname: name, conference: "", division: division,
            homeVenue: VenueID(rawValue: venue))
    }

    static let venues: [Venue] = [
        venue("fenway", "Fenway Park", city: "Boston", region: "MA", lat: 42.3467, lon: -71.0972),
        venue("yankee", "Yankee Stadium", city: "Bronx", region: "NY", lat: 40.8296, lon: -73.9262),
        venue("camden", "Oriole Park", city: "Baltimore", region: "MD", lat: 39.2839, lon: -76.6217),
        venue(
            "wrigley", "Wrigley Field", city: "Chicago", region: "IL", lat: 41.9484, lon: -87.6553,
            zone: "America/Chicago"),
        venue(
            "busch", "Busch Stadium", city: "St. Louis", region: "MO", lat: 38.6226, lon: -90.1928,
            zone: "America/Chicago"),
        venue(
            "dodger", "Dodger Stadium", city: "Los Angeles", region: "CA", lat: 34.0739, lon: -118.2400,
            zone: "America/Los_Angeles"),
        venue(
            "crypto", "Crypto.com Arena", city: "Los Angeles", region: "CA", lat: 34.0430, lon: -118.2673,
            zone: "America/Los_Angeles"),
        venue("metlife", "MetLife Stadium", city: "East Rutherford", region: "NJ", lat: 40.8135, lon: -74.0745),
        venue(
            "london", "Neutral Park", city: "London", region: "England", lat: 51.5, lon: -0.1,
            zone: "Europe/London"),
    ]

    static let teams: [Team] = [
        team(.mlb, "BOS", "Boston Red Sox", division: "AL East", venue: "fenway"),
        team(.mlb, "NYY", "New York Yankees", division: "AL East", venue: "yankee"),
        team(.mlb, "BAL", "Baltimore Orioles", division: "AL East", venue: "camden"),
        team(.mlb, "CHC", "Chicago Cubs", division: "NL Central", venue: "wrigley"),
        team(.mlb, "STL", "St. Louis Cardinals", division: "NL Central", venue: "busch"),
        team(.mlb, "LAD", "Los Angeles Dodgers", division: "NL West", venue: "dodger"),
        team(.nba, "LAL", "Los Angeles Lakers", division: "Pacific", venue: "crypto"),
        team(.nba, "LAC", "Los Angeles Clippers", division: "Pacific", venue: "crypto"),
        team(.nhl, "LAK", "Los Angeles Kings", division: "Pacific", venue: "crypto"),
        team(.nfl, "NYG", "New York Giants", division: "NFC East", venue: "metlife"),
        team(.nfl, "NYJ", "New York Jets", division: "AFC East", venue: "metlife"),
    ]

    static var catalog: Catalog { Catalog(venues: venues, teams: teams) }

    static func visit(_ id: String, _ venue: String, _ day: String, _ league: League? = nil) -> StadiumVisit {
        StadiumVisit(id: id, venue: VenueID(rawValue: venue), date: date(day), league: league)
    }
}

@Suite("Trips: stadium progress")
struct TripsProgressTests {
    @Test("A league's venues are its teams' home venues; a shared venue counts once")
    func sharedVenues() throws {
        let report = ProgressReport(visits: [], catalog: TripsFixtures.catalog)
        #expect(report.leagues.map(\.league) == [.mlb, .nba, .nhl, .nfl])
        let nba = try #require(report.progress(of: .nba))
        #expect(nba.totalCount == 1)
        #expect(nba.venues.first?.teams.count == 2)
        let nfl = try #require(report.progress(of: .nfl))
        #expect(nfl.totalCount == 1)
        // MetLife belongs to two divisions: it is listed in both, counted once for the league.
        #expect(nfl.divisions.map(\.name) == ["AFC East", "NFC East"])
        #expect(nfl.divisions.allSatisfy { $0.totalCount == 1 })
        #expect(report.progress(of: .mlb)?.totalCount == 6)
        #expect(report.progress(of: .mls) == nil)
    }

    @Test("Visits tick venues off by division, with percentage and remaining venues")
    func byDivision() throws {
        let visits = [
            TripsFixtures.visit("1", "fenway", "2025-05-01", .mlb),
            TripsFixtures.visit("2", "fenway", "2025-06-01", .mlb),
            TripsFixtures.visit("3", "wrigley", "2025-05-03"),
        ]
        let mlb = try #require(
            ProgressReport(visits: visits, catalog: TripsFixtures.catalog, leagues: [.mlb]).progress(of: .mlb))
        #expect(mlb.visitedCount == 2)
        #expect(abs(mlb.percentage - 100.0 / 3) < 1e-9)
        #expect(mlb.remaining.map(\.name) == ["Busch Stadium", "Dodger Stadium", "Oriole Park", "Yankee Stadium"])
        let east = try #require(mlb.divisions.first { $0.name == "AL East" })
        #expect(east.visitedCount == 1 && east.totalCount == 3 && !east.isComplete)
        let fenway = try #require(east.venues.first { $0.venue == "fenway" })
        #expect(fenway.visitCount == 2 && fenway.firstVisit == TripsFixtures.date("2025-05-01"))
        #expect(mlb.divisions.first { $0.name == "NL Central" }?.visitedCount == 1)
    }

    @Test("Neutral-site visits and other leagues' games at a shared arena do not count")
    func neutralSites() throws {
        let visits = [
            TripsFixtures.visit("1", "london", "2025-06-08", .mlb),
            TripsFixtures.visit("2", "crypto", "2025-01-10", .nba),
            TripsFixtures.visit("3", "nowhere", "2025-01-11", .mlb),
        ]
        let report = ProgressReport(visits: visits, catalog: TripsFixtures.catalog)
        #expect(report.progress(of: .mlb)?.visitedCount == 0)
        #expect(report.progress(of: .nba)?.isComplete == true)
        #expect(report.progress(of: .nba)?.percentage == 100)
        #expect(report.progress(of: .nhl)?.visitedCount == 0)
        // A visit without a league (a stadium tour) counts for every league playing there.
        let tour = ProgressReport(
            visits: [TripsFixtures.visit("4", "crypto", "2025-02-01")], catalog: TripsFixtures.catalog)
        #expect(tour.progress(of: .nhl)?.visitedCount == 1)
    }

    @Test("The report does not depend on the order of visits and round-trips through JSON")
    func orderAndCodable() throws {
        let visits = [
            TripsFixtures.visit("a", "fenway", "2025-05-01", .mlb),
            TripsFixtures.visit("b", "yankee", "2025-05-02"),
            TripsFixtures.visit("c", "fenway", "2025-04-01", .mlb),
        ]
        let report = ProgressReport(visits: visits, catalog: TripsFixtures.catalog)
        #expect(ProgressReport(visits: visits.reversed(), catalog: TripsFixtures.catalog) == report)
        let data = try JSONEncoder().encode(report)
        #expect(try JSONDecoder().decode(ProgressReport.self, from: data) == report)
        #expect(
            report.progress(of: .mlb)?.venues.first { $0.venue == "fenway" }?.firstVisit?.description == "2025-04-01")
    }
}

@Suite("Trips: achievements")
struct TripsAchievementTests {
    /// A catalogue with 60 east-coast venues of a 60-team league (for the 50-venue milestone), plus the fixtures.
    static var bigCatalog: Catalog {
        var venues = TripsFixtures.venues
        var teams = TripsFixtures.teams
        for index in 0..<60 {
            venues.append(
                TripsFixtures.venue(
                    "v\(index)", "Venue \(index)", city: "Town \(index)", region: "NY", lat: 40,
                    lon: -74 + 0.01 * Double(index)))
            teams.append(TripsFixtures.team(.mls, "T\(index)", "Team \(index)", division: "East", venue: "v\(index)"))
        }
        return Catalog(venues: venues, teams: teams)
    }

    func achievement(_ id: String, _ list: [Achievement]) throws -> Achievement {
        try #require(list.first { $0.id == id }, "no achievement \(id)")
    }

    @Test("Definitions: milestones, regions, same day, one per league and per division")
    func definitions() {
        let ids = AchievementEngine(catalog: TripsFixtures.catalog).definitions.map(\.id)
        #expect(
            Array(ids.prefix(7)) == [
                "first-visit", "venues-5", "venues-10", "venues-25", "venues-50", "all-regions", "two-in-a-day",
            ])
        #expect(
            ids.contains("league-mlb") && ids.contains("division-mlb-al-east") && ids.contains("division-nfl-afc-east"))
        // A league with a single division has only the league achievement.
        #expect(!ids.contains("division-nba-pacific") && !ids.contains("division-nhl-pacific"))
        #expect(!ids.contains("league-mls"))
        #expect(Set(ids).count == ids.count)
        let titles = AchievementEngine(catalog: TripsFixtures.catalog).definitions.map(\.title)
        #expect(titles.contains("AL East complete") && titles.contains("AFC East complete"))
        #expect(titles.contains("Every MLB ballpark") && titles.contains("Every NBA arena"))
        #expect(titles.contains("Every NFL stadium"))
    }

    @Test("Nothing is earned without visits; progress shows current and target")
    func noVisits() throws {
        let result = AchievementEngine(catalog: TripsFixtures.catalog).evaluate([])
        #expect(result.allSatisfy { !$0.isEarned && $0.current == 0 })
        #expect(try achievement("league-mlb", result).target == 6)
        #expect(try achievement("division-mlb-al-east", result).target == 3)
        #expect(try achievement("all-regions", result).target == 3)
    }

    @Test("Each achievement is earned on the date of the visit that completed it")
    func earnedDates() throws {
        let visits = [
            TripsFixtures.visit("1", "fenway", "2025-04-01", .mlb),
            TripsFixtures.visit("2", "fenway", "2025-04-02", .mlb),  // same venue again: no progress
            TripsFixtures.visit("3", "yankee", "2025-04-05", .mlb),
            TripsFixtures.visit("4", "wrigley", "2025-04-10", .mlb),  // central
            TripsFixtures.visit("5", "busch", "2025-04-10", .mlb),  // second venue that day, fifth venue
            TripsFixtures.visit("6", "dodger", "2025-05-20", .mlb),  // west: all regions
            TripsFixtures.visit("7", "camden", "2025-06-01", .mlb),  // completes AL East and MLB
            TripsFixtures.visit("8", "camden", "2025-03-01", .nba),  // not an NBA venue: ignored for NBA
        ]
        let result = AchievementEngine(catalog: TripsFixtures.catalog).evaluate(visits)
        #expect(try achievement("first-visit", result).earnedOn?.description == "2025-03-01")
        #expect(try achievement("venues-5", result).earnedOn?.description == "2025-04-10")
        let ten = try achievement("venues-10", result)
        #expect(ten.earnedOn == nil && ten.current == 6 && ten.target == 10)
        #expect(try achievement("all-regions", result).earnedOn?.description == "2025-05-20")
        #expect(try achievement("two-in-a-day", result).earnedOn?.description == "2025-04-10")
        #expect(try achievement("division-mlb-al-east", result).earnedOn?.description == "2025-06-01")
        #expect(try achievement("division-mlb-nl-central", result).earnedOn?.description == "2025-04-10")
        #expect(try achievement("league-mlb", result).earnedOn?.description == "2025-06-01")
        let west = try achievement("division-mlb-nl-west", result)
        #expect(west.earnedOn?.description == "2025-05-20" && west.current == 1 && west.fraction == 1)
        let nba = try achievement("league-nba", result)
        #expect(nba.earnedOn == nil && nba.current == 0 && nba.target == 1)
    }

    @Test("Regions and same-day progress count partial steps")
    func partialProgress() throws {
        let visits = [
            TripsFixtures.visit("1", "fenway", "2025-04-01"),
            TripsFixtures.visit("2", "fenway", "2025-04-01"),  // same venue twice in a day is not two venues
            TripsFixtures.visit("3", "wrigley", "2025-04-03"),
        ]
        let result = AchievementEngine(catalog: TripsFixtures.catalog).evaluate(visits)
        let regions = try achievement("all-regions", result)
        #expect(!regions.isEarned && regions.current == 2)
        let sameDay = try achievement("two-in-a-day", result)
        #expect(!sameDay.isEarned && sameDay.current == 1 && sameDay.target == 2)
    }

    @Test("The 25 and 50 venue milestones use distinct venues in visit order")
    func bigMilestones() throws {
        let start = TripsFixtures.date("2025-01-01")
        let visits = (0..<50).map { index in
            StadiumVisit(id: "m\(index)", venue: VenueID(rawValue: "v\(index)"), date: start.adding(days: index))
        }
        let result = AchievementEngine(catalog: Self.bigCatalog).evaluate(visits)
        #expect(try achievement("venues-25", result).earnedOn == start.adding(days: 24))
        #expect(try achievement("venues-50", result).earnedOn == start.adding(days: 49))
        let mls = try achievement("league-mls", result)
        #expect(mls.current == 50 && mls.target == 60 && !mls.isEarned)
    }

    @Test("Shuffled visits give exactly the same achievements")
    func orderIndependence() {
        var generator = SplitMix64(seed: 7)
        let venueIDs = ["fenway", "yankee", "camden", "wrigley", "busch", "dodger", "crypto", "metlife", "london"]
        let leagues: [League?] = [nil, .mlb, .nba, .nfl]
        let visits = (0..<40).map { index in
            StadiumVisit(
                id: "x\(index)", venue: VenueID(rawValue: venueIDs[Int(generator.next() % 9)]),
                date: TripsFixtures.date("2025-04-01").adding(days: Int(generator.next() % 20)),
                league: leagues[Int(generator.next() % 4)])
        }
        let engine = AchievementEngine(catalog: TripsFixtures.catalog)
        let expected = engine.evaluate(visits)
        for _ in 0..<10 {
            #expect(engine.evaluate(visits.shuffled(using: &generator)) == expected)
        }
    }
}
