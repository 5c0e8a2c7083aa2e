import Foundation

/// Fitness Machine Features (first uint32 of characteristic 0x2ACC).
public struct MachineFeatures: OptionSet, Sendable, Hashable, Codable {
    /// The raw bitfield.
    public var rawValue: UInt32
    /// Creates features from their raw bitfield.
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// Bit 0: average speed supported.
    public static let averageSpeed = MachineFeatures(rawValue: 1 << 0)
    /// Bit 1: cadence supported.
    public static let cadence = MachineFeatures(rawValue: 1 << 1)
    /// Bit 2: total distance supported.
    public static let totalDistance = MachineFeatures(rawValue: 1 << 2)
    /// Bit 3: inclination supported.
    public static let inclination = MachineFeatures(rawValue: 1 << 3)
    /// Bit 4: elevation gain supported.
    public static let elevationGain = MachineFeatures(rawValue: 1 << 4)
    /// Bit 5: pace supported.
    public static let pace = MachineFeatures(rawValue: 1 << 5)
    /// Bit 6: step count supported.
    public static let stepCount = MachineFeatures(rawValue: 1 << 6)
    /// Bit 7: resistance level supported.
    public static let resistanceLevel = MachineFeatures(rawValue: 1 << 7)
    /// Bit 8: stride count supported.
    public static let strideCount = MachineFeatures(rawValue: 1 << 8)
    /// Bit 9: expended energy supported.
    public static let expendedEnergy = MachineFeatures(rawValue: 1 << 9)
    /// Bit 10: heart rate measurement supported.
    public static let heartRateMeasurement = MachineFeatures(rawValue: 1 << 10)
    /// Bit 11: metabolic equivalent supported.
    public static let metabolicEquivalent = MachineFeatures(rawValue: 1 << 11)
    /// Bit 12: elapsed time supported.
    public static let elapsedTime = MachineFeatures(rawValue: 1 << 12)
    /// Bit 13: remaining time supported.
    public static let remainingTime = MachineFeatures(rawValue: 1 << 13)
    /// Bit 14: power measurement supported.
    public static let powerMeasurement = MachineFeatures(rawValue: 1 << 14)
    /// Bit 15: force on belt and power output supported.
    public static let forceOnBeltAndPowerOutput = MachineFeatures(rawValue: 1 << 15)
    /// Bit 16: user data retention supported.
    public static let userDataRetention = MachineFeatures(rawValue: 1 << 16)
}

/// Target Setting Features (second uint32 of characteristic 0x2ACC).
public struct TargetSettingFeatures: OptionSet, Sendable, Hashable, Codable {
    /// The raw bitfield.
    public var rawValue: UInt32
    /// Creates features from their raw bitfield.
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// Bit 0: speed target setting supported.
    public static let speedTargetSetting = TargetSettingFeatures(rawValue: 1 << 0)
    /// Bit 1: inclination target setting supported.
    public static let inclinationTargetSetting = TargetSettingFeatures(rawValue: 1 << 1)
    /// Bit 2: resistance target setting supported.
    public static let resistanceTargetSetting = TargetSettingFeatures(rawValue: 1 << 2)
    /// Bit 3: power target setting (ERG) supported.
    public static let powerTargetSetting = TargetSettingFeatures(rawValue: 1 << 3)
    /// Bit 4: heart rate target setting supported.
    public static let heartRateTargetSetting = TargetSettingFeatures(rawValue: 1 << 4)
    /// Bit 5: targeted expended energy configuration supported.
    public static let targetedExpendedEnergy = TargetSettingFeatures(rawValue: 1 << 5)
    /// Bit 6: targeted step number configuration supported.
    public static let targetedStepNumber = TargetSettingFeatures(rawValue: 1 << 6)
    /// Bit 7: targeted stride number configuration supported.
    public static let targetedStrideNumber = TargetSettingFeatures(rawValue: 1 << 7)
    /// Bit 8: targeted distance configuration supported.
    public static let targetedDistance = TargetSettingFeatures(rawValue: 1 << 8)
    /// Bit 9: targeted training time configuration supported.
    public static let targetedTrainingTime = TargetSettingFeatures(rawValue: 1 << 9)
    /// Bit 10: targeted time in two heart rate zones supported.
    public static let targetedTimeInTwoZones = TargetSettingFeatures(rawValue: 1 << 10)
    /// Bit 11: targeted time in three heart rate zones supported.
    public static let targetedTimeInThreeZones = TargetSettingFeatures(rawValue: 1 << 11)
    /// Bit 12: targeted time in five heart rate zones supported.
    public static let targetedTimeInFiveZones = TargetSettingFeatures(rawValue: 1 << 12)
    /// Bit 13: indoor bike simulation parameters supported.
    public static let indoorBikeSimulation = TargetSettingFeatures(rawValue: 1 << 13)
    /// Bit 14: wheel circumference configuration supported.
    public static let wheelCircumference = TargetSettingFeatures(rawValue: 1 << 14)
    /// Bit 15: spin down control supported.
    public static let spinDownControl = TargetSettingFeatures(rawValue: 1 << 15)
    /// Bit 16: targeted cadence configuration supported.
    public static let targetedCadence = TargetSettingFeatures(rawValue: 1 << 16)
}

/// The Fitness Machine Feature characteristic (0x2ACC): two uint32 bitfields. Trailing bytes are ignored.
public struct FitnessMachineFeature: Sendable, Equatable, Codable {
    /// What the machine measures.
    public var machineFeatures: MachineFeatures
    /// Which targets the machine accepts.
    public var targetSettingFeatures: TargetSettingFeatures

    /// Creates a feature value.
    public init(machineFeatures: MachineFeatures, targetSettingFeatures: TargetSettingFeatures) {
        self.machineFeatures = machineFeatures
        self.targetSettingFeatures = targetSettingFeatures
    }

    /// Decodes the 8-byte feature value.
    ///
    /// - Throws: `.tooShort` when fewer than 8 bytes are given.
    @inlinable
    public static func decode(_ bytes: some Collection<UInt8>) throws(FTMSDecodingError) -> FitnessMachineFeature {
        let contiguous = bytes.withContiguousStorageIfAvailable { decodeResult($0) }
        if let contiguous { return try contiguous.get() }
        return try decode(Array(bytes))
    }

    /// Decodes from a buffer (the non-generic body of the inlinable generic entry point).
    @usableFromInline
    static func decodeResult(_ buffer: UnsafeBufferPointer<UInt8>) -> Result<FitnessMachineFeature, FTMSDecodingError> {
        var reader = ByteReader(buffer)
        return Result { () throws(FTMSDecodingError) -> FitnessMachineFeature in try decode(from: &reader) }
    }

    /// Decodes from an array: the fast path (no generic dispatch, allocation-free reader).
    public static func decode(_ bytes: [UInt8]) throws(FTMSDecodingError) -> FitnessMachineFeature {
        try ByteReader.read(bytes, decode(from:))
    }

    static func decode(from r: inout ByteReader) throws(FTMSDecodingError) -> FitnessMachineFeature {
        let machine = try r.uint32le()
        let target = try r.uint32le()
        return FitnessMachineFeature(
            machineFeatures: MachineFeatures(rawValue: machine),
            targetSettingFeatures: TargetSettingFeatures(rawValue: target))
    }

    /// Encodes the 8-byte feature value.
    public func encode() -> [UInt8] {
        var w = ByteWriter(capacity: 8)
        w.uint32le(machineFeatures.rawValue)
        w.uint32le(targetSettingFeatures.rawValue)
        return w.bytes
    }
}

/// The Supported Power Range characteristic (0x2AD8): sint16 minimum W, sint16 maximum W, uint16 increment W.
/// Trailing bytes are ignored.
public struct SupportedPowerRange: Sendable, Equatable, Codable {
    /// Minimum target power in watts.
    public var minimumWatts: Int
    /// Maximum target power in watts.
    public var maximumWatts: Int
    /// Minimum increment in watts (0 is treated as 1 by `clamp(_:)`).
    public var incrementWatts: Int

    /// A conservative range for trainers whose range was never read: 0–2000 W by 1 W.
    public static let fallback = SupportedPowerRange(minimumWatts: 0, maximumWatts: 2000, incrementWatts: 1)

    /// Creates a power range.
    public init(minimumWatts: Int, maximumWatts: Int, incrementWatts: Int) {
        self.minimumWatts = minimumWatts
        self.maximumWatts = maximumWatts
        self.incrementWatts = incrementWatts
    }

    /// Decodes the 6-byte power range (for example `00 00 20 03 01 00` = 0–800 W by 1 W).
    ///
    /// - Throws: `.tooShort` when fewer than 6 bytes are given.
    @inlinable
    public static func decode(_ bytes: some Collection<UInt8>) throws(FTMSDecodingError) -> SupportedPowerRange {
        let contiguous = bytes.withContiguousStorageIfAvailable { decodeResult($0) }
        if let contiguous { return try contiguous.get() }
        return try decode(Array(bytes))
    }

    /// Decodes from a buffer (the non-generic body of the inlinable generic entry point).
    @usableFromInline
    static func decodeResult(_ buffer: UnsafeBufferPointer<UInt8>) -> Result<SupportedPowerRange, FTMSDecodingError> {
        var reader = ByteReader(buffer)
        return Result { () throws(FTMSDecodingError) -> SupportedPowerRange in try decode(from: &reader) }
    }

    /// Decodes from an array: the fast path (no generic dispatch, allocation-free reader).
    public static func decode(_ bytes: [UInt8]) throws(FTMSDecodingError) -> SupportedPowerRange {
        try ByteReader.read(bytes, decode(from:))
    }

    static func decode(from r: inout ByteReader) throws(FTMSDecodingError) -> SupportedPowerRange {
        let minimum = try r.sint16le()
        let maximum = try r.sint16le()
        let increment = try r.uint16le()
        return SupportedPowerRange(
            minimumWatts: Int(minimum), maximumWatts: Int(maximum), incrementWatts: Int(increment))
    }

    /// Encodes the 6-byte power range (values clamped to their field ranges).
    public func encode() -> [UInt8] {
        var w = ByteWriter(capacity: 6)
        w.sint16le(Int16(clamping: minimumWatts))
        w.sint16le(Int16(clamping: maximumWatts))
        w.uint16le(UInt16(clamping: Swift.max(incrementWatts, 0)))
        return w.bytes
    }

    /// Returns the target closest to `watts` that the trainer accepts: on the grid `minimum + k × increment`
    /// (nearest step, ties round up) and inside the range (never above the highest grid value ≤ maximum).
    ///
    /// Robust against bad ranges: an increment ≤ 0 counts as 1 and a swapped minimum/maximum is reordered.
    public func clamp(_ watts: Int) -> Int {
        let limit = Int(Int32.max)
        let a = Swift.min(Swift.max(minimumWatts, -limit), limit)
        let b = Swift.min(Swift.max(maximumWatts, -limit), limit)
        let low = Swift.min(a, b)
        let high = Swift.max(a, b)
        let step = Swift.min(Swift.max(incrementWatts, 1), limit)
        let top = low + (high - low) / step * step
        let value = Swift.min(Swift.max(watts, low), top)
        let steps = (value - low + step / 2) / step
        return Swift.min(low + steps * step, top)
    }
}

/// The Supported Resistance Level Range characteristic (0x2AD6): sint16 minimum, sint16 maximum, uint16 increment,
/// all unitless with resolution 0.1. Trailing bytes are ignored.
public struct SupportedResistanceRange: Sendable, Equatable, Codable {
    /// Minimum resistance level.
    public var minimum: Double
    /// Maximum resistance level.
    public var maximum: Double
    /// Minimum increment.
    public var increment: Double

    /// Creates a resistance range.
    public init(minimum: Double, maximum: Double, increment: Double) {
        self.minimum = minimum
        self.maximum = maximum
        self.increment = increment
    }

    /// Decodes the 6-byte resistance range.
    ///
    /// - Throws: `.tooShort` when fewer than 6 bytes are given.
    @inlinable
    public static func decode(_ bytes: some Collection<UInt8>) throws(FTMSDecodingError) -> SupportedResistanceRange {
        let contiguous = bytes.withContiguousStorageIfAvailable { decodeResult($0) }
        if let contiguous { return try contiguous.get() }
        return try decode(Array(bytes))
    }

    /// Decodes from a buffer (the non-generic body of the inlinable generic entry point).
    @usableFromInline
    static func decodeResult(
        _ buffer: UnsafeBufferPointer<UInt8>
    ) -> Result<SupportedResistanceRange, FTMSDecodingError> {
        var reader = ByteReader(buffer)
        return Result { () throws(FTMSDecodingError) -> SupportedResistanceRange in try decode(from: &reader) }
    }

    /// Decodes from an array: the fast path (no generic dispatch, allocation-free reader).
    public static func decode(_ bytes: [UInt8]) throws(FTMSDecodingError) -> SupportedResistanceRange {
        try ByteReader.read(bytes, decode(from:))
    }

    static func decode(from r: inout ByteReader) throws(FTMSDecodingError) -> SupportedResistanceRange {
        let minimum = try r.sint16le()
        let maximum = try r.sint16le()
        let increment = try r.uint16le()
        return SupportedResistanceRange(
            minimum: Double(minimum) / 10, maximum: Double(maximum) / 10, increment: Double(increment) / 10)
    }

    /// Encodes the 6-byte resistance range (values rounded and clamped).
    public func encode() -> [UInt8] {
        var w = ByteWriter(capacity: 6)
        w.sint16le(.clampedRaw(minimum, scale: 10))
        w.sint16le(.clampedRaw(maximum, scale: 10))
        w.uint16le(.clampedRaw(increment, scale: 10))
        return w.bytes
    }
}

/// The Training Status characteristic (0x2AD3): flags byte (bit 0: string present), status byte, optional UTF-8
/// string filling the rest of the payload.
public struct TrainingStatus: Sendable, Equatable, Codable {
    /// A training status code; unknown codes are kept as their raw value.
    public struct Status: RawRepresentable, Sendable, Hashable, Codable {
        /// The raw status byte.
        public var rawValue: UInt8
        /// Creates a status from its raw byte.
        public init(rawValue: UInt8) { self.rawValue = rawValue }

        /// 0x00 other.
        public static let other = Status(rawValue: 0x00)
        /// 0x01 idle.
        public static let idle = Status(rawValue: 0x01)
        /// 0x02 warming up.
        public static let warmingUp = Status(rawValue: 0x02)
        /// 0x03 low intensity interval.
        public static let lowIntensityInterval = Status(rawValue: 0x03)
        /// 0x04 high intensity interval.
        public static let highIntensityInterval = Status(rawValue: 0x04)
        /// 0x05 recovery interval.
        public static let recoveryInterval = Status(rawValue: 0x05)
        /// 0x06 isometric.
        public static let isometric = Status(rawValue: 0x06)
        /// 0x07 heart rate control.
        public static let heartRateControl = Status(rawValue: 0x07)
        /// 0x08 fitness test.
        public static let fitnessTest = Status(rawValue: 0x08)
        /// 0x09 speed outside of control region, low.
        public static let speedTooLow = Status(rawValue: 0x09)
        /// 0x0A speed outside of control region, high.
        public static let speedTooHigh = Status(rawValue: 0x0A)
        /// 0x0B cool down.
        public static let coolDown = Status(rawValue: 0x0B)
        /// 0x0C watt control (ERG).
        public static let wattControl = Status(rawValue: 0x0C)
        /// 0x0D manual mode (quick start).
        public static let manualMode = Status(rawValue: 0x0D)
        /// 0x0E pre-workout.
        public static let preWorkout = Status(rawValue: 0x0E)
        /// 0x0F post-workout.
        public static let postWorkout = Status(rawValue: 0x0F)
    }

    /// The training status.
    public var status: Status
    /// The status string when flag bit 0 is set (decoded leniently: invalid UTF-8 becomes U+FFFD).
    public var text: String?

    /// Creates a training status.
    public init(status: Status, text: String? = nil) {
        self.status = status
        self.text = text
    }

    /// Decodes a training status payload.
    ///
    /// - Throws: `.tooShort` when the flags or status byte are missing.
    @inlinable
    public static func decode(_ bytes: some Collection<UInt8>) throws(FTMSDecodingError) -> TrainingStatus {
        let contiguous = bytes.withContiguousStorageIfAvailable { decodeResult($0) }
        if let contiguous { return try contiguous.get() }
        return try decode(Array(bytes))
    }

    /// Decodes from a buffer (the non-generic body of the inlinable generic entry point).
    @usableFromInline
    static func decodeResult(_ buffer: UnsafeBufferPointer<UInt8>) -> Result<TrainingStatus, FTMSDecodingError> {
        var reader = ByteReader(buffer)
        return Result { () throws(FTMSDecodingError) -> TrainingStatus in try decode(from: &reader) }
    }

    /// Decodes from an array: the fast path (no generic dispatch, allocation-free reader).
    public static func decode(_ bytes: [UInt8]) throws(FTMSDecodingError) -> TrainingStatus {
        try ByteReader.read(bytes, decode(from:))
    }

    static func decode(from r: inout ByteReader) throws(FTMSDecodingError) -> TrainingStatus {
        let flags = try r.uint8()
        let status = Status(rawValue: try r.uint8())
        let text = flags & 0x01 != 0 ? String(decoding: r.rest(), as: UTF8.self) : nil
        return TrainingStatus(status: status, text: text)
    }

    /// Encodes the training status (flag bit 0 set when `text` is non-nil).
    public func encode() -> [UInt8] {
        var w = ByteWriter(capacity: 2 + (text?.utf8.count ?? 0))
        w.uint8(text == nil ? 0 : 1)
        w.uint8(status.rawValue)
        if let text { w.append(contentsOf: text.utf8) }
        return w.bytes
    }
}
