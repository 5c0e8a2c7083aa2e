import Foundation

/// A typed error thrown by every Bluetooth protocol decoder in JustZone2.
///
/// Decoders never trap: any byte sequence either decodes to a value or throws one of these cases.
public enum FTMSDecodingError: Error, Sendable, Equatable, Codable {
    /// The payload ended early: `needed` bytes (counted from the start of the payload) were required,
    /// only `available` were present.
    case tooShort(needed: Int, available: Int)
    /// The first byte (op code) is not one this decoder knows.
    case unknownOpCode(UInt8)
    /// The bytes are long enough but a value is out of its defined range (for example an unknown result code).
    case invalid(String)
    /// `CharacteristicDecoder` was asked to decode a characteristic UUID it does not know.
    case unsupportedCharacteristic(String)
}

/// A length-checked little-endian cursor over a contiguous byte buffer.
///
/// Allocation-free: it only holds a buffer pointer that is valid while the decoder runs.
@usableFromInline
struct ByteReader {
    /// The bytes being read.
    let bytes: UnsafeBufferPointer<UInt8>
    /// The index of the next unread byte.
    private(set) var offset: Int = 0

    @usableFromInline
    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    /// The number of unread bytes.
    var remaining: Int { bytes.count - offset }

    /// Whether all bytes have been read.
    var isAtEnd: Bool { offset >= bytes.count }

    /// Runs `body` with a reader over an array: the fast path (typed throws end to end, so an error is thrown once).
    @inline(__always)
    static func read<T>(
        _ bytes: [UInt8], _ body: (inout ByteReader) throws(FTMSDecodingError) -> T
    ) throws(FTMSDecodingError) -> T {
        try bytes.withUnsafeBufferPointer { (buffer: UnsafeBufferPointer<UInt8>) throws(FTMSDecodingError) -> T in
            var reader = ByteReader(buffer)
            return try body(&reader)
        }
    }

    /// Throws `.tooShort` unless `count` more bytes are available.
    @inline(__always)
    func require(_ count: Int) throws(FTMSDecodingError) {
        guard count <= bytes.count - offset else {
            throw .tooShort(needed: offset + count, available: bytes.count)
        }
    }

    /// Reads one unsigned byte.
    @inline(__always)
    mutating func uint8() throws(FTMSDecodingError) -> UInt8 {
        try require(1)
        let value = bytes[offset]
        offset += 1
        return value
    }

    /// Reads an unsigned little-endian 16-bit integer.
    @inline(__always)
    mutating func uint16le() throws(FTMSDecodingError) -> UInt16 {
        try require(2)
        let value = UInt16(bytes[offset]) | UInt16(bytes[offset + 1]) << 8
        offset += 2
        return value
    }

    /// Reads a signed (two's complement) little-endian 16-bit integer.
    @inline(__always)
    mutating func sint16le() throws(FTMSDecodingError) -> Int16 {
        Int16(bitPattern: try uint16le())
    }

    /// Reads an unsigned little-endian 24-bit integer.
    @inline(__always)
    mutating func uint24le() throws(FTMSDecodingError) -> UInt32 {
        try require(3)
        let value = UInt32(bytes[offset]) | UInt32(bytes[offset + 1]) << 8 | UInt32(bytes[offset + 2]) << 16
        offset += 3
        return value
    }

    /// Reads an unsigned little-endian 32-bit integer.
    @inline(__always)
    mutating func uint32le() throws(FTMSDecodingError) -> UInt32 {
        try require(4)
        let value =
            UInt32(bytes[offset]) | UInt32(bytes[offset + 1]) << 8 | UInt32(bytes[offset + 2]) << 16
            | UInt32(bytes[offset + 3]) << 24
        offset += 4
        return value
    }

    /// Returns all unread bytes and moves to the end.
    mutating func rest() -> [UInt8] {
        guard offset < bytes.count else { return [] }
        let value = Array(bytes[offset...])
        offset = bytes.count
        return value
    }
}

/// A little-endian byte writer used by the encoders (the mirror image of `ByteReader`).
struct ByteWriter {
    /// The bytes written so far.
    private(set) var bytes: [UInt8] = []

    init(capacity: Int = 16) {
        bytes.reserveCapacity(capacity)
    }

    /// Appends one byte.
    mutating func uint8(_ value: UInt8) { bytes.append(value) }

    /// Appends an unsigned 16-bit integer, little-endian.
    mutating func uint16le(_ value: UInt16) {
        bytes.append(UInt8(truncatingIfNeeded: value))
        bytes.append(UInt8(truncatingIfNeeded: value >> 8))
    }

    /// Appends a signed 16-bit integer, little-endian two's complement.
    mutating func sint16le(_ value: Int16) { uint16le(UInt16(bitPattern: value)) }

    /// Appends the low 24 bits of `value`, little-endian.
    mutating func uint24le(_ value: UInt32) {
        bytes.append(UInt8(truncatingIfNeeded: value))
        bytes.append(UInt8(truncatingIfNeeded: value >> 8))
        bytes.append(UInt8(truncatingIfNeeded: value >> 16))
    }

    /// Appends an unsigned 32-bit integer, little-endian.
    mutating func uint32le(_ value: UInt32) {
        uint24le(value)
        bytes.append(UInt8(truncatingIfNeeded: value >> 24))
    }

    /// Appends raw bytes.
    mutating func append(contentsOf other: some Sequence<UInt8>) { bytes.append(contentsOf: other) }
}

extension FixedWidthInteger {
    /// Converts a value in natural units to its raw field value: `round(value × scale)`, clamped into the
    /// integer's range; NaN becomes 0. Never traps.
    @inline(__always)
    static func clampedRaw(_ value: Double, scale: Double) -> Self {
        let scaled = (value * scale).rounded()
        if scaled.isNaN { return 0 }
        if scaled <= Double(Self.min) { return Self.min }
        if scaled >= Double(Self.max) { return Self.max }
        return Self(scaled)
    }
}

/// Formats a byte as `0x1F` for error messages.
func hexByte(_ byte: UInt8) -> String {
    let digits = Array("0123456789ABCDEF")
    return "0x" + String(digits[Int(byte >> 4)]) + String(digits[Int(byte & 0x0F)])
}
