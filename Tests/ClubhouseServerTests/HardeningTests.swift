import ClubWeeklyServer
import ClubhouseServer
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import NIOCore
import ServerKit
import ServiceLifecycle
import Synchronization
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A flag one task sets and another reads.
final class StopFlag: Sendable {
    private let value = Mutex(false)
    var isSet: Bool { value.withLock { $0 } }
    func set() { value.withLock { $0 = true } }
}

extension RawConnection {
    /// Sends one byte of `text` at a time every `interval` until `stop` is set or the text runs out (a slow client).
    /// Writes to a closed connection fail quietly (no SIGPIPE).
    func trickle(_ text: String, every interval: Duration, until stop: StopFlag) async {
        for byte in text.utf8 {
            if stop.isSet { return }
            var value = byte
            #if canImport(Glibc)
                let sent = Glibc.send(socket, &value, 1, Int32(MSG_NOSIGNAL))
            #else
                let sent = Darwin.send(socket, &value, 1, 0)
            #endif
            if sent <= 0 { return }
            try? await Task.sleep(for: interval)
        }
    }
}

@Suite("Production hardening")
struct HardeningTests {
    static let code = "RACE2345XY"

    static func session(
        _ client: any TestClientProtocol, code: String, forwardedFor: String
    ) async throws -> TestResponse {
        try await client.execute(
            uri: "/api/clubs/harbour/session", method: .post,
            headers: [.contentType: "application/json", .xForwardedFor: forwardedFor],
            body: ByteBuffer(string: #"{"code":"\#(code)"}"#))
    }

    @Test("behind a trusted proxy a client is locked out alone, sees the time left, and `club unlock` lifts it")
    func trustedProxyLockout() async throws {
        let assembled = try await AssembledClubhouse.start { config in
            config.trustedProxies = (try? TrustedProxies(parsing: "127.0.0.1")) ?? .none
        }
        let clubWeekly = assembled.runtime.apps.clubWeekly
        _ = try await clubWeekly.createClub(
            name: "Harbour", slug: "harbour", timeZone: "Europe/Dublin", weekStart: nil, code: Self.code,
            adminPassword: nil, publicFeed: false)
        do {
            let app = try await buildApplication(assembled.runtime, homeWait: .infinity)
            try await app.test(.live) { client in
                for _ in 0..<10 {
                    let wrong = try await Self.session(client, code: "WRONGCODE2", forwardedFor: "203.0.113.7")
                    #expect(wrong.status == .unauthorized)
                }
                let locked = try await Self.session(client, code: Self.code, forwardedFor: "203.0.113.7")
                #expect(locked.status == .tooManyRequests)
                let wait = Int(locked.headers[.retryAfter] ?? "") ?? 0
                #expect((1...900).contains(wait))
                #expect(String(buffer: locked.body).contains("Try again in 15 minutes"))
                // Another client behind the same proxy is not affected.
                let other = try await Self.session(client, code: Self.code, forwardedFor: "198.51.100.9")
                #expect(other.status == .ok)
                // The operator lifts the lock-out of that one address.
                #expect(try await clubWeekly.unlock(clubSlug: "harbour", address: "203.0.113.7") == 10)
                let again = try await Self.session(client, code: Self.code, forwardedFor: "203.0.113.7")
                #expect(again.status == .ok)
                #expect(try await clubWeekly.unlock(clubSlug: "harbour", address: nil) == 0)
                await #expect(throws: CLIError.self) { try await clubWeekly.unlock(clubSlug: "nope", address: nil) }
            }
        } catch {
            await assembled.stop()
            throw error
        }
        await assembled.stop()
    }

    @Test("a client that trickles its headers or body is disconnected although it is never silent")
    func tricklingClients() async throws {
        let assembled = try await AssembledClubhouse.start { config in
            config.headerTimeout = 1
            config.bodyTimeout = 1
        }
        do {
            let app = try await buildApplication(assembled.runtime, homeWait: .infinity)
            try await app.test(.live) { client in
                let port = try #require(client.port)
                let head = "GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\n" + String(repeating: "X-Pad: 1\r\n", count: 60)
                let body =
                    "POST /api/clubs/demo/session HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                    + "Content-Length: 600\r\n\r\n" + String(repeating: " ", count: 600)
                for (name, request, prefix) in [("head", head, 0), ("body", body, body.utf8.count - 600)] {
                    // The idle timeout (30 s) never fires: a byte arrives every 100 ms for up to a minute.
                    let connection = try RawConnection(port: port, readLimit: 45)
                    if prefix > 0 { connection.send(String(request.prefix(prefix))) }
                    let stop = StopFlag()
                    let rest = String(request.dropFirst(prefix))
                    let slow = Task { await connection.trickle(rest, every: .milliseconds(100), until: stop) }
                    #expect(await connection.readUntilClosed(), "\(name): still open after 45 s of trickling")
                    stop.set()
                    await slow.value
                    connection.close()
                }
            }
        } catch {
            await assembled.stop()
            throw error
        }
        await assembled.stop()
    }

    @Test("connections beyond the cap wait until one closes")
    func connectionCap() async throws {
        // Served by `runService` on a port of its own: HummingbirdTesting's live mode rebuilds the server
        // configuration without the connection cap.
        let port = try RawConnection.freePort()
        let assembled = try await AssembledClubhouse.start { config in
            config.maxConnections = 2
            config.port = port
        }
        let app = try await buildApplication(assembled.runtime, homeWait: .infinity)
        let server = Task { try await app.runService() }
        do {
            let one = try #require(
                try await RawConnection.once(listening: port, readLimit: 30), "the server did not start")
            let two = try RawConnection(port: port, readLimit: 30)
            one.send("GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            two.send("GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            // Both are served (keep-alive: the connections stay open afterwards).
            #expect(await one.readSome().hasPrefix("HTTP/1.1 200"))
            #expect(await two.readSome().hasPrefix("HTTP/1.1 200"))
            let waiting = try RawConnection(port: port, readLimit: 2)
            waiting.send("GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
            #expect(await waiting.readSome().isEmpty, "a third connection was served while two were open")
            one.close()
            let served = await RawConnection.waitingAnswer(waiting, readLimit: 30)
            #expect(served.hasPrefix("HTTP/1.1 200"), "\(served)")
            two.close()
            waiting.close()
        } catch {
            server.cancel()
            _ = await server.result
            await assembled.stop()
            throw error
        }
        server.cancel()
        _ = await server.result
        await assembled.stop()
    }

    @Test("a graceful shutdown closes a connection that never sent a request instead of waiting for its head deadline")
    func shutdownClosesSilentConnections() async throws {
        let port = try RawConnection.freePort()
        let assembled = try await AssembledClubhouse.start { config in
            config.headerTimeout = 3600
            config.idleTimeout = 3600
            config.port = port
        }
        let app = try await buildApplication(assembled.runtime, homeWait: .infinity)
        // What `runService` does on SIGINT or SIGTERM, triggered by the test.
        let group = ServiceGroup(configuration: .init(services: [app], logger: Logger(label: "test")))
        let server = Task { try await group.run() }
        do {
            let silent = try #require(
                try await RawConnection.once(listening: port, readLimit: 60), "the server did not start")
            let served = try RawConnection(port: port, readLimit: 60)
            served.send("GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            #expect(await served.readSome().hasPrefix("HTTP/1.1 200"))
            // Both connections are open: one silent (a browser's spare connection), one idle after its answer. (One
            // halfway through its first head: `FirstHeadDeadlineTests`, where the order of events is the test's.)
            await group.triggerGracefulShutdown()
            let silentClosed = await silent.readUntilClosed()
            let servedClosed = await served.readUntilClosed()
            #expect(silentClosed, "the silent connection was still open 60 s into the shutdown")
            #expect(servedClosed, "the idle connection was still open 60 s into the shutdown")
            silent.close()
            served.close()
            // The server then stops by itself: nothing else holds it (were a connection left, it would be cancelled).
            if !(silentClosed && servedClosed) { server.cancel() }
            try await server.value
            #expect((try? RawConnection(port: port, readLimit: 1)) == nil, "still listening after the shutdown")
        } catch {
            server.cancel()
            _ = await server.result
            await assembled.stop()
            throw error
        }
        await assembled.stop()
    }

    @Test("a database that is down at start-up is named in plain words")
    func startupError() async throws {
        var config = ServerConfig()
        config.databaseURL = "postgres://clubhouse:s3cret@127.0.0.1:9/clubhouse"
        config.logLevel = .critical
        do {
            _ = try await ClubhouseRuntime.start(config, label: "startup-test")
            Issue.record("started without a database")
        } catch {
            let text = "\(error)"
            #expect(text.contains("PostgreSQL at 127.0.0.1:9/clubhouse is not reachable"), "\(text)")
            #expect(!text.contains("s3cret") && !text.contains("PSQLError"), "\(text)")
        }
    }
}

extension RawConnection {
    /// A TCP port that was free a moment ago (bound to port 0, read back, released).
    static func freePort() throws -> Int {
        #if canImport(Glibc)
            let probe = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
            let probe = Darwin.socket(AF_INET, SOCK_STREAM, 0)
        #endif
        defer {
            #if canImport(Glibc)
                _ = Glibc.close(probe)
            #else
                _ = Darwin.close(probe)
            #endif
        }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { socketAddress in
                bind(probe, socketAddress, length) == 0 && getsockname(probe, socketAddress, &length) == 0
            }
        }
        guard bound else { throw CLIMessage("could not find a free port") }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    /// What arrives in one read (empty when the read limit passes first).
    func readSome() async -> String {
        let socket = socket
        return await Self.offPool {
            var buffer = [UInt8](repeating: 0, count: 4096)
            let count = buffer.withUnsafeMutableBytes { read(socket, $0.baseAddress, $0.count) }
            return count > 0 ? String(decoding: buffer.prefix(count), as: UTF8.self) : ""
        }
    }

    /// A connection to `port` once a server listens there (tried every 50 ms for 10 s), or nil.
    static func once(listening port: Int, readLimit: Int) async throws -> RawConnection? {
        for _ in 0..<200 {
            if let connection = try? RawConnection(port: port, readLimit: readLimit) { return connection }
            try await Task.sleep(for: .milliseconds(50))
        }
        return nil
    }

    /// Reads `connection` again with a longer limit, for an answer that was held back.
    static func waitingAnswer(_ connection: RawConnection, readLimit: Int) async -> String {
        var limit = timeval(tv_sec: readLimit, tv_usec: 0)
        setsockopt(connection.socket, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
        return await connection.readAll().text
    }
}
