import Foundation

/// A heart-rate band in beats per minute, both ends included.
public struct HeartRateZone: Sendable, Equatable, Codable {
    /// Lowest heart rate in the zone (bpm).
    public var lower: Int
    /// Highest heart rate in the zone (bpm).
    public var upper: Int

    /// A zone from its bounds (`lower` ≤ `upper`).
    public init(lower: Int, upper: Int) {
        self.lower = lower
        self.upper = upper
    }

    /// Whether `bpm` lies in the zone.
    public func contains(_ bpm: Int) -> Bool { lower <= bpm && bpm <= upper }

    /// The middle of the zone, the heart rate a guided workout aims for.
    public var midpoint: Double { Double(lower + upper) / 2 }

    /// The zone moved by `bpm` (both bounds), kept within 30–230 bpm.
    public func shifted(by bpm: Int) -> HeartRateZone {
        let delta = min(max(bpm, 30 - lower), 230 - upper)
        return HeartRateZone(lower: lower + delta, upper: upper + delta)
    }
}

/// Why a zone could not be computed.
public enum ZoneError: Error, Equatable, CustomStringConvertible {
    /// A heart rate outside 30–230 bpm, or resting not below maximum.
    case implausibleHeartRate(String)
    /// An age outside 10–100 years, or a MAF adjustment outside −10…+5.
    case implausibleAge(String)
    /// Manual bounds with lower above upper.
    case invertedBounds(lower: Int, upper: Int)

    /// What to correct.
    public var description: String {
        switch self {
        case .implausibleHeartRate(let detail): "Heart rate not plausible: \(detail)."
        case .implausibleAge(let detail): "Age not plausible: \(detail)."
        case .invertedBounds(let lower, let upper): "Zone lower bound \(lower) is above the upper bound \(upper)."
        }
    }
}

/// How Zone 2 is derived. Percentages are those of the usual published methods (see the notes in
/// `spec/notes/ftms-and-files.md`); bounds are rounded to the nearest beat.
public enum Zone2Method: Sendable, Equatable, Codable {
    /// 60–70 % of maximum heart rate.
    case percentOfMax(maxHR: Int)
    /// Karvonen: resting + 60–70 % of the heart-rate reserve (maximum − resting).
    case heartRateReserve(restingHR: Int, maxHR: Int)
    /// Friel, cycling: 81–89 % of lactate-threshold heart rate.
    case frielLTHR(lthr: Int)
    /// Coggan: 69–83 % of lactate-threshold heart rate.
    case cogganLTHR(lthr: Int)
    /// Maffetone: ceiling 180 − age + adjustment (−10 … +5 by training history), zone = ceiling − 10 … ceiling.
    case maf(age: Int, adjustment: Int)
    /// Bounds chosen by the rider.
    case manual(lower: Int, upper: Int)

    static let plausibleHeartRate = 30...230

    /// The Zone 2 band, or why the inputs are not plausible.
    public func zone() throws(ZoneError) -> HeartRateZone {
        func check(_ value: Int, _ name: String) throws(ZoneError) {
            guard Self.plausibleHeartRate.contains(value) else {
                throw .implausibleHeartRate("\(name) \(value) bpm is outside 30–230")
            }
        }
        func band(_ base: Double, _ low: Double, _ high: Double, offset: Double = 0) -> HeartRateZone {
            HeartRateZone(lower: Int((offset + base * low).rounded()), upper: Int((offset + base * high).rounded()))
        }
        switch self {
        case .percentOfMax(let maxHR):
            try check(maxHR, "maximum")
            return band(Double(maxHR), 0.60, 0.70)
        case .heartRateReserve(let restingHR, let maxHR):
            try check(restingHR, "resting")
            try check(maxHR, "maximum")
            guard restingHR < maxHR else {
                throw .implausibleHeartRate("resting \(restingHR) bpm is not below maximum \(maxHR) bpm")
            }
            return band(Double(maxHR - restingHR), 0.60, 0.70, offset: Double(restingHR))
        case .frielLTHR(let lthr):
            try check(lthr, "threshold")
            return band(Double(lthr), 0.81, 0.89)
        case .cogganLTHR(let lthr):
            try check(lthr, "threshold")
            return band(Double(lthr), 0.69, 0.83)
        case .maf(let age, let adjustment):
            guard (10...100).contains(age) else { throw .implausibleAge("\(age) years is outside 10–100") }
            guard (-10...5).contains(adjustment) else {
                throw .implausibleAge("MAF adjustment \(adjustment) is outside −10…+5")
            }
            let ceiling = 180 - age + adjustment
            return HeartRateZone(lower: ceiling - 10, upper: ceiling)
        case .manual(let lower, let upper):
            try check(lower, "lower bound")
            try check(upper, "upper bound")
            guard lower <= upper else { throw .invertedBounds(lower: lower, upper: upper) }
            return HeartRateZone(lower: lower, upper: upper)
        }
    }
}

/// Coggan's power Zone 2: 56–75 % of functional threshold power (FTP), rounded to whole watts.
public func powerZone2(ftp: Int) -> ClosedRange<Int> {
    let base = Double(max(0, ftp))
    return Int((base * 0.56).rounded())...Int((base * 0.75).rounded())
}
