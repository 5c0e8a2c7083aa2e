import Foundation

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
