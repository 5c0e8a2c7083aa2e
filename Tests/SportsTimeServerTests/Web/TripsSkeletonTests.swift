import Foundation
import Plot
import ServerKit
import SportsTime
import Testing
import WebUI

@testable import SportsTimeServer

@Suite("SportsTime web: query, map and preferences")
struct TripsSkeletonTests {
    @Test("a plan query round-trips through its URL; bad values are problems on their field, not errors")
    func planQuery() {
        var problems: [PlanQuery.Problem] = []
        let query = PlanQuery(
            query: [
                ("mode", "follow-team"), ("sports", "mlb,NHL"), ("from", "2026-06-01"), ("to", "2026-06-10"),
                ("start", "Boston"), ("team", "MLB-BOS"), ("drivers", "2"), ("hours", "10"), ("regions", "east"),
                ("repeat", "0"),
            ], problems: &problems)
        #expect(problems.isEmpty)
        #expect(query.mode == .followTeam && query.sports == [.mlb, .nhl] && query.team?.rawValue == "mlb-bos")
        var again: [PlanQuery.Problem] = []
        #expect(PlanQuery(query: query.items, problems: &again) == query && again.isEmpty)
        #expect(query.preferences.maxDrivingHoursPerDriver == 10 && query.preferences.allowRepeatCities == false)

        var bad: [PlanQuery.Problem] = []
        let broken = PlanQuery(
            query: [("sports", "cricket"), ("from", "June"), ("drivers", "9"), ("hours", "nan"), ("regions", "north")],
            problems: &bad)
        #expect(Set(bad.map(\.field)) == [.sports, .from, .drivers, .hours, .regions])
        #expect(broken.drivers == 1 && broken.from == nil && broken.regions == Set(Region.allCases))
    }

    @Test("the settings cookie keeps units, home city, leagues and theme; a garbled one falls back to defaults")
    func prefs() {
        let prefs = TripsPrefs(units: .km, homeCity: "Chicago, IL", leagues: [.nba, .mlb], theme: .dark)
        #expect(TripsPrefs(cookie: prefs.cookieValue) == prefs)
        #expect(TripsPrefs(cookie: "%%%|||") == .standard)
        #expect(TripsPrefs(cookie: "furlongs|" + String(repeating: "x", count: 200)) == .standard)
        #expect(prefs.distance(miles: 100) == "161 km" && TripsPrefs.standard.distance(miles: 1234.4) == "1,234 mi")
    }

    @Test("clipping keeps what is inside the box and replaces the rest by its edge; simplifying keeps the shape")
    func geometry() {
        let square = [
            MapPoint(x: -10, y: -10), MapPoint(x: 10, y: -10), MapPoint(x: 10, y: 10), MapPoint(x: -10, y: 10),
        ]
        let clipped = MapGeometry.clip(square, minX: 0, minY: 0, maxX: 20, maxY: 20)
        #expect(Set(clipped.map { "\($0.x),\($0.y)" }) == ["0.0,0.0", "10.0,0.0", "10.0,10.0", "0.0,10.0"])
        #expect(MapGeometry.clip(square, minX: 50, minY: 50, maxX: 60, maxY: 60).isEmpty)
        // A noisy L: along x with 0.1 wobble, then up; only the ends and the corner stay.
        let corner =
            (0...10).map { MapPoint(x: Double($0), y: 0.1 * Double($0 % 2)) }
            + (1...10).map { MapPoint(x: 10, y: Double($0)) }
        #expect(MapGeometry.simplify(corner, tolerance: 0.5) == [corner[0], MapPoint(x: 10, y: 0), corner[20]])
        #expect(MapGeometry.simplify(corner, tolerance: 0.05).count > 10)
    }

    @Test(
        "a trip map: stops numbered in order, a venue seen twice is one marker '1·3', legs drawn, Boston east of Chicago"
    )
    func tripMap() throws {
        func game(
            _ id: String, _ city: String, _ venue: String, _ lat: Double, _ lon: Double, _ day: Int
        ) -> PlannedGame {
            let start = Date(timeIntervalSince1970: 1_781_000_000 + Double(day) * 86_400)
            return PlannedGame(
                gameId: GameID(rawValue: id), league: .mlb, homeTeamId: TeamID(rawValue: "h"), homeTeamName: "Home",
                awayTeamId: TeamID(rawValue: "a"), awayTeamName: "Away", venueId: VenueID(rawValue: venue),
                venueName: venue, city: city, latitude: lat, longitude: lon, start: start,
                localDate: try! #require(LocalDate("2026-06-1\(day)")), localStart: "19:10",
                timeZone: "America/New_York")
        }
        var option = try #require(Self.option)
        option.games = [
            game("g1", "Boston", "fenway", 42.35, -71.10, 1), game("g2", "Chicago", "wrigley", 41.95, -87.66, 3),
            game("g3", "Boston", "fenway", 42.35, -71.10, 6),
        ]
        let model = TripMap.model(for: option)
        let stops = model.markers.filter { $0.kind == .stop }
        #expect(stops.map(\.label) == ["1·3", "2"])
        #expect(model.route.count == 3 && model.summary.hasPrefix("Boston → Chicago → Boston"))
        let frame = TripMap.frame(fitting: model.route, width: 640, height: 400)
        let boston = frame.place(WebUI.GeoPoint(longitude: -71.10, latitude: 42.35))
        let chicago = frame.place(WebUI.GeoPoint(longitude: -87.66, latitude: 41.95))
        #expect(boston.x > chicago.x && (0...640).contains(boston.x) && (0...640).contains(chicago.x))
        let html = TripMap.svg(model).render()
        #expect(html.contains("role=\"img\"") && html.contains("<desc") && html.contains("class=\"map-route\""))
        #expect(html.contains("map-land map-us") && html.contains("href=\"#day-2026-06-11\""))
        #expect(html.utf8.count < 40_000)
    }

    /// An option to edit in tests (games replaced by each test).
    static var option: ItineraryOption? {
        let json = """
            {"rank":1,"score":1,"breakdown":{"games":0,"distinctVenues":0,"drivingHours":0,"miles":0,"gamePoints":0,"venuePoints":0,"drivingPenalty":0},
             "games":[],"legs":[],"days":[],
             "totals":{"games":0,"distinctVenues":0,"miles":1800,"drivingHours":30,"restDays":0,"days":6}}
            """
        return try? JSONDecoder().decode(ItineraryOption.self, from: Data(json.utf8))
    }

    @Test("the offline banner's time is readable and names its zone")
    func renderedAt() {
        let date = Date(timeIntervalSince1970: 1_795_762_543)  // 2026-11-27T06:55:43Z
        #expect(TripsComponents.renderedAt(date) == "Fri 27 Nov 2026, 06:55 UTC")
    }
}
