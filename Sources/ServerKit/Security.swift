import Foundation
import SQLKit

/// Migration of the shared security tables: failed-attempt log and sessions.
public let securityMigration = Migration(id: "0002-security") { _ in
    [
        "CREATE TABLE failed_attempts (key TEXT NOT NULL, at BIGINT NOT NULL)",
        "CREATE INDEX failed_attempts_key ON failed_attempts (key, at)",
        """
        CREATE TABLE sessions (
            id_hash TEXT PRIMARY KEY,
            scope TEXT NOT NULL,
            subject TEXT,
            role TEXT NOT NULL,
            created_at BIGINT NOT NULL,
            expires_at BIGINT NOT NULL)
        """,
        "CREATE INDEX sessions_scope ON sessions (scope)",
    ]
}

/// Counts failures per key (for example client + club) in a sliding window, in the database so that every instance
/// and a restart see the same count.
public struct AttemptLimiter: Sendable {
    /// Where the `failed_attempts` table lives.
    public let database: Database
    /// Attempts allowed per key within ``window``.
    public let limit: Int
    /// Length of the sliding window in seconds.
    public let window: TimeInterval

    /// A limiter allowing `limit` attempts per key in `window` seconds (10 per 15 minutes by default).
    public init(database: Database, limit: Int = 10, window: TimeInterval = 15 * 60) {
        self.database = database
        self.limit = limit
        self.window = window
    }

    /// Counts one attempt for `key` atomically with the lock-out check: returns nil when the attempt may go ahead
    /// (with `counting`, it is recorded until ``reset(_:)`` clears it), or the seconds to wait when the limit is
    /// reached. Counting in the same transaction as the check means parallel guesses cannot slip past the limit;
    /// `counting: false` only checks (a known-good attempt that must still respect a lock-out).
    public func begin(_ key: String, counting: Bool = true, now: Date = Date()) async throws -> Int? {
        let since = now.addingTimeInterval(-window).epochMilliseconds
        let cutoff = now.addingTimeInterval(-window * 2).epochMilliseconds
        let (limit, window, kind) = (self.limit, self.window, database.kind)
        return try await database.transaction { db in
            if kind == .postgres {
                // Serialise attempts on the same key across connections and instances.
                try await db.raw("SELECT pg_advisory_xact_lock(hashtext(\(bind: key)))").run()
            }
            if counting { try await db.raw("DELETE FROM failed_attempts WHERE at < \(bind: cutoff)").run() }
            let rows = try await db.raw(
                "SELECT at FROM failed_attempts WHERE key = \(bind: key) AND at > \(bind: since) ORDER BY at DESC"
            ).all()
            if rows.count >= limit {
                // The lock lifts when the limit-th most recent attempt ages out of the window.
                let pivot = try rows[limit - 1].decode(column: "at", as: Int64.self)
                let lifts = Date(epochMilliseconds: pivot).addingTimeInterval(window)
                return max(1, Int(lifts.timeIntervalSince(now).rounded(.up)))
            }
            if counting {
                try await db.raw(
                    "INSERT INTO failed_attempts (key, at) VALUES (\(bind: key), \(bind: now.epochMilliseconds))"
                ).run()
            }
            return nil
        }
    }

    /// Forgets the recorded attempts of every key that starts with one of `prefixes` (an operator lifting a
    /// lock-out); returns how many attempts were forgotten.
    public func reset(prefixes: [String]) async throws -> Int {
        try await database.transaction { db in
            var forgotten = 0
            for prefix in prefixes {
                let matches: SQLQueryString =
                    "substr(key, 1, \(bind: prefix.utf8.count)) = \(bind: prefix)"
                let row = try await db.raw("SELECT COUNT(*) AS n FROM failed_attempts WHERE \(matches)").first()
                forgotten += try row?.decode(column: "n", as: Int.self) ?? 0
                try await db.raw("DELETE FROM failed_attempts WHERE \(matches)").run()
            }
            return forgotten
        }
    }

    /// Forgets every recorded attempt of `key`: call it after a successful attempt.
    public func reset(_ key: String) async throws {
        try await database.run { db in
            try await db.raw("DELETE FROM failed_attempts WHERE key = \(bind: key)").run()
        }
    }
}

/// A signed-in session. The cookie carries a random id; the table stores only its SHA-256.
public struct Session: Sendable, Equatable {
    /// What the session belongs to, e.g. a club id.
    public var scope: String
    /// Who, e.g. a member id; nil for a club-code session that has not chosen a member.
    public var subject: String?
    /// `member` or `admin`.
    public var role: String
    /// When the session stops being valid.
    public var expiresAt: Date
}

/// Database-backed sessions shared by every instance.
///
/// Member sessions last ``lifetime`` (30 days). Admin sessions are short and sliding: each use renews one to
/// ``adminLifetime`` (12 hours) from now, up to ``adminMaxAge`` (7 days) after sign-in, so an admin page left signed
/// in on a shared computer does not stay open for a month.
public struct SessionStore: Sendable {
    /// Where the `sessions` table lives.
    public let database: Database
    /// Seconds a new member session lasts (30 days by default).
    public let lifetime: TimeInterval
    /// Seconds an admin session lasts after its last use (12 hours by default).
    public let adminLifetime: TimeInterval
    /// Seconds after sign-in when an admin session ends however often it is used (7 days by default).
    public let adminMaxAge: TimeInterval

    /// The role whose sessions are short and sliding.
    public static let adminRole = "admin"

    /// A store over `database` whose member sessions last `lifetime` seconds and admin sessions `adminLifetime`
    /// seconds after their last use, at most `adminMaxAge` seconds after sign-in.
    public init(
        database: Database, lifetime: TimeInterval = 30 * 24 * 3600, adminLifetime: TimeInterval = 12 * 3600,
        adminMaxAge: TimeInterval = 7 * 24 * 3600
    ) {
        self.database = database
        self.lifetime = lifetime
        self.adminLifetime = adminLifetime
        self.adminMaxAge = adminMaxAge
    }

    /// Seconds a new session of `role` lasts (the cookie's `Max-Age`).
    public func lifetime(of role: String) -> TimeInterval { role == Self.adminRole ? adminLifetime : lifetime }

    /// Creates a session and returns the cookie value.
    public func create(scope: String, subject: String?, role: String, now: Date = Date()) async throws -> String {
        let token = Tokens.random()
        let hash = Tokens.sha256(token)
        let expires = now.addingTimeInterval(lifetime(of: role)).epochMilliseconds
        try await database.run { db in
            try await db.raw(
                """
                INSERT INTO sessions (id_hash, scope, subject, role, created_at, expires_at)
                VALUES (\(bind: hash), \(bind: scope), \(bind: subject), \(bind: role), \(bind: now.epochMilliseconds), \(bind: expires))
                """
            ).run()
        }
        return token
    }

    /// The live session for a cookie value, or nil. Using an admin session renews it (see the type's notes); the
    /// renewal is written at most every few minutes.
    public func find(_ token: String, now: Date = Date()) async throws -> Session? {
        let hash = Tokens.sha256(token)
        let (adminLifetime, adminMaxAge) = (self.adminLifetime, self.adminMaxAge)
        return try await database.run { db in
            guard
                let row = try await db.raw(
                    "SELECT scope, subject, role, created_at, expires_at FROM sessions WHERE id_hash = \(bind: hash) AND expires_at > \(bind: now.epochMilliseconds)"
                ).first()
            else { return nil }
            var session = Session(
                scope: try row.decode(column: "scope", as: String.self),
                subject: try row.decode(column: "subject", as: String?.self),
                role: try row.decode(column: "role", as: String.self),
                expiresAt: Date(epochMilliseconds: try row.decode(column: "expires_at", as: Int64.self)))
            if session.role == Self.adminRole {
                let created = Date(epochMilliseconds: try row.decode(column: "created_at", as: Int64.self))
                let renewed = min(now.addingTimeInterval(adminLifetime), created.addingTimeInterval(adminMaxAge))
                if renewed.timeIntervalSince(session.expiresAt) > min(300, adminLifetime / 10) {
                    try await db.raw(
                        "UPDATE sessions SET expires_at = \(bind: renewed.epochMilliseconds) WHERE id_hash = \(bind: hash)"
                    ).run()
                    session.expiresAt = renewed
                }
            }
            return session
        }
    }

    /// Ends the session of a cookie value (sign-out); nothing happens when it does not exist.
    public func delete(_ token: String) async throws {
        let hash = Tokens.sha256(token)
        try await database.run { db in
            try await db.raw("DELETE FROM sessions WHERE id_hash = \(bind: hash)").run()
        }
    }

    /// Ends every session of a scope with `role` except the one of `keeping` (a changed admin password signs the
    /// other admins out).
    public func deleteAll(scope: String, role: String, keeping token: String?) async throws {
        let kept = token.map(Tokens.sha256) ?? ""
        try await database.run { db in
            try await db.raw(
                "DELETE FROM sessions WHERE scope = \(bind: scope) AND role = \(bind: role) AND id_hash <> \(bind: kept)"
            ).run()
        }
    }

    /// Ends every session of a scope (code rotation) or of one subject within it.
    public func deleteAll(scope: String, subject: String? = nil) async throws {
        try await database.run { db in
            if let subject {
                try await db.raw("DELETE FROM sessions WHERE scope = \(bind: scope) AND subject = \(bind: subject)")
                    .run()
            } else {
                try await db.raw("DELETE FROM sessions WHERE scope = \(bind: scope)").run()
            }
        }
    }
}
