import AsyncHTTPClient
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import NIOCore
import ServerKit
import Synchronization
import Testing

/// Requests per route seen by the fake upstream.
final class RequestCounter: Sendable {
    private let counts = Mutex<[String: Int]>([:])

    /// Counts one request on `route` and returns how many it has seen, this one included.
    func hit(_ route: String) -> Int {
        counts.withLock { counts in
            let count = counts[route, default: 0] + 1
            counts[route] = count
            return count
        }
    }

    /// Requests seen on `route`.
    func count(_ route: String) -> Int { counts.withLock { $0[route] ?? 0 } }
}

/// Holds requests until the test opens it: a slow upstream without a sleep.
final class Gate: Sendable {
    private let state = Mutex<(isOpen: Bool, waiters: [CheckedContinuation<Void, Never>])>((false, []))

    /// Returns once the gate is open.
    func wait() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let isOpen = state.withLock { state in
                if !state.isOpen { state.waiters.append(continuation) }
                return state.isOpen
            }
            if isOpen { continuation.resume() }
        }
    }

    /// Lets every waiting and later request through.
    func open() {
        let waiters = state.withLock { state in
            state.isOpen = true
            let waiters = state.waiters
            state.waiters = []
            return waiters
        }
        for waiter in waiters { waiter.resume() }
    }
}

/// ``UpstreamHTTPClient`` against a real HTTP server on 127.0.0.1 (Hummingbird, live): retries with backoff for
/// idempotent methods on 502/503/504 and connection failures, one try for the others, the timeout over the whole
/// exchange, the body cap, and refused connections.
@Suite("Upstream HTTP client")
struct UpstreamHTTPClientTests {
    static var logger: Logger {
        var logger = Logger(label: "test")
        logger.logLevel = .critical
        return logger
    }

    /// A client for tests about answers (not about slowness): a generous timeout and a tiny backoff base.
    static func client(
        maxAttempts: Int = 3, timeout: TimeAmount = .seconds(30), maxBodyBytes: Int = 1 << 20
    )
        -> UpstreamHTTPClient
    {
        UpstreamHTTPClient(
            timeout: timeout, maxAttempts: maxAttempts, maxBodyBytes: maxBodyBytes, retryBaseDelay: 0.001,
            logger: logger)
    }

    /// Runs `test` against a fake upstream on 127.0.0.1:
    /// - `/flaky/:status/:failures`: the first `failures` requests get `status`, the next ones 200 "ok" (any method);
    /// - `/slow`: answers once `gate` opens; `/trickle`: sends its headers and a first chunk, the rest once it opens;
    /// - `/big`: 4096 bytes; `/echo`: the request's method, `X-Test` header and body, with a repeated header.
    static func withUpstream(
        _ test: @Sendable (_ base: String, _ counter: RequestCounter, _ gate: Gate) async throws -> Void
    ) async throws {
        let counter = RequestCounter()
        let gate = Gate()
        let router = Router()
        let flaky: @Sendable (Request, BasicRequestContext) async throws -> Response = { request, context in
            let status = Int(context.parameters.get("status") ?? "") ?? 500
            let failures = Int(context.parameters.get("failures") ?? "") ?? 0
            let seen = counter.hit("flaky")
            guard seen > failures else {
                return Response(
                    status: .init(code: status), headers: [.retryAfter: "1"],
                    body: .init(byteBuffer: ByteBuffer(string: "failure \(seen)")))
            }
            return Response(status: .ok, body: .init(byteBuffer: ByteBuffer(string: "ok")))
        }
        for method in [HTTPRequest.Method.get, .head, .post, .put, .patch, .delete, .options] {
            router.on("flaky/:status/:failures", method: method, use: flaky)
        }
        router.get("slow") { _, _ -> Response in
            _ = counter.hit("slow")
            await gate.wait()
            return Response(status: .ok, body: .init(byteBuffer: ByteBuffer(string: "late")))
        }
        router.get("trickle") { _, _ -> Response in
            _ = counter.hit("trickle")
            return Response(
                status: .ok,
                body: ResponseBody { writer in
                    try await writer.write(ByteBuffer(string: "first part"))
                    await gate.wait()
                    try await writer.write(ByteBuffer(string: ", the rest"))
                    try await writer.finish(nil)
                })
        }
        router.get("big") { _, _ -> Response in
            _ = counter.hit("big")
            return Response(status: .ok, body: .init(byteBuffer: ByteBuffer(repeating: 0x61, count: 4096)))
        }
        router.post("echo") { request, _ -> Response in
            let body = try await request.body.collect(upTo: 1 << 16)
            var headers: HTTPFields = [.contentType: "text/plain"]
            headers.append(HTTPField(name: .cacheControl, value: "no-store"))
            headers.append(HTTPField(name: .cacheControl, value: "private"))
            let text = "\(request.method) \(request.headers[.userAgent] ?? "-") \(String(buffer: body))"
            return Response(status: .created, headers: headers, body: .init(byteBuffer: ByteBuffer(string: text)))
        }
        try await Application(router: router).test(.live) { client in
            let port = try #require(client.port)
            do {
                try await test("http://127.0.0.1:\(port)", counter, gate)
            } catch {
                gate.open()
                throw error
            }
            gate.open()  // the server waits for held requests when it stops
        }
    }

    static func url(_ text: String) throws -> URL { try #require(URL(string: text)) }

    @Test(
        "GET: 502, 503 and 504 are retried with backoff and the first good answer is returned",
        arguments: [502, 503, 504])
    func retriesGatewayErrors(status: Int) async throws {
        try await Self.withUpstream { base, counter, _ in
            let response = try await Self.client(maxAttempts: 3).send(
                method: "GET", url: try Self.url("\(base)/flaky/\(status)/2"))
            #expect(response.status == 200)
            #expect(String(decoding: response.body, as: UTF8.self) == "ok")
            #expect(counter.count("flaky") == 3, "two failures, then the answer")
        }
    }

    @Test("when every try fails, the last answer is returned (not thrown) after exactly maxAttempts tries")
    func lastAnswerAfterTries() async throws {
        try await Self.withUpstream { base, counter, _ in
            let response = try await Self.client(maxAttempts: 3).send(
                method: "GET", url: try Self.url("\(base)/flaky/503/10"))
            #expect(response.status == 503)
            #expect(String(decoding: response.body, as: UTF8.self) == "failure 3")
            #expect(response.headers["retry-after"] == "1")
            #expect(counter.count("flaky") == 3)
        }
    }

    @Test("500 and 429 are returned at once: only 502, 503 and 504 are retried", arguments: [500, 429, 404])
    func noRetryForOtherStatuses(status: Int) async throws {
        try await Self.withUpstream { base, counter, _ in
            let response = try await Self.client(maxAttempts: 3).send(
                method: "GET", url: try Self.url("\(base)/flaky/\(status)/1"))
            #expect(response.status == status)
            #expect(counter.count("flaky") == 1)
        }
    }

    @Test("POST and PATCH are sent once even on 503; PUT, DELETE, HEAD and OPTIONS are retried like GET")
    func idempotency() async throws {
        for (method, retried) in [
            ("POST", false), ("patch", false), ("PUT", true), ("DELETE", true), ("HEAD", true), ("OPTIONS", true),
        ] {
            try await Self.withUpstream { base, counter, _ in
                let response = try await Self.client(maxAttempts: 3).send(
                    method: method, url: try Self.url("\(base)/flaky/503/1"), body: Data("x=1".utf8))
                #expect(response.status == (retried ? 200 : 503), "\(method)")
                #expect(counter.count("flaky") == (retried ? 2 : 1), "\(method)")
            }
        }
    }

    @Test("the timeout ends a slow answer and a body that trickles after its headers")
    func timeouts() async throws {
        try await Self.withUpstream { base, counter, _ in
            // Only this test is about slowness: the upstream never answers in time (it waits for the gate).
            let client = Self.client(maxAttempts: 1, timeout: .milliseconds(200))
            for route in ["slow", "trickle"] {
                let error = await #expect(throws: UpstreamError.self, "\(route)") {
                    try await client.send(method: "GET", url: try Self.url("\(base)/\(route)"))
                }
                guard case .timeout(let url) = error else {
                    Issue.record("\(route): expected a timeout, got \(String(describing: error))")
                    continue
                }
                #expect(url.hasSuffix("/\(route)"))
                #expect(counter.count(route) <= 1, "\(route): one try")
            }
        }
    }

    @Test("a body larger than the cap throws tooLarge and is not retried")
    func bodyCap() async throws {
        try await Self.withUpstream { base, counter, _ in
            let error = await #expect(throws: UpstreamError.self) {
                try await Self.client(maxAttempts: 3, maxBodyBytes: 1000).send(
                    method: "GET", url: try Self.url("\(base)/big"))
            }
            guard case .tooLarge = error else {
                Issue.record("expected tooLarge, got \(String(describing: error))")
                return
            }
            #expect(counter.count("big") == 1)
            let whole = try await Self.client(maxBodyBytes: 4096).send(method: "GET", url: try Self.url("\(base)/big"))
            #expect(whole.body.count == 4096)
        }
    }

    @Test("method, headers and body are sent; response header names are lower-cased, repeated ones joined")
    func headersAndBody() async throws {
        try await Self.withUpstream { base, _, _ in
            let response = try await Self.client().send(
                method: "post", url: try Self.url("\(base)/echo"), headers: ["User-Agent": "clubhouse-test"],
                body: Data("hello".utf8))
            #expect(response.status == 201)
            #expect(String(decoding: response.body, as: UTF8.self) == "POST clubhouse-test hello")
            #expect(response.headers["content-type"] == "text/plain")
            #expect(response.headers["cache-control"] == "no-store, private")
            #expect(response.headers["Content-Type"] == nil, "names are lower-cased")
        }
    }

    @Test("a refused connection: UpstreamError.unreachable naming the host, for every method")
    func refused() async throws {
        // Without the pool's own connection retries, a refusal fails the try at once (no timeout involved).
        var configuration = HTTPClient.Configuration()
        configuration.connectionPool.retryConnectionEstablishment = false
        let http = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
        let client = UpstreamHTTPClient(
            client: http, timeout: .seconds(30), maxAttempts: 3, retryBaseDelay: 0.001, logger: Self.logger)
        for method in ["GET", "POST"] {
            let error = await #expect(throws: UpstreamError.self, "\(method)") {
                try await client.send(method: method, url: try Self.url("http://127.0.0.1:1/nothing"))
            }
            guard case .unreachable(let detail) = error else {
                Issue.record("\(method): expected unreachable, got \(String(describing: error))")
                continue
            }
            #expect(detail.contains("127.0.0.1"), "\(detail)")
        }
        try await http.shutdown()
    }
}
