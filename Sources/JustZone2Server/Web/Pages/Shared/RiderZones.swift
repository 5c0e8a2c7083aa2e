import Foundation
import JustZone2
import ServerKit

/// One of the rider's five heart-rate zones (bpm, both ends included; the top zone has no upper end).
struct ZoneBand: Sendable, Equatable {
    /// 1…5.
    var number: Int
    var name: String
    var lower: Int
    var upper: Int?

    /// Whether `bpm` lies in the band.
    func contains(_ bpm: Int) -> Bool { bpm >= lower && upper.map { bpm <= $0 } ?? true }

    /// "131–148 bpm", "≥ 186 bpm".
    var range: String { upper.map { "\(lower)–\($0) bpm" } ?? "≥ \(lower) bpm" }
}

/// The rider's zones: Zone 2 as chosen (welcome page or a method of the core), the five zones around it for the
/// zone distribution, and the welcome page's rule.
enum RiderZones {
    /// The original app's onboarding rule: Zone 2 is 59–78 % of maximum heart rate (Strava's default bands).
    static let welcomeShare = (lower: 0.59, upper: 0.78)
    /// Top of zones 3 and 4 as shares of maximum heart rate (Strava's default bands, as the original's "Reset to
    /// Strava bands").
    static let zone3Top = 0.87
    static let zone4Top = 0.97
    /// The zones' names.
    static let names = ["Recovery", "Endurance (Zone 2)", "Tempo", "Threshold", "VO₂ max"]

    /// Maximum heart rate from age (Tanaka: 208 − 0.7 × age), the welcome page's formula.
    static func maxHeartRate(age: Int) -> Int { Int((208 - 0.7 * Double(age)).rounded()) }

    /// Zone 2 by the welcome page's rule, through the core's manual zone (which checks plausibility).
    static func welcomeZone(maxHeartRate: Int) throws(ZoneError) -> HeartRateZone {
        let max = Double(maxHeartRate)
        return try Zone2Method.manual(
            lower: Int((max * welcomeShare.lower).rounded()), upper: Int((max * welcomeShare.upper).rounded())
        ).zone()
    }

    /// The rider's Zone 2, if set.
    static func zone2(_ settings: RiderSettings) -> HeartRateZone? {
        guard let lower = settings.zoneLower, let upper = settings.zoneUpper, lower <= upper else { return nil }
        return HeartRateZone(lower: lower, upper: upper)
    }

    /// The five zones: 1 below Zone 2, 2 = the rider's Zone 2, 3 up to 87 % and 4 up to 97 % of maximum heart rate,
    /// 5 above. Without a maximum it is estimated from Zone 2's top (78 %). Nil without a Zone 2.
    static func five(_ settings: RiderSettings) -> [ZoneBand]? {
        guard let zone = zone2(settings) else { return nil }
        let max = settings.maxHeartRate ?? Int((Double(zone.upper) / welcomeShare.upper).rounded())
        let top3 = Swift.max(zone.upper + 1, Int((Double(max) * zone3Top).rounded()))
        let top4 = Swift.max(top3 + 1, Int((Double(max) * zone4Top).rounded()))
        return [
            ZoneBand(number: 1, name: names[0], lower: 0, upper: zone.lower - 1),
            ZoneBand(number: 2, name: names[1], lower: zone.lower, upper: zone.upper),
            ZoneBand(number: 3, name: names[2], lower: zone.upper + 1, upper: top3),
            ZoneBand(number: 4, name: names[3], lower: top3 + 1, upper: top4),
            ZoneBand(number: 5, name: names[4], lower: top4 + 1, upper: nil),
        ]
    }

    /// Seconds spent in each band (samples with a heart rate; each stands for the time to the next sample, at most
    /// 2 s, so a dropout counts in no zone).
    static func distribution(_ samples: [RecordedSample], bands: [ZoneBand]) -> [Int] {
        var seconds = [Double](repeating: 0, count: bands.count)
        for (index, sample) in samples.enumerated() {
            guard let rate = sample.heartRate, let band = bands.firstIndex(where: { $0.contains(rate) }) else {
                continue
            }
            let next = index + 1 < samples.count ? samples[index + 1].elapsed - sample.elapsed : 1
            seconds[band] += next > 0 && next <= 2 ? next : 1
        }
        return seconds.map { Int($0.rounded()) }
    }

    /// The zone methods the zones page offers: every method of the core's ``Zone2Method`` (and manual bounds).
    enum Method: String, CaseIterable, Sendable {
        case welcome, percentOfMax, heartRateReserve, frielLTHR, cogganLTHR, maf, manual

        /// The label in the method picker.
        var label: String {
            switch self {
            case .welcome: "59–78 % of max HR (the original app's rule)"
            case .percentOfMax: "60–70 % of max HR"
            case .heartRateReserve: "Karvonen: resting + 60–70 % of heart-rate reserve"
            case .frielLTHR: "Friel: 81–89 % of threshold HR (LTHR)"
            case .cogganLTHR: "Coggan: 69–83 % of threshold HR (LTHR)"
            case .maf: "Maffetone (MAF): 180 − age, 10 bpm below"
            case .manual: "My own bounds"
            }
        }
    }
}
