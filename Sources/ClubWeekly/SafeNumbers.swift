import Foundation

/// Arithmetic that never traps: bad input (NaN, huge numbers, negative durations) can never crash a conversion or
/// an addition, and number text never depends on the machine's locale.
public enum SafeNumbers {
    /// The largest magnitude we convert to `Int`; far beyond any real distance, time or count.
    static let intLimit = 1e15

    /// `value` when it is finite and positive, else 0. Distances, times and climbs are never negative.
    static func nonNegative(_ value: Double) -> Double { value.isFinite && value > 0 ? value : 0 }

    /// Rounds half away from zero and converts without ever trapping (NaN → 0, huge → clamped).
    static func roundedInt(_ value: Double) -> Int {
        guard value.isFinite else { return 0 }
        let rounded = value.rounded()
        return Int(max(-intLimit, min(intLimit, rounded)))
    }

    /// Rounds down and converts without trapping.
    static func floorInt(_ value: Double) -> Int {
        guard value.isFinite else { return 0 }
        return Int(max(-intLimit, min(intLimit, value.rounded(.down))))
    }

    /// Rounds to the given number of decimals, half away from zero (the worker's `Math.round(x*10)/10`
    /// for positive numbers).
    static func round(_ value: Double, decimals: Int) -> Double {
        guard value.isFinite else { return 0 }
        let scale = pow(10, Double(max(0, min(6, decimals))))
        return (value * scale).rounded() / scale
    }

    /// Adds without overflowing (clamps at ±`Int.max`).
    static func add(_ a: Int, _ b: Int) -> Int {
        let (sum, overflow) = a.addingReportingOverflow(b)
        if overflow { return b > 0 ? Int.max : Int.min }
        return sum
    }

    /// Clamps an input integer that is a duration or count to `0...intLimit`.
    static func nonNegative(_ value: Int) -> Int { max(0, min(value, Int(intLimit))) }

    /// The median of the values; 0 when empty.
    public static func median(_ values: [Double]) -> Double {
        guard !values.isEmpty else { return 0 }
        let sorted = values.sorted()
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }

    /// The value's fixed-point text with `decimals` digits (half away from zero), optionally grouped
    /// with commas: `fixed(1234.56, 1, grouped: true)` is `"1,234.6"`. Never uses the machine locale.
    static func fixed(_ value: Double, decimals: Int, grouped: Bool = false) -> String {
        let places = max(0, min(6, decimals))
        guard value.isFinite else { return places == 0 ? "0" : "0." + String(repeating: "0", count: places) }
        var scale = 1
        for _ in 0..<places { scale *= 10 }
        let scaled = roundedInt(value * Double(scale))
        let negative = scaled < 0
        let magnitude = scaled.magnitude
        let whole = magnitude / UInt(scale)
        let fraction = magnitude % UInt(scale)
        var wholeText = String(whole)
        if grouped && wholeText.count > 3 {
            var groups: [Substring] = []
            var rest = Substring(wholeText)
            while rest.count > 3 {
                groups.insert(rest.suffix(3), at: 0)
                rest = rest.dropLast(3)
            }
            groups.insert(rest, at: 0)
            wholeText = groups.joined(separator: ",")
        }
        var text = (negative ? "-" : "") + wholeText
        if places > 0 {
            let digits = String(fraction)
            text += "." + String(repeating: "0", count: places - digits.count) + digits
        }
        return text
    }
}
