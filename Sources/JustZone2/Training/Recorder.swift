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
    /// Where the rider started a new lap (riding seconds, ascending; the first lap starts at 0 and is not listed).
    public private(set) var laps: [TimeInterval] = []

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

    /// Starts a new lap now; false (nothing changes) at 0 s or when a lap already starts at this second.
    @discardableResult
    public mutating func markLap() -> Bool {
        guard elapsed > 0, elapsed > (laps.last ?? 0) else { return false }
        laps.append(elapsed)
        return true
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

    private enum CodingKeys: String, CodingKey {
        case id, startedAt, plan, samples, elapsed, isPaused, mainTargetWatts, checkpointedAt, laps
    }

    /// Reads a recording; checkpoints written before laps were recorded have none.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(String.self, forKey: .id)
        startedAt = try container.decode(Date.self, forKey: .startedAt)
        plan = try container.decode(WorkoutPlan.self, forKey: .plan)
        samples = try container.decode([RecordedSample].self, forKey: .samples)
        elapsed = try container.decode(TimeInterval.self, forKey: .elapsed)
        isPaused = try container.decode(Bool.self, forKey: .isPaused)
        mainTargetWatts = try container.decode(Int.self, forKey: .mainTargetWatts)
        checkpointedAt = try container.decodeIfPresent(TimeInterval.self, forKey: .checkpointedAt)
        laps = try container.decodeIfPresent([TimeInterval].self, forKey: .laps) ?? []
    }
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
