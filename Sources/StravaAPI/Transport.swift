import Foundation

/// An HTTP request as the Strava client builds it; the server's transport sends it.
public struct HTTPRequest: Sendable, Equatable {
    /// The HTTP method in upper case, such as `GET` or `POST`.
    public var method: String
    /// The absolute URL, query included.
    public var url: URL
    /// Request headers by name.
    public var headers: [String: String]
    /// The request body, if any.
    public var body: Data?

    /// Creates a request.
    public init(method: String = "GET", url: URL, headers: [String: String] = [:], body: Data? = nil) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
    }

    /// The value of a header, matching its name case-insensitively.
    public func header(_ name: String) -> String? {
        if let exact = headers[name] { return exact }
        let lowered = name.lowercased()
        return headers.first { $0.key.lowercased() == lowered }?.value
    }
}

/// An HTTP response as the transport received it.
public struct HTTPResponse: Sendable, Equatable {
    /// The HTTP status code.
    public var status: Int
    /// Response headers; the initializer lower-cases their names.
    public var headers: [String: String]
    /// The response body (empty when there is none).
    public var body: Data

    /// Creates a response, lower-casing header names so lookups do not depend on the server's spelling.
    public init(status: Int, headers: [String: String] = [:], body: Data = Data()) {
        self.status = status
        var lowered: [String: String] = [:]
        for (name, value) in headers {
            let key = name.lowercased()
            // Repeated names (different spellings of one header) are joined as HTTP allows.
            if let existing = lowered[key] {
                lowered[key] = existing + "," + value
            } else {
                lowered[key] = value
            }
        }
        self.headers = lowered
        self.body = body
    }

    /// The value of a header, matching its name case-insensitively.
    public func header(_ name: String) -> String? {
        let lowered = name.lowercased()
        if let value = headers[lowered] { return value }
        return headers.first { $0.key.lowercased() == lowered }?.value
    }

    /// Whether the status is in the 2xx range.
    public var isSuccess: Bool { (200..<300).contains(status) }
}

/// Sends HTTP requests. The server implements it over its HTTP client; tests use an in-process fake.
///
/// Implementations throw only for transport failures (timeouts, refused connections, TLS errors);
/// any HTTP status, including 4xx and 5xx, is returned as a response.
public protocol HTTPTransport: Sendable {
    /// Sends one request and returns the response whatever its status.
    func send(_ request: HTTPRequest) async throws -> HTTPResponse
}
