import Foundation

/// A fault injected into a simulated ride.
public enum SimulatedFault: Sendable, Equatable, Codable {
    /// The trainer's link drops at `at` seconds and can be reconnected `duration` seconds later.
    case dropout(at: TimeInterval, duration: TimeInterval)
    /// Another app takes control at `at` seconds.
    case controlLost(at: TimeInterval)
    /// The heart-rate strap stops sending at `at` for `duration` seconds.
    case strapLost(at: TimeInterval, duration: TimeInterval)
    /// The trainer sends garbage instead of Indoor Bike Data from `at` for `duration` seconds.
    case garbage(at: TimeInterval, duration: TimeInterval)
    /// The trainer stops notifying (the link stays up) from `at` for `duration` seconds.
    case stall(at: TimeInterval, duration: TimeInterval)
    /// The trainer refuses targets above `watts`.
    case rejectAbove(watts: Int)

    /// Parses `dropout@5m`, `dropout@5m+20s`, `control@3m`, `strap@10m+5m`, `garbage@2m+10s`, `stall@4m+15s`,
    /// `reject>250`.
    public init?(argument: String) {
        func seconds(_ text: Substring) -> TimeInterval? { WorkoutPlan.seconds(fromText: String(text)) }
        if argument.hasPrefix("reject>"), let watts = Int(argument.dropFirst(7)) {
            self = .rejectAbove(watts: watts)
            return
        }
        let parts = argument.split(separator: "@", maxSplits: 1)
        guard parts.count == 2 else { return nil }
        let timing = parts[1].split(separator: "+", maxSplits: 1)
        guard let at = seconds(timing[0]) else { return nil }
        let duration = timing.count > 1 ? seconds(timing[1]) : nil
        switch parts[0] {
        case "dropout": self = .dropout(at: at, duration: duration ?? 20)
        case "control": self = .controlLost(at: at)
        case "strap": self = .strapLost(at: at, duration: duration ?? 60)
        case "garbage": self = .garbage(at: at, duration: duration ?? 10)
        case "stall": self = .stall(at: at, duration: duration ?? 15)
        default: return nil
        }
    }
}

/// A whole ride on the simulated trainer and strap, stepped deterministically: the session's rules
/// (``TrainerControl``), the heart-rate controller, reconnection with backoff and 1 Hz recording, all through real
/// protocol bytes. The command line's `zone2 ride --simulate` and the fault-scenario tests run it.
public struct RideSimulation: Sendable {
    /// Something worth logging.
    public struct LogEntry: Sendable, Equatable {
        public var time: TimeInterval
        public var message: String
    }

    public private(set) var trainer = SimulatedTrainer()
    public private(set) var strap: SimulatedHeartStrap
    public private(set) var control = TrainerControl()
    public private(set) var controller: Zone2PowerController?
    public private(set) var recording: WorkoutRecording
    public private(set) var clock: TimeInterval = 0
    public private(set) var log: [LogEntry] = []
    /// Whether the trainer's link is up.
    public private(set) var linkUp = false
    /// Cadence the rider pedals at (rpm); tests change it.
    public var riderCadence: Double = 88
    let faults: [SimulatedFault]
    private var nextConnectAttempt: TimeInterval = 0
    private var backoff: TimeInterval = 1
    private var lastHeartRate: Int?
    private var lastBikeData: IndoorBikeData?
    private var nextSecond: TimeInterval = 0
    /// Log the first target written after a (re)connection or regained control, not every ramp step.
    private var announceTarget = true

    /// A ride of `plan` starting now; faults apply at their times.
    public init(
        plan: WorkoutPlan, rider: HeartRateModel = HeartRateModel(), faults: [SimulatedFault] = [],
        id: String = "simulated"
    ) {
        strap = SimulatedHeartStrap(model: rider)
        self.faults = faults
        let main: Int
        switch plan.mode {
        case .erg(let watts): main = watts
        case .heartRate(let zone, let start, let floor, let ceiling):
            main = start
            controller = Zone2PowerController(zone: zone, startWatts: start, floorWatts: floor, ceilingWatts: ceiling)
        }
        recording = WorkoutRecording(id: id, startedAt: Date(), plan: plan, mainTargetWatts: main)
        for fault in faults {
            if case .rejectAbove(let watts) = fault { trainer.rejectsAbove = watts }
        }
    }

    /// Whether the ride is over: the plan is done (riding time, pauses excluded) or the rider stopped.
    public var isFinished: Bool { isStopped || recording.elapsed >= recording.plan.totalDuration }

    /// Whether the rider stopped before the end of the plan.
    public private(set) var isStopped = false

    /// The rider's commands during a ride (the command line's keys).
    public enum RiderCommand: Sendable, Equatable {
        /// Raise (positive) or lower the target: watts in ERG mode, bpm of the zone in heart-rate mode.
        case adjust(Int)
        /// Pause, or resume when paused.
        case togglePause
        /// End the ride now (it is saved as ridden).
        case stop
    }

    /// Applies a rider's command; returns what changed, for the log.
    @discardableResult
    public mutating func apply(_ command: RiderCommand) -> String {
        let message: String
        switch command {
        case .adjust(let delta):
            if var controller {
                controller.zone = controller.zone.shifted(by: delta)
                self.controller = controller
                message = "zone \(controller.zone.lower)–\(controller.zone.upper) bpm"
            } else {
                recording.mainTargetWatts = min(max(recording.mainTargetWatts + delta, 0), 2000)
                message = "target \(recording.mainTargetWatts) W"
                // Apply at once rather than at the next whole second (the main part holds this target).
                if recording.plan.phase(at: recording.elapsed) == .main {
                    deliver(control.handle(.setTarget(watts: recording.mainTargetWatts), at: clock))
                }
            }
        case .togglePause:
            if recording.isPaused {
                recording.resume()
                deliver(control.handle(.resume, at: clock))
                message = "resumed"
            } else {
                recording.pause()
                deliver(control.handle(.pause, at: clock))
                message = "paused"
            }
        case .stop:
            isStopped = true
            message = "stopped at \(Int(recording.elapsed) / 60) min"
        }
        note(message)
        return message
    }

    func active(_ test: (SimulatedFault) -> Bool) -> Bool { faults.contains(where: test) }

    var linkAvailable: Bool {
        !active {
            if case .dropout(let at, let duration) = $0 { return (at..<(at + duration)).contains(clock) }
            return false
        }
    }

    var strapAvailable: Bool {
        !active {
            if case .strapLost(let at, let duration) = $0 { return (at..<(at + duration)).contains(clock) }
            return false
        }
    }

    var sendingGarbage: Bool {
        active {
            if case .garbage(let at, let duration) = $0 { return (at..<(at + duration)).contains(clock) }
            return false
        }
    }

    var stalled: Bool {
        active {
            if case .stall(let at, let duration) = $0 { return (at..<(at + duration)).contains(clock) }
            return false
        }
    }

    mutating func note(_ message: String) { log.append(LogEntry(time: clock, message: message)) }

    /// Sends the writes the control state asks for through the trainer and feeds the answers back.
    mutating func deliver(_ writes: [ControlPointRequest]) {
        var queue = writes
        while !queue.isEmpty, linkUp {
            let request = queue.removeFirst()
            let answer = trainer.receive(controlPoint: request.encode())
            if case .setTargetPower(let watts) = request, announceTarget {
                note("target \(watts) W written")
                announceTarget = false
            }
            if let response = try? ControlPointResponse.decode(answer) {
                if response.result != .success {
                    note("trainer answered \(response.result) to op \(response.requestOpCode)")
                }
                queue += control.handle(.response(response), at: clock)
            }
        }
    }

    /// Advances the ride by `dt` seconds (0.1 s steps make "within a second" measurable).
    public mutating func step(dt: TimeInterval = 0.1) {
        // Link: drop when a dropout begins; reconnect attempts with exponential backoff (1, 2, 4, 8 s) afterwards.
        if linkUp && !linkAvailable {
            linkUp = false
            trainer.linkLost()
            _ = control.handle(.linkDown, at: clock)
            note("link lost")
            nextConnectAttempt = clock + 1
            backoff = 1
        } else if !linkUp && clock >= nextConnectAttempt {
            if linkAvailable {
                linkUp = true
                backoff = 1
                announceTarget = true
                note("link up")
                deliver(control.handle(.linkUp(powerRange: trainer.powerRange), at: clock))
            } else {
                backoff = min(backoff * 2, 8)
                nextConnectAttempt = clock + backoff
            }
        }
        for fault in faults {
            if case .controlLost(let at) = fault, at >= clock, at < clock + dt, linkUp {
                let status = trainer.revokeControl()
                note("control lost to another app")
                announceTarget = true
                if let decoded = try? FitnessMachineStatus.decode(status) {
                    deliver(control.handle(.status(decoded), at: clock))
                }
            }
        }
        // The trainer and the heart.
        let packet = trainer.step(dt: dt, cadence: riderCadence)
        let heart = strap.step(power: trainer.power, dt: dt, elapsed: clock)
        if linkUp && !stalled {
            let bytes = sendingGarbage ? [0xFF, 0x7F] : packet
            lastBikeData = try? IndoorBikeData.decode(bytes)
        } else {
            lastBikeData = nil
        }
        // The strap, or else the trainer's own heart-rate field (a strap paired to the trainer); 0 bpm is missing.
        lastHeartRate =
            strapAvailable ? (try? HeartRateMeasurement.decode(heart))?.heartRate : lastBikeData?.heartRate
        // Once a second: record, let the heart-rate controller decide, set the plan's target.
        clock += dt
        if clock + 1e-9 >= nextSecond {
            nextSecond += 1
            let elapsed = recording.elapsed
            if let controller = controller, !recording.isPaused, recording.plan.phase(at: elapsed) == .main {
                var updated = controller
                recording.mainTargetWatts = updated.update(
                    heartRate: lastHeartRate, at: elapsed - recording.plan.warmUp)
                self.controller = updated
            }
            let target = recording.plan.target(at: elapsed, main: recording.mainTargetWatts)
            deliver(control.handle(.setTarget(watts: target), at: clock))
            if let cadence = lastBikeData?.instantaneousCadence {
                deliver(control.handle(.cadence(cadence), at: clock))
            }
            recording.record(
                power: lastBikeData?.instantaneousPower, target: target,
                cadence: lastBikeData?.instantaneousCadence.map { Int($0.rounded()) },
                speed: lastBikeData?.instantaneousSpeed.map { $0 / 3.6 },
                distance: lastBikeData?.totalDistance.map(Double.init), heartRate: lastHeartRate)
        }
        deliver(control.handle(.tick, at: clock))
    }

    /// Runs to the end of the plan.
    public mutating func run() {
        while !isFinished { step() }
    }
}
