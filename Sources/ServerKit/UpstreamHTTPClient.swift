import AsyncHTTPClient
import Foundation
import Logging
import NIOCore
import NIOHTTP1
import NIOPosix

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
    /// The host refused the connection, could not be resolved or did not accept it in time: not retried.
    case unreachable(String)
    case connection(String)
    case tooLarge(String)

    /// One line for logs, naming the URL or the connection problem.
    public var description: String {
        switch self {
        case .timeout(let url): "timed out calling \(url)"
        case .unreachable(let detail): "upstream unreachable: \(detail)"
        case .connection(let detail): "could not reach upstream: \(detail)"
        case .tooLarge(let url): "response from \(url) is too large"
        }
    }
}

/// Outbound HTTP for every external service: per-attempt timeout, a total budget over all attempts, a body size cap,
/// and retries with exponential backoff and jitter for idempotent methods on dropped connections and 502/503/504.
/// A host that refuses the connection (or cannot be resolved) is not retried: the caller hears at once.
public struct UpstreamHTTPClient: Sendable {
    /// The process's HTTP client for upstream calls. Unlike `HTTPClient.shared`, a refused connection fails at once
    /// instead of being retried until the request's deadline, and connecting gives up after 3 s.
    public static let sharedClient: HTTPClient = {
        var configuration = HTTPClient.Configuration.singletonConfiguration
        configuration.connectionPool.retryConnectionEstablishment = false
        configuration.timeout.connect = .seconds(3)
        return HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)
    }()

    /// Timeout of each attempt, passed to `HTTPClient.execute` (15 s by default).
    public var timeout: TimeAmount
    /// Time for the whole call, retries and their pauses included (`timeout` × attempts by default); a retry that
    /// would not fit is not started.
    public var budget: TimeAmount
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
        client: HTTPClient = UpstreamHTTPClient.sharedClient, timeout: TimeAmount = .seconds(15),
        budget: TimeAmount? = nil, maxAttempts: Int = 3, maxBodyBytes: Int = 32 << 20,
        retryBaseDelay: TimeInterval = 0.25, logger: Logger
    ) {
        self.client = client
        self.timeout = timeout
        self.budget = budget ?? .nanoseconds(timeout.nanoseconds * Int64(max(1, maxAttempts)))
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
        let deadline = ContinuousClock.now + .nanoseconds(budget.nanoseconds)
        var attempt = 1
        while true {
            let remaining = deadline - ContinuousClock.now
            let limit = min(Duration.nanoseconds(timeout.nanoseconds), remaining)
            do {
                let response = try await sendOnce(method: method, url: url, headers: headers, body: body, limit: limit)
                if attempt < attempts, [502, 503, 504].contains(response.status),
                    try await pause(before: attempt + 1, url: url, reason: "status \(response.status)", deadline)
                {
                    attempt += 1
                    continue
                }
                return response
            } catch let error as UpstreamError {
                switch error {
                case .tooLarge, .unreachable: throw error
                case .timeout, .connection:
                    guard attempt < attempts,
                        try await pause(before: attempt + 1, url: url, reason: "\(error)", deadline)
                    else { throw error }
                    attempt += 1
                }
            }
        }
    }

    /// Waits before a retry and returns true, or returns false when the retry would not fit in the budget.
    private func pause(
        before attempt: Int, url: URL, reason: String, _ deadline: ContinuousClock.Instant
    ) async throws -> Bool {
        let delay = Duration.milliseconds(Int(Backoff.delay(attempt: attempt - 1, base: retryBaseDelay, cap: 5) * 1000))
        // A retry needs its pause and at least a second of its own to be worth starting.
        guard ContinuousClock.now + delay + .seconds(1) < deadline else { return false }
        logger.debug("retrying upstream", metadata: ["url": "\(url.host ?? "")\(url.path)", "reason": "\(reason)"])
        try await Task.sleep(for: delay)
        return true
    }

    /// One attempt, with ``timeout`` covering the whole exchange — an upstream that sends its headers and then
    /// trickles the body is cut off too (the HTTP client's own timeout stops at the response head).
    private func sendOnce(
        method: String, url: URL, headers: [String: String], body: Data?, limit: Duration
    ) async throws
        -> UpstreamResponse
    {
        guard limit > .zero else { throw UpstreamError.timeout(url.absoluteString) }
        return try await withThrowingTaskGroup(of: UpstreamResponse?.self) { group in
            group.addTask {
                try await self.exchange(method: method, url: url, headers: headers, body: body, limit: limit)
            }
            group.addTask {
                try await Task.sleep(for: limit)
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
        method: String, url: URL, headers: [String: String], body: Data?, limit: Duration
    ) async throws
        -> UpstreamResponse
    {
        var request = HTTPClientRequest(url: url.absoluteString)
        request.method = HTTPMethod(rawValue: method.uppercased())
        for (name, value) in headers { request.headers.add(name: name, value: value) }
        if let body { request.body = .bytes(ByteBuffer(bytes: body)) }
        let response: HTTPClientResponse
        do {
            let (seconds, attoseconds) = limit.components
            let nanoseconds = seconds * 1_000_000_000 + attoseconds / 1_000_000_000
            response = try await client.execute(request, timeout: .nanoseconds(nanoseconds), logger: logger)
        } catch let error as HTTPClientError where error == .connectTimeout {
            throw UpstreamError.unreachable("\(url.host ?? url.absoluteString): connection timed out")
        } catch let error as HTTPClientError where error == .deadlineExceeded || error == .readTimeout {
            throw UpstreamError.timeout(url.absoluteString)
        } catch let error where Self.isUnreachable(error) {
            throw UpstreamError.unreachable("\(url.host ?? url.absoluteString): \(error)")
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

extension UpstreamHTTPClient {
    /// Whether `error` says the host could not be connected to at all (refused, unresolvable, unroutable), as
    /// opposed to a connection that broke part-way.
    static func isUnreachable(_ error: any Error) -> Bool {
        if error is NIOConnectionError { return true }
        if let io = error as? IOError {
            return [ECONNREFUSED, EHOSTUNREACH, ENETUNREACH, EADDRNOTAVAIL].contains(io.errnoCode)
        }
        if let channel = error as? ChannelError, case .connectTimeout = channel { return true }
        return false
    }
}
