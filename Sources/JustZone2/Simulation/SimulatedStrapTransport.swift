import Foundation

/// A simulated heart-rate strap behind a ``GATTTransport``, for tests and demos: ``beat(_:)`` sends a Heart Rate
/// Measurement, faults drop the link or fall silent.
public actor SimulatedStrapTransport: GATTTransport {
    /// Why an operation failed.
    public struct Unavailable: Error {}

    /// Whether the strap can be reached.
    public private(set) var available = true
    /// Battery level in percent (2A19).
    public var battery: UInt8 = 87
    private var connected = false
    private var readings: AsyncStream<[UInt8]>.Continuation?
    private let linkContinuation: AsyncStream<LinkEvent>.Continuation
    /// Link events.
    public nonisolated let linkEvents: AsyncStream<LinkEvent>

    /// A strap that can be reached.
    public init() { (linkEvents, linkContinuation) = AsyncStream.makeStream() }

    public func connect() async throws {
        guard available else { throw Unavailable() }
        connected = true
        linkContinuation.yield(.connected)
    }

    public func disconnect() async { drop(reason: "disconnected by the app") }

    public func read(_ characteristic: String) async throws -> [UInt8] {
        guard connected, characteristic == "2A19" else { throw Unavailable() }
        return [battery]
    }

    public func write(_ characteristic: String, value: [UInt8]) async throws { throw Unavailable() }

    public func values(of characteristic: String) async throws -> AsyncStream<[UInt8]> {
        guard connected, characteristic == GATTUUIDs.heartRateMeasurement else { throw Unavailable() }
        let (stream, continuation) = AsyncStream<[UInt8]>.makeStream()
        readings?.finish()
        readings = continuation
        return stream
    }

    /// Sends one measurement of `bpm` (with skin contact unless `contact` is false).
    public func beat(_ bpm: Int, contact: Bool = true) {
        guard connected else { return }
        readings?.yield(
            HeartRateMeasurement(heartRate: bpm, sensorContact: contact ? .detected : .notDetected).encode())
    }

    /// Sends bytes that are not a measurement.
    public func sendGarbage() { readings?.yield([0x10]) }

    /// Drops the link; the strap cannot be reached until ``restore()``.
    public func dropLink() {
        available = false
        drop(reason: "out of range")
    }

    /// Makes the strap reachable again.
    public func restore() { available = true }

    private func drop(reason: String) {
        guard connected else { return }
        connected = false
        readings?.finish()
        readings = nil
        linkContinuation.yield(.disconnected(reason: reason))
    }
}
