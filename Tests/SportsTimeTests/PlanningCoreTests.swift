import Foundation
import Testing

@testable import SportsTime

@Suite("Planning preferences, failures and travel estimates")
struct PlanningCoreTests {
    @Test("Driving constraints clamp drivers and hours and multiply them into a daily limit")
    func clamping() {
        #expect(DrivingConstraints(numberOfDrivers: 0, maxHoursPerDriver: nil).dailyLimit == 8)
        #expect(DrivingConstraints(numberOfDrivers: -3, maxHoursPerDriver: 0.25).dailyLimit == 1)
        #expect(DrivingConstraints(numberOfDrivers: 2, maxHoursPerDriver: nil).dailyLimit == 16)
        #expect(DrivingConstraints(numberOfDrivers: 2, maxHoursPerDriver: 6).dailyLimit == 12)
        #expect(DrivingConstraints(numberOfDrivers: 1, maxHoursPerDriver: .nan).maxHoursPerDriver == 8)
        let preferences = TripPreferences(numberOfDrivers: 0, maxDrivingHoursPerDriver: -5)
        #expect(preferences.drivingConstraints.numberOfDrivers == 1)
        #expect(preferences.drivingConstraints.maxHoursPerDriver == 1)
    }

    @Test("Preferences decode the spec's defaults from an empty object and round-trip")
    func preferencesCodable() throws {
        let empty = try JSONDecoder().decode(TripPreferences.self, from: Data("{}".utf8))
        #expect(empty == TripPreferences())
        #expect(empty.planningMode == .dateRange)
        #expect(empty.numberOfDrivers == 1)
        #expect(empty.maxDrivingHoursPerDriver == nil)
        #expect(empty.leisureLevel == .moderate)
        #expect(empty.allowRepeatCities)
        #expect(empty.selectedRegions == [.east, .central, .west])
        let full = TripPreferences(
            planningMode: .locations, sports: [.mlb, .nba], startDate: LocalDate("2025-06-01"),
            endDate: LocalDate("2025-06-07"), mustSeeGameIds: ["mlb-1"],
            startLocation: TripLocation(name: "Boston", coordinate: Coordinate(latitude: 42.35, longitude: -71.06)),
            numberOfDrivers: 2, maxDrivingHoursPerDriver: 6, numberOfStops: 4, leisureLevel: .packed,
            allowRepeatCities: false, selectedRegions: [.east])
        let data = try JSONEncoder().encode(full)
        #expect(try JSONDecoder().decode(TripPreferences.self, from: data) == full)
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(TripPreferences.self, from: Data(#"{"planningMode":"teleport"}"#.utf8))
        }
    }

    @Test("Leisure levels: games per day, game days in a row, days between game days")
    func leisure() {
        #expect(LeisureLevel.packed.maxGamesPerDay == 2)
        #expect(LeisureLevel.moderate.maxGamesPerDay == 1)
        #expect(LeisureLevel.moderate.maxConsecutiveGameDays == 4)
        #expect(LeisureLevel.relaxed.minimumDaysBetweenGameDays == 2)
        #expect(LeisureLevel.packed.maxConsecutiveGameDays == nil)
    }

    @Test("Every planning failure has its case name as code, a message, and round-trips as JSON")
    func failures() throws {
        let all: [PlanningFailure] = [
            .noGamesInRange, .noValidRoutes, .missingDateRange, .missingLocations, .missingTeamSelection,
            .dateRangeViolation(games: ["mlb-1", "mlb-2"]), .drivingExceedsLimit(hoursNeeded: 9.5, limit: 8),
            .repeatCityViolation(city: "New York, NY"), .geographicBacktracking,
        ]
        let codes = all.map(\.code)
        #expect(
            codes == [
                "noGamesInRange", "noValidRoutes", "missingDateRange", "missingLocations", "missingTeamSelection",
                "dateRangeViolation", "drivingExceedsLimit", "repeatCityViolation", "geographicBacktracking",
            ])
        for failure in all {
            #expect(failure.message.count > 20)
            let data = try JSONEncoder().encode(failure)
            #expect(try JSONDecoder().decode(PlanningFailure.self, from: data) == failure)
            let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
            #expect(object["code"] as? String == failure.code)
            #expect(object["message"] as? String == failure.message)
        }
        #expect(PlanningFailure.drivingExceedsLimit(hoursNeeded: 9.5, limit: 8).message.contains("9.5 h"))
        #expect(PlanningFailure.dateRangeViolation(games: ["mlb-1"]).message.contains("mlb-1"))
        #expect(PlanningFailure.repeatCityViolation(city: "New York, NY").message.contains("New York, NY"))
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(PlanningFailure.self, from: Data(#"{"code":"nope","message":""}"#.utf8))
        }
    }

    @Test("Boston to New York is about 220 road miles and a little over 4 hours")
    func bostonNewYork() {
        let estimator = TravelEstimator()
        let fenway = Coordinate(latitude: 42.3467, longitude: -71.0972)
        let yankee = Coordinate(latitude: 40.8296, longitude: -73.9262)
        let leg = estimator.leg(from: fenway, to: yankee)
        #expect(abs(leg.miles - 220) < 6)
        #expect(abs(leg.drivingHours - (leg.miles / 60 + 0.5)) < 1e-9)
        #expect(estimator.leg(from: fenway, to: fenway) == .init(miles: 0, drivingHours: 0))
        let custom = TravelEstimator(roadFactor: 1.0, averageSpeedMPH: 50, legOverheadHours: 0)
        #expect(abs(custom.leg(from: fenway, to: yankee).drivingHours - fenway.miles(to: yankee) / 50) < 1e-9)
        let garbage = TravelEstimator(roadFactor: .nan, averageSpeedMPH: -3, legOverheadHours: .infinity)
        #expect(garbage == TravelEstimator())
    }

    @Test("Days needed and overnight stops on a leg longer than a day's driving")
    func overnight() {
        let estimator = TravelEstimator()
        #expect(estimator.daysNeeded(hours: 0, dailyLimit: 8) == 0)
        #expect(estimator.daysNeeded(hours: 8, dailyLimit: 8) == 1)
        #expect(estimator.daysNeeded(hours: 8.1, dailyLimit: 8) == 2)
        #expect(estimator.daysNeeded(hours: 17.5, dailyLimit: 8) == 3)
        let fenway = Coordinate(latitude: 42.3467, longitude: -71.0972)
        let coors = Coordinate(latitude: 39.7559, longitude: -104.9942)
        let leg = estimator.leg(from: fenway, to: coors)
        let stops = estimator.overnightStops(from: fenway, to: coors, dailyLimit: 8)
        #expect(stops.count == estimator.daysNeeded(hours: leg.drivingHours, dailyLimit: 8) - 1)
        #expect(stops.map(\.afterDay) == Array(1...stops.count))
        // Each night is one more day of driving further along, west of Boston and east of Denver.
        for (index, stop) in stops.enumerated() {
            #expect(abs(stop.milesFromStart - (Double(index + 1) * 8 - 0.25) * 60) < 1e-6)
            #expect(stop.coordinate.longitude < fenway.longitude && stop.coordinate.longitude > coors.longitude)
        }
        #expect(estimator.overnightStops(from: fenway, to: coors, dailyLimit: 48).isEmpty)
        let half = TravelEstimator.interpolate(from: fenway, to: coors, share: 0.5)
        #expect(abs(half.miles(to: fenway) - half.miles(to: coors)) < 1)
    }

    @Test("Backtracking: out-and-back across the country is rejected, a regional hop passes")
    func backtracking() {
        let filters = RouteFilters()
        let estimator = TravelEstimator()
        func coordinate(_ id: String) -> Coordinate {
            PlanningFixtures.venues.first { $0.id.rawValue == id }?.coordinate ?? Coordinate(latitude: 0, longitude: 0)
        }
        #expect(
            !filters.isBacktrack(coordinate("fenway"), coordinate("yankee"), coordinate("fenway"), estimator: estimator)
        )
        #expect(
            filters.isBacktrack(
                coordinate("tmobile"), coordinate("dodger"), coordinate("tmobile"), estimator: estimator))
        #expect(
            !filters.isBacktrack(coordinate("fenway"), coordinate("cbp"), coordinate("yankee"), estimator: estimator))
        #expect(
            !filters.isBacktrack(coordinate("tmobile"), coordinate("dodger"), coordinate("chase"), estimator: estimator)
        )
        #expect(
            filters.isBacktrack(coordinate("fenway"), coordinate("cbp"), coordinate("fenway"), estimator: estimator))
        let off = RouteFilters(rejectsBacktracking: false)
        #expect(
            !off.isBacktrack(coordinate("tmobile"), coordinate("dodger"), coordinate("tmobile"), estimator: estimator))
    }

    @Test("Locations resolve from a venue city or from coordinates")
    func locations() throws {
        let catalog = PlanningFixtures.catalog([])
        let boston = try #require(catalog.location(named: "Boston"))
        #expect(boston.name == "Boston, MA")
        // Fenway Park's id sorts before TD Garden's.
        #expect(boston.coordinate == Coordinate(latitude: 42.3467, longitude: -71.0972))
        #expect(catalog.location(named: "boston, ma") == boston)
        #expect(catalog.location(named: "42.35,-71.06")?.coordinate == Coordinate(latitude: 42.35, longitude: -71.06))
        #expect(catalog.location(named: "95,0") == nil)
        #expect(catalog.location(named: "Atlantis") == nil)
        #expect(catalog.location(named: "  ") == nil)
    }
}
