import Foundation
import Testing

@testable import SportsTime

/// Small hand-made seasons for the ballpark tour search.
private enum TourFixture {
    static let zone = "America/New_York"

    /// Six parks of the north-east (Boston → Washington is ~8.4 h of driving, longer than one driver's day).
    static let parks: [(id: VenueID, city: String, region: String, latitude: Double, longitude: Double)] = [
        ("fenway", "Boston", "MA", 42.3467, -71.0972),
        ("bronx", "Bronx", "NY", 40.8296, -73.9262),
        ("queens", "Queens", "NY", 40.7571, -73.8458),
        ("philly", "Philadelphia", "PA", 39.9061, -75.1665),
        ("camden", "Baltimore", "MD", 39.2839, -76.6217),
        ("navy-yard", "Washington", "DC", 38.8730, -77.0074),
    ]

    static func venue(
        _ park: (id: VenueID, city: String, region: String, latitude: Double, longitude: Double)
    )
        -> Venue
    {
        Venue(
            id: park.id, name: "\(park.city) Park", city: park.city, region: park.region, country: "US",
            coordinate: Coordinate(latitude: park.latitude, longitude: park.longitude), timeZone: zone)
    }

    static func team(_ index: Int, venue: VenueID) -> Team {
        Team(
            id: TeamID(rawValue: "mlb-t\(index)"), league: .mlb, name: "Team \(index)", abbreviation: "T\(index)",
            nickname: "T\(index)", conference: "League", division: "Division", homeVenue: venue)
    }

    static let firstDay = LocalDate(year: 2025, month: 6, day: 2) ?? LocalDate(dayNumber: 20_241)

    /// A game at `venue` on day `offset` of the fixture at `hour` local time (EDT, UTC−4).
    static func game(_ id: String, venue: VenueID, home: Int, offset: Int, hour: Double) -> Game {
        let date = firstDay.adding(days: offset)
        let midnightUTC = Date(timeIntervalSince1970: Double(date.dayNumber) * 86_400)
        return Game(
            id: GameID(rawValue: id), league: .mlb, home: TeamID(rawValue: "mlb-t\(home)"),
            away: TeamID(rawValue: "mlb-t99"), venue: venue,
            start: midnightUTC.addingTimeInterval((hour + 4) * 3600), localDate: date)
    }

    /// `parkCount` parks with games on about three days in five over `days` days, some in the afternoon.
    static func catalog(parkCount: Int, days: Int, extraGames: [Game] = [], extraVenues: [Venue] = []) -> Catalog {
        let chosen = Array(parks.prefix(parkCount))
        var games: [Game] = []
        for (v, park) in chosen.enumerated() {
            for d in 0..<days where (v * 7 + d * 3) % 5 < 3 {
                let hour = (v + d) % 3 == 0 ? 13.1 : 19.1
                games.append(game("mlb-\(v)-\(d)", venue: park.id, home: v, offset: d, hour: hour))
            }
        }
        let teams = chosen.enumerated().map { team($0.offset, venue: $0.element.id) }
        return Catalog(
            venues: chosen.map(venue) + extraVenues, teams: teams, games: games + extraGames)
    }

    /// Exhaustive search: every sequence of games at distinct venues in start order that the trip router accepts,
    /// cut when it cannot beat `bound` (days, miles). Returns the best (days, miles) ≤ bound.
    static func bruteForce(
        catalog: Catalog, venues: Set<VenueID>, search: BallparkTourSearch, bound: (days: Int, miles: Double)
    ) -> (days: Int, miles: Double)? {
        let games = catalog.games.filter { venues.contains($0.venue) && $0.status.isPlayable }
        let router = search.router
        var best: (days: Int, miles: Double)? = nil
        var limit = bound
        func request(_ path: [Game], end: TripLocation?) -> RoutingRequest {
            RoutingRequest(
                games: path, start: search.startLocation, end: end, dailyLimit: search.driving.dailyLimit,
                leisure: .packed)
        }
        func measure(_ route: PlannedRoute) -> (days: Int, miles: Double) {
            (route.firstDay.days(to: route.lastDay) + 1, route.breakdown.miles)
        }
        func visit(_ path: [Game], _ seen: Set<VenueID>, from index: Int) {
            for next in index..<games.count where !seen.contains(games[next].venue) {
                let extended = path + [games[next]]
                // The prefix without the drive to the end: its days and miles only grow as games are added.
                guard let route = router.evaluate(extended, for: request(extended, end: nil), catalog: catalog)
                else { continue }
                if !search.allowsTwoParksPerDay, Set(extended.map(\.localDate)).count < extended.count { continue }
                let prefix = measure(route)
                if prefix.days > limit.days || (prefix.days == limit.days && prefix.miles > limit.miles + 1e-6) {
                    continue
                }
                if seen.count + 1 == venues.count {
                    guard
                        let full = router.evaluate(
                            extended, for: request(extended, end: search.endLocation), catalog: catalog)
                    else { continue }
                    let (days, miles) = measure(full)
                    if days < limit.days || (days == limit.days && miles <= limit.miles + 1e-6) {
                        if best.map({ days < $0.days || (days == $0.days && miles < $0.miles) }) ?? true {
                            best = (days, miles)
                            limit = (days, miles)
                        }
                    }
                } else {
                    visit(extended, seen.union([games[next].venue]), from: next + 1)
                }
            }
        }
        visit([], [], from: 0)
        return best
    }
}

@Suite("Ballpark tour search")
struct BallparkTourTests {
    let fiveParks = Set(TourFixture.parks.prefix(5).map(\.id))
    let sixParks = Set(TourFixture.parks.map(\.id))

    func check(_ tour: BallparkTour, _ search: BallparkTourSearch, catalog: Catalog, venues: Set<VenueID>) {
        #expect(tour.venueIds == venues)
        #expect(tour.visits.count == venues.count)
        #expect(zip(tour.visits, tour.visits.dropFirst()).allSatisfy { $0.start < $1.start })
        let route = search.plannedRoute(for: tour, catalog: catalog)
        #expect(route != nil, "the trip router rejects the tour")
        if let route {
            #expect(route.firstDay == tour.firstDay)
            #expect(route.lastDay == tour.lastDay)
            #expect(abs(route.breakdown.miles - tour.totalMiles) < 1e-6)
            for leg in route.legs {
                for day in leg.days { #expect(day.hours <= search.driving.dailyLimit + 1e-9) }
            }
        }
        #expect(tour.totalDays == tour.firstDay.days(to: tour.lastDay) + 1)
        #expect(abs(tour.legs.reduce(0) { $0 + $1.miles } - tour.totalMiles) < 1e-6)
        #expect(abs(tour.legs.reduce(0) { $0 + $1.drivingHours } - tour.drivingHours) < 1e-6)
    }

    @Test("finds the shortest tour of five parks, as exhaustive search does, for one and two drivers")
    func optimumFiveParks() throws {
        let catalog = TourFixture.catalog(parkCount: 5, days: 12)
        for drivers in [1, 2] {
            let search = BallparkTourSearch(
                driving: DrivingConstraints(numberOfDrivers: drivers, maxHoursPerDriver: 8), beamWidth: 200)
            let tour = try #require(search.search(catalog: catalog, venues: fiveParks))
            check(tour, search, catalog: catalog, venues: fiveParks)
            let exact = try #require(
                TourFixture.bruteForce(
                    catalog: catalog, venues: fiveParks, search: search, bound: (tour.totalDays, tour.totalMiles)))
            #expect(exact.days == tour.totalDays)
            #expect(abs(exact.miles - tour.totalMiles) < 1e-6)
        }
    }

    @Test("finds the shortest tour of six parks with a driving limit that forces a rest-free long leg")
    func optimumSixParks() throws {
        let catalog = TourFixture.catalog(parkCount: 6, days: 10)
        let search = BallparkTourSearch(beamWidth: 400)
        let tour = try #require(search.search(catalog: catalog, venues: sixParks))
        check(tour, search, catalog: catalog, venues: sixParks)
        let exact = try #require(
            TourFixture.bruteForce(
                catalog: catalog, venues: sixParks, search: search, bound: (tour.totalDays, tour.totalMiles)))
        #expect(exact.days == tour.totalDays)
        #expect(abs(exact.miles - tour.totalMiles) < 1e-6)
    }

    @Test("a day game and a night game nearby share a day only when allowed")
    func twoParksOneDay() throws {
        let games = [
            TourFixture.game("mlb-a", venue: "bronx", home: 1, offset: 0, hour: 13),
            TourFixture.game("mlb-b", venue: "queens", home: 2, offset: 0, hour: 19.1),
            TourFixture.game("mlb-c", venue: "queens", home: 2, offset: 1, hour: 19.1),
        ]
        let catalog = Catalog(
            venues: TourFixture.parks.map(TourFixture.venue), teams: [], games: games)
        let venues: Set<VenueID> = ["bronx", "queens"]
        let double = try #require(BallparkTourSearch().search(catalog: catalog, venues: venues))
        #expect(double.totalDays == 1)
        #expect(double.visits.map(\.gameId) == ["mlb-a", "mlb-b"])
        let single = try #require(
            BallparkTourSearch(allowsTwoParksPerDay: false).search(catalog: catalog, venues: venues))
        #expect(single.totalDays == 2)
        #expect(single.visits.map(\.gameId) == ["mlb-a", "mlb-c"])
    }

    @Test("a leg longer than a day's driving needs the days the limit allows")
    func drivingLimit() throws {
        // Boston → Washington is ~8.4 h: one driver needs a day in between, two drivers do not.
        let games = [
            TourFixture.game("mlb-bos", venue: "fenway", home: 0, offset: 0, hour: 19.1),
            TourFixture.game("mlb-was1", venue: "navy-yard", home: 5, offset: 1, hour: 19.1),
            TourFixture.game("mlb-was2", venue: "navy-yard", home: 5, offset: 2, hour: 19.1),
        ]
        let catalog = Catalog(venues: TourFixture.parks.map(TourFixture.venue), teams: [], games: games)
        let venues: Set<VenueID> = ["fenway", "navy-yard"]
        let one = try #require(BallparkTourSearch().search(catalog: catalog, venues: venues))
        #expect(one.visits.map(\.gameId) == ["mlb-bos", "mlb-was2"])
        #expect(one.totalDays == 3)
        let two = try #require(
            BallparkTourSearch(driving: DrivingConstraints(numberOfDrivers: 2, maxHoursPerDriver: 8)).search(
                catalog: catalog, venues: venues))
        #expect(two.visits.map(\.gameId) == ["mlb-bos", "mlb-was1"])
        #expect(two.totalDays == 2)
    }

    @Test("no tour when a park has no game or no reachable game")
    func unreachable() {
        let seattle = Venue(
            id: "seattle", name: "Seattle Park", city: "Seattle", region: "WA", country: "US",
            coordinate: Coordinate(latitude: 47.5914, longitude: -122.3325), timeZone: "America/Los_Angeles")
        let withoutGames = TourFixture.catalog(parkCount: 5, days: 12, extraVenues: [seattle])
        #expect(BallparkTourSearch().search(catalog: withoutGames, venues: fiveParks.union(["seattle"])) == nil)
        // Seattle's only game is on the same evening as Boston's only game.
        let clash = Catalog(
            venues: TourFixture.parks.map(TourFixture.venue) + [seattle], teams: [],
            games: [
                TourFixture.game("mlb-bos", venue: "fenway", home: 0, offset: 3, hour: 19.1),
                TourFixture.game("mlb-sea", venue: "seattle", home: 7, offset: 3, hour: 16),
            ])
        #expect(BallparkTourSearch().search(catalog: clash, venues: ["fenway", "seattle"]) == nil)
        // Postponed games do not count.
        var postponed = TourFixture.game("mlb-sea2", venue: "seattle", home: 7, offset: 9, hour: 19)
        postponed.status = .postponed
        let late = Catalog(
            venues: TourFixture.parks.map(TourFixture.venue) + [seattle], teams: [],
            games: [TourFixture.game("mlb-bos", venue: "fenway", home: 0, offset: 3, hour: 19.1), postponed])
        #expect(BallparkTourSearch().search(catalog: late, venues: ["fenway", "seattle"]) == nil)
        // An unknown venue, or none, gives no tour rather than a crash.
        #expect(BallparkTourSearch().search(catalog: late, venues: ["nowhere"]) == nil)
        #expect(BallparkTourSearch().search(catalog: late, venues: []) == nil)
    }

    @Test("the same input gives the same tour, whatever the beam's batches")
    func deterministic() throws {
        let catalog = TourFixture.catalog(parkCount: 6, days: 14)
        let search = BallparkTourSearch(beamWidth: 20, refinementWidth: 80, refinedStartDayCount: 3)
        let first = try #require(search.search(catalog: catalog, venues: sixParks))
        for _ in 0..<3 { #expect(search.search(catalog: catalog, venues: sixParks) == first) }
        let data = try JSONEncoder().encode(first)
        #expect(try JSONDecoder().decode(BallparkTour.self, from: data) == first)
    }

    @Test("the league's parks are where its teams play most home games")
    func homeVenues() {
        var games: [Game] = []
        // Team 0 plays two home games at Yankee Stadium's neighbour and one at its table park.
        games.append(TourFixture.game("mlb-x1", venue: "queens", home: 0, offset: 0, hour: 19))
        games.append(TourFixture.game("mlb-x2", venue: "queens", home: 0, offset: 1, hour: 19))
        games.append(TourFixture.game("mlb-x3", venue: "fenway", home: 0, offset: 2, hour: 19))
        games.append(TourFixture.game("mlb-x4", venue: "bronx", home: 1, offset: 2, hour: 19))
        let catalog = Catalog(
            venues: TourFixture.parks.map(TourFixture.venue),
            teams: [
                TourFixture.team(0, venue: "fenway"), TourFixture.team(1, venue: "bronx"),
                TourFixture.team(2, venue: "philly"),
            ],
            games: games)
        #expect(BallparkTourSearch.homeVenues(of: .mlb, in: catalog) == ["bronx", "philly", "queens"])
        #expect(BallparkTourSearch.homeVenues(of: .nba, in: catalog) == [])
    }

    @Test("start and end locations count their drives and days; the start window is kept")
    func endpointsAndDates() throws {
        let catalog = TourFixture.catalog(parkCount: 5, days: 12)
        let pittsburgh = TripLocation(name: "Pittsburgh, PA", coordinate: Coordinate(latitude: 40.44, longitude: -80.0))
        let search = BallparkTourSearch(beamWidth: 200, startLocation: pittsburgh, endLocation: pittsburgh)
        let tour = try #require(search.search(catalog: catalog, venues: fiveParks))
        check(tour, search, catalog: catalog, venues: fiveParks)
        #expect(tour.legs.first?.from == .location(pittsburgh))
        #expect(tour.legs.last?.to == .location(pittsburgh))
        #expect(tour.firstDay <= tour.visits[0].localDate)
        let exact = try #require(
            TourFixture.bruteForce(
                catalog: catalog, venues: fiveParks, search: search, bound: (tour.totalDays, tour.totalMiles)))
        #expect(exact.days == tour.totalDays)

        let window = TourFixture.firstDay.adding(days: 4)...TourFixture.firstDay.adding(days: 5)
        let late = BallparkTourSearch(beamWidth: 200, startDates: window)
        let windowed = try #require(late.search(catalog: catalog, venues: fiveParks))
        #expect(window.contains(windowed.firstDay))
        #expect(BallparkTourSearch(startDates: window).search(catalog: catalog, venues: fiveParks) != nil)
    }

    @Test("a tour becomes an itinerary with its days, games and drives")
    func itinerary() throws {
        let catalog = TourFixture.catalog(parkCount: 5, days: 12)
        let search = BallparkTourSearch()
        let tour = try #require(search.search(catalog: catalog, venues: fiveParks))
        let option = try #require(search.itinerary(for: tour, catalog: catalog))
        #expect(option.games.map(\.gameId) == tour.visits.map(\.gameId))
        #expect(option.days.count == tour.totalDays)
        #expect(abs(option.totals.miles - tour.totalMiles) < 1e-6)
    }

    @Test("the real 2025 season: a tour of all 30 parks", .enabled(if: SharedData.available, SharedData.absent))
    func realSeason() throws {
        let data = try Data(contentsOf: try SharedData.file("mlb-games-2025.json"))
        let bundled = try Catalog.bundled()
        let imported = try ScheduleImporter(catalog: bundled).importSchedule(data, format: .mlbStatsAPI)
        let catalog = try Catalog.bundled(games: imported.games)
        let venues = BallparkTourSearch.homeVenues(of: .mlb, in: catalog)
        #expect(venues.count == 30)
        // A narrow beam keeps a debug build quick; the measured figures come from a release build.
        let search = BallparkTourSearch(
            driving: DrivingConstraints(numberOfDrivers: 2, maxHoursPerDriver: 8), beamWidth: 40,
            refinementWidth: 40, refinedStartDayCount: 0)
        let report = search.report(catalog: catalog)
        let tour = try #require(report.tour)
        check(tour, search, catalog: catalog, venues: Set(venues))
        print(
            String(
                format: "30-park tour, 2 drivers × 8 h, beam 40: %d days (%@ → %@), %.0f mi, %.1f s",
                tour.totalDays, tour.firstDay.description, tour.lastDay.description, tour.totalMiles,
                report.elapsedSeconds))
    }
}
