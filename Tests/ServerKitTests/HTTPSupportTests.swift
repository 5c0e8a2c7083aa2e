import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import ServerKit
import Testing

/// The HTTP helpers every app shares: security headers, the JSON error envelope, JSON bodies, same-origin checks,
/// client addresses, static files, HTML responses and form bodies at the request edge.
@Suite("HTTP support")
struct HTTPSupportTests {
    struct Payload: Decodable {
        var name: String
        var age: Int
    }

    static func request(
        _ method: HTTPRequest.Method = .get, scheme: String? = "http", authority: String? = "club.example",
        path: String = "/", headers: HTTPFields = [:], body: String = ""
    ) -> Request {
        Request(
            head: HTTPRequest(method: method, scheme: scheme, authority: authority, path: path, headerFields: headers),
            body: RequestBody(buffer: ByteBuffer(string: body)))
    }

    static func router() -> Router<BasicRequestContext> {
        let router = Router()
        router.middlewares.add(SecurityHeadersMiddleware())
        router.get("plain") { _, _ in "hello" }
        router.get("framed") { _, _ -> Response in
            Response(status: .ok, headers: [.xFrameOptions: "SAMEORIGIN"])
        }
        router.get("busy") { _, _ -> Response in
            throw APIError(
                .serviceUnavailable, code: "busy", message: "The planner is busy; try again in a few seconds.",
                headers: [.retryAfter: "2"])
        }
        router.post("json") { request, _ -> String in
            let payload = try await request.decodeJSON(Payload.self, limit: 64)
            return "\(payload.name) \(payload.age)"
        }
        return router
    }

    /// A header by name (HTTPTypes and ServerKit both name some of these fields, so look them up by text).
    static func header(_ fields: HTTPFields, _ name: String) -> String? {
        HTTPField.Name(name).flatMap { fields[$0] }
    }

    static func errorBody(_ response: TestResponse) throws -> (code: String?, message: String?) {
        let object = try JSONSerialization.jsonObject(with: Data(String(buffer: response.body).utf8))
        let error = (object as? [String: Any])?["error"] as? [String: Any]
        return (error?["code"] as? String, error?["message"] as? String)
    }

    @Test("security headers: nosniff, a strict referrer policy and DENY framing unless the route set its own")
    func securityHeaders() async throws {
        try await Application(router: Self.router()).test(.router) { client in
            let plain = try await client.execute(uri: "/plain", method: .get)
            #expect(plain.status == .ok && String(buffer: plain.body) == "hello")
            #expect(Self.header(plain.headers, "X-Content-Type-Options") == "nosniff")
            #expect(plain.headers[.referrerPolicy] == "strict-origin-when-cross-origin")
            #expect(plain.headers[.xFrameOptions] == "DENY")
            let framed = try await client.execute(uri: "/framed", method: .get)
            #expect(framed.headers[.xFrameOptions] == "SAMEORIGIN", "the route's own policy is kept")
            #expect(Self.header(framed.headers, "X-Content-Type-Options") == "nosniff")
        }
    }

    @Test("API errors render the JSON envelope with their status and headers")
    func errorEnvelope() async throws {
        try await Application(router: Self.router()).test(.router) { client in
            let busy = try await client.execute(uri: "/busy", method: .get)
            #expect(busy.status == .serviceUnavailable)
            #expect(busy.headers[.retryAfter] == "2")
            #expect(busy.headers[.contentType] == "application/json")
            let (code, message) = try Self.errorBody(busy)
            #expect(code == "busy")
            #expect(message == "The planner is busy; try again in a few seconds.")
        }
    }

    @Test("JSON bodies: empty, too large, not JSON, a missing field and a wrong type each say what was wrong")
    func jsonBodies() async throws {
        try await Application(router: Self.router()).test(.router) { client in
            let good = try await client.execute(
                uri: "/json", method: .post, body: ByteBuffer(string: #"{"name":"Ann","age":7}"#))
            #expect(good.status == .ok && String(buffer: good.body) == "Ann 7")
            let cases: [(body: String, status: HTTPResponse.Status, code: String, message: String)] = [
                ("", .badRequest, "invalid_json", "Request body is empty: send a JSON object."),
                (
                    String(repeating: " ", count: 65), .contentTooLarge, "too_large",
                    "Request body is larger than 64 bytes."
                ),
                ("{name: Ann}", .badRequest, "invalid_json", "Request body is not valid JSON."),
                (#"{"name":"Ann"}"#, .badRequest, "invalid_json", "Missing field 'age'."),
                (#"{"name":"Ann","age":"seven"}"#, .badRequest, "invalid_json", "Field 'age' has the wrong type."),
            ]
            for (body, status, code, message) in cases {
                let response = try await client.execute(uri: "/json", method: .post, body: ByteBuffer(string: body))
                #expect(response.status == status, "\(body)")
                let error = try Self.errorBody(response)
                #expect(error.code == code, "\(body)")
                #expect(error.message == message, "\(body)")
            }
        }
    }

    @Test("forwarded headers are believed only from a trusted proxy: client address, HTTPS, host")
    func forwardedHeaders() async throws {
        func app(trusting list: String) throws -> some ApplicationProtocol {
            let router = Router(context: AppRequestContext.self)
            router.add(middleware: ForwardedHeadersMiddleware(trusting: try TrustedProxies(parsing: list)))
            router.post("who") { request, context -> String in
                "\(request.clientAddress(context: context)) \(request.isSecure(context: context)) "
                    + "\(request.isSameOrigin(context: context))"
            }
            return Application(router: router)
        }
        let headers: HTTPFields = [
            .xForwardedFor: "6.6.6.6, 203.0.113.9", .xForwardedProto: "https", .xForwardedHost: "club.example",
            .origin: "https://club.example",
        ]
        // The live test client connects from 127.0.0.1.
        try await app(trusting: "127.0.0.1").test(.live) { client in
            let response = try await client.execute(uri: "/who", method: .post, headers: headers)
            #expect(String(buffer: response.body) == "203.0.113.9 true true")
            let blank = try await client.execute(uri: "/who", method: .post, headers: [.xForwardedFor: " , "])
            #expect(String(buffer: blank.body) == "127.0.0.1 false true", "no hop is not an address")
        }
        for untrusted in ["", "10.0.0.0/8"] {
            try await app(trusting: untrusted).test(.live) { client in
                let response = try await client.execute(uri: "/who", method: .post, headers: headers)
                #expect(String(buffer: response.body) == "127.0.0.1 false false", "trusting '\(untrusted)'")
            }
        }
    }

    @Test(
        "same origin: no Origin passes; a foreign, opaque or unreadable one fails; the port may be left out",
        arguments: [
            (nil, "club.example", true),
            ("http://club.example", "club.example", true),
            ("HTTPS://Club.Example", "club.example", true),
            ("http://club.example:8080", "club.example:8080", true),
            ("http://club.example:8080", "club.example", true),
            ("https://evil.example", "club.example", false),
            ("null", "club.example", false),
            ("not a url", "club.example", false),
            ("https://club.example", nil, false),
        ] as [(String?, String?, Bool)])
    func sameOrigin(origin: String?, host: String?, expected: Bool) {
        #expect(Request.isSameOrigin(origin: origin, host: host) == expected)
    }

    @Test("without a trusted proxy, X-Forwarded-Host and X-Forwarded-Proto are not believed")
    func forwardedHeadersIgnoredByDefault() async throws {
        let router = Router()
        router.post("origin") { request, context -> String in
            "\(request.isSameOrigin(context: context)) \(request.isSecure(context: context))"
        }
        try await Application(router: router).test(.router) { client in
            let headers: HTTPFields = [
                .origin: "https://club.example", .xForwardedHost: "club.example", .xForwardedProto: "https",
            ]
            let response = try await client.execute(uri: "/origin", method: .post, headers: headers)
            #expect(String(buffer: response.body) == "false false")
            let plain = try await client.execute(uri: "/origin", method: .post, headers: [.origin: "http://localhost"])
            #expect(String(buffer: plain.body) == "true false")
        }
    }

    @Test("static files: a year of caching only for the fingerprinted URL; 304 for a matching ETag")
    func staticFiles() throws {
        let file = StaticFile(data: Data("body{}".utf8), contentType: "text/css", fingerprint: "abc123")
        let pinned = file.response(for: Self.request(path: "/assets/app.css?v=abc123"))
        #expect(pinned.status == .ok)
        #expect(pinned.headers[.cacheControl] == "public, max-age=31536000, immutable")
        #expect(pinned.headers[.eTag] == "\"abc123\"" && pinned.headers[.contentType] == "text/css")
        let stale = file.response(for: Self.request(path: "/assets/app.css?v=old"))
        #expect(stale.headers[.cacheControl] == "public, max-age=300", "an old fingerprint is not cached for long")
        let unversioned = file.response(for: Self.request(path: "/assets/app.css"))
        #expect(unversioned.headers[.cacheControl] == "public, max-age=300")
        let revalidated = file.response(
            for: Self.request(path: "/assets/app.css", headers: [.ifNoneMatch: "\"abc123\""]))
        #expect(revalidated.status == .notModified)
        let changed = file.response(for: Self.request(path: "/assets/app.css", headers: [.ifNoneMatch: "\"zzz\""]))
        #expect(changed.status == .ok)
    }

    @Test("HTML pages carry type, no-cache and the CSP; a redirect after a post is 303 with its Location")
    func html() {
        let page = HTMLResponse.page(
            "<p>hi</p>", status: .notFound, csp: "default-src 'self'", headers: [.cacheControl: "max-age=60"])
        #expect(page.status == .notFound)
        #expect(page.headers[.contentType] == "text/html; charset=utf-8")
        #expect(page.headers[.cacheControl] == "no-cache", "pages are never cached, whatever the caller passed")
        #expect(Self.header(page.headers, "Content-Security-Policy") == "default-src 'self'")
        let redirect = HTMLResponse.redirect("/clubs/x", headers: [.setCookie: "a=b"])
        #expect(redirect.status == .seeOther)
        #expect(redirect.headers[.location] == "/clubs/x" && redirect.headers[.setCookie] == "a=b")
    }

    @Test("a form that cannot be read is a 400 invalid_form saying why; a readable one parses")
    func collectForm() async throws {
        let bad = Self.request(
            .post, headers: [.contentType: "multipart/form-data"], body: "--x\r\n\r\nno boundary in the header")
        let error = await #expect(throws: APIError.self) { try await bad.collectForm() }
        #expect(error?.status == .badRequest)
        #expect(error?.code == "invalid_form")
        #expect(error?.message == "The multipart form has no boundary.")
        let plain = Self.request(.post, headers: [.contentType: "text/plain"], body: "a=b")
        let unsupported = await #expect(throws: APIError.self) { try await plain.collectForm() }
        #expect(unsupported?.message.contains("text/plain") == true)
        let good = Self.request(.post, body: "a=1&b=two+words")
        let form = try await good.collectForm()
        #expect(form["a"] == "1" && form["b"] == "two words")
        let large = Self.request(.post, body: String(repeating: "a", count: 2048))
        let tooLarge = await #expect(throws: APIError.self) { try await large.collectForm(limit: 1024) }
        #expect(tooLarge?.status == .contentTooLarge)
        #expect(tooLarge?.message == "The request body is larger than 1 kB.")
    }
}
