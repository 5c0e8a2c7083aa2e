import ClubhouseBasics
import Foundation

extension ContinuousTourInstance {
    /// The best timing of a venue order: every game of `sequence[0]` tried as the first game, each next game the
    /// earliest allowed; the shortest (then the earliest) wins. Miles depend on the order only.
    func bestTiming(_ sequence: [Int]) -> ContinuousTourPath? {
        guard let firstVenue = sequence.first else { return nil }
        var bestFirst = -1
        var bestSeconds = Double.infinity
        for f in byVenue[firstVenue] {
            if gameStart[f] > latestFirstStart { break }
            let last = lastGame(sequence, first: f)
            if last < 0 { break }  // later first games cannot finish either
            let seconds = duration(first: f, last: last)
            if seconds < bestSeconds - 1e-6 {
                bestSeconds = seconds
                bestFirst = f
            }
        }
        guard bestFirst >= 0, let path = timed(sequence, first: bestFirst) else { return nil }
        return ContinuousTourPath(path: path, seconds: bestSeconds, miles: pathMiles(path))
    }

    /// Local improvement of a tour until no move helps or `rounds` passes are done: (1) every venue moved to every
    /// other position, with the first game re-chosen; (2) windows of `window` consecutive venues (after the first)
    /// re-ordered exactly by dynamic programming over (subset, last venue) with earliest times, the rest re-timed.
    func improve(_ tour: ContinuousTourPath, window: Int = 9, rounds: Int = 20) -> ContinuousTourPath {
        var best = tour
        var sequence = tour.path.map { gameVenue[$0] }
        let n = sequence.count
        guard n > 2 else { return best }
        for _ in 0..<rounds {
            var improved = false
            // Relocations.
            for from in 0..<n {
                for to in 0..<n where to != from {
                    var candidate = sequence
                    let venue = candidate.remove(at: from)
                    candidate.insert(venue, at: to)
                    if let timed = bestTiming(candidate), timed.isBetter(than: best) {
                        best = timed
                        sequence = candidate
                        improved = true
                    }
                }
            }
            // Windows re-ordered exactly.
            let size = min(window, n - 1)
            if size >= 3 {
                for start in 1...(n - size) {
                    if let better = reorderWindow(best, start: start, size: size), better.isBetter(than: best) {
                        best = better
                        sequence = best.path.map { gameVenue[$0] }
                        improved = true
                    }
                }
            }
            if !improved { break }
        }
        return best
    }

    /// The tour with positions `start..<start+size` re-ordered to finish earliest (exact over the window's orders,
    /// given the games before it; the venues after it keep their order and are re-timed).
    func reorderWindow(_ tour: ContinuousTourPath, start: Int, size: Int) -> ContinuousTourPath? {
        let path = tour.path
        let venues = Array(path[start..<(start + size)].map { gameVenue[$0] })
        let suffix = Array(path[(start + size)...].map { gameVenue[$0] })
        let before = path[start - 1]
        let states = 1 << size
        var earliest = [Int32](repeating: -1, count: states * size)
        var parent = [Int8](repeating: -1, count: states * size)
        for (i, v) in venues.enumerated() {
            earliest[(1 << i) * size + i] = next[before * venueCount + v]
        }
        for mask in 1..<states {
            for last in 0..<size where mask & (1 << last) != 0 {
                let g = Int(earliest[mask * size + last])
                guard g >= 0 else { continue }
                for v in 0..<size where mask & (1 << v) == 0 {
                    let n = next[g * venueCount + venues[v]]
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
        let full = states - 1
        var bestLast = -1
        var bestEnd = Int.max
        for last in 0..<size {
            let g = Int(earliest[full * size + last])
            guard g >= 0 else { continue }
            var end = g
            var ok = true
            for v in suffix {
                let n = Int(next[end * venueCount + v])
                if n < 0 {
                    ok = false
                    break
                }
                end = n
            }
            if ok, end < bestEnd {
                bestEnd = end
                bestLast = last
            }
        }
        guard bestLast >= 0 else { return nil }
        var order: [Int] = []
        var mask = full
        var last = bestLast
        while last >= 0 {
            order.append(venues[last])
            let p = Int(parent[mask * size + last])
            mask &= ~(1 << last)
            last = mask == 0 ? -1 : p
        }
        order.reverse()
        let sequence = path[..<start].map { gameVenue[$0] } + order + suffix
        guard let newPath = timed(sequence, first: path[0]) else { return nil }
        return ContinuousTourPath(
            path: newPath, seconds: duration(first: newPath[0], last: newPath[newPath.count - 1]),
            miles: pathMiles(newPath))
    }
}

extension ContinuousTourInstance {
    /// Iterated local search: `kicks` times, a random segment of the best tour (3–8 venues) is moved elsewhere or
    /// reversed, the result improved locally, and kept when better. Deterministic for a given seed; `shouldStop` is
    /// asked between kicks.
    func iteratedImprove(
        _ tour: ContinuousTourPath, kicks: Int, seed: UInt64, window: Int = 9, shouldStop: () -> Bool = { false }
    ) -> ContinuousTourPath {
        var best = improve(tour, window: window)
        var random = SplitMix64(seed: seed)
        let n = best.path.count
        guard n > 6 else { return best }
        for _ in 0..<kicks {
            if shouldStop() { break }
            var sequence = best.path.map { gameVenue[$0] }
            let length = 3 + Int(random.next() % 6)
            let start = Int(random.next() % UInt64(n - length))
            let segment = Array(sequence[start..<(start + length)])
            sequence.removeSubrange(start..<(start + length))
            if random.next() % 2 == 0 {
                let at = Int(random.next() % UInt64(sequence.count + 1))
                sequence.insert(contentsOf: segment, at: at)
            } else {
                sequence.insert(contentsOf: segment.reversed(), at: start)
            }
            guard let kicked = bestTiming(sequence) else { continue }
            let improved = improve(kicked, window: window, rounds: 6)
            if improved.isBetter(than: best) { best = improved }
        }
        return best
    }
}
