import ActivityFiles
import Foundation
import JustZone2

/// Why a command-line tool could not do its work; the description is what the user reads.
public struct Zone2ToolError: Error, CustomStringConvertible, Equatable {
    /// The message to print.
    public let description: String
    init(_ description: String) { self.description = description }
}

/// The `clubhouse zone2 decode` and `analyze` commands, as functions returning the text to print.
public enum Zone2Tools {
    /// Decodes one characteristic value (hex, spaces or colons allowed) to pretty JSON:
    /// `{"characteristic": "2AD2", "type": "indoorBikeData", "value": {…}}`.
    public static func decode(characteristic: String, hex: String) throws(Zone2ToolError) -> String {
        let bytes: [UInt8]
        do {
            bytes = try Hex.bytes(from: hex)
        } catch {
            throw Zone2ToolError("'\(hex)' is not a hex value: \(error)")
        }
        let value: DecodedValue
        do {
            value = try CharacteristicDecoder.decode(uuid: characteristic, bytes: bytes)
        } catch {
            throw Zone2ToolError("Cannot decode \(bytes.count) bytes as \(characteristic): \(error)")
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let (type, json) = encoded(value, with: encoder)
        return """
            {"characteristic": "\(GATTUUIDs.shortForm(characteristic))", "type": "\(type)", "value": \(json)}
            """
    }

    static func encoded(_ value: DecodedValue, with encoder: JSONEncoder) -> (String, String) {
        func json(_ item: some Encodable) -> String {
            (try? encoder.encode(item)).map { String(decoding: $0, as: UTF8.self) } ?? "null"
        }
        switch value {
        case .indoorBikeData(let item): return ("indoorBikeData", json(item))
        case .controlPointRequest(let item): return ("controlPointRequest", json(item))
        case .controlPointResponse(let item): return ("controlPointResponse", json(item))
        case .fitnessMachineStatus(let item): return ("fitnessMachineStatus", json(item))
        case .fitnessMachineFeature(let item): return ("fitnessMachineFeature", json(item))
        case .supportedPowerRange(let item): return ("supportedPowerRange", json(item))
        case .supportedResistanceRange(let item): return ("supportedResistanceRange", json(item))
        case .trainingStatus(let item): return ("trainingStatus", json(item))
        case .heartRateMeasurement(let item): return ("heartRateMeasurement", json(item))
        case .cyclingPowerMeasurement(let item): return ("cyclingPowerMeasurement", json(item))
        }
    }

    /// `fit`, `tcx` or `gpx` (Strava's `data_type`) by the file's content, not its name; nil for anything else.
    public static func fileType(of data: Data) -> String? {
        if data.count >= 12, data.dropFirst(8).prefix(4).elementsEqual(Array(".FIT".utf8)) { return "fit" }
        let text = String(decoding: data.prefix(512), as: UTF8.self)
        if text.contains("<TrainingCenterDatabase") { return "tcx" }
        if text.contains("<gpx") { return "gpx" }
        return nil
    }

    /// Reads a FIT, TCX or GPX file (by its content, not its name).
    public static func activity(from data: Data) throws(Zone2ToolError) -> Activity {
        guard let type = fileType(of: data) else { throw Zone2ToolError("Not a FIT, TCX or GPX file.") }
        do {
            switch type {
            case "fit": return try FITReader.activity(from: data)
            case "tcx": return try TCXReader.activity(from: data)
            default: return try GPXReader.activity(from: data)
            }
        } catch {
            throw Zone2ToolError("The file could not be read: \(error)")
        }
    }

    /// The samples of an activity as a workout recording (seconds since its start).
    public static func samples(of activity: Activity) -> [RecordedSample] {
        activity.samples.map { sample in
            RecordedSample(
                elapsed: sample.time.timeIntervalSince(activity.startTime), power: sample.power,
                cadence: sample.cadence, speed: sample.speed, distance: sample.distance, heartRate: sample.heartRate)
        }
    }

    /// Analyses a file and returns the report printed by `clubhouse zone2 analyze`.
    public static func analyze(fileAt path: String, zone: HeartRateZone?) throws(Zone2ToolError) -> String {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw Zone2ToolError("Cannot read \(path).")
        }
        let activity = try activity(from: data)
        let analysis = WorkoutAnalyzer.analyze(samples(of: activity), zone: zone)
        return report(analysis, name: activity.name ?? (path as NSString).lastPathComponent)
    }

    /// `h:mm:ss`.
    public static func clock(_ seconds: TimeInterval) -> String {
        let s = seconds.isFinite ? Int(seconds.rounded()) : 0
        return String(format: "%d:%02d:%02d", s / 3600, s % 3600 / 60, s % 60)
    }

    /// A readable report of an analysis.
    public static func report(_ analysis: WorkoutAnalysis, name: String) -> String {
        func number(_ value: Double?, _ unit: String, decimals: Int = 0) -> String {
            value.map { String(format: "%.\(decimals)f", $0) + unit } ?? "–"
        }
        var lines = [
            name,
            "duration        \(clock(analysis.duration)) (recorded \(clock(analysis.recordedTime)))",
            "power           avg \(number(analysis.averagePower, " W")), max \(analysis.maximumPower.map { "\($0) W" } ?? "–"), normalized \(number(analysis.normalizedPower, " W"))",
            "heart rate      avg \(number(analysis.averageHeartRate, " bpm")), max \(analysis.maximumHeartRate.map { "\($0) bpm" } ?? "–")",
        ]
        if let zone = analysis.zone, let time = analysis.timeInZone {
            let share = analysis.recordedTime > 0 ? 100 * time / analysis.recordedTime : 0
            lines.append("Zone 2          \(zone.lower)–\(zone.upper) bpm: \(clock(time)) (\(Int(share.rounded())) %)")
        }
        lines.append(
            "efficiency      EF \(number(analysis.efficiencyFactor, "", decimals: 2)), Pw:HR decoupling \(number(analysis.decoupling, " %", decimals: 1))"
        )
        if let steady = analysis.steady {
            lines.append("steady part     \(clock(steady.lowerBound)) – \(clock(steady.upperBound))")
        }
        lines.append("energy          \(analysis.calories) kcal")
        return lines.joined(separator: "\n")
    }
}

extension Zone2Tools {
    /// A recording as an activity file's content (indoor cycling; dropouts stay gaps; the rider's laps, or one).
    /// Times are the start plus riding seconds, so pauses take no time in the file.
    public static func activity(from recording: WorkoutRecording, name: String = "Zone 2 ride") -> Activity {
        let start = recording.startedAt
        let bounds = recording.laps.isEmpty ? [] : [0] + recording.laps + [recording.elapsed]
        return Activity(
            name: name, sport: .cycling, subSport: .indoorCycling, startTime: start,
            samples: recording.samples.map { sample in
                ActivitySample(
                    time: start.addingTimeInterval(sample.elapsed), power: sample.power,
                    heartRate: sample.heartRate, cadence: sample.cadence, speed: sample.speed,
                    distance: sample.distance)
            },
            laps: zip(bounds, bounds.dropFirst()).map {
                ActivityLap(start: start.addingTimeInterval($0), end: start.addingTimeInterval($1))
            })
    }

    /// Writes `<id>.fit` and `<id>.tcx` into `directory`; returns their paths.
    public static func save(_ recording: WorkoutRecording, in directory: URL) throws(Zone2ToolError) -> [String] {
        let activity = activity(from: recording)
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            let fit = directory.appendingPathComponent("\(recording.id).fit")
            let tcx = directory.appendingPathComponent("\(recording.id).tcx")
            try FITWriter.data(for: activity).write(to: fit, options: .atomic)
            try TCXWriter.data(for: activity).write(to: tcx, options: .atomic)
            return [fit.path, tcx.path]
        } catch {
            throw Zone2ToolError("Could not write the ride files in \(directory.path): \(error.localizedDescription)")
        }
    }
}
