import Foundation

extension ContinuousTourInstance {
    /// The exact shortest tour (by duration; miles break ties only among the states the dynamic programme keeps)
    /// over `subset` (venue indices, at most 16) by dynamic programming: for each first game, in start order, the
    /// earliest game ending a partial tour over each (venue set, last venue) — exact under the continuous model,
    /// where arriving earlier never hurts. With `closed`, road times closed under shortest paths are used: the result
    /// is then a lower bound on the duration of any tour that covers the subset (and so of any full tour), because a
    /// full tour restricted to the subset is such a tour. First games whose cheap bound cannot beat the best so far
    /// are skipped; `shouldStop` is asked between first games.
    func exactTour(subset: [Int], closed: Bool, shouldStop: () -> Bool = { false }) -> ContinuousTourPath? {
        let size = subset.count
        guard size >= 1, size <= 16 else { return nil }
        let table = closed ? nextClosed : next
        let states = 1 << size
        var earliest = [Int32](repeating: -1, count: states * size)
        var parent = [Int8](repeating: -1, count: states * size)
        var firstGames: [Int] = []
        for v in subset { firstGames.append(contentsOf: byVenue[v]) }
        firstGames.sort()
        var position = [Int](repeating: -1, count: venueCount)
        for (i, v) in subset.enumerated() { position[v] = i }
        var subsetMask: UInt64 = 0
        for v in subset { subsetMask |= UInt64(1) << UInt64(v) }

        var best: ContinuousTourPath?
        var bestSeconds = Double.infinity
        let full = states - 1
        for first in firstGames {
            if shouldStop() || gameStart[first] > latestFirstStart { break }
            let origin = gameStart[first]
            let firstVenue = gameVenue[first]
            // Cheap bound: every other venue needs a game no earlier than the earliest reachable one.
            var bound = gameStart[first] + gameSeconds
            var bits = subsetMask & ~(UInt64(1) << UInt64(firstVenue))
            var reachable = true
            while bits != 0 {
                let v = bits.trailingZeroBitCount
                bits &= bits - 1
                let n = Int(nextClosed[first * venueCount + v])
                if n < 0 {
                    reachable = false
                    break
                }
                bound = max(bound, gameStart[n] + gameSeconds)
            }
            guard reachable, bound - origin < bestSeconds - 1e-6 else { continue }
            for index in earliest.indices { earliest[index] = -1 }
            let p0 = position[firstVenue]
            earliest[(1 << p0) * size + p0] = Int32(first)
            for mask in 1..<states where mask & (1 << p0) != 0 {
                for last in 0..<size where mask & (1 << last) != 0 {
                    let g = Int(earliest[mask * size + last])
                    guard g >= 0 else { continue }
                    // A partial tour already too long cannot help.
                    if gameStart[g] + gameSeconds - origin >= bestSeconds - 1e-6 { continue }
                    for v in 0..<size where mask & (1 << v) == 0 {
                        let n = table[g * venueCount + subset[v]]
                        guard n >= 0 else { continue }
                        let slot = (mask | (1 << v)) * size + v
                        let old = earliest[slot]
                        if old < 0 || n < old {
                            earliest[slot] = n
                            parent[slot] = Int8(last)
                        }
                    }
                }
            }
            for last in 0..<size {
                let g = Int(earliest[full * size + last])
                guard g >= 0 else { continue }
                let seconds = duration(first: first, last: g)
                guard seconds < bestSeconds - 1e-6 else { continue }
                var path: [Int] = []
                var mask = full
                var cursor = last
                while cursor >= 0 {
                    path.append(Int(earliest[mask * size + cursor]))
                    let p = Int(parent[mask * size + cursor])
                    mask &= ~(1 << cursor)
                    cursor = mask == 0 ? -1 : p
                }
                path.reverse()
                bestSeconds = seconds
                best = ContinuousTourPath(path: path, seconds: seconds, miles: pathMiles(path))
            }
        }
        return best
    }

    /// A lower bound on the shortest full tour: the largest exact sub-tour optimum (shortest-path road times) over
    /// venue subsets of `size`, found greedily — farthest-apart venues first, then single swaps that raise the
    /// bound — within `evaluations` subset solves. Returns the bound in seconds and the subset.
    func lowerBound(
        size: Int, evaluations: Int, shouldStop: () -> Bool = { false }
    ) -> (
        seconds: Double, subset: [Int]
    ) {
        let k = min(size, venueCount)
        guard k >= 1 else { return (0, []) }
        func value(_ subset: [Int]) -> Double {
            guard let tour = exactTour(subset: subset, closed: true, shouldStop: shouldStop) else {
                // No sub-tour at all: no full tour either (infinite bound) unless the solve was stopped.
                return shouldStop() ? 0 : .infinity
            }
            return tour.seconds
        }
        // Farthest-point start from the pair of venues farthest apart.
        var subset: [Int] = []
        var bestPair = (0, 0, -1.0)
        for a in 0..<venueCount {
            for b in 0..<venueCount where a != b {
                let d = min(closedDrive[a * venueCount + b], closedDrive[b * venueCount + a])
                if d.isFinite, d > bestPair.2 { bestPair = (a, b, d) }
            }
        }
        subset = bestPair.2 >= 0 ? [bestPair.0, bestPair.1] : [0]
        while subset.count < k {
            var pick = -1
            var far = -1.0
            for v in 0..<venueCount where !subset.contains(v) {
                let d =
                    subset.map { min(closedDrive[$0 * venueCount + v], closedDrive[v * venueCount + $0]) }.min()
                    ?? 0
                if d > far {
                    far = d
                    pick = v
                }
            }
            guard pick >= 0 else { break }
            subset.append(pick)
        }
        subset = Array(subset.prefix(k)).sorted()
        var best = value(subset)
        var used = 1
        var improved = true
        while improved, used < evaluations, !shouldStop() {
            improved = false
            outer: for out in subset {
                for v in 0..<venueCount where !subset.contains(v) {
                    guard used < evaluations, !shouldStop() else { break outer }
                    let candidate = (subset.filter { $0 != out } + [v]).sorted()
                    used += 1
                    let bound = value(candidate)
                    if bound > best + 1e-6 {
                        best = bound
                        subset = candidate
                        improved = true
                        break outer
                    }
                }
            }
        }
        return (best.isFinite ? best : 0, subset)
    }
}
