import Foundation

/// The flags field (uint16) of an Indoor Bike Data notification (0x2AD2).
public struct IndoorBikeDataFlags: OptionSet, Sendable, Hashable, Codable {
    /// The raw flags value.
    public var rawValue: UInt16

    /// Creates flags from their raw value.
    public init(rawValue: UInt16) { self.rawValue = rawValue }

    /// Bit 0, "More Data": the record continues in a later notification. Instantaneous Speed is present
    /// only when this bit is **0**.
    public static let moreData = IndoorBikeDataFlags(rawValue: 1 << 0)
    /// Bit 1: Average Speed present.
    public static let averageSpeed = IndoorBikeDataFlags(rawValue: 1 << 1)
    /// Bit 2: Instantaneous Cadence present.
    public static let instantaneousCadence = IndoorBikeDataFlags(rawValue: 1 << 2)
    /// Bit 3: Average Cadence present.
    public static let averageCadence = IndoorBikeDataFlags(rawValue: 1 << 3)
    /// Bit 4: Total Distance present.
    public static let totalDistance = IndoorBikeDataFlags(rawValue: 1 << 4)
    /// Bit 5: Resistance Level present.
    public static let resistanceLevel = IndoorBikeDataFlags(rawValue: 1 << 5)
    /// Bit 6: Instantaneous Power present.
    public static let instantaneousPower = IndoorBikeDataFlags(rawValue: 1 << 6)
    /// Bit 7: Average Power present.
    public static let averagePower = IndoorBikeDataFlags(rawValue: 1 << 7)
    /// Bit 8: Expended Energy (total, per hour, per minute) present.
    public static let expendedEnergy = IndoorBikeDataFlags(rawValue: 1 << 8)
    /// Bit 9: Heart Rate present.
    public static let heartRate = IndoorBikeDataFlags(rawValue: 1 << 9)
    /// Bit 10: Metabolic Equivalent present.
    public static let metabolicEquivalent = IndoorBikeDataFlags(rawValue: 1 << 10)
    /// Bit 11: Elapsed Time present.
    public static let elapsedTime = IndoorBikeDataFlags(rawValue: 1 << 11)
    /// Bit 12: Remaining Time present.
    public static let remainingTime = IndoorBikeDataFlags(rawValue: 1 << 12)
}

/// One Indoor Bike Data notification (FTMS characteristic 0x2AD2).
///
/// Every field is optional because the flags decide which fields are present. A record may be split across
/// notifications: every part but the last has `moreData == true` and carries no instantaneous speed.
///
/// Decoding tolerates (ignores) reserved flag bits 13–15 and trailing bytes after the last present field.
public struct IndoorBikeData: Sendable, Equatable, Codable {
    /// Flag bit 0: more parts of this record follow; when `true` the packet carries no instantaneous speed.
    public var moreData: Bool
    /// Instantaneous speed in km/h (resolution 0.01); present only when `moreData` is `false`.
    public var instantaneousSpeed: Double?
    /// Average speed in km/h (resolution 0.01).
    public var averageSpeed: Double?
    /// Instantaneous cadence in rpm (resolution 0.5).
    public var instantaneousCadence: Double?
    /// Average cadence in rpm (resolution 0.5).
    public var averageCadence: Double?
    /// Total distance in metres (uint24).
    public var totalDistance: Int?
    /// Resistance level, unitless raw sint16 (most trainers: 1 per step; some firmware: 0.1 per step).
    public var resistanceLevel: Int?
    /// Instantaneous power in watts (sint16, may be negative).
    public var instantaneousPower: Int?
    /// Average power in watts (sint16, may be negative).
    public var averagePower: Int?
    /// Total expended energy in kcal; `nil` when absent or "not available" (0xFFFF).
    public var totalEnergy: Int?
    /// Expended energy per hour in kcal/h; `nil` when absent or "not available" (0xFFFF).
    public var energyPerHour: Int?
    /// Expended energy per minute in kcal/min; `nil` when absent or "not available" (0xFF).
    public var energyPerMinute: Int?
    /// Heart rate in bpm; `nil` when absent or reported as 0.
    public var heartRate: Int?
    /// Metabolic equivalent (resolution 0.1).
    public var metabolicEquivalent: Double?
    /// Elapsed time in seconds.
    public var elapsedTime: Int?
    /// Remaining time in seconds.
    public var remainingTime: Int?

    /// Creates an Indoor Bike Data record; omitted fields are absent.
    public init(
        moreData: Bool = false, instantaneousSpeed: Double? = nil, averageSpeed: Double? = nil,
        instantaneousCadence: Double? = nil, averageCadence: Double? = nil, totalDistance: Int? = nil,
        resistanceLevel: Int? = nil, instantaneousPower: Int? = nil, averagePower: Int? = nil,
        totalEnergy: Int? = nil, energyPerHour: Int? = nil, energyPerMinute: Int? = nil, heartRate: Int? = nil,
        metabolicEquivalent: Double? = nil, elapsedTime: Int? = nil, remainingTime: Int? = nil
    ) {
        self.moreData = moreData
        self.instantaneousSpeed = instantaneousSpeed
        self.averageSpeed = averageSpeed
        self.instantaneousCadence = instantaneousCadence
        self.averageCadence = averageCadence
        self.totalDistance = totalDistance
        self.resistanceLevel = resistanceLevel
        self.instantaneousPower = instantaneousPower
        self.averagePower = averagePower
        self.totalEnergy = totalEnergy
        self.energyPerHour = energyPerHour
        self.energyPerMinute = energyPerMinute
        self.heartRate = heartRate
        self.metabolicEquivalent = metabolicEquivalent
        self.elapsedTime = elapsedTime
        self.remainingTime = remainingTime
    }

    /// Decodes an Indoor Bike Data payload (flags first, little-endian). Allocation-free for contiguous input.
    ///
    /// - Throws: `FTMSDecodingError.tooShort` when a field announced by the flags is cut off.
    @inlinable
    public static func decode(_ bytes: some Collection<UInt8>) throws(FTMSDecodingError) -> IndoorBikeData {
        let contiguous = bytes.withContiguousStorageIfAvailable { decodeResult($0) }
        if let contiguous { return try contiguous.get() }
        return try decode(Array(bytes))
    }

    /// Decodes from a buffer (the non-generic body of the inlinable generic entry point).
    @usableFromInline
    static func decodeResult(_ buffer: UnsafeBufferPointer<UInt8>) -> Result<IndoorBikeData, FTMSDecodingError> {
        var reader = ByteReader(buffer)
        return Result { () throws(FTMSDecodingError) -> IndoorBikeData in try decode(from: &reader) }
    }

    /// Decodes an Indoor Bike Data payload from an array (the allocation-free hot path, no generic dispatch).
    ///
    /// - Throws: `FTMSDecodingError.tooShort` when a field announced by the flags is cut off.
    public static func decode(_ bytes: [UInt8]) throws(FTMSDecodingError) -> IndoorBikeData {
        try ByteReader.read(bytes, decode(from:))
    }

    static func decode(from r: inout ByteReader) throws(FTMSDecodingError) -> IndoorBikeData {
        let flags = IndoorBikeDataFlags(rawValue: try r.uint16le())
        var d = IndoorBikeData(moreData: flags.contains(.moreData))
        if !d.moreData { d.instantaneousSpeed = Double(try r.uint16le()) / 100 }
        if flags.contains(.averageSpeed) { d.averageSpeed = Double(try r.uint16le()) / 100 }
        if flags.contains(.instantaneousCadence) { d.instantaneousCadence = Double(try r.uint16le()) / 2 }
        if flags.contains(.averageCadence) { d.averageCadence = Double(try r.uint16le()) / 2 }
        if flags.contains(.totalDistance) { d.totalDistance = Int(try r.uint24le()) }
        if flags.contains(.resistanceLevel) { d.resistanceLevel = Int(try r.sint16le()) }
        if flags.contains(.instantaneousPower) { d.instantaneousPower = Int(try r.sint16le()) }
        if flags.contains(.averagePower) { d.averagePower = Int(try r.sint16le()) }
        if flags.contains(.expendedEnergy) {
            let total = try r.uint16le()
            let perHour = try r.uint16le()
            let perMinute = try r.uint8()
            d.totalEnergy = total == 0xFFFF ? nil : Int(total)
            d.energyPerHour = perHour == 0xFFFF ? nil : Int(perHour)
            d.energyPerMinute = perMinute == 0xFF ? nil : Int(perMinute)
        }
        if flags.contains(.heartRate) {
            let bpm = try r.uint8()
            d.heartRate = bpm == 0 ? nil : Int(bpm)
        }
        if flags.contains(.metabolicEquivalent) { d.metabolicEquivalent = Double(try r.uint8()) / 10 }
        if flags.contains(.elapsedTime) { d.elapsedTime = Int(try r.uint16le()) }
        if flags.contains(.remainingTime) { d.remainingTime = Int(try r.uint16le()) }
        return d
    }

    /// The flags `encode()` writes: bit 0 is set when `moreData` is `true` or `instantaneousSpeed` is `nil`;
    /// the energy bit is set when any energy value is present; heart rate needs a value of at least 1.
    public var flags: IndoorBikeDataFlags {
        var f: IndoorBikeDataFlags = []
        if moreData || instantaneousSpeed == nil { f.insert(.moreData) }
        if averageSpeed != nil { f.insert(.averageSpeed) }
        if instantaneousCadence != nil { f.insert(.instantaneousCadence) }
        if averageCadence != nil { f.insert(.averageCadence) }
        if totalDistance != nil { f.insert(.totalDistance) }
        if resistanceLevel != nil { f.insert(.resistanceLevel) }
        if instantaneousPower != nil { f.insert(.instantaneousPower) }
        if averagePower != nil { f.insert(.averagePower) }
        if totalEnergy != nil || energyPerHour != nil || energyPerMinute != nil { f.insert(.expendedEnergy) }
        if let heartRate, heartRate > 0 { f.insert(.heartRate) }
        if metabolicEquivalent != nil { f.insert(.metabolicEquivalent) }
        if elapsedTime != nil { f.insert(.elapsedTime) }
        if remainingTime != nil { f.insert(.remainingTime) }
        return f
    }

    /// Encodes the record as an Indoor Bike Data payload (used by the trainer simulator).
    ///
    /// Values are rounded to the field resolution and clamped to the field range (never traps). When
    /// `moreData` is `true` the speed is not written (a split-record part carries no speed); absent energy
    /// values inside a present energy group are written as "not available".
    public func encode() -> [UInt8] {
        let f = flags
        var w = ByteWriter(capacity: 32)
        w.uint16le(f.rawValue)
        if !f.contains(.moreData), let instantaneousSpeed {
            w.uint16le(.clampedRaw(instantaneousSpeed, scale: 100))
        }
        if let averageSpeed { w.uint16le(.clampedRaw(averageSpeed, scale: 100)) }
        if let instantaneousCadence { w.uint16le(.clampedRaw(instantaneousCadence, scale: 2)) }
        if let averageCadence { w.uint16le(.clampedRaw(averageCadence, scale: 2)) }
        if let totalDistance { w.uint24le(UInt32(clamping: Swift.min(Swift.max(totalDistance, 0), 0xFF_FFFF))) }
        if let resistanceLevel { w.sint16le(Int16(clamping: resistanceLevel)) }
        if let instantaneousPower { w.sint16le(Int16(clamping: instantaneousPower)) }
        if let averagePower { w.sint16le(Int16(clamping: averagePower)) }
        if f.contains(.expendedEnergy) {
            w.uint16le(totalEnergy.map { UInt16(clamping: Swift.min(Swift.max($0, 0), 0xFFFE)) } ?? 0xFFFF)
            w.uint16le(energyPerHour.map { UInt16(clamping: Swift.min(Swift.max($0, 0), 0xFFFE)) } ?? 0xFFFF)
            w.uint8(energyPerMinute.map { UInt8(clamping: Swift.min(Swift.max($0, 0), 0xFE)) } ?? 0xFF)
        }
        if f.contains(.heartRate), let heartRate { w.uint8(UInt8(clamping: heartRate)) }
        if let metabolicEquivalent { w.uint8(.clampedRaw(metabolicEquivalent, scale: 10)) }
        if let elapsedTime { w.uint16le(UInt16(clamping: elapsedTime)) }
        if let remainingTime { w.uint16le(UInt16(clamping: remainingTime)) }
        return w.bytes
    }
}
