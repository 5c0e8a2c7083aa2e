import Foundation

/// SplitMix64 (Steele, Lea and Flood, 2014): a tiny generator whose sequence depends only on its seed, the same on
/// every platform and Swift version — unlike the standard library's random sources and algorithms.
struct SplitMix64: Sendable, Equatable {
    private(set) var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A value in `0..<bound` (0 when `bound` ≤ 1), by multiply-high: no modulo bias worth speaking of, no retries.
    mutating func int(below bound: Int) -> Int {
        guard bound > 1 else { return 0 }
        return Int(next().multipliedFullWidth(by: UInt64(bound)).high)
    }

    /// A value in `[0, 1)` with 53 random bits.
    mutating func unit() -> Double { Double(next() >> 11) * 0x1p-53 }

    /// One element of a non-empty array (`fallback` when it is empty).
    mutating func pick<T>(_ values: [T], fallback: T) -> T {
        values.isEmpty ? fallback : values[int(below: values.count)]
    }

    /// Fisher–Yates, with this generator's own index choice so the order is the same everywhere.
    mutating func shuffle<T>(_ values: inout [T]) {
        guard values.count > 1 else { return }
        for i in stride(from: values.count - 1, to: 0, by: -1) {
            values.swapAt(i, int(below: i + 1))
        }
    }

    /// SplitMix64's output function applied once: a well-mixed 64-bit value of `value`.
    static func mix(_ value: UInt64) -> UInt64 {
        var generator = SplitMix64(seed: value)
        return generator.next()
    }

    /// FNV-1a of a string's UTF-8 bytes (stable, unlike `hashValue`).
    static func fnv1a(_ text: String) -> UInt64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in text.utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
        }
        return hash
    }
}
