import ClubhouseServer
import Configuration
import Foundation
import HTTPTypes
import HummingbirdTesting
import HummingbirdWSClient
import HummingbirdWebSocket
import Logging
import NIOCore
import NIOWebSocket
import ServerKit
import TestSupport
import Testing

/// The assembled server's WebSocket: JustZone2's bridge lives through the limits plain HTTP has.
@Suite("The bridge's WebSocket on the assembled server")
struct BridgeSocketServerTests {
    actor Received {
        var texts: [String] = []
        func add(_ text: String) { texts.append(text) }
        func count(_ type: String) -> Int { texts.filter { $0.contains(#""t":"\#(type)""#) }.count }
    }

    @Test("an upgraded socket outlives the 2-s header and idle limits, kept alive by the bridge's own pings")
    func outlivesHTTPDeadlines() async throws {
        let assembled = try await AssembledClubhouse.start(idleTimeout: 2) { config in
            config.headerTimeout = 2
            config.bodyTimeout = 2
            config.settings = ConfigReader(
                provider: EnvironmentVariablesProvider(environmentVariables: ["ZONE2_PING_SECONDS": "0.5"]))
        }
        do {
            let app = try await buildApplication(assembled.runtime, homeWait: .infinity)
            try await app.test(.live) { client in
                let port = try #require(client.port)
                // A simulator ride (the form makes the rider and sets the cookie).
                let start = try await client.execute(
                    uri: "/zone2/rides/start", method: .post,
                    headers: [.contentType: "application/x-www-form-urlencoded"],
                    body: ByteBuffer(string: "mode=erg&watts=120&minutes=5&source=simulator"))
                #expect(start.status == .seeOther)
                let cookie = String(try #require(start.headers[.setCookie]).prefix { $0 != ";" })
                let received = Received()
                let opened = ContinuousClock.now
                let close = try await WebSocketClient.connect(
                    url: "ws://127.0.0.1:\(port)/zone2/bridge",
                    configuration: .init(
                        additionalHeaders: [.cookie: cookie, .origin: "http://127.0.0.1:\(port)"]),
                    logger: Logger(label: "tab")
                ) { inbound, outbound, _ in
                    try await outbound.write(.text(#"{"v":1,"t":"hello","tab":"t1","role":"viewer"}"#))
                    for try await message in inbound.messages(maxSize: 1 << 16) {
                        guard case .text(let text) = message else { continue }
                        await received.add(text)
                        if let object = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any],
                            object["t"] as? String == "ping", let n = object["n"] as? Int
                        {
                            try await outbound.write(.text(#"{"v":1,"t":"pong","n":\#(n)}"#))
                        }
                        // 6 s: three times the 2-s header, body and idle limits (2 s, not 1: a loaded machine
                        // can take a second to send a request head).
                        if ContinuousClock.now - opened > .milliseconds(6000) {
                            try await outbound.close(.normalClosure, reason: "done")
                        }
                    }
                }
                #expect(close?.closeCode == .normalClosure, "the socket was not cut by an HTTP deadline")
                #expect(await received.count("ping") >= 6)
                #expect(await received.count("state") >= 3)
            }
        } catch {
            await assembled.stop()
            throw error
        }
        await assembled.stop()
    }
}
