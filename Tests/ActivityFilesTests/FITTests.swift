import ClubhouseBasics
import Foundation
import Testing

@testable import ActivityFiles

@Suite struct FITTests {
    @Test func crcKnownVector() {
        // CRC-16/ARC check value, which the FIT CRC equals.
        #expect(FITCRC.compute(Array("123456789".utf8)) == 0xBB3D)
        #expect(FITCRC.compute([UInt8]()) == 0)
    }

    @Test func roundTrip() throws {
        let activity = TestRide.activity()
        let data = FITWriter.data(for: activity)
        let read = try FITReader.activity(from: data)
        #expect(read.samples.count == 3600)
        #expect(read.samples == activity.samples)
        #expect(read.sport == .cycling)
        #expect(read.subSport == .virtualActivity)
        #expect(read.startTime == activity.startTime)
        #expect(read.calories == 650)
        #expect(read.laps == [ActivityLap(start: activity.startTime, end: activity.startTime.addingTimeInterval(3629))])
    }

    @Test func positionAndAltitudeRoundTrip() throws {
        let start = TestRide.start
        let samples = (0..<10).map {
            ActivitySample(
                time: start.addingTimeInterval(Double($0)), latitude: 47.3769 + Double($0) * 1e-4,
                longitude: -8.5417 - Double($0) * 1e-4, altitude: 408.2 + Double($0))
        }
        let activity = Activity(sport: .running, startTime: start, samples: samples)
        let read = try FITReader.activity(from: FITWriter.data(for: activity))
        #expect(read.sport == .running)
        for (a, b) in zip(read.samples, samples) {
            #expect(abs((a.latitude ?? 0) - (b.latitude ?? 1)) < 1e-6)
            #expect(abs((a.longitude ?? 0) - (b.longitude ?? 1)) < 1e-6)
            #expect(abs((a.altitude ?? 0) - (b.altitude ?? 1)) < 0.2)
            #expect(a.power == nil && a.heartRate == nil && a.speed == nil)
        }
    }

    @Test func tinyFileHeaderAndCRC() throws {
        let activity = Activity(
            startTime: TestRide.start,
            samples: [ActivitySample(time: TestRide.start, power: 200, heartRate: 130, cadence: 90)])
        let bytes = [UInt8](FITWriter.data(for: activity))
        // Golden values, cross-checked with the Garmin FIT SDK's CrcCalculator (header 0xA50A, file 0x46E2).
        #expect(bytes.count == 395)
        #expect(
            Array(bytes[0..<14]) == [
                0x0E, 0x20, 0x92, 0x08, 0x7B, 0x01, 0x00, 0x00, 0x2E, 0x46, 0x49, 0x54, 0x0A, 0xA5,
            ])
        #expect(Array(bytes.suffix(2)) == [0xE2, 0x46])
        let headerCRC = UInt16(bytes[12]) | UInt16(bytes[13]) << 8
        #expect(headerCRC == FITCRC.compute(bytes[0..<12]))
        let fileCRC = UInt16(bytes[bytes.count - 2]) | UInt16(bytes[bytes.count - 1]) << 8
        #expect(fileCRC == FITCRC.compute(bytes[0..<(bytes.count - 2)]))
        // CRC over the whole file including its CRC is 0.
        #expect(FITCRC.compute(bytes) == 0)
        // First message: definition of local 0, little-endian, global 0 (file_id), 5 fields.
        #expect(Array(bytes[14..<20]) == [0x40, 0, 0, 0, 0, 5])
        // file_id type field: number 0, size 1, enum.
        #expect(Array(bytes[20..<23]) == [0, 1, 0x00])
        let read = try FITReader.activity(from: Data(bytes))
        #expect(read.samples == activity.samples)
    }

    @Test func missingValuesUseInvalidValues() throws {
        let activity = Activity(startTime: TestRide.start, samples: [ActivitySample(time: TestRide.start)])
        let read = try FITReader.activity(from: FITWriter.data(for: activity))
        #expect(read.samples == [ActivitySample(time: TestRide.start)])
    }

    @Test func truncatedAtEveryLength() {
        let activity = Activity(
            startTime: TestRide.start,
            samples: (0..<3).map { ActivitySample(time: TestRide.start.addingTimeInterval(Double($0)), power: 100) })
        let bytes = [UInt8](FITWriter.data(for: activity))
        for length in 0..<bytes.count {
            #expect(throws: FITError.self) { try FITReader.activity(from: Data(bytes[0..<length])) }
        }
    }

    @Test func badCRCs() {
        let bytes = [UInt8](FITWriter.data(for: TestRide.activity(count: 5)))
        var body = bytes
        body[40] ^= 0x01
        #expect(throws: FITError.badCRC) { try FITReader.activity(from: Data(body)) }
        var header = bytes
        header[12] ^= 0x01
        #expect(throws: FITError.badHeaderCRC) { try FITReader.activity(from: Data(header)) }
        var magic = bytes
        magic[9] = 0
        #expect(throws: FITError.badHeader) { try FITReader.activity(from: Data(magic)) }
    }

    @Test func randomBytesNeverTrap() {
        var rng = SplitMix64(seed: 42)
        let valid = [UInt8](FITWriter.data(for: TestRide.activity(count: 20)))
        for round in 0..<2000 {
            var bytes: [UInt8]
            if round % 2 == 0 {
                bytes = (0..<Int(rng.next() % 300)).map { _ in UInt8(truncatingIfNeeded: rng.next()) }
                if bytes.count >= 12, round % 4 == 0 { bytes.replaceSubrange(8..<12, with: Array(".FIT".utf8)) }
            } else {
                // Corrupt the message area of a valid file, then fix the CRCs so the parser sees the garbage.
                bytes = valid
                for _ in 0..<Int(1 + rng.next() % 8) {
                    bytes[14 + Int(rng.next() % UInt64(bytes.count - 16))] = UInt8(truncatingIfNeeded: rng.next())
                }
                let crc = FITCRC.compute(bytes[0..<(bytes.count - 2)])
                bytes[bytes.count - 2] = UInt8(crc & 0xFF)
                bytes[bytes.count - 1] = UInt8(crc >> 8)
            }
            _ = try? FITReader.activity(from: Data(bytes))
        }
        #expect(throws: FITError.truncated) { try FITReader.activity(from: Data()) }
    }

    @Test func readsCompressedTimestampsBigEndianAndDeveloperFields() throws {
        // Hand-built file: a big-endian record definition with a developer field, a normal record, then a
        // record with a compressed timestamp header (offset +2 s), and an unknown message (global 999).
        var m: [UInt8] = []
        let t0: UInt32 = 1_000_000_000
        // Definition local 0, developer flag, big-endian, global 20: timestamp, power; 1 developer field (2 bytes).
        m += [0x60, 0, 1, 0, 20, 2, 253, 4, 0x86, 7, 2, 0x84, 1, 0, 2, 0]
        m += [0x00] + withUnsafeBytes(of: t0.bigEndian, Array.init) + [0x00, 0xC8] + [0xAB, 0xCD]
        // Definition local 1, little-endian, global 20: power only (timestamp from the compressed header).
        m += [0x41, 0, 0, 20, 0, 1, 7, 2, 0x84]
        let offset = UInt8((t0 + 2) & 0x1F)
        m += [0x80 | (1 << 5) | offset, 0x2C, 0x01]
        // Unknown global message 999 with a string field.
        m += [0x42, 0, 0, 0xE7, 0x03, 1, 0, 3, 0x07]
        m += [0x02, 0x61, 0x62, 0x00]
        var header: [UInt8] = [12, 0x10, 0, 0]
        header += withUnsafeBytes(of: UInt32(m.count).littleEndian, Array.init) + Array(".FIT".utf8)
        var file = header + m
        let crc = FITCRC.compute(file)
        file += [UInt8(crc & 0xFF), UInt8(crc >> 8)]
        let read = try FITReader.activity(from: Data(file))
        let base = Date(timeIntervalSince1970: 631_065_600 + Double(t0))
        #expect(
            read.samples == [
                ActivitySample(time: base, power: 200), ActivitySample(time: base.addingTimeInterval(2), power: 300),
            ])
    }

    @Test func undefinedLocalMessage() {
        var m: [UInt8] = [0x03, 0x00]
        var header: [UInt8] = [12, 0x10, 0, 0]
        header += withUnsafeBytes(of: UInt32(m.count).littleEndian, Array.init) + Array(".FIT".utf8)
        m = header + m
        let crc = FITCRC.compute(m)
        m += [UInt8(crc & 0xFF), UInt8(crc >> 8)]
        #expect(throws: FITError.undefinedLocalMessage(3)) { try FITReader.activity(from: Data(m)) }
    }
}
