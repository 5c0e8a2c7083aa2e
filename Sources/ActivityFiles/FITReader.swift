import Foundation

/// Errors thrown by `FITReader`.
public enum FITError: Error, Sendable, Equatable {
    /// The data does not start with a valid FIT header.
    case badHeader
    /// The header CRC does not match.
    case badHeaderCRC
    /// The file CRC does not match.
    case badCRC
    /// The data ends before the end of the file or of a message.
    case truncated
    /// A data message uses a local message type that has not been defined.
    case undefinedLocalMessage(Int)
    /// A definition message is invalid (e.g. unknown architecture).
    case badDefinition
    /// The file holds no timestamped activity data.
    case noActivityData
}

/// Reads FIT activity files into an `Activity`.
///
/// Handles 12- and 14-byte headers, header and file CRCs (a zero header CRC means "not computed"), both
/// architectures, developer fields (skipped), compressed-timestamp headers and unknown messages (skipped).
public enum FITReader {
    /// Parses a FIT activity file.
    public static func activity(from data: Data) throws(FITError) -> Activity {
        let bytes = [UInt8](data)
        guard bytes.count >= 12 else { throw .truncated }
        let headerSize = Int(bytes[0])
        guard headerSize >= 12, bytes[8] == 0x2E, bytes[9] == 0x46, bytes[10] == 0x49, bytes[11] == 0x54 else {
            throw .badHeader
        }
        guard bytes.count >= headerSize else { throw .truncated }
        if headerSize >= 14 {
            let headerCRC = UInt16(bytes[12]) | UInt16(bytes[13]) << 8
            if headerCRC != 0, headerCRC != FITCRC.compute(bytes[0..<12]) { throw .badHeaderCRC }
        }
        let dataSize = UInt64(bytes[4]) | UInt64(bytes[5]) << 8 | UInt64(bytes[6]) << 16 | UInt64(bytes[7]) << 24
        // 64-bit arithmetic: no overflow on 32-bit platforms (watchOS arm64_32).
        guard UInt64(bytes.count) >= UInt64(headerSize) + dataSize + 2 else { throw .truncated }
        let end = headerSize + Int(dataSize)
        let fileCRC = UInt16(bytes[end]) | UInt16(bytes[end + 1]) << 8
        if FITCRC.compute(bytes[0..<end]) != fileCRC { throw .badCRC }

        var parser = Parser(bytes: bytes, position: headerSize, end: end)
        try parser.run()
        return try parser.builder.activity()
    }

    private struct FieldDefinition {
        var number: UInt8
        var size: Int
        var baseType: UInt8
    }

    private struct Definition {
        var global: UInt16
        var bigEndian: Bool
        var fields: [FieldDefinition]
        var developerSize: Int
    }

    private struct Parser {
        let bytes: [UInt8]
        var position: Int
        let end: Int
        var definitions: [Definition?] = Array(repeating: nil, count: 16)
        var lastTimestamp: UInt32?
        var builder = Builder()

        mutating func run() throws(FITError) {
            while position < end {
                let header = bytes[position]
                position += 1
                if header & 0x80 != 0 {
                    // Compressed timestamp header.
                    let local = Int((header >> 5) & 0x3)
                    let offset = UInt32(header & 0x1F)
                    guard let definition = definitions[local] else { throw .undefinedLocalMessage(local) }
                    var timestamp: UInt32?
                    if let last = lastTimestamp {
                        var t = (last & ~0x1F) &+ offset
                        if offset < (last & 0x1F) { t = t &+ 0x20 }
                        timestamp = t
                    }
                    try readData(definition, compressedTimestamp: timestamp)
                } else if header & 0x40 != 0 {
                    try readDefinition(local: Int(header & 0x0F), developer: header & 0x20 != 0)
                } else {
                    let local = Int(header & 0x0F)
                    guard let definition = definitions[local] else { throw .undefinedLocalMessage(local) }
                    try readData(definition, compressedTimestamp: nil)
                }
            }
        }

        mutating func take(_ count: Int) throws(FITError) -> Int {
            guard count >= 0, end - position >= count else { throw .truncated }
            let start = position
            position += count
            return start
        }

        mutating func readDefinition(local: Int, developer: Bool) throws(FITError) {
            let p = try take(5)
            let architecture = bytes[p + 1]
            guard architecture <= 1 else { throw .badDefinition }
            let bigEndian = architecture == 1
            let global =
                bigEndian
                ? UInt16(bytes[p + 2]) << 8 | UInt16(bytes[p + 3]) : UInt16(bytes[p + 2]) | UInt16(bytes[p + 3]) << 8
            let count = Int(bytes[p + 4])
            let f = try take(count * 3)
            var fields: [FieldDefinition] = []
            fields.reserveCapacity(count)
            for i in 0..<count {
                fields.append(
                    FieldDefinition(
                        number: bytes[f + 3 * i], size: Int(bytes[f + 3 * i + 1]), baseType: bytes[f + 3 * i + 2]))
            }
            var developerSize = 0
            if developer {
                let n = Int(bytes[try take(1)])
                let d = try take(n * 3)
                for i in 0..<n { developerSize += Int(bytes[d + 3 * i + 1]) }
            }
            definitions[local] = Definition(
                global: global, bigEndian: bigEndian, fields: fields, developerSize: developerSize)
        }

        mutating func readData(_ definition: Definition, compressedTimestamp: UInt32?) throws(FITError) {
            var message = Message(global: definition.global)
            for field in definition.fields {
                let p = try take(field.size)
                if let value = decode(
                    at: p, size: field.size, baseType: field.baseType, bigEndian: definition.bigEndian)
                {
                    message.set(field.number, value)
                }
            }
            _ = try take(definition.developerSize)
            if let t = message[253], t >= 0, t <= 0xFFFF_FFFF {
                lastTimestamp = UInt32(t)
            } else if let compressedTimestamp {
                message.set(253, Int64(compressedTimestamp))
                lastTimestamp = compressedTimestamp
            }
            builder.add(message)
        }

        /// Decodes an integer field; `nil` for invalid values, non-integer types and arrays.
        func decode(at p: Int, size: Int, baseType: UInt8, bigEndian: Bool) -> Int64? {
            let type = baseType & 0x1F
            let typeSize: Int
            switch type {
            case 0, 1, 2, 10, 13: typeSize = 1
            case 3, 4, 11: typeSize = 2
            case 5, 6, 12: typeSize = 4
            case 14, 15, 16: typeSize = 8
            default: return nil
            }
            guard size == typeSize else { return nil }
            var raw: UInt64 = 0
            for i in 0..<size {
                let byte = UInt64(bytes[p + (bigEndian ? i : size - 1 - i)])
                raw = raw << 8 | byte
            }
            switch type {
            case 0, 2, 13: return raw == 0xFF ? nil : Int64(raw)
            case 1: return raw == 0x7F ? nil : Int64(Int8(truncatingIfNeeded: raw))
            case 3: return raw == 0x7FFF ? nil : Int64(Int16(truncatingIfNeeded: raw))
            case 4: return raw == 0xFFFF ? nil : Int64(raw)
            case 5: return raw == 0x7FFF_FFFF ? nil : Int64(Int32(truncatingIfNeeded: raw))
            case 6: return raw == 0xFFFF_FFFF ? nil : Int64(raw)
            case 10, 11, 12: return raw == 0 ? nil : Int64(raw)
            case 14: return raw == 0x7FFF_FFFF_FFFF_FFFF ? nil : Int64(bitPattern: raw)
            case 15: return raw == 0xFFFF_FFFF_FFFF_FFFF || raw > UInt64(Int64.max) ? nil : Int64(raw)
            default: return raw == 0 || raw > UInt64(Int64.max) ? nil : Int64(raw)
            }
        }
    }

    /// A decoded message: valid integer fields by field number.
    private struct Message {
        var global: UInt16
        var numbers: [UInt8] = []
        var values: [Int64] = []

        init(global: UInt16) { self.global = global }

        mutating func set(_ number: UInt8, _ value: Int64) {
            if let i = numbers.firstIndex(of: number) {
                values[i] = value
            } else {
                numbers.append(number)
                values.append(value)
            }
        }

        subscript(_ number: UInt8) -> Int64? {
            guard let i = numbers.firstIndex(of: number) else { return nil }
            return values[i]
        }
    }

    private struct Builder {
        var samples: [ActivitySample] = []
        var laps: [ActivityLap] = []
        var sport: ActivitySport?
        var subSport: ActivitySubSport?
        var sessionStart: Date?
        var timeCreated: Date?
        var calories: Int?

        static func date(_ value: Int64?) -> Date? {
            guard let value, value >= 0, value <= 0xFFFF_FFFF else { return nil }
            return FIT.date(UInt32(value))
        }

        mutating func add(_ m: Message) {
            switch m.global {
            case 0:
                timeCreated = Self.date(m[4])
            case 20:
                guard let time = Self.date(m[253]) else { return }
                var sample = ActivitySample(time: time)
                sample.heartRate = m[3].flatMap { $0 > 0 ? Int(clamping: $0) : nil }
                sample.cadence = m[4].map { Int(clamping: $0) }
                sample.distance = m[5].map { Double($0) / 100 }
                sample.speed = (m[73] ?? m[6]).map { Double($0) / 1000 }
                sample.power = m[7].map { Int(clamping: $0) }
                if let lat = m[0], let lon = m[1] {
                    sample.latitude = Double(lat) * 180 / 2_147_483_648
                    sample.longitude = Double(lon) * 180 / 2_147_483_648
                }
                if let altitude = m[78] ?? m[2] { sample.altitude = Double(altitude) / 5 - 500 }
                samples.append(sample)
            case 19:
                guard let start = Self.date(m[2]) else { return }
                var end = Self.date(m[253]) ?? start
                if let elapsed = m[7], elapsed >= 0 { end = start.addingTimeInterval(Double(elapsed) / 1000) }
                laps.append(ActivityLap(start: start, end: max(start, end)))
            case 18:
                if let value = m[5] {
                    switch value {
                    case 2: sport = .cycling
                    case 1: sport = .running
                    default: sport = .other
                    }
                }
                if let value = m[6] {
                    switch value {
                    case 6: subSport = .indoorCycling
                    case 58: subSport = .virtualActivity
                    case 7: subSport = .road
                    default: subSport = .generic
                    }
                }
                if sessionStart == nil { sessionStart = Self.date(m[2]) }
                if let value = m[11] { calories = (calories ?? 0) &+ Int(clamping: value) }
            default:
                break
            }
        }

        func activity() throws(FITError) -> Activity {
            guard let start = sessionStart ?? samples.first?.time ?? laps.first?.start ?? timeCreated else {
                throw .noActivityData
            }
            return Activity(
                sport: sport ?? .cycling, subSport: subSport ?? .generic, startTime: start, samples: samples,
                laps: laps, calories: calories)
        }
    }
}
