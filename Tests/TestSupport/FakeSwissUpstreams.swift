import Foundation
import Hummingbird
import Logging
import NIOCore
import ServiceLifecycle

/// A fault a fake upstream injects on a route.
public enum FakeUpstreamFault: Sendable, Equatable {
    /// Answer normally.
    case none
    /// Answer normally after a delay.
    case slow(milliseconds: Int)
    /// Answer with this status and a short error body.
    case status(Int)
    /// Answer 200 with a body that is not what the client expects.
    case malformed
    /// Answer 200 with this body (well-formed JSON of the wrong shape, numbers out of range …).
    case body(String)
}

/// The services Today in Switzerland calls, faked on 127.0.0.1 in their documented formats: Open-Meteo
/// (`/v1/forecast`, multi-location), RSS/Atom feeds (`/feeds/<name>.xml`), transport.opendata.ch
/// (`/v1/stationboard`) and Overpass (`/api/interpreter`). Each route can be slowed, fail or send garbage, and
/// counts its requests.
public final class FakeSwissUpstreams: Sendable {
    /// Routes: `forecast`, `feeds`, `stationboard`, `overpass`.
    public actor State {
        var faults: [String: FakeUpstreamFault] = [:]
        var counts: [String: Int] = [:]
        var delayDefaultMilliseconds = 0

        /// Sets the fault of `route`.
        public func set(_ route: String, _ fault: FakeUpstreamFault) { faults[route] = fault }
        /// Every route answers after `milliseconds` (unless a fault says otherwise).
        public func setDelay(_ milliseconds: Int) { delayDefaultMilliseconds = milliseconds }
        /// Requests seen on `route`.
        public func count(_ route: String) -> Int { counts[route] ?? 0 }

        func begin(_ route: String) -> FakeUpstreamFault {
            counts[route, default: 0] += 1
            let fault = faults[route] ?? .none
            if case .none = fault, delayDefaultMilliseconds > 0 { return .slow(milliseconds: delayDefaultMilliseconds) }
            return fault
        }
    }

    /// Faults and counters.
    public let state: State
    /// The port the fakes listen on.
    public let port: Int
    private let task: Task<Void, any Error>
    private let group: ServiceGroup

    /// `http://127.0.0.1:<port>`.
    public var baseURL: String { "http://127.0.0.1:\(port)" }

    init(state: State, port: Int, task: Task<Void, any Error>, group: ServiceGroup) {
        self.state = state
        self.port = port
        self.task = task
        self.group = group
    }

    /// Starts the fakes on an ephemeral port.
    public static func start() async throws -> FakeSwissUpstreams {
        let state = State()
        var logger = Logger(label: "fake-swiss")
        logger.logLevel = .warning
        let router = Router()
        addRoutes(to: router, state: state)
        let (portStream, portContinuation) = AsyncStream<Int>.makeStream()
        let app = Application(
            router: router,
            configuration: .init(address: .hostname("127.0.0.1", port: 0), serverName: "fake-swiss"),
            onServerRunning: { channel in
                portContinuation.yield(channel.localAddress?.port ?? 0)
                portContinuation.finish()
            },
            logger: logger)
        let group = ServiceGroup(configuration: .init(services: [app], gracefulShutdownSignals: [], logger: logger))
        let task = Task {
            defer { portContinuation.finish() }
            try await group.run()
        }
        var iterator = portStream.makeAsyncIterator()
        guard let port = await iterator.next(), port > 0 else {
            task.cancel()
            throw FakeStravaError("fake Swiss upstreams did not start")
        }
        return FakeSwissUpstreams(state: state, port: port, task: task, group: group)
    }

    /// Stops the server.
    public func stop() async {
        await group.triggerGracefulShutdown()
        _ = await task.result
    }

    // MARK: Routes

    static func reply(_ route: String, state: State, contentType: String, body: () -> String) async -> Response {
        let fault = await state.begin(route)
        switch fault {
        case .none:
            break
        case .slow(let milliseconds):
            try? await Task.sleep(for: .milliseconds(milliseconds))
        case .status(let status):
            return Response(
                status: .init(code: status), headers: [.contentType: "application/json"],
                body: .init(byteBuffer: ByteBuffer(string: "{\"error\":\"fake \(status)\"}")))
        case .malformed:
            return Response(
                status: .ok, headers: [.contentType: contentType],
                body: .init(byteBuffer: ByteBuffer(string: "<<not what you expected>>{")))
        case .body(let text):
            return Response(
                status: .ok, headers: [.contentType: contentType], body: .init(byteBuffer: ByteBuffer(string: text)))
        }
        return Response(
            status: .ok, headers: [.contentType: contentType], body: .init(byteBuffer: ByteBuffer(string: body())))
    }

    static func addRoutes(to router: Router<BasicRequestContext>, state: State) {
        let boardTime = Date()
        router.get("v1/forecast") { request, _ in
            let query = request.uri.queryParameters
            return await reply("forecast", state: state, contentType: "application/json") {
                FakeOpenMeteo.forecast(query: { query.get($0) })
            }
        }
        router.get("feeds/:name") { _, context in
            let name = context.parameters.get("name") ?? "feed.xml"
            return await reply("feeds", state: state, contentType: "application/rss+xml") {
                FakeFeeds.rss(name: name)
            }
        }
        router.get("v1/stationboard") { request, _ in
            let station = request.uri.queryParameters.get("station") ?? "Zürich HB"
            return await reply("stationboard", state: state, contentType: "application/json") {
                FakeTransport.stationboard(station: station, now: boardTime)
            }
        }
        router.post("api/interpreter") { _, _ in
            await reply("overpass", state: state, contentType: "application/json") { FakeOverpass.elements }
        }
    }
}
