import Foundation

/// The recording of a workout in progress: 1 Hz samples, pauses, and enough state to resume after a crash.
public struct WorkoutRecording: Sendable, Equatable, Codable {
    /// A stable id (file names, upload `external_id`).
    public var id: String
    /// Wall-clock start (UTC).
    public var startedAt: Date
    /// The plan being ridden.
    public var plan: WorkoutPlan
    /// Samples in time order; `elapsed` counts riding time (pauses excluded).
    public private(set) var samples: [RecordedSample] = []
    /// Riding seconds so far.
    public private(set) var elapsed: TimeInterval = 0
    /// Whether the rider paused.
    public private(set) var isPaused = false
    /// The main part's target (ERG target, or the controller's latest), for resuming.
    public var mainTargetWatts: Int
    /// When the recording was last written to disk (riding seconds).
    public private(set) var checkpointedAt: TimeInterval?

    /// A new recording.
    public init(id: String, startedAt: Date, plan: WorkoutPlan, mainTargetWatts: Int) {
        self.id = id
        self.startedAt = startedAt
        self.plan = plan
        self.mainTargetWatts = mainTargetWatts
    }

    /// Adds one second of riding. While paused nothing is recorded; a sample with no data (a dropout) is not
    /// added, so the gap stays visible and no value is invented.
    public mutating func record(
        power: Int?, target: Int?, cadence: Int?, speed: Double?, distance: Double?, heartRate: Int?,
        seconds: TimeInterval = 1
    ) {
        guard !isPaused, seconds.isFinite, seconds > 0 else { return }
        if power != nil || cadence != nil || speed != nil || heartRate != nil {
            samples.append(
                RecordedSample(
                    elapsed: elapsed, power: power, target: target, cadence: cadence, speed: speed, distance: distance,
                    heartRate: heartRate))
        }
        elapsed += seconds
    }

    /// Pauses (recording stops, the clock of riding time stops).
    public mutating func pause() { isPaused = true }
    /// Resumes after a pause.
    public mutating func resume() { isPaused = false }

    /// Whether a checkpoint is due (every `every` seconds of riding; default one minute).
    public func needsCheckpoint(every: TimeInterval = 60) -> Bool {
        elapsed - (checkpointedAt ?? 0) >= every
    }

    /// Marks the recording as written at the current riding time.
    public mutating func markCheckpointed() { checkpointedAt = elapsed }
}

/// Why a checkpoint could not be read or written.
public enum CheckpointError: Error, Equatable, CustomStringConvertible {
    case unreadable(String)
    case unwritable(String)

    public var description: String {
        switch self {
        case .unreadable(let detail): "The saved workout could not be read: \(detail)"
        case .unwritable(let detail): "The workout could not be saved: \(detail)"
        }
    }
}

/// Keeps the workout in progress on disk: one JSON file per recording, replaced atomically every minute, so a crash
/// loses at most a minute and the interrupted workout can be resumed or saved.
public struct CheckpointStore: Sendable {
    /// The folder holding `<id>.inprogress.json` files.
    public let directory: URL

    /// A store in `directory` (created when missing).
    public init(directory: URL) { self.directory = directory }

    func file(for id: String) -> URL {
        let safe = id.filter { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }
        return directory.appendingPathComponent("\(safe.isEmpty ? "workout" : safe).inprogress.json")
    }

    /// Writes the recording (atomically: a crash mid-write leaves the previous checkpoint) and marks it written.
    public func save(_ recording: inout WorkoutRecording) throws(CheckpointError) {
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            let encoder = JSONEncoder()
            encoder.dateEncodingStrategy = .iso8601
            recording.markCheckpointed()
            try encoder.encode(recording).write(to: file(for: recording.id), options: .atomic)
        } catch {
            throw .unwritable(error.localizedDescription)
        }
    }

    /// Workouts that were interrupted (their checkpoints), oldest first; unreadable files are skipped.
    public func interrupted() -> [WorkoutRecording] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { $0.hasSuffix(".inprogress.json") }.sorted().compactMap { name in
            try? load(directory.appendingPathComponent(name))
        }.sorted { $0.startedAt < $1.startedAt }
    }

    /// Reads one checkpoint file.
    public func load(_ url: URL) throws(CheckpointError) -> WorkoutRecording {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw .unreadable(error.localizedDescription)
        }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        do {
            return try decoder.decode(WorkoutRecording.self, from: data)
        } catch {
            throw .unreadable("not a workout checkpoint (\(url.lastPathComponent))")
        }
    }

    /// Removes the checkpoint once the workout is saved as a file (or discarded).
    public func remove(id: String) {
        try? FileManager.default.removeItem(at: file(for: id))
    }
}
