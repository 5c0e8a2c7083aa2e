import Foundation
import NIOCore
import ServerKit
import StravaAPI

/// Carries Strava requests over the server's upstream HTTP client (timeouts, retries for idempotent calls); every
/// app that talks to Strava uses it.
public struct UpstreamStravaTransport: HTTPTransport {
    let client: UpstreamHTTPClient

    /// A transport over `client`.
    public init(client: UpstreamHTTPClient) { self.client = client }

    /// Sends one request. An upstream that accepts but does not answer within the client's budget is
    /// ``StravaError/timedOut(_:)``, so callers can tell "slow" (504) from "unreachable" (502).
    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        let response: UpstreamResponse
        do {
            response = try await client.send(
                method: request.method, url: request.url, headers: request.headers, body: request.body)
        } catch UpstreamError.timeout(let url) {
            throw StravaError.timedOut("no answer from \(url) within \(client.budget.nanoseconds / 1_000_000_000) s")
        }
        return HTTPResponse(status: response.status, headers: response.headers, body: response.body)
    }
}
