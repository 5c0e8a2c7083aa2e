import Foundation

/// A live ride: the real-time twin of ``RideSimulation``. Once a second on its clock it reads the trainer
/// (``TrainerSession``) and the strap (``HeartRateSession``, else the trainer's own heart-rate field), lets the
/// heart-rate controller choose the main part's power, sets the plan's target, records one sample (a second without
/// data stays a gap) and checkpoints every minute. The sessions reconnect by themselves and re-apply the target, so a
/// dropped link costs a gap in the recording, never the ride. The server runs one per rider whatever carries the
/// Bluetooth traffic (a browser tab through the bridge, the simulator).
public actor RideEngine {
    /// What a rider can do during a ride (the ride page's buttons and keys).
    public enum Command: Sendable, Equatable {
        /// Raise (positive) or lower the target: watts in ERG mode, bpm of the zone in heart-rate mode.
        case adjust(Int)
        case pause
        case resume
        /// Start a new lap now (kept in the recording and its files).
        case lap
        /// End the ride now (it is kept as ridden).
        case stop
        /// Zone targeting on (heart-rate guided power in `zone`, starting from the current target) or off (nil: ERG
        /// at the current target).
        case targeting(HeartRateZone?)
    }

    /// The ride at one moment, for the ride page (the bridge's `state` frame).
    public struct Snapshot: Sendable, Equatable, Codable {
        public var elapsed: TimeInterval
        public var total: TimeInterval
        public var phase: WorkoutPlan.Phase
        /// Seconds left in the current phase.
        public var phaseRemaining: TimeInterval
        public var isPaused: Bool
        public var isFinished: Bool
        public var power: Int?
        public var target: Int
        public var heartRate: Int?
        public var cadence: Int?
        /// Zone 2 bounds in heart-rate mode.
        public var zoneLower: Int?
        public var zoneUpper: Int?
        public var trainerConnected: Bool
        public var strapConnected: Bool?
        /// Why the ride paused by itself, if it did.
        public var notice: String?
    }

    let trainer: TrainerSession
    let strap: HeartRateSession?
    let checkpoints: CheckpointStore?
    let sleep: @Sendable (Duration) async throws -> Void
    /// The recording so far.
    public private(set) var recording: WorkoutRecording
    var controller: Zone2PowerController?
    var stopped = false
    /// The wait for the next second, cancelled by `stop`.
    var nap: Task<Void, any Error>?
    /// The rider paused (as opposed to a pause for lack of trainer data).
    var riderPaused = false
    var secondsWithoutData: TimeInterval = 0
    var lastPackets = 0
    /// Seconds ticked and finished (paused ones included).
    public private(set) var ticks = 0
    var ticksSincePacket = 0
    var latest: Snapshot
    /// Whether ``Snapshot/notice`` is about a refused target.
    var showsRefusal = false
    /// After this long without trainer data the ride pauses until data returns.
    public static let noDataPause: TimeInterval = 600

    /// A new ride of `plan` over `trainer` (and `strap` when paired), ticking on `clock`; checkpoints go to
    /// `checkpoints`.
    public init<C: Clock>(
        plan: WorkoutPlan, trainer: TrainerSession, strap: HeartRateSession?, id: String, startedAt: Date,
        checkpoints: CheckpointStore? = nil, clock: C
    ) where C.Duration == Duration {
        let main: Int
        switch plan.mode {
        case .erg(let watts): main = watts
        case .heartRate(_, let start, _, _): main = start
        }
        self.init(
            resuming: WorkoutRecording(id: id, startedAt: startedAt, plan: plan, mainTargetWatts: main),
            trainer: trainer, strap: strap, checkpoints: checkpoints, clock: clock)
    }

    /// A ride carrying on from `recording` (a checkpoint after a server restart, or a new one): riding time and
    /// samples carry on, and the heart-rate controller restarts from the target the ride had reached.
    public init<C: Clock>(
        resuming recording: WorkoutRecording, trainer: TrainerSession, strap: HeartRateSession?,
        checkpoints: CheckpointStore? = nil, clock: C
    ) where C.Duration == Duration {
        self.trainer = trainer
        self.strap = strap
        self.checkpoints = checkpoints
        self.recording = recording
        sleep = { try await clock.sleep(for: $0) }
        let plan = recording.plan
        if case .heartRate(let zone, _, let floor, let ceiling) = plan.mode {
            controller = Zone2PowerController(
                zone: zone, startWatts: recording.mainTargetWatts, floorWatts: floor, ceilingWatts: ceiling)
        }
        let elapsed = recording.elapsed
        latest = Snapshot(
            elapsed: elapsed, total: plan.totalDuration, phase: plan.phase(at: elapsed), phaseRemaining: 0,
            isPaused: false, isFinished: false, power: nil,
            target: plan.target(at: elapsed, main: recording.mainTargetWatts), heartRate: nil, cadence: nil,
            zoneLower: controller?.zone.lower, zoneUpper: controller?.zone.upper, trainerConnected: false,
            strapConnected: strap == nil ? nil : false, notice: nil)
    }

    /// The ride now.
    public var snapshot: Snapshot { latest }

    /// Whether the plan is done or the rider stopped.
    public var isFinished: Bool { stopped || recording.elapsed >= recording.plan.totalDuration }

    /// Rides until the plan is done, the rider stops or the task is cancelled; returns the recording.
    public func run() async -> WorkoutRecording {
        await trainer.setTarget(watts: latest.target)
        while !isFinished && !Task.isCancelled {
            // The wait is a task of its own, so `stop` ends the ride at once instead of at the next second.
            let sleep = self.sleep
            let nap = Task { try await sleep(.seconds(1)) }
            self.nap = nap
            guard (try? await nap.value) != nil, !stopped else { break }
            await tick()
        }
        nap = nil
        latest.isFinished = isFinished
        saveCheckpoint()
        return recording
    }

    /// Applies a rider's command; returns what changed, in words.
    @discardableResult
    public func apply(_ command: Command) async -> String {
        switch command {
        case .adjust(let delta):
            if var controller {
                controller.zone = controller.zone.shifted(by: delta)
                self.controller = controller
                latest.zoneLower = controller.zone.lower
                latest.zoneUpper = controller.zone.upper
                return "zone \(controller.zone.lower)–\(controller.zone.upper) bpm"
            }
            recording.mainTargetWatts = min(max(recording.mainTargetWatts + delta, 0), 2000)
            if recording.plan.phase(at: recording.elapsed) == .main, !recording.isPaused {
                latest.target = recording.mainTargetWatts
                await trainer.setTarget(watts: recording.mainTargetWatts)
            }
            return "target \(recording.mainTargetWatts) W"
        case .pause:
            guard !recording.isPaused else { return "paused" }
            riderPaused = true
            recording.pause()
            latest.isPaused = true
            await trainer.pause()
            return "paused"
        case .resume:
            guard recording.isPaused else { return "riding" }
            riderPaused = false
            recording.resume()
            latest.isPaused = false
            latest.notice = nil
            await trainer.resume()
            return "resumed"
        case .targeting(let zone):
            let watts = recording.mainTargetWatts
            guard let zone else {
                controller = nil
                recording.plan.mode = .erg(targetWatts: watts)
                latest.zoneLower = nil
                latest.zoneUpper = nil
                return "ERG at \(watts) W"
            }
            let (floor, ceiling): (Int, Int) =
                if case .heartRate(_, _, let floor, let ceiling) = recording.plan.mode { (floor, ceiling) } else {
                    (max(0, watts / 2), max(watts, watts * 2))
                }
            controller = Zone2PowerController(zone: zone, startWatts: watts, floorWatts: floor, ceilingWatts: ceiling)
            recording.plan.mode = .heartRate(zone: zone, startWatts: watts, floorWatts: floor, ceilingWatts: ceiling)
            latest.zoneLower = zone.lower
            latest.zoneUpper = zone.upper
            return "zone targeting \(zone.lower)–\(zone.upper) bpm"
        case .lap:
            let at = Int(recording.elapsed)
            guard recording.markLap() else { return "lap \(recording.laps.count + 1) runs from \(Self.clock(at))" }
            return "lap \(recording.laps.count + 1) from \(Self.clock(at))"
        case .stop:
            stopped = true
            latest.isFinished = true
            nap?.cancel()
            return "stopped at \(Int(recording.elapsed) / 60) min"
        }
    }

    /// Where the rider started new laps (riding seconds; see ``WorkoutRecording/laps``).
    public var laps: [TimeInterval] { recording.laps }

    static func clock(_ seconds: Int) -> String {
        "\(seconds / 60):" + (seconds % 60 < 10 ? "0" : "") + "\(seconds % 60)"
    }

    /// One second of the ride.
    func tick() async {
        // Fresh data only: a trainer that stopped sending is a gap after a 1-s hold, never a repeated value.
        let packets = await trainer.bikeDataPackets
        ticksSincePacket = packets == lastPackets ? ticksSincePacket + 1 : 0
        lastPackets = packets
        let bike = ticksSincePacket <= 1 ? await trainer.latestBikeData : nil
        let trainerConnected = await trainer.isConnected
        let strapRate = await strap?.heartRate
        let strapConnected = await strap?.isConnected
        // The strap, else the trainer's own heart-rate field (a strap paired to the trainer); 0 bpm is missing.
        let heartRate = strapRate ?? bike?.heartRate.flatMap { $0 > 0 ? $0 : nil }
        // A long silence from the trainer pauses the ride until data returns (the rider likely left).
        if bike == nil {
            secondsWithoutData += 1
            if secondsWithoutData >= Self.noDataPause, !recording.isPaused {
                recording.pause()
                latest.notice = "Paused: no data from the trainer for 10 minutes."
            }
        } else {
            secondsWithoutData = 0
            if recording.isPaused, !riderPaused {
                recording.resume()
                latest.notice = nil
            }
        }
        let elapsed = recording.elapsed
        let plan = recording.plan
        if var controller, !recording.isPaused, plan.phase(at: elapsed) == .main {
            recording.mainTargetWatts = controller.update(heartRate: heartRate, at: elapsed - plan.warmUp)
            self.controller = controller
        }
        let target = plan.target(at: elapsed, main: recording.mainTargetWatts)
        if !recording.isPaused { await trainer.setTarget(watts: target) }
        // A target the trainer refused is said, with what it holds instead, until another one is asked for.
        let refused = await trainer.refusedTarget
        let held = await trainer.appliedTarget
        if let refused {
            latest.notice = "The trainer refused \(refused) W" + (held.map { " and holds \($0) W." } ?? ".")
            showsRefusal = true
        } else if showsRefusal {
            latest.notice = nil
            showsRefusal = false
        }
        recording.record(
            power: bike?.instantaneousPower, target: target,
            cadence: bike?.instantaneousCadence.map { Int($0.rounded()) },
            speed: bike?.instantaneousSpeed.map { $0 / 3.6 }, distance: bike?.totalDistance.map(Double.init),
            heartRate: heartRate)
        if recording.needsCheckpoint() { saveCheckpoint() }
        let now = recording.elapsed
        let phase = plan.phase(at: now)
        let phaseEnd: TimeInterval =
            switch phase {
            case .warmUp: plan.warmUp
            case .main: plan.warmUp + plan.duration
            case .coolDown, .finished: plan.totalDuration
            }
        latest = Snapshot(
            elapsed: now, total: plan.totalDuration, phase: phase, phaseRemaining: max(0, phaseEnd - now),
            isPaused: recording.isPaused, isFinished: isFinished, power: bike?.instantaneousPower, target: target,
            heartRate: heartRate, cadence: bike?.instantaneousCadence.map { Int($0.rounded()) },
            zoneLower: controller?.zone.lower, zoneUpper: controller?.zone.upper,
            trainerConnected: trainerConnected, strapConnected: strapConnected, notice: latest.notice)
        // Counted when the second is done (recorded, snapshot updated), so a reader that sees it sees the result.
        ticks += 1
    }

    func saveCheckpoint() {
        guard let checkpoints else { return }
        // A full disk must not end the ride: the next minute tries again.
        try? checkpoints.save(&recording)
    }
}
