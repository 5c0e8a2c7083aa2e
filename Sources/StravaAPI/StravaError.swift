import Foundation

/// Everything that can go wrong talking to Strava.
public enum StravaError: Error, Sendable, Equatable {
    /// The rate-limit budget is exhausted (locally or per a 429); try again after the date.
    case rateLimited(until: Date)
    /// 401: the token is invalid, expired or revoked.
    case unauthorized(String)
    /// 403: missing scope, or the application is inactive.
    case forbidden(String)
    /// 404: the object does not exist or is not visible to this athlete.
    case notFound(String)
    /// Another 4xx status, such as 400 for an invalid code or refresh token.
    case badRequest(status: Int, message: String)
    /// A 5xx status.
    case server(status: Int, message: String)
    /// The request never got an HTTP answer (refused connection, unknown host, broken connection).
    case transport(String)
    /// Strava accepted the request but did not answer within the caller's time budget.
    case timedOut(String)
    /// The answer was not the JSON expected.
    case decoding(String)

    /// Whether repeating the same request later may succeed: transport failures and 5xx answers.
    ///
    /// `rateLimited` is not included because it carries its own date to wait for.
    public var isRetryable: Bool {
        switch self {
        case .transport, .timedOut: return true
        case .server(let status, _): return status >= 500
        default: return false
        }
    }

    /// A sentence for logs and users saying what went wrong and what to do.
    public var message: String {
        switch self {
        case .rateLimited(let until):
            return "Strava's rate limit is reached; the request can be retried after \(ISO8601.format(until))."
        case .unauthorized(let detail):
            return "Strava rejected the authorization (\(detail)); reconnect the Strava account."
        case .forbidden(let detail):
            return "Strava refused access (\(detail)); check the granted scopes and the application's status."
        case .notFound(let detail):
            return "Strava could not find it (\(detail))."
        case .badRequest(let status, let detail):
            return "Strava rejected the request with HTTP \(status) (\(detail))."
        case .server(let status, let detail):
            return "Strava failed with HTTP \(status) (\(detail)); try again later."
        case .transport(let detail):
            return "Could not reach Strava (\(detail)); try again later."
        case .timedOut(let detail):
            return "Strava did not answer in time (\(detail)); try again in a moment."
        case .decoding(let detail):
            return "Strava answered with unexpected data (\(detail))."
        }
    }

    /// Maps an HTTP response to an error, or nil for a 2xx status.
    ///
    /// A 429 becomes `rateLimited` until the next quarter hour, or midnight UTC when the response's headers
    /// show the daily budget spent.
    public static func from(response: HTTPResponse, at now: Date) -> StravaError? {
        let status = response.status
        if (200..<300).contains(status) { return nil }
        let detail = errorDetail(status: status, body: response.body)
        switch status {
        case 401: return .unauthorized(detail)
        case 403: return .forbidden(detail)
        case 404: return .notFound(detail)
        case 429: return .rateLimited(until: RateLimitState.blockedUntil(after: response, at: now))
        case 500...: return .server(status: status, message: detail)
        default: return .badRequest(status: status, message: detail)
        }
    }

    /// Reads Strava's error body `{"message":"…","errors":[{"resource":"…","field":"…","code":"…"}]}` into
    /// one line such as `Authorization Error: Athlete access_token invalid`; other bodies are quoted briefly.
    public static func errorDetail(status: Int, body: Data) -> String {
        if let fault = try? JSONDecoder().decode(Fault.self, from: body), fault.message != nil || fault.errors != nil {
            var text = fault.message ?? "HTTP \(status)"
            let parts = (fault.errors ?? []).map { error in
                [error.resource, error.field, error.code].compactMap { $0 }.filter { !$0.isEmpty }
                    .joined(separator: " ")
            }.filter { !$0.isEmpty }
            if !parts.isEmpty {
                text += ": " + parts.joined(separator: "; ")
            }
            return text
        }
        let text = String(decoding: body.prefix(200), as: UTF8.self)
            .trimmingCharacters(in: .whitespacesAndNewlines)
        if text.isEmpty || text.hasPrefix("<") {
            return "HTTP \(status)"
        }
        let oneLine = text.split(whereSeparator: \.isNewline).joined(separator: " ")
        return "HTTP \(status): " + oneLine
    }

    private struct Fault: Decodable {
        struct Item: Decodable {
            var resource: String?
            var field: String?
            var code: String?
        }
        var message: String?
        var errors: [Item]?
    }
}

extension StravaError: CustomStringConvertible {
    /// The same text as `message`.
    public var description: String { message }
}

/// A short description of a decoding error naming the path that failed.
func describeDecodingError(_ error: any Error) -> String {
    func path(_ codingPath: [any CodingKey]) -> String {
        let text = codingPath.map { key in
            key.intValue.map { "[\($0)]" } ?? key.stringValue
        }.joined(separator: ".")
        return text.isEmpty ? "top level" : text
    }
    guard let error = error as? DecodingError else { return String(describing: error) }
    switch error {
    case .keyNotFound(let key, let context):
        return "missing \(key.stringValue) at \(path(context.codingPath))"
    case .typeMismatch(let type, let context):
        return "expected \(type) at \(path(context.codingPath))"
    case .valueNotFound(let type, let context):
        return "null where \(type) was expected at \(path(context.codingPath))"
    case .dataCorrupted(let context):
        let reason = context.underlyingError == nil ? context.debugDescription : "the data is not valid JSON"
        return reason + " at " + path(context.codingPath)
    @unknown default:
        return String(describing: error)
    }
}
