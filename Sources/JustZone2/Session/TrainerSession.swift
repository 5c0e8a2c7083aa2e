import Foundation

/// Drives a trainer over any ``GATTTransport``: connects (retrying with backoff), reads the supported power range,
/// subscribes to the control point, status and Indoor Bike Data, and runs ``TrainerControl``'s rules on what
/// arrives. When the link drops (the transport's notification streams end) it reconnects and the control sequence
/// re-applies the last target. An iOS app wraps CoreBluetooth in a `GATTTransport` and uses this unchanged.
public actor TrainerSession {
    /// Timing of reconnection and of the control state's clock.
    public struct Options: Sendable {
        /// Waits between connection attempts; the last one repeats.
        public var reconnectDelays: [Duration] = [.seconds(1), .seconds(2), .seconds(4), .seconds(8)]
        /// How often response timeouts are checked.
        public var tickInterval: Duration = .milliseconds(250)
        /// A connected trainer silent for this long (no Indoor Bike Data) is disconnected and reconnected: some
        /// trainers stall their notifications without dropping the link.
        public var stallTimeout: TimeInterval = 8
        /// Told, after each link-up, how many seconds passed until the trainer accepted a target (the spec's "target
        /// re-applied within a second of reconnecting"; a server records it as a metric).
        public var targetAppliedAfterLinkUp: (@Sendable (TimeInterval) -> Void)?
        /// Defaults: 1, 2, 4, 8 s backoff; a tick every 250 ms; 8 s of silence counts as a stall.
        public init() {}
    }

    let transport: any GATTTransport
    let options: Options
    /// Time since the session was made, from its clock.
    let elapsed: @Sendable () -> Duration
    /// Waits on the session's clock (throws when the task is cancelled).
    let sleep: @Sendable (Duration) async throws -> Void
    var control: TrainerControl
    /// Whether the trainer is connected and subscribed.
    public private(set) var isConnected = false
    /// How many times a connection was made.
    public private(set) var connections = 0
    /// The latest Indoor Bike Data.
    public private(set) var latestBikeData: IndoorBikeData?
    /// How many Indoor Bike Data packets were decoded (a reader notices when none came).
    public private(set) var bikeDataPackets = 0
    /// How many stalls were detected.
    public private(set) var stalls = 0
    var lastDataAt: TimeInterval = 0
    /// When the link last came up, until the trainer accepts a target.
    var linkUpAt: TimeInterval?
    /// Seconds from each link-up to the trainer accepting a target, newest last (the last 100).
    public private(set) var targetLatencies: [TimeInterval] = []

    /// A session over `transport`, timed by the continuous clock.
    public init(transport: any GATTTransport, settings: TrainerControl.Settings = .init(), options: Options = .init()) {
        self.init(transport: transport, settings: settings, options: options, clock: ContinuousClock())
    }

    /// A session over `transport` timed by `clock`: its backoff, ticks and control timeouts all read and wait on it,
    /// so tests can drive time by hand.
    public init<C: Clock>(
        transport: any GATTTransport, settings: TrainerControl.Settings = .init(), options: Options = .init(),
        clock: C
    ) where C.Duration == Duration {
        self.transport = transport
        self.options = options
        control = TrainerControl(settings: settings)
        let started = clock.now
        elapsed = { started.duration(to: clock.now) }
        sleep = { try await clock.sleep(for: $0) }
    }

    var now: TimeInterval {
        let span = elapsed()
        return Double(span.components.seconds) + Double(span.components.attoseconds) / 1e18
    }

    /// The target the trainer last accepted.
    public var appliedTarget: Int? { control.appliedTarget }
    /// The target the trainer last refused, while it holds ``appliedTarget`` instead.
    public var refusedTarget: Int? { control.rejectedTarget }

    /// Asks for `watts` in ERG (nil for none); written once control is granted, newest wins.
    public func setTarget(watts: Int?) async {
        await send(control.handle(.setTarget(watts: watts), at: now))
    }

    /// The rider paused: the trainer gets FTMS Stop/Pause (and no targets until ``resume()``).
    public func pause() async {
        await send(control.handle(.pause, at: now))
    }

    /// The rider resumed: Start/Resume, then the last target again.
    public func resume() async {
        await send(control.handle(.resume, at: now))
    }

    /// Runs until the task is cancelled.
    public func run() async {
        await keepConnected(transport, delays: options.reconnectDelays, sleep: sleep) { await ride() }
    }

    /// One connection: subscribe, start the control sequence, and handle notifications until the link drops.
    func ride() async {
        let range = (try? await transport.read(GATTUUIDs.supportedPowerRange)).flatMap {
            try? SupportedPowerRange.decode($0)
        }
        guard let controlPoint = try? await transport.values(of: GATTUUIDs.fitnessMachineControlPoint),
            let status = try? await transport.values(of: GATTUUIDs.fitnessMachineStatus),
            let data = try? await transport.values(of: GATTUUIDs.indoorBikeData)
        else { return }
        isConnected = true
        connections += 1
        lastDataAt = now
        linkUpAt = now
        await send(control.handle(.linkUp(powerRange: range), at: now))
        let tick = options.tickInterval
        let sleep = self.sleep
        await withTaskGroup(of: Void.self) { group in
            group.addTask { for await bytes in controlPoint { await self.controlPoint(bytes) } }
            group.addTask { for await bytes in status { await self.status(bytes) } }
            // The data stream ending means the link dropped.
            group.addTask { for await bytes in data { await self.bikeData(bytes) } }
            group.addTask {
                while !Task.isCancelled {
                    try? await sleep(tick)
                    await self.tick()
                }
            }
            _ = await group.next()
            group.cancelAll()
        }
        isConnected = false
        latestBikeData = nil
        linkUpAt = nil
        _ = control.handle(.linkDown, at: now)
    }

    func controlPoint(_ bytes: [UInt8]) async {
        guard let response = try? ControlPointResponse.decode(bytes) else { return }
        if let linkUpAt, response.result == .success,
            response.requestOpCode == ControlPointRequest.setTargetPower(watts: 0).opCode
        {
            self.linkUpAt = nil
            targetLatencies = (targetLatencies + [now - linkUpAt]).suffix(100)
            options.targetAppliedAfterLinkUp?(now - linkUpAt)
        }
        await send(control.handle(.response(response), at: now))
    }

    func status(_ bytes: [UInt8]) async {
        guard let status = try? FitnessMachineStatus.decode(bytes) else { return }
        await send(control.handle(.status(status), at: now))
    }

    func bikeData(_ bytes: [UInt8]) async {
        // Garbled packets are dropped: a gap, never an invented value.
        guard let data = try? IndoorBikeData.decode(bytes) else { return }
        latestBikeData = data
        bikeDataPackets += 1
        lastDataAt = now
        if let cadence = data.instantaneousCadence { await send(control.handle(.cadence(cadence), at: now)) }
    }

    func tick() async {
        guard isConnected else { return }
        if now - lastDataAt > options.stallTimeout {
            // Dropping the link ends the notification streams; `run` then reconnects and the control sequence
            // re-applies the target.
            stalls += 1
            lastDataAt = now
            await transport.disconnect()
            return
        }
        await send(control.handle(.tick, at: now))
    }

    func send(_ requests: [ControlPointRequest]) async {
        for request in requests {
            // A failed write is retried by the control state's timeout.
            try? await transport.write(GATTUUIDs.fitnessMachineControlPoint, value: request.encode())
        }
    }
}
