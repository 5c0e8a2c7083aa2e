import Foundation
import Hummingbird
import HummingbirdWebSocket
import JustZone2
import Logging
import NIOCore
import NIOWebSocket

/// `clubhouse zone2 peripherals`: the simulated trainer and strap over a WebSocket for the browser tests' fake
/// `navigator.bluetooth`, on 127.0.0.1 only.
///
/// - `GET /gatt` (WebSocket): one central per socket; the frames are ``PeripheralRequest`` and ``PeripheralReply``.
/// - `GET /control/state`: ``PeripheralsState`` as JSON (devices, control-point write log, event log).
/// - `POST /control/fault?spec=dropout+5s`: a fault now (the `zone2 ride` syntax; `@…` optional, counted from now).
/// - `POST /control/cadence?rpm=0`, `POST /control/clear` (logs), `POST /control/drop?central=N` (close a socket).
public enum PeripheralsServer {
    /// The largest frame a fake sends.
    static let maxFrame = 8 * 1024

    /// The application serving `hub` on 127.0.0.1:`port` (0 picks a free port; `onRunning` gets the real one).
    public static func application(
        hub: PeripheralsHub, port: Int, logger: Logger, onRunning: @escaping @Sendable (Int) async -> Void = { _ in }
    ) -> some ApplicationProtocol {
        let router = Router()
        addControlRoutes(to: router, hub: hub)
        let socketRouter = Router(context: BasicWebSocketRequestContext.self)
        socketRouter.ws("gatt") { inbound, outbound, _ in
            try await serve(hub: hub, inbound: inbound, outbound: outbound)
        }
        return Application(
            router: router, server: .http1WebSocketUpgrade(webSocketRouter: socketRouter),
            configuration: .init(address: .hostname("127.0.0.1", port: port), serverName: "jz2-peripherals"),
            onServerRunning: { channel in await onRunning(channel.localAddress?.port ?? port) },
            logger: logger)
    }

    /// One socket: its frames in order, its requests answered, the clock ticked while it is open.
    static func serve(
        hub: PeripheralsHub, inbound: WebSocketInboundStream, outbound: WebSocketOutboundWriter
    )
        async throws
    {
        let (central, frames) = await hub.open()
        let rate = await hub.state().rate
        await withTaskGroup(of: Void.self) { group in
            group.addTask {
                for await frame in frames {
                    do { try await outbound.write(.text(frame)) } catch { break }
                }
                // Dropped by test control: close the socket so the reader ends too.
                try? await outbound.close(.goingAway, reason: "dropped")
            }
            group.addTask {
                // Notifications are due every 1/rate s; ticking 20 times a period keeps them within 5 % of it.
                let step = Duration.milliseconds(max(5, Int(1000 / rate / 20)))
                while !Task.isCancelled {
                    try? await Task.sleep(for: step)
                    await hub.tick()
                }
            }
            group.addTask {
                do {
                    for try await message in inbound.messages(maxSize: maxFrame) {
                        if case .text(let text) = message { await hub.receive(text, from: central) }
                    }
                } catch {}
                await hub.close(central)
            }
            // The socket ends when the reader ends (the page closed) or the outbox is finished (dropped by test
            // control); either way the others stop.
            await group.next()
            await hub.close(central)
            group.cancelAll()
        }
    }

    static func addControlRoutes(to router: Router<BasicRequestContext>, hub: PeripheralsHub) {
        router.get("/") { _, _ in
            Response(
                status: .ok, headers: [.contentType: "text/plain; charset=utf-8"],
                body: .init(byteBuffer: ByteBuffer(string: help)))
        }
        router.get("control/state") { _, _ in json(await hub.state()) }
        router.post("control/fault") { request, context in
            var text = request.uri.queryParameters["spec"].map(String.init) ?? ""
            if text.isEmpty {
                let body = try await request.body.collect(upTo: 1024)
                text = String(buffer: body)
            }
            guard let fault = await hub.inject(text) else {
                return problem(
                    "Unknown fault '\(text.prefix(40))': use dropout+5s, strap+10s, control, stall+8s, "
                        + "garbage+3s or reject>250 (an optional @delay counts from now).")
            }
            return json(["fault": SimulatedPeripherals.describe(fault)])
        }
        router.post("control/cadence") { request, _ in
            guard let rpm = request.uri.queryParameters["rpm"].flatMap({ Double(String($0)) }), rpm >= 0, rpm <= 200
            else { return problem("cadence needs rpm=0…200") }
            await hub.setCadence(rpm)
            return json(["cadence": rpm])
        }
        router.post("control/clear") { _, _ in
            await hub.clearLogs()
            return json(["cleared": true])
        }
        router.post("control/drop") { request, _ in
            guard let central = request.uri.queryParameters["central"].flatMap({ Int(String($0)) }) else {
                return problem("drop needs central=N (see /control/state's sockets)")
            }
            await hub.drop(central)
            return json(["dropped": central])
        }
    }

    static let help = """
        JustZone2 simulated peripherals (a FTMS trainer and a heart-rate strap), for browser tests.
        WebSocket  /gatt             one central per socket: {"id":1,"op":"devices"|"connect"|"disconnect"|"services"|
                                     "notifications"|"read"|"write","dev":"trainer"|"hrm","char":"2AD9","bytes":"hex","on":true}
        GET        /control/state    devices, control-point writes (op codes, targets, times), event log
        POST       /control/fault    ?spec=dropout+5s | strap+10s | control | stall+8s | garbage+3s | reject>250
        POST       /control/cadence  ?rpm=0…200
        POST       /control/clear    forget the logs
        POST       /control/drop     ?central=N closes that socket

        """

    static func json(_ value: some Encodable) -> Response {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let data = (try? encoder.encode(value)) ?? Data("{}".utf8)
        return Response(
            status: .ok, headers: [.contentType: "application/json"], body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }

    static func problem(_ message: String) -> Response {
        let body = ["error": ["code": "bad-request", "message": message]]
        var response = json(body)
        response.status = .badRequest
        return response
    }
}
