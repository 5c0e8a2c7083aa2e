import Foundation

/// A tour found under the continuous rules, as a path of game indices of a ``ContinuousTourInstance``.
struct ContinuousTourPath: Sendable, Equatable {
    var path: [Int]
    /// Seconds from the first pitch to the last game's end.
    var seconds: Double
    var miles: Double

    /// Shorter, then fewer miles, then the earlier first game, then the path.
    func isBetter(than other: ContinuousTourPath) -> Bool {
        if abs(seconds - other.seconds) > 1e-6 { return seconds < other.seconds }
        if abs(miles - other.miles) > 1e-6 { return miles < other.miles }
        return path.lexicographicallyPrecedes(other.path)
    }
}

extension ContinuousTourInstance {
    /// One state of the beam: venues seen, the last game, the arena index of its parent, miles so far.
    struct BeamState: VenueSetState {
        var mask: UInt64
        var game: Int32
        var parent: Int32
        var miles: Double
        var key: Double
        /// Sum of ``ContinuousTourInstance/remoteness`` over the venues still to see.
        var remote: Double
        /// The first game (the global time beam mixes states of every first game).
        var first: Int32 = 0
    }

    /// A cheap lower bound on the end of any tour that is at game `g` with `remaining` venues still to see: each of
    /// them needs a game no earlier than the earliest one reachable from g on shortest-path road times.
    @inline(__always) func boundEnd(game g: Int, remaining: UInt64) -> Double {
        var latest = gameStart[g] + gameSeconds
        var bits = remaining
        let base = g * venueCount
        while bits != 0 {
            let v = bits.trailingZeroBitCount
            bits &= bits - 1
            let n = Int(nextClosed[base + v])
            if n < 0 { return .infinity }
            let end = gameStart[n] + gameSeconds
            if end > latest { latest = end }
        }
        return latest
    }

    /// Beam search from first game `first` keeping `width` states per layer (ranked by the last game's start, then
    /// miles); states whose bound cannot beat `incumbent` are dropped. Returns the best complete tour found.
    func beam(first: Int, width: Int, incumbent: Double, weight: Double = 0) -> ContinuousTourPath? {
        let count = venueCount
        let origin = gameStart[first]
        guard
            boundEnd(game: first, remaining: fullMask & ~(UInt64(1) << UInt64(gameVenue[first]))) - origin
                < incumbent - 1e-6
        else { return nil }
        var arena = PathArena()
        let totalRemote = remoteness.reduce(0, +) - remoteness[gameVenue[first]]
        var layer = [
            BeamState(
                mask: UInt64(1) << UInt64(gameVenue[first]), game: Int32(first), parent: -1, miles: 0, key: origin,
                remote: totalRemote)
        ]
        var table = VenueSetTable(capacity: max(64, width * count))
        var children: [BeamState] = []
        children.reserveCapacity(width * count)
        while !layer.isEmpty {
            for index in layer.indices {
                layer[index].parent = arena.add(game: layer[index].game, parent: layer[index].parent)
            }
            if layer[0].mask == fullMask {
                var best: ContinuousTourPath?
                for state in layer {
                    let seconds = duration(first: first, last: Int(state.game))
                    guard seconds < incumbent - 1e-6 else { continue }
                    let found = ContinuousTourPath(
                        path: arena.path(to: state.parent), seconds: seconds, miles: state.miles)
                    if best.map({ found.isBetter(than: $0) }) ?? true { best = found }
                }
                return best
            }
            table.reset()
            children.removeAll(keepingCapacity: true)
            for state in layer {
                let g = Int(state.game)
                let from = gameVenue[g]
                let remaining = fullMask & ~state.mask
                if incumbent.isFinite, boundEnd(game: g, remaining: remaining) - origin >= incumbent - 1e-6 {
                    continue
                }
                var bits = remaining
                while bits != 0 {
                    let v = bits.trailingZeroBitCount
                    bits &= bits - 1
                    let n = next[g * count + v]
                    guard n >= 0 else { continue }
                    let remote = state.remote - remoteness[v]
                    let child = BeamState(
                        mask: state.mask | (UInt64(1) << UInt64(v)), game: n, parent: state.parent,
                        miles: state.miles + miles[from * count + v], key: gameStart[Int(n)] + weight * remote,
                        remote: remote)
                    table.offer(child, venue: v, into: &children, isBetter: Self.isEarlierState)
                }
            }
            layer = Self.select(children, width: width)
        }
        return nil
    }

    /// Of two states with the same venues at the same venue: the earlier last game, then fewer miles — the
    /// continuous model's dominance.
    @inline(__always) static func isEarlierState(_ a: BeamState, _ b: BeamState) -> Bool {
        a.game < b.game || (a.game == b.game && a.miles < b.miles)
    }

    /// The `width` states with the smallest key (then fewer miles, then a fixed order), sorted.
    static func select(_ states: [BeamState], width: Int) -> [BeamState] {
        func precedes(_ a: BeamState, _ b: BeamState) -> Bool {
            if a.key != b.key { return a.key < b.key }
            if a.miles != b.miles { return a.miles < b.miles }
            if a.game != b.game { return a.game < b.game }
            return a.mask < b.mask
        }
        guard states.count > width else { return states.sorted(by: precedes) }
        // The width-th smallest key by selection, then a sort of the survivors only.
        var keys = states.map(\.key)
        let threshold = quickselect(&keys, width - 1)
        var kept = states.filter { $0.key < threshold }
        let boundary = states.filter { $0.key == threshold }.sorted(by: precedes)
        kept.append(contentsOf: boundary.prefix(width - kept.count))
        return kept.sorted(by: precedes)
    }

    /// The k-th smallest value (0-based) of `values` (reordered).
    static func quickselect(_ values: inout [Double], _ k: Int) -> Double {
        var low = 0
        var high = values.count - 1
        while low < high {
            let pivot = values[(low + high) / 2]
            var i = low
            var j = high
            while i <= j {
                while values[i] < pivot { i += 1 }
                while values[j] > pivot { j -= 1 }
                if i <= j {
                    values.swapAt(i, j)
                    i += 1
                    j -= 1
                }
            }
            if k <= j {
                high = j
            } else if k >= i {
                low = i
            } else {
                return values[k]
            }
        }
        return values[k]
    }
}
