import ClubhouseBasics
import Foundation

/// A small, fast, reproducible random generator: the shared ``SplitMix64``. The same seed gives the same numbers on
/// every platform and toolchain, which `SystemRandomNumberGenerator` and the standard shuffle do not promise.
public typealias SeededGenerator = SplitMix64

extension SplitMix64 {
    /// A generator seeded from text, e.g. "2026-04-25|zurich|0" (FNV-1a of the UTF-8 bytes).
    public init(seedText: String) { self.init(seed: SplitMix64.fnv1a(seedText)) }

    /// FNV-1a 64-bit hash of `text`: a stable seed (Swift's `Hasher` changes from run to run).
    public static func seed(_ text: String) -> UInt64 { fnv1a(text) }

    /// A number in `0..<bound` (bound > 0) by modulo, the choice the suggestions were fixed with.
    mutating func index(below bound: Int) -> Int { moduloIndex(below: bound) }

    /// `items` in a random order fixed by this generator (``SplitMix64/moduloShuffled(_:)``).
    public mutating func shuffled<T>(_ items: [T]) -> [T] { moduloShuffled(items) }
}
