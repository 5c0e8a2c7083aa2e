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
        var arena = PathArena()
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
            for state in kept {
                expanded.insert(StateKey(mask: state.mask, venue: Int32(gameVenue[Int(state.game)])))
                if let found = expand(
                    state, first: first, bucket: b, from: origin, bucketSeconds: bucketSeconds, limit: limit,
                    arena: &arena, buckets: &buckets)
                {
                    best = found
                    limit = found.seconds
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
        var arena = PathArena()
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
            for state in kept {
                if let found = expand(
                    state, first: Int(state.first), bucket: b, from: season, bucketSeconds: bucketSeconds,
                    limit: limit, arena: &arena, buckets: &buckets)
                {
                    best = found
                    limit = found.seconds
                }
            }
        }
        return best
    }
}

extension ContinuousTourInstance {
    /// One kept state of a time beam (the per-start ``timeBeam(first:width:incumbent:weight:)`` and the season-wide
    /// `globalTimeBeam`): records it in `arena`; a state that has seen every venue answers its tour when it ends within
    /// `limit` (seconds from the first pitch of `first`); any other state that could still end within `limit` puts one
    /// child per venue left (its next game there) in the bucket of that game's start (`bucketSeconds` long, counted
    /// from `from`), at least the bucket after `bucket`.
    @inline(__always)
    func expand(
        _ state: BeamState, first: Int, bucket b: Int, from base: Double, bucketSeconds: Double, limit: Double,
        arena: inout PathArena, buckets: inout [[BeamState]]
    ) -> ContinuousTourPath? {
        let g = Int(state.game)
        let entry = arena.add(game: state.game, parent: state.parent)
        if state.mask == fullMask {
            let seconds = duration(first: first, last: g)
            guard seconds < limit - 1e-6 else { return nil }
            return ContinuousTourPath(path: arena.path(to: entry), seconds: seconds, miles: state.miles)
        }
        let origin = gameStart[first]
        let remaining = fullMask & ~state.mask
        if boundEnd(game: g, remaining: remaining) - origin >= limit - 1e-6 { return nil }
        let count = venueCount
        let from = gameVenue[g]
        var bits = remaining
        while bits != 0 {
            let v = bits.trailingZeroBitCount
            bits &= bits - 1
            let n = Int(next[g * count + v])
            guard n >= 0, gameStart[n] + gameSeconds - origin < limit - 1e-6 else { continue }
            let target = Int((gameStart[n] - base) / bucketSeconds)
            guard target < buckets.count else { continue }
            buckets[max(b + 1, target)].append(
                BeamState(
                    mask: state.mask | (UInt64(1) << UInt64(v)), game: Int32(n), parent: entry,
                    miles: state.miles + miles[from * count + v], key: 0, remote: state.remote - remoteness[v],
                    first: state.first))
        }
        return nil
    }
}
