import ClubhouseBasics
import Foundation
import Testing

@testable import JustZone2

/// Fuzz iterations per test: `JZ2_FUZZ_ITERATIONS` (default 200 000).
/// The long run: `JZ2_FUZZ_ITERATIONS=10000000 swift test -c release --filter Fuzz`.
let fuzzIterations: Int = {
    if let text = ProcessInfo.processInfo.environment["JZ2_FUZZ_ITERATIONS"], let value = Int(text), value > 0 {
        return value
    }
    return 200_000
}()

/// Random valid values and packets built from raw field values (so they round-trip exactly).
enum Generate {
    static func optional<T>(_ rng: inout SplitMix64, _ make: (inout SplitMix64) -> T) -> T? {
        Bool.random(using: &rng) ? make(&rng) : nil
    }

    static func u16(_ rng: inout SplitMix64) -> UInt16 { UInt16.random(in: .min ... .max, using: &rng) }
    static func s16(_ rng: inout SplitMix64) -> Int16 { Int16.random(in: .min ... .max, using: &rng) }
    static func u8(_ rng: inout SplitMix64) -> UInt8 { UInt8.random(in: .min ... .max, using: &rng) }

    static func indoorBikeData(_ rng: inout SplitMix64) -> IndoorBikeData {
        let moreData = Bool.random(using: &rng)
        let energy = Bool.random(using: &rng)
        return IndoorBikeData(
            moreData: moreData, instantaneousSpeed: moreData ? nil : Double(u16(&rng)) / 100,
            averageSpeed: optional(&rng) { Double(u16(&$0)) / 100 },
            instantaneousCadence: optional(&rng) { Double(u16(&$0)) / 2 },
            averageCadence: optional(&rng) { Double(u16(&$0)) / 2 },
            totalDistance: optional(&rng) { Int.random(in: 0...0xFF_FFFF, using: &$0) },
            resistanceLevel: optional(&rng) { Int(s16(&$0)) }, instantaneousPower: optional(&rng) { Int(s16(&$0)) },
            averagePower: optional(&rng) { Int(s16(&$0)) },
            totalEnergy: energy ? optional(&rng) { Int.random(in: 0...0xFFFE, using: &$0) } : nil,
            energyPerHour: energy ? optional(&rng) { Int.random(in: 0...0xFFFE, using: &$0) } : nil,
            energyPerMinute: energy ? optional(&rng) { Int.random(in: 0...0xFE, using: &$0) } : nil,
            heartRate: optional(&rng) { Int.random(in: 1...255, using: &$0) },
            metabolicEquivalent: optional(&rng) { Double(u8(&$0)) / 10 }, elapsedTime: optional(&rng) { Int(u16(&$0)) },
            remainingTime: optional(&rng) { Int(u16(&$0)) })
    }

    static func request(_ rng: inout SplitMix64) -> ControlPointRequest {
        switch Int.random(in: 0..<13, using: &rng) {
        case 0: .requestControl
        case 1: .reset
        case 2: .setTargetSpeed(kmh: Double(u16(&rng)) / 100)
        case 3: .setTargetInclination(percent: Double(s16(&rng)) / 10)
        case 4: .setTargetResistance(level: Double(u8(&rng)) / 10)
        case 5: .setTargetPower(watts: Int(s16(&rng)))
        case 6: .setTargetHeartRate(bpm: Int(u8(&rng)))
        case 7: .startOrResume
        case 8: .stopOrPause(Bool.random(using: &rng) ? .stop : .pause)
        case 9:
            .setIndoorBikeSimulation(
                IndoorBikeSimulationParameters(
                    windSpeed: Double(s16(&rng)) / 1000, grade: Double(s16(&rng)) / 100,
                    rollingResistance: Double(u8(&rng)) / 10000, windResistance: Double(u8(&rng)) / 100))
        case 10: .setWheelCircumference(millimeters: Double(u16(&rng)) / 10)
        case 11: .spinDownControl(Bool.random(using: &rng) ? .start : .ignore)
        default: .setTargetCadence(rpm: Double(u16(&rng)) / 2)
        }
    }

    static func cyclingPower(_ rng: inout SplitMix64) -> CyclingPowerMeasurement {
        CyclingPowerMeasurement(
            instantaneousPower: Int(s16(&rng)), pedalPowerBalance: optional(&rng) { Double(u8(&$0)) / 2 },
            pedalPowerBalanceReferenceIsLeft: Bool.random(using: &rng),
            accumulatedTorque: optional(&rng) { Double(u16(&$0)) / 32 },
            wheelRevolutions: optional(&rng) {
                WheelRevolutionData(
                    cumulativeRevolutions: UInt32.random(in: 0...UInt32.max, using: &$0), lastEventTime: u16(&$0))
            },
            crankRevolutions: optional(&rng) {
                CrankRevolutionData(cumulativeRevolutions: u16(&$0), lastEventTime: u16(&$0))
            },
            extremeForceMagnitudes: optional(&rng) {
                ExtremeValues(maximum: Double(s16(&$0)), minimum: Double(s16(&$0)))
            },
            extremeAngles: optional(&rng) {
                ExtremeValues(
                    maximum: Double(Int.random(in: 0...0xFFF, using: &$0)),
                    minimum: Double(Int.random(in: 0...0xFFF, using: &$0)))
            },
            topDeadSpotAngle: optional(&rng) { Int(u16(&$0)) }, accumulatedEnergy: optional(&rng) { Int(u16(&$0)) })
    }

    /// A valid packet for decoder `kind` (an index into `fuzzDecoders`), to be mutated.
    static func seedPacket(_ rng: inout SplitMix64, kind: Int) -> [UInt8] {
        switch kind {
        case 0: indoorBikeData(&rng).encode()
        case 1: request(&rng).encode()
        case 2:
            ControlPointResponse(
                requestOpCode: u8(&rng), result: ControlPointResultCode.allCases.randomElement(using: &rng) ?? .success
            ).encode()
        case 3: StatusTests.vectors.randomElement(using: &rng).map { hex($0.1) } ?? []
        case 4, 5, 6: (0..<8).map { _ in u8(&rng) }
        case 7: TrainingStatus(status: .init(rawValue: u8(&rng)), text: Bool.random(using: &rng) ? "ERG" : nil).encode()
        case 8:
            HeartRateMeasurement(
                heartRate: Int(u16(&rng)), sensorContact: .detected, energyExpended: optional(&rng) { Int(u16(&$0)) },
                rrIntervals: (0..<Int.random(in: 0...4, using: &rng)).map { _ in Double(u16(&rng)) / 1024 }
            ).encode()
        default: cyclingPower(&rng).encode()
        }
    }

    /// A random or mutated input: pure noise, bit flips, truncation, extension, or an op code swap.
    /// 128 valid seed packets per decoder kind, built once (deterministically) so that the fuzz loop spends its time
    /// mutating and decoding rather than generating.
    static let seedPool: [[[UInt8]]] = {
        var rng = SplitMix64(seed: 0xC0FF_EE00)
        return (0..<10).map { kind in (0..<128).map { _ in seedPacket(&rng, kind: kind) } }
    }()

    static func fuzzInput(_ rng: inout SplitMix64, kind: Int) -> [UInt8] {
        let seeds = seedPool[kind % seedPool.count]
        var bytes = seeds[Int(truncatingIfNeeded: rng.next() & 127) % seeds.count]
        switch Int.random(in: 0..<6, using: &rng) {
        case 0:
            bytes = (0..<Int.random(in: 0...40, using: &rng)).map { _ in u8(&rng) }
        case 1:
            for _ in 0..<Int.random(in: 1...4, using: &rng) where !bytes.isEmpty {
                let index = Int.random(in: 0..<bytes.count, using: &rng)
                bytes[index] ^= 1 << UInt8.random(in: 0..<8, using: &rng)
            }
        case 2:
            bytes = Array(bytes.prefix(Int.random(in: 0...bytes.count, using: &rng)))
        case 3:
            bytes += (0..<Int.random(in: 1...8, using: &rng)).map { _ in u8(&rng) }
        case 4:
            if !bytes.isEmpty { bytes[0] = u8(&rng) }
            if bytes.count > 1, Bool.random(using: &rng) { bytes[1] = u8(&rng) }
        default:
            break
        }
        return bytes
    }
}

/// One fuzz target: decodes `bytes`; returns `true` for a value, `false` for a typed error (the only other
/// outcome, enforced by `throws(FTMSDecodingError)`). A decoded value must re-encode to bytes that decode to it.
typealias FuzzTarget = @Sendable (_ bytes: [UInt8], _ failures: inout [String]) -> Bool

/// Wraps a decoder (and optionally its encoder) as a fuzz target.
func fuzzTarget<T: Equatable & Sendable>(
    _ name: String, _ decode: @escaping @Sendable ([UInt8]) throws(FTMSDecodingError) -> T,
    _ encode: (@Sendable (T) -> [UInt8])?
) -> FuzzTarget {
    { bytes, failures in
        do {
            let value = try decode(bytes)
            if let encode {
                let again = try decode(encode(value))
                if again != value, failures.count < 10 { failures.append("\(name) \(Hex.string(from: bytes))") }
            }
            return true
        } catch {
            return false
        }
    }
}

/// Every decoder, indexed like `Generate.seedPacket(_:kind:)`.
let fuzzDecoders: [FuzzTarget] = [
    fuzzTarget(
        "IndoorBikeData", { (b: [UInt8]) throws(FTMSDecodingError) in try IndoorBikeData.decode(b) }, { $0.encode() }),
    // Set Target Resistance accepts a sint16 form that re-encodes as uint8, so no re-encode check.
    fuzzTarget(
        "ControlPointRequest", { (b: [UInt8]) throws(FTMSDecodingError) in try ControlPointRequest.decode(b) }, nil),
    fuzzTarget(
        "ControlPointResponse", { (b: [UInt8]) throws(FTMSDecodingError) in try ControlPointResponse.decode(b) },
        { $0.encode() }),
    fuzzTarget(
        "FitnessMachineStatus", { (b: [UInt8]) throws(FTMSDecodingError) in try FitnessMachineStatus.decode(b) },
        { $0.encode() }),
    fuzzTarget(
        "FitnessMachineFeature", { (b: [UInt8]) throws(FTMSDecodingError) in try FitnessMachineFeature.decode(b) },
        { $0.encode() }),
    fuzzTarget(
        "SupportedPowerRange", { (b: [UInt8]) throws(FTMSDecodingError) in try SupportedPowerRange.decode(b) },
        { $0.encode() }),
    fuzzTarget(
        "SupportedResistanceRange",
        { (b: [UInt8]) throws(FTMSDecodingError) in try SupportedResistanceRange.decode(b) }, { $0.encode() }),
    fuzzTarget(
        "TrainingStatus", { (b: [UInt8]) throws(FTMSDecodingError) in try TrainingStatus.decode(b) }, { $0.encode() }),
    fuzzTarget(
        "HeartRateMeasurement", { (b: [UInt8]) throws(FTMSDecodingError) in try HeartRateMeasurement.decode(b) },
        { $0.encode() }),
    fuzzTarget(
        "CyclingPowerMeasurement",
        { (b: [UInt8]) throws(FTMSDecodingError) in try CyclingPowerMeasurement.decode(b) }, { $0.encode() }),
]

@Suite("Fuzz")
struct FuzzTests {
    /// Each input is derived from a valid packet of one characteristic (cycling through all of them) and fed to
    /// that characteristic's decoder and to one other random decoder, so every decoder sees both well-formed
    /// mutations and foreign bytes. (Feeding every input to all ten decoders is 5× slower in debug because
    /// Swift Testing captures a backtrace for every thrown error.)
    @Test("random and mutated inputs through every decoder: a value or a typed error, never a crash")
    func fuzzEveryDecoder() {
        var rng = SplitMix64(seed: 0x5EED_2026)
        var failures: [String] = []
        var values = [Int](repeating: 0, count: fuzzDecoders.count)
        var errors = [Int](repeating: 0, count: fuzzDecoders.count)
        let start = Date()
        for iteration in 0..<fuzzIterations {
            let kind = iteration % fuzzDecoders.count
            let input = Generate.fuzzInput(&rng, kind: kind)
            let other = Int.random(in: 0..<fuzzDecoders.count, using: &rng)
            for target in [kind, other] {
                if fuzzDecoders[target](input, &failures) { values[target] += 1 } else { errors[target] += 1 }
            }
        }
        let seconds = Date().timeIntervalSince(start)
        #expect(failures.isEmpty, "re-encode mismatches: \(failures)")
        let total = values.reduce(0, +) + errors.reduce(0, +)
        #expect(total == fuzzIterations * 2)
        if fuzzIterations >= 1000 {
            for index in fuzzDecoders.indices { #expect(values[index] > 0 && errors[index] > 0, "decoder \(index)") }
        }
        print(
            "fuzz: \(fuzzIterations) inputs, \(total) decodes (values \(values), errors \(errors)) in "
                + "\(String(format: "%.2f", seconds)) s = \(Int(Double(fuzzIterations) / max(seconds, 1e-9))) inputs/s")
    }

    @Test("CharacteristicDecoder never traps on random UUIDs and bytes")
    func fuzzDispatch() {
        var rng = SplitMix64(seed: 42)
        let uuids = CharacteristicDecoder.supportedUUIDs + ["FFFF", "", "0x", "2ad2"]
        for _ in 0..<max(fuzzIterations / 50, 1) {
            let uuid = uuids.randomElement(using: &rng) ?? ""
            let kind = Int.random(in: 0..<fuzzDecoders.count, using: &rng)
            _ = try? CharacteristicDecoder.decode(uuid: uuid, bytes: Generate.fuzzInput(&rng, kind: kind))
        }
    }

    @Test("round trip: decode(encode(x)) == x for random valid Indoor Bike Data, requests and power packets")
    func roundTrip() throws {
        var rng = SplitMix64(seed: 7)
        for _ in 0..<max(fuzzIterations / 10, 1) {
            let data = Generate.indoorBikeData(&rng)
            let decodedData = try IndoorBikeData.decode(data.encode())
            if decodedData != data { Issue.record("\(data) → \(decodedData)") }
            let request = Generate.request(&rng)
            let decodedRequest = try ControlPointRequest.decode(request.encode())
            if decodedRequest != request { Issue.record("\(request) → \(decodedRequest)") }
            let power = Generate.cyclingPower(&rng)
            let decodedPower = try CyclingPowerMeasurement.decode(power.encode())
            if decodedPower != power { Issue.record("\(power) → \(decodedPower)") }
        }
    }

    @Test("SplitMix64 is deterministic (reference values for seed 0)")
    func prng() {
        var rng = SplitMix64(seed: 0)
        #expect(rng.next() == 0xE220_A839_7B1D_CDAF)
        #expect(rng.next() == 0x6E78_9E6A_A1B9_65F4)
    }
}
