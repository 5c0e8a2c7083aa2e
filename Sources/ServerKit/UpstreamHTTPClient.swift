import AsyncHTTPClient
import Foundation
import Logging
import NIOCore
import NIOHTTP1

/// A response from an upstream service.
public struct UpstreamResponse: Sendable {
    /// HTTP status code; any status, including errors, is returned rather than thrown.
    public var status: Int
    /// Header names lower-cased; repeated headers joined with ", ".
    public var headers: [String: String]
    /// The whole body, at most ``UpstreamHTTPClient/maxBodyBytes`` long.
    public var body: Data
}

/// Errors from ``UpstreamHTTPClient``: the request never produced an HTTP response.
public enum UpstreamError: Error, CustomStringConvertible {
    case timeout(String)
    case connection(String)
    case tooLarge(String)

    /// One line for logs, naming the URL or the connection problem.
    public var description: String {
        switch self {
        case .timeout(let url): "timed out calling \(url)"
        case .connection(let detail): "could not reach upstream: \(detail)"
        case .tooLarge(let url): "response from \(url) is too large"
        }
    }
}

/// Outbound HTTP for every external service: per-request timeout, a body size cap, and retries with exponential
/// backoff and jitter for idempotent methods on connection failures and 502/503/504.
public struct UpstreamHTTPClient: Sendable {
    /// Timeout of each attempt, passed to `HTTPClient.execute` (15 s by default).
    public var timeout: TimeAmount
    /// Tries per idempotent request (including the first); other methods are sent once.
    public var maxAttempts: Int
    /// Largest body read; larger responses throw ``UpstreamError/tooLarge(_:)`` and are not retried.
    public var maxBodyBytes: Int
    /// Base of the retry backoff in seconds; delays double per attempt (with jitter), capped at 5 s.
    public var retryBaseDelay: TimeInterval
    let client: HTTPClient
    let logger: Logger

    /// A client with a 15 s timeout, 3 tries, a 32 MiB body cap and a 0.25 s backoff base unless given.
    public init(
        client: HTTPClient = .shared, timeout: TimeAmount = .seconds(15), maxAttempts: Int = 3,
        maxBodyBytes: Int = 32 << 20, retryBaseDelay: TimeInterval = 0.25, logger: Logger
    ) {
        self.client = client
        self.timeout = timeout
        self.maxAttempts = maxAttempts
        self.maxBodyBytes = maxBodyBytes
        self.retryBaseDelay = retryBaseDelay
        self.logger = logger
    }

    static let idempotent: Set<String> = ["GET", "HEAD", "PUT", "DELETE", "OPTIONS"]

    /// Sends a request. Throws ``UpstreamError`` only when no response was received after all tries.
    public func send(
        method: String, url: URL, headers: [String: String] = [:], body: Data? = nil
    ) async throws
        -> UpstreamResponse
    {
        let attempts = Self.idempotent.contains(method.uppercased()) ? max(1, maxAttempts) : 1
        var attempt = 1
        while true {
            do {
                let response = try await sendOnce(method: method, url: url, headers: headers, body: body)
                if attempt < attempts, [502, 503, 504].contains(response.status) {
                    try await pause(before: attempt + 1, url: url, reason: "status \(response.status)")
                    attempt += 1
                    continue
                }
                return response
            } catch let error as UpstreamError {
                if case .tooLarge = error { throw error }
                guard attempt < attempts else { throw error }
                try await pause(before: attempt + 1, url: url, reason: "\(error)")
                attempt += 1
            }
        }
    }

    private func pause(before attempt: Int, url: URL, reason: String) async throws {
        let delay = Backoff.delay(attempt: attempt - 1, base: retryBaseDelay, cap: 5)
        logger.debug("retrying upstream", metadata: ["url": "\(url.host ?? "")\(url.path)", "reason": "\(reason)"])
        try await Task.sleep(for: .milliseconds(Int(delay * 1000)))
    }

    /// One attempt, with ``timeout`` covering the whole exchange — an upstream that sends its headers and then
    /// trickles the body is cut off too (the HTTP client's own timeout stops at the response head).
    private func sendOnce(
        method: String, url: URL, headers: [String: String], body: Data?
    ) async throws
        -> UpstreamResponse
    {
        let limit = timeout
        return try await withThrowingTaskGroup(of: UpstreamResponse?.self) { group in
            group.addTask { try await self.exchange(method: method, url: url, headers: headers, body: body) }
            group.addTask {
                try await Task.sleep(nanoseconds: UInt64(max(0, limit.nanoseconds)))
                return nil
            }
            defer { group.cancelAll() }
            guard let first = try await group.next(), let response = first else {
                throw UpstreamError.timeout(url.absoluteString)
            }
            return response
        }
    }

    private func exchange(
        method: String, url: URL, headers: [String: String], body: Data?
    ) async throws
        -> UpstreamResponse
    {
        var request = HTTPClientRequest(url: url.absoluteString)
        request.method = HTTPMethod(rawValue: method.uppercased())
        for (name, value) in headers { request.headers.add(name: name, value: value) }
        if let body { request.body = .bytes(ByteBuffer(bytes: body)) }
        let response: HTTPClientResponse
        do {
            response = try await client.execute(request, timeout: timeout, logger: logger)
        } catch let error as HTTPClientError
            where error == .deadlineExceeded || error == .readTimeout
            || error == .connectTimeout
        {
            throw UpstreamError.timeout(url.absoluteString)
        } catch {
            throw UpstreamError.connection("\(url.host ?? url.absoluteString): \(error)")
        }
        let buffer: ByteBuffer
        do {
            buffer = try await response.body.collect(upTo: maxBodyBytes)
        } catch let error as NIOTooManyBytesError {
            _ = error
            throw UpstreamError.tooLarge(url.absoluteString)
        } catch {
            throw UpstreamError.connection("\(url.host ?? ""): reading body: \(error)")
        }
        var headerMap: [String: String] = [:]
        for header in response.headers {
            let key = header.name.lowercased()
            headerMap[key] = headerMap[key].map { "\($0), \(header.value)" } ?? header.value
        }
        return UpstreamResponse(
            status: Int(response.status.code), headers: headerMap, body: Data(buffer.readableBytesView))
    }
}
