import Foundation

/// The spin down status reported by Fitness Machine Status op code 0x14.
public enum SpinDownStatus: UInt8, Sendable, Equatable, Codable, CaseIterable {
    /// Spin down requested (0x01).
    case requested = 0x01
    /// Spin down succeeded (0x02).
    case success = 0x02
    /// Spin down failed (0x03).
    case error = 0x03
    /// The rider should stop pedalling (0x04).
    case stopPedaling = 0x04
}

/// A Fitness Machine Status notification (0x2ADA): op code plus its parameter.
///
/// Decoding tolerates trailing bytes after the parameter.
public enum FitnessMachineStatus: Sendable, Equatable, Codable {
    /// Reset (0x01).
    case reset
    /// Stopped or paused by the user (0x02).
    case stoppedOrPausedByUser(StopOrPause)
    /// Stopped by the safety key (0x03).
    case stoppedBySafetyKey
    /// Started or resumed by the user (0x04).
    case startedOrResumedByUser
    /// Target speed changed (0x05): km/h, uint16 resolution 0.01.
    case targetSpeedChanged(kmh: Double)
    /// Target incline changed (0x06): percent, sint16 resolution 0.1.
    case targetInclineChanged(percent: Double)
    /// Target resistance level changed (0x07): uint8 resolution 0.1.
    case targetResistanceLevelChanged(level: Double)
    /// Target power changed (0x08): watts, sint16.
    case targetPowerChanged(watts: Int)
    /// Target heart rate changed (0x09): bpm, uint8.
    case targetHeartRateChanged(bpm: Int)
    /// Targeted expended energy changed (0x0A): kcal, uint16.
    case targetedExpendedEnergyChanged(kcal: Int)
    /// Targeted number of steps changed (0x0B): uint16.
    case targetedStepsChanged(steps: Int)
    /// Targeted number of strides changed (0x0C): uint16.
    case targetedStridesChanged(strides: Int)
    /// Targeted distance changed (0x0D): metres, uint24.
    case targetedDistanceChanged(meters: Int)
    /// Targeted training time changed (0x0E): seconds, uint16.
    case targetedTrainingTimeChanged(seconds: Int)
    /// Targeted time in two heart rate zones changed (0x0F): seconds per zone, 2 × uint16.
    case targetedTimeInTwoZonesChanged(fatBurn: Int, fitness: Int)
    /// Targeted time in three heart rate zones changed (0x10): seconds per zone, 3 × uint16.
    case targetedTimeInThreeZonesChanged(light: Int, moderate: Int, hard: Int)
    /// Targeted time in five heart rate zones changed (0x11): seconds per zone, 5 × uint16.
    case targetedTimeInFiveZonesChanged(veryLight: Int, light: Int, moderate: Int, hard: Int, maximum: Int)
    /// Indoor bike simulation parameters changed (0x12).
    case indoorBikeSimulationParametersChanged(IndoorBikeSimulationParameters)
    /// Wheel circumference changed (0x13): millimetres, uint16 resolution 0.1.
    case wheelCircumferenceChanged(millimeters: Double)
    /// Spin down status (0x14).
    case spinDownStatus(SpinDownStatus)
    /// Targeted cadence changed (0x15): rpm, uint16 resolution 0.5.
    case targetedCadenceChanged(rpm: Double)
    /// Control permission lost (0xFF): request control again before writing targets.
    case controlPermissionLost

    /// The op code byte of this status.
    public var opCode: UInt8 {
        switch self {
        case .reset: 0x01
        case .stoppedOrPausedByUser: 0x02
        case .stoppedBySafetyKey: 0x03
        case .startedOrResumedByUser: 0x04
        case .targetSpeedChanged: 0x05
        case .targetInclineChanged: 0x06
        case .targetResistanceLevelChanged: 0x07
        case .targetPowerChanged: 0x08
        case .targetHeartRateChanged: 0x09
        case .targetedExpendedEnergyChanged: 0x0A
        case .targetedStepsChanged: 0x0B
        case .targetedStridesChanged: 0x0C
        case .targetedDistanceChanged: 0x0D
        case .targetedTrainingTimeChanged: 0x0E
        case .targetedTimeInTwoZonesChanged: 0x0F
        case .targetedTimeInThreeZonesChanged: 0x10
        case .targetedTimeInFiveZonesChanged: 0x11
        case .indoorBikeSimulationParametersChanged: 0x12
        case .wheelCircumferenceChanged: 0x13
        case .spinDownStatus: 0x14
        case .targetedCadenceChanged: 0x15
        case .controlPermissionLost: 0xFF
        }
    }

    /// Decodes a Fitness Machine Status notification.
    ///
    /// - Throws: `.tooShort` for empty or truncated input, `.unknownOpCode` for op codes outside the FTMS list,
    ///   `.invalid` for an out-of-range stop/pause or spin down parameter.
    @inlinable
    public static func decode(_ bytes: some Collection<UInt8>) throws(FTMSDecodingError) -> FitnessMachineStatus {
        let contiguous = bytes.withContiguousStorageIfAvailable { decodeResult($0) }
        if let contiguous { return try contiguous.get() }
        return try decode(Array(bytes))
    }

    /// Decodes from a buffer (the non-generic body of the inlinable generic entry point).
    @usableFromInline
    static func decodeResult(_ buffer: UnsafeBufferPointer<UInt8>) -> Result<FitnessMachineStatus, FTMSDecodingError> {
        var reader = ByteReader(buffer)
        return Result { () throws(FTMSDecodingError) -> FitnessMachineStatus in try decode(from: &reader) }
    }

    /// Decodes from an array: the fast path (no generic dispatch, allocation-free reader).
    public static func decode(_ bytes: [UInt8]) throws(FTMSDecodingError) -> FitnessMachineStatus {
        try ByteReader.read(bytes, decode(from:))
    }

    static func decode(from r: inout ByteReader) throws(FTMSDecodingError) -> FitnessMachineStatus {
        let op = try r.uint8()
        switch op {
        case 0x01: return .reset
        case 0x02:
            let raw = try r.uint8()
            guard let code = StopOrPause(rawValue: raw) else {
                throw .invalid("stop/pause parameter \(hexByte(raw))")
            }
            return .stoppedOrPausedByUser(code)
        case 0x03: return .stoppedBySafetyKey
        case 0x04: return .startedOrResumedByUser
        case 0x05: return .targetSpeedChanged(kmh: Double(try r.uint16le()) / 100)
        case 0x06: return .targetInclineChanged(percent: Double(try r.sint16le()) / 10)
        case 0x07: return .targetResistanceLevelChanged(level: Double(try r.uint8()) / 10)
        case 0x08: return .targetPowerChanged(watts: Int(try r.sint16le()))
        case 0x09: return .targetHeartRateChanged(bpm: Int(try r.uint8()))
        case 0x0A: return .targetedExpendedEnergyChanged(kcal: Int(try r.uint16le()))
        case 0x0B: return .targetedStepsChanged(steps: Int(try r.uint16le()))
        case 0x0C: return .targetedStridesChanged(strides: Int(try r.uint16le()))
        case 0x0D: return .targetedDistanceChanged(meters: Int(try r.uint24le()))
        case 0x0E: return .targetedTrainingTimeChanged(seconds: Int(try r.uint16le()))
        case 0x0F:
            let a = Int(try r.uint16le())
            let b = Int(try r.uint16le())
            return .targetedTimeInTwoZonesChanged(fatBurn: a, fitness: b)
        case 0x10:
            let a = Int(try r.uint16le())
            let b = Int(try r.uint16le())
            let c = Int(try r.uint16le())
            return .targetedTimeInThreeZonesChanged(light: a, moderate: b, hard: c)
        case 0x11:
            let a = Int(try r.uint16le())
            let b = Int(try r.uint16le())
            let c = Int(try r.uint16le())
            let d = Int(try r.uint16le())
            let e = Int(try r.uint16le())
            return .targetedTimeInFiveZonesChanged(veryLight: a, light: b, moderate: c, hard: d, maximum: e)
        case 0x12: return .indoorBikeSimulationParametersChanged(try IndoorBikeSimulationParameters.decode(from: &r))
        case 0x13: return .wheelCircumferenceChanged(millimeters: Double(try r.uint16le()) / 10)
        case 0x14:
            let raw = try r.uint8()
            guard let status = SpinDownStatus(rawValue: raw) else {
                throw .invalid("spin down status \(hexByte(raw))")
            }
            return .spinDownStatus(status)
        case 0x15: return .targetedCadenceChanged(rpm: Double(try r.uint16le()) / 2)
        case 0xFF: return .controlPermissionLost
        default: throw .unknownOpCode(op)
        }
    }

    /// Encodes the status notification (used by the trainer simulator). Values are rounded to the field
    /// resolution and clamped to the field range (never traps).
    public func encode() -> [UInt8] {
        var w = ByteWriter(capacity: 12)
        w.uint8(opCode)
        func u16(_ v: Int) { w.uint16le(UInt16(clamping: Swift.max(v, 0))) }
        switch self {
        case .reset, .stoppedBySafetyKey, .startedOrResumedByUser, .controlPermissionLost: break
        case .stoppedOrPausedByUser(let code): w.uint8(code.rawValue)
        case .targetSpeedChanged(let kmh): w.uint16le(.clampedRaw(kmh, scale: 100))
        case .targetInclineChanged(let percent): w.sint16le(.clampedRaw(percent, scale: 10))
        case .targetResistanceLevelChanged(let level): w.uint8(.clampedRaw(level, scale: 10))
        case .targetPowerChanged(let watts): w.sint16le(Int16(clamping: watts))
        case .targetHeartRateChanged(let bpm): w.uint8(UInt8(clamping: Swift.max(bpm, 0)))
        case .targetedExpendedEnergyChanged(let v), .targetedStepsChanged(let v), .targetedStridesChanged(let v),
            .targetedTrainingTimeChanged(let v):
            u16(v)
        case .targetedDistanceChanged(let meters): w.uint24le(UInt32(Swift.min(Swift.max(meters, 0), 0xFF_FFFF)))
        case .targetedTimeInTwoZonesChanged(let a, let b):
            u16(a)
            u16(b)
        case .targetedTimeInThreeZonesChanged(let a, let b, let c):
            for v in [a, b, c] { u16(v) }
        case .targetedTimeInFiveZonesChanged(let a, let b, let c, let d, let e):
            for v in [a, b, c, d, e] { u16(v) }
        case .indoorBikeSimulationParametersChanged(let parameters): parameters.encode(into: &w)
        case .wheelCircumferenceChanged(let millimeters): w.uint16le(.clampedRaw(millimeters, scale: 10))
        case .spinDownStatus(let status): w.uint8(status.rawValue)
        case .targetedCadenceChanged(let rpm): w.uint16le(.clampedRaw(rpm, scale: 2))
        }
        return w.bytes
    }
}
