import AsyncKit
import Foundation
import HTTPTypes
import Hummingbird
import Logging
import NIOConcurrencyHelpers
import NIOCore
import NIOPosix
import PostgresNIO

/// The database could not be reached (PostgreSQL stopped, restarting, or the network to it down).
///
/// Requests answer 503 with `Retry-After` while it lasts: a JSON error envelope for API clients, a short page for
/// browsers. The outage is logged once when it starts and once when it ends, with the number of requests answered
/// 503 in between.
public struct DatabaseUnavailable: HTTPResponseError, CustomStringConvertible {
    /// What failed, in words an operator can act on (never the password).
    public let reason: String
    /// Seconds until the next reconnection attempt, sent as `Retry-After`.
    public let retryAfter: Int

    /// An outage error with a reason and the seconds after which a retry may succeed.
    public init(reason: String, retryAfter: Int) {
        self.reason = reason
        self.retryAfter = retryAfter
    }

    /// Always 503 Service Unavailable.
    public var status: HTTPResponse.Status { .serviceUnavailable }
    /// The reason, for logs and start-up errors.
    public var description: String { reason }

    /// JSON for API clients; a short page for browsers (an `Accept` naming `text/html`).
    public func response(from request: Request, context: some RequestContext) throws -> Response {
        let message = "The service is briefly unavailable: its database is not answering. Try again in a few seconds."
        var headers: HTTPFields = [.retryAfter: String(retryAfter)]
        if request.headers[.accept]?.contains("text/html") == true {
            headers[.contentType] = "text/html; charset=utf-8"
            let page = """
                <!doctype html><html lang="en"><meta charset="utf-8">\
                <meta name="viewport" content="width=device-width, initial-scale=1">\
                <meta http-equiv="refresh" content="\(max(retryAfter, 5))">\
                <title>Briefly unavailable</title><body style="font-family:system-ui,sans-serif;margin:2rem">\
                <h1>Briefly unavailable</h1><p>\(message)</p><p>This page reloads by itself.</p></body></html>
                """
            return Response(status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(string: page)))
        }
        return try APIError(status, code: "database_unavailable", message: message, headers: headers)
            .response(from: request, context: context)
    }
}

/// Tracks whether the database is reachable and spaces out reconnection attempts while it is not.
///
/// The first failure opens the outage: one error line, then every call fails at once with ``DatabaseUnavailable``
/// except one probe at a time, after a back-off that doubles from 0.25 s up to ``maxBackoff``. A successful probe
/// closes the outage with one line giving its length and the number of calls refused meanwhile. (A call that was
/// let through before the outage and succeeds late says nothing about now, so it does not close it.)
final class DatabaseOutageGate: Sendable {
    /// Longest pause between reconnection attempts, in seconds: also the longest the service stays refused after
    /// the database is back.
    static let maxBackoff: TimeInterval = 2

    struct State {
        var since: Date?
        var refused = 0
        var step = 0
        var nextProbe = Date.distantPast
        var probing = false
        var reason = ""
    }

    private let state = NIOLockedValueBox(State())
    private let logger: Logger

    init(logger: Logger) { self.logger = logger }

    /// Whether an outage is open now (for `/health` and tests).
    var isOpen: Bool { state.withLockedValue { $0.since != nil } }

    /// Lets a call through (returning whether it is the outage's probe) or throws ``DatabaseUnavailable``.
    func admit(now: Date = Date()) throws(DatabaseUnavailable) -> Bool {
        let admission: Result<Bool, DatabaseUnavailable> = state.withLockedValue { state in
            guard state.since != nil else { return .success(false) }
            if !state.probing, now >= state.nextProbe {
                state.probing = true
                return .success(true)
            }
            state.refused += 1
            let wait = max(state.nextProbe.timeIntervalSince(now), 0)
            return .failure(DatabaseUnavailable(reason: state.reason, retryAfter: max(1, Int(wait.rounded(.up)))))
        }
        return try admission.get()
    }

    /// Records a call that reached the database; a probe's success ends an open outage.
    func succeeded(probe: Bool, now: Date = Date()) {
        let ended: (TimeInterval, Int)? = state.withLockedValue { state in
            guard let since = state.since, probe else { return nil }
            defer { state = State() }
            return (now.timeIntervalSince(since), state.refused)
        }
        if let (seconds, refused) = ended {
            logger.notice(
                "database reachable again",
                metadata: ["outageSeconds": "\(String(format: "%.1f", seconds))", "requestsRefused": "\(refused)"])
        }
    }

    /// Lets another call probe: this probe ended without an answer either way (it was cancelled).
    func abandonProbe() { state.withLockedValue { $0.probing = false } }

    /// Records a call that could not reach the database and returns the error to answer with.
    func failed(reason: String, probe: Bool, now: Date = Date()) -> DatabaseUnavailable {
        let (opened, retryAfter): (Bool, TimeInterval) = state.withLockedValue { state in
            let opened = state.since == nil
            if opened {
                state.since = now
                state.reason = reason
                state.step = 0
            } else if probe {
                state.step += 1
                state.probing = false
            } else {
                state.refused += 1
            }
            let delay = min(Self.maxBackoff, 0.25 * pow(2, Double(min(state.step, 10))))
            if opened || probe { state.nextProbe = now.addingTimeInterval(delay) }
            return (opened, max(state.nextProbe.timeIntervalSince(now), 0))
        }
        if opened {
            logger.error(
                "database unreachable: answering 503 until it is back, reconnecting with back-off",
                metadata: ["reason": "\(reason)"])
        }
        return DatabaseUnavailable(reason: reason, retryAfter: max(1, Int(retryAfter.rounded(.up))))
    }
}

extension Database {
    /// Why `error` means the database cannot be reached, in words, or nil for any other error (a bad query, a
    /// constraint): those are the caller's to handle.
    static func unreachableReason(_ error: any Error, endpoint: String) -> String? {
        if let psql = error as? PSQLError {
            switch psql.code {
            // A reset under a running query arrives as clientClosedConnection with the reset underneath.
            case .connectionError, .serverClosedConnection, .clientClosedConnection, .uncleanShutdown, .poolClosed:
                let detail = psql.underlying.map(connectionDetail) ?? "the connection was closed"
                // (connectionDetail unwraps a nested PSQLError to the operating system's words.)
                return "PostgreSQL at \(endpoint) is not reachable: \(detail)"
            case .unexpectedBackendMessage:
                // A shutting-down server's FATAL can arrive where the protocol expects something else: the
                // conversation is over, as with a closed connection.
                return "PostgreSQL at \(endpoint) is not reachable: the connection broke off"
            case .server:
                // Class 08 (connection exception) and 57P01–57P03 (shutting down, crashed, starting up).
                let state = psql.serverInfo?[.sqlState] ?? ""
                guard state.hasPrefix("08") || ["57P01", "57P02", "57P03"].contains(state) else { return nil }
                let message = psql.serverInfo?[.message] ?? "unavailable"
                return "PostgreSQL at \(endpoint) is not accepting connections: \(message) (\(state))"
            default:
                return nil
            }
        }
        // The query API PostgresKit uses turns a PSQLError into the older PostgresError.
        if let legacy = error as? PostgresError {
            switch legacy {
            case .connectionClosed:
                return "PostgreSQL at \(endpoint) is not reachable: the server closed the connection"
            case .protocol(let message) where message.contains("connection close"):
                return "PostgreSQL at \(endpoint) is not reachable: the connection closed unexpectedly"
            case .protocol(let message) where message.hasPrefix("Unexpected message"):
                return "PostgreSQL at \(endpoint) is not reachable: the connection broke off"
            case .server(let info):
                let state = info.fields[.sqlState] ?? ""
                guard state.hasPrefix("08") || ["57P01", "57P02", "57P03"].contains(state) else { return nil }
                let message = info.fields[.message] ?? "unavailable"
                return "PostgreSQL at \(endpoint) is not accepting connections: \(message) (\(state))"
            default:
                return nil
            }
        }
        if error is ConnectionPoolTimeoutError {
            return "PostgreSQL at \(endpoint) did not hand out a connection in time"
        }
        if error is NIOConnectionError || error is IOError || error is ChannelError {
            return "PostgreSQL at \(endpoint) is not reachable: \(connectionDetail(error))"
        }
        return nil
    }

    /// The operating system's words for a connection failure ("Connection refused"), else the error's own text.
    static func connectionDetail(_ error: any Error) -> String {
        if let io = error as? IOError { return String(cString: strerror(io.errnoCode)) }
        if let psql = error as? PSQLError, let underlying = psql.underlying { return connectionDetail(underlying) }
        if let connection = error as? NIOConnectionError {
            if let dns = connection.dnsAError ?? connection.dnsAAAAError {
                return "cannot resolve \(connection.host): \(dns)"
            }
            if let first = connection.connectionErrors.first { return connectionDetail(first.error) }
        }
        if let channel = error as? ChannelError, case .connectTimeout = channel { return "connection timed out" }
        return "\(error)"
    }
}
