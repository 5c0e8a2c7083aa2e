import Configuration
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import HummingbirdWSClient
import HummingbirdWebSocket
import JustZone2
import Logging
import NIOCore
import NIOWebSocket
import ServerKit
import StravaAPI
import StravaServer
import TestSupport
import Testing

@testable import JustZone2Server

/// JustZone2 served for real on 127.0.0.1 (port 0) with the bridge's WebSocket upgrade, as `buildApplication` wires
/// it, and short live-ride timings.
struct BridgeServer: Sendable {
    let app: JustZone2App

    /// A router with the app's routes (a new one each time: routers are not Sendable).
    var router: Router<AppRequestContext> {
        let router = Router(context: AppRequestContext.self)
        app.addRoutes(to: router)
        return router
    }

    static func make(
        timeScale: Double = 10, ping: Double = 0.2, radioTimeout: Double = 12, publicURL: String? = nil
    ) async throws -> BridgeServer {
        let database = try await TestDatabases.make(.sqlite)
        try await Migrator(JustZone2App.migrations).migrate(database)
        var config = ServerConfig()
        config.publicURL = publicURL
        config.settings = ConfigReader(
            provider: EnvironmentVariablesProvider(environmentVariables: [
                "ZONE2_TIME_SCALE": String(timeScale), "ZONE2_PING_SECONDS": String(ping),
                "ZONE2_RADIO_TIMEOUT_SECONDS": String(radioTimeout),
                // A loaded machine can take more than the 2 s a write gets; no test here is about that limit (the
                // core's transport tests are), and a stuck operation then shows as a wait that never ends.
                "ZONE2_OPERATION_TIMEOUT_SECONDS": "60",
            ]))
        var logger = Logger(label: "bridge-test")
        logger.logLevel = .warning
        let strava = try StravaServices(
            settings: config.strava, governor: InMemoryRateLimitGovernor(), logger: logger)
        let app = JustZone2App(config: config, database: database, strava: strava, logger: logger)
        return BridgeServer(app: app)
    }

    /// Runs `body` with the server listening; the port is the test client's.
    func run(_ body: @escaping @Sendable (_ port: Int) async throws -> Void) async throws {
        let app = self.app
        let application = Application(
            router: router,
            server: .http1WebSocketUpgrade(configuration: .init(ws: .init(maxFrameSize: 1 << 16, autoPing: .disabled)))
            {
                head, _, logger in await app.bridgeUpgrade(head, logger: logger)
            },
            configuration: .init(address: .hostname("127.0.0.1", port: 0)))
        try await application.test(.live) { client in
            try await body(try #require(client.port))
        }
    }

    /// Another app over the same database (a second server instance).
    func sharingDatabase() throws -> JustZone2App {
        var logger = Logger(label: "bridge-test-2")
        logger.logLevel = .warning
        let strava = try StravaServices(
            settings: app.config.strava, governor: InMemoryRateLimitGovernor(), logger: logger)
        return JustZone2App(config: app.config, database: app.database, strava: strava, logger: logger)
    }

    /// A rider and the cookie header that names them.
    func rider() async throws -> (rider: Rider, cookie: String) {
        let created = try await app.riders.create()
        return (created.rider, "\(RiderStore.cookie)=\(created.token)")
    }
}

/// One test tab on the bridge's socket: frames it received, frames to send. When `radio` is set it answers the
/// server's GATT operations from the simulated trainer and strap, as `radio.js` does from real devices.
actor TestTab {
    private(set) var frames: [BridgeFrame] = []
    private(set) var undecodable: [String] = []
    private let outgoing: AsyncStream<String>
    private let out: AsyncStream<String>.Continuation
    private(set) var closeFrame: WebSocketCloseFrame?
    private(set) var failure: String?
    private var task: Task<Void, Never>?
    var radio: SocketRadio?
    /// Whether pings are answered (a frozen tab answers nothing).
    var answersPings = true
    func setAnswersPings(_ on: Bool) { answersPings = on }

    init() { (outgoing, out) = AsyncStream.makeStream() }

    /// Opens the socket (`cookie` and `origin` headers as given).
    static func open(port: Int, cookie: String?, origin: String?, radio: SocketRadio? = nil) async -> TestTab {
        let tab = TestTab()
        await tab.start(port: port, cookie: cookie, origin: origin, radio: radio)
        return tab
    }

    private func start(port: Int, cookie: String?, origin: String?, radio: SocketRadio?) {
        self.radio = radio
        var headers: HTTPFields = [:]
        if let cookie { headers[.cookie] = cookie }
        if let origin { headers[.origin] = origin }
        let configuration = WebSocketClientConfiguration(maxFrameSize: 1 << 17, additionalHeaders: headers)
        let outgoing = self.outgoing
        task = Task {
            do {
                let close = try await WebSocketClient.connect(
                    url: "ws://127.0.0.1:\(port)/zone2/bridge", configuration: configuration,
                    logger: Logger(label: "tab")
                ) { inbound, outbound, _ in
                    let sender = Task {
                        for await text in outgoing { try? await outbound.write(.text(text)) }
                        try? await outbound.close(.normalClosure, reason: nil)
                    }
                    for try await message in inbound.messages(maxSize: 1 << 17) {
                        if case .text(let text) = message { await self.received(text, outbound: outbound) }
                    }
                    sender.cancel()
                }
                self.closed(close)
            } catch {
                self.failed("\(error)")
            }
        }
    }

    private func received(_ text: String, outbound: WebSocketOutboundWriter) async {
        guard let frame = try? BridgeFrame(json: text) else {
            undecodable.append(text)
            return
        }
        frames.append(frame)
        if case .ping(let n) = frame, answersPings { send(.pong(n)) }
        if let radio { await radio.handle(frame, tab: self) }
    }

    private func closed(_ frame: WebSocketCloseFrame?) { closeFrame = frame }
    private func failed(_ message: String) { failure = message }

    /// Sends a frame.
    nonisolated func send(_ frame: BridgeFrame) { out.yield(frame.json()) }
    /// Sends raw text.
    nonisolated func send(raw text: String) { out.yield(text) }
    /// Closes the socket from this side.
    nonisolated func close() { out.finish() }

    /// Whether the socket ended (closed by either side, or never opened).
    var ended: Bool { closeFrame != nil || failure != nil || task == nil }

    /// Waits for the socket task to end.
    func finished() async { await task?.value }

    /// The frames received that match.
    func frames(where match: (BridgeFrame) -> Bool) -> [BridgeFrame] { frames.filter(match) }

    /// The latest `state` received.
    var lastState: RideState? {
        for frame in frames.reversed() { if case .state(let state) = frame { return state } }
        return nil
    }
}

/// Waits (bounded, polling) until `condition` holds; records an issue when it never does within `limit` seconds.
/// Used where the server works in real time (sockets, a ride clock), never to assert a duration: the limit is long
/// because a loaded machine (the whole suite in parallel beside a build) runs a 20× ride clock many times slower.
func eventually(
    _ what: String, limit: Double = 120, sourceLocation: SourceLocation = #_sourceLocation,
    _ condition: () async -> Bool
) async {
    let deadline = ContinuousClock.now + .milliseconds(Int64(limit * 1000))
    while ContinuousClock.now < deadline {
        if await condition() { return }
        try? await Task.sleep(for: .milliseconds(10))
    }
    Issue.record("never happened within \(limit) s: \(what)", sourceLocation: sourceLocation)
}

/// A browser tab's radio for tests: answers the server's operations from a ``SimulatedGATTTransport`` (trainer) and a
/// ``SimulatedStrapTransport`` (strap), relays their notifications with per-device sequence numbers, and counts the
/// operations it was asked for, in order.
actor SocketRadio {
    let trainer = SimulatedGATTTransport()
    let strap = SimulatedStrapTransport()
    private(set) var operations: [BridgeFrame] = []
    private var seq: [BridgeDevice: Int] = [:]
    private var relays: [String: Task<Void, Never>] = [:]
    private var pump: Task<Void, Never>?

    /// Pumps Indoor Bike Data and heart beats every `every` until stopped (the simulator's devices sending).
    func startPumping(every: Duration = .milliseconds(20)) {
        let (trainer, strap) = (self.trainer, self.strap)
        pump = Task {
            while !Task.isCancelled {
                await trainer.pump(cadence: 90, seconds: 0.1)
                await strap.beat(128)
                try? await Task.sleep(for: every)
            }
        }
    }

    func stop() {
        pump?.cancel()
        for relay in relays.values { relay.cancel() }
    }

    func handle(_ frame: BridgeFrame, tab: TestTab) async {
        guard let id = frame.operationID, let device = frame.device else { return }
        operations.append(frame)
        let link: any GATTTransport = device == .trainer ? trainer : strap
        let outcome: BridgeFrame.Outcome
        do {
            switch frame {
            case .connect:
                try await link.connect()
                outcome = .ok(values: [:])
            case .subscribe(_, _, let characteristic):
                let stream = try await link.values(of: characteristic)
                relays["\(device)-\(characteristic)"]?.cancel()
                relays["\(device)-\(characteristic)"] = Task {
                    for await bytes in stream { await self.notify(device, characteristic, bytes, tab: tab) }
                }
                outcome = .ok(values: [:])
            case .read(_, _, let characteristic):
                outcome = .ok(values: [characteristic: try await link.read(characteristic)])
            case .write(_, _, let characteristic, let bytes):
                try await link.write(characteristic, value: bytes)
                outcome = .ok(values: [:])
            case .disconnect:
                await link.disconnect()
                outcome = .ok(values: [:])
            default: return
            }
        } catch {
            outcome = .failed(.disconnected, message: "\(error)")
        }
        tab.send(.result(id: id, outcome: outcome))
    }

    private func notify(_ device: BridgeDevice, _ characteristic: String, _ bytes: [UInt8], tab: TestTab) {
        let next = (seq[device] ?? 0) + 1
        seq[device] = next
        tab.send(.notify(device: device, characteristic: characteristic, bytes: bytes, seq: next))
    }
}

extension BridgeFrame {
    /// The id of a server → browser GATT operation.
    var operationID: Int? {
        switch self {
        case .connect(let id, _), .subscribe(let id, _, _), .read(let id, _, _), .write(let id, _, _, _),
            .disconnect(let id, _):
            id
        default: nil
        }
    }

    /// The device of a server → browser GATT operation.
    var device: BridgeDevice? {
        switch self {
        case .connect(_, let device), .subscribe(_, let device, _), .read(_, let device, _),
            .write(_, let device, _, _), .disconnect(_, let device):
            device
        default: nil
        }
    }
}
