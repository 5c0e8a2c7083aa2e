import Foundation
import Testing

@testable import SportsTime

@Suite("Planning engine versus brute force")
struct PlanningPropertyTests {
    typealias F = PlanningFixtures

    static let venueIDs = [
        "fenway", "yankee", "citi", "cbp", "camden", "nats", "pnc", "progressive", "wrigley", "tdgarden", "msg",
    ]
    static let times = ["12:05", "13:05", "16:10", "19:05", "19:10", "20:00"]

    struct Instance {
        var games: [Game]
        var preferences: TripPreferences
    }

    static func instance(seed: UInt64, games gameRange: ClosedRange<Int> = 4...12) -> Instance {
        var random = PlanningRandom(seed: seed)
        let venueCount = Int.random(in: 3...7, using: &random)
        let venues = Array(venueIDs.shuffled(using: &random).prefix(venueCount))
        let gameCount = Int.random(in: gameRange, using: &random)
        var games: [Game] = []
        for index in 0..<gameCount {
            let venue = venues.randomElement(using: &random) ?? "fenway"
            let day = F.date("2025-06-01").adding(days: Int.random(in: 0...5, using: &random))
            let time = times.randomElement(using: &random) ?? "19:05"
            games.append(F.game("g\(index)", venue, day.description, time))
        }
        var preferences = TripPreferences(
            planningMode: .dateRange, sports: [.mlb, .nba], startDate: F.date("2025-05-31"),
            endDate: F.date("2025-06-08"))
        preferences.leisureLevel = LeisureLevel.allCases.randomElement(using: &random) ?? .moderate
        preferences.numberOfDrivers = Int.random(in: 1...2, using: &random)
        preferences.maxDrivingHoursPerDriver = [nil, 3, 5, 8, 10].randomElement(using: &random) ?? nil
        preferences.allowRepeatCities = Bool.random(using: &random)
        preferences.numberOfStops = [nil, nil, 1, 2, 3, 4].randomElement(using: &random) ?? nil
        let anchorCount = [0, 0, 0, 1, 1, 2].randomElement(using: &random) ?? 0
        preferences.mustSeeGameIds = Array(games.shuffled(using: &random).prefix(anchorCount).map(\.id))
        func randomLocation() -> TripLocation? {
            guard Int.random(in: 0..<10, using: &random) < 3 else { return nil }
            let place = F.places.filter { venueIDs.contains($0.id) }.randomElement(using: &random) ?? F.places[0]
            return TripLocation(
                name: place.city,
                coordinate: Coordinate(
                    latitude: place.latitude + Double.random(in: -0.5...0.5, using: &random),
                    longitude: place.longitude + Double.random(in: -0.5...0.5, using: &random)))
        }
        preferences.startLocation = randomLocation()
        preferences.endLocation = randomLocation()
        return Instance(games: games, preferences: preferences)
    }

    /// The best score over every subset of the candidates, in time order, that the rules accept.
    static func bruteForce(_ problem: RoutingProblem) -> Double? {
        var best: Double?
        var path: [Int] = []
        func visit(_ next: Int) {
            if !path.isEmpty, let route = problem.evaluate(path) {
                best = max(best ?? -.infinity, route.score)
            }
            guard next < problem.n else { return }
            for index in next..<problem.n {
                path.append(index)
                visit(index + 1)
                path.removeLast()
            }
        }
        visit(0)
        return best
    }

    @Test("On 240 random small instances the engine's best score equals brute-force enumeration")
    func matchesBruteForce() throws {
        let engine = TripPlanningEngine()
        var solved = 0
        for seed in 1...240 {
            let instance = Self.instance(seed: UInt64(seed))
            let catalog = F.catalog(instance.games)
            let context = PlanningContext(preferences: instance.preferences, catalog: catalog, engine: engine)
            let range = F.date("2025-05-31")...F.date("2025-06-08")
            let anchors = instance.games.filter { instance.preferences.mustSeeGameIds.contains($0.id) }
            let request = context.request(
                games: context.games(from: range.lowerBound, to: range.upperBound, leagues: [.mlb, .nba]),
                anchors: anchors, range: range)
            let problem = RoutingProblem(request: request, catalog: catalog, router: engine.router)
            #expect(problem.n == instance.games.count)
            let expected = Self.bruteForce(problem)
            let result = engine.plan(instance.preferences, catalog: catalog)
            switch result {
            case .success(let options):
                let best = try #require(options.first)
                #expect(abs(best.score - (expected ?? .nan)) < 1e-6, "seed \(seed)")
                solved += 1
            case .failure(let failure):
                #expect(expected == nil, "seed \(seed): engine failed with \(failure.code)")
            }
            #expect(engine.router.routes(for: request, catalog: catalog).isExact)
        }
        #expect(solved > 150)
    }

    @Test("On medium instances the beam finds the exact optimum or comes close")
    func beamQuality() {
        let beam = TripPlanningEngine()
        let exact = TripPlanningEngine(router: GameDAGRouter(exactGameLimit: 64))
        var equal = 0
        var worst = 1.0
        let seeds: ClosedRange<UInt64> = 1001...1060
        for seed in seeds {
            let instance = Self.instance(seed: seed, games: 24...36)
            let catalog = F.catalog(instance.games)
            let a = (try? beam.plan(instance.preferences, catalog: catalog).get().first?.score) ?? nil
            let b = (try? exact.plan(instance.preferences, catalog: catalog).get().first?.score) ?? nil
            #expect((a == nil) == (b == nil), "seed \(seed)")
            guard let a, let b else {
                equal += 1
                continue
            }
            #expect(a <= b + 1e-6)
            if abs(a - b) < 1e-6 { equal += 1 }
            if b > 0 { worst = min(worst, a / b) }
        }
        print("beam equals exact on \(equal) of \(seeds.count) medium instances; worst ratio \(worst)")
        #expect(equal >= seeds.count * 9 / 10)
        #expect(worst > 0.9)
    }
}
