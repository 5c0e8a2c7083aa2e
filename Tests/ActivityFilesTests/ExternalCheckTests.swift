import Foundation
import Testing

@testable import ActivityFiles

/// Writes `ride.fit`, `ride.tcx` and `ride.json` into `$ACTIVITY_FILES_OUT` for scripts/check-activity-files.py.
@Suite struct ExternalCheckTests {
    private struct JSONSample: Encodable {
        var time: String
        var power: Int?
        var hr: Int?
        var cadence: Int?
        var speed: Double?
        var distance: Double?

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

    @Test(.enabled(if: ProcessInfo.processInfo.environment["ACTIVITY_FILES_OUT"] != nil))
    func writeFilesForExternalCheck() throws {
        let directory = URL(fileURLWithPath: ProcessInfo.processInfo.environment["ACTIVITY_FILES_OUT"] ?? ".")
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
    }
}
