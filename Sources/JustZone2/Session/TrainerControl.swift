import Foundation

/// The trainer side of a session as a pure state machine: it is fed link events, control-point responses, status
/// notifications, cadence and clock ticks, and answers with the control-point writes to send. Time is passed in,
/// so every rule is testable without a clock or a radio; ``TrainerSession`` drives it with a real transport.
///
/// Rules (from how robust trainer apps behave, see `spec/notes/ftms-and-files.md`):
/// - One control-point write at a time; each is matched to its response (same op code), retried after 1 s without
///   one, at most 3 tries; after that the link is treated as wedged and the whole sequence starts again.
/// - On link-up and after Control Permission Lost: Request Control → Start/Resume → Set Target Power. Targets are
///   written only once control is granted; the last target is re-applied (within a second of link-up when the
///   trainer answers promptly).
/// - Rapid target changes are coalesced: while a write is in flight only the newest target is kept.
/// - Targets are clamped to the trainer's supported power range and increment; a target the trainer rejects as an
///   invalid parameter is clamped to the range and retried once, then held.
/// - Pause: Stop/Pause (pause) is written once control is granted and nothing else until resume, which writes
///   Start/Resume and re-applies the target; a reconnection during a pause keeps the trainer paused.
/// - Low cadence: below `lowCadence` rpm for `lowCadenceHold` seconds the target is released (a low resistance
///   level, so the rider can spin up instead of grinding into the ERG "spiral of death"), and restored once cadence
///   is back above the threshold.
public struct TrainerControl: Sendable, Equatable {
    /// Settings of the rules above.
    public struct Settings: Sendable, Equatable {
        public var responseTimeout: TimeInterval = 1
        public var maxAttempts = 3
        public var lowCadence: Double = 30
        public var lowCadenceHold: TimeInterval = 3
        /// Resistance level used while released (FTMS unitless level).
        public var releasedResistance: Double = 0
        /// Defaults as documented.
        public init() {}
    }

    /// Where the control sequence stands.
    public enum Phase: String, Sendable, Equatable {
        case disconnected, requestingControl, starting, ready
    }

    /// Something that happened.
    public enum Event: Sendable, Equatable {
        case linkUp(powerRange: SupportedPowerRange?)
        case linkDown
        case response(ControlPointResponse)
        case status(FitnessMachineStatus)
        case cadence(Double?)
        case setTarget(watts: Int?)
        /// The rider paused the workout.
        case pause
        /// The rider resumed it.
        case resume
        case tick
    }

    public private(set) var phase = Phase.disconnected
    public let settings: Settings
    /// The target the workout wants (W), nil for none.
    public private(set) var desiredTarget: Int?
    /// The target the trainer last accepted.
    public private(set) var appliedTarget: Int?
    /// Whether the target is released for low cadence.
    public private(set) var isReleased = false
    /// Whether the rider paused (the trainer is told to pause and gets no targets).
    public private(set) var isPaused = false
    private var pauseApplied = false
    private var powerRange: SupportedPowerRange?
    private var pending: (request: ControlPointRequest, sentAt: TimeInterval, attempts: Int)?
    private var lowCadenceSince: TimeInterval?
    /// The last target the trainer refused (Invalid Parameter) while it holds ``appliedTarget``; cleared when the
    /// workout asks for another one.
    public private(set) var rejectedTarget: Int?

    /// A controller with `settings`.
    public init(settings: Settings = Settings()) { self.settings = settings }

    public static func == (a: Self, b: Self) -> Bool {
        a.phase == b.phase && a.desiredTarget == b.desiredTarget && a.appliedTarget == b.appliedTarget
            && a.isReleased == b.isReleased && a.isPaused == b.isPaused && a.pending?.request == b.pending?.request
    }

    /// The request in flight, if any.
    public var inFlight: ControlPointRequest? { pending?.request }

    /// Handles `event` at `time` (seconds on any monotonic clock); returns the writes to send, in order (at most
    /// one, since writes are serialised).
    public mutating func handle(_ event: Event, at time: TimeInterval) -> [ControlPointRequest] {
        switch event {
        case .linkUp(let range):
            powerRange = range ?? powerRange
            appliedTarget = nil
            pauseApplied = false
            return restart(at: time)
        case .linkDown:
            phase = .disconnected
            pending = nil
            appliedTarget = nil
            pauseApplied = false
            return []
        case .pause:
            guard !isPaused else { return [] }
            isPaused = true
            pauseApplied = false
            return next(at: time)
        case .resume:
            guard isPaused else { return [] }
            isPaused = false
            appliedTarget = nil
            // Start/Resume before any target; if a write is in flight or control is not granted yet, the control
            // sequence (or the next response) gets there.
            guard pending == nil, phase == .ready else { return [] }
            phase = .starting
            return send(.startOrResume, at: time)
        case .status(.controlPermissionLost):
            guard phase != .disconnected else { return [] }
            appliedTarget = nil
            return restart(at: time)
        case .status(.reset):
            guard phase != .disconnected else { return [] }
            appliedTarget = nil
            return restart(at: time)
        case .status:
            return []
        case .response(let response):
            return handle(response, at: time)
        case .setTarget(let watts):
            // The same target again (a workout re-asserts it every second) is no reason to retry a refused one.
            let wanted = watts.map(clamp)
            if wanted != desiredTarget { rejectedTarget = nil }
            desiredTarget = wanted
            return next(at: time)
        case .cadence(let rpm):
            return cadence(rpm, at: time)
        case .tick:
            if let pending, time - pending.sentAt >= settings.responseTimeout {
                if pending.attempts >= settings.maxAttempts {
                    // The trainer stopped answering: start the sequence again.
                    return restart(at: time)
                }
                self.pending = (pending.request, time, pending.attempts + 1)
                return [pending.request]
            }
            return next(at: time)
        }
    }

    func clamp(_ watts: Int) -> Int { powerRange?.clamp(watts) ?? max(0, watts) }

    private mutating func restart(at time: TimeInterval) -> [ControlPointRequest] {
        phase = .requestingControl
        return send(.requestControl, at: time)
    }

    private mutating func send(_ request: ControlPointRequest, at time: TimeInterval) -> [ControlPointRequest] {
        pending = (request, time, 1)
        return [request]
    }

    private mutating func handle(_ response: ControlPointResponse, at time: TimeInterval) -> [ControlPointRequest] {
        guard let pending, response.requestOpCode == pending.request.opCode else { return [] }
        self.pending = nil
        switch (pending.request, response.result) {
        case (.requestControl, .success):
            phase = .starting
            return send(.startOrResume, at: time)
        case (.startOrResume, .success), (.startOrResume, .notSupported):
            phase = .ready
            return next(at: time)
        case (.setTargetPower(let watts), .success):
            appliedTarget = watts
            return next(at: time)
        case (.setTargetResistance, .success):
            return next(at: time)
        case (.stopOrPause, .success), (.stopOrPause, .notSupported):
            pauseApplied = true
            if !isPaused {
                // Resumed while the pause was in flight.
                phase = .starting
                return send(.startOrResume, at: time)
            }
            return next(at: time)
        case (.setTargetPower(let watts), .invalidParameter):
            // Clamp to the advertised range once; if that is rejected too, hold the last accepted target.
            rejectedTarget = watts
            if let range = powerRange, range.clamp(watts) != watts {
                desiredTarget = range.clamp(watts)
                rejectedTarget = nil
            }
            return next(at: time)
        case (_, .controlNotPermitted):
            // Another app holds control (or the trainer forgot us): ask again.
            return restart(at: time)
        case (let request, _):
            // Failed or unsupported: retry the same request while attempts remain.
            if pending.attempts < settings.maxAttempts {
                self.pending = (request, time, pending.attempts + 1)
                return [request]
            }
            return restart(at: time)
        }
    }

    private mutating func cadence(_ rpm: Double?, at time: TimeInterval) -> [ControlPointRequest] {
        // No reading (dropout, garbled packet) says nothing about the rider's legs: keep the current state.
        guard let rpm else { return next(at: time) }
        let low = rpm < settings.lowCadence
        if low {
            if lowCadenceSince == nil { lowCadenceSince = time }
        } else {
            lowCadenceSince = nil
        }
        if !isReleased, let since = lowCadenceSince, time - since >= settings.lowCadenceHold, desiredTarget != nil {
            isReleased = true
            appliedTarget = nil
        } else if isReleased && !low {
            isReleased = false
            appliedTarget = nil
        }
        return next(at: time)
    }

    /// The next write the state calls for, if nothing is in flight and control is granted.
    private mutating func next(at time: TimeInterval) -> [ControlPointRequest] {
        guard pending == nil, phase == .ready else { return [] }
        if isPaused {
            guard !pauseApplied else { return [] }
            return send(.stopOrPause(.pause), at: time)
        }
        if isReleased {
            guard appliedTarget != -1 else { return [] }
            appliedTarget = -1  // marks "released level applied"
            return send(.setTargetResistance(level: settings.releasedResistance), at: time)
        }
        guard let desired = desiredTarget, desired != appliedTarget, desired != rejectedTarget else { return [] }
        return send(.setTargetPower(watts: desired), at: time)
    }
}
