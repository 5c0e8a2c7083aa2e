/// SplitMix64 (Steele, Lea and Flood, 2014): a tiny, fast generator whose sequence depends only on its seed, the
/// same on every platform, toolchain and Swift version — which `SystemRandomNumberGenerator` and the standard
/// library's random algorithms do not promise. Demo data, season generation, planners and fuzz tests rely on it.
public struct SplitMix64: RandomNumberGenerator, Sendable, Equatable {
    /// The generator's whole state: the next output is derived from `state + 0x9E3779B97F4A7C15`.
    public private(set) var state: UInt64

    /// A generator starting at `seed`.
    public init(seed: UInt64) { state = seed }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A value in `0..<bound` (0 when `bound` ≤ 1), by multiply-high: no modulo bias worth speaking of, no retries.
    public mutating func int(below bound: Int) -> Int {
        guard bound > 1 else { return 0 }
        return Int(next().multipliedFullWidth(by: UInt64(bound)).high)
    }

    /// A value in `[0, 1)` with 53 random bits.
    public mutating func unit() -> Double { Double(next() >> 11) * 0x1p-53 }

    /// One element of a non-empty array (`fallback` when it is empty), chosen with ``int(below:)``.
    public mutating func pick<T>(_ values: [T], fallback: T) -> T {
        values.isEmpty ? fallback : values[int(below: values.count)]
    }

    /// Fisher–Yates with ``int(below:)`` as the index choice, so the order is the same everywhere.
    public mutating func shuffle<T>(_ values: inout [T]) {
        guard values.count > 1 else { return }
        for i in stride(from: values.count - 1, to: 0, by: -1) {
            values.swapAt(i, int(below: i + 1))
        }
    }

    /// A value in `0..<bound` (0 when `bound` ≤ 1) by `next() % bound`: a second index choice, kept because
    /// Today in Switzerland's suggestions were fixed with it; prefer ``int(below:)`` in new code.
    public mutating func moduloIndex(below bound: Int) -> Int {
        guard bound > 1 else { return 0 }
        return Int(next() % UInt64(bound))
    }

    /// `items` in an order fixed by this generator: Fisher–Yates with ``moduloIndex(below:)`` as the index choice
    /// (the order Today in Switzerland's weekend plans were fixed with).
    public mutating func moduloShuffled<T>(_ items: [T]) -> [T] {
        var result = items
        var i = result.count - 1
        while i > 0 {
            let j = moduloIndex(below: i + 1)
            if i != j { result.swapAt(i, j) }
            i -= 1
        }
        return result
    }

    /// SplitMix64's output function applied once: a well-mixed 64-bit value of `value`.
    public static func mix(_ value: UInt64) -> UInt64 {
        var generator = SplitMix64(seed: value)
        return generator.next()
    }

    /// FNV-1a 64-bit hash of a string's UTF-8 bytes: a stable seed (unlike `hashValue`, which changes per run).
    public static func fnv1a(_ text: String) -> UInt64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in text.utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
        }
        return hash
    }
}
