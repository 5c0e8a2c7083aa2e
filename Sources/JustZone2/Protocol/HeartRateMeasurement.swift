import Foundation

/// A Heart Rate Measurement notification (0x2A37 of the Heart Rate service 0x180D).
///
/// RR intervals fill the rest of the payload: every complete uint16 is read; a dangling odd byte at the end is
/// ignored. Reserved flag bits 5–7 are ignored.
public struct HeartRateMeasurement: Sendable, Equatable, Codable {
    /// The sensor contact state (flag bits 1–2).
    public enum SensorContact: String, Sendable, Equatable, Codable, CaseIterable {
        /// The sensor does not report contact (bits 0b00 or 0b01).
        case notSupported
        /// Contact is supported but not detected (0b10): the heart rate is likely meaningless.
        case notDetected
        /// Contact detected (0b11).
        case detected
    }

    /// Heart rate in bpm; `nil` when the strap reports 0 (no skin contact).
    public var heartRate: Int?
    /// Sensor contact state.
    public var sensorContact: SensorContact
    /// Energy expended since the last reset, in kilojoules (flag bit 3).
    public var energyExpended: Int?
    /// Every RR interval in the packet, in seconds (raw resolution 1/1024 s), in transmission order.
    public var rrIntervals: [Double]

    /// Creates a measurement.
    public init(
        heartRate: Int?, sensorContact: SensorContact = .notSupported, energyExpended: Int? = nil,
        rrIntervals: [Double] = []
    ) {
        self.heartRate = heartRate
        self.sensorContact = sensorContact
        self.energyExpended = energyExpended
        self.rrIntervals = rrIntervals
    }

    /// The RR intervals in milliseconds.
    public var rrIntervalsMilliseconds: [Double] { rrIntervals.map { $0 * 1000 } }

    /// Decodes a heart rate measurement.
    ///
    /// - Throws: `.tooShort` when the flags, the heart rate value or the energy field are cut off.
    @inlinable
    public static func decode(_ bytes: some Collection<UInt8>) throws(FTMSDecodingError) -> HeartRateMeasurement {
        let contiguous = bytes.withContiguousStorageIfAvailable { decodeResult($0) }
        if let contiguous { return try contiguous.get() }
        return try decode(Array(bytes))
    }

    /// Decodes from a buffer (the non-generic body of the inlinable generic entry point).
    @usableFromInline
    static func decodeResult(_ buffer: UnsafeBufferPointer<UInt8>) -> Result<HeartRateMeasurement, FTMSDecodingError> {
        var reader = ByteReader(buffer)
        return Result { () throws(FTMSDecodingError) -> HeartRateMeasurement in try decode(from: &reader) }
    }

    /// Decodes from an array: the fast path (no generic dispatch, allocation-free reader).
    public static func decode(_ bytes: [UInt8]) throws(FTMSDecodingError) -> HeartRateMeasurement {
        try ByteReader.read(bytes, decode(from:))
    }

    static func decode(from r: inout ByteReader) throws(FTMSDecodingError) -> HeartRateMeasurement {
        let flags = try r.uint8()
        let bpm = flags & 0x01 != 0 ? Int(try r.uint16le()) : Int(try r.uint8())
        let contact: SensorContact =
            switch (flags >> 1) & 0x03 {
            case 2: .notDetected
            case 3: .detected
            default: .notSupported
            }
        let energy = flags & 0x08 != 0 ? Int(try r.uint16le()) : nil
        var rr: [Double] = []
        if flags & 0x10 != 0 {
            rr.reserveCapacity(r.remaining / 2)
            while r.remaining >= 2 { rr.append(Double(try r.uint16le()) / 1024) }
        }
        return HeartRateMeasurement(
            heartRate: bpm == 0 ? nil : bpm, sensorContact: contact, energyExpended: energy, rrIntervals: rr)
    }

    /// Encodes the measurement (uint8 format when the rate fits, else uint16; `nil` heart rate as 0).
    public func encode() -> [UInt8] {
        let bpm = UInt16(clamping: Swift.max(heartRate ?? 0, 0))
        var flags: UInt8 = bpm > 0xFF ? 0x01 : 0
        switch sensorContact {
        case .notSupported: break
        case .notDetected: flags |= 0b100
        case .detected: flags |= 0b110
        }
        if energyExpended != nil { flags |= 0x08 }
        if !rrIntervals.isEmpty { flags |= 0x10 }
        var w = ByteWriter(capacity: 4 + rrIntervals.count * 2)
        w.uint8(flags)
        if bpm > 0xFF { w.uint16le(bpm) } else { w.uint8(UInt8(bpm)) }
        if let energyExpended { w.uint16le(UInt16(clamping: Swift.max(energyExpended, 0))) }
        for interval in rrIntervals { w.uint16le(.clampedRaw(interval, scale: 1024)) }
        return w.bytes
    }
}
