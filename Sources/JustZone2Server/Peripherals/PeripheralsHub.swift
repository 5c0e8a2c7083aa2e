import Foundation
import JustZone2

/// The simulated peripherals shared by every socket of `clubhouse zone2 peripherals`: one
/// ``SimulatedPeripherals`` on a real clock, each socket a central with an outbox of frames (kept in order: a
/// control-point write's indication is queued before the write's result).
public actor PeripheralsHub {
    private var bench: SimulatedPeripherals
    private var outboxes: [Int: AsyncStream<String>.Continuation] = [:]
    private var nextCentral = 1
    private let clock = ContinuousClock()
    private let start: ContinuousClock.Instant
    /// When the hub started (the zero of every time it reports).
    public nonisolated let startedAt: Date
    /// Sockets that ever connected.
    public private(set) var socketsOpened = 0

    /// Peripherals with `faults` (counted from the trainer's first connection) sending `rate` notifications a second.
    public init(faults: [SimulatedFault] = [], rate: Double = 1) {
        start = clock.now
        startedAt = Date()
        bench = SimulatedPeripherals(faults: faults, rate: rate, at: 0)
    }

    /// Seconds since the hub started.
    var now: Double {
        let elapsed = clock.now - start
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
    }

    /// A socket opened: its central number and the frames to send it.
    public func open() -> (central: Int, frames: AsyncStream<String>) {
        let central = nextCentral
        nextCentral += 1
        socketsOpened += 1
        let (stream, continuation) = AsyncStream<String>.makeStream()
        outboxes[central] = continuation
        var hello = PeripheralReply(t: "hello")
        hello.central = central
        continuation.yield(hello.json())
        return (central, stream)
    }

    /// A socket closed: its central is disconnected from both devices.
    public func close(_ central: Int) {
        route(bench.advance(to: now))
        bench.centralLeft(central, at: now)
        outboxes.removeValue(forKey: central)?.finish()
    }

    /// Sends what is due (notifications, fault transitions).
    public func tick() { route(bench.advance(to: now)) }

    /// Handles one text frame from `central`; the answer goes to its outbox.
    public func receive(_ text: String, from central: Int) {
        let time = now
        route(bench.advance(to: time))
        guard let request = PeripheralRequest(json: text) else {
            send(.failed(-1, "bad-request", "not a request: \(text.prefix(80))"), to: central)
            return
        }
        send(answer(request, from: central, at: time), to: central)
    }

    private func answer(_ request: PeripheralRequest, from central: Int, at time: Double) -> PeripheralReply {
        let id = request.id
        if request.op == "devices" {
            var reply = PeripheralReply.ok(id)
            reply.devices = bench.advertisements
            return reply
        }
        guard let device = request.dev else { return .failed(id, "bad-request", "'\(request.op)' needs 'dev'") }
        do throws(SimulatedPeripherals.Failure) {
            switch request.op {
            case "connect":
                try bench.connect(device, central: central, at: time)
                return .ok(id)
            case "disconnect":
                bench.disconnect(device, central: central, at: time)
                return .ok(id)
            case "services":
                var reply = PeripheralReply.ok(id)
                reply.services = try bench.discover(device, central: central)
                return reply
            case "notifications", "read", "write":
                guard let characteristic = request.char else {
                    return .failed(id, "bad-request", "'\(request.op)' needs 'char'")
                }
                if request.op == "notifications" {
                    try bench.subscribe(
                        device, characteristic: characteristic, on: request.on ?? true, central: central, at: time)
                    return .ok(id)
                }
                if request.op == "read" {
                    var reply = PeripheralReply.ok(id)
                    let bytes = try bench.read(device, characteristic: characteristic, central: central, at: time)
                    reply.bytes = Self.hex(bytes)
                    return reply
                }
                guard let hex = request.bytes, let bytes = try? Hex.bytes(from: hex), !bytes.isEmpty else {
                    return .failed(id, "bad-request", "'write' needs 'bytes' in hex")
                }
                route(try bench.write(device, characteristic: characteristic, bytes: bytes, central: central, at: time))
                return .ok(id)
            default:
                return .failed(id, "bad-request", "unknown op '\(request.op.prefix(32))'")
            }
        } catch {
            return .failed(id, error.code, error.description)
        }
    }

    /// Injects a fault now (`dropout+5s`, `strap+10s`, `control`, `stall+8s`, `garbage+3s`, `reject>250`, or with
    /// `@delay` like the command line's `dropout@2s+5s`, counted from now).
    public func inject(_ text: String) -> SimulatedFault? {
        guard let fault = Self.fault(now: text) else { return nil }
        route(bench.inject(fault, at: now))
        return fault
    }

    /// Sets the rider's cadence (0 stops pedalling).
    public func setCadence(_ rpm: Double) {
        route(bench.advance(to: now))
        bench.cadence = rpm
    }

    /// Forgets the write log, the event log and the most-centrals counts (between test cases).
    public func clearLogs() {
        route(bench.advance(to: now))
        bench.clearLogs()
    }

    /// Closes a central's socket, as if the page went away (test control).
    public func drop(_ central: Int) { close(central) }

    /// What the control channel reports.
    public func state() -> PeripheralsState {
        route(bench.advance(to: now))
        let trainer = bench.trainer
        return PeripheralsState(
            time: bench.now, startedAt: startedAt.timeIntervalSince1970, rate: bench.rate, cadence: bench.cadence,
            sockets: outboxes.keys.sorted(),
            trainer: .init(
                inRange: bench.isInRange(.trainer), centrals: bench.centrals(of: .trainer).sorted(),
                maxCentrals: bench.maxCentrals[.trainer] ?? 0, notifying: bench.notifying(.trainer),
                controlGranted: trainer.controlGranted, started: trainer.started, targetWatts: trainer.targetWatts,
                power: Int(trainer.power.rounded()), rejectsAbove: trainer.rejectsAbove, heartRate: nil),
            hrm: .init(
                inRange: bench.isInRange(.hrm), centrals: bench.centrals(of: .hrm).sorted(),
                maxCentrals: bench.maxCentrals[.hrm] ?? 0, notifying: bench.notifying(.hrm), controlGranted: nil,
                started: nil, targetWatts: nil, power: nil, rejectsAbove: nil, heartRate: bench.heartRate),
            writes: bench.writes, log: bench.log)
    }

    private func route(_ deliveries: [SimulatedPeripherals.Delivery]) {
        for delivery in deliveries {
            let frame = PeripheralReply.event(delivery.event).json()
            if let central = delivery.central {
                outboxes[central]?.yield(frame)
            } else {
                for outbox in outboxes.values { outbox.yield(frame) }
            }
        }
    }

    private func send(_ reply: PeripheralReply, to central: Int) { outboxes[central]?.yield(reply.json()) }

    static func hex(_ bytes: [UInt8]) -> String { bytes.map { String(format: "%02X", $0) }.joined() }

    /// Reads a fault for "now": the command line's syntax, where `@…` may be left out (`dropout+5s` = at once).
    public static func fault(now text: String) -> SimulatedFault? {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if trimmed.hasPrefix("reject>") || trimmed.contains("@") { return SimulatedFault(argument: trimmed) }
        let parts = trimmed.split(separator: "+", maxSplits: 1)
        guard let kind = parts.first else { return nil }
        return SimulatedFault(argument: "\(kind)@0s" + (parts.count > 1 ? "+\(parts[1])" : ""))
    }
}

/// The control channel's report: the clock, the devices' state, every control-point write and the event log.
public struct PeripheralsState: Sendable, Equatable, Codable {
    /// One device.
    public struct Device: Sendable, Equatable, Codable {
        public var inRange: Bool
        public var centrals: [Int]
        public var maxCentrals: Int
        public var notifying: [String]
        public var controlGranted: Bool?
        public var started: Bool?
        public var targetWatts: Int?
        public var power: Int?
        public var rejectsAbove: Int?
        public var heartRate: Int?
    }

    /// Seconds since the peripherals started.
    public var time: Double
    /// When they started (Unix seconds), to turn times into wall-clock times.
    public var startedAt: Double
    public var rate: Double
    public var cadence: Double
    /// The open sockets' central numbers.
    public var sockets: [Int]
    public var trainer: Device
    public var hrm: Device
    public var writes: [SimulatedPeripherals.WriteRecord]
    public var log: [SimulatedPeripherals.LogEntry]
}
