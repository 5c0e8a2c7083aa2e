import Foundation

/// A tour problem under the continuous driving model (see ``TravelRules``), prepared for search: the candidate games
/// in start order, venue-to-venue road times (direct, and closed under shortest paths for bounds) and the
/// earliest-next-game tables.
///
/// Under the continuous rules arriving earlier never hurts (a fan may wait), so from game g the best game to see at
/// venue v next is the earliest one with `start ≥ start_g + game + buffer + drive(g → v)`; a partial tour is then
/// fully described by its visited venues, its last game and its first game.
struct ContinuousTourInstance: Sendable {
    let venueIDs: [VenueID]
    let venueCount: Int
    let games: [Game]
    let gameVenue: [Int]
    /// First pitch, seconds since 1970.
    let gameStart: [Double]
    /// Game length in seconds.
    let gameSeconds: Double
    /// Game length plus buffer, seconds.
    let gapSeconds: Double
    /// Direct road time between venues, seconds (`[a * venueCount + b]`).
    let drive: [Double]
    /// Road miles between venues.
    let miles: [Double]
    /// Road time closed under shortest paths (a valid lower bound on any drive from a to b through other venues).
    let closedDrive: [Double]
    /// Games of each venue in start order.
    let byVenue: [[Int]]
    /// Start times of ``byVenue``.
    let venueStarts: [[Double]]
    /// Earliest game at venue v reachable after game g (direct drive): `[g * venueCount + v]`, −1 for none.
    let next: [Int32]
    /// As ``next`` with ``closedDrive`` (for bounds).
    let nextClosed: [Int32]
    /// Where the road times came from.
    let roadSource: String
    let fullMask: UInt64
    /// How remote each venue is: the mean shortest-path road time to its two nearest other venues, seconds (the
    /// beam's estimate of what a venue still to see will cost).
    let remoteness: [Double]
    /// Only games starting at or before this may open a tour (a window of first days); +∞ = any.
    var latestFirstStart = Double.infinity

    /// The instance of `venues` with the playable games of `league` in `catalog` under `rules` (which must be
    /// continuous); nil for no venues, more than 64, or a venue the catalogue lacks.
    init?(catalog: Catalog, league: League, venues: [VenueID], rules: TravelRules, games only: [Game]? = nil) {
        guard !venues.isEmpty, venues.count <= 64 else { return nil }
        var index: [VenueID: Int] = [:]
        var coordinates: [Coordinate] = []
        for (position, id) in venues.enumerated() {
            guard let venue = catalog.venue(id) else { return nil }
            index[id] = position
            coordinates.append(venue.coordinate)
        }
        let count = venues.count
        venueIDs = venues
        venueCount = count
        let source = only ?? catalog.games
        games = source.filter { $0.league == league && $0.status.isPlayable && index[$0.venue] != nil }
            .sorted { ($0.start, $0.id) < ($1.start, $1.id) }
        gameVenue = games.map { index[$0.venue] ?? 0 }
        gameStart = games.map(\.start.timeIntervalSince1970)
        gameSeconds = rules.gameHours * 3600
        gapSeconds = (rules.gameHours + rules.bufferHours) * 3600
        fullMask = count == 64 ? ~0 : (UInt64(1) << UInt64(count)) - 1

        var drive = [Double](repeating: 0, count: count * count)
        var miles = drive
        var fromMatrix = 0
        for a in 0..<count {
            for b in 0..<count where a != b {
                let leg = rules.estimator.leg(from: coordinates[a], to: coordinates[b])
                if rules.estimator.roads?.entry(from: coordinates[a], to: coordinates[b]) != nil { fromMatrix += 1 }
                let valid = coordinates[a].isValid && coordinates[b].isValid && leg.drivingHours.isFinite
                drive[a * count + b] = valid ? leg.drivingHours * 3600 : .infinity
                miles[a * count + b] = valid ? leg.miles : .infinity
            }
        }
        let pairs = count * (count - 1)
        if fromMatrix == 0 {
            roadSource = "estimated (great-circle × \(rules.estimator.roadFactor))"
        } else if fromMatrix == pairs {
            roadSource = rules.estimator.roads?.source ?? "road matrix"
        } else {
            roadSource =
                "\(rules.estimator.roads?.source ?? "road matrix") for \(fromMatrix) of \(pairs) legs, estimated elsewhere"
        }
        var closed = drive
        for k in 0..<count {
            for a in 0..<count {
                let ak = closed[a * count + k]
                guard ak.isFinite else { continue }
                for b in 0..<count {
                    let through = ak + closed[k * count + b]
                    if through < closed[a * count + b] { closed[a * count + b] = through }
                }
            }
        }
        self.drive = drive
        self.miles = miles
        closedDrive = closed
        remoteness = (0..<count).map { v in
            let near = (0..<count).filter { $0 != v }.map { min(closed[v * count + $0], closed[$0 * count + v]) }
                .filter(\.isFinite).sorted()
            guard let first = near.first else { return 0 }
            return near.count > 1 ? (first + near[1]) / 2 : first
        }

        var byVenue = [[Int]](repeating: [], count: count)
        let gameVenue = self.gameVenue
        let gameStart = self.gameStart
        let gapSeconds = self.gapSeconds
        for g in games.indices { byVenue[gameVenue[g]].append(g) }
        self.byVenue = byVenue
        let startTimes = gameStart
        let starts = byVenue.map { $0.map { startTimes[$0] } }
        venueStarts = starts
        var next = [Int32](repeating: -1, count: games.count * count)
        var nextClosed = next
        for g in games.indices {
            let a = gameVenue[g]
            let ready = gameStart[g] + gapSeconds
            for v in 0..<count where v != a {
                let list = byVenue[v]
                let d = drive[a * count + v]
                if d.isFinite {
                    let k = starts[v].partitioningIndex { $0 >= ready + d - 1e-6 }
                    if k < list.count { next[g * count + v] = Int32(list[k]) }
                }
                let c = closed[a * count + v]
                if c.isFinite {
                    let k = starts[v].partitioningIndex { $0 >= ready + c - 1e-6 }
                    if k < list.count { nextClosed[g * count + v] = Int32(list[k]) }
                }
            }
        }
        self.next = next
        self.nextClosed = nextClosed
    }

    /// Seconds from the first pitch of `first` to the end of `last`.
    @inline(__always) func duration(first: Int, last: Int) -> Double {
        gameStart[last] + gameSeconds - gameStart[first]
    }

    /// The earliest-timed path through `sequence` (venue indices) starting with game `first` (at `sequence[0]`):
    /// each next game is the earliest the rules allow. Nil when some venue has no game left in time.
    func timed(_ sequence: [Int], first: Int) -> [Int]? {
        var path = [first]
        path.reserveCapacity(sequence.count)
        var g = first
        for v in sequence.dropFirst() {
            let n = Int(next[g * venueCount + v])
            guard n >= 0 else { return nil }
            path.append(n)
            g = n
        }
        return path
    }

    /// The last game of ``timed(_:first:)`` without building the path (−1 when infeasible).
    @inline(__always) func lastGame(_ sequence: [Int], first: Int, from position: Int = 1) -> Int {
        var g = first
        var index = position
        while index < sequence.count {
            let n = Int(next[g * venueCount + sequence[index]])
            if n < 0 { return -1 }
            g = n
            index += 1
        }
        return g
    }

    /// Road miles of a path of games.
    func pathMiles(_ path: [Int]) -> Double {
        zip(path, path.dropFirst()).reduce(0) { $0 + miles[gameVenue[$1.0] * venueCount + gameVenue[$1.1]] }
    }
}
