import Foundation
import SQLKit
import ServerKit
import Synchronization

/// How fresh a cached upstream answer is.
public enum Freshness: String, Codable, Sendable {
    /// Fetched within its time to live.
    case fresh
    /// Older than its time to live; served at once while a refresh runs in the background.
    case revalidating
    /// The upstream failed on the last try: this is the last good answer.
    case lastGood
}

/// A cached upstream answer.
public struct CachedAnswer: Sendable, Equatable {
    public var body: Data
    public var fetchedAt: Date
    public var freshness: Freshness

    /// Whether the answer is the last good one after an upstream failure.
    public var isStale: Bool { freshness == .lastGood }
}

/// The cache in front of every upstream (Open-Meteo, news feeds, transport, Overpass): an in-memory layer for
/// warm requests over a database table that keeps the last good answer across restarts and instances.
///
/// - Within `ttl` an answer is served from memory (or the table) without calling the upstream.
/// - Between `ttl` and `maxAge` the old answer is served at once and one background refresh runs
///   (stale-while-revalidate); beyond `maxAge` (or with nothing stored) the request waits for a fetch, but never
///   longer than `userWait` (about a second): then it gets the last good answer, marked as such, or nothing, while
///   the fetch goes on in the background and fills the cache for the next request.
/// - `refresh` (the API's `refresh=true`) fetches now — unless the answer is under 30 s old — and serves the last
///   good answer if that fails.
/// - A failed or empty fetch (empty results are never cached) keeps the last good answer and marks it; the upstream
///   is left alone for a minute after a failure (no hammering of a service that is down or rate-limiting), then
///   retried in the background, and the mark goes away with the first success.
/// - Concurrent requests for a key share one fetch.
public final class UpstreamCache: Sendable {
    struct Entry: Sendable {
        var body: Data
        var fetchedAt: Date
        var failedAt: Date?
    }

    /// How long an upstream is left alone after a failure.
    static let failureBackoff: TimeInterval = 60
    /// `refresh=true` does not refetch an answer younger than this.
    static let minimumRefreshAge: TimeInterval = 30

    let database: Database
    let now: @Sendable () -> Date
    /// The longest a request waits for an upstream; the fetch itself goes on (bounded by the client's timeout).
    let userWait: TimeInterval
    private let memory = Mutex<[String: Entry]>([:])
    /// Keys whose upstream failed before anything was cached, and when.
    private let failures = Mutex<[String: Date]>([:])
    private let inFlight = Mutex<[String: Task<Data?, Never>]>([:])

    /// A cache over `database` (table `sw_cache`); requests wait at most `userWait` seconds for an upstream.
    public init(database: Database, userWait: TimeInterval = 0.8, now: @escaping @Sendable () -> Date = Date.init) {
        self.database = database
        self.userWait = userWait
        self.now = now
    }

    /// The answer for `key`, fetching with `fetch` when needed. `fetch` returns nil for a failure or an unusable
    /// result. `maxAge` defaults to four times `ttl`.
    public func answer(
        _ key: String, ttl: TimeInterval, maxAge: TimeInterval? = nil, refresh: Bool = false,
        fetch: @escaping @Sendable () async -> Data?
    ) async -> CachedAnswer? {
        let time = now()
        let entry = await stored(key)
        let lastFailure = entry?.failedAt ?? failures.withLock { $0[key] }
        let backingOff = lastFailure.map { time.timeIntervalSince($0) < Self.failureBackoff } ?? false
        guard let entry else {
            if !backingOff, let body = await load(key, fetch: fetch, within: userWait) {
                return CachedAnswer(body: body, fetchedAt: time, freshness: .fresh)
            }
            return nil
        }
        let age = time.timeIntervalSince(entry.fetchedAt)
        func lastGood(_ entry: Entry) -> CachedAnswer {
            CachedAnswer(body: entry.body, fetchedAt: entry.fetchedAt, freshness: .lastGood)
        }
        func fetchNow() async -> CachedAnswer {
            if !backingOff, let body = await load(key, fetch: fetch, within: userWait) {
                return CachedAnswer(body: body, fetchedAt: now(), freshness: .fresh)
            }
            return lastGood(await stored(key) ?? entry)
        }
        if refresh && age >= Self.minimumRefreshAge { return await fetchNow() }
        if age < ttl {
            guard entry.failedAt != nil else {
                return CachedAnswer(body: entry.body, fetchedAt: entry.fetchedAt, freshness: .fresh)
            }
            if !backingOff { Task { await self.load(key, fetch: fetch) } }
            return lastGood(entry)
        }
        if age < (maxAge ?? ttl * 4) {
            if !backingOff { Task { await self.load(key, fetch: fetch) } }
            return entry.failedAt == nil
                ? CachedAnswer(body: entry.body, fetchedAt: entry.fetchedAt, freshness: .revalidating)
                : lastGood(entry)
        }
        return await fetchNow()
    }

    /// ``load(_:fetch:)``, waiting at most `seconds`: nil when the fetch fails or takes longer (it goes on and
    /// stores its answer when it comes).
    func load(_ key: String, fetch: @escaping @Sendable () async -> Data?, within seconds: TimeInterval) async -> Data?
    {
        let task = start(key, fetch: fetch)
        return await withinDeadline(seconds) { await task.value } ?? nil
    }

    /// Fetches `key` once even when many ask at the same time; stores a success, marks a failure.
    @discardableResult
    func load(_ key: String, fetch: @escaping @Sendable () async -> Data?) async -> Data? {
        await start(key, fetch: fetch).value
    }

    /// The fetch of `key` running now, if any.
    func running(_ key: String) -> Task<Data?, Never>? { inFlight.withLock { $0[key] } }

    /// The running fetch of `key`, or a new one.
    private func start(_ key: String, fetch: @escaping @Sendable () async -> Data?) -> Task<Data?, Never> {
        inFlight.withLock { running -> Task<Data?, Never> in
            if let task = running[key] { return task }
            let task = Task<Data?, Never> {
                let fetched = await fetch()
                let body = fetched?.isEmpty == false ? fetched : nil
                await self.record(key, body: body)
                self.inFlight.withLock { _ = $0.removeValue(forKey: key) }
                return body
            }
            running[key] = task
            return task
        }
    }

    private func record(_ key: String, body: Data?) async {
        let time = now()
        if let body, !body.isEmpty {
            failures.withLock { _ = $0.removeValue(forKey: key) }
            memory.withLock { $0[key] = Entry(body: body, fetchedAt: time, failedAt: nil) }
            let text = body.base64EncodedString()
            try? await database.transaction { db in
                try await db.raw("DELETE FROM sw_cache WHERE key = \(bind: key)").run()
                try await db.raw(
                    """
                    INSERT INTO sw_cache (key, body, fetched_ms, failed_ms)
                    VALUES (\(bind: key), \(bind: text), \(bind: time.epochMilliseconds), NULL)
                    """
                ).run()
            }
        } else {
            let known = memory.withLock { memory -> Bool in
                guard memory[key] != nil else { return false }
                memory[key]?.failedAt = time
                return true
            }
            if !known { failures.withLock { $0[key] = time } }
            try? await database.run { db in
                try await db.raw(
                    "UPDATE sw_cache SET failed_ms = \(bind: time.epochMilliseconds) WHERE key = \(bind: key)"
                ).run()
            }
        }
    }

    /// The entry in memory, else in the table (after a restart, or written by another instance).
    func stored(_ key: String) async -> Entry? {
        if let entry = memory.withLock({ $0[key] }) { return entry }
        let row = try? await database.run { db in
            try await db.raw("SELECT body, fetched_ms, failed_ms FROM sw_cache WHERE key = \(bind: key)").first()
                .map { row -> Entry? in
                    guard let body = Data(base64Encoded: try row.decode(column: "body", as: String.self)) else {
                        return nil
                    }
                    return Entry(
                        body: body,
                        fetchedAt: Date(epochMilliseconds: try row.decode(column: "fetched_ms", as: Int64.self)),
                        failedAt: try row.decode(column: "failed_ms", as: Int64?.self).map(
                            Date.init(epochMilliseconds:)))
                }
        }
        guard let found = row ?? nil else { return nil }
        memory.withLock { $0[key] = $0[key] ?? found }
        return found
    }

    /// Deletes answers older than `age` (dated keys of past weeks pile up otherwise) from the table and memory.
    public func prune(olderThan age: TimeInterval = 14 * 86_400) async {
        let cutoff = now().addingTimeInterval(-age)
        memory.withLock { $0 = $0.filter { $0.value.fetchedAt >= cutoff } }
        try? await database.run { db in
            try await db.raw("DELETE FROM sw_cache WHERE fetched_ms < \(bind: cutoff.epochMilliseconds)").run()
        }
    }

    static let migration = Migration(id: "swiss-001-cache") { _ in
        [
            """
            CREATE TABLE sw_cache (
                key TEXT PRIMARY KEY,
                body TEXT NOT NULL,
                fetched_ms BIGINT NOT NULL,
                failed_ms BIGINT
            )
            """
        ]
    }
}
