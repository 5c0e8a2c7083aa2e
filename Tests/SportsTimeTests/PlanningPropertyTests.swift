import ClubhouseBasics
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
        var random = SplitMix64(seed: seed)
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

    /// The best score over every subset of the candidates, in time order, that the reference rules accept; each
    /// subset's verdict must also match the library's own one-route evaluator.
    static func bruteForce(_ reference: PlanningReference, _ problem: RoutingProblem, seed: Int) -> Double? {
        var best: Double?
        var path: [Int] = []
        var mismatches = 0
        func visit(_ next: Int) {
            if !path.isEmpty {
                let expected = reference.score(path)
                let actual = problem.evaluate(path)?.score
                if (expected == nil) != (actual == nil) || abs((expected ?? 0) - (actual ?? 0)) > 1e-6 {
                    mismatches += 1
                }
                if let expected { best = max(best ?? -.infinity, expected) }
            }
            guard next < reference.stops.count else { return }
            for index in next..<reference.stops.count {
                path.append(index)
                visit(index + 1)
                path.removeLast()
            }
        }
        visit(0)
        #expect(mismatches == 0, "seed \(seed): the reference and the evaluator disagree on \(mismatches) routes")
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
            let reference = PlanningReference(request: request, catalog: catalog, router: engine.router)
            #expect(problem.n == instance.games.count && reference.stops.count == problem.n)
            let expected = Self.bruteForce(reference, problem, seed: seed)
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

    @Test("Random preferences in every mode, sane or absurd, give options that keep the rules or a failure")
    func fuzzPreferences() throws {
        let engine = TripPlanningEngine()
        var random = SplitMix64(seed: 77)
        var outcomes: [String: Int] = [:]
        for seed in 1...150 {
            let instance = Self.instance(seed: UInt64(5000 + seed), games: 4...20)
            let catalog = F.catalog(instance.games)
            var preferences = instance.preferences
            preferences.planningMode = PlanningMode.allCases.randomElement(using: &random) ?? .dateRange
            let day = { F.date("2025-05-28").adding(days: Int.random(in: 0...14, using: &random)) }
            switch Int.random(in: 0..<10, using: &random) {
            case 0..<6:
                let a = day()
                let b = day()
                preferences.startDate = min(a, b)
                preferences.endDate = max(a, b).adding(days: 3)
            case 6..<8:
                preferences.startDate = nil
                preferences.endDate = nil
            default:
                preferences.startDate = Bool.random(using: &random) ? day() : nil
                preferences.endDate = Bool.random(using: &random) ? day() : nil
            }
            preferences.numberOfDrivers = [-1, 0, 1, 2, 5].randomElement(using: &random) ?? 1
            preferences.maxDrivingHoursPerDriver =
                [nil, -2, 0.5, 6, .nan, .infinity, 30].randomElement(using: &random) ?? nil
            preferences.numberOfStops = [nil, -1, 0, 2, 100].randomElement(using: &random) ?? nil
            preferences.selectedRegions = Bool.random(using: &random) ? [.east] : Set(Region.allCases)
            preferences.sports = Int.random(in: 0..<6, using: &random) == 0 ? [] : [.mlb, .nba]
            if Int.random(in: 0..<8, using: &random) == 0 { preferences.mustSeeGameIds.append("unknown") }
            let teams: [TeamID?] = [nil, F.teamID("yankee"), F.teamID("cbp"), "mlb-nope"]
            preferences.followTeamId = teams.randomElement(using: &random) ?? nil
            let teamSets: [[TeamID]] = [[], [F.teamID("fenway"), F.teamID("cbp")], [F.teamID("yankee")], ["mlb-nope"]]
            preferences.selectedTeamIds = teamSets.randomElement(using: &random) ?? []
            if preferences.planningMode == .locations {
                preferences.startLocation = preferences.startLocation ?? catalog.location(named: "Boston")
                preferences.endLocation = preferences.endLocation ?? catalog.location(named: "Philadelphia")
            }
            if Int.random(in: 0..<10, using: &random) == 0 {
                preferences.endLocation = TripLocation(name: "?", coordinate: Coordinate(latitude: 0, longitude: .nan))
            }
            switch engine.plan(preferences, catalog: catalog) {
            case .failure(let failure):
                #expect(!failure.message.isEmpty)
                outcomes[failure.code, default: 0] += 1
            case .success(let options):
                #expect(!options.isEmpty, "seed \(seed)")
                outcomes["success", default: 0] += 1
                for option in options {
                    let starts = option.games.map(\.start)
                    #expect(starts == starts.sorted(), "seed \(seed)")
                    #expect(Set(option.games.map(\.gameId)).count == option.games.count)
                    #expect(option.days.count == option.totals.days)
                    let days = option.days.map(\.date.dayNumber)
                    #expect(days == Array((days.first ?? 0)..<((days.first ?? 0) + days.count)))
                    for game in option.games { #expect(days.contains(game.localDate.dayNumber)) }
                    let limit = preferences.drivingConstraints.dailyLimit
                    for leg in option.legs {
                        #expect(leg.dailyHours.allSatisfy { $0.hours <= limit + 1e-6 }, "seed \(seed)")
                        #expect(abs(leg.dailyHours.reduce(0) { $0 + $1.hours } - leg.drivingHours) < 1e-6)
                    }
                    if let start = preferences.startDate, preferences.planningMode != .teamFirst {
                        #expect(days.first ?? 0 >= start.dayNumber, "seed \(seed)")
                    }
                    if let end = preferences.endDate, preferences.planningMode != .teamFirst {
                        #expect(days.last ?? 0 <= end.dayNumber, "seed \(seed)")
                    }
                }
            }
        }
        print("fuzzed preferences: \(outcomes.sorted { $0.key < $1.key })")
        #expect(outcomes["success", default: 0] >= 15)
    }
}
