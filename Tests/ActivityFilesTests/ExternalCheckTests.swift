import Foundation
import Testing

@testable import ActivityFiles

/// Writes `ride.fit`, `ride.tcx` and `ride.json` into `$ACTIVITY_FILES_OUT` for scripts/check-activity-files.py
/// (CI), or into a temporary folder when it is unset, and reads all three back with our own readers.
@Suite struct ExternalCheckTests {
    private struct JSONSample: Codable, Equatable {
        var time: String
        var power: Int?
        var hr: Int?
        var cadence: Int?
        var speed: Double?
        var distance: Double?

        init(time: String, power: Int?, hr: Int?, cadence: Int?, speed: Double?, distance: Double?) {
            self.time = time
            self.power = power
            self.hr = hr
            self.cadence = cadence
            self.speed = speed
            self.distance = distance
        }

        init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            time = try c.decode(String.self, forKey: .time)
            power = try c.decodeIfPresent(Int.self, forKey: .power)
            hr = try c.decodeIfPresent(Int.self, forKey: .hr)
            cadence = try c.decodeIfPresent(Int.self, forKey: .cadence)
            speed = try c.decodeIfPresent(Double.self, forKey: .speed)
            distance = try c.decodeIfPresent(Double.self, forKey: .distance)
        }

        /// Every key is written, `null` when absent: the checker compares them all.
        func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(time, forKey: .time)
            try c.encode(power, forKey: .power)
            try c.encode(hr, forKey: .hr)
            try c.encode(cadence, forKey: .cadence)
            try c.encode(speed, forKey: .speed)
            try c.encode(distance, forKey: .distance)
        }

        enum CodingKeys: String, CodingKey { case time, power, hr, cadence, speed, distance }
    }

    /// `$ACTIVITY_FILES_OUT` when set (CI's external checkers read it), else a new temporary folder.
    private static func outputFolder() -> URL {
        if let path = ProcessInfo.processInfo.environment["ACTIVITY_FILES_OUT"], !path.isEmpty {
            return URL(fileURLWithPath: path)
        }
        return FileManager.default.temporaryDirectory.appendingPathComponent(
            "clubhouse-activity-files-\(UUID().uuidString)")
    }

    @Test("ride.fit, ride.tcx and ride.json are written for the external decoders and read back the same")
    func writeFilesForExternalCheck() throws {
        let directory = Self.outputFolder()
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let activity = TestRide.activity()
        try FITWriter.data(for: activity).write(to: directory.appendingPathComponent("ride.fit"))
        try TCXWriter.data(for: activity).write(to: directory.appendingPathComponent("ride.tcx"))
        let samples = activity.resolvedSamples().map {
            JSONSample(
                time: Format.iso8601($0.time), power: $0.power, hr: $0.heartRate, cadence: $0.cadence, speed: $0.speed,
                distance: $0.distance)
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        try encoder.encode(samples).write(to: directory.appendingPathComponent("ride.json"))

        // What the checkers will read: all three files, each the whole ride.
        for name in ["ride.fit", "ride.tcx", "ride.json"] {
            #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent(name).path), "\(name)")
        }
        let fit = try FITReader.activity(from: try Data(contentsOf: directory.appendingPathComponent("ride.fit")))
        #expect(fit.samples.count == 3600)
        #expect(fit.samples == activity.samples)
        #expect(fit.startTime == activity.startTime && fit.calories == 650)
        let tcx = try TCXReader.activity(from: try Data(contentsOf: directory.appendingPathComponent("ride.tcx")))
        #expect(tcx.samples.count == 3600)
        #expect(tcx.samples == activity.samples)
        #expect(tcx.name == activity.name)
        let json = try JSONDecoder().decode(
            [JSONSample].self, from: try Data(contentsOf: directory.appendingPathComponent("ride.json")))
        #expect(json.count == 3600)
        #expect(json == samples)
        #expect(json.first?.time == "2026-05-01T10:00:00Z")
        #expect(json.filter { $0.hr == nil }.count == 60, "the minute without heart rate is null, never 0")
        let raw = try String(contentsOf: directory.appendingPathComponent("ride.json"), encoding: .utf8)
        #expect(raw.contains("\"hr\":null"), "absent values are written as null for the checker")
    }
}
