import Foundation

extension ContinuousTourInstance {
    /// A lower bound by a counting relaxation: the shortest chain of games, one after another under the rules, that
    /// has as many games as there are venues, never sees the same venue twice in a row, and includes each venue of
    /// `subset` (at most 8) at least once — every full tour is such a chain, so the shortest chain's length is a valid
    /// lower bound. Solved exactly by dynamic programming over the games in start order: for each game, chain length
    /// and subset venues seen, the latest first pitch of a chain ending there (predecessors found per venue by binary
    /// search over prefix maxima). Returns seconds, or nil when stopped or when no chain exists.
    func countingBound(subset: [Int], shouldStop: () -> Bool = { false }) -> Double? {
        countingChains(subset: subset, shouldStop: shouldStop)?.bound
    }

    /// The counting relaxation's bound and, for every game that can end a full chain, the chain's length and first
    /// pitch (seconds since 1970), shortest first — the openings a real tour is most likely to start from.
    func countingChains(
        subset: [Int], shouldStop: () -> Bool = { false }
    ) -> (
        bound: Double, chains: [(length: Double, origin: Double)]
    )? {
        var chains: [(length: Double, origin: Double)] = []
        let k = min(8, subset.count)
        let masks = 1 << k
        let target = venueCount
        guard target >= 1, !games.isEmpty else { return nil }
        var bit = [Int](repeating: -1, count: venueCount)
        for (i, v) in subset.prefix(k).enumerated() { bit[v] = i }
        let season = gameStart[0]
        let none = Int32.min
        // best for game g: [(c - 1) * masks + mask] → latest first pitch (seconds from `season`) of a chain of c
        // games ending at g; prefix[v][position]: the maximum over the first `position + 1` games of venue v.
        let width = target * masks
        var prefix = byVenue.map { [Int32](repeating: none, count: $0.count * width) }
        var positionInVenue = [Int](repeating: 0, count: games.count)
        for list in byVenue { for (p, g) in list.enumerated() { positionInVenue[g] = p } }
        var best = [Int32](repeating: none, count: width)
        var result = Double.infinity
        for g in games.indices {
            if g % 64 == 0, shouldStop() { return nil }
            let v = gameVenue[g]
            for index in best.indices { best[index] = none }
            let own = bit[v] >= 0 ? 1 << bit[v] : 0
            best[own] = Int32(gameStart[g] - season)
            for a in 0..<venueCount where a != v {
                let d = drive[a * venueCount + v]
                guard d.isFinite else { continue }
                let latest = gameStart[g] - gapSeconds - d + 1e-6
                let starts = venueStarts[a]
                let count = starts.partitioningIndex { $0 > latest }
                guard count > 0 else { continue }
                let base = (count - 1) * width
                let table = prefix[a]
                for c in 1..<target {
                    let from = (c - 1) * masks
                    let to = c * masks
                    for mask in 0..<masks {
                        let origin = table[base + from + mask]
                        if origin == none { continue }
                        let slot = to + (mask | own)
                        if origin > best[slot] { best[slot] = origin }
                    }
                }
            }
            // The full chain ending here.
            let origin = best[(target - 1) * masks + masks - 1]
            if origin != none {
                let length = gameStart[g] + gameSeconds - season - Double(origin)
                if length < result { result = length }
                chains.append((length, season + Double(origin)))
            }
            // Prefix maxima of the venue.
            let p = positionInVenue[g]
            let offset = p * width
            if p == 0 {
                for index in 0..<width { prefix[v][index] = best[index] }
            } else {
                let previous = offset - width
                for index in 0..<width { prefix[v][offset + index] = max(prefix[v][previous + index], best[index]) }
            }
        }
        guard result.isFinite else { return nil }
        return (result, chains.sorted { $0.length < $1.length })
    }

    /// `count` venues chosen farthest-first (on shortest-path road times) starting from venue `seed`.
    func farthestFirst(from seed: Int, count: Int) -> [Int] {
        guard seed >= 0, seed < venueCount, count > 0 else { return [] }
        var chosen = [seed]
        while chosen.count < min(count, venueCount) {
            var pick = -1
            var far = -1.0
            for v in 0..<venueCount where !chosen.contains(v) {
                let d =
                    chosen.map { min(closedDrive[$0 * venueCount + v], closedDrive[v * venueCount + $0]) }.min() ?? 0
                if d > far {
                    far = d
                    pick = v
                }
            }
            guard pick >= 0 else { break }
            chosen.append(pick)
        }
        return chosen
    }

    /// The venues a counting bound should force: the `count` most remote ones (greedy farthest-first on
    /// shortest-path road times, from the most remote venue).
    func remoteVenues(_ count: Int) -> [Int] {
        guard let first = (0..<venueCount).max(by: { remoteness[$0] < remoteness[$1] }) else { return [] }
        return farthestFirst(from: first, count: count)
    }
}
