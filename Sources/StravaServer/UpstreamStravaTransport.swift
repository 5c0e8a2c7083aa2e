import Foundation
import ServerKit
import StravaAPI

/// Carries Strava requests over the server's upstream HTTP client (timeouts, retries for idempotent calls); every
/// app that talks to Strava uses it.
public struct UpstreamStravaTransport: HTTPTransport {
    let client: UpstreamHTTPClient

    /// A transport over `client`.
    public init(client: UpstreamHTTPClient) { self.client = client }

    /// Sends one request.
    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        let response = try await client.send(
            method: request.method, url: request.url, headers: request.headers, body: request.body)
        return HTTPResponse(status: response.status, headers: response.headers, body: response.body)
    }
}
