import Foundation

/// The simulated trainer behind a ``GATTTransport``, for the session's tests and demos: writes to the control
/// point are answered with indications, `pump` sends Indoor Bike Data, and faults drop the link, revoke control or
/// send garbage.
public actor SimulatedGATTTransport: GATTTransport {
    /// Why an operation failed.
    public struct Unavailable: Error {}

    public private(set) var trainer = SimulatedTrainer()
    /// Whether the trainer can be reached.
    public private(set) var available = true
    /// Every control-point request written, decoded, in order.
    public private(set) var writes: [ControlPointRequest] = []
    private var connected = false
    private var continuations: [String: AsyncStream<[UInt8]>.Continuation] = [:]
    private let linkContinuation: AsyncStream<LinkEvent>.Continuation
    /// Link events.
    public nonisolated let linkEvents: AsyncStream<LinkEvent>

    /// A transport to a fresh simulated trainer.
    public init() {
        (linkEvents, linkContinuation) = AsyncStream.makeStream()
    }

    public func connect() async throws {
        guard available else { throw Unavailable() }
        connected = true
        linkContinuation.yield(.connected)
    }

    public func disconnect() async {
        guard connected else { return }
        connected = false
        trainer.linkLost()
        for continuation in continuations.values { continuation.finish() }
        continuations = [:]
        linkContinuation.yield(.disconnected(reason: "disconnected by the app"))
    }

    public func read(_ characteristic: String) async throws -> [UInt8] {
        guard connected else { throw Unavailable() }
        switch characteristic {
        case GATTUUIDs.supportedPowerRange: return trainer.powerRange.encode()
        default: throw Unavailable()
        }
    }

    public func write(_ characteristic: String, value: [UInt8]) async throws {
        guard connected else { throw Unavailable() }
        guard characteristic == GATTUUIDs.fitnessMachineControlPoint else { throw Unavailable() }
        if let request = try? ControlPointRequest.decode(value) { writes.append(request) }
        let answer = trainer.receive(controlPoint: value)
        continuations[GATTUUIDs.fitnessMachineControlPoint]?.yield(answer)
    }

    public func values(of characteristic: String) async throws -> AsyncStream<[UInt8]> {
        guard connected else { throw Unavailable() }
        let (stream, continuation) = AsyncStream<[UInt8]>.makeStream()
        continuations[characteristic]?.finish()
        continuations[characteristic] = continuation
        return stream
    }

    /// Sends `seconds` of Indoor Bike Data at `cadence` (one packet per call).
    public func pump(cadence: Double = 88, seconds: TimeInterval = 1) {
        let packet = trainer.step(dt: seconds, cadence: cadence)
        if connected { continuations[GATTUUIDs.indoorBikeData]?.yield(packet) }
    }

    /// Sends bytes that are not Indoor Bike Data.
    public func sendGarbage() { continuations[GATTUUIDs.indoorBikeData]?.yield([0xFF]) }

    /// Drops the link; the trainer cannot be reached until ``restore()``.
    public func dropLink() {
        available = false
        drop(reason: "out of range")
    }

    /// Makes the trainer reachable again.
    public func restore() { available = true }

    /// Targets above `watts` are refused with Invalid Parameter from now on (nil accepts every target).
    public func rejectTargets(above watts: Int?) { trainer.rejectsAbove = watts }

    /// Another app takes control.
    public func revokeControl() {
        let status = trainer.revokeControl()
        continuations[GATTUUIDs.fitnessMachineStatus]?.yield(status)
    }

    private func drop(reason: String) {
        guard connected else { return }
        connected = false
        trainer.linkLost()
        for continuation in continuations.values { continuation.finish() }
        continuations = [:]
        linkContinuation.yield(.disconnected(reason: reason))
    }
}
