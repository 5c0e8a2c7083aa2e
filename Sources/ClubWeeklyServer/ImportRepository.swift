import ClubWeekly
import Foundation
import SQLKit
import ServerKit

/// Where an import is.
enum ImportState: String, Codable, Sendable {
    /// The upload is being stored for a background job.
    case receiving
    /// Waiting for a job runner.
    case queued
    /// Rows are being read and checked.
    case running
    /// Every good row is stored; the report is final.
    case done
    /// Nothing was stored; `error` says why.
    case failed

    var isFinished: Bool { self == .done || self == .failed }
}

/// One import of a member's export, as the `cw_imports` table keeps it.
struct ImportRecord: Sendable, Equatable {
    var id: String
    var clubID: ClubID
    var memberID: MemberID
    var state: ImportState
    /// Whether it runs as a background job (large files) rather than inside the request.
    var background: Bool
    /// Data rows in the file.
    var rowsTotal: Int
    /// Data rows read and checked so far.
    var rowsDone: Int
    var report: ImportReport?
    var error: String?
    var createdAt: Date
    var finishedAt: Date?
}

/// A checked row waiting in the staging table until the whole file is read.
struct StagedActivity: Sendable, Equatable {
    var line: Int
    var externalID: String
    var startDate: Date
    var sportType: String
    var distance: Double
    var movingTime: Int
    var elapsedTime: Int
    var elevationGain: Double
    var name: String
    var trainer: Bool
    var commute: Bool
}

/// The member's import was deleted while it ran (the member left the club).
struct ImportGone: Error {}

/// Imports, their uploaded files and their staged rows.
///
/// An import is all-or-nothing: rows are checked and written to `cw_import_rows` in short transactions (so a long
/// file never holds the SQLite writer for long, and progress can be shown), then one transaction moves them all into
/// `cw_activities`. A failure or crash before that leaves the club's activities untouched; staged rows of a failed
/// import are deleted with it. Uploads for background jobs are kept in `cw_import_chunks` (1 MB rows), so whichever
/// instance claims the job can read them.
struct ImportRepository: Sendable {
    let database: Database
    /// Rows per `INSERT` into the staging table (12 parameters each, well under every engine's limit).
    static let rowsPerStatement = 100

    func create(_ record: ImportRecord) async throws {
        try await database.run { db in
            try await db.raw(
                """
                INSERT INTO cw_imports (id, club_id, member_id, status, background, rows_total, rows_done, created_at,
                    updated_at)
                VALUES (\(bind: record.id), \(bind: record.clubID.rawValue), \(bind: record.memberID.rawValue),
                    \(bind: record.state.rawValue), \(bind: record.background ? 1 : 0), \(bind: record.rowsTotal),
                    \(bind: record.rowsDone), \(bind: record.createdAt.epochMilliseconds),
                    \(bind: record.createdAt.epochMilliseconds))
                """
            ).run()
        }
    }

    func storeChunk(id: String, sequence: Int, data: Data) async throws {
        try await database.run { db in
            try await db.raw(
                "INSERT INTO cw_import_chunks (import_id, seq, data) VALUES (\(bind: id), \(bind: sequence), \(bind: data))"
            ).run()
        }
    }

    func chunk(id: String, sequence: Int) async throws -> Data? {
        try await database.run { db in
            try await db.raw(
                "SELECT data FROM cw_import_chunks WHERE import_id = \(bind: id) AND seq = \(bind: sequence)"
            ).first()?.decode(column: "data", as: Data.self)
        }
    }

    /// Marks a stored upload as ready and queues its job, in one transaction (a job never sees half an upload).
    func enqueue(id: String, jobKind: String, payload: String, now: Date) async throws {
        try await database.transaction { db in
            try await db.raw(
                """
                UPDATE cw_imports SET status = \(bind: ImportState.queued.rawValue),
                    updated_at = \(bind: now.epochMilliseconds)
                WHERE id = \(bind: id)
                """
            ).run()
            try await JobQueue.enqueue(
                on: db, kind: jobKind, payload: payload, dedupeKey: "\(jobKind):\(id)", runAt: now, maxAttempts: 3)
        }
    }

    func find(_ id: String) async throws -> ImportRecord? {
        try await database.run { db in
            try await db.raw("SELECT * FROM cw_imports WHERE id = \(bind: id)").first().map(Self.decode)
        }
    }

    /// The member's newest import that has not finished, if any.
    func active(member: MemberID) async throws -> ImportRecord? {
        try await database.run { db in
            try await db.raw(
                """
                SELECT * FROM cw_imports WHERE member_id = \(bind: member.rawValue)
                  AND status IN ('receiving', 'queued', 'running')
                ORDER BY created_at DESC LIMIT 1
                """
            ).first().map(Self.decode)
        }
    }

    /// Starts (or restarts, after a crash) reading: earlier staged rows are dropped.
    func begin(id: String, now: Date) async throws {
        try await database.transaction { db in
            try await db.raw("DELETE FROM cw_import_rows WHERE import_id = \(bind: id)").run()
            try await db.raw(
                """
                UPDATE cw_imports SET status = \(bind: ImportState.running.rawValue), rows_done = 0,
                    updated_at = \(bind: now.epochMilliseconds)
                WHERE id = \(bind: id)
                """
            ).run()
        }
    }

    /// Stages checked rows and records progress, in one short transaction.
    func stage(id: String, rows: [StagedActivity], rowsDone: Int, now: Date) async throws {
        try await database.transaction { db in
            var start = 0
            while start < rows.count {
                let end = min(rows.count, start + Self.rowsPerStatement)
                let values = rows[start..<end].map { row -> SQLQueryString in
                    """
                    (\(bind: id), \(bind: row.line), \(bind: row.externalID), \(bind: row.startDate.epochMilliseconds),
                     \(bind: row.sportType), \(bind: row.distance), \(bind: row.movingTime), \(bind: row.elapsedTime),
                     \(bind: row.elevationGain), \(bind: row.name), \(bind: row.trainer ? 1 : 0), \(bind: row.commute ? 1 : 0))
                    """
                }
                try await db.raw(
                    """
                    INSERT INTO cw_import_rows (import_id, line, external_id, start_at, sport_type, distance, moving_time,
                        elapsed_time, elevation, name, trainer, commute)
                    VALUES \(values.joined(separator: ", "))
                    """
                ).run()
                start = end
            }
            try await db.raw(
                """
                UPDATE cw_imports SET rows_done = \(bind: rowsDone), updated_at = \(bind: now.epochMilliseconds)
                WHERE id = \(bind: id) AND status = \(bind: ImportState.running.rawValue)
                """
            ).run()
        }
    }

    /// Moves every staged row into the member's activities in one transaction (an export row never replaces one
    /// synced from Strava), stores the final report and drops the staging rows and the upload. Returns the report
    /// with the counts filled in. Throws ``ImportGone`` when the import or its member no longer exists.
    func finish(
        id: String, club: ClubID, member: MemberID, report: ImportReport, kind: DatabaseKind, now: Date
    ) async throws -> ImportReport {
        try await database.transaction { db in
            // The club's row first, as deleting a member does (the two cannot deadlock), then the member's: one
            // member's imports finish one at a time, and a member deleted meanwhile stops this.
            // (Only `data_version`: the rollups below mark the weeks this import changed.)
            try await db.raw("UPDATE cw_clubs SET data_version = data_version + 1 WHERE id = \(bind: club.rawValue)")
                .run()
            let lock: SQLQueryString = kind == .postgres ? "FOR UPDATE" : ""
            guard
                try await db.raw("SELECT id FROM cw_members WHERE id = \(bind: member.rawValue) \(lock)").first()
                    != nil,
                let status = try await db.raw("SELECT status, report FROM cw_imports WHERE id = \(bind: id) \(lock)")
                    .first()
            else { throw ImportGone() }
            if try status.decode(column: "status", as: String.self) == ImportState.done.rawValue,
                let stored = try status.decode(column: "report", as: String?.self),
                let previous = try? JSONDecoder().decode(ImportReport.self, from: Data(stored.utf8))
            {
                return previous
            }
            let staged =
                try await db.raw("SELECT COUNT(*) AS n FROM cw_import_rows WHERE import_id = \(bind: id)").first()?
                .decode(column: "n", as: Int.self) ?? 0
            let new =
                try await db.raw(
                    """
                    SELECT COUNT(*) AS n FROM cw_import_rows s WHERE s.import_id = \(bind: id) AND NOT EXISTS (
                        SELECT 1 FROM cw_activities a WHERE a.member_id = \(bind: member.rawValue) AND a.external_id = s.external_id)
                    """
                ).first()?.decode(column: "n", as: Int.self) ?? 0
            // Weeks whose rollups change: those of the rows replaced (before) and of every staged row (after).
            let before = try await db.raw(
                """
                SELECT a.start_at FROM cw_activities a JOIN cw_import_rows s ON s.external_id = a.external_id
                WHERE s.import_id = \(bind: id) AND a.member_id = \(bind: member.rawValue) AND a.source <> 'strava'
                """
            ).all().map { try $0.decode(column: "start_at", as: Int64.self) }
            let after = try await db.raw(
                "SELECT DISTINCT start_at FROM cw_import_rows WHERE import_id = \(bind: id)"
            ).all().map { try $0.decode(column: "start_at", as: Int64.self) }
            try await db.raw(
                """
                UPDATE cw_activities SET source = 'import', start_at = s.start_at, sport_type = s.sport_type,
                    distance = s.distance, moving_time = s.moving_time, elapsed_time = s.elapsed_time,
                    elevation = s.elevation, name = s.name, trainer = s.trainer, commute = s.commute,
                    updated_at = \(bind: now.epochMilliseconds), last_event_time = 0
                FROM cw_import_rows s
                WHERE s.import_id = \(bind: id) AND cw_activities.member_id = \(bind: member.rawValue)
                  AND cw_activities.external_id = s.external_id AND cw_activities.source <> 'strava'
                """
            ).run()
            try await db.raw(
                """
                INSERT INTO cw_activities (club_id, member_id, source, external_id, start_at, sport_type, distance,
                    moving_time, elapsed_time, elevation, name, trainer, commute, updated_at, last_event_time)
                SELECT \(bind: club.rawValue), \(bind: member.rawValue), 'import', s.external_id, s.start_at, s.sport_type,
                    s.distance, s.moving_time, s.elapsed_time, s.elevation, s.name, s.trainer, s.commute,
                    \(bind: now.epochMilliseconds), 0
                FROM cw_import_rows s
                WHERE s.import_id = \(bind: id) AND NOT EXISTS (
                    SELECT 1 FROM cw_activities a WHERE a.member_id = \(bind: member.rawValue) AND a.external_id = s.external_id)
                ORDER BY s.line
                ON CONFLICT (member_id, external_id) DO NOTHING
                """
            ).run()
            if let scope = try await WeekRollups.scope(club: club, on: db) {
                try await WeekRollups.refresh(member: member, instants: before + after, scope: scope, on: db)
            }
            var final = report
            final.imported = new
            final.alreadyPresent = staged - new
            try await db.raw("DELETE FROM cw_import_rows WHERE import_id = \(bind: id)").run()
            try await db.raw("DELETE FROM cw_import_chunks WHERE import_id = \(bind: id)").run()
            try await db.raw(
                """
                UPDATE cw_imports SET status = \(bind: ImportState.done.rawValue), rows_done = rows_total,
                    report = \(bind: try Self.json(final)), updated_at = \(bind: now.epochMilliseconds),
                    finished_at = \(bind: now.epochMilliseconds)
                WHERE id = \(bind: id)
                """
            ).run()
            return final
        }
    }

    /// Marks the import failed with `message` and drops what it staged and stored (nothing reached the activities).
    func fail(id: String, message: String, now: Date) async throws {
        try await database.transaction { db in
            try await db.raw("DELETE FROM cw_import_rows WHERE import_id = \(bind: id)").run()
            try await db.raw("DELETE FROM cw_import_chunks WHERE import_id = \(bind: id)").run()
            try await db.raw(
                """
                UPDATE cw_imports SET status = \(bind: ImportState.failed.rawValue), error = \(bind: String(message.prefix(1000))),
                    updated_at = \(bind: now.epochMilliseconds), finished_at = \(bind: now.epochMilliseconds)
                WHERE id = \(bind: id) AND status <> \(bind: ImportState.done.rawValue)
                """
            ).run()
        }
    }

    /// Imports that run inside a request and stopped moving before `before` (the process died part-way) are marked
    /// failed and their staged rows dropped; so are uploads for jobs that were never completely received.
    /// Background imports are left to their job, which a runner claims again once its lease runs out.
    @discardableResult
    func failAbandoned(before: Date, now: Date) async throws -> Int {
        let ids = try await database.run { db in
            try await db.raw(
                """
                SELECT id FROM cw_imports WHERE updated_at < \(bind: before.epochMilliseconds)
                  AND (status = 'receiving' OR (background = 0 AND status = 'running'))
                """
            ).all().map { try $0.decode(column: "id", as: String.self) }
        }
        for id in ids {
            try await fail(
                id: id,
                message:
                    "The import was interrupted (the server restarted). Nothing was stored: import the file again.",
                now: now)
        }
        return ids.count
    }

    static func json(_ report: ImportReport) throws -> String {
        String(decoding: try JSONEncoder().encode(report), as: UTF8.self)
    }

    static func decode(_ row: any SQLRow) throws -> ImportRecord {
        let report = try row.decode(column: "report", as: String?.self).flatMap {
            try? JSONDecoder().decode(ImportReport.self, from: Data($0.utf8))
        }
        return ImportRecord(
            id: try row.decode(column: "id", as: String.self),
            clubID: ClubID(try row.decode(column: "club_id", as: String.self)),
            memberID: MemberID(try row.decode(column: "member_id", as: String.self)),
            state: ImportState(rawValue: try row.decode(column: "status", as: String.self)) ?? .failed,
            background: try row.decode(column: "background", as: Int.self) != 0,
            rowsTotal: try row.decode(column: "rows_total", as: Int.self),
            rowsDone: try row.decode(column: "rows_done", as: Int.self),
            report: report,
            error: try row.decode(column: "error", as: String?.self),
            createdAt: Date(epochMilliseconds: try row.decode(column: "created_at", as: Int64.self)),
            finishedAt: try row.decode(column: "finished_at", as: Int64?.self).map(Date.init(epochMilliseconds:)))
    }
}
