import ClubhouseBasics
import Foundation
import Testing

@testable import JustZone2

@Suite("Zone 2 methods")
struct ZoneTests {
    @Test("each method gives the published band, rounded to the beat")
    func methods() throws {
        #expect(try Zone2Method.percentOfMax(maxHR: 190).zone() == HeartRateZone(lower: 114, upper: 133))
        // Karvonen: 60 + 0.6 × 130 = 138, 60 + 0.7 × 130 = 151.
        #expect(
            try Zone2Method.heartRateReserve(restingHR: 60, maxHR: 190).zone() == HeartRateZone(lower: 138, upper: 151))
        #expect(try Zone2Method.frielLTHR(lthr: 170).zone() == HeartRateZone(lower: 138, upper: 151))
        #expect(try Zone2Method.cogganLTHR(lthr: 170).zone() == HeartRateZone(lower: 117, upper: 141))
        #expect(try Zone2Method.maf(age: 40, adjustment: 0).zone() == HeartRateZone(lower: 130, upper: 140))
        #expect(try Zone2Method.maf(age: 40, adjustment: -5).zone() == HeartRateZone(lower: 125, upper: 135))
        #expect(try Zone2Method.manual(lower: 120, upper: 135).zone().contains(135))
        #expect(!HeartRateZone(lower: 120, upper: 135).contains(136))
        #expect(powerZone2(ftp: 250) == 140...188)
        #expect(powerZone2(ftp: -5) == 0...0)
    }

    @Test(
        "implausible inputs are refused with what to correct",
        arguments: [
            Zone2Method.percentOfMax(maxHR: 0), .percentOfMax(maxHR: 400),
            .heartRateReserve(restingHR: 190, maxHR: 180),
            .frielLTHR(lthr: 29), .maf(age: 5, adjustment: 0), .maf(age: 40, adjustment: 20),
            .manual(lower: 150, upper: 120),
        ])
    func refused(method: Zone2Method) {
        #expect(throws: ZoneError.self) { try method.zone() }
    }
}

extension SplitMix64 {
    /// A uniform number in low..<high.
    mutating func between(_ low: Double, _ high: Double) -> Double { low + (high - low) * unit() }
}

/// Generated rides with known warm-up end and cool-down start, for the steady-part detector.
struct GeneratedRide {
    var samples: [RecordedSample]
    var warmUpEnd: TimeInterval
    var coolDownStart: TimeInterval

    static func make(seed: UInt64) -> GeneratedRide {
        var random = SplitMix64(seed: seed)
        let level = random.between(130, 260)
        let warmUp = random.between(180, 720)
        let steady = random.between(1200, 4800)
        let coolDown = random.between(60, 420)
        let steepEnd = random.unit() < 0.4
        let startFraction = random.between(0.4, 0.65)
        let endFraction = random.between(0.2, 0.5)
        var samples: [RecordedSample] = []
        var t = 0.0
        let total = warmUp + steady + coolDown
        while t < total {
            var base: Double
            if t < warmUp {
                base = level * (startFraction + (1 - startFraction) * t / warmUp)
            } else if t < warmUp + steady {
                base = level
            } else if steepEnd {
                base = t < warmUp + steady + 15 ? level * 0.3 : 0
            } else {
                base = level * (1 - (1 - endFraction) * (t - warmUp - steady) / coolDown)
            }
            var power = base * random.between(0.9, 1.1)
            if random.unit() < 0.01 { power *= random.between(1.3, 2.0) }  // sprints, standing
            if random.unit() < 0.01 { power = 0 }  // a short coast
            // A dropout now and then: no samples for a few seconds.
            if random.unit() < 0.002 { t += random.between(3, 20) }
            samples.append(
                RecordedSample(elapsed: t, power: Int(power), heartRate: Int(100 + base / 4 + random.between(-3, 3))))
            t += 1
        }
        return GeneratedRide(samples: samples, warmUpEnd: warmUp, coolDownStart: warmUp + steady)
    }
}

@Suite("Workout analysis")
struct AnalysisTests {
    @Test("steady part: boundaries of 300 generated rides land close to the truth")
    func steadySegmentAccuracy() throws {
        var startErrors: [Double] = []
        var endErrors: [Double] = []
        for seed in 1...300 {
            let ride = GeneratedRide.make(seed: UInt64(seed))
            let steady = try #require(SteadySegment.detect(ride.samples), "seed \(seed)")
            startErrors.append(abs(steady.lowerBound - ride.warmUpEnd))
            endErrors.append(abs(steady.upperBound - ride.coolDownStart))
        }
        let meanStart = startErrors.reduce(0, +) / Double(startErrors.count)
        let meanEnd = endErrors.reduce(0, +) / Double(endErrors.count)
        print(
            "steady part over 300 rides: warm-up end mean error \(Int(meanStart)) s (max \(Int(startErrors.max() ?? 0)) s), "
                + "cool-down start mean error \(Int(meanEnd)) s (max \(Int(endErrors.max() ?? 0)) s)")
        // Measured: warm-up end 18 s mean (max 97 s), cool-down start 5 s mean (max 51 s).
        #expect(meanStart < 30)
        #expect(meanEnd < 15)
        #expect((startErrors.max() ?? 0) < 150)
        #expect((endErrors.max() ?? 0) < 90, "no ride keeps a steep drop-off in its chart")
    }

    @Test("a ride that is all steady, one too short, and one with no power have sensible answers")
    func steadyEdgeCases() {
        let flat = (0..<600).map { RecordedSample(elapsed: Double($0), power: 200) }
        #expect(SteadySegment.detect(flat) == 0...599)
        #expect(SteadySegment.detect(Array(flat.prefix(100))) == nil)
        #expect(SteadySegment.detect((0..<600).map { RecordedSample(elapsed: Double($0), heartRate: 120) }) == nil)
        #expect(SteadySegment.detect((0..<600).map { RecordedSample(elapsed: Double($0), power: 0) }) == nil)
    }

    @Test("averages, maxima, normalized power, time in zone, calories; dropouts are not time in zone")
    func numbers() throws {
        var samples: [RecordedSample] = []
        for second in 0..<600 {
            // 300 s at 100 W then 300 s at 300 W; heart rate 120 then 150; no samples 400–459 (a dropout).
            guard !(400..<460).contains(second) else { continue }
            samples.append(
                RecordedSample(
                    elapsed: Double(second), power: second < 300 ? 100 : 300, heartRate: second < 300 ? 120 : 150))
        }
        samples.append(RecordedSample(elapsed: 600, power: nil, heartRate: 0))
        let analysis = WorkoutAnalyzer.analyze(samples.shuffled(), zone: HeartRateZone(lower: 140, upper: 155))
        #expect(analysis.duration == 601)
        #expect(analysis.recordedTime == 541)
        #expect(analysis.maximumPower == 300)
        #expect(abs((analysis.averagePower ?? 0) - (300 * 100 + 240 * 300) / 540.0) < 0.001)
        #expect(analysis.maximumHeartRate == 150)
        // In zone: 240 samples at 150 bpm, the one before the dropout standing for 1 s only.
        #expect(analysis.timeInZone == 240)
        let np = try #require(analysis.normalizedPower)
        #expect(np > analysis.averagePower ?? 0 && np < 300)
        // Work: 300 × 100 + 239 × 300 + 300 (the last sample before the gap stands for one second) = 102 kJ.
        #expect(analysis.calories == 102)
    }

    @Test("normalized power of a constant effort equals it; efficiency and decoupling on a drifting ride")
    func efficiency() throws {
        #expect(WorkoutAnalyzer.normalizedPower(Array(repeating: 200, count: 60)) == 200)
        #expect(WorkoutAnalyzer.normalizedPower(Array(repeating: 200, count: 29)) == nil)
        // Constant 180 W for an hour; heart rate drifts from 130 to 143 (10 %).
        let samples = (0..<3600).map { second in
            RecordedSample(elapsed: Double(second), power: 180, heartRate: 130 + second * 13 / 3600)
        }
        let analysis = WorkoutAnalyzer.analyze(samples)
        let decoupling = try #require(analysis.decoupling)
        #expect(decoupling > 4 && decoupling < 6, "\(decoupling)")
        let ef = try #require(analysis.efficiencyFactor)
        #expect(abs(ef - 180 / 136.5) < 0.02)
        #expect(WorkoutAnalyzer.analyze([]).duration == 0)
    }
}
