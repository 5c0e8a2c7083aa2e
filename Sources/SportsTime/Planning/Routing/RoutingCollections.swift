import Foundation

/// A set of up to 256 small integers.
struct PlanningBitSet {
    var words: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)

    init() {}
    init(_ value: Int) { insert(value) }

    @inline(__always) func contains(_ value: Int) -> Bool {
        let bit = UInt64(1) << UInt64(value & 63)
        switch value >> 6 {
        case 0: return words.0 & bit != 0
        case 1: return words.1 & bit != 0
        case 2: return words.2 & bit != 0
        default: return words.3 & bit != 0
        }
    }

    @inline(__always) mutating func insert(_ value: Int) {
        let bit = UInt64(1) << UInt64(value & 63)
        switch value >> 6 {
        case 0: words.0 |= bit
        case 1: words.1 |= bit
        case 2: words.2 |= bit
        default: words.3 |= bit
        }
    }
}

/// The `capacity` largest values pushed so far (a binary min-heap); capacity 0 keeps nothing and is never full.
struct ScoreBar {
    private var values: [Double] = []
    let capacity: Int

    init(capacity: Int) {
        self.capacity = capacity
        values.reserveCapacity(capacity)
    }

    var isFull: Bool { capacity > 0 && values.count >= capacity }
    /// The smallest kept value (only meaningful when full).
    var minimum: Double { values.first ?? -.infinity }

    mutating func push(_ value: Double) {
        guard capacity > 0 else { return }
        if values.count < capacity {
            values.append(value)
            var child = values.count - 1
            while child > 0 {
                let parent = (child - 1) / 2
                guard values[child] < values[parent] else { break }
                values.swapAt(child, parent)
                child = parent
            }
        } else if value > values[0] {
            values[0] = value
            var parent = 0
            while true {
                let left = 2 * parent + 1
                let right = left + 1
                var smallest = parent
                if left < values.count, values[left] < values[smallest] { smallest = left }
                if right < values.count, values[right] < values[smallest] { smallest = right }
                guard smallest != parent else { break }
                values.swapAt(parent, smallest)
                parent = smallest
            }
        }
    }
}
