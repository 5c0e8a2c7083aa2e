import Dispatch
import Foundation

extension BallparkTourSearch {
    /// The continuous-model search (see ``ContinuousTourRunner``) as a report. A start or end location is not part
    /// of this model (the tour runs from the first pitch to the last out); ``startDates`` limits the first game.
    func continuousReport(
        catalog: Catalog, league: League, venues: [VenueID], progress: (@Sendable (TourProgress) -> Void)?
    ) -> BallparkTourReport {
        let rules = effectiveRules(gameHours: league.typicalGameDuration / 3600)
        var report = BallparkTourReport(
            tour: nil, venues: venues, candidateStartDays: 0, searchedStartDays: 0, refinedStartDays: 0,
            elapsedSeconds: 0, rules: rules)
        guard var instance = continuousInstance(catalog: catalog, league: league, venues: venues, rules: rules)
        else { return report }
        if let range = startDates {
            // The latest first pitch on the window's last day.
            instance.latestFirstStart =
                instance.games.indices.filter { instance.games[$0].localDate <= range.upperBound }
                .map { instance.gameStart[$0] }.max() ?? -.infinity
        }
        let deadline = timeBudgetSeconds.map { ContinuousClock.now.advanced(by: .milliseconds(Int($0 * 1000))) }
        let runner = ContinuousTourRunner(
            instance: instance, settings: continuous, deadline: deadline, progress: progress)
        let outcome = runner.run()
        report.candidateStartDays = Set(instance.games.map(\.localDate)).count
        report.searchedStartDays = Set(instance.games.prefix(outcome.searchedFirstGames).map(\.localDate)).count
        report.refinedStartDays = outcome.exact ? 0 : min(continuous.refinedFirstGames, outcome.searchedFirstGames)
        report.stoppedByTimeLimit = outcome.stoppedEarly
        if let best = outcome.best {
            report.tour = tour(best, instance: instance, rules: rules)
        }
        if let seconds = outcome.lowerBoundSeconds {
            let names: String = outcome.boundSubset.map {
                catalog.venue(instance.venueIDs[$0])?.name ?? instance.venueIDs[$0].rawValue
            }.joined(separator: ", ")
            var method: String = "exact optimum (dynamic programme over every venue set)"
            if outcome.countingBound {
                method = "counting relaxation: the shortest chain of \(instance.venueCount) games under the rules that "
                method += "never repeats a venue twice in a row and sees each of \(names) (solved exactly by "
                method += "dynamic programming over the games); every full tour is such a chain"
            } else if !outcome.exact {
                method = "exact optimum over \(outcome.boundSubset.count) venues (\(names)) with shortest-path road "
                method += "times: every full tour contains a tour of these venues"
            }
            report.lowerBound = TourLowerBound(
                value: seconds / 86_400, unit: .durationDays, method: method,
                isExact: outcome.exact)
        }
        return report
    }

    /// The continuous instance of `venues` under `rules` (games from ``startDates``' first day on).
    func continuousInstance(
        catalog: Catalog, league: League, venues: [VenueID], rules: TravelRules
    )
        -> ContinuousTourInstance?
    {
        var games: [Game]? = nil
        if let range = startDates { games = catalog.games.filter { $0.localDate >= range.lowerBound } }
        return ContinuousTourInstance(catalog: catalog, league: league, venues: venues, rules: rules, games: games)
    }

    /// A lower bound in calendar days for the daily model: the continuous relaxation's bound (same game length,
    /// buffer and road times, driving at any hour) turned into days. A tour whose first pitch and last out are D
    /// apart spans more than D − game length − the venues' largest time-zone difference in calendar days.
    func dailyLowerBound(catalog: Catalog, league: League, venues: [VenueID], rules: TravelRules) -> TourLowerBound? {
        guard continuous.boundSubsetSize > 0 || continuous.countingVenues > 0, startLocation == nil else { return nil }
        var relaxed = rules
        relaxed.driving = .continuous
        guard let instance = continuousInstance(catalog: catalog, league: league, venues: venues, rules: relaxed)
        else { return nil }
        let deadline = timeBudgetSeconds.map { ContinuousClock.now.advanced(by: .milliseconds(Int($0 * 500))) }
        let stop: @Sendable () -> Bool = { deadline.map { ContinuousClock.now >= $0 } ?? false }
        var bound: (seconds: Double, subset: [Int]) = (0, [])
        if continuous.boundSubsetSize > 0 {
            bound = instance.lowerBound(
                size: continuous.boundSubsetSize, evaluations: continuous.boundEvaluations, shouldStop: stop)
        }
        var counting = false
        if continuous.countingVenues > 0 {
            let forced = instance.remoteVenues(continuous.countingVenues)
            if let seconds = instance.countingBound(subset: forced, shouldStop: stop), seconds > bound.seconds {
                bound = (seconds, forced)
                counting = true
            }
            // The farthest-first subsets from every venue too (see ContinuousTourSettings.countingSeeds).
            let seeds = min(continuous.countingSeeds, instance.venueCount)
            if seeds > 1, !stop() {
                let subsets = (0..<seeds).map { instance.farthestFirst(from: $0, count: continuous.countingVenues) }
                let bounds = SearchThreads.map(subsets.count) { i in
                    instance.countingBound(subset: subsets[i], shouldStop: stop)
                }
                for (subset, seconds) in zip(subsets, bounds) {
                    guard let seconds, seconds > bound.seconds + 1e-6 else { continue }
                    bound = (seconds, subset)
                    counting = true
                }
            }
        }
        guard bound.seconds > 0 else { return nil }
        let offsets = venues.compactMap { catalog.venue($0)?.zone.secondsFromGMT() }
        let spread = Double((offsets.max() ?? 0) - (offsets.min() ?? 0))
        let days = ((bound.seconds - rules.gameHours * 3600 - spread) / 86_400).rounded(.down) + 1
        let names: String = bound.subset.map {
            catalog.venue(instance.venueIDs[$0])?.name ?? instance.venueIDs[$0].rawValue
        }.joined(separator: ", ")
        let relaxedDays: String = String(format: "%.3f", bound.seconds / 86_400)
        var method: String = "continuous relaxation (driving at any hour): "
        if counting {
            method += "the shortest chain of \(instance.venueCount) games seeing each of \(names)"
        } else {
            method += "the exact optimum over \(bound.subset.count) venues (\(names))"
        }
        method += ", \(relaxedDays) days first pitch to last out, in calendar days"
        return TourLowerBound(value: max(1, days), unit: .days, method: method)
    }

    /// Where the road times of `venues` come from.
    func roadSource(catalog: Catalog, venues: [VenueID]) -> String {
        guard let roads = estimator.roads else { return "estimated (great-circle × \(estimator.roadFactor))" }
        let points = venues.compactMap { catalog.venue($0)?.coordinate }
        var covered = 0
        for a in points { for b in points where a != b && roads.entry(from: a, to: b) != nil { covered += 1 } }
        let pairs = points.count * (points.count - 1)
        return covered == pairs ? roads.source : "\(roads.source) for \(covered) of \(pairs) legs, estimated elsewhere"
    }

    /// A continuous path as a tour.
    func tour(_ found: ContinuousTourPath, instance: ContinuousTourInstance, rules: TravelRules) -> BallparkTour? {
        guard let first = found.path.first, let last = found.path.last else { return nil }
        var legs: [BallparkTour.Leg] = []
        var hours = 0.0
        for (position, (a, b)) in zip(found.path, found.path.dropFirst()).enumerated() {
            let from = instance.gameVenue[a]
            let to = instance.gameVenue[b]
            let h = instance.drive[from * instance.venueCount + to] / 3600
            hours += h
            legs.append(
                BallparkTour.Leg(
                    from: .venue(instance.venueIDs[from]), to: .venue(instance.venueIDs[to]),
                    miles: instance.miles[from * instance.venueCount + to], drivingHours: h, toVisit: position + 1))
        }
        let visits = found.path.map { g in
            BallparkTour.Visit(
                gameId: instance.games[g].id, venueId: instance.games[g].venue,
                localDate: instance.games[g].localDate, start: instance.games[g].start)
        }
        let firstDay = instance.games[first].localDate
        let lastDay = instance.games[last].localDate
        return BallparkTour(
            visits: visits, legs: legs, firstDay: firstDay, lastDay: lastDay,
            totalDays: lastDay.dayNumber - firstDay.dayNumber + 1, totalMiles: found.miles, drivingHours: hours,
            dailyLimit: 24, rules: rules, durationHours: found.seconds / 3600, roadSource: instance.roadSource)
    }
}

/// A tour report as JSON (the CLI's `--json` and the API): the tour, its rules, the lower bound, the gap and what
/// the search did.
public struct TourReportJSON: Codable, Sendable, Equatable {
    /// The tour, if one was found.
    public var tour: BallparkTour?
    /// The rules obeyed.
    public var rules: TravelRules?
    /// A lower bound on the best possible tour.
    public var lowerBound: TourLowerBound?
    /// (tour − bound) / tour: how far from optimal the tour can at most be.
    public var gap: Double?
    /// Venues covered.
    public var venues: [VenueID]
    /// Days with a candidate first game / searched.
    public var candidateStartDays: Int
    public var searchedStartDays: Int
    /// Wall-clock seconds.
    public var elapsedSeconds: Double
    /// Whether the time limit cut the search short.
    public var stoppedByTimeLimit: Bool

    /// The JSON of `report`.
    public init(_ report: BallparkTourReport) {
        tour = report.tour
        rules = report.rules
        lowerBound = report.lowerBound
        gap = report.gap
        venues = report.venues
        candidateStartDays = report.candidateStartDays
        searchedStartDays = report.searchedStartDays
        elapsedSeconds = report.elapsedSeconds
        stoppedByTimeLimit = report.stoppedByTimeLimit
    }
}
