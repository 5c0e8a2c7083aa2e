import Foundation

/// Why a bridged GATT operation failed.
public enum BridgeError: Error, Sendable, Equatable, CustomStringConvertible {
    /// No browser tab holds the radio (none came within the wait, or it went away during the operation).
    case noRadio
    /// The browser did not answer within the operation's time.
    case timedOut(String)
    /// The browser answered with a failure.
    case refused(BridgeFailure, String?)
    /// A newer write to the same characteristic replaced this one before it was sent.
    case superseded
    /// More operations are waiting than the queue holds.
    case queueFull

    public var description: String {
        switch self {
        case .noRadio: "no browser tab is connected as the radio"
        case .timedOut(let what): "the browser did not answer \(what) in time"
        case .refused(let failure, let message):
            "the browser refused: \(failure.rawValue)\(message.map { " (\($0))" } ?? "")"
        case .superseded: "replaced by a newer write"
        case .queueFull: "too many operations waiting"
        }
    }
}

/// A ``GATTTransport`` whose radio is a browser tab: each operation becomes a frame sent over the tab's WebSocket
/// and completes with the tab's `result`; notifications arrive as `notify` frames. The engine (``TrainerSession``,
/// control, recording) runs unchanged on top, as it does on the simulator.
///
/// Rules (the bridge design, `notes/justzone2-web.md` §2): one operation in flight per device, first in first out
/// (Chrome rejects overlapping GATT operations); at most ``Timeouts/queueLimit`` waiting, a newer write to a
/// characteristic replacing a queued, unsent one; `connect()` waits for a radio; each operation has its own time;
/// a notification numbered at or below the last one seen is a resend and dropped; losing the radio fails what is
/// pending, ends the notification streams and reports the link down, so the session's reconnect logic takes over.
public actor BridgedGATTTransport: GATTTransport {
    /// How long each step may take.
    public struct Timeouts: Sendable {
        /// Waiting for a tab to take the radio before `connect()` gives up.
        public var radioWait: Duration = .seconds(30)
        /// The browser's `connect` (its own limit is 20 s).
        public var connect: Duration = .seconds(25)
        /// A read.
        public var read: Duration = .seconds(5)
        /// A write, a subscribe, a disconnect.
        public var write: Duration = .seconds(2)
        /// Operations that may wait behind the one in flight.
        public var queueLimit = 8
        public init() {}
    }

    /// The device this transport talks to.
    public nonisolated let device: BridgeDevice
    /// Link events: `connected` after a successful `connect`, `disconnected` when the browser reports a drop or the
    /// radio goes away.
    public nonisolated let linkEvents: AsyncStream<LinkEvent>
    private let linkContinuation: AsyncStream<LinkEvent>.Continuation
    private let timeouts: Timeouts
    private let sleep: @Sendable (Duration) async throws -> Void

    private var radio: (@Sendable (BridgeFrame) async -> Void)?
    private var radioTab: String?
    private var timer: Task<Void, Never>?
    private var radioWaiters: [CheckedContinuation<Bool, Never>] = []
    private var nextID: Int
    private var queue: [Operation] = []
    private var inFlight: Operation?
    private var streams: [String: [AsyncStream<[UInt8]>.Continuation]] = [:]
    private var lastSeq: Int?
    private var connected = false
    /// Values the last `connect` read (the static characteristics), for reads that follow at once.
    public private(set) var connectValues: [String: [UInt8]] = [:]
    /// Notifications dropped as resends, and frames answering operations no longer waited for.
    public private(set) var duplicates = 0
    public private(set) var lateResults = 0

    struct Operation {
        var id: Int
        var frame: BridgeFrame
        var limit: Duration
        var what: String
        var continuation: CheckedContinuation<[String: [UInt8]], any Error>
        var writeTarget: String?
    }

    /// A transport for `device`, with ids starting at `firstID` (one range per device keeps logs readable) and time
    /// measured by `clock` (a manual clock in tests).
    public init<C: Clock>(
        device: BridgeDevice, timeouts: Timeouts = .init(), firstID: Int = 1, clock: C
    ) where C.Duration == Duration {
        self.device = device
        self.timeouts = timeouts
        nextID = firstID
        sleep = { duration in try await clock.sleep(for: duration) }
        (linkEvents, linkContinuation) = AsyncStream.makeStream()
    }

    /// A transport for `device` on the continuous clock.
    public init(device: BridgeDevice, timeouts: Timeouts = .init(), firstID: Int = 1) {
        self.init(device: device, timeouts: timeouts, firstID: firstID, clock: ContinuousClock())
    }

    // MARK: The radio side

    /// Tab `tab` took the radio: frames go to `send` from now on. A waiting `connect()` proceeds. The same tab
    /// coming back (a new socket) keeps numbering its notifications, so resends are still dropped; another tab
    /// starts afresh.
    public func attach(tab: String, radio send: @escaping @Sendable (BridgeFrame) async -> Void) {
        radio = send
        if tab != radioTab { lastSeq = nil }
        radioTab = tab
        for waiter in radioWaiters { waiter.resume(returning: true) }
        radioWaiters = []
    }

    /// The radio tab went away (socket closed, heartbeat lost, `bye`): pending operations fail, streams end and the
    /// link counts as down until the next `connect`.
    public func detachRadio(reason: String = "the browser tab went away") {
        radio = nil
        let failed = (inFlight.map { [$0] } ?? []) + queue
        inFlight = nil
        timer?.cancel()
        timer = nil
        queue = []
        for operation in failed { operation.continuation.resume(throwing: BridgeError.noRadio) }
        linkDown(reason: reason)
    }

    /// Whether a tab holds the radio.
    public var hasRadio: Bool { radio != nil }
    /// Operations waiting behind the one in flight.
    public var queued: Int { queue.count }

    /// Handles a frame from the radio tab meant for this device: results, notifications, device events. Other
    /// frames are ignored.
    public func receive(_ frame: BridgeFrame) async {
        switch frame {
        case .result(let id, let outcome):
            guard let operation = inFlight, operation.id == id else {
                lateResults += 1
                return
            }
            inFlight = nil
            timer?.cancel()
            timer = nil
            switch outcome {
            case .ok(let values):
                if case .connect = operation.frame {
                    connectValues = values
                    connected = true
                    linkContinuation.yield(.connected)
                }
                operation.continuation.resume(returning: values)
            case .failed(let failure, let message):
                operation.continuation.resume(throwing: BridgeError.refused(failure, message))
            }
            await startNext()
        case .notify(let device, let characteristic, let bytes, let seq) where device == self.device:
            if let lastSeq, seq <= lastSeq {
                duplicates += 1
                return
            }
            lastSeq = seq
            for continuation in streams[characteristic] ?? [] { continuation.yield(bytes) }
        case .device(let device, .disconnected, _, let reason) where device == self.device:
            linkDown(reason: reason ?? "the device disconnected")
        default: break
        }
    }

    // MARK: GATTTransport

    public func connect() async throws {
        if radio == nil {
            guard await waitForRadio() else { throw BridgeError.noRadio }
        }
        _ = try await perform(.connect(id: 0, device: device), limit: timeouts.connect, what: "connect")
    }

    public func disconnect() async {
        if radio != nil {
            _ = try? await perform(.disconnect(id: 0, device: device), limit: timeouts.write, what: "disconnect")
        }
        linkDown(reason: "disconnected by the app")
    }

    public func read(_ characteristic: String) async throws -> [UInt8] {
        let values = try await perform(
            .read(id: 0, device: device, characteristic: characteristic), limit: timeouts.read, what: "read")
        return values[characteristic] ?? values.values.first ?? []
    }

    public func write(_ characteristic: String, value: [UInt8]) async throws {
        _ = try await perform(
            .write(id: 0, device: device, characteristic: characteristic, bytes: value), limit: timeouts.write,
            what: "write", replacing: characteristic)
    }

    public func values(of characteristic: String) async throws -> AsyncStream<[UInt8]> {
        let (stream, continuation) = AsyncStream<[UInt8]>.makeStream()
        streams[characteristic, default: []].append(continuation)
        do {
            _ = try await perform(
                .subscribe(id: 0, device: device, characteristic: characteristic), limit: timeouts.write,
                what: "subscribe")
        } catch {
            continuation.finish()
            throw error
        }
        return stream
    }

    // MARK: Queue

    private func perform(
        _ frame: BridgeFrame, limit: Duration, what: String, replacing target: String? = nil
    ) async throws -> [String: [UInt8]] {
        guard radio != nil else { throw BridgeError.noRadio }
        return try await withCheckedThrowingContinuation { continuation in
            let id = nextID
            nextID += 1
            let operation = Operation(
                id: id, frame: frame.with(id: id), limit: limit, what: what, continuation: continuation,
                writeTarget: target)
            if let target, let index = queue.firstIndex(where: { $0.writeTarget == target }) {
                queue[index].continuation.resume(throwing: BridgeError.superseded)
                queue.remove(at: index)
            }
            guard queue.count < timeouts.queueLimit else {
                continuation.resume(throwing: BridgeError.queueFull)
                return
            }
            queue.append(operation)
            if inFlight == nil { Task { await self.startNext() } }
        }
    }

    private func startNext() async {
        guard inFlight == nil, !queue.isEmpty else { return }
        let operation = queue.removeFirst()
        guard let radio else {
            operation.continuation.resume(throwing: BridgeError.noRadio)
            await startNext()
            return
        }
        inFlight = operation
        let id = operation.id
        timer = Task { [sleep] in
            guard (try? await sleep(operation.limit)) != nil else { return }
            await self.expire(id)
        }
        await radio(operation.frame)
    }

    private func expire(_ id: Int) async {
        guard let operation = inFlight, operation.id == id else { return }
        inFlight = nil
        timer = nil
        operation.continuation.resume(throwing: BridgeError.timedOut(operation.what))
        await startNext()
    }

    private func waitForRadio() async -> Bool {
        let limit = timeouts.radioWait
        Task { [sleep] in
            try? await sleep(limit)
            await self.stopWaitingForRadio()
        }
        return await withCheckedContinuation { radioWaiters.append($0) }
    }

    private func stopWaitingForRadio() {
        for waiter in radioWaiters { waiter.resume(returning: radio != nil) }
        radioWaiters = []
    }

    private func linkDown(reason: String) {
        for continuations in streams.values { for continuation in continuations { continuation.finish() } }
        streams = [:]
        guard connected else { return }
        connected = false
        linkContinuation.yield(.disconnected(reason: reason))
    }
}

extension BridgeFrame {
    /// The same operation frame with operation id `id`.
    func with(id: Int) -> BridgeFrame {
        switch self {
        case .connect(_, let device): .connect(id: id, device: device)
        case .subscribe(_, let device, let characteristic):
            .subscribe(id: id, device: device, characteristic: characteristic)
        case .read(_, let device, let characteristic): .read(id: id, device: device, characteristic: characteristic)
        case .write(_, let device, let characteristic, let bytes):
            .write(id: id, device: device, characteristic: characteristic, bytes: bytes)
        case .disconnect(_, let device): .disconnect(id: id, device: device)
        default: self
        }
    }
}
