import Foundation

/// Drives a heart-rate strap over any ``GATTTransport``: connects (retrying with backoff), subscribes to Heart Rate
/// Measurement (2A37) and keeps the latest reading. A reading of 0 bpm, a strap without skin contact, or silence
/// longer than ``Options/silenceTimeout`` counts as *missing* (nil), never as a made-up value; a strap silent that
/// long is disconnected and reconnected, as some straps stall without dropping the link. The trainer's own
/// heart-rate field can stand in meanwhile (the caller decides).
public actor HeartRateSession {
    /// Timing of reconnection and of the silence rule.
    public struct Options: Sendable {
        /// Waits between connection attempts; the last one repeats.
        public var reconnectDelays: [Duration] = [.seconds(1), .seconds(2), .seconds(4), .seconds(8)]
        /// How often silence is checked.
        public var tickInterval: Duration = .milliseconds(500)
        /// A strap silent this long reads as missing and is reconnected.
        public var silenceTimeout: TimeInterval = 5
        /// Defaults: 1, 2, 4, 8 s backoff; a check every 500 ms; 5 s of silence is missing.
        public init() {}
    }

    let transport: any GATTTransport
    let options: Options
    let elapsed: @Sendable () -> Duration
    let sleep: @Sendable (Duration) async throws -> Void
    /// Whether the strap is connected and subscribed.
    public private(set) var isConnected = false
    /// How many times a connection was made.
    public private(set) var connections = 0
    /// How many silences were detected.
    public private(set) var silences = 0
    /// The latest measurement as decoded (kept for RR intervals and contact status).
    public private(set) var latest: HeartRateMeasurement?
    var lastReadingAt: TimeInterval?

    /// A session over `transport`, timed by the continuous clock.
    public init(transport: any GATTTransport, options: Options = .init()) {
        self.init(transport: transport, options: options, clock: ContinuousClock())
    }

    /// A session over `transport` timed by `clock` (a manual clock in tests).
    public init<C: Clock>(transport: any GATTTransport, options: Options = .init(), clock: C)
    where C.Duration == Duration {
        self.transport = transport
        self.options = options
        let started = clock.now
        elapsed = { started.duration(to: clock.now) }
        sleep = { try await clock.sleep(for: $0) }
    }

    var now: TimeInterval {
        let span = elapsed()
        return Double(span.components.seconds) + Double(span.components.attoseconds) / 1e18
    }

    /// The current heart rate in bpm, or nil when missing (not connected, no contact, 0 bpm, or silent too long).
    public var heartRate: Int? {
        guard isConnected, let latest, let at = lastReadingAt, now - at <= options.silenceTimeout,
            latest.sensorContact != .notDetected, let bpm = latest.heartRate, bpm > 0
        else { return nil }
        return bpm
    }

    /// Runs until the task is cancelled.
    public func run() async {
        await keepConnected(transport, delays: options.reconnectDelays, sleep: sleep) { await listen() }
    }

    /// One connection: subscribe and take readings until the link drops or the strap falls silent.
    func listen() async {
        guard let readings = try? await transport.values(of: GATTUUIDs.heartRateMeasurement) else { return }
        isConnected = true
        connections += 1
        lastReadingAt = now
        latest = nil
        let tick = options.tickInterval
        let sleep = self.sleep
        await withTaskGroup(of: Void.self) { group in
            // The stream ending means the link dropped.
            group.addTask { for await bytes in readings { await self.reading(bytes) } }
            group.addTask {
                while !Task.isCancelled {
                    try? await sleep(tick)
                    await self.checkSilence()
                }
            }
            _ = await group.next()
            group.cancelAll()
        }
        isConnected = false
        latest = nil
    }

    func reading(_ bytes: [UInt8]) {
        // A garbled packet is dropped: a gap, never an invented value.
        guard let measurement = try? HeartRateMeasurement.decode(bytes) else { return }
        latest = measurement
        lastReadingAt = now
    }

    func checkSilence() async {
        guard isConnected, let at = lastReadingAt, now - at > options.silenceTimeout else { return }
        silences += 1
        lastReadingAt = now
        // Dropping the link ends the stream; `run` reconnects.
        await transport.disconnect()
    }
}
