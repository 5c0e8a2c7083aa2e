import ClubhouseBasics
import Foundation

/// The weather that decides what to suggest: a WMO code and a temperature in °C.
///
/// For "now" (activities, surprise me) the temperature is the current one; for a planned day it is the day's maximum
/// (the original's weekend rule).
public struct WeatherCondition: Codable, Sendable, Equatable {
    /// WMO weather code as Open-Meteo sends it.
    public var weatherCode: Int
    /// °C.
    public var temperature: Double

    /// A condition from a code and a temperature.
    public init(weatherCode: Int, temperature: Double) {
        self.weatherCode = weatherCode
        self.temperature = temperature
    }

    /// Codes bad enough to stay at home: heavy or freezing rain, violent showers, heavy snow, thunderstorms.
    public static let awfulCodes: Set<Int> = [65, 66, 67, 75, 82, 86, 95, 96, 99]

    /// Rain of any kind (the original's list).
    public var isRainy: Bool { WeatherCodes.isRain(weatherCode) }
    /// Snowing.
    public var isSnowy: Bool { WeatherCodes.isSnow(weatherCode) }
    /// Below 5 °C, the original's "too cold" line.
    public var isCold: Bool { temperature < 5 }
    /// The original's "bad weather": a rain code or below 5 °C. Indoor things come first.
    public var isBad: Bool { isRainy || isCold }
    /// So bad that staying at home is a fair suggestion: storms, heavy rain or snow, or −5 °C and below.
    public var isAwful: Bool { Self.awfulCodes.contains(weatherCode) || temperature <= -5 }

    /// The English description of the code (the original's texts; "Unknown" otherwise).
    public var description: String { WeatherText.english(weatherCode) }
}

/// The English weather texts of the forecasts' `description` fields (the original's, from ``WeatherCodes``).
enum WeatherText {
    static func english(_ code: Int) -> String { WeatherCodes.description(code).en }
}

/// Rounding as JavaScript's `Math.round` (halves go up, also for negatives: −2.5 → −2), so numbers match the original.
func jsRound(_ value: Double) -> Double {
    guard value.isFinite else { return 0 }
    return (value + 0.5).rounded(.down)
}

/// `Math.round(value)` as an Int, 0 for NaN/∞ and clamped to a sane range.
func jsRoundInt(_ value: Double) -> Int {
    let rounded = jsRound(value)
    return Int(max(-1_000_000_000, min(1_000_000_000, rounded)))
}

/// `Math.round(value * 10) / 10`: one decimal.
func oneDecimal(_ value: Double) -> Double { jsRound(value * 10) / 10 }

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

extension Array {
    /// Stable sort: equal elements keep their order (the ranking rules depend on it).
    func stableSorted(by areInIncreasingOrder: (Element, Element) -> Bool) -> [Element] {
        enumerated().sorted { a, b in
            if areInIncreasingOrder(a.element, b.element) { return true }
            if areInIncreasingOrder(b.element, a.element) { return false }
            return a.offset < b.offset
        }.map(\.element)
    }
}

extension Destination {
    /// The place's position.
    var point: GeoPoint { GeoPoint(lat: lat, lon: lon) }
}

/// A Swiss season, from the month (Mar–May spring, Jun–Aug summer, Sep–Nov autumn, otherwise winter), as the original.
public enum SwissSeason: String, Codable, Sendable, CaseIterable {
    case spring, summer, autumn, winter

    /// The season of `month` (1–12).
    public init(month: Int) {
        switch month {
        case 3...5: self = .spring
        case 6...8: self = .summer
        case 9...11: self = .autumn
        default: self = .winter
        }
    }

    /// Reads "spring", "Sommer", "fall", "Herbst" … (any case); nil for anything else.
    public init?(text: String) {
        switch text.trimmingCharacters(in: .whitespaces).lowercased() {
        case "spring", "frühling", "fruehling", "frühjahr": self = .spring
        case "summer", "sommer": self = .summer
        case "autumn", "fall", "herbst": self = .autumn
        case "winter": self = .winter
        default: return nil
        }
    }

    /// The months of this season.
    public var months: Set<Int> {
        switch self {
        case .spring: [3, 4, 5]
        case .summer: [6, 7, 8]
        case .autumn: [9, 10, 11]
        case .winter: [12, 1, 2]
        }
    }
}
