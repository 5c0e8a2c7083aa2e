import Foundation

/// A search state keyed by the set of venues seen (a bit mask) and the venue it stands at.
protocol VenueSetState {
    /// Bit v is set when venue v has been seen.
    var mask: UInt64 { get }
}

/// Open-addressing table from (venue set, current venue) to a state's index in a layer's list of children: the
/// dominance check both beam searches share (the daily ``BallparkTourEngine`` and the continuous
/// ``ContinuousTourInstance`` beam). Of two states with the same key only the better one is kept. `reset()` empties
/// the table in O(1) (a new stamp) so one table serves every layer of a run.
struct VenueSetTable {
    private var keys: [UInt64]
    private var venues: [Int32]
    private var slots: [Int32]
    private var stamps: [UInt32]
    private var stamp: UInt32 = 0
    private let mask: Int

    /// A table for up to `capacity` states per layer (sized to twice that, a power of two).
    init(capacity: Int) {
        var size = 64
        while size < capacity * 2 { size <<= 1 }
        keys = Array(repeating: 0, count: size)
        venues = Array(repeating: 0, count: size)
        slots = Array(repeating: 0, count: size)
        stamps = Array(repeating: 0, count: size)
        mask = size - 1
    }

    /// Forgets every key (call before each layer, together with emptying the list).
    mutating func reset() {
        stamp &+= 1
        if stamp == 0 {
            for index in stamps.indices { stamps[index] = 0 }
            stamp = 1
        }
    }

    /// Adds `state` to `list` unless a state with the same key is already there; replaces that one when
    /// `isBetter(state, existing)`.
    @inline(__always) mutating func offer<State: VenueSetState>(
        _ state: State, venue: Int, into list: inout [State], isBetter: (State, State) -> Bool
    ) {
        var hash = (state.mask ^ (UInt64(venue) &* 0x9E37_79B9_7F4A_7C15)) &* 0xBF58_476D_1CE4_E5B9
        hash ^= hash >> 31
        var index = Int(truncatingIfNeeded: hash) & mask
        while stamps[index] == stamp {
            if keys[index] == state.mask, venues[index] == Int32(venue) {
                let existing = Int(slots[index])
                if isBetter(state, list[existing]) { list[existing] = state }
                return
            }
            index = (index + 1) & mask
        }
        stamps[index] = stamp
        keys[index] = state.mask
        venues[index] = Int32(venue)
        slots[index] = Int32(list.count)
        list.append(state)
    }
}
