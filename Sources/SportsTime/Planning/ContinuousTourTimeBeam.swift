import Foundation

extension ContinuousTourInstance {
    /// A (venue set, last venue) pair, the dominance key of the continuous model.
    struct StateKey: Hashable {
        var mask: UInt64
        var venue: Int32
    }

    /// Beam search in time: states are grouped by when their last game starts (buckets one game long, so a child is
    /// always in a later bucket than its parent); each bucket keeps its `width` most advanced states — most venues
    /// seen, then the fewest remote venues left (`weight` × their remoteness in units of the mean remoteness), then
    /// the earliest. A (venue set, last venue) pair already expanded earlier dominates any later copy. States that
    /// cannot finish before `incumbent` are dropped.
    func timeBeam(first: Int, width: Int, incumbent: Double, weight: Double) -> ContinuousTourPath? {
        let count = venueCount
        let origin = gameStart[first]
        let bucketSeconds = max(600, gameSeconds)
        let fullRemaining = fullMask & ~(UInt64(1) << UInt64(gameVenue[first]))
        guard boundEnd(game: first, remaining: fullRemaining) - origin < incumbent - 1e-6 else { return nil }
        let horizon = min(incumbent, (gameStart.last ?? origin) + gameSeconds - origin)
        let bucketCount = Int(horizon / bucketSeconds) + 2
        var buckets = [[BeamState]](repeating: [], count: bucketCount)
        let meanRemote = max(1, remoteness.reduce(0, +) / Double(max(1, count)))
        let totalRemote = remoteness.reduce(0, +) - remoteness[gameVenue[first]]
        buckets[0] = [
            BeamState(
                mask: UInt64(1) << UInt64(gameVenue[first]), game: Int32(first), parent: -1, miles: 0, key: 0,
                remote: totalRemote)
        ]
        var arena: [(game: Int32, parent: Int32)] = []
        var expanded = Set<StateKey>()
        var best: ContinuousTourPath?
        var limit = incumbent
        for b in 0..<bucketCount {
            if Double(b) * bucketSeconds >= limit { break }
            var states = buckets[b]
            buckets[b] = []
            guard !states.isEmpty else { continue }
            // Earliest per key, then drop keys expanded before.
            states.sort { a, c in
                a.mask != c.mask ? a.mask < c.mask : a.game != c.game ? a.game < c.game : a.miles < c.miles
            }
            var unique: [BeamState] = []
            var seen = Set<StateKey>()
            for state in states {
                let key = StateKey(mask: state.mask, venue: Int32(gameVenue[Int(state.game)]))
                guard !expanded.contains(key), seen.insert(key).inserted else { continue }
                var scored = state
                scored.key = -(Double(state.mask.nonzeroBitCount) - weight * state.remote / meanRemote)
                unique.append(scored)
            }
            let kept = Self.select(unique, width: width)
            for var state in kept {
                let g = Int(state.game)
                expanded.insert(StateKey(mask: state.mask, venue: Int32(gameVenue[g])))
                arena.append((state.game, state.parent))
                state.parent = Int32(arena.count - 1)
                if state.mask == fullMask {
                    let seconds = duration(first: first, last: g)
                    if seconds < limit - 1e-6 {
                        var path: [Int] = []
                        var cursor = state.parent
                        while cursor >= 0 {
                            path.append(Int(arena[Int(cursor)].game))
                            cursor = arena[Int(cursor)].parent
                        }
                        let found = ContinuousTourPath(path: path.reversed(), seconds: seconds, miles: state.miles)
                        if best.map({ found.isBetter(than: $0) }) ?? true {
                            best = found
                            limit = seconds
                        }
                    }
                    continue
                }
                let remaining = fullMask & ~state.mask
                if boundEnd(game: g, remaining: remaining) - origin >= limit - 1e-6 { continue }
                let from = gameVenue[g]
                var bits = remaining
                while bits != 0 {
                    let v = bits.trailingZeroBitCount
                    bits &= bits - 1
                    let n = Int(next[g * count + v])
                    guard n >= 0 else { continue }
                    let offset = gameStart[n] - origin
                    guard offset + gameSeconds < limit - 1e-6 else { continue }
                    let target = Int(offset / bucketSeconds)
                    guard target < bucketCount else { continue }
                    buckets[max(b + 1, target)].append(
                        BeamState(
                            mask: state.mask | (UInt64(1) << UInt64(v)), game: Int32(n), parent: state.parent,
                            miles: state.miles + miles[from * count + v], key: 0, remote: state.remote - remoteness[v]))
                }
            }
        }
        return best
    }
}

extension ContinuousTourInstance {
    /// One beam over the whole season in time: every game opens a tour; states are grouped by when their last game
    /// starts (buckets one game long) and each bucket keeps its `width` states most ahead of schedule — venues seen,
    /// minus `pace` × days since the first pitch, minus `weight` × the remote venues left (in units of the mean
    /// remoteness). Per (venue set, last venue) a bucket keeps the best score. States that cannot finish before the
    /// best tour so far (or `incumbent`) are dropped. `firstGames` (game indices) are the opening games; `shouldStop`
    /// is asked per bucket.
    func globalTimeBeam(
        width: Int, pace: Double, weight: Double, firstGames: Range<Int>, incumbent: Double = .infinity,
        shouldStop: () -> Bool = { false }
    ) -> ContinuousTourPath? {
        let firstGames = firstGames.clamped(to: 0..<games.count)
        guard !firstGames.isEmpty else { return nil }
        let count = venueCount
        let season = gameStart[firstGames.lowerBound]
        let bucketSeconds = max(600, gameSeconds)
        let bucketCount = Int(((gameStart.last ?? season) - season) / bucketSeconds) + 2
        var buckets = [[BeamState]](repeating: [], count: bucketCount)
        let meanRemote = max(1, remoteness.reduce(0, +) / Double(max(1, count)))
        let allRemote = remoteness.reduce(0, +)
        for g in firstGames {
            let b = Int((gameStart[g] - season) / bucketSeconds)
            buckets[b].append(
                BeamState(
                    mask: UInt64(1) << UInt64(gameVenue[g]), game: Int32(g), parent: -1, miles: 0, key: 0,
                    remote: allRemote - remoteness[gameVenue[g]], first: Int32(g)))
        }
        var arena: [(game: Int32, parent: Int32)] = []
        var best: ContinuousTourPath?
        var limit = incumbent
        for b in 0..<bucketCount {
            if shouldStop() { break }
            var states = buckets[b]
            buckets[b] = []
            guard !states.isEmpty else { continue }
            for index in states.indices {
                let state = states[index]
                let elapsed = (gameStart[Int(state.game)] - gameStart[Int(state.first)]) / 86_400
                states[index].key =
                    -(Double(state.mask.nonzeroBitCount) - pace * elapsed
                    - weight * state.remote / meanRemote)
            }
            states.sort { a, c in
                a.mask != c.mask ? a.mask < c.mask : a.game != c.game ? a.game < c.game : a.key < c.key
            }
            var unique: [BeamState] = []
            var seen = Set<StateKey>()
            for state in states {
                let key = StateKey(mask: state.mask, venue: Int32(gameVenue[Int(state.game)]))
                if seen.insert(key).inserted {
                    unique.append(state)
                } else if let last = unique.last, last.mask == state.mask, last.game == state.game,
                    state.key < last.key
                {
                    unique[unique.count - 1] = state
                }
            }
            let kept = Self.select(unique, width: width)
            for var state in kept {
                let g = Int(state.game)
                let origin = gameStart[Int(state.first)]
                arena.append((state.game, state.parent))
                state.parent = Int32(arena.count - 1)
                if state.mask == fullMask {
                    let seconds = duration(first: Int(state.first), last: g)
                    if seconds < limit - 1e-6 {
                        var path: [Int] = []
                        var cursor = state.parent
                        while cursor >= 0 {
                            path.append(Int(arena[Int(cursor)].game))
                            cursor = arena[Int(cursor)].parent
                        }
                        best = ContinuousTourPath(path: path.reversed(), seconds: seconds, miles: state.miles)
                        limit = seconds
                    }
                    continue
                }
                let remaining = fullMask & ~state.mask
                if boundEnd(game: g, remaining: remaining) - origin >= limit - 1e-6 { continue }
                let from = gameVenue[g]
                var bits = remaining
                while bits != 0 {
                    let v = bits.trailingZeroBitCount
                    bits &= bits - 1
                    let n = Int(next[g * count + v])
                    guard n >= 0, gameStart[n] + gameSeconds - origin < limit - 1e-6 else { continue }
                    let target = Int((gameStart[n] - season) / bucketSeconds)
                    guard target < bucketCount else { continue }
                    buckets[max(b + 1, target)].append(
                        BeamState(
                            mask: state.mask | (UInt64(1) << UInt64(v)), game: Int32(n), parent: state.parent,
                            miles: state.miles + miles[from * count + v], key: 0, remote: state.remote - remoteness[v],
                            first: state.first))
                }
            }
        }
        return best
    }
}
