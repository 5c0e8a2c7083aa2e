import ClubhouseBasics
import Foundation
import Testing

@testable import SportsTime

@Suite("Continuous tour search, exact solver and lower bound")
struct TourSearchTests {
    /// The fixture's games between two days at `venues` (a small instance).
    func smallCatalog(_ files: TourInstanceFiles, venues: [VenueID], from: String, days: Int) -> Catalog {
        let first = LocalDate(from) ?? LocalDate(dayNumber: 0)
        let last = first.adding(days: days - 1)
        let wanted = Set(venues)
        var catalog = files.catalog
        catalog.replaceGames(
            files.catalog.games.filter { wanted.contains($0.venue) && $0.localDate >= first && $0.localDate <= last })
        return catalog
    }

    /// Brute force: every game of every venue order (not only the earliest), the shortest tour's seconds.
    func bruteForce(_ catalog: Catalog, venues: [VenueID], rules: TravelRules) -> Double? {
        let games = catalog.games.filter { venues.contains($0.venue) }
        let coordinates = Dictionary(uniqueKeysWithValues: venues.map { ($0, catalog.venue($0)?.coordinate) })
        var best = Double.infinity
        func drive(_ a: VenueID, _ b: VenueID) -> Double {
            guard let from = coordinates[a] ?? nil, let to = coordinates[b] ?? nil else { return .infinity }
            return rules.estimator.leg(from: from, to: to).drivingHours * 3600
        }
        func extend(_ path: [Game], seen: Set<VenueID>) {
            guard let first = path.first, let last = path.last else { return }
            let elapsed = last.start.timeIntervalSince(first.start) + rules.gameHours * 3600
            if elapsed >= best { return }
            if seen.count == venues.count {
                best = elapsed
                return
            }
            for game in games where !seen.contains(game.venue) {
                let ready =
                    last.start.timeIntervalSince1970 + (rules.gameHours + rules.bufferHours) * 3600
                    + drive(last.venue, game.venue)
                guard game.start.timeIntervalSince1970 >= ready - 1e-6 else { continue }
                extend(path + [game], seen: seen.union([game.venue]))
            }
        }
        for game in games { extend([game], seen: [game.venue]) }
        return best.isFinite ? best : nil
    }

    @Test("Small instances are solved exactly: the same length as brute force", arguments: 0..<6)
    func exactMatchesBruteForce(seed: Int) throws {
        let files = try #require(TBFP2019.files)
        var generator = SplitMix64(seed: UInt64(seed) &+ 11)
        let all = files.catalog.venues.keys.sorted()
        var venues: [VenueID] = []
        while venues.count < 4 + seed % 2 {
            let pick = all[Int(generator.next() % UInt64(all.count))]
            if !venues.contains(pick) { venues.append(pick) }
        }
        let day = LocalDate("2019-05-01")?.adding(days: Int(generator.next() % 120)).description ?? "2019-05-01"
        let catalog = smallCatalog(files, venues: venues, from: day, days: 9)
        for buffer in [0.0, 1.0] {
            var rules = TBFP2019.benchmarkRules(files)
            rules.bufferHours = buffer
            let report = BallparkTourSearch(rules: rules).report(catalog: catalog, venues: Set(venues))
            let expected = bruteForce(catalog, venues: venues, rules: rules)
            let found = report.tour?.durationHours.map { $0 * 3600 }
            #expect((found == nil) == (expected == nil), "seed \(seed) buffer \(buffer)")
            if let found, let expected { #expect(abs(found - expected) < 1e-3, "seed \(seed) buffer \(buffer)") }
            if let tour = report.tour {
                #expect(report.lowerBound?.isExact == true)
                #expect(abs((report.lowerBound?.value ?? 0) - (tour.durationDays ?? 0)) < 1e-9)
                #expect(rules.check(games(tour, catalog), catalog: catalog).isFeasible)
            }
        }
    }

    @Test(
        "2019 under the benchmark's rules: the time beam from the best first game of 16 July is within 2 % of 24.125 days"
    )
    func benchmarkFromOptimalStart() throws {
        let files = try #require(TBFP2019.files)
        let rules = TBFP2019.benchmarkRules(files)
        let venues = BallparkTourSearch.homeVenues(of: .mlb, in: files.catalog)
        let instance = try #require(
            ContinuousTourInstance(catalog: files.catalog, league: .mlb, venues: venues, rules: rules))
        // The search's best opening that day (Camden Yards; the proven optimum opens at Target Field that evening).
        let first = try #require(
            instance.games.indices.first {
                instance.games[$0].localDate == LocalDate("2019-07-16")
                    && instance.games[$0].venue == "oriole-park-at-camden-yards"
            })
        let found = try #require(instance.timeBeam(first: first, width: 3_000, incumbent: .infinity, weight: 2))
        let days = found.seconds / 86_400
        #expect(days <= 24.607)
        #expect(days >= 24.125 - 1e-9)
        let tour = try #require(
            BallparkTourSearch(rules: rules).tour(found, instance: instance, rules: rules))
        #expect(tour.visits.count == 30)
        let check = rules.check(games(tour, files.catalog), catalog: files.catalog)
        #expect(check.violations == [])
        #expect(abs(check.durationHours - (tour.durationHours ?? 0)) < 1e-6)
    }

    @Test("A season search reports its rules, a feasible tour and a bound below the proven optimum")
    func seasonWindowReport() throws {
        let files = try #require(TBFP2019.files)
        let rules = TBFP2019.benchmarkRules(files)
        let window = LocalDate("2019-07-14").flatMap { a in LocalDate("2019-07-17").map { a...$0 } }
        let search = BallparkTourSearch(
            rules: rules, startDates: window,
            continuous: ContinuousTourSettings(
                refineWidth: 100, refinedFirstGames: 2, improvedTours: 2, rankedDays: 1, dayScreenWidth: 40,
                dayWideGames: 1, dayWideWidth: 100))
        let steps = StepLog()
        let report = search.report(catalog: files.catalog) { steps.add($0) }
        let tour = try #require(report.tour)
        #expect(report.rules == rules)
        #expect(tour.rules == rules)
        #expect(tour.roadSource == "road matrix (matrix.csv)")
        let days = try #require(tour.durationDays)
        #expect(days >= 24.125 - 1e-9)
        #expect(rules.check(games(tour, files.catalog), catalog: files.catalog).violations == [])
        let bound = try #require(report.lowerBound)
        #expect(bound.value <= 24.125 + 1e-9)
        #expect(bound.value > 15)
        #expect(tour.lowerBound == bound)
        #expect(report.gap.map { $0 > 0 && $0 < 0.4 } == true)
        let fractions = steps.values.map(\.fraction)
        #expect(fractions.last == 1)
        #expect(fractions == fractions.sorted())
    }

    @Test("Ranked days: the days whose best opening did best come first, each day once")
    func promisingDays() throws {
        let files = try #require(TBFP2019.files)
        let venues = BallparkTourSearch.homeVenues(of: .mlb, in: files.catalog)
        let instance = try #require(
            ContinuousTourInstance(
                catalog: files.catalog, league: .mlb, venues: venues, rules: TBFP2019.benchmarkRules(files)))
        func opening(_ day: String, _ index: Int) throws -> Int {
            let date = try #require(LocalDate(day))
            return try #require(
                instance.games.indices.filter { instance.games[$0].localDate == date }.dropFirst(index).first)
        }
        let swept = [
            ContinuousTourPath(path: [try opening("2019-05-01", 0)], seconds: 30, miles: 1),
            ContinuousTourPath(path: [try opening("2019-07-16", 0)], seconds: 29, miles: 1),
            ContinuousTourPath(path: [try opening("2019-07-16", 3)], seconds: 26, miles: 1),
            ContinuousTourPath(path: [try opening("2019-04-08", 1)], seconds: 27, miles: 1),
            ContinuousTourPath(path: [try opening("2019-06-02", 0)], seconds: 27, miles: 1),
        ]
        #expect(
            instance.promisingDays(swept, count: 3).map(\.description) == ["2019-07-16", "2019-04-08", "2019-06-02"])
        #expect(instance.promisingDays(swept, count: 0) == [])
    }

    @Test("A continuous tour as an itinerary: one drive per leg from the game before, straight through, no nights")
    func continuousItinerary() throws {
        let files = try #require(TBFP2019.files)
        let rules = TBFP2019.benchmarkRules(files)
        let venues: [VenueID] = [
            "fenway-park", "yankee-stadium", "citi-field", "citizens-bank-park", "nationals-park", "pnc-park",
        ]
        let catalog = smallCatalog(files, venues: venues, from: "2019-06-03", days: 9)
        let search = BallparkTourSearch(rules: rules)
        let tour = try #require(search.report(catalog: catalog, venues: Set(venues)).tour)
        let option = try #require(search.itinerary(for: tour, catalog: catalog))
        #expect(option.games.map(\.gameId) == tour.visits.map(\.gameId))
        #expect(option.legs.count == tour.legs.count)
        for (leg, tourLeg) in zip(option.legs, tour.legs) {
            #expect(leg.miles == tourLeg.miles && leg.drivingHours == tourLeg.drivingHours)
            #expect(leg.dailyHours.count == 1 && leg.overnightStops.isEmpty)
        }
        #expect(abs(option.totals.miles - tour.totalMiles) < 1e-6)
        #expect(option.days.first?.date == tour.firstDay)
        // Each drive starts on the day its game before ends (local time of that venue).
        for (index, leg) in option.legs.enumerated() {
            let before = option.games[index]
            #expect(leg.departureDay >= before.localDate)
        }
    }

    @Test("A time limit returns the best tour so far and says so")
    func timeLimit() throws {
        let files = try #require(TBFP2019.files)
        let search = BallparkTourSearch(rules: TBFP2019.benchmarkRules(files), timeBudgetSeconds: 0.001)
        let report = search.report(catalog: files.catalog)
        #expect(report.stoppedByTimeLimit)
        #expect(report.elapsedSeconds < 60)
    }

    @Test("The lower bound's relaxation never exceeds the exact optimum")
    func boundBelowOptimum() throws {
        let files = try #require(TBFP2019.files)
        let venues: [VenueID] = [
            "fenway-park", "yankee-stadium", "citi-field", "citizens-bank-park", "nationals-park",
            "pnc-park", "progressive-field",
        ]
        let catalog = smallCatalog(files, venues: venues, from: "2019-06-03", days: 12)
        let rules = TBFP2019.benchmarkRules(files)
        let instance = try #require(
            ContinuousTourInstance(catalog: catalog, league: .mlb, venues: venues.sorted(), rules: rules))
        let exact = try #require(instance.exactTour(subset: Array(0..<venues.count), closed: false))
        for size in 3...6 {
            let bound = instance.lowerBound(size: size, evaluations: 6)
            #expect(bound.seconds <= exact.seconds + 1e-6)
        }
        // The counting relaxation over the farthest-first subset of every seed venue.
        for seed in 0..<venues.count {
            let subset = instance.farthestFirst(from: seed, count: 4)
            #expect(subset.count == 4 && subset.first == seed && Set(subset).count == 4)
            let counting = try #require(instance.countingBound(subset: subset))
            #expect(counting <= exact.seconds + 1e-6)
        }
    }

    @Test("Daily rules: the tour obeys them leg by leg and reports its rules and a bound")
    func dailyRules() throws {
        let files = try #require(TBFP2019.files)
        var rules = TravelRules.daily(drivers: 2, hoursPerDriver: 8)
        rules.estimator = rules.estimator.with(roads: files.roadMatrix)
        let venues: [VenueID] = [
            "fenway-park", "yankee-stadium", "citi-field", "citizens-bank-park", "nationals-park",
            "oriole-park-at-camden-yards", "pnc-park",
        ]
        let catalog = smallCatalog(files, venues: venues, from: "2019-06-03", days: 14)
        let report = BallparkTourSearch(rules: rules).report(catalog: catalog, venues: Set(venues))
        let tour = try #require(report.tour)
        #expect(tour.rules == rules)
        #expect(report.rules == rules)
        let check = rules.check(games(tour, catalog), catalog: catalog)
        #expect(check.violations == [])
        for leg in check.legs { #expect(leg.slackHours >= -1e-6) }
        let bound = try #require(report.lowerBound)
        #expect(bound.unit == .days)
        #expect(bound.value <= Double(tour.totalDays))
    }

    /// Progress steps heard from the search thread.
    final class StepLog: @unchecked Sendable {
        private let lock = NSLock()
        private var steps: [TourProgress] = []
        func add(_ step: TourProgress) {
            lock.lock()
            steps.append(step)
            lock.unlock()
        }
        var values: [TourProgress] {
            lock.lock()
            defer { lock.unlock() }
            return steps
        }
    }

    func games(_ tour: BallparkTour, _ catalog: Catalog) -> [Game] {
        let byID = Dictionary(catalog.games.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        return tour.visits.compactMap { byID[$0.gameId] }
    }
}
