import Foundation

/// Cumulative wheel revolution data of a Cycling Power Measurement.
public struct WheelRevolutionData: Sendable, Equatable, Codable {
    /// Cumulative wheel revolutions (uint32, wraps).
    public var cumulativeRevolutions: UInt32
    /// Time of the last wheel event in 1/2048 s (uint16, wraps every 32 s).
    public var lastEventTime: UInt16

    /// Creates wheel revolution data.
    public init(cumulativeRevolutions: UInt32, lastEventTime: UInt16) {
        self.cumulativeRevolutions = cumulativeRevolutions
        self.lastEventTime = lastEventTime
    }
}

/// Cumulative crank revolution data (Cycling Power Measurement or CSC).
public struct CrankRevolutionData: Sendable, Equatable, Codable {
    /// Cumulative crank revolutions (uint16, wraps).
    public var cumulativeRevolutions: UInt16
    /// Time of the last crank event in 1/1024 s (uint16, wraps every 64 s).
    public var lastEventTime: UInt16

    /// Creates crank revolution data.
    public init(cumulativeRevolutions: UInt16, lastEventTime: UInt16) {
        self.cumulativeRevolutions = cumulativeRevolutions
        self.lastEventTime = lastEventTime
    }
}

/// A maximum/minimum pair (extreme force magnitudes in N, extreme torque magnitudes in N·m, or angles in degrees).
public struct ExtremeValues: Sendable, Equatable, Codable {
    /// The maximum value.
    public var maximum: Double
    /// The minimum value.
    public var minimum: Double

    /// Creates a pair.
    public init(maximum: Double, minimum: Double) {
        self.maximum = maximum
        self.minimum = minimum
    }
}

/// A Cycling Power Measurement notification (0x2A63 of the Cycling Power service 0x1818).
///
/// Optional fields follow the instantaneous power in flag-bit order. Trailing bytes are ignored.
public struct CyclingPowerMeasurement: Sendable, Equatable, Codable {
    /// Instantaneous power in watts (sint16).
    public var instantaneousPower: Int
    /// Pedal power balance in percent (uint8 resolution 0.5; flag bit 0).
    public var pedalPowerBalance: Double?
    /// Flag bit 1: the balance refers to the left pedal (otherwise unknown).
    public var pedalPowerBalanceReferenceIsLeft: Bool
    /// Accumulated torque in N·m (uint16 resolution 1/32; flag bit 2).
    public var accumulatedTorque: Double?
    /// Flag bit 3: accumulated torque is crank-based (otherwise wheel-based).
    public var accumulatedTorqueIsCrankBased: Bool
    /// Wheel revolution data (flag bit 4).
    public var wheelRevolutions: WheelRevolutionData?
    /// Crank revolution data (flag bit 5).
    public var crankRevolutions: CrankRevolutionData?
    /// Extreme force magnitudes in newtons (2 × sint16; flag bit 6).
    public var extremeForceMagnitudes: ExtremeValues?
    /// Extreme torque magnitudes in N·m (2 × sint16 resolution 1/32; flag bit 7).
    public var extremeTorqueMagnitudes: ExtremeValues?
    /// Extreme angles in degrees (two uint12 packed in 3 bytes, maximum first; flag bit 8).
    public var extremeAngles: ExtremeValues?
    /// Top dead spot angle in degrees (uint16; flag bit 9).
    public var topDeadSpotAngle: Int?
    /// Bottom dead spot angle in degrees (uint16; flag bit 10).
    public var bottomDeadSpotAngle: Int?
    /// Accumulated energy in kilojoules (uint16; flag bit 11).
    public var accumulatedEnergy: Int?
    /// Flag bit 12: offset compensation indicator.
    public var offsetCompensationIndicator: Bool

    /// Creates a measurement; omitted fields are absent.
    public init(
        instantaneousPower: Int, pedalPowerBalance: Double? = nil, pedalPowerBalanceReferenceIsLeft: Bool = false,
        accumulatedTorque: Double? = nil, accumulatedTorqueIsCrankBased: Bool = false,
        wheelRevolutions: WheelRevolutionData? = nil, crankRevolutions: CrankRevolutionData? = nil,
        extremeForceMagnitudes: ExtremeValues? = nil, extremeTorqueMagnitudes: ExtremeValues? = nil,
        extremeAngles: ExtremeValues? = nil, topDeadSpotAngle: Int? = nil, bottomDeadSpotAngle: Int? = nil,
        accumulatedEnergy: Int? = nil, offsetCompensationIndicator: Bool = false
    ) {
        self.instantaneousPower = instantaneousPower
        self.pedalPowerBalance = pedalPowerBalance
        self.pedalPowerBalanceReferenceIsLeft = pedalPowerBalanceReferenceIsLeft
        self.accumulatedTorque = accumulatedTorque
        self.accumulatedTorqueIsCrankBased = accumulatedTorqueIsCrankBased
        self.wheelRevolutions = wheelRevolutions
        self.crankRevolutions = crankRevolutions
        self.extremeForceMagnitudes = extremeForceMagnitudes
        self.extremeTorqueMagnitudes = extremeTorqueMagnitudes
        self.extremeAngles = extremeAngles
        self.topDeadSpotAngle = topDeadSpotAngle
        self.bottomDeadSpotAngle = bottomDeadSpotAngle
        self.accumulatedEnergy = accumulatedEnergy
        self.offsetCompensationIndicator = offsetCompensationIndicator
    }

    /// Decodes a cycling power measurement.
    ///
    /// - Throws: `.tooShort` when the flags, the power or a field announced by the flags is cut off.
    @inlinable
    public static func decode(_ bytes: some Collection<UInt8>) throws(FTMSDecodingError) -> CyclingPowerMeasurement {
        let contiguous = bytes.withContiguousStorageIfAvailable { decodeResult($0) }
        if let contiguous { return try contiguous.get() }
        return try decode(Array(bytes))
    }

    /// Decodes from a buffer (the non-generic body of the inlinable generic entry point).
    @usableFromInline
    static func decodeResult(_ buffer: UnsafeBufferPointer<UInt8>) -> Result<CyclingPowerMeasurement, FTMSDecodingError>
    {
        var reader = ByteReader(buffer)
        return Result { () throws(FTMSDecodingError) -> CyclingPowerMeasurement in try decode(from: &reader) }
    }

    /// Decodes from an array: the fast path (no generic dispatch, allocation-free reader).
    public static func decode(_ bytes: [UInt8]) throws(FTMSDecodingError) -> CyclingPowerMeasurement {
        try ByteReader.read(bytes, decode(from:))
    }

    static func decode(from r: inout ByteReader) throws(FTMSDecodingError) -> CyclingPowerMeasurement {
        let flags = try r.uint16le()
        func has(_ bit: UInt16) -> Bool { flags & (1 << bit) != 0 }
        var m = CyclingPowerMeasurement(instantaneousPower: Int(try r.sint16le()))
        m.pedalPowerBalanceReferenceIsLeft = has(1)
        m.accumulatedTorqueIsCrankBased = has(3)
        m.offsetCompensationIndicator = has(12)
        if has(0) { m.pedalPowerBalance = Double(try r.uint8()) / 2 }
        if has(2) { m.accumulatedTorque = Double(try r.uint16le()) / 32 }
        if has(4) {
            let revolutions = try r.uint32le()
            let time = try r.uint16le()
            m.wheelRevolutions = WheelRevolutionData(cumulativeRevolutions: revolutions, lastEventTime: time)
        }
        if has(5) {
            let revolutions = try r.uint16le()
            let time = try r.uint16le()
            m.crankRevolutions = CrankRevolutionData(cumulativeRevolutions: revolutions, lastEventTime: time)
        }
        if has(6) {
            let maximum = try r.sint16le()
            let minimum = try r.sint16le()
            m.extremeForceMagnitudes = ExtremeValues(maximum: Double(maximum), minimum: Double(minimum))
        }
        if has(7) {
            let maximum = try r.sint16le()
            let minimum = try r.sint16le()
            m.extremeTorqueMagnitudes = ExtremeValues(maximum: Double(maximum) / 32, minimum: Double(minimum) / 32)
        }
        if has(8) {
            let packed = try r.uint24le()
            m.extremeAngles = ExtremeValues(maximum: Double(packed & 0xFFF), minimum: Double(packed >> 12))
        }
        if has(9) { m.topDeadSpotAngle = Int(try r.uint16le()) }
        if has(10) { m.bottomDeadSpotAngle = Int(try r.uint16le()) }
        if has(11) { m.accumulatedEnergy = Int(try r.uint16le()) }
        return m
    }

    /// Encodes the measurement (flags derived from the present fields; values rounded and clamped).
    public func encode() -> [UInt8] {
        var flags: UInt16 = 0
        if pedalPowerBalance != nil { flags |= 1 << 0 }
        if pedalPowerBalanceReferenceIsLeft { flags |= 1 << 1 }
        if accumulatedTorque != nil { flags |= 1 << 2 }
        if accumulatedTorqueIsCrankBased { flags |= 1 << 3 }
        if wheelRevolutions != nil { flags |= 1 << 4 }
        if crankRevolutions != nil { flags |= 1 << 5 }
        if extremeForceMagnitudes != nil { flags |= 1 << 6 }
        if extremeTorqueMagnitudes != nil { flags |= 1 << 7 }
        if extremeAngles != nil { flags |= 1 << 8 }
        if topDeadSpotAngle != nil { flags |= 1 << 9 }
        if bottomDeadSpotAngle != nil { flags |= 1 << 10 }
        if accumulatedEnergy != nil { flags |= 1 << 11 }
        if offsetCompensationIndicator { flags |= 1 << 12 }
        var w = ByteWriter(capacity: 34)
        w.uint16le(flags)
        w.sint16le(Int16(clamping: instantaneousPower))
        if let pedalPowerBalance { w.uint8(.clampedRaw(pedalPowerBalance, scale: 2)) }
        if let accumulatedTorque { w.uint16le(.clampedRaw(accumulatedTorque, scale: 32)) }
        if let wheelRevolutions {
            w.uint32le(wheelRevolutions.cumulativeRevolutions)
            w.uint16le(wheelRevolutions.lastEventTime)
        }
        if let crankRevolutions {
            w.uint16le(crankRevolutions.cumulativeRevolutions)
            w.uint16le(crankRevolutions.lastEventTime)
        }
        if let extremeForceMagnitudes {
            w.sint16le(.clampedRaw(extremeForceMagnitudes.maximum, scale: 1))
            w.sint16le(.clampedRaw(extremeForceMagnitudes.minimum, scale: 1))
        }
        if let extremeTorqueMagnitudes {
            w.sint16le(.clampedRaw(extremeTorqueMagnitudes.maximum, scale: 32))
            w.sint16le(.clampedRaw(extremeTorqueMagnitudes.minimum, scale: 32))
        }
        if let extremeAngles {
            let maximum = UInt32(Swift.min(Swift.max(UInt16.clampedRaw(extremeAngles.maximum, scale: 1), 0), 0xFFF))
            let minimum = UInt32(Swift.min(Swift.max(UInt16.clampedRaw(extremeAngles.minimum, scale: 1), 0), 0xFFF))
            w.uint24le(maximum | minimum << 12)
        }
        if let topDeadSpotAngle { w.uint16le(UInt16(clamping: Swift.max(topDeadSpotAngle, 0))) }
        if let bottomDeadSpotAngle { w.uint16le(UInt16(clamping: Swift.max(bottomDeadSpotAngle, 0))) }
        if let accumulatedEnergy { w.uint16le(UInt16(clamping: Swift.max(accumulatedEnergy, 0))) }
        return w.bytes
    }
}

/// Derives cadence (rpm) from successive crank revolution data, handling uint16 rollover of both the revolution
/// counter and the 1/1024-s event time.
///
/// Feed every measurement with the time it arrived (`now`, seconds on any monotonic clock). When no new
/// revolution arrives the last cadence is held for `holdDuration` (3 s) and then drops to 0. After 64 s or more
/// without a new event (longer than the event-time wrap) the next event only re-baselines.
public struct CrankCadenceCalculator: Sendable, Equatable {
    /// How long the last cadence is held when packets repeat the same crank event, in seconds.
    public var holdDuration: Double
    /// Cadences above this (rpm) are treated as glitches and ignored.
    public var maximumCadence: Double
    /// The current cadence in rpm, `nil` until two distinct crank events have been seen.
    public private(set) var cadence: Double?
    private var last: CrankRevolutionData?
    private var lastEventArrival: Double = 0

    /// Creates a calculator.
    public init(holdDuration: Double = 3, maximumCadence: Double = 250) {
        self.holdDuration = holdDuration
        self.maximumCadence = maximumCadence
    }

    /// Feeds one crank measurement received at `now` (seconds) and returns the cadence in rpm (`nil` until known).
    @discardableResult
    public mutating func update(_ data: CrankRevolutionData, now: Double) -> Double? {
        guard let previous = last else {
            last = data
            lastEventArrival = now
            return cadence
        }
        let revolutions = data.cumulativeRevolutions &- previous.cumulativeRevolutions
        let ticks = data.lastEventTime &- previous.lastEventTime
        if revolutions == 0 || ticks == 0 {
            // Repeated event: hold, then report a stop.
            if cadence != nil, now - lastEventArrival >= holdDuration { cadence = 0 }
            return cadence
        }
        let gap = now - lastEventArrival
        last = data
        lastEventArrival = now
        // The 1/1024-s event time wraps every 64 s: after a longer silence the interval is ambiguous, so only
        // re-baseline (the hold has already reported 0 by then).
        if gap >= 64 { return cadence }
        let rpm = Double(revolutions) * 60 * 1024 / Double(ticks)
        if rpm <= maximumCadence { cadence = rpm }
        return cadence
    }

    /// Forgets all history (for example after a reconnect).
    public mutating func reset() {
        cadence = nil
        last = nil
        lastEventArrival = 0
    }
}
