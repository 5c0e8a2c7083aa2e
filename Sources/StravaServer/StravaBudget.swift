import Foundation
import SQLKit
import ServerKit
import StravaAPI

/// The Strava rate-limit budget, shared by every instance through the database.
public struct DatabaseRateLimitGovernor: RateLimitGovernor {
    let database: Database
    let name: String
    let now: @Sendable () -> Date

    /// A governor over the `strava_rate_limits` row `name` (one row per Strava client id).
    public init(database: Database, name: String = "strava", now: @escaping @Sendable () -> Date = Date.init) {
        self.database = database
        self.name = name
        self.now = now
    }

    /// Reserves a request of `kind`, or throws ``StravaError/rateLimited(until:)`` when the budget is spent.
    public func acquire(_ kind: RequestKind) async throws(StravaError) {
        let now = self.now()
        let decision: RateLimitDecision
        do {
            decision = try await modify { state in
                let decision = state.decision(for: kind, at: now)
                if decision == .proceed { state.willSend(kind, at: now) }
                return decision
            }
        } catch {
            // A storage failure must not stop syncing; Strava's own 429 still protects the budget.
            return
        }
        if case .wait(let until) = decision { throw .rateLimited(until: until) }
    }

    /// Records the usage headers (and any 429) of a response.
    public func record(_ response: HTTPResponse, kind: RequestKind) async {
        let now = self.now()
        _ = try? await modify { state in
            if let usage = RateLimitUsage.parse(response) { state.record(usage, at: now) }
            if response.status == 429 { state.recordTooManyRequests(at: now) }
        }
    }

    /// The current state (for status pages and tests).
    public func state() async throws -> RateLimitState {
        let name = self.name
        return try await database.run { db in
            Self.decode(
                try await db.raw("SELECT state FROM strava_rate_limits WHERE name = \(bind: name)").first()?
                    .decode(column: "state", as: String.self))
        }
    }

    /// A stored state; a missing or unreadable row starts from Strava's default limits.
    private static func decode(_ text: String?) -> RateLimitState {
        text.flatMap { try? JSONDecoder().decode(RateLimitState.self, from: Data($0.utf8)) } ?? RateLimitState()
    }

    /// Reads, changes and writes the state in one transaction (the row is locked on PostgreSQL; SQLite has one
    /// writer), so concurrent callers on any instance see each other's reservations.
    private func modify<T: Sendable>(_ body: @escaping @Sendable (inout RateLimitState) -> T) async throws -> T {
        let name = self.name
        let lock: SQLQueryString = database.kind == .postgres ? "FOR UPDATE" : ""
        let nowMs = now().epochMilliseconds
        return try await database.transaction { db in
            try await db.raw(
                """
                INSERT INTO strava_rate_limits (name, state, updated_at) VALUES (\(bind: name), '{}', \(bind: nowMs))
                ON CONFLICT (name) DO NOTHING
                """
            ).run()
            var state = Self.decode(
                try await db.raw("SELECT state FROM strava_rate_limits WHERE name = \(bind: name) \(lock)").first()?
                    .decode(column: "state", as: String.self))
            let result = body(&state)
            let encoded = String(decoding: try JSONEncoder().encode(state), as: UTF8.self)
            try await db.raw(
                "UPDATE strava_rate_limits SET state = \(bind: encoded), updated_at = \(bind: nowMs) WHERE name = \(bind: name)"
            ).run()
            return result
        }
    }
}
