import ActivityFiles
import Foundation
import JustZone2
import Logging
import ServerKit

/// One rider's ride in progress, server-side: the ``RideEngine`` over a ``TrainerSession`` and a
/// ``HeartRateSession`` whose transports are either the rider's browser tab (``RiderBridge``, source `bridge`) or
/// the simulated trainer and strap driven in real time (source `simulator`, the Demo). Every second it sends the
/// ride's ``RideState`` to every tab and checkpoints when due; at the end it writes the FIT file and the summary.
/// The ride never depends on a tab: a hidden, frozen or closed tab costs gaps in the recording, never the ride.
actor LiveRide {
    /// What starts a ride (the home page's form).
    struct Plan: Sendable, Equatable {
        var heartRateGuided: Bool
        var watts: Int
        var minutes: Int
        var warmUp: Bool
        var source: StoredRide.Source
    }

    nonisolated let id: String
    nonisolated let riderID: String
    nonisolated let source: StoredRide.Source
    nonisolated let bridge: RiderBridge
    nonisolated let startedAt: Date
    let engine: RideEngine
    let trainer: TrainerSession
    let strap: HeartRateSession
    let simulator: (trainer: SimulatedGATTTransport, strap: SimulatedStrapTransport)?
    /// The rider's Zone 2, for colours, zone targeting and the summary's time in zone.
    let zone: HeartRateZone?
    let timings: LiveTimings
    let clock: ScaledClock
    let store: RideStore
    let logger: Logger
    /// Real seconds since the ride was made (the bridge's heartbeat is about the network, never scaled).
    let real = ContinuousClock()
    let createdAt: ContinuousClock.Instant

    /// Tells the rider's diagnostics what happened.
    let note: @Sendable (String) -> Void
    private var mode: String
    /// Where laps start (riding seconds), as the page shows them; the recording keeps them for the files.
    private var laps: [Int]
    private var message: String?
    private var seq = 0
    private var tasks: [Task<Void, Never>] = []
    private var lastCheckpoint: TimeInterval
    private var heart = HeartRateModel()
    private var ended: RideState?
    /// Commands from the sockets, applied in order by one task.
    private let commandStream: AsyncStream<(String, Double?, String)>
    private let commands: AsyncStream<(String, Double?, String)>.Continuation
    private var onEnd: (@Sendable () async -> Void)?
    private var engineTask: Task<Void, Never>?
    /// Stopped without saving (shutdown, tests): the end of the engine's run saves nothing.
    private var abandoned = false

    /// A ride carrying on from `recording` (new or a checkpoint) over `source`'s transports.
    init(
        recording: WorkoutRecording, riderID: String, source: StoredRide.Source, zone: HeartRateZone?,
        timings: LiveTimings, store: RideStore, logger: Logger, note: @escaping @Sendable (String) -> Void = { _ in }
    ) {
        id = recording.id
        self.riderID = riderID
        self.source = source
        self.zone = zone
        self.timings = timings
        self.store = store
        self.logger = logger
        self.note = note
        startedAt = recording.startedAt
        createdAt = real.now
        let clock = ScaledClock(scale: timings.timeScale)
        self.clock = clock
        var bridgeTimeouts = BridgedGATTTransport.Timeouts()
        bridgeTimeouts.radioWait = .milliseconds(Int64(timings.radioWait * 1000))
        if let operation = timings.operationTimeout {
            bridgeTimeouts.read = .milliseconds(Int64(operation * 1000))
            bridgeTimeouts.write = .milliseconds(Int64(operation * 1000))
        }
        let bridgedTrainer = BridgedGATTTransport(device: .trainer, timeouts: bridgeTimeouts)
        let bridgedStrap = BridgedGATTTransport(
            device: .hrm, timeouts: bridgeTimeouts, firstID: RiderBridge.strapFirstID)
        bridge = RiderBridge(
            ride: recording.id, trainer: bridgedTrainer, strap: bridgedStrap, radioTimeout: timings.radioTimeout,
            note: note)
        let trainerLink: any GATTTransport
        let strapLink: any GATTTransport
        if source == .simulator {
            let sim = (trainer: SimulatedGATTTransport(), strap: SimulatedStrapTransport())
            simulator = sim
            (trainerLink, strapLink) = (sim.trainer, sim.strap)
        } else {
            simulator = nil
            (trainerLink, strapLink) = (bridgedTrainer, bridgedStrap)
        }
        var trainerOptions = TrainerSession.Options()
        trainerOptions.targetAppliedAfterLinkUp = {
            Observability.recordSeconds($0, in: "jz2_target_after_linkup_seconds")
        }
        trainer = TrainerSession(transport: trainerLink, options: trainerOptions, clock: clock)
        strap = HeartRateSession(transport: strapLink, clock: clock)
        engine = RideEngine(resuming: recording, trainer: trainer, strap: strap, clock: clock)
        if case .heartRate = recording.plan.mode { mode = "hr" } else { mode = "erg" }
        lastCheckpoint = recording.elapsed
        laps = recording.laps.map { Int($0) }
        (commandStream, commands) = AsyncStream.makeStream()
    }

    /// Starts the sessions, the engine, the once-a-second state and the heartbeat; `onEnd` runs once the ride is
    /// saved.
    func begin(onEnd: @escaping @Sendable () async -> Void) {
        self.onEnd = onEnd
        let (trainer, strap, engine, clock) = (self.trainer, self.strap, self.engine, self.clock)
        tasks.append(Task { await trainer.run() })
        tasks.append(Task { await strap.run() })
        tasks.append(Task { await self.runCommands() })
        tasks.append(
            Task {
                while !Task.isCancelled {
                    guard (try? await clock.sleep(for: .seconds(1))) != nil else { return }
                    await self.second()
                }
            })
        let ping = Duration.milliseconds(Int64(timings.ping * 1000))
        tasks.append(
            Task {
                while !Task.isCancelled {
                    guard (try? await Task.sleep(for: ping)) != nil else { return }
                    await self.bridge.heartbeat(at: self.now)
                }
            })
        // The engine's task is not in `tasks`: it ends by itself and then saves the ride.
        engineTask = Task {
            let recording = await engine.run()
            await self.finish(recording)
        }
    }

    /// Real seconds since the ride was made.
    nonisolated var now: TimeInterval {
        let span = createdAt.duration(to: real.now)
        return Double(span.components.seconds) + Double(span.components.attoseconds) / 1e18
    }

    // MARK: Tabs

    /// A tab said `hello`: it joins the rider's bridge and gets the state at once.
    func join(tab: String, wants role: BridgeRole, connection: Int, outbox: SocketOutbox) async {
        // The simulator needs no radio: every tab watches (and may send commands).
        let wanted: BridgeRole = source == .simulator ? .viewer : role
        await bridge.join(
            tab: tab, wants: wanted, at: now, connection: connection, send: { await outbox.send($0) },
            offer: { await outbox.offer($0) })
        await outbox.offer(.state(await state()))
    }

    /// The socket `connection` of `tab` closed.
    func leave(tab: String, connection: Int) async {
        await bridge.leave(tab: tab, connection: connection)
    }

    /// A frame from `tab`: device traffic to the bridge, commands to the engine's queue. Commands never run on the
    /// socket's reading task: applying one may write to the trainer, whose answer comes on that same socket.
    func receive(_ frame: BridgeFrame, from tab: String) async {
        await bridge.receive(frame, from: tab, at: now)
        guard case .command = frame else { return }
        for command in await bridge.takeCommands() {
            commands.yield((command.action, command.value, tab))
        }
    }

    /// Applies the tabs' commands in order, one at a time.
    private func runCommands() async {
        for await (action, value, tab) in commandStream {
            let outcome = await command(action, value: value, tab: tab)
            if case .failure(let why) = outcome { await bridge.tellAll(.error(why.message)) }
        }
    }

    // MARK: Commands

    /// Why a command was not applied.
    struct Refusal: Error, Equatable {
        var message: String
    }

    /// Applies a rider's command (the socket's `cmd`, or the form without JavaScript): `adjust` (value: ± watts in
    /// ERG, ± bpm in heart-rate mode), `pause`, `resume`, `toggle`, `lap`, `stop` (or `end`), `mode` (value 1: zone
    /// targeting, 0: ERG), `takeover` (this tab becomes the radio). Answers what changed, in words.
    @discardableResult
    func command(_ action: String, value: Double?, tab: String?) async -> Result<String, Refusal> {
        guard ended == nil else { return .failure(Refusal(message: "The ride has ended.")) }
        let said: String
        switch action {
        case "adjust":
            guard let value, value.isFinite, value != 0, abs(value) <= 50 else {
                return .failure(Refusal(message: "adjust needs a value from -50 to 50."))
            }
            said = await engine.apply(.adjust(Int(value.rounded())))
        case "pause": said = await engine.apply(.pause)
        case "resume": said = await engine.apply(.resume)
        case "toggle": said = await engine.apply(await engine.snapshot.isPaused ? .resume : .pause)
        case "lap":
            said = await engine.apply(.lap)
            laps = await engine.laps.map { Int($0) }
        case "stop", "end": said = await engine.apply(.stop)
        case "mode":
            guard let value else { return .failure(Refusal(message: "mode needs 1 (zone targeting) or 0 (ERG).")) }
            if value != 0 {
                guard let zone else {
                    return .failure(Refusal(message: "Set your heart-rate zones first (Zones page)."))
                }
                said = await engine.apply(.targeting(zone))
                mode = "hr"
            } else {
                said = await engine.apply(.targeting(nil))
                mode = "erg"
            }
        case "takeover":
            guard let tab, source == .bridge else {
                return .failure(Refusal(message: "Only a Bluetooth ride has a radio tab."))
            }
            await bridge.takeOver(tab: tab, at: now)
            said = "this tab is the radio"
        default:
            return .failure(Refusal(message: "Unknown command '\(action.prefix(32))'."))
        }
        message = said
        if ["pause", "toggle", "stop", "end"].contains(action) { await checkpoint() }
        await bridge.broadcast(.state(await state()))
        return .success(said)
    }

    // MARK: Once a second

    /// One second: the simulator's trainer and heart move, the tabs get the state, a checkpoint when due.
    func second() async {
        if let simulator {
            await simulator.trainer.pump(cadence: 88)
            let power = await simulator.trainer.trainer.power
            let elapsed = await engine.snapshot.elapsed
            let rate = heart.step(power: power, dt: 1, elapsed: elapsed)
            await simulator.strap.beat(Int(rate.rounded()))
        }
        let state = await state()
        if let elapsed = state.snapshot?.elapsed, elapsed - lastCheckpoint >= timings.checkpointEvery {
            await checkpoint()
        }
        await bridge.broadcast(.state(state))
    }

    /// The ride now, as the page shows it.
    func state() async -> RideState {
        if let ended { return ended }
        seq += 1
        let snapshot = await engine.snapshot
        let radio = source == .simulator ? true : await bridge.hasRadio
        let roundTrip = source == .simulator ? nil : await bridge.radioRoundTrip
        return RideState(
            status: .live, ride: id, source: source.rawValue, mode: mode, snapshot: snapshot,
            zoneLower: snapshot.zoneLower ?? zone?.lower, zoneUpper: snapshot.zoneUpper ?? zone?.upper, radio: radio,
            laps: laps, message: snapshot.notice ?? message, seq: seq,
            radioPingMs: roundTrip.map { Int(($0 * 1000).rounded()) })
    }

    /// Saves the recording so far as the ride's checkpoint (a failure is logged; the next one tries again).
    func checkpoint() async {
        let recording = await engine.recording
        lastCheckpoint = recording.elapsed
        do {
            try await store.saveCheckpoint(
                id, rider: riderID, checkpoint: try Self.encode(recording), duration: Int(recording.elapsed))
        } catch {
            logger.warning("zone2 checkpoint failed", metadata: ["ride": "\(id)", "error": "\(error)"])
        }
    }

    // MARK: The end

    /// The plan is done or the rider stopped: FIT file and figures, status finished, tabs sent to the summary.
    func finish(_ recording: WorkoutRecording) async {
        guard ended == nil, !abandoned else { return }
        commands.finish()
        for task in tasks { task.cancel() }
        tasks = []
        var row = StoredRide(
            id: id, riderID: riderID, startedAt: recording.startedAt, source: source, status: .finished)
        row.summarize(recording.samples, zone: zone)
        let fit = FITWriter.data(for: Zone2Tools.activity(from: recording, name: row.name))
        var next = Zone2PageURL.rideSummary.path(["id": id])
        do {
            try await store.update(row, file: fit)
            note("Ride ended and saved.")
        } catch {
            note("Ride ended but could not be saved yet: it stays with its checkpoint.")
            // The row stays live with its checkpoint: the next start marks it interrupted, nothing is lost.
            logger.error("zone2 ride could not be saved", metadata: ["ride": "\(id)", "error": "\(error)"])
            next = Zone2PageURL.rideDetail.path(["id": id])
        }
        seq += 1
        let final = RideState(
            status: .finished, ride: id, source: source.rawValue, mode: mode, snapshot: await engine.snapshot,
            zoneLower: zone?.lower, zoneUpper: zone?.upper, radio: false, laps: laps, message: "Ride saved.",
            next: next, seq: seq)
        ended = final
        await bridge.tellAll(.state(final))
        await onEnd?()
        onEnd = nil
    }

    /// Stops the engine and the sessions without saving the ride (the caller keeps or marks its row).
    func abandon() {
        abandoned = true
        commands.finish()
        for task in tasks { task.cancel() }
        tasks = []
        engineTask?.cancel()
    }

    /// Stops the ride for a server shutdown, then saves everything ridden as its checkpoint: the engine stops first
    /// (within a ride second; at most 3 s are waited), so no second ridden after the checkpoint is lost.
    func stopAndCheckpoint() async {
        let engineTask = engineTask
        abandon()
        if let engineTask { _ = await withinDeadline(3) { await engineTask.value } }
        await checkpoint()
    }

    /// Whether the ride has ended and been saved.
    var hasEnded: Bool { ended != nil }

    static func encode(_ recording: WorkoutRecording) throws -> Data {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        return try encoder.encode(recording)
    }

    static func decode(_ data: Data) throws -> WorkoutRecording {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return try decoder.decode(WorkoutRecording.self, from: data)
    }
}
