import Foundation
import HTTPTypes
import Hummingbird
import Logging
import NIOCore

/// A JSON API error: `{"error":{"code":"…","message":"…"}}` with a 4xx/5xx status. Messages tell the user what to do.
public struct APIError: HTTPResponseError, Sendable {
    /// HTTP status of the response (4xx or 5xx).
    public let status: HTTPResponse.Status
    /// Stable machine-readable code, e.g. `not_found`; clients branch on it, so do not change released codes.
    public let code: String
    /// Human-readable text telling the user what to do.
    public let message: String
    /// Extra headers sent with the error response (e.g. `Retry-After`).
    public var headers: HTTPFields

    /// An error with any status; prefer the helpers below for common statuses.
    public init(_ status: HTTPResponse.Status, code: String, message: String, headers: HTTPFields = [:]) {
        self.status = status
        self.code = code
        self.message = message
        self.headers = headers
    }

    /// 400 with `code` `bad_request` unless given.
    public static func badRequest(_ message: String, code: String = "bad_request") -> APIError {
        APIError(.badRequest, code: code, message: message)
    }
    /// 404 with `code` `not_found` unless given.
    public static func notFound(_ message: String, code: String = "not_found") -> APIError {
        APIError(.notFound, code: code, message: message)
    }
    /// 401 with `code` `unauthorized` unless given.
    public static func unauthorized(_ message: String, code: String = "unauthorized") -> APIError {
        APIError(.unauthorized, code: code, message: message)
    }
    /// 403 with `code` `forbidden` unless given.
    public static func forbidden(_ message: String, code: String = "forbidden") -> APIError {
        APIError(.forbidden, code: code, message: message)
    }
    /// 409 with `code` `conflict` unless given.
    public static func conflict(_ message: String, code: String = "conflict") -> APIError {
        APIError(.conflict, code: code, message: message)
    }

    /// Renders the JSON error envelope with ``status`` and ``headers``.
    public func response(from request: Request, context: some RequestContext) throws -> Response {
        var response = try JSONResponse.make(
            APIErrorBody(error: .init(code: code, message: message)), status: status)
        response.headers.append(contentsOf: headers)
        return response
    }
}

/// The JSON error envelope.
struct APIErrorBody: Encodable {
    struct Inner: Encodable {
        let code: String
        let message: String
    }
    let error: Inner
}

/// JSON responses with a fixed encoder (ISO-8601 dates, no slashes escaped).
public enum JSONResponse {
    /// A new encoder writing dates as ``ISO8601/string(_:)`` (UTC, milliseconds) and slashes unescaped.
    public static func encoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(ISO8601.string(date))
        }
        encoder.outputFormatting = [.withoutEscapingSlashes]
        return encoder
    }

    /// Encodes `value` as a JSON response (`Content-Type: application/json`).
    public static func make<T: Encodable>(
        _ value: T, status: HTTPResponse.Status = .ok, headers: HTTPFields = [:], encoder: JSONEncoder = encoder()
    ) throws -> Response {
        let data = try encoder.encode(value)
        return raw(data, status: status, headers: headers)
    }

    /// Wraps already-encoded JSON bytes.
    public static func raw(_ data: Data, status: HTTPResponse.Status = .ok, headers: HTTPFields = [:]) -> Response {
        var fields = headers
        fields[.contentType] = "application/json"
        return Response(status: status, headers: fields, body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }
}

/// Decodes a JSON request body, mapping every failure to a 400 ``APIError`` that says what was wrong.
extension Request {
    /// Decodes the body as `T`; 413 above `limit` bytes (default 1 MiB), 400 when empty, invalid or mistyped.
    public func decodeJSON<T: Decodable>(_ type: T.Type, limit: Int = 1 << 20) async throws -> T {
        let buffer: ByteBuffer
        do {
            buffer = try await body.collect(upTo: limit)
        } catch {
            throw APIError(.contentTooLarge, code: "too_large", message: "Request body is larger than \(limit) bytes.")
        }
        guard buffer.readableBytes > 0 else {
            throw APIError.badRequest("Request body is empty: send a JSON object.", code: "invalid_json")
        }
        do {
            return try JSONDecoder().decode(T.self, from: Data(buffer.readableBytesView))
        } catch let DecodingError.keyNotFound(key, _) {
            throw APIError.badRequest("Missing field '\(key.stringValue)'.", code: "invalid_json")
        } catch let DecodingError.typeMismatch(_, context) {
            let path = context.codingPath.map(\.stringValue).joined(separator: ".")
            throw APIError.badRequest("Field '\(path)' has the wrong type.", code: "invalid_json")
        } catch {
            throw APIError.badRequest("Request body is not valid JSON.", code: "invalid_json")
        }
    }

    /// Reads the whole body up to `limit` bytes.
    public func collectBody(limit: Int) async throws -> Data {
        do {
            return Data(try await body.collect(upTo: limit).readableBytesView)
        } catch {
            throw APIError(
                .contentTooLarge, code: "too_large",
                message:
                    limit >= 1_048_576
                    ? "The request body is larger than \(limit / 1_048_576) MB."
                    : "The request body is larger than \(limit / 1024) kB.")
        }
    }
}

/// Logs one line per request: method, path (never the query string, which can carry OAuth codes and tokens),
/// status and duration.
public struct RequestLogMiddleware<Context: RequestContext>: RouterMiddleware {
    /// A logging middleware; lines go at info level to each request's context logger.
    public init() {}
    /// Runs the rest of the chain and logs the request, including requests that end in an error.
    public func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    )
        async throws -> Response
    {
        let start = ContinuousClock.now
        do {
            let response = try await next(request, context)
            log(request, context, status: Int(response.status.code), since: start)
            return response
        } catch let error as any HTTPResponseError {
            log(request, context, status: Int(error.status.code), since: start)
            throw error
        } catch {
            log(request, context, status: 500, since: start)
            // An error no handler expected: name it, so the next one can be understood (drivers' debug
            // descriptions redact bound values).
            context.logger.error(
                "unexpected error answered with 500",
                metadata: ["type": "\(type(of: error))", "error": "\(String(reflecting: error))"])
            throw error
        }
    }

    private func log(_ request: Request, _ context: Context, status: Int, since start: ContinuousClock.Instant) {
        let elapsed = ContinuousClock.now - start
        let ms = Double(elapsed.components.attoseconds) / 1e15 + Double(elapsed.components.seconds) * 1000
        context.logger.info(
            "\(request.method) \(request.uri.path) \(status)",
            metadata: ["ms": "\(String(format: "%.1f", ms))"])
    }
}

/// Adds defensive headers to every response.
public struct SecurityHeadersMiddleware<Context: RequestContext>: RouterMiddleware {
    /// Whether the site is served over HTTPS, so browsers are told to keep to it.
    let strictTransportSecurity: Bool

    /// A middleware adding the headers below; `strictTransportSecurity` when the public URL is `https://`.
    public init(strictTransportSecurity: Bool = false) {
        self.strictTransportSecurity = strictTransportSecurity
    }

    /// Sets `X-Content-Type-Options: nosniff`, a strict-origin referrer policy, unless the route set one
    /// `X-Frame-Options: DENY`, and for a site served over HTTPS `Strict-Transport-Security` (one year).
    public func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    )
        async throws -> Response
    {
        var response: Response
        do {
            response = try await next(request, context)
        } catch let error as any HTTPResponseError {
            // Error answers (404s, JSON errors) carry the headers too.
            response = try error.response(from: request, context: context)
        }
        response.headers[.xContentTypeOptions] = "nosniff"
        if strictTransportSecurity { response.headers[.strictTransportSecurity] = "max-age=31536000" }
        // A page may ask for less (recovery and share links answer `no-referrer`).
        if response.headers[.referrerPolicy] == nil {
            response.headers[.referrerPolicy] = "strict-origin-when-cross-origin"
        }
        if response.headers[.xFrameOptions] == nil {
            response.headers[.xFrameOptions] = "DENY"
        }
        return response
    }
}

extension HTTPField.Name {
    /// `X-Forwarded-For`: client address chain set by a reverse proxy (believed only from a trusted proxy).
    // swift-format-ignore: NeverForceUnwrap
    // Constant, valid header names: the initialiser fails only for invalid tokens.
    public static let xForwardedFor = HTTPField.Name("X-Forwarded-For")!
    /// `X-Forwarded-Proto`: the scheme the client used, set by a reverse proxy (believed only from a trusted proxy).
    // swift-format-ignore: NeverForceUnwrap
    public static let xForwardedProto = HTTPField.Name("X-Forwarded-Proto")!
    /// `X-Content-Type-Options`: set to `nosniff` on every response.
    // swift-format-ignore: NeverForceUnwrap
    public static let xContentTypeOptions = HTTPField.Name("X-Content-Type-Options")!
    /// `Referrer-Policy`: set on every response.
    // swift-format-ignore: NeverForceUnwrap
    public static let referrerPolicy = HTTPField.Name("Referrer-Policy")!
    /// `X-Frame-Options`: `DENY` on every response that does not set its own.
    // swift-format-ignore: NeverForceUnwrap
    public static let xFrameOptions = HTTPField.Name("X-Frame-Options")!
    /// `X-Cache`: `HIT` when a JSON response came from the response cache.
    // swift-format-ignore: NeverForceUnwrap
    public static let xCache = HTTPField.Name("X-Cache")!
    /// `Clear-Site-Data`: on sign-out, tells the browser to drop cached copies of the user's pages.
    // swift-format-ignore: NeverForceUnwrap
    public static let clearSiteData = HTTPField.Name("Clear-Site-Data")!
    /// `Content-Security-Policy` of HTML pages.
    // swift-format-ignore: NeverForceUnwrap
    public static let contentSecurityPolicy = HTTPField.Name("Content-Security-Policy")!
    /// `X-Forwarded-Host`: the host the client asked for, set by a reverse proxy (believed only from a trusted proxy).
    // swift-format-ignore: NeverForceUnwrap
    public static let xForwardedHost = HTTPField.Name("X-Forwarded-Host")!
}
