@preconcurrency import AsyncKit
import Foundation
import Logging
import NIOConcurrencyHelpers
import NIOCore
import NIOPosix
import PostgresKit
import SQLKit
import SQLiteKit

/// Which SQL engine a ``Database`` talks to. Repositories branch on it only where SQL differs.
public enum DatabaseKind: String, Sendable {
    case sqlite
    case postgres
}

/// Errors raised while opening or using the database.
public enum DatabaseError: Error, CustomStringConvertible {
    case invalidURL(String)
    case unsupportedScheme(String)
    case cannotCreateDirectory(String, underlying: String)

    /// A message that says what to fix; URLs have their password redacted.
    public var description: String {
        switch self {
        case .invalidURL(let url): "DATABASE_URL is not a valid URL: \(url.redactingPassword)"
        case .unsupportedScheme(let scheme):
            "DATABASE_URL scheme '\(scheme)' is not supported: use postgres:// or postgresql:// (or leave it unset for SQLite)"
        case .cannotCreateDirectory(let path, let underlying): "Cannot create the data directory \(path): \(underlying)"
        }
    }
}

extension String {
    /// The URL with any password replaced by `***`, for logs and error messages.
    public var redactingPassword: String {
        guard var components = URLComponents(string: self), components.password != nil else { return self }
        components.password = "***"
        return components.string ?? "<redacted>"
    }
}

/// The application's SQL storage: one code path (SQLKit) over SQLite (embedded default) or PostgreSQL.
///
/// SQLite is used through a single connection and every unit of work is serialised by an async lock, so SQLite
/// has exactly one writer and transactions never interleave. PostgreSQL uses a connection pool; a transaction holds
/// one pooled connection for its duration.
public final class Database: Sendable {
    /// The engine behind this database, for the few queries whose SQL differs.
    public let kind: DatabaseKind
    let logger: Logger
    private let backend: Backend
    private let closed = NIOLockedValueBox(false)
    /// `host:port/database` of a PostgreSQL server (for error messages), or the SQLite path.
    let endpoint: String
    /// Open while PostgreSQL cannot be reached: calls then fail fast with ``DatabaseUnavailable``.
    let outage: DatabaseOutageGate
    /// The pool's own logger: quiet, because ``outage`` logs an outage once instead of once per failed connection.
    private let poolLogger: Logger

    // The AsyncKit pool is thread-safe (internally locked) but not annotated Sendable.
    private enum Backend: @unchecked Sendable {
        case sqlite(SQLiteConnection, AsyncLock)
        case postgres(EventLoopGroupConnectionPool<PostgresConnectionSource>)
    }

    deinit { closeInBackground() }

    private init(kind: DatabaseKind, backend: Backend, endpoint: String, logger: Logger) {
        self.kind = kind
        self.backend = backend
        self.endpoint = endpoint
        self.logger = logger
        outage = DatabaseOutageGate(logger: logger)
        var quiet = logger
        quiet.logLevel = .critical
        poolLogger = quiet
    }

    /// Whether the database is currently unreachable (an outage is open).
    public var isUnavailable: Bool { outage.isOpen }

    /// Opens a SQLite database file (created when missing), or an in-memory one when `path` is nil.
    public static func sqlite(path: String?, logger: Logger) async throws -> Database {
        let storage: SQLiteConnection.Storage = path.map { .file(path: $0) } ?? .memory
        let connection = try await SQLiteConnection.open(storage: storage, logger: logger)
        let db = connection.sql()
        // WAL lets readers of other processes (backups, sqlite3 shell) coexist with the server's writer.
        if path != nil { try await db.raw("PRAGMA journal_mode = WAL").run() }
        try await db.raw("PRAGMA foreign_keys = ON").run()
        try await db.raw("PRAGMA busy_timeout = 5000").run()
        return Database(
            kind: .sqlite, backend: .sqlite(connection, AsyncLock()), endpoint: path ?? ":memory:", logger: logger)
    }

    /// Connects to PostgreSQL with a `postgres://user:pass@host:port/db` URL.
    public static func postgres(
        url: String, searchPath: [String]? = nil, maxConnections: Int = 8, logger: Logger
    )
        throws -> Database
    {
        guard let parsed = URL(string: url), let scheme = parsed.scheme else { throw DatabaseError.invalidURL(url) }
        guard scheme == "postgres" || scheme == "postgresql" else { throw DatabaseError.unsupportedScheme(scheme) }
        var configuration: SQLPostgresConfiguration
        do {
            configuration = try SQLPostgresConfiguration(url: url)
        } catch {
            throw DatabaseError.invalidURL(url)
        }
        configuration.searchPath = searchPath
        let endpoint = "\(parsed.host ?? "localhost"):\(parsed.port ?? 5432)\(parsed.path)"
        var quiet = logger
        quiet.logLevel = .critical
        let pool = EventLoopGroupConnectionPool(
            source: PostgresConnectionSource(sqlConfiguration: configuration),
            maxConnectionsPerEventLoop: max(1, maxConnections / System.coreCount),
            pruneInterval: .seconds(60),
            logger: quiet,
            on: MultiThreadedEventLoopGroup.singleton
        )
        return Database(kind: .postgres, backend: .postgres(pool), endpoint: endpoint, logger: logger)
    }

    /// Opens the database named by `url`: SQLite at `sqlitePath` when `url` is nil or empty, else PostgreSQL.
    public static func open(url: String?, sqlitePath: String, logger: Logger) async throws -> Database {
        if let url, !url.isEmpty {
            return try postgres(url: url, logger: logger)
        }
        let directory = URL(fileURLWithPath: sqlitePath).deletingLastPathComponent().path
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            throw DatabaseError.cannotCreateDirectory(directory, underlying: error.localizedDescription)
        }
        return try await sqlite(path: sqlitePath, logger: logger)
    }

    /// Runs `body` (queries or single statements, without a transaction). On SQLite the call is serialised with
    /// every other unit of work; on PostgreSQL each statement may use a different pooled connection.
    /// Throws ``DatabaseUnavailable`` while the database cannot be reached.
    public func run<T: Sendable>(_ body: @Sendable (any SQLDatabase) async throws -> T) async throws -> T {
        switch backend {
        case .sqlite(let connection, let lock):
            try await lock.withLock { try await body(connection.sql()) }
        case .postgres(let pool):
            try await guarded { try await body(pool.database(logger: poolLogger).sql()) }
        }
    }

    /// Runs `body` in one transaction: committed when it returns, rolled back when it throws.
    /// Throws ``DatabaseUnavailable`` while the database cannot be reached.
    public func transaction<T: Sendable>(
        _ body: @escaping @Sendable (any SQLDatabase) async throws -> T
    )
        async throws -> T
    {
        switch backend {
        case .sqlite(let connection, let lock):
            // IMMEDIATE takes the write lock up front, so a transaction never fails half-way on a busy database.
            return try await lock.withLock { try await Self.run(body, on: connection.sql(), begin: "BEGIN IMMEDIATE") }
        case .postgres(let pool):
            return try await guarded {
                try await pool.database(logger: poolLogger).sql().withSession { db in
                    try await Self.run(body, on: db, begin: "BEGIN")
                }
            }
        }
    }

    /// Runs `work` through the outage gate: refused at once during an outage (but for the periodic probe), and a
    /// connection failure opens or prolongs the outage.
    private func guarded<T: Sendable>(_ work: () async throws -> T) async throws -> T {
        let probe = try outage.admit()
        do {
            let result = try await work()
            outage.succeeded(probe: probe)
            return result
        } catch {
            if error is CancellationError {
                if probe { outage.abandonProbe() }
                throw error
            }
            guard let reason = Self.unreachableReason(error, endpoint: endpoint) else {
                // The server answered (a constraint, a bad query): it is reachable.
                outage.succeeded(probe: probe)
                throw error
            }
            throw outage.failed(reason: reason, probe: probe)
        }
    }

    private static func run<T: Sendable>(
        _ body: @Sendable (any SQLDatabase) async throws -> T, on db: any SQLDatabase, begin: SQLQueryString
    ) async throws -> T {
        try await db.raw(begin).run()
        do {
            let result = try await body(db)
            try await db.raw("COMMIT").run()
            return result
        } catch {
            try? await db.raw("ROLLBACK").run()
            throw error
        }
    }

    /// Closes connections. Call once at shutdown; later calls do nothing.
    public func close() async {
        guard
            closed.withLockedValue({ value in
                defer { value = true }; return !value
            })
        else { return }
        switch backend {
        case .sqlite(let connection, _):
            try? await connection.close()
        case .postgres(let pool):
            try? await pool.shutdownAsync()
        }
    }
}

extension Database {
    // Safety net for a database dropped without close() (tests, early exits): the drivers assert on that.
    private func closeInBackground() {
        guard
            closed.withLockedValue({ value in
                defer { value = true }; return !value
            })
        else { return }
        switch backend {
        case .sqlite(let connection, _): _ = connection.close()
        case .postgres(let pool): pool.shutdownGracefully { _ in }
        }
    }
}

/// A FIFO async mutual-exclusion lock (no thread is blocked while waiting).
public actor AsyncLock {
    private var locked = false
    private var waiters: [CheckedContinuation<Void, Never>] = []

    /// An unlocked lock.
    public init() {}

    private func acquire() async {
        if !locked {
            locked = true
            return
        }
        await withCheckedContinuation { waiters.append($0) }
    }

    private func release() {
        if waiters.isEmpty {
            locked = false
        } else {
            waiters.removeFirst().resume()
        }
    }

    /// Runs `body` while holding the lock.
    public nonisolated func withLock<T: Sendable>(_ body: () async throws -> T) async throws -> T {
        await acquire()
        do {
            let result = try await body()
            await release()
            return result
        } catch {
            await release()
            throw error
        }
    }
}
