import ClubhouseBasics
import Dispatch
import Foundation

/// How hard the continuous-model tour search works. Every figure is an iteration count, so a given setting finds the
/// same tour on any machine; ``BallparkTourSearch/timeBudgetSeconds`` is only an outer stop.
public struct ContinuousTourSettings: Codable, Sendable, Equatable {
    /// Beam width of the sweep over every first game.
    public var sweepWidth: Int
    /// Beam width when the best first games are searched again.
    public var refineWidth: Int
    /// How many of the best first games are searched again.
    public var refinedFirstGames: Int
    /// How many of the best tours are improved locally (moves and exact window re-ordering).
    public var improvedTours: Int
    /// Venues in a lower-bound subset (at most 12; the solve grows as 2^k·k²).
    public var boundSubsetSize: Int
    /// Subset solves the lower bound may use.
    public var boundEvaluations: Int
    /// Venues a tour may have for the exact solver to answer instead of the heuristic (at most 12).
    public var exactUpTo: Int
    /// Weight of the venues still to see in the beam's ranking: a state's key is its last first pitch plus this ×
    /// the sum of their remoteness (mean road time to their two nearest venues), so states that left the far-flung
    /// parks for later rank lower.
    public var rankingWeight: Double
    /// Whether the beam groups states by time (most venues seen by then wins) rather than by venues seen (earliest
    /// wins).
    public var timeBuckets: Bool
    /// Width of the season-wide time beam run first (0 = none), and the paces (venues a day) it ranks by, one beam
    /// per pace on its own core.
    public var globalWidth: Int
    public var paces: [Double]
    /// Whether the per-first-game sweep runs too.
    public var sweeps: Bool
    /// Consecutive venues the local improvement re-orders exactly (3–14; the work grows as 2^w·w²).
    public var improveWindow: Int
    /// Openings of the shortest counting-relaxation chains searched with the wide beam too (0 = none): the
    /// relaxation ranks first games better than a narrow beam does.
    public var chainOpenings: Int
    /// First games screened with ``screenWidth`` between the sweep and the refinement (0 = none).
    public var screenedFirstGames: Int
    public var screenWidth: Int
    /// Remote venues the counting bound forces (0 = no counting bound; at most 8).
    public var countingVenues: Int
    /// Kicks of the iterated local search on each improved tour (0 = plain local improvement).
    public var kicks: Int
    /// Forced subsets the counting bound also tries (farthest-first from each of this many venues; 0 or 1 = the most
    /// remote venues only); the largest bound is kept.
    public var countingSeeds: Int
    /// First days searched in depth after the sweep (0 = none): the days whose best first game did best in the
    /// sweep, most promising first. A narrow beam ranks single first games badly but days well (a day's best game is
    /// a steadier signal), so every game of such a day is screened with ``dayScreenWidth`` and its
    /// ``dayWideGames`` best are searched with ``dayWideWidth``.
    public var rankedDays: Int
    public var dayScreenWidth: Int
    public var dayWideGames: Int
    public var dayWideWidth: Int

    /// Settings from their parts (clamped to sensible ranges).
    public init(
        sweepWidth: Int = 8, refineWidth: Int = 600, refinedFirstGames: Int = 12, improvedTours: Int = 16,
        boundSubsetSize: Int = 0, boundEvaluations: Int = 24, exactUpTo: Int = 8, rankingWeight: Double = 3,
        timeBuckets: Bool = true, kicks: Int = 0, countingVenues: Int = 6, globalWidth: Int = 0,
        paces: [Double] = [1.2, 1.3], sweeps: Bool = true, screenedFirstGames: Int = 0, screenWidth: Int = 300,
        improveWindow: Int = 9, chainOpenings: Int = 0, rankedDays: Int = 4, dayScreenWidth: Int = 300,
        dayWideGames: Int = 4, dayWideWidth: Int = 3_000, countingSeeds: Int = 64
    ) {
        self.sweepWidth = max(1, sweepWidth)
        self.refineWidth = max(self.sweepWidth, refineWidth)
        self.refinedFirstGames = max(0, refinedFirstGames)
        self.improvedTours = max(0, improvedTours)
        self.boundSubsetSize = min(12, max(0, boundSubsetSize))
        self.boundEvaluations = max(0, boundEvaluations)
        self.exactUpTo = min(12, max(0, exactUpTo))
        self.rankingWeight = rankingWeight.isFinite ? min(10, max(0, rankingWeight)) : 0.5
        self.timeBuckets = timeBuckets
        self.kicks = max(0, kicks)
        self.countingVenues = min(8, max(0, countingVenues))
        self.globalWidth = max(0, globalWidth)
        self.paces = paces.filter { $0.isFinite && $0 >= 0 }
        self.sweeps = sweeps
        self.screenedFirstGames = max(0, screenedFirstGames)
        self.screenWidth = max(1, screenWidth)
        self.improveWindow = min(14, max(3, improveWindow))
        self.chainOpenings = max(0, chainOpenings)
        self.rankedDays = max(0, rankedDays)
        self.dayScreenWidth = max(1, dayScreenWidth)
        self.dayWideGames = max(0, dayWideGames)
        self.dayWideWidth = max(1, dayWideWidth)
        self.countingSeeds = max(0, countingSeeds)
    }
}

/// What a running search reports to its caller.
public struct TourProgress: Sendable, Equatable {
    /// The phase: "sweep", "refine", "improve", "bound".
    public var phase: String
    /// Share of the whole search done, 0…1.
    public var fraction: Double
    /// Length of the best tour so far in days (fractional under the continuous rules), if any.
    public var bestDays: Double?

    /// Progress from its parts.
    public init(phase: String, fraction: Double, bestDays: Double?) {
        self.phase = phase
        self.fraction = fraction
        self.bestDays = bestDays
    }
}

/// Runs the continuous-model search on a prepared instance.
struct ContinuousTourRunner {
    let instance: ContinuousTourInstance
    let settings: ContinuousTourSettings
    let deadline: ContinuousClock.Instant?
    let progress: (@Sendable (TourProgress) -> Void)?

    struct Outcome {
        var best: ContinuousTourPath?
        var lowerBoundSeconds: Double?
        var boundSubset: [Int] = []
        /// Whether the bound comes from the counting relaxation (else from the subset optimum).
        var countingBound = false
        var exact = false
        var searchedFirstGames = 0
        var candidateFirstGames = 0
        var stoppedEarly = false
    }

    func expired() -> Bool {
        guard let deadline else { return false }
        return ContinuousClock.now >= deadline
    }

    func report(_ phase: String, _ fraction: Double, _ best: ContinuousTourPath?) {
        progress?(
            TourProgress(phase: phase, fraction: min(1, max(0, fraction)), bestDays: best.map { $0.seconds / 86_400 }))
    }

    /// One beam search from a first game, of the kind the settings ask for.
    func search(first: Int, width: Int, incumbent: Double) -> ContinuousTourPath? {
        settings.timeBuckets
            ? instance.timeBeam(first: first, width: width, incumbent: incumbent, weight: settings.rankingWeight)
            : instance.beam(first: first, width: width, incumbent: incumbent, weight: settings.rankingWeight)
    }

    func run() -> Outcome {
        var outcome = Outcome()
        let venues = instance.venueCount
        outcome.candidateFirstGames = instance.games.count
        guard !instance.games.isEmpty, instance.byVenue.allSatisfy({ !$0.isEmpty }) else { return outcome }

        // Small instances: exact.
        if venues <= settings.exactUpTo {
            report("exact", 0, nil)
            let all = Array(0..<venues)
            outcome.best = instance.exactTour(subset: all, closed: false, shouldStop: expired)
            outcome.stoppedEarly = expired()
            outcome.exact = !outcome.stoppedEarly
            outcome.searchedFirstGames = instance.games.count
            if outcome.exact {
                outcome.lowerBoundSeconds = outcome.best?.seconds
                outcome.boundSubset = all
            }
            report("done", 1, outcome.best)
            return outcome
        }

        // Sweep: every first game with a narrow beam, in batches on all cores; each batch uses the best of the
        // batches before (so the result does not depend on thread timing), improved locally.
        var best: ContinuousTourPath?
        var perFirst: [ContinuousTourPath] = []
        let total = instance.gameStart.partitioningIndex { $0 > instance.latestFirstStart }
        // The season-wide time beams, one per pace.
        if settings.globalWidth > 0, !settings.paces.isEmpty {
            report("season", 0.02, nil)
            let paces = settings.paces
            let results = parallelMap(paces.count) { i in
                instance.globalTimeBeam(
                    width: settings.globalWidth, pace: paces[i], weight: settings.rankingWeight, firstGames: 0..<total,
                    shouldStop: expired)
            }
            for found in results.compactMap({ $0 }) {
                perFirst.append(found)
                if best.map({ found.isBetter(than: $0) }) ?? true { best = found }
            }
            if let found = best {
                let improved = instance.improve(found, window: settings.improveWindow)
                if improved.isBetter(than: found) {
                    best = improved
                    perFirst.append(improved)
                }
            }
            report("season", 0.2, best)
        }
        let batch = 32
        var position = settings.sweeps ? 0 : total
        while position < total {
            if position > 0, expired() {
                outcome.stoppedEarly = true
                break
            }
            let upper = min(total, position + batch)
            let lower = position
            // No incumbent: every first game gets its own result, which the ranked-days stage compares.
            let results = parallelMap(upper - lower) { i in
                search(first: lower + i, width: settings.sweepWidth, incumbent: .infinity)
            }
            var batchBest: ContinuousTourPath?
            for found in results.compactMap({ $0 }) {
                perFirst.append(found)
                if batchBest.map({ found.isBetter(than: $0) }) ?? true { batchBest = found }
            }
            if let batchBest, best.map({ batchBest.isBetter(than: $0) }) ?? true {
                let improved = instance.improve(batchBest, window: settings.improveWindow)
                best = improved.isBetter(than: batchBest) ? improved : batchBest
            }
            position = upper
            report("sweep", 0.2 + 0.25 * Double(position) / Double(total), best)
        }
        outcome.searchedFirstGames = total
        let deep = outcome.stoppedEarly ? [] : searchRankedDays(perFirst, total: total, best: &best)
        perFirst.append(contentsOf: deep)
        outcome.stoppedEarly = outcome.stoppedEarly || expired()

        // Screen: the best first games of the sweep again with a medium beam (successive halving before the wide
        // refinement: a narrow sweep ranks first games only roughly).
        if settings.screenedFirstGames > 0, settings.screenWidth > settings.sweepWidth, !outcome.stoppedEarly {
            perFirst.sort { $0.isBetter(than: $1) }
            var screened: [Int] = []
            for found in perFirst where !screened.contains(found.path[0]) {
                screened.append(found.path[0])
                if screened.count >= settings.screenedFirstGames { break }
            }
            var index = 0
            while index < screened.count {
                if expired() {
                    outcome.stoppedEarly = true
                    break
                }
                let upper = min(screened.count, index + 8)
                let slice = Array(screened[index..<upper])
                let results = parallelMap(slice.count) { i in
                    search(first: slice[i], width: settings.screenWidth, incumbent: .infinity)
                }
                for found in results.compactMap({ $0 }) {
                    perFirst.append(found)
                    if best.map({ found.isBetter(than: $0) }) ?? true { best = found }
                }
                index = upper
                report("screen", 0.5 + 0.05 * Double(index) / Double(max(1, screened.count)), best)
            }
        }

        // Refine: the best first games (distinct) again with a wide beam.
        perFirst.sort { $0.isBetter(than: $1) }
        var chosen: [Int] = []
        for found in perFirst where !chosen.contains(found.path[0]) {
            chosen.append(found.path[0])
            if chosen.count >= settings.refinedFirstGames { break }
        }
        // The openings of the shortest relaxed chains (and with them the counting bound, computed once).
        if settings.countingVenues > 0 {
            let forced = instance.remoteVenues(settings.countingVenues)
            if let relaxed = instance.countingChains(subset: forced) {
                outcome.lowerBoundSeconds = relaxed.bound
                outcome.boundSubset = forced
                outcome.countingBound = true
                var added = 0
                for chain in relaxed.chains where added < settings.chainOpenings {
                    let k = instance.gameStart.partitioningIndex { $0 >= chain.origin - 1e-6 }
                    var index = k
                    while index < instance.games.count, instance.gameStart[index] <= chain.origin + 1e-6 {
                        if index < total, !chosen.contains(index) {
                            chosen.append(index)
                            added += 1
                        }
                        index += 1
                    }
                }
            }
        }
        var refined: [ContinuousTourPath] = Array(perFirst.prefix(settings.improvedTours))
        if settings.refineWidth > settings.sweepWidth, !outcome.stoppedEarly {
            var index = 0
            while index < chosen.count {
                if expired() {
                    outcome.stoppedEarly = true
                    break
                }
                let upper = min(chosen.count, index + 2)
                let slice = Array(chosen[index..<upper])
                let results = parallelMap(slice.count) { i in
                    search(first: slice[i], width: settings.refineWidth, incumbent: .infinity)
                }
                for found in results.compactMap({ $0 }) {
                    refined.append(found)
                    if best.map({ found.isBetter(than: $0) }) ?? true { best = found }
                }
                index = upper
                report("refine", 0.55 + 0.25 * Double(index) / Double(max(1, chosen.count)), best)
            }
        }

        // Improve the best distinct tours locally.
        refined.sort { $0.isBetter(than: $1) }
        var distinct: [ContinuousTourPath] = []
        for tour in refined where !distinct.contains(where: { $0.path == tour.path }) {
            distinct.append(tour)
            if distinct.count >= settings.improvedTours { break }
        }
        var index = 0
        while index < distinct.count, !expired() {
            let upper = min(distinct.count, index + 2)
            let slice = Array(distinct[index..<upper])
            let base = UInt64(index)
            let results = parallelMap(slice.count) { i in
                instance.iteratedImprove(
                    slice[i], kicks: settings.kicks, seed: base &+ UInt64(i) &+ 1, window: settings.improveWindow,
                    shouldStop: expired)
            }
            for found in results.compactMap({ $0 }) where best.map({ found.isBetter(than: $0) }) ?? true {
                best = found
            }
            index = upper
            report("improve", 0.8 + 0.1 * Double(index) / Double(max(1, distinct.count)), best)
        }
        if index < distinct.count { outcome.stoppedEarly = true }
        outcome.best = best

        // Lower bound.
        report("bound", 0.9, best)
        if settings.countingVenues > 0, outcome.lowerBoundSeconds == nil {
            let forced = instance.remoteVenues(settings.countingVenues)
            // Always computed (a fraction of a second in release builds), even past the time limit: every tour is
            // reported with its bound.
            if let seconds = instance.countingBound(subset: forced), seconds > 0 {
                outcome.lowerBoundSeconds = seconds
                outcome.boundSubset = forced
                outcome.countingBound = true
            }
        }
        // More forced subsets (farthest-first from every venue): each gives a valid bound, the largest is kept.
        if settings.countingVenues > 0, settings.countingSeeds > 1, !expired() {
            let seeds = Array(0..<min(settings.countingSeeds, instance.venueCount))
            let subsets = seeds.map { instance.farthestFirst(from: $0, count: settings.countingVenues) }
            let bounds = parallelMap(subsets.count) { i in
                instance.countingBound(subset: subsets[i], shouldStop: expired)
            }
            for (subset, seconds) in zip(subsets, bounds) {
                guard let seconds, seconds > (outcome.lowerBoundSeconds ?? 0) + 1e-6 else { continue }
                outcome.lowerBoundSeconds = seconds
                outcome.boundSubset = subset
                outcome.countingBound = true
            }
        }
        if settings.boundSubsetSize > 0, !expired() {
            let bound = instance.lowerBound(
                size: settings.boundSubsetSize, evaluations: settings.boundEvaluations, shouldStop: expired)
            if bound.seconds > (outcome.lowerBoundSeconds ?? 0) {
                outcome.lowerBoundSeconds = bound.seconds
                outcome.boundSubset = bound.subset
                outcome.countingBound = false
            }
        }
        report("done", 1, best)
        return outcome
    }

    /// The ranked-days stage (see ``ContinuousTourSettings/rankedDays``): every game of the most promising days
    /// screened with a medium beam, then each day's best openings with the wide beam, the most promising opening of
    /// all first (so a time limit cuts the least promising). Returns the tours found; `best` is updated as it goes.
    func searchRankedDays(
        _ swept: [ContinuousTourPath], total: Int, best: inout ContinuousTourPath?
    )
        -> [ContinuousTourPath]
    {
        guard settings.rankedDays > 0, settings.dayWideGames > 0 else { return [] }
        let days = Set(instance.promisingDays(swept, count: settings.rankedDays))
        let firsts = (0..<total).filter { days.contains(instance.games[$0].localDate) }
        var found: [ContinuousTourPath] = []
        var screened: [ContinuousTourPath] = []
        var index = 0
        while index < firsts.count, !expired() {
            let upper = min(firsts.count, index + 16)
            let slice = Array(firsts[index..<upper])
            screened.append(
                contentsOf: parallelMap(slice.count) { i in
                    search(first: slice[i], width: settings.dayScreenWidth, incumbent: .infinity)
                }
                .compactMap { $0 })
            index = upper
            report("days", 0.45 + 0.01 * Double(index) / Double(max(1, firsts.count)), best)
        }
        found.append(contentsOf: screened)
        for tour in screened where best.map({ tour.isBetter(than: $0) }) ?? true { best = tour }
        // Each day's best openings, then all of them in order of their screened tour.
        var perDay: [LocalDate: Int] = [:]
        var wide: [Int] = []
        for tour in screened.sorted(by: { $0.isBetter(than: $1) }) {
            let day = instance.games[tour.path[0]].localDate
            guard perDay[day, default: 0] < settings.dayWideGames else { continue }
            perDay[day, default: 0] += 1
            wide.append(tour.path[0])
        }
        index = 0
        while index < wide.count, !expired() {
            let upper = min(wide.count, index + 2)
            let slice = Array(wide[index..<upper])
            let results = parallelMap(slice.count) { i in
                search(first: slice[i], width: settings.dayWideWidth, incumbent: .infinity)
            }
            .compactMap { $0 }
            found.append(contentsOf: results)
            for tour in results where best.map({ tour.isBetter(than: $0) }) ?? true { best = tour }
            index = upper
            report("days", 0.46 + 0.04 * Double(index) / Double(max(1, wide.count)), best)
        }
        return found
    }

    /// `body(0..<count)` on all cores (threads of its own: ``SearchThreads``), results in index order.
    func parallelMap<T: Sendable>(_ count: Int, _ body: @escaping @Sendable (Int) -> T?) -> [T?] {
        SearchThreads.map(count, body)
    }
}

extension ContinuousTourInstance {
    /// The `count` local days whose best opening in `swept` gave the shortest tour, best first (ties: the earlier
    /// day).
    func promisingDays(_ swept: [ContinuousTourPath], count: Int) -> [LocalDate] {
        var dayBest: [LocalDate: Double] = [:]
        for found in swept {
            guard let first = found.path.first else { continue }
            let day = games[first].localDate
            dayBest[day] = min(dayBest[day] ?? .infinity, found.seconds)
        }
        return dayBest.sorted { $0.value != $1.value ? $0.value < $1.value : $0.key < $1.key }
            .prefix(count).map(\.key)
    }
}
