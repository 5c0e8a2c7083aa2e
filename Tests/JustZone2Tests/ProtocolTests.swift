import Foundation
import Testing

@testable import JustZone2

/// Decodes hex test vectors; fails the test (instead of trapping) on a malformed literal.
func hex(_ text: String) -> [UInt8] {
    do {
        return try Hex.bytes(from: text)
    } catch {
        Issue.record("bad hex literal \(text): \(error)")
        return []
    }
}

/// Expects `body` to throw exactly `expected`.
func expectError<T>(
    _ expected: FTMSDecodingError, sourceLocation: SourceLocation = #_sourceLocation,
    _ body: () throws(FTMSDecodingError) -> T
) {
    do {
        let value = try body()
        Issue.record("expected \(expected), got \(value)", sourceLocation: sourceLocation)
    } catch {
        #expect(error == expected, sourceLocation: sourceLocation)
    }
}

/// Expects every strict prefix of `packet` to throw `.tooShort` with `available` equal to the prefix length.
func expectEveryPrefixTooShort<T>(
    _ packet: [UInt8], sourceLocation: SourceLocation = #_sourceLocation,
    _ decode: ([UInt8]) throws(FTMSDecodingError) -> T
) {
    for length in 0..<packet.count {
        let prefix = Array(packet.prefix(length))
        do {
            let value = try decode(prefix)
            Issue.record("prefix of \(length) bytes decoded to \(value)", sourceLocation: sourceLocation)
        } catch {
            guard case .tooShort(let needed, let available) = error else {
                Issue.record("prefix of \(length) bytes: \(error)", sourceLocation: sourceLocation)
                continue
            }
            #expect(available == length && needed > length, sourceLocation: sourceLocation)
        }
    }
}

@Suite("Indoor Bike Data 0x2AD2")
struct IndoorBikeDataTests {
    @Test("notes vector: flags 0x0044, 23.27 km/h, 77 rpm, 115 W")
    func notesVector() throws {
        let d = try IndoorBikeData.decode(hex("44 00 17 09 9a 00 73 00"))
        #expect(d == IndoorBikeData(instantaneousSpeed: 23.27, instantaneousCadence: 77, instantaneousPower: 115))
        #expect(d.moreData == false)
        #expect(d.encode() == hex("44 00 17 09 9a 00 73 00"))
    }

    @Test("Data, ArraySlice and non-contiguous collections decode alike")
    func collectionKinds() throws {
        let bytes = hex("AA 44 00 17 09 9a 00 73 00")
        let expected = try IndoorBikeData.decode(Array(bytes.dropFirst()))
        #expect(try IndoorBikeData.decode(bytes.dropFirst()) == expected)
        #expect(try IndoorBikeData.decode(Data(bytes.dropFirst())) == expected)
        #expect(try IndoorBikeData.decode(bytes.dropFirst().lazy.map { $0 }) == expected)
    }

    @Test("split record: More Data = 1 carries no speed, the last part carries it")
    func splitRecord() throws {
        // Part 1: flags 0x0041 = More Data + Instantaneous Power, 115 W, no speed field.
        let first = try IndoorBikeData.decode(hex("41 00 73 00"))
        #expect(first == IndoorBikeData(moreData: true, instantaneousPower: 115))
        #expect(first.instantaneousSpeed == nil)
        // Part 2: flags 0x0004 = speed (bit 0 clear) + cadence: 23.27 km/h, 77 rpm.
        let last = try IndoorBikeData.decode(hex("04 00 17 09 9a 00"))
        #expect(last == IndoorBikeData(instantaneousSpeed: 23.27, instantaneousCadence: 77))
        #expect(first.encode() == hex("41 00 73 00"))
    }

    @Test("power is signed: 0xFF9C = -100 W (instantaneous and average)")
    func negativePower() throws {
        let d = try IndoorBikeData.decode(hex("C1 00 9C FF 00 80"))
        #expect(d.instantaneousPower == -100)
        #expect(d.averagePower == -32768)
    }

    @Test("distance is uint24: FF FF FF = 16 777 215 m, high byte kept")
    func distanceMax() throws {
        #expect(try IndoorBikeData.decode(hex("11 00 FF FF FF")).totalDistance == 16_777_215)
        #expect(try IndoorBikeData.decode(hex("11 00 01 00 01")).totalDistance == 65_537)
    }

    @Test("expended energy 0xFFFF / 0xFF = not available → nil")
    func energyNotAvailable() throws {
        let none = try IndoorBikeData.decode(hex("01 01 FF FF FF FF FF"))
        #expect(none.totalEnergy == nil && none.energyPerHour == nil && none.energyPerMinute == nil)
        let some = try IndoorBikeData.decode(hex("01 01 2C 01 FF FF 05"))
        #expect(some.totalEnergy == 300 && some.energyPerHour == nil && some.energyPerMinute == 5)
        #expect(some.encode() == hex("01 01 2C 01 FF FF 05"))
    }

    @Test("heart rate 0 → nil; MET is one byte ×0.1; times are uint16 s")
    func heartRateMetTimes() throws {
        #expect(try IndoorBikeData.decode(hex("01 02 00")).heartRate == nil)
        let d = try IndoorBikeData.decode(hex("01 1E 8C 2D 10 0E 2C 01"))
        #expect(d.heartRate == 140)
        #expect(d.metabolicEquivalent == 4.5)
        #expect(d.elapsedTime == 3600)
        #expect(d.remainingTime == 300)
    }

    @Test("reserved flag bits and trailing bytes are tolerated (ignored)")
    func tolerated() throws {
        let base = try IndoorBikeData.decode(hex("44 00 17 09 9a 00 73 00"))
        #expect(try IndoorBikeData.decode(hex("44 00 17 09 9a 00 73 00 AA BB")) == base)
        #expect(try IndoorBikeData.decode(hex("44 E0 17 09 9a 00 73 00")) == base)
    }

    static func sample(flags: UInt16) -> IndoorBikeData {
        func has(_ bit: UInt16) -> Bool { flags & (1 << bit) != 0 }
        return IndoorBikeData(
            moreData: has(0), instantaneousSpeed: has(0) ? nil : 655.35, averageSpeed: has(1) ? 0.01 : nil,
            instantaneousCadence: has(2) ? 32767.5 : nil, averageCadence: has(3) ? 0.5 : nil,
            totalDistance: has(4) ? 0xFF_FFFF : nil, resistanceLevel: has(5) ? -7 : nil,
            instantaneousPower: has(6) ? -32768 : nil, averagePower: has(7) ? 32767 : nil,
            totalEnergy: has(8) ? 65534 : nil, energyPerHour: has(8) ? 0 : nil, energyPerMinute: has(8) ? 254 : nil,
            heartRate: has(9) ? 255 : nil, metabolicEquivalent: has(10) ? 25.5 : nil,
            elapsedTime: has(11) ? 65535 : nil,
            remainingTime: has(12) ? 1 : nil)
    }

    @Test("every one of the 2^13 flag combinations round-trips with the exact flags and length")
    func everyFlagCombination() throws {
        let sizes = [2, 2, 2, 2, 3, 2, 2, 2, 5, 1, 1, 2, 2]
        for flags in UInt16(0)..<(1 << 13) {
            let value = Self.sample(flags: flags)
            let bytes = value.encode()
            var expectedLength = 2 + (flags & 1 == 0 ? 2 : 0)
            for bit in 1..<13 where flags & (1 << UInt16(bit)) != 0 { expectedLength += sizes[bit] }
            #expect(bytes.count == expectedLength)
            #expect(UInt16(bytes[0]) | UInt16(bytes[1]) << 8 == flags)
            let decoded = try IndoorBikeData.decode(bytes)
            if decoded != value { Issue.record("flags \(flags): \(decoded) != \(value)") }
        }
    }

    @Test("every truncation of an all-fields packet throws .tooShort")
    func truncations() {
        let full = Self.sample(flags: 0x1FFE).encode()
        #expect(full.count == 30)
        expectEveryPrefixTooShort(full) { (b: [UInt8]) throws(FTMSDecodingError) in try IndoorBikeData.decode(b) }
        expectError(.tooShort(needed: 2, available: 0)) { () throws(FTMSDecodingError) in
            try IndoorBikeData.decode([UInt8]())
        }
        expectError(.tooShort(needed: 4, available: 3)) { () throws(FTMSDecodingError) in
            try IndoorBikeData.decode(hex("00 00 17"))
        }
    }

    @Test("encode clamps out-of-range and NaN values instead of trapping")
    func encodeClamps() throws {
        let wild = IndoorBikeData(
            instantaneousSpeed: .nan, averageSpeed: -5, instantaneousCadence: .infinity, totalDistance: -1,
            instantaneousPower: 100_000, averagePower: Int.min, totalEnergy: Int.max, heartRate: 999,
            metabolicEquivalent: 1e300, elapsedTime: -3)
        let d = try IndoorBikeData.decode(wild.encode())
        #expect(d.instantaneousSpeed == 0)
        #expect(d.averageSpeed == 0)
        #expect(d.instantaneousCadence == 32767.5)
        #expect(d.totalDistance == 0)
        #expect(d.instantaneousPower == 32767 && d.averagePower == -32768)
        #expect(d.totalEnergy == 65534)
        #expect(d.heartRate == 255 && d.metabolicEquivalent == 25.5 && d.elapsedTime == 0)
    }
}

@Suite("Fitness Machine Control Point 0x2AD9")
struct ControlPointTests {
    static let vectors: [(ControlPointRequest, String)] = [
        (.requestControl, "00"),
        (.reset, "01"),
        (.setTargetSpeed(kmh: 25), "02 C4 09"),
        (.setTargetInclination(percent: -2.5), "03 E7 FF"),
        (.setTargetResistance(level: 5.5), "04 37"),
        (.setTargetPower(watts: 150), "05 96 00"),
        (.setTargetPower(watts: -5), "05 FB FF"),
        (.setTargetHeartRate(bpm: 130), "06 82"),
        (.startOrResume, "07"),
        (.stopOrPause(.stop), "08 01"),
        (.stopOrPause(.pause), "08 02"),
        // wind -1.5 m/s = -1500 (0xFA24), grade 4.5 % = 450 (0x01C2), Crr 0.004 = 40, Cw 0.51 kg/m = 51.
        (
            .setIndoorBikeSimulation(
                IndoorBikeSimulationParameters(
                    windSpeed: -1.5, grade: 4.5, rollingResistance: 0.004, windResistance: 0.51)),
            "11 24 FA C2 01 28 33"
        ),
        (.setWheelCircumference(millimeters: 2096), "12 E0 51"),
        (.spinDownControl(.start), "13 01"),
        (.spinDownControl(.ignore), "13 02"),
        (.setTargetCadence(rpm: 90), "14 B4 00"),
    ]

    @Test("every request encodes to the exact bytes and decodes back")
    func requestVectors() throws {
        for (request, bytes) in Self.vectors {
            #expect(request.encode() == hex(bytes), "\(request)")
            #expect(try ControlPointRequest.decode(hex(bytes)) == request)
            #expect(request.opCode == hex(bytes)[0])
        }
    }

    @Test("target resistance also decodes the sint16 ×0.1 form many apps send")
    func resistanceSint16() throws {
        #expect(try ControlPointRequest.decode(hex("04 37 00")) == .setTargetResistance(level: 5.5))
        #expect(try ControlPointRequest.decode(hex("04 FF FF")) == .setTargetResistance(level: -0.1))
    }

    @Test("bad requests throw typed errors")
    func badRequests() {
        expectError(.tooShort(needed: 1, available: 0)) { () throws(FTMSDecodingError) in
            try ControlPointRequest.decode([UInt8]())
        }
        expectError(.tooShort(needed: 3, available: 2)) { () throws(FTMSDecodingError) in
            try ControlPointRequest.decode(hex("05 96"))
        }
        expectError(.unknownOpCode(0x09)) { () throws(FTMSDecodingError) in try ControlPointRequest.decode(hex("09")) }
        expectError(.invalid("stop/pause parameter 0x03")) { () throws(FTMSDecodingError) in
            try ControlPointRequest.decode(hex("08 03"))
        }
        expectError(.invalid("spin down control parameter 0x00")) { () throws(FTMSDecodingError) in
            try ControlPointRequest.decode(hex("13 00"))
        }
        expectEveryPrefixTooShort(hex("11 24 FA C2 01 28 33")) { (b: [UInt8]) throws(FTMSDecodingError) in
            try ControlPointRequest.decode(b)
        }
    }

    @Test("responses: success, every result code, parameter bytes")
    func responses() throws {
        #expect(
            try ControlPointResponse.decode(hex("80 05 01")) == ControlPointResponse(requestOpCode: 5, result: .success)
        )
        for code in ControlPointResultCode.allCases {
            let response = ControlPointResponse(requestOpCode: 0x11, result: code)
            #expect(try ControlPointResponse.decode(response.encode()) == response)
        }
        let withParameter = try ControlPointResponse.decode(hex("80 13 01 10 27"))
        #expect(withParameter.parameter == [0x10, 0x27])
        #expect(withParameter.encode() == hex("80 13 01 10 27"))
    }

    @Test("short or garbled responses (KICKR bare 02) throw, never trap")
    func garbledResponses() {
        expectError(.tooShort(needed: 1, available: 0)) { () throws(FTMSDecodingError) in
            try ControlPointResponse.decode([UInt8]())
        }
        expectError(.unknownOpCode(0x02)) { () throws(FTMSDecodingError) in try ControlPointResponse.decode(hex("02")) }
        expectError(.tooShort(needed: 2, available: 1)) { () throws(FTMSDecodingError) in
            try ControlPointResponse.decode(hex("80"))
        }
        expectError(.tooShort(needed: 3, available: 2)) { () throws(FTMSDecodingError) in
            try ControlPointResponse.decode(hex("80 05"))
        }
        expectError(.invalid("control point result code 0x09")) { () throws(FTMSDecodingError) in
            try ControlPointResponse.decode(hex("80 05 09"))
        }
        expectError(.invalid("control point result code 0x00")) { () throws(FTMSDecodingError) in
            try ControlPointResponse.decode(hex("80 05 00"))
        }
    }
}

@Suite("Fitness Machine Status 0x2ADA")
struct StatusTests {
    static let vectors: [(FitnessMachineStatus, String)] = [
        (.reset, "01"),
        (.stoppedOrPausedByUser(.stop), "02 01"),
        (.stoppedOrPausedByUser(.pause), "02 02"),
        (.stoppedBySafetyKey, "03"),
        (.startedOrResumedByUser, "04"),
        (.targetSpeedChanged(kmh: 25), "05 C4 09"),
        (.targetInclineChanged(percent: -1), "06 F6 FF"),
        (.targetResistanceLevelChanged(level: 5.5), "07 37"),
        (.targetPowerChanged(watts: 150), "08 96 00"),
        (.targetPowerChanged(watts: -1), "08 FF FF"),
        (.targetHeartRateChanged(bpm: 130), "09 82"),
        (.targetedExpendedEnergyChanged(kcal: 500), "0A F4 01"),
        (.targetedStepsChanged(steps: 1000), "0B E8 03"),
        (.targetedStridesChanged(strides: 2), "0C 02 00"),
        (.targetedDistanceChanged(meters: 0xFF_FFFF), "0D FF FF FF"),
        (.targetedTrainingTimeChanged(seconds: 3600), "0E 10 0E"),
        (.targetedTimeInTwoZonesChanged(fatBurn: 60, fitness: 120), "0F 3C 00 78 00"),
        (.targetedTimeInThreeZonesChanged(light: 1, moderate: 2, hard: 3), "10 01 00 02 00 03 00"),
        (
            .targetedTimeInFiveZonesChanged(veryLight: 1, light: 2, moderate: 3, hard: 4, maximum: 5),
            "11 01 00 02 00 03 00 04 00 05 00"
        ),
        (
            .indoorBikeSimulationParametersChanged(
                IndoorBikeSimulationParameters(windSpeed: 0, grade: -3, rollingResistance: 0.0033, windResistance: 0.6)),
            "12 00 00 D4 FE 21 3C"
        ),
        (.wheelCircumferenceChanged(millimeters: 2105.5), "13 3F 52"),
        (.spinDownStatus(.requested), "14 01"),
        (.spinDownStatus(.success), "14 02"),
        (.spinDownStatus(.error), "14 03"),
        (.spinDownStatus(.stopPedaling), "14 04"),
        (.targetedCadenceChanged(rpm: 85.5), "15 AB 00"),
        (.controlPermissionLost, "FF"),
    ]

    @Test("every op code decodes, encodes to the same bytes, and truncations throw .tooShort")
    func allOpCodes() throws {
        for (status, bytes) in Self.vectors {
            #expect(try FitnessMachineStatus.decode(hex(bytes)) == status, "\(bytes)")
            #expect(status.encode() == hex(bytes), "\(status)")
            #expect(status.opCode == hex(bytes)[0])
            expectEveryPrefixTooShort(hex(bytes)) { (b: [UInt8]) throws(FTMSDecodingError) in
                try FitnessMachineStatus.decode(b)
            }
        }
        let opCodes = Set(Self.vectors.map { hex($0.1)[0] })
        #expect(opCodes == Set(Array(0x01...0x15) + [0xFF]))
    }

    @Test("unknown op codes and parameters are typed errors")
    func unknown() {
        for op in [UInt8(0x00), 0x16, 0x80, 0xFE] {
            expectError(.unknownOpCode(op)) { () throws(FTMSDecodingError) in try FitnessMachineStatus.decode([op]) }
        }
        expectError(.invalid("spin down status 0x05")) { () throws(FTMSDecodingError) in
            try FitnessMachineStatus.decode(hex("14 05"))
        }
        expectError(.invalid("stop/pause parameter 0x00")) { () throws(FTMSDecodingError) in
            try FitnessMachineStatus.decode(hex("02 00"))
        }
    }
}

@Suite("Feature, ranges and training status")
struct FeatureTests {
    @Test("notes feature vector 03 40 00 00 0c 60 00 00")
    func feature() throws {
        let f = try FitnessMachineFeature.decode(hex("03 40 00 00 0c 60 00 00"))
        #expect(f.machineFeatures == [.averageSpeed, .cadence, .powerMeasurement])
        #expect(
            f.targetSettingFeatures == [
                .resistanceTargetSetting, .powerTargetSetting, .indoorBikeSimulation, .wheelCircumference,
            ])
        #expect(f.encode() == hex("03 40 00 00 0c 60 00 00"))
        expectEveryPrefixTooShort(f.encode()) { (b: [UInt8]) throws(FTMSDecodingError) in
            try FitnessMachineFeature.decode(b)
        }
    }

    @Test("power range 00 00 20 03 01 00 = 0–800 W by 1 W")
    func powerRange() throws {
        let range = try SupportedPowerRange.decode(hex("00 00 20 03 01 00"))
        #expect(range == SupportedPowerRange(minimumWatts: 0, maximumWatts: 800, incrementWatts: 1))
        #expect(range.encode() == hex("00 00 20 03 01 00"))
        #expect(try SupportedPowerRange.decode(hex("F6 FF 20 03 05 00")).minimumWatts == -10)
        expectEveryPrefixTooShort(range.encode()) { (b: [UInt8]) throws(FTMSDecodingError) in
            try SupportedPowerRange.decode(b)
        }
    }

    @Test("clamp: inside the range, on the increment grid, nearest step")
    func clamp() {
        let basic = SupportedPowerRange(minimumWatts: 0, maximumWatts: 800, incrementWatts: 1)
        #expect(basic.clamp(-5) == 0)
        #expect(basic.clamp(150) == 150)
        #expect(basic.clamp(900) == 800)
        #expect(basic.clamp(Int.max) == 800)
        #expect(basic.clamp(Int.min) == 0)
        let tens = SupportedPowerRange(minimumWatts: 0, maximumWatts: 2000, incrementWatts: 10)
        #expect(tens.clamp(154) == 150)
        #expect(tens.clamp(155) == 160)
        #expect(tens.clamp(1999) == 2000)
        let offset = SupportedPowerRange(minimumWatts: 25, maximumWatts: 1000, incrementWatts: 10)
        #expect(offset.clamp(1000) == 995)  // highest grid value ≤ max
        #expect(offset.clamp(29) == 25)
        #expect(offset.clamp(30) == 35)
        #expect(offset.clamp(0) == 25)
        let zeroIncrement = SupportedPowerRange(minimumWatts: 0, maximumWatts: 800, incrementWatts: 0)
        #expect(zeroIncrement.clamp(123) == 123)
        let swapped = SupportedPowerRange(minimumWatts: 800, maximumWatts: 0, incrementWatts: 1)
        #expect(swapped.clamp(900) == 800)
        let absurd = SupportedPowerRange(minimumWatts: Int.min, maximumWatts: Int.max, incrementWatts: Int.max)
        #expect(absurd.clamp(5) == 0)  // grid -2147483647, 0, 2147483647
        #expect(SupportedPowerRange.fallback.clamp(150) == 150)
    }

    @Test("resistance range sint16/uint16 ×0.1")
    func resistanceRange() throws {
        let range = try SupportedResistanceRange.decode(hex("00 00 E8 03 0A 00"))
        #expect(range == SupportedResistanceRange(minimum: 0, maximum: 100, increment: 1))
        #expect(range.encode() == hex("00 00 E8 03 0A 00"))
    }

    @Test("training status with and without UTF-8 string")
    func trainingStatus() throws {
        let erg = try TrainingStatus.decode(hex("01 0C 45 52 47"))
        #expect(erg == TrainingStatus(status: .wattControl, text: "ERG"))
        #expect(erg.encode() == hex("01 0C 45 52 47"))
        #expect(try TrainingStatus.decode(hex("00 01")) == TrainingStatus(status: .idle))
        #expect(try TrainingStatus.decode(hex("00 7F")).status.rawValue == 0x7F)
        #expect(try TrainingStatus.decode(hex("01 0D FF")).text == "\u{FFFD}")
        #expect(try TrainingStatus.decode(hex("01 0D")).text == "")
        expectError(.tooShort(needed: 2, available: 1)) { () throws(FTMSDecodingError) in
            try TrainingStatus.decode(hex("01"))
        }
    }
}

@Suite("Heart Rate Measurement 0x2A37")
struct HeartRateTests {
    @Test("uint8 and uint16 values; 0 bpm → nil")
    func values() throws {
        #expect(try HeartRateMeasurement.decode(hex("00 48")) == HeartRateMeasurement(heartRate: 72))
        #expect(try HeartRateMeasurement.decode(hex("01 2C 01")).heartRate == 300)
        #expect(try HeartRateMeasurement.decode(hex("00 00")).heartRate == nil)
        #expect(try HeartRateMeasurement.decode(hex("01 00 00")).heartRate == nil)
    }

    @Test("sensor contact bits 1–2")
    func contact() throws {
        #expect(try HeartRateMeasurement.decode(hex("00 48")).sensorContact == .notSupported)
        #expect(try HeartRateMeasurement.decode(hex("02 48")).sensorContact == .notSupported)
        #expect(try HeartRateMeasurement.decode(hex("04 48")).sensorContact == .notDetected)
        #expect(try HeartRateMeasurement.decode(hex("06 48")).sensorContact == .detected)
    }

    @Test("uint16 HR, energy in kJ, every RR interval; odd trailing byte ignored")
    func everything() throws {
        // flags 0x1F: uint16 HR, contact detected, energy, RR. 80 bpm, 1000 kJ, RR 1024/1024 s and 973/1024 s.
        let m = try HeartRateMeasurement.decode(hex("1F 50 00 E8 03 00 04 CD 03 01"))
        #expect(m.heartRate == 80)
        #expect(m.sensorContact == .detected)
        #expect(m.energyExpended == 1000)
        #expect(m.rrIntervals == [1.0, 973.0 / 1024])
        #expect(m.rrIntervalsMilliseconds[0] == 1000)
        // Three RR intervals, no energy; a zero interval does not end the list.
        let rr = try HeartRateMeasurement.decode(hex("10 48 00 02 00 00 00 04"))
        #expect(rr.rrIntervals == [0.5, 0, 1])
        #expect(try HeartRateMeasurement.decode(rr.encode()) == rr)
        #expect(try HeartRateMeasurement.decode(m.encode()) == m)
    }

    @Test("truncated mandatory fields throw .tooShort")
    func truncated() {
        expectEveryPrefixTooShort(hex("09 48 00 E8 03")) { (b: [UInt8]) throws(FTMSDecodingError) in
            try HeartRateMeasurement.decode(b)
        }
    }
}

@Suite("Cycling Power Measurement 0x2A63")
struct CyclingPowerTests {
    static let full = CyclingPowerMeasurement(
        instantaneousPower: -100, pedalPowerBalance: 50.5, pedalPowerBalanceReferenceIsLeft: true,
        accumulatedTorque: 12.03125, accumulatedTorqueIsCrankBased: true,
        wheelRevolutions: WheelRevolutionData(cumulativeRevolutions: 0xFFFF_FFFF, lastEventTime: 2048),
        crankRevolutions: CrankRevolutionData(cumulativeRevolutions: 65535, lastEventTime: 65000),
        extremeForceMagnitudes: ExtremeValues(maximum: 300, minimum: -20),
        extremeTorqueMagnitudes: ExtremeValues(maximum: 40.5, minimum: -1.25),
        extremeAngles: ExtremeValues(maximum: 0x123, minimum: 0x456), topDeadSpotAngle: 350, bottomDeadSpotAngle: 170,
        accumulatedEnergy: 900, offsetCompensationIndicator: true)

    @Test("power only; signed power")
    func minimal() throws {
        #expect(
            try CyclingPowerMeasurement.decode(hex("00 00 64 00")) == CyclingPowerMeasurement(instantaneousPower: 100))
        #expect(try CyclingPowerMeasurement.decode(hex("00 00 9C FF")).instantaneousPower == -100)
    }

    @Test("crank revolution data: 200 W, 10 revs, event at 1024/1024 s")
    func crank() throws {
        let m = try CyclingPowerMeasurement.decode(hex("20 00 C8 00 0A 00 00 04"))
        #expect(m.instantaneousPower == 200)
        #expect(m.crankRevolutions == CrankRevolutionData(cumulativeRevolutions: 10, lastEventTime: 1024))
    }

    @Test("all optional fields in order; extreme angles packed as two uint12")
    func allFields() throws {
        let bytes = Self.full.encode()
        #expect(bytes.count == 34)
        #expect(bytes[0] == 0xFF && bytes[1] == 0x1F)
        // Extreme angles max 0x123, min 0x456 → 23 61 45, after flags(2)+power(2)+1+2+6+4+4+4 bytes.
        #expect(Array(bytes[25..<28]) == [0x23, 0x61, 0x45])
        #expect(try CyclingPowerMeasurement.decode(bytes) == Self.full)
        expectEveryPrefixTooShort(bytes) { (b: [UInt8]) throws(FTMSDecodingError) in
            try CyclingPowerMeasurement.decode(b)
        }
    }

    @Test("crank cadence: 60 rpm, rollover of counter 65535→3 and of event time, hold then 0")
    func cadence() {
        var calc = CrankCadenceCalculator()
        #expect(calc.update(CrankRevolutionData(cumulativeRevolutions: 10, lastEventTime: 0), now: 0) == nil)
        #expect(calc.update(CrankRevolutionData(cumulativeRevolutions: 11, lastEventTime: 1024), now: 1) == 60)
        calc.reset()
        calc.update(CrankRevolutionData(cumulativeRevolutions: 65535, lastEventTime: 64512), now: 10)
        // 4 revolutions (65535→3) in 2048 ticks (64512→1024 across the wrap) = 2 s → 120 rpm.
        #expect(calc.update(CrankRevolutionData(cumulativeRevolutions: 3, lastEventTime: 1024), now: 12) == 120)
        // Repeated event: hold for 3 s, then 0.
        #expect(calc.update(CrankRevolutionData(cumulativeRevolutions: 3, lastEventTime: 1024), now: 13) == 120)
        #expect(calc.update(CrankRevolutionData(cumulativeRevolutions: 3, lastEventTime: 1024), now: 14.9) == 120)
        #expect(calc.update(CrankRevolutionData(cumulativeRevolutions: 3, lastEventTime: 1024), now: 15.5) == 0)
        // Pedalling again: 1 rev in 1 s.
        #expect(calc.update(CrankRevolutionData(cumulativeRevolutions: 4, lastEventTime: 2048), now: 16) == 60)
        // A glitch (1000 revs in 1 s) is ignored.
        #expect(calc.update(CrankRevolutionData(cumulativeRevolutions: 1004, lastEventTime: 3072), now: 17) == 60)
        // Stopped, then 100 s of silence: the next event only re-baselines (event time wrapped), then 90 rpm.
        #expect(calc.update(CrankRevolutionData(cumulativeRevolutions: 1004, lastEventTime: 3072), now: 21) == 0)
        #expect(calc.update(CrankRevolutionData(cumulativeRevolutions: 1005, lastEventTime: 100), now: 117) == 0)
        #expect(calc.update(CrankRevolutionData(cumulativeRevolutions: 1008, lastEventTime: 2148), now: 119) == 90)
    }
}

@Suite("GATT dispatch and hex")
struct GATTTests {
    @Test("CharacteristicDecoder dispatches by UUID in any form")
    func dispatch() throws {
        let ibd = try IndoorBikeData.decode(hex("44 00 17 09 9a 00 73 00"))
        for uuid in ["2AD2", "2ad2", "0x2AD2", "00002AD2", "00002ad2-0000-1000-8000-00805f9b34fb"] {
            #expect(
                try CharacteristicDecoder.decode(uuid: uuid, bytes: hex("44 00 17 09 9a 00 73 00"))
                    == .indoorBikeData(ibd))
        }
        #expect(
            try CharacteristicDecoder.decode(uuid: "2AD9", bytes: hex("80 05 01"))
                == .controlPointResponse(ControlPointResponse(requestOpCode: 5, result: .success)))
        #expect(
            try CharacteristicDecoder.decode(uuid: "2AD9", bytes: hex("05 96 00"))
                == .controlPointRequest(.setTargetPower(watts: 150)))
        #expect(
            try CharacteristicDecoder.decode(uuid: "2ADA", bytes: hex("FF"))
                == .fitnessMachineStatus(.controlPermissionLost))
        #expect(
            try CharacteristicDecoder.decode(uuid: "2A37", bytes: hex("00 48"))
                == .heartRateMeasurement(HeartRateMeasurement(heartRate: 72)))
        #expect(
            try CharacteristicDecoder.decode(uuid: "2A63", bytes: hex("00 00 64 00"))
                == .cyclingPowerMeasurement(CyclingPowerMeasurement(instantaneousPower: 100)))
        #expect(
            try CharacteristicDecoder.decode(uuid: "2AD8", bytes: hex("00 00 20 03 01 00"))
                == .supportedPowerRange(SupportedPowerRange(minimumWatts: 0, maximumWatts: 800, incrementWatts: 1)))
        #expect(
            try CharacteristicDecoder.decode(uuid: "2AD3", bytes: hex("00 01"))
                == .trainingStatus(TrainingStatus(status: .idle)))
        #expect(throws: FTMSDecodingError.unsupportedCharacteristic("FFFF")) {
            try CharacteristicDecoder.decode(uuid: "FFFF", bytes: [UInt8]())
        }
        #expect(CharacteristicDecoder.supportedUUIDs.count == 9)
        #expect(GATTUUIDs.fullUUID(GATTUUIDs.indoorBikeData) == "00002AD2-0000-1000-8000-00805F9B34FB")
    }

    @Test("hex parser accepts spaces, colons, 0x, case; rejects bad input")
    func hexParser() throws {
        let expected: [UInt8] = [0x44, 0x00, 0x17, 0x09]
        for text in ["44 00 17 09", "44:00:17:09", "44001709", "0x44 0x00 0x17 0x09", " 44-00,17\t09\n", "4400 1709"] {
            #expect(try Hex.bytes(from: text) == expected, "\(text)")
        }
        #expect(try Hex.bytes(from: "aB cD") == [0xAB, 0xCD])
        #expect(try Hex.bytes(from: "") == [])
        #expect(throws: HexParsingError.oddDigitCount(group: "4")) { try Hex.bytes(from: "4") }
        #expect(throws: HexParsingError.oddDigitCount(group: "0")) { try Hex.bytes(from: "44 0") }
        #expect(throws: HexParsingError.oddDigitCount(group: "0x")) { try Hex.bytes(from: "0x") }
        #expect(throws: HexParsingError.invalidCharacter("G", offset: 1)) { try Hex.bytes(from: "4G") }
        #expect(throws: HexParsingError.invalidCharacter("x", offset: 2)) { try Hex.bytes(from: "40x1") }
        #expect(throws: HexParsingError.invalidCharacter("٣", offset: 0)) { try Hex.bytes(from: "٣٣") }
        #expect(Hex.string(from: expected) == "44 00 17 09")
    }
}
