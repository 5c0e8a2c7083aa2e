import ClubWeekly
import Foundation
import SQLKit
import ServerKit
import StravaAPI

/// A connected Strava athlete. Tokens are decrypted only in memory.
struct StravaAccount: Sendable, Equatable {
    var athleteID: Int64
    var firstName: String
    var lastName: String
    var accessToken: String
    var refreshToken: String
    var expiresAt: Date
    var scope: String
    var connectedAt: Date
    var lastSyncAt: Date?
    var lastError: String?
}

/// Strava athletes and their tokens, sealed with AES-GCM at rest.
struct StravaAccountRepository: Sendable {
    let database: Database
    let cipher: TokenCipher

    func save(_ original: StravaAccount) async throws {
        // Names come from Strava: shortened to what members' names may be.
        var capped = original
        capped.firstName = TextLimits.truncate(original.firstName, to: TextLimits.firstName)
        capped.lastName = TextLimits.truncate(original.lastName, to: TextLimits.lastName)
        let account = capped
        let access = try cipher.seal(account.accessToken)
        let refresh = try cipher.seal(account.refreshToken)
        try await database.run { db in
            try await db.raw(
                """
                INSERT INTO cw_strava_athletes (athlete_id, first_name, last_name, access_token, refresh_token, expires_at,
                    scope, connected_at, last_sync_at, last_error)
                VALUES (\(bind: account.athleteID), \(bind: account.firstName), \(bind: account.lastName), \(bind: access),
                    \(bind: refresh), \(bind: account.expiresAt.epochMilliseconds), \(bind: account.scope),
                    \(bind: account.connectedAt.epochMilliseconds), \(bind: account.lastSyncAt?.epochMilliseconds),
                    \(bind: account.lastError))
                ON CONFLICT (athlete_id) DO UPDATE SET first_name = excluded.first_name, last_name = excluded.last_name,
                    access_token = excluded.access_token, refresh_token = excluded.refresh_token,
                    expires_at = excluded.expires_at, scope = excluded.scope, last_error = excluded.last_error
                """
            ).run()
        }
    }

    /// Persists a refreshed token pair at once: Strava retires the old refresh token when it issues a new one.
    func updateTokens(athlete: Int64, access: String, refresh: String, expiresAt: Date) async throws {
        let sealedAccess = try cipher.seal(access)
        let sealedRefresh = try cipher.seal(refresh)
        try await database.run { db in
            try await db.raw(
                """
                UPDATE cw_strava_athletes SET access_token = \(bind: sealedAccess), refresh_token = \(bind: sealedRefresh),
                    expires_at = \(bind: expiresAt.epochMilliseconds) WHERE athlete_id = \(bind: athlete)
                """
            ).run()
        }
    }

    /// Takes the athlete's refresh lease (shared by every instance) until `until`; false when another holder has it.
    /// Only one refresh may run at a time: Strava retires a refresh token as soon as it issues the next one.
    func acquireRefreshLease(athlete: Int64, until: Date, now: Date) async throws -> Bool {
        try await database.run { db in
            try await db.raw(
                """
                UPDATE cw_strava_athletes SET refresh_lease_until = \(bind: until.epochMilliseconds)
                WHERE athlete_id = \(bind: athlete)
                  AND (refresh_lease_until IS NULL OR refresh_lease_until < \(bind: now.epochMilliseconds))
                RETURNING athlete_id
                """
            ).first() != nil
        }
    }

    func releaseRefreshLease(athlete: Int64) async throws {
        try await database.run { db in
            try await db.raw(
                "UPDATE cw_strava_athletes SET refresh_lease_until = NULL WHERE athlete_id = \(bind: athlete)"
            ).run()
        }
    }

    func markSynced(athlete: Int64, at date: Date, error: String?) async throws {
        try await database.run { db in
            if let error {
                try await db.raw(
                    // Strava's error text is shown on the status pages: kept short whatever Strava sent.
                    "UPDATE cw_strava_athletes SET last_error = \(bind: String(error.prefix(500))) WHERE athlete_id = \(bind: athlete)"
                ).run()
            } else {
                try await db.raw(
                    """
                    UPDATE cw_strava_athletes SET last_sync_at = \(bind: date.epochMilliseconds), last_error = NULL
                    WHERE athlete_id = \(bind: athlete)
                    """
                ).run()
            }
        }
    }

    func find(_ athlete: Int64) async throws -> StravaAccount? {
        let row = try await database.run { db in
            try await db.raw("SELECT * FROM cw_strava_athletes WHERE athlete_id = \(bind: athlete)").first()
                .map(RawAccount.init)
        }
        return try row.map(decrypt)
    }

    /// Last sync time and error of every connected athlete, without decrypting any token (status page, scheduling).
    func syncStates() async throws -> [Int64: (lastSyncAt: Date?, lastError: String?)] {
        try await database.run { db in
            var states: [Int64: (lastSyncAt: Date?, lastError: String?)] = [:]
            for row in try await db.raw("SELECT athlete_id, last_sync_at, last_error FROM cw_strava_athletes").all() {
                states[try row.decode(column: "athlete_id", as: Int64.self)] = (
                    try row.decode(column: "last_sync_at", as: Int64?.self).map(Date.init(epochMilliseconds:)),
                    try row.decode(column: "last_error", as: String?.self)
                )
            }
            return states
        }
    }

    func delete(_ athlete: Int64) async throws {
        try await database.run { db in
            try await db.raw("DELETE FROM cw_strava_athletes WHERE athlete_id = \(bind: athlete)").run()
        }
    }

    private struct RawAccount: Sendable {
        var athleteID: Int64, firstName: String, lastName: String, access: String, refresh: String
        var expiresAt: Int64, scope: String, connectedAt: Int64, lastSyncAt: Int64?, lastError: String?
        init(_ row: any SQLRow) throws {
            athleteID = try row.decode(column: "athlete_id", as: Int64.self)
            firstName = try row.decode(column: "first_name", as: String.self)
            lastName = try row.decode(column: "last_name", as: String.self)
            access = try row.decode(column: "access_token", as: String.self)
            refresh = try row.decode(column: "refresh_token", as: String.self)
            expiresAt = try row.decode(column: "expires_at", as: Int64.self)
            scope = try row.decode(column: "scope", as: String.self)
            connectedAt = try row.decode(column: "connected_at", as: Int64.self)
            lastSyncAt = try row.decode(column: "last_sync_at", as: Int64?.self)
            lastError = try row.decode(column: "last_error", as: String?.self)
        }
    }

    private func decrypt(_ raw: RawAccount) throws -> StravaAccount {
        StravaAccount(
            athleteID: raw.athleteID, firstName: raw.firstName, lastName: raw.lastName,
            accessToken: try cipher.open(raw.access), refreshToken: try cipher.open(raw.refresh),
            expiresAt: Date(epochMilliseconds: raw.expiresAt), scope: raw.scope,
            connectedAt: Date(epochMilliseconds: raw.connectedAt),
            lastSyncAt: raw.lastSyncAt.map(Date.init(epochMilliseconds:)), lastError: raw.lastError)
    }
}

/// Strava webhook events already applied (``StravaSync/eventKey(_:)``), so a redelivered event or a re-run job does
/// not read from Strava again. Shared by every instance through the database.
struct StravaEventLog: Sendable {
    let database: Database

    /// Whether the event was applied.
    func contains(_ key: String) async throws -> Bool {
        try await database.run { db in
            try await db.raw("SELECT 1 AS found FROM cw_strava_events WHERE event_key = \(bind: key)").first() != nil
        }
    }

    /// Records the event as applied (once; recording it again changes nothing).
    func record(_ key: String, at date: Date) async throws {
        try await database.run { db in
            try await db.raw(
                """
                INSERT INTO cw_strava_events (event_key, applied_at) VALUES (\(bind: key), \(bind: date.epochMilliseconds))
                ON CONFLICT (event_key) DO NOTHING
                """
            ).run()
        }
    }

    /// Forgets events applied before `date`.
    func forget(before date: Date) async throws {
        try await database.run { db in
            try await db.raw("DELETE FROM cw_strava_events WHERE applied_at < \(bind: date.epochMilliseconds)").run()
        }
    }
}

/// One-time OAuth `state` values, bound to the club and session that started the flow.
struct OAuthStateRepository: Sendable {
    let database: Database

    func create(club: ClubID, subject: String?, now: Date = Date()) async throws -> String {
        let state = Tokens.random(bytes: 24)
        let hash = Tokens.sha256(state)
        let expires = now.addingTimeInterval(15 * 60).epochMilliseconds
        try await database.run { db in
            try await db.raw("DELETE FROM cw_oauth_states WHERE expires_at < \(bind: now.epochMilliseconds)").run()
            try await db.raw(
                """
                INSERT INTO cw_oauth_states (state_hash, club_id, session_subject, expires_at)
                VALUES (\(bind: hash), \(bind: club.rawValue), \(bind: subject), \(bind: expires))
                """
            ).run()
        }
        return state
    }

    /// Consumes a state: returns its club and subject once, nil when unknown, used or expired.
    func consume(_ state: String, now: Date = Date()) async throws -> (club: ClubID, subject: String?)? {
        let hash = Tokens.sha256(state)
        return try await database.transaction { db in
            guard
                let row = try await db.raw(
                    "SELECT club_id, session_subject, expires_at FROM cw_oauth_states WHERE state_hash = \(bind: hash)"
                ).first()
            else { return nil }
            try await db.raw("DELETE FROM cw_oauth_states WHERE state_hash = \(bind: hash)").run()
            guard try row.decode(column: "expires_at", as: Int64.self) > now.epochMilliseconds else { return nil }
            return (
                ClubID(try row.decode(column: "club_id", as: String.self)),
                try row.decode(column: "session_subject", as: String?.self)
            )
        }
    }
}
