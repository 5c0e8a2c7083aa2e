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
    /// The claim that holds the job (the `locked_by` value written by ``JobQueue/claim(worker:limit:now:)``).
    /// Renewals and outcomes only apply while the row still carries it, so a worker whose lease passed to another
    /// worker cannot overwrite the new holder's state.
    public let claim: String
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
///
/// The lease is short (30 s) and the runner renews it while a job runs (``renew(_:now:)``, every third of the
/// lease), so a long job stays with its worker while the job of a killed instance is claimed again within about
/// one lease.
public struct JobQueue: Sendable {
    /// Where the `jobs` table lives.
    public let database: Database
    /// Seconds a claim holds a job unless renewed; after that another worker may claim it (30 s by default).
    public let lease: TimeInterval

    /// The default lease: a killed instance's jobs wait at most this long (plus a poll) for another instance.
    public static let defaultLease: TimeInterval = 30

    /// A queue over `database`'s `jobs` table with a `lease` in seconds.
    public init(database: Database, lease: TimeInterval = JobQueue.defaultLease) {
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

    /// Claims up to `limit` due jobs for `worker`, which is written to `locked_by` and becomes each job's
    /// ``Job/claim``: make it unique per claim (``JobRunner`` adds a claim id to its worker name), so a later claim of
    /// the same job by the same process is told apart from this one.
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
                    maxAttempts: try row.decode(column: "max_attempts", as: Int.self),
                    claim: worker)
            }
        }
    }

    /// Extends the lease of a running job to `now + lease`, only while the row still carries `job`'s claim.
    /// Returns false when the job was taken over (its lease ran out and another worker claimed it) or is gone.
    public func renew(_ job: Job, now: Date = Date()) async throws -> Bool {
        let until = now.addingTimeInterval(lease).epochMilliseconds
        return try await database.run { db in
            try await db.raw(
                """
                UPDATE jobs SET locked_until = \(bind: until)
                WHERE id = \(bind: job.id) AND locked_by = \(bind: job.claim)
                RETURNING id
                """
            ).first() != nil
        }
    }

    /// Records a handler's outcome. Applies only while the row still carries `job`'s claim; returns false (and
    /// changes nothing) when another worker has taken the job over meanwhile.
    @discardableResult
    public func complete(_ job: Job, outcome: JobOutcome, now: Date = Date()) async throws -> Bool {
        try await database.transaction { db in
            switch outcome {
            case .done:
                // Delete first: a job re-enqueued while it ran (rerun = 1) survives and is reset to run again.
                let deleted = try await db.raw(
                    """
                    DELETE FROM jobs WHERE id = \(bind: job.id) AND locked_by = \(bind: job.claim) AND rerun = 0
                    RETURNING id
                    """
                ).first()
                if deleted != nil { return true }
                return try await db.raw(
                    """
                    UPDATE jobs SET rerun = 0, attempts = 0, locked_by = NULL, locked_until = NULL, last_error = NULL,
                        run_at = \(bind: now.epochMilliseconds)
                    WHERE id = \(bind: job.id) AND locked_by = \(bind: job.claim) AND rerun = 1
                    RETURNING id
                    """
                ).first() != nil
            case .reschedule(let date):
                return try await db.raw(
                    """
                    UPDATE jobs SET rerun = 0, attempts = 0, locked_by = NULL, locked_until = NULL, last_error = NULL,
                        run_at = \(bind: date.epochMilliseconds)
                    WHERE id = \(bind: job.id) AND locked_by = \(bind: job.claim)
                    RETURNING id
                    """
                ).first() != nil
            case .deferred(let date):
                return try await db.raw(
                    """
                    UPDATE jobs SET attempts = attempts - 1, locked_by = NULL, locked_until = NULL,
                        run_at = \(bind: date.epochMilliseconds)
                    WHERE id = \(bind: job.id) AND locked_by = \(bind: job.claim)
                    RETURNING id
                    """
                ).first() != nil
            }
        }
    }

    /// Records a failure: retried with exponential backoff and jitter, or marked `failed` after the last attempt.
    /// Like ``complete(_:outcome:now:)``, applies only while the row still carries `job`'s claim.
    @discardableResult
    public func fail(_ job: Job, error: String, now: Date = Date()) async throws -> Bool {
        let exhausted = job.attempt >= job.maxAttempts
        let delay = Backoff.delay(attempt: job.attempt, base: 5, cap: 3600)
        return try await database.run { db in
            try await db.raw(
                """
                UPDATE jobs SET locked_by = NULL, locked_until = NULL, last_error = \(bind: String(error.prefix(1000))),
                    status = \(bind: exhausted ? "failed" : "queued"),
                    run_at = \(bind: now.addingTimeInterval(delay).epochMilliseconds)
                WHERE id = \(bind: job.id) AND locked_by = \(bind: job.claim)
                RETURNING id
                """
            ).first() != nil
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
///
/// While a handler runs, a heartbeat renews the job's lease every ``heartbeat`` (a third of the queue's lease by
/// default), so only a dead or stuck instance lets a job go. When a renewal finds the job taken over by another
/// worker, the job is no longer treated as this runner's: it is logged and the handler's outcome is dropped, so the new
/// holder's state is never overwritten. (Handlers are written to be safe to run again; see the Strava sync.)
public struct JobRunner: Service {
    /// Runs one job and says what to do with it next; a thrown error counts as a failed attempt.
    public typealias Handler = @Sendable (Job) async throws -> JobOutcome

    let queue: JobQueue
    let handlers: [String: Handler]
    /// This runner's name (host, pid, random suffix); each claim writes it, plus a claim id, into `locked_by`.
    public let worker: String
    let pollInterval: Duration
    let batchSize: Int
    /// How often a running job's lease is renewed.
    public let heartbeat: Duration
    let logger: Logger
    let now: @Sendable () -> Date
    let sleep: @Sendable (Duration) async throws -> Void

    /// A runner claiming up to `batchSize` jobs at a time and polling every `pollInterval` when idle.
    /// Its worker name (host, pid, random suffix) marks the jobs it holds.
    ///
    /// - Parameters:
    ///   - heartbeat: Interval of lease renewals while a job runs; nil for a third of the queue's lease.
    ///   - now: The clock of lease renewals (tests inject theirs).
    ///   - sleep: How the heartbeat waits between renewals (tests inject a controlled one); must honour
    ///     cancellation.
    public init(
        queue: JobQueue, handlers: [String: Handler], pollInterval: Duration = .seconds(1), batchSize: Int = 4,
        logger: Logger, heartbeat: Duration? = nil, now: @escaping @Sendable () -> Date = Date.init,
        sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) }
    ) {
        self.queue = queue
        self.handlers = handlers
        self.worker =
            "\(ProcessInfo.processInfo.hostName)-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString.prefix(8))"
        self.pollInterval = pollInterval
        self.batchSize = batchSize
        self.heartbeat = heartbeat ?? .milliseconds(max(1, Int64(queue.lease * 1000 / 3)))
        self.logger = logger
        self.now = now
        self.sleep = sleep
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
        // One claim id per batch: a later claim of the same job by this runner is a different claim.
        let claim = "\(worker)/\(UUID().uuidString.prefix(8))"
        let jobs = try await queue.claim(worker: claim, limit: batchSize, now: now)
        await withTaskGroup(of: Void.self) { group in
            for job in jobs {
                group.addTask { await run(job) }
            }
        }
        return jobs.count
    }

    /// True inside a job's handler once the server's graceful shutdown has begun: a long handler checks it between
    /// steps and returns ``JobOutcome/deferred(until:)`` to be run again, rather than hold the shutdown up.
    public static var isStopping: Bool { Task.isShuttingDownGracefully }

    /// Runs jobs until none is due (tests and one-shot commands).
    public func drain(maxBatches: Int = 1000) async throws {
        for _ in 0..<maxBatches {
            if try await runDueJobs() == 0 { return }
        }
    }

    private func run(_ job: Job) async {
        guard let handler = handlers[job.kind] else {
            logger.error("no handler for job kind", metadata: ["kind": "\(job.kind)"])
            _ = try? await queue.fail(job, error: "no handler for \(job.kind)")
            return
        }
        let lost = NIOLockedValueBox(false)
        let heartbeat = Task { await keepLease(of: job, lost: lost) }
        let result: Result<JobOutcome, any Error>
        do {
            result = .success(try await handler(job))
        } catch {
            result = .failure(error)
        }
        // Stop renewing before recording the outcome, so no renewal runs after it.
        heartbeat.cancel()
        await heartbeat.value
        if lost.withLockedValue({ $0 }) {
            logger.warning(
                "job finished after another worker took it over; its outcome is dropped",
                metadata: ["kind": "\(job.kind)", "id": "\(job.id)"])
            return
        }
        let recorded: Bool
        do {
            switch result {
            case .success(let outcome):
                recorded = try await queue.complete(job, outcome: outcome)
            case .failure(let error):
                logger.warning(
                    "job failed",
                    metadata: [
                        "kind": "\(job.kind)", "id": "\(job.id)", "attempt": "\(job.attempt)", "error": "\(error)",
                    ])
                recorded = try await queue.fail(job, error: "\(error)")
            }
        } catch {
            // The lease runs out and the job runs again: handlers are safe to repeat.
            logger.warning(
                "could not record a job's outcome; it runs again after its lease",
                metadata: ["kind": "\(job.kind)", "id": "\(job.id)", "error": "\(error)"])
            return
        }
        if !recorded {
            logger.warning(
                "job was taken over by another worker before it finished; its outcome is dropped",
                metadata: ["kind": "\(job.kind)", "id": "\(job.id)"])
        }
    }

    /// Renews the job's lease every ``heartbeat`` until cancelled, or until a renewal finds the job taken over.
    private func keepLease(of job: Job, lost: NIOLockedValueBox<Bool>) async {
        while !Task.isCancelled {
            do {
                try await sleep(heartbeat)
            } catch {
                return
            }
            if Task.isCancelled { return }
            do {
                if try await !queue.renew(job, now: now()) {
                    lost.withLockedValue { $0 = true }
                    logger.warning(
                        "job lease lost: another worker holds the job now",
                        metadata: ["kind": "\(job.kind)", "id": "\(job.id)", "claim": "\(job.claim)"])
                    return
                }
            } catch {
                // The database may be briefly unreachable: keep running and try again at the next beat.
                logger.warning(
                    "could not renew a job lease", metadata: ["id": "\(job.id)", "error": "\(error)"])
            }
        }
    }
}
