import Foundation
import Logging
import SQLKit
import ServerKit
import ServiceLifecycle
import TestSupport
import Testing

/// The heartbeat's sleep, released by the test: `tick()` ends every pending sleep, `sleeps(atLeast:)` waits until the
/// heartbeat has started that many (so the renewal after the previous tick has finished).
actor HeartbeatTicker {
    private var pending: [UUID: CheckedContinuation<Void, any Error>] = [:]
    private var started = 0
    private var watchers: [(Int, CheckedContinuation<Void, Never>)] = []

    func sleep() async throws {
        started += 1
        let ready = watchers.filter { $0.0 <= started }
        watchers.removeAll { $0.0 <= started }
        for watcher in ready { watcher.1.resume() }
        let id = UUID()
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                if Task.isCancelled {
                    continuation.resume(throwing: CancellationError())
                } else {
                    pending[id] = continuation
                }
            }
        } onCancel: {
            Task { await self.cancel(id) }
        }
    }

    private func cancel(_ id: UUID) {
        pending.removeValue(forKey: id)?.resume(throwing: CancellationError())
    }

    func tick() {
        let all = pending
        pending = [:]
        for continuation in all.values { continuation.resume() }
    }

    func sleeps(atLeast count: Int) async {
        if started >= count { return }
        await withCheckedContinuation { watchers.append((count, $0)) }
    }
}

/// A handler that says when it started and finishes when the test opens it.
actor HeldHandler {
    private var startedCount = 0
    private var startWatchers: [CheckedContinuation<Void, Never>] = []
    private var released = false
    private var releaseWaiters: [CheckedContinuation<Void, Never>] = []

    func run() async {
        startedCount += 1
        for watcher in startWatchers { watcher.resume() }
        startWatchers = []
        if released { return }
        await withCheckedContinuation { releaseWaiters.append($0) }
    }

    func started() async {
        if startedCount > 0 { return }
        await withCheckedContinuation { startWatchers.append($0) }
    }

    func release() {
        released = true
        for waiter in releaseWaiters { waiter.resume() }
        releaseWaiters = []
    }
}

/// Job leases: short, renewed by a heartbeat while a job runs, and fenced so a worker that lost a job cannot
/// overwrite the new holder's state. Runs on SQLite and, in CI, PostgreSQL.
@Suite("Job lease contract")
struct JobLeaseContractTests {
    static let logger: Logger = {
        var logger = Logger(label: "job-lease-test")
        logger.logLevel = .critical
        return logger
    }()

    func lockedBy(_ id: Int64, in db: Database) async throws -> String? {
        try await db.run { sql in
            try await sql.raw("SELECT locked_by FROM jobs WHERE id = \(bind: id)").first()?
                .decode(column: "locked_by", as: String?.self)
        }
    }

    @Test(
        "the default lease is short: a killed worker's job is claimable again within 30 s",
        arguments: TestDatabases.kinds)
    func shortLease(kind: DatabaseKind) async throws {
        let db = try await TestDatabases.make(kind)
        defer { Task { await db.close() } }
        try await Migrator([jobsMigration]).migrate(db)
        let queue = JobQueue(database: db)
        #expect(queue.lease <= 30)
        let t0 = Date()
        try await queue.enqueue(kind: "k", runAt: t0)
        // The worker that claims it dies: it never renews or completes.
        let dead = try #require(try await queue.claim(worker: "dead", limit: 1, now: t0).first)
        #expect(try await queue.claim(worker: "b", limit: 1, now: t0.addingTimeInterval(29)).isEmpty)
        let ran = NIOLockedCounter()
        let runner = JobRunner(
            queue: queue,
            handlers: [
                "k": { _ in
                    ran.increment(); return .done
                }
            ], logger: Self.logger)
        #expect(try await runner.runDueJobs(now: t0.addingTimeInterval(31)) == 1)
        #expect(ran.value == 1)
        #expect(try await queue.pendingCount() == 0)
        // The dead worker's late outcome finds nothing to overwrite.
        #expect(try await queue.complete(dead, outcome: .reschedule(at: t0)) == false)
        #expect(try await queue.pendingCount() == 0)
    }

    @Test("the heartbeat keeps a long job from being claimed again", arguments: TestDatabases.kinds)
    func heartbeatKeepsJob(kind: DatabaseKind) async throws {
        let db = try await TestDatabases.make(kind)
        defer { Task { await db.close() } }
        try await Migrator([jobsMigration]).migrate(db)
        let queue = JobQueue(database: db, lease: 30)
        let clock = TestClock()
        let t0 = clock.now()
        let ticker = HeartbeatTicker()
        let held = HeldHandler()
        let runner = JobRunner(
            queue: queue,
            handlers: [
                "long": { _ in
                    await held.run(); return .done
                }
            ], logger: Self.logger,
            now: clock.closure, sleep: { _ in try await ticker.sleep() })
        #expect(runner.heartbeat == .seconds(10))
        try await queue.enqueue(kind: "long", runAt: t0)
        let batch = Task { try await runner.runDueJobs(now: t0) }
        await held.started()
        await ticker.sleeps(atLeast: 1)

        // Three beats carry the job far past its first lease.
        for beat in 1...3 {
            clock.set(t0.addingTimeInterval(Double(beat) * 20))
            await ticker.tick()
            await ticker.sleeps(atLeast: beat + 1)
        }
        #expect(
            try await queue.claim(worker: "other", limit: 1, now: t0.addingTimeInterval(80)).isEmpty,
            "renewed at t0+60 until t0+90")
        #expect(try await lockedBy(1, in: db)?.hasPrefix(runner.worker) == true)

        await held.release()
        #expect(try await batch.value == 1)
        #expect(try await queue.pendingCount() == 0, "completed by its own worker")
    }

    @Test("a worker that lost its lease neither renews nor overwrites the new holder", arguments: TestDatabases.kinds)
    func lostLeaseIsFenced(kind: DatabaseKind) async throws {
        let db = try await TestDatabases.make(kind)
        defer { Task { await db.close() } }
        try await Migrator([jobsMigration]).migrate(db)
        let queue = JobQueue(database: db, lease: 30)
        let t0 = Date()
        try await queue.enqueue(kind: "k", dedupeKey: "one", runAt: t0)
        let first = try #require(try await queue.claim(worker: "a", limit: 1, now: t0).first)
        let second = try #require(try await queue.claim(worker: "b", limit: 1, now: t0.addingTimeInterval(31)).first)
        #expect(first.id == second.id)
        #expect(try await queue.renew(first, now: t0.addingTimeInterval(32)) == false)
        #expect(try await queue.complete(first, outcome: .done) == false)
        #expect(try await queue.complete(first, outcome: .deferred(until: t0)) == false)
        #expect(try await queue.fail(first, error: "late") == false)
        #expect(try await lockedBy(first.id, in: db) == "b")
        #expect(try await queue.renew(second, now: t0.addingTimeInterval(40)) == true)
        #expect(try await queue.complete(second, outcome: .done) == true)
        #expect(try await queue.pendingCount() == 0)
    }

    @Test("a runner whose heartbeat finds the job taken over drops its outcome", arguments: TestDatabases.kinds)
    func runnerDropsLostJob(kind: DatabaseKind) async throws {
        let db = try await TestDatabases.make(kind)
        defer { Task { await db.close() } }
        try await Migrator([jobsMigration]).migrate(db)
        let queue = JobQueue(database: db, lease: 30)
        let clock = TestClock()
        let t0 = clock.now()
        let ticker = HeartbeatTicker()
        let held = HeldHandler()
        let far = t0.addingTimeInterval(86_400)
        let runner = JobRunner(
            queue: queue,
            handlers: [
                "k": { _ in
                    await held.run(); return .reschedule(at: far)
                }
            ],
            logger: Self.logger, now: clock.closure, sleep: { _ in try await ticker.sleep() })
        try await queue.enqueue(kind: "k", runAt: t0)
        let batch = Task { try await runner.runDueJobs(now: t0) }
        await held.started()
        await ticker.sleeps(atLeast: 1)

        // The runner stalls past its lease (no beat) and another worker takes the job.
        let taken = try #require(try await queue.claim(worker: "b", limit: 1, now: t0.addingTimeInterval(31)).first)
        clock.set(t0.addingTimeInterval(32))
        await ticker.tick()
        await held.release()
        #expect(try await batch.value == 1)
        #expect(try await lockedBy(taken.id, in: db) == "b", "the new holder keeps the job")
        let runAt = try await db.run { sql in
            try await sql.raw("SELECT run_at FROM jobs WHERE id = \(bind: taken.id)").first()?
                .decode(column: "run_at", as: Int64.self)
        }
        #expect(runAt == t0.epochMilliseconds, "the stale reschedule was not applied")
        #expect(try await queue.complete(taken, outcome: .done) == true)
    }
}

@Suite("Job runner shutdown")
struct JobRunnerShutdownTests {
    @Test("a long job sees the graceful shutdown begin, is deferred, and the runner stops")
    func longJobStopsAtShutdown() async throws {
        let db = try await TestDatabases.make(.sqlite)
        defer { Task { await db.close() } }
        try await Migrator([jobsMigration]).migrate(db)
        let queue = JobQueue(database: db)
        let held = HeldHandler()
        let sawStop = NIOLockedCounter()
        let runner = JobRunner(
            queue: queue,
            handlers: [
                "long": { _ in
                    await held.run()
                    // Steps of work until told to stop (bounded, so a regression fails rather than hangs).
                    for _ in 0..<6000 {
                        if JobRunner.isStopping {
                            sawStop.increment()
                            return .deferred(until: Date())
                        }
                        try await Task.sleep(for: .milliseconds(10))
                    }
                    return .done
                }
            ], pollInterval: .milliseconds(100), logger: JobLeaseContractTests.logger)
        try await queue.enqueue(kind: "long", runAt: Date())
        let group = ServiceGroup(configuration: .init(services: [runner], logger: JobLeaseContractTests.logger))
        let running = Task { try await group.run() }
        await held.release()
        await held.started()
        await group.triggerGracefulShutdown()
        try await running.value
        #expect(sawStop.value == 1, "the handler did not see the shutdown")
        #expect(try await queue.pendingCount() == 1, "the deferred job is kept to run again")
    }
}

/// A thread-safe counter for handlers.
final class NIOLockedCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    var value: Int { lock.withLock { count } }
    func increment() { lock.withLock { count += 1 } }
}
