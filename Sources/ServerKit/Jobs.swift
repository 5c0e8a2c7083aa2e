import Foundation
import Logging
import NIOConcurrencyHelpers
import SQLKit
import ServiceLifecycle

/// A unit of background work, stored in the `jobs` table until done.
public struct Job: Sendable, Equatable {
    /// Row id in the `jobs` table.
    public let id: Int64
    /// Names the handler that runs the job (a key of ``JobRunner``'s handlers).
    public let kind: String
    /// Handler-specific data, usually JSON (`{}` when none).
    public let payload: String
    /// 1 on the first run.
    public let attempt: Int
    /// Attempts allowed before the job is marked `failed` (8 by default).
    public let maxAttempts: Int
}

/// What a handler tells the runner about a job.
public enum JobOutcome: Sendable, Equatable {
    /// Finished: the row is deleted (or run again at once if it was re-enqueued while running).
    case done
    /// Run again at this time with a fresh attempt count (recurring jobs).
    case reschedule(at: Date)
    /// Not run now (for example the rate-limit budget is spent): try at this time; the attempt is not counted.
    case deferred(until: Date)
}

/// Migration creating the job table; include it in the app's migration list.
public let jobsMigration = Migration(id: "0001-jobs") { kind in
    [
        """
        CREATE TABLE jobs (
            id \(SQLTypes.autoIncrementKey(kind)),
            kind TEXT NOT NULL,
            payload TEXT NOT NULL,
            dedupe_key TEXT UNIQUE,
            run_at BIGINT NOT NULL,
            attempts INTEGER NOT NULL DEFAULT 0,
            max_attempts INTEGER NOT NULL DEFAULT 8,
            rerun INTEGER NOT NULL DEFAULT 0,
            status TEXT NOT NULL DEFAULT 'queued',
            locked_by TEXT,
            locked_until BIGINT,
            last_error TEXT,
            created_at BIGINT NOT NULL)
        """,
        "CREATE INDEX jobs_due ON jobs (status, run_at)",
    ]
}

/// The database-backed job queue. Claims use `FOR UPDATE SKIP LOCKED` on PostgreSQL and the single writer on SQLite,
/// plus a lease (`locked_until`), so two instances never run the same job and a crashed instance's jobs come back.
public struct JobQueue: Sendable {
    /// Where the `jobs` table lives.
    public let database: Database
    /// Seconds a claim holds a job; after that another worker may claim it again (5 minutes by default).
    public let lease: TimeInterval

    /// A queue over `database`'s `jobs` table with a `lease` in seconds.
    public init(database: Database, lease: TimeInterval = 300) {
        self.database = database
        self.lease = lease
    }

    /// Adds a job. With a `dedupeKey`, a job already queued under that key absorbs this one (and, if it is running
    /// right now, runs once more afterwards, so no event is lost).
    public func enqueue(
        kind: String, payload: String = "{}", dedupeKey: String? = nil, runAt: Date = Date(), maxAttempts: Int = 8
    ) async throws {
        try await database.run { db in
            try await Self.enqueue(
                on: db, kind: kind, payload: payload, dedupeKey: dedupeKey, runAt: runAt, maxAttempts: maxAttempts)
        }
    }

    /// ``enqueue(kind:payload:dedupeKey:runAt:maxAttempts:)`` inside a caller's transaction.
    public static func enqueue(
        on db: any SQLDatabase, kind: String, payload: String, dedupeKey: String?, runAt: Date, maxAttempts: Int = 8
    ) async throws {
        let now = Date().epochMilliseconds
        let run = runAt.epochMilliseconds
        try await db.raw(
            """
            INSERT INTO jobs (kind, payload, dedupe_key, run_at, max_attempts, created_at)
            VALUES (\(bind: kind), \(bind: payload), \(bind: dedupeKey), \(bind: run), \(bind: maxAttempts), \(bind: now))
            ON CONFLICT (dedupe_key) DO UPDATE SET
                rerun = CASE WHEN jobs.locked_until IS NOT NULL THEN 1 ELSE jobs.rerun END,
                run_at = CASE WHEN jobs.run_at < excluded.run_at THEN jobs.run_at ELSE excluded.run_at END,
                payload = excluded.payload,
                attempts = CASE WHEN jobs.status = 'failed' THEN 0 ELSE jobs.attempts END,
                status = 'queued'
            """
        ).run()
    }

    /// Claims up to `limit` due jobs for `worker`.
    public func claim(worker: String, limit: Int, now: Date = Date()) async throws -> [Job] {
        let nowMs = now.epochMilliseconds
        let until = now.addingTimeInterval(lease).epochMilliseconds
        let lock: SQLQueryString = database.kind == .postgres ? "FOR UPDATE SKIP LOCKED" : ""
        return try await database.transaction { db in
            try await db.raw(
                """
                UPDATE jobs SET locked_by = \(bind: worker), locked_until = \(bind: until), attempts = attempts + 1
                WHERE id IN (
                    SELECT id FROM jobs
                    WHERE status = 'queued' AND run_at <= \(bind: nowMs)
                      AND (locked_until IS NULL OR locked_until < \(bind: nowMs))
                    ORDER BY run_at, id LIMIT \(bind: limit) \(lock))
                RETURNING id, kind, payload, attempts, max_attempts
                """
            ).all().map { row in
                Job(
                    id: try row.decode(column: "id", as: Int64.self),
                    kind: try row.decode(column: "kind", as: String.self),
                    payload: try row.decode(column: "payload", as: String.self),
                    attempt: try row.decode(column: "attempts", as: Int.self),
                    maxAttempts: try row.decode(column: "max_attempts", as: Int.self))
            }
        }
    }

    /// Records a handler's outcome.
    public func complete(_ job: Job, outcome: JobOutcome, now: Date = Date()) async throws {
        try await database.run { db in
            switch outcome {
            case .done:
                // Delete first: a job re-enqueued while it ran (rerun = 1) survives and is reset to run again.
                try await db.raw("DELETE FROM jobs WHERE id = \(bind: job.id) AND rerun = 0").run()
                try await db.raw(
                    """
                    UPDATE jobs SET rerun = 0, attempts = 0, locked_by = NULL, locked_until = NULL, last_error = NULL,
                        run_at = \(bind: now.epochMilliseconds)
                    WHERE id = \(bind: job.id) AND rerun = 1
                    """
                ).run()
            case .reschedule(let date):
                try await db.raw(
                    """
                    UPDATE jobs SET rerun = 0, attempts = 0, locked_by = NULL, locked_until = NULL, last_error = NULL,
                        run_at = \(bind: date.epochMilliseconds)
                    WHERE id = \(bind: job.id)
                    """
                ).run()
            case .deferred(let date):
                try await db.raw(
                    """
                    UPDATE jobs SET attempts = attempts - 1, locked_by = NULL, locked_until = NULL,
                        run_at = \(bind: date.epochMilliseconds)
                    WHERE id = \(bind: job.id)
                    """
                ).run()
            }
        }
    }

    /// Records a failure: retried with exponential backoff and jitter, or marked `failed` after the last attempt.
    public func fail(_ job: Job, error: String, now: Date = Date()) async throws {
        let exhausted = job.attempt >= job.maxAttempts
        let delay = Backoff.delay(attempt: job.attempt, base: 5, cap: 3600)
        try await database.run { db in
            try await db.raw(
                """
                UPDATE jobs SET locked_by = NULL, locked_until = NULL, last_error = \(bind: String(error.prefix(1000))),
                    status = \(bind: exhausted ? "failed" : "queued"),
                    run_at = \(bind: now.addingTimeInterval(delay).epochMilliseconds)
                WHERE id = \(bind: job.id)
                """
            ).run()
        }
    }

    /// Number of queued jobs of a kind (all kinds when nil), for status pages and tests.
    public func pendingCount(kind: String? = nil) async throws -> Int {
        try await database.run { db in
            let row = try await db.raw(
                kind.map { "SELECT COUNT(*) AS n FROM jobs WHERE status = 'queued' AND kind = \(bind: $0)" }
                    ?? "SELECT COUNT(*) AS n FROM jobs WHERE status = 'queued'"
            ).first()
            return try row?.decode(column: "n", as: Int.self) ?? 0
        }
    }
}

/// Exponential backoff with full jitter.
public enum Backoff {
    /// A random delay in `[d/2, d]` with `d = min(cap, base × 2^(attempt-1))`.
    public static func delay(attempt: Int, base: TimeInterval, cap: TimeInterval) -> TimeInterval {
        let exponent = Double(max(0, min(attempt - 1, 30)))
        let full = min(cap, base * pow(2, exponent))
        return Double.random(in: (full / 2)...full)
    }
}

/// Runs queued jobs with registered handlers until graceful shutdown.
public struct JobRunner: Service {
    /// Runs one job and says what to do with it next; a thrown error counts as a failed attempt.
    public typealias Handler = @Sendable (Job) async throws -> JobOutcome

    let queue: JobQueue
    let handlers: [String: Handler]
    let worker: String
    let pollInterval: Duration
    let batchSize: Int
    let logger: Logger

    /// A runner claiming up to `batchSize` jobs at a time and polling every `pollInterval` when idle.
    /// Its worker name (host, pid, random suffix) marks the jobs it holds.
    public init(
        queue: JobQueue, handlers: [String: Handler], pollInterval: Duration = .seconds(1), batchSize: Int = 4,
        logger: Logger
    ) {
        self.queue = queue
        self.handlers = handlers
        self.worker =
            "\(ProcessInfo.processInfo.hostName)-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString.prefix(8))"
        self.pollInterval = pollInterval
        self.batchSize = batchSize
        self.logger = logger
    }

    /// Polls for due jobs until graceful shutdown. A batch that has started runs to completion (jobs are not
    /// cancelled half-way); then the runner stops claiming and returns.
    public func run() async throws {
        logger.info("job runner started", metadata: ["worker": "\(worker)"])
        let stopping = NIOLockedValueBox(false)
        await withGracefulShutdownHandler {
            while !stopping.withLockedValue({ $0 }), !Task.isCancelled {
                let ran = (try? await runDueJobs()) ?? 0
                if ran > 0 { continue }
                // Sleep in short steps so shutdown is noticed quickly.
                var slept = Duration.zero
                while slept < pollInterval, !stopping.withLockedValue({ $0 }), !Task.isCancelled {
                    try? await Task.sleep(for: .milliseconds(100))
                    slept += .milliseconds(100)
                }
            }
        } onGracefulShutdown: {
            stopping.withLockedValue { $0 = true }
        }
        logger.info("job runner stopped")
    }

    /// Claims and runs one batch of due jobs concurrently; returns how many ran.
    @discardableResult
    public func runDueJobs(now: Date = Date()) async throws -> Int {
        let jobs = try await queue.claim(worker: worker, limit: batchSize, now: now)
        await withTaskGroup(of: Void.self) { group in
            for job in jobs {
                group.addTask { await run(job) }
            }
        }
        return jobs.count
    }

    /// Runs jobs until none is due (tests and one-shot commands).
    public func drain(maxBatches: Int = 1000) async throws {
        for _ in 0..<maxBatches {
            if try await runDueJobs() == 0 { return }
        }
    }

    private func run(_ job: Job) async {
        guard let handler = handlers[job.kind] else {
            logger.error("no handler for job kind", metadata: ["kind": "\(job.kind)"])
            try? await queue.fail(job, error: "no handler for \(job.kind)")
            return
        }
        do {
            let outcome = try await handler(job)
            try await queue.complete(job, outcome: outcome)
        } catch {
            logger.warning(
                "job failed",
                metadata: ["kind": "\(job.kind)", "id": "\(job.id)", "attempt": "\(job.attempt)", "error": "\(error)"])
            try? await queue.fail(job, error: "\(error)")
        }
    }
}
