import Foundation

/// The FIT CRC-16 (the FIT SDK's nibble-table algorithm; equivalent to CRC-16/ARC).
public enum FITCRC {
    private static let table: [UInt16] = [
        0x0000, 0xCC01, 0xD801, 0x1400, 0xF001, 0x3C00, 0x2800, 0xE401,
        0xA001, 0x6C00, 0x7800, 0xB401, 0x5000, 0x9C01, 0x8801, 0x4400,
    ]

    /// Updates `crc` with one byte.
    @inline(__always)
    public static func update(_ crc: UInt16, _ byte: UInt8) -> UInt16 {
        var crc = crc
        var tmp = table[Int(crc & 0xF)]
        crc = (crc >> 4) & 0x0FFF
        crc = crc ^ tmp ^ table[Int(byte & 0xF)]
        tmp = table[Int(crc & 0xF)]
        crc = (crc >> 4) & 0x0FFF
        crc = crc ^ tmp ^ table[Int((byte >> 4) & 0xF)]
        return crc
    }

    /// CRC of `bytes`, starting from `initial` (0 for a new computation).
    public static func compute<C: Collection<UInt8>>(_ bytes: C, initial: UInt16 = 0) -> UInt16 {
        var crc = initial
        for byte in bytes { crc = update(crc, byte) }
        return crc
    }
}

/// FIT constants shared by the writer and the reader.
enum FIT {
    /// Seconds between 1970-01-01 and the FIT epoch 1989-12-31T00:00:00Z.
    static let epochOffset: TimeInterval = 631_065_600
    /// Profile version written in the header (21.94).
    static let profileVersion: UInt16 = 2194

    enum BaseType: UInt8 {
        case enumeration = 0x00
        case sint8 = 0x01
        case uint8 = 0x02
        case sint16 = 0x83
        case uint16 = 0x84
        case sint32 = 0x85
        case uint32 = 0x86
        case string = 0x07
        case uint32z = 0x8C

        var size: Int {
            switch self {
            case .enumeration, .sint8, .uint8, .string: 1
            case .sint16, .uint16: 2
            case .sint32, .uint32, .uint32z: 4
            }
        }

        var invalid: UInt64 {
            switch self {
            case .enumeration, .uint8: 0xFF
            case .sint8: 0x7F
            case .sint16: 0x7FFF
            case .uint16: 0xFFFF
            case .sint32: 0x7FFF_FFFF
            case .uint32: 0xFFFF_FFFF
            case .string, .uint32z: 0
            }
        }
    }

    static func timestamp(_ date: Date) -> UInt32 {
        // Round to the millisecond first so that 12.9999999 s (floating-point noise) is 13, then truncate.
        let value = (((date.timeIntervalSince1970 - epochOffset) * 1000).rounded() / 1000).rounded(.down)
        guard value.isFinite, value >= 0 else { return 0 }
        return value >= 0xFFFF_FFFE ? 0xFFFF_FFFE : UInt32(value)
    }

    static func date(_ timestamp: UInt32) -> Date {
        Date(timeIntervalSince1970: TimeInterval(timestamp) + epochOffset)
    }
}

/// Writes FIT activity files (file_id, event, record, lap, session, activity), little-endian, with the
/// 14-byte header and CRCs.
///
/// Samples with a speed but no distance get a distance integrated from the speed (see `TCXWriter`). Times are
/// truncated to whole seconds; missing values are written as the base type's invalid value.
public enum FITWriter {
    /// Returns the FIT file for `activity`.
    /// - Parameters:
    ///   - product: product id written in file_id (manufacturer is 255, development).
    ///   - serialNumber: serial number written in file_id.
    ///   - utcOffset: seconds east of UTC, used for the activity's local_timestamp.
    public static func data(
        for activity: Activity, product: UInt16 = 1, serialNumber: UInt32 = 1, utcOffset: Int = 0
    ) -> Data {
        var w = Encoder()
        w.bytes.reserveCapacity(200 + activity.samples.count * 20)
        let samples = activity.resolvedSamples()
        let start = FIT.timestamp(activity.startTime)
        let end = max(FIT.timestamp(activity.endTime), start)
        let sport: UInt8
        switch activity.sport {
        case .cycling: sport = 2
        case .running: sport = 1
        case .other: sport = 0
        }
        let subSport: UInt8
        switch activity.subSport {
        case .indoorCycling: subSport = 6
        case .virtualActivity: subSport = 58
        case .road: subSport = 7
        case .generic: subSport = 0
        }

        // file_id
        w.define(local: 0, global: 0, [(0, .enumeration), (1, .uint16), (2, .uint16), (3, .uint32z), (4, .uint32)])
        w.data(local: 0, [4, 255, UInt64(product), UInt64(serialNumber == 0 ? 1 : serialNumber), UInt64(start)])

        // event: timer start
        let eventFields: [(UInt8, FIT.BaseType)] = [(253, .uint32), (0, .enumeration), (1, .enumeration), (4, .uint8)]
        w.define(local: 1, global: 21, eventFields)
        w.data(local: 1, [UInt64(start), 0, 0, 0])

        // records
        let hasPosition = samples.contains { $0.latitude != nil && $0.longitude != nil }
        let hasAltitude = samples.contains { $0.altitude != nil }
        var recordFields: [(UInt8, FIT.BaseType)] = [
            (253, .uint32), (3, .uint8), (4, .uint8), (5, .uint32), (6, .uint16), (7, .uint16),
        ]
        if hasPosition { recordFields += [(0, .sint32), (1, .sint32)] }
        if hasAltitude { recordFields += [(78, .uint32)] }
        w.define(local: 2, global: 20, recordFields)
        var values = [UInt64](repeating: 0, count: recordFields.count)
        for s in samples {
            values[0] = UInt64(FIT.timestamp(s.time))
            values[1] = s.heartRate.flatMap { $0 >= 1 ? UInt64(min($0, 254)) : nil } ?? 0xFF
            values[2] = s.cadence.flatMap { $0 >= 0 ? UInt64(min($0, 254)) : nil } ?? 0xFF
            values[3] = scaled(s.distance, 100, max: 0xFFFF_FFFE) ?? 0xFFFF_FFFF
            values[4] = scaled(s.speed, 1000, max: 0xFFFE) ?? 0xFFFF
            values[5] = s.power.flatMap { $0 >= 0 ? UInt64(min($0, 0xFFFE)) : nil } ?? 0xFFFF
            var i = 6
            if hasPosition {
                if let lat = s.latitude, let lon = s.longitude, let a = semicircles(lat), let b = semicircles(lon) {
                    values[i] = a
                    values[i + 1] = b
                } else {
                    values[i] = 0x7FFF_FFFF
                    values[i + 1] = 0x7FFF_FFFF
                }
                i += 2
            }
            if hasAltitude {
                values[i] = scaled(s.altitude.map { $0 + 500 }, 5, max: 0xFFFF_FFFE) ?? 0xFFFF_FFFF
            }
            w.data(local: 2, values)
        }

        // event: timer stop_all
        w.data(local: 1, [UInt64(end), 0, 4, 0])

        // laps
        let lapFields: [(UInt8, FIT.BaseType)] = [
            (253, .uint32), (2, .uint32), (7, .uint32), (8, .uint32), (9, .uint32), (11, .uint16), (13, .uint16),
            (14, .uint16), (15, .uint8), (16, .uint8), (17, .uint8), (18, .uint8), (19, .uint16), (20, .uint16),
            (254, .uint16), (0, .enumeration), (1, .enumeration), (24, .enumeration), (25, .enumeration),
            (39, .enumeration),
        ]
        w.define(local: 3, global: 19, lapFields)
        var resolved = activity
        resolved.samples = samples
        let parts = resolved.samplesByLap()
        let totalDuration = resolved.endTime.timeIntervalSince(resolved.startTime)
        var startDistance = 0.0
        for (index, part) in parts.enumerated() {
            var summary = ActivitySummary(
                samples: part.samples, start: part.lap.start, end: part.lap.end, startDistance: startDistance)
            if let d = part.samples.last(where: { $0.distance != nil })?.distance { startDistance = d }
            if let calories = activity.calories {
                summary.calories =
                    parts.count == 1 || totalDuration <= 0
                    ? calories
                    : Int((Double(min(max(calories, 0), 65535)) * summary.duration / totalDuration).rounded())
            }
            let lapStart = UInt64(FIT.timestamp(part.lap.start))
            let lapEnd = max(UInt64(FIT.timestamp(part.lap.end)), lapStart)
            w.data(
                local: 3,
                [lapEnd, lapStart] + totals(summary, avgSpeedFirst: true)
                    + [UInt64(index), 9, 1, index == parts.count - 1 ? 7 : 0, UInt64(sport), UInt64(subSport)])
        }

        // session
        let sessionFields: [(UInt8, FIT.BaseType)] = [
            (253, .uint32), (2, .uint32), (7, .uint32), (8, .uint32), (9, .uint32), (11, .uint16), (14, .uint16),
            (15, .uint16), (16, .uint8), (17, .uint8), (18, .uint8), (19, .uint8), (20, .uint16), (21, .uint16),
            (25, .uint16), (26, .uint16), (254, .uint16), (0, .enumeration), (1, .enumeration), (5, .enumeration),
            (6, .enumeration), (28, .enumeration),
        ]
        w.define(local: 4, global: 18, sessionFields)
        var summary = ActivitySummary(
            samples: samples, start: activity.startTime, end: activity.endTime, calories: activity.calories)
        summary.duration = TimeInterval(end - start)
        w.data(
            local: 4,
            [UInt64(end), UInt64(start)] + totals(summary, avgSpeedFirst: true)
                + [0, UInt64(parts.count), 0, 8, 1, UInt64(sport), UInt64(subSport), 0])

        // activity
        let activityFields: [(UInt8, FIT.BaseType)] = [
            (253, .uint32), (0, .uint32), (1, .uint16), (2, .enumeration), (3, .enumeration), (4, .enumeration),
            (5, .uint32),
        ]
        w.define(local: 5, global: 34, activityFields)
        let local = Int64(end) + Int64(utcOffset)
        w.data(
            local: 5,
            [
                UInt64(end), UInt64(end - start) * 1000, 1, 0, 26, 1,
                UInt64(min(max(local, 0), 0xFFFF_FFFE)),
            ])
        return w.finish()
    }

    /// total_elapsed_time, total_timer_time, total_distance, total_calories, avg_speed, max_speed, avg/max HR,
    /// avg/max cadence, avg/max power — the same layout in lap and session definitions.
    private static func totals(_ s: ActivitySummary, avgSpeedFirst: Bool) -> [UInt64] {
        let time = scaled(s.duration, 1000, max: 0xFFFF_FFFE) ?? 0xFFFF_FFFF
        return [
            time, time,
            scaled(s.distance, 100, max: 0xFFFF_FFFE) ?? 0xFFFF_FFFF,
            s.calories.flatMap { $0 >= 0 ? UInt64(min($0, 0xFFFE)) : nil } ?? 0xFFFF,
            scaled(s.avgSpeed, 1000, max: 0xFFFE) ?? 0xFFFF,
            scaled(s.maxSpeed, 1000, max: 0xFFFE) ?? 0xFFFF,
            s.avgHeartRate.flatMap { $0 >= 1 ? UInt64(min($0, 254)) : nil } ?? 0xFF,
            s.maxHeartRate.flatMap { $0 >= 1 ? UInt64(min($0, 254)) : nil } ?? 0xFF,
            s.avgCadence.flatMap { $0 >= 0 ? UInt64(min($0, 254)) : nil } ?? 0xFF,
            s.maxCadence.flatMap { $0 >= 0 ? UInt64(min($0, 254)) : nil } ?? 0xFF,
            s.avgPower.flatMap { $0 >= 0 ? UInt64(min($0, 0xFFFE)) : nil } ?? 0xFFFF,
            s.maxPower.flatMap { $0 >= 0 ? UInt64(min($0, 0xFFFE)) : nil } ?? 0xFFFF,
        ]
    }

    private static func scaled(_ value: Double?, _ scale: Double, max: UInt64) -> UInt64? {
        guard let value, value.isFinite, value >= 0 else { return nil }
        let v = (value * scale).rounded()
        return v >= Double(max) ? max : UInt64(v)
    }

    private static func semicircles(_ degrees: Double) -> UInt64? {
        guard degrees.isFinite, abs(degrees) <= 180 else { return nil }
        let v = (degrees * 2_147_483_648 / 180).rounded()
        let clamped = Swift.min(Swift.max(v, -2_147_483_647), 2_147_483_646)
        return UInt64(UInt32(bitPattern: Int32(clamped)))
    }

    private struct Encoder {
        var bytes: [UInt8] = []
        var definitions: [[FIT.BaseType]] = Array(repeating: [], count: 16)

        mutating func define(local: UInt8, global: UInt16, _ fields: [(UInt8, FIT.BaseType)]) {
            bytes.append(0x40 | local)
            bytes.append(0)  // reserved
            bytes.append(0)  // little-endian
            bytes.append(UInt8(global & 0xFF))
            bytes.append(UInt8(global >> 8))
            bytes.append(UInt8(fields.count))
            for (number, type) in fields {
                bytes.append(number)
                bytes.append(UInt8(type.size))
                bytes.append(type.rawValue)
            }
            definitions[Int(local)] = fields.map(\.1)
        }

        mutating func data(local: UInt8, _ values: [UInt64]) {
            bytes.append(local)
            for (type, value) in zip(definitions[Int(local)], values) {
                var v = value
                for _ in 0..<type.size {
                    bytes.append(UInt8(truncatingIfNeeded: v))
                    v >>= 8
                }
            }
        }

        func finish() -> Data {
            let size = UInt32(bytes.count)
            var header: [UInt8] = [14, 0x20, UInt8(FIT.profileVersion & 0xFF), UInt8(FIT.profileVersion >> 8)]
            header += [UInt8(size & 0xFF), UInt8((size >> 8) & 0xFF), UInt8((size >> 16) & 0xFF), UInt8(size >> 24)]
            header += Array(".FIT".utf8)
            let headerCRC = FITCRC.compute(header)
            header += [UInt8(headerCRC & 0xFF), UInt8(headerCRC >> 8)]
            var crc = FITCRC.compute(header)
            crc = FITCRC.compute(bytes, initial: crc)
            var out = Data(capacity: header.count + bytes.count + 2)
            out.append(contentsOf: header)
            out.append(contentsOf: bytes)
            out.append(contentsOf: [UInt8(crc & 0xFF), UInt8(crc >> 8)])
            return out
        }
    }
}
