import ClubhouseServer
import Foundation
import HummingbirdTesting
import ServerKit
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A raw TCP client: sends bytes and reads until the server closes, so a test can see a connection being dropped.
struct RawConnection {
    let socket: Int32

    /// Connects to 127.0.0.1:`port`; reads give up after `readLimit` seconds (a bound, not a timing assertion).
    init(port: Int, readLimit: Int) throws {
        #if canImport(Glibc)
            socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
            socket = Darwin.socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard socket >= 0 else { throw CLIMessage("socket() failed") }
        var limit = timeval(tv_sec: readLimit, tv_usec: 0)
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else {
            _ = closeSocket(socket)
            throw CLIMessage("connect() failed")
        }
    }

    func send(_ text: String) {
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { write(socket, $0.baseAddress, $0.count) }
    }

    /// Reads until the server closes the connection (true) or the read limit passes with it still open (false).
    func readUntilClosed() async -> Bool { await readAll().closed }

    /// Everything the server sends until it closes the connection or the read limit passes. The blocking reads run
    /// on a thread of their own: on Swift's small cooperative pool they would starve the server under test.
    func readAll() async -> (text: String, closed: Bool) {
        await Self.offPool { readAllBlocking() }
    }

    /// Runs a blocking call on a Dispatch thread, outside Swift's cooperative pool.
    static func offPool<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
        await withCheckedContinuation { continuation in
            DispatchQueue.global().async { continuation.resume(returning: work()) }
        }
    }

    private func readAllBlocking() -> (text: String, closed: Bool) {
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(socket, $0.baseAddress, $0.count) }
            if count > 0 {
                received += buffer.prefix(count)
                continue
            }
            let closed = count == 0 || errno == ECONNRESET
            return (String(decoding: received, as: UTF8.self), closed)
        }
    }

    func close() { _ = closeSocket(socket) }
}

private func closeSocket(_ socket: Int32) -> Int32 {
    #if canImport(Glibc)
        Glibc.close(socket)
    #else
        Darwin.close(socket)
    #endif
}

@Suite("Slow and stalled clients")
struct SlowClientTests {
    @Test("a client that announces a body and stalls, or never finishes its headers, is disconnected")
    func stalledClientsAreDropped() async throws {
        let assembled = try await AssembledClubhouse.start(idleTimeout: 1)
        let app = try await buildApplication(assembled.runtime, homeWait: .infinity)
        do {
            try await app.test(.live) { client in
                let port = try #require(client.port)
                // 10 of an announced 1,000 bytes, then silence.
                let body = try RawConnection(port: port, readLimit: 60)
                body.send(
                    "POST /api/clubs/demo/session HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                        + "Content-Length: 1000\r\n\r\n{\"code\":\"A")
                // Half a request line, then silence.
                let head = try RawConnection(port: port, readLimit: 60)
                head.send("GET /clubs/demo HTT")
                #expect(await body.readUntilClosed(), "the stalled body was still open after 60 s")
                #expect(await head.readUntilClosed(), "the stalled head was still open after 60 s")
                body.close()
                head.close()
                // Ordinary requests are unaffected (the test client's own idle connection was closed too, so ask
                // on a new one).
                let ordinary = try RawConnection(port: port, readLimit: 60)
                ordinary.send("GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
                let answer = await ordinary.readAll()
                #expect(answer.text.hasPrefix("HTTP/1.1 200"))
                #expect(answer.text.contains("\"status\":\"ok\""))
                ordinary.close()
            }
        } catch {
            await assembled.stop()
            throw error
        }
        await assembled.stop()
    }
}
