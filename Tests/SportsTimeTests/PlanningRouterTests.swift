import Foundation
import Testing

@testable import SportsTime

@Suite("Game DAG router")
struct PlanningRouterTests {
    typealias F = PlanningFixtures
    let router = GameDAGRouter()

    func evaluate(_ games: [Game], _ request: RoutingRequest) -> PlannedRoute? {
        router.evaluate(games, for: request, catalog: F.catalog(request.games))
    }

    @Test("A road matrix timing a leg differently each way is read in the direction driven")
    func roadMatrixDirections() throws {
        let catalog = F.catalog([])
        let fenway = try #require(catalog.venue("fenway")).coordinate
        let yankee = try #require(catalog.venue("yankee")).coordinate
        var roads = RoadMatrix(source: "test")
        roads.set(from: fenway, to: yankee, .init(minutes: 300, miles: 240))
        roads.set(from: yankee, to: fenway, .init(minutes: 200, miles: 190))
        let router = GameDAGRouter(estimator: TravelEstimator().with(roads: roads))
        // There and back: the way back is driven from the later point to the earlier one.
        let games = [
            F.game("bos1", "fenway", "2025-06-02"), F.game("nyy", "yankee", "2025-06-04"),
            F.game("bos2", "fenway", "2025-06-06"),
        ]
        let route = try #require(router.evaluate(games, for: RoutingRequest(games: games), catalog: F.catalog(games)))
        #expect(route.legs.map(\.miles) == [240, 190])
        #expect(route.legs.map(\.drivingHours) == [5, 200.0 / 60])
    }

    @Test("Same-day double: only when packed and the hop fits between the games")
    func sameDay() {
        let day = F.game("nyy", "yankee", "2025-06-03", "13:05")
        let night = F.game("nym", "citi", "2025-06-03", "19:10")
        let boston = F.game("bos", "fenway", "2025-06-03", "19:10")
        let packed = RoutingRequest(games: [day, night, boston], leisure: .packed)
        #expect(evaluate([day, night], packed) != nil)
        #expect(evaluate([day, boston], packed) == nil)  // 16:35 + 4.1 h + 1 h buffer is after 19:10
        var moderate = packed
        moderate.leisure = .moderate
        #expect(evaluate([day, night], moderate) == nil)
    }

    @Test("No driving after a night game: the next morning's drive must end an hour before a day game")
    func morningDrive() {
        let boston = F.game("bos", "fenway", "2025-06-02", "19:10")
        let dayGame = F.game("nyy-day", "yankee", "2025-06-03", "13:05")
        let nightGame = F.game("nyy-night", "yankee", "2025-06-04", "19:05")
        let request = RoutingRequest(games: [boston, dayGame, nightGame], leisure: .packed)
        // 08:00 → 12:05 leaves 4.08 h; the drive takes about 4.14 h, even with two drivers.
        #expect(evaluate([boston, dayGame], request) == nil)
        var twoDrivers = request
        twoDrivers.dailyLimit = 16
        #expect(evaluate([boston, dayGame], twoDrivers) == nil)
        #expect(evaluate([boston, nightGame], request) != nil)
    }

    @Test("DST night: the morning after the clocks spring forward is measured in daylight time")
    func dstNight() throws {
        // 2025-03-09 02:00 EST → 03:00 EDT. Philadelphia → the Bronx takes about 2.3 h.
        let philly = F.game("phi", "cbp", "2025-03-08", "19:05")
        let bronx = F.game("nyy", "yankee", "2025-03-09", "11:30")
        let hours = TravelEstimator().leg(
            from: Coordinate(latitude: 39.9061, longitude: -75.1665),
            to: Coordinate(latitude: 40.8296, longitude: -73.9262)
        ).drivingHours
        #expect(hours > 1.5 && hours < 2.5)
        // 11:30 EDT is 15:30 UTC; the morning window is 08:00–10:30 EDT = 2.5 h (an EST reading would give 1.5 h).
        #expect(bronx.start == Date(timeIntervalSince1970: 1_741_534_200))
        let request = RoutingRequest(games: [philly, bronx])
        let route = try #require(evaluate([philly, bronx], request))
        #expect(route.legs.first?.days == [PlannedRoute.DayDrive(day: F.date("2025-03-09"), hours: hours)])
    }

    @Test("Across zones: Denver to Chicago takes three days alone, two with two drivers")
    func crossZone() {
        let denver = F.game("col", "coors", "2025-06-02", "19:10")
        let chicagoDay3 = F.game("chc3", "wrigley", "2025-06-04", "19:05")
        let chicagoDay4 = F.game("chc4", "wrigley", "2025-06-05", "19:05")
        let alone = RoutingRequest(games: [denver, chicagoDay3, chicagoDay4], dailyLimit: 8)
        #expect(evaluate([denver, chicagoDay3], alone) == nil)
        let route = evaluate([denver, chicagoDay4], alone)
        #expect(
            route?.legs.first?.days.map(\.day) == [F.date("2025-06-03"), F.date("2025-06-04"), F.date("2025-06-05")])
        var pair = alone
        pair.dailyLimit = 16
        #expect(evaluate([denver, chicagoDay3], pair) != nil)
    }

    @Test("Must-see games are all included, in time order")
    func anchors() throws {
        let games = F.eastWeek()
        let request = RoutingRequest(games: games, anchors: ["bos2", "bal1"])
        let outcome = router.routes(for: request, catalog: F.catalog(games), maxRoutes: 5)
        #expect(!outcome.routes.isEmpty)
        for route in outcome.routes {
            let ids = route.games.map(\.id)
            let bos = try #require(ids.firstIndex(of: "bos2"))
            let bal = try #require(ids.firstIndex(of: "bal1"))
            #expect(bos < bal)
        }
        // A must-see game that cannot be reached leaves no route.
        let impossible = RoutingRequest(games: games, anchors: ["sea1", "phi1"])
        #expect(router.routes(for: impossible, catalog: F.catalog(games)).routes.isEmpty)
    }

    @Test("Repeat cities off: no city on two days")
    func repeatCities() {
        let games = F.eastWeek()
        let request = RoutingRequest(games: games, allowRepeatCities: false)
        let routes = router.routes(for: request, catalog: F.catalog(games), maxRoutes: 5).routes
        #expect(!routes.isEmpty)
        let catalog = F.catalog(games)
        for route in routes {
            var days: [String: Set<LocalDate>] = [:]
            for game in route.games { days[catalog.venue(game.venue)?.place ?? "", default: []].insert(game.localDate) }
            #expect(days.values.allSatisfy { $0.count == 1 })
        }
        let allowed = router.routes(for: RoutingRequest(games: games), catalog: catalog, maxRoutes: 1).routes
        #expect((allowed.first?.score ?? 0) >= (routes.first?.score ?? 0))
    }

    @Test("The stop cap limits runs of games at one venue")
    func stopCap() {
        let games = F.eastWeek()
        for cap in 1...3 {
            let request = RoutingRequest(games: games, maxStops: cap)
            let routes = router.routes(for: request, catalog: F.catalog(games), maxRoutes: 5).routes
            #expect(!routes.isEmpty)
            for route in routes {
                let stops = 1 + zip(route.games, route.games.dropFirst()).filter { $0.venue != $1.venue }.count
                #expect(stops <= cap)
            }
        }
    }

    @Test("Leisure levels limit game days in a row and games per day")
    func leisureRules() {
        var games: [Game] = []
        for day in 1...8 {
            games.append(F.game("nyy\(day)", "yankee", String(format: "2025-06-%02d", day), "13:05"))
            games.append(F.game("nym\(day)", "citi", String(format: "2025-06-%02d", day), "19:10"))
        }
        let catalog = F.catalog(games)
        func best(_ leisure: LeisureLevel) -> PlannedRoute? {
            router.routes(for: RoutingRequest(games: games, leisure: leisure), catalog: catalog, maxRoutes: 1).routes
                .first
        }
        let packed = best(.packed)
        let moderate = best(.moderate)
        let relaxed = best(.relaxed)
        #expect(packed?.games.count == 16)
        #expect(moderate?.games.count == 7)  // 4 in a row, a day off, 3 more
        #expect(relaxed?.games.count == 4)  // every other day
        let relaxedDays = relaxed?.games.map(\.localDate.dayNumber) ?? []
        #expect(zip(relaxedDays, relaxedDays.dropFirst()).allSatisfy { $1 - $0 >= 2 })
    }

    @Test("Backtracking filter applies while routing, including the end location")
    func backtrackingRoutes() {
        let games = [
            F.game("bos1", "fenway", "2025-06-02"), F.game("phi", "cbp", "2025-06-04"),
            F.game("bos2", "fenway", "2025-06-06"),
        ]
        let catalog = F.catalog(games)
        #expect(router.evaluate(games, for: RoutingRequest(games: games), catalog: catalog) == nil)
        var loose = router
        loose.filters.rejectsBacktracking = false
        #expect(loose.evaluate(games, for: RoutingRequest(games: games), catalog: catalog) != nil)
        let home = TripLocation(name: "Boston", coordinate: Coordinate(latitude: 42.35, longitude: -71.06))
        let toPhilly = RoutingRequest(games: Array(games.prefix(2)), start: home, end: home)
        #expect(router.evaluate(Array(games.prefix(2)), for: toPhilly, catalog: catalog) == nil)
    }

    @Test("Start and end locations add legs, days and driving to the route")
    func startEnd() throws {
        let games = [F.game("nyy", "yankee", "2025-06-03", "13:05")]
        let boston = TripLocation(name: "Boston, MA", coordinate: Coordinate(latitude: 42.3467, longitude: -71.0972))
        let philly = TripLocation(
            name: "Philadelphia, PA", coordinate: Coordinate(latitude: 39.9526, longitude: -75.1652))
        let request = RoutingRequest(games: games, start: boston, end: philly)
        let route = try #require(router.evaluate(games, for: request, catalog: F.catalog(games)))
        #expect(route.legs.count == 2)
        #expect(route.firstDay == F.date("2025-06-02"))  // 4.1 h does not fit 08:00–12:05 on game day
        #expect(route.lastDay == F.date("2025-06-04"))
        #expect(abs(route.breakdown.drivingHours - route.legs.reduce(0) { $0 + $1.drivingHours }) < 1e-9)
        var late = request
        late.startDate = F.date("2025-06-03")
        #expect(router.evaluate(games, for: late, catalog: F.catalog(games)) == nil)
    }

    @Test("Large instances use the label cap and say they are not exact")
    func beam() {
        var games: [Game] = []
        let venues = ["fenway", "yankee", "citi", "cbp", "camden", "nats", "pnc", "progressive"]
        for day in 1...10 {
            for (index, venue) in venues.enumerated() where (day + index) % 2 == 0 {
                games.append(F.game("\(venue)\(day)", venue, String(format: "2025-06-%02d", day)))
            }
        }
        let outcome = GameDAGRouter(labelCap: 2, exactGameLimit: 10).routes(
            for: RoutingRequest(games: games), catalog: F.catalog(games))
        #expect(!outcome.isExact)
        #expect((outcome.routes.first?.games.count ?? 0) >= 6)
    }
}
