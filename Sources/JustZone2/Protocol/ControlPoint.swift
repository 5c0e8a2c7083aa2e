import Foundation

/// The parameter of Stop/Pause requests and of the "stopped or paused by user" status.
public enum StopOrPause: UInt8, Sendable, Equatable, Codable, CaseIterable {
    /// Stop (0x01).
    case stop = 0x01
    /// Pause (0x02).
    case pause = 0x02
}

/// The parameter of the Spin Down Control request (0x13).
public enum SpinDownControl: UInt8, Sendable, Equatable, Codable, CaseIterable {
    /// Start the spin down (0x01).
    case start = 0x01
    /// Ignore the spin down request (0x02).
    case ignore = 0x02
}

/// Indoor bike simulation parameters (Control Point op code 0x11, status op code 0x12).
public struct IndoorBikeSimulationParameters: Sendable, Equatable, Codable {
    /// Wind speed in m/s (sint16, resolution 0.001; positive = headwind).
    public var windSpeed: Double
    /// Grade in percent (sint16, resolution 0.01).
    public var grade: Double
    /// Coefficient of rolling resistance, unitless (uint8, resolution 0.0001).
    public var rollingResistance: Double
    /// Wind resistance coefficient in kg/m (uint8, resolution 0.01).
    public var windResistance: Double

    /// Creates simulation parameters in natural units.
    public init(
        windSpeed: Double = 0, grade: Double = 0, rollingResistance: Double = 0.004, windResistance: Double = 0.51
    ) {
        self.windSpeed = windSpeed
        self.grade = grade
        self.rollingResistance = rollingResistance
        self.windResistance = windResistance
    }

    static func decode(from r: inout ByteReader) throws(FTMSDecodingError) -> IndoorBikeSimulationParameters {
        let wind = try r.sint16le()
        let grade = try r.sint16le()
        let crr = try r.uint8()
        let cw = try r.uint8()
        return IndoorBikeSimulationParameters(
            windSpeed: Double(wind) / 1000, grade: Double(grade) / 100, rollingResistance: Double(crr) / 10000,
            windResistance: Double(cw) / 100)
    }

    func encode(into w: inout ByteWriter) {
        w.sint16le(.clampedRaw(windSpeed, scale: 1000))
        w.sint16le(.clampedRaw(grade, scale: 100))
        w.uint8(.clampedRaw(rollingResistance, scale: 10000))
        w.uint8(.clampedRaw(windResistance, scale: 100))
    }
}

/// A request written to the Fitness Machine Control Point (0x2AD9).
///
/// Decoding (for the trainer simulator) tolerates trailing bytes, except for Set Target Resistance, whose length
/// selects the encoding (see `setTargetResistance(level:)`).
public enum ControlPointRequest: Sendable, Equatable, Codable {
    /// Request Control (0x00); must be granted before any other request.
    case requestControl
    /// Reset (0x01); also releases control.
    case reset
    /// Set Target Speed (0x02): km/h, uint16 resolution 0.01.
    case setTargetSpeed(kmh: Double)
    /// Set Target Inclination (0x03): percent, sint16 resolution 0.1.
    case setTargetInclination(percent: Double)
    /// Set Target Resistance Level (0x04): unitless, encoded as uint8 resolution 0.1 (0…25.5). A 3-byte request
    /// (sint16 resolution 0.1, as many apps send) is also decoded.
    case setTargetResistance(level: Double)
    /// Set Target Power (0x05): watts, sint16 (150 W → `05 96 00`).
    case setTargetPower(watts: Int)
    /// Set Target Heart Rate (0x06): bpm, uint8.
    case setTargetHeartRate(bpm: Int)
    /// Start or Resume (0x07).
    case startOrResume
    /// Stop or Pause (0x08) with parameter 0x01 stop or 0x02 pause.
    case stopOrPause(StopOrPause)
    /// Set Indoor Bike Simulation Parameters (0x11).
    case setIndoorBikeSimulation(IndoorBikeSimulationParameters)
    /// Set Wheel Circumference (0x12): millimetres, uint16 resolution 0.1.
    case setWheelCircumference(millimeters: Double)
    /// Spin Down Control (0x13) with parameter 0x01 start or 0x02 ignore.
    case spinDownControl(SpinDownControl)
    /// Set Targeted Cadence (0x14): rpm, uint16 resolution 0.5.
    case setTargetCadence(rpm: Double)

    /// The op code byte of this request.
    public var opCode: UInt8 {
        switch self {
        case .requestControl: 0x00
        case .reset: 0x01
        case .setTargetSpeed: 0x02
        case .setTargetInclination: 0x03
        case .setTargetResistance: 0x04
        case .setTargetPower: 0x05
        case .setTargetHeartRate: 0x06
        case .startOrResume: 0x07
        case .stopOrPause: 0x08
        case .setIndoorBikeSimulation: 0x11
        case .setWheelCircumference: 0x12
        case .spinDownControl: 0x13
        case .setTargetCadence: 0x14
        }
    }

    /// Encodes the request: op code followed by its little-endian parameter. Values are rounded to the field
    /// resolution and clamped to the field range (never traps).
    public func encode() -> [UInt8] {
        var w = ByteWriter(capacity: 8)
        w.uint8(opCode)
        switch self {
        case .requestControl, .reset, .startOrResume: break
        case .setTargetSpeed(let kmh): w.uint16le(.clampedRaw(kmh, scale: 100))
        case .setTargetInclination(let percent): w.sint16le(.clampedRaw(percent, scale: 10))
        case .setTargetResistance(let level): w.uint8(.clampedRaw(level, scale: 10))
        case .setTargetPower(let watts): w.sint16le(Int16(clamping: watts))
        case .setTargetHeartRate(let bpm): w.uint8(UInt8(clamping: Swift.max(bpm, 0)))
        case .stopOrPause(let code): w.uint8(code.rawValue)
        case .setIndoorBikeSimulation(let parameters): parameters.encode(into: &w)
        case .setWheelCircumference(let millimeters): w.uint16le(.clampedRaw(millimeters, scale: 10))
        case .spinDownControl(let control): w.uint8(control.rawValue)
        case .setTargetCadence(let rpm): w.uint16le(.clampedRaw(rpm, scale: 2))
        }
        return w.bytes
    }

    /// Decodes a control point request (as written by an app to a trainer).
    ///
    /// - Throws: `.tooShort` for an empty or truncated request, `.unknownOpCode` for an op code this type does not
    ///   model, `.invalid` for an out-of-range stop/pause or spin down parameter.
    @inlinable
    public static func decode(_ bytes: some Collection<UInt8>) throws(FTMSDecodingError) -> ControlPointRequest {
        let contiguous = bytes.withContiguousStorageIfAvailable { decodeResult($0) }
        if let contiguous { return try contiguous.get() }
        return try decode(Array(bytes))
    }

    /// Decodes from a buffer (the non-generic body of the inlinable generic entry point).
    @usableFromInline
    static func decodeResult(_ buffer: UnsafeBufferPointer<UInt8>) -> Result<ControlPointRequest, FTMSDecodingError> {
        var reader = ByteReader(buffer)
        return Result { () throws(FTMSDecodingError) -> ControlPointRequest in try decode(from: &reader) }
    }

    /// Decodes from an array: the fast path (no generic dispatch, allocation-free reader).
    public static func decode(_ bytes: [UInt8]) throws(FTMSDecodingError) -> ControlPointRequest {
        try ByteReader.read(bytes, decode(from:))
    }

    static func decode(from r: inout ByteReader) throws(FTMSDecodingError) -> ControlPointRequest {
        let op = try r.uint8()
        switch op {
        case 0x00: return .requestControl
        case 0x01: return .reset
        case 0x02: return .setTargetSpeed(kmh: Double(try r.uint16le()) / 100)
        case 0x03: return .setTargetInclination(percent: Double(try r.sint16le()) / 10)
        case 0x04:
            if r.remaining == 2 { return .setTargetResistance(level: Double(try r.sint16le()) / 10) }
            return .setTargetResistance(level: Double(try r.uint8()) / 10)
        case 0x05: return .setTargetPower(watts: Int(try r.sint16le()))
        case 0x06: return .setTargetHeartRate(bpm: Int(try r.uint8()))
        case 0x07: return .startOrResume
        case 0x08:
            let raw = try r.uint8()
            guard let code = StopOrPause(rawValue: raw) else {
                throw .invalid("stop/pause parameter \(hexByte(raw))")
            }
            return .stopOrPause(code)
        case 0x11: return .setIndoorBikeSimulation(try IndoorBikeSimulationParameters.decode(from: &r))
        case 0x12: return .setWheelCircumference(millimeters: Double(try r.uint16le()) / 10)
        case 0x13:
            let raw = try r.uint8()
            guard let control = SpinDownControl(rawValue: raw) else {
                throw .invalid("spin down control parameter \(hexByte(raw))")
            }
            return .spinDownControl(control)
        case 0x14: return .setTargetCadence(rpm: Double(try r.uint16le()) / 2)
        default: throw .unknownOpCode(op)
        }
    }
}

/// The result code of a control point response.
public enum ControlPointResultCode: UInt8, Sendable, Equatable, Codable, CaseIterable {
    /// Success (0x01).
    case success = 0x01
    /// Op code not supported (0x02).
    case notSupported = 0x02
    /// Invalid parameter (0x03).
    case invalidParameter = 0x03
    /// Operation failed (0x04).
    case operationFailed = 0x04
    /// Control not permitted (0x05): Request Control first.
    case controlNotPermitted = 0x05
}

/// A control point response indication: `80, request op code, result code` plus optional response parameter.
public struct ControlPointResponse: Sendable, Equatable, Codable {
    /// The response op code every response starts with.
    public static let responseOpCode: UInt8 = 0x80

    /// The op code of the request this response answers.
    public var requestOpCode: UInt8
    /// The result of the request.
    public var result: ControlPointResultCode
    /// Response parameter bytes following the result code (usually empty).
    public var parameter: [UInt8]

    /// Creates a response.
    public init(requestOpCode: UInt8, result: ControlPointResultCode, parameter: [UInt8] = []) {
        self.requestOpCode = requestOpCode
        self.result = result
        self.parameter = parameter
    }

    /// Decodes a response indication; short or garbled input (such as a bare `02`) throws, never traps.
    ///
    /// - Throws: `.tooShort` when empty or shorter than 3 bytes, `.unknownOpCode` when the first byte is not 0x80,
    ///   `.invalid` for an unknown result code.
    @inlinable
    public static func decode(_ bytes: some Collection<UInt8>) throws(FTMSDecodingError) -> ControlPointResponse {
        let contiguous = bytes.withContiguousStorageIfAvailable { decodeResult($0) }
        if let contiguous { return try contiguous.get() }
        return try decode(Array(bytes))
    }

    /// Decodes from a buffer (the non-generic body of the inlinable generic entry point).
    @usableFromInline
    static func decodeResult(_ buffer: UnsafeBufferPointer<UInt8>) -> Result<ControlPointResponse, FTMSDecodingError> {
        var reader = ByteReader(buffer)
        return Result { () throws(FTMSDecodingError) -> ControlPointResponse in try decode(from: &reader) }
    }

    /// Decodes from an array: the fast path (no generic dispatch, allocation-free reader).
    public static func decode(_ bytes: [UInt8]) throws(FTMSDecodingError) -> ControlPointResponse {
        try ByteReader.read(bytes, decode(from:))
    }

    static func decode(from r: inout ByteReader) throws(FTMSDecodingError) -> ControlPointResponse {
        let op = try r.uint8()
        guard op == responseOpCode else { throw .unknownOpCode(op) }
        let request = try r.uint8()
        let raw = try r.uint8()
        guard let result = ControlPointResultCode(rawValue: raw) else {
            throw .invalid("control point result code \(hexByte(raw))")
        }
        return ControlPointResponse(requestOpCode: request, result: result, parameter: r.rest())
    }

    /// Encodes the response indication (used by the trainer simulator).
    public func encode() -> [UInt8] {
        [Self.responseOpCode, requestOpCode, result.rawValue] + parameter
    }
}
