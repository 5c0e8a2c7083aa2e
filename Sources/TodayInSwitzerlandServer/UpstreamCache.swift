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
/// - After `ttl` the old answer is served at once and one background refresh runs (stale-while-revalidate).
/// - `refresh` (the API's `refresh=true`) fetches now; if that fails the last good answer is served.
/// - A fetch that fails or returns nothing (empty results are never cached) keeps the last good answer and marks it.
/// - Concurrent requests for a key share one fetch.
public final class UpstreamCache: Sendable {
    struct Entry: Sendable {
        var body: Data
        var fetchedAt: Date
        var failedAt: Date?
    }

    let database: Database
    let now: @Sendable () -> Date
    private let memory = Mutex<[String: Entry]>([:])
    private let inFlight = Mutex<[String: Task<Data?, Never>]>([:])

    /// A cache over `database` (table `sw_cache`).
    public init(database: Database, now: @escaping @Sendable () -> Date = Date.init) {
        self.database = database
        self.now = now
    }

    /// The answer for `key`, fetching with `fetch` when needed. `fetch` returns nil for a failure or an empty result.
    public func answer(
        _ key: String, ttl: TimeInterval, refresh: Bool = false, fetch: @escaping @Sendable () async -> Data?
    ) async -> CachedAnswer? {
        let entry = await stored(key)
        if let entry, !refresh {
            if now().timeIntervalSince(entry.fetchedAt) < ttl {
                return CachedAnswer(
                    body: entry.body, fetchedAt: entry.fetchedAt,
                    freshness: entry.failedAt == nil ? .fresh : .lastGood)
            }
            // Serve the old answer now; refresh in the background (once).
            let task = Task { await self.load(key, fetch: fetch) }
            _ = task
            return CachedAnswer(
                body: entry.body, fetchedAt: entry.fetchedAt,
                freshness: entry.failedAt == nil ? .revalidating : .lastGood)
        }
        if let body = await load(key, fetch: fetch) {
            return CachedAnswer(
                body: body, fetchedAt: memory.withLock { $0[key]?.fetchedAt } ?? now(), freshness: .fresh)
        }
        guard let last = await stored(key) else { return nil }
        return CachedAnswer(body: last.body, fetchedAt: last.fetchedAt, freshness: .lastGood)
    }

    /// Fetches `key` once even when many ask at the same time; stores a success, marks a failure.
    @discardableResult
    func load(_ key: String, fetch: @escaping @Sendable () async -> Data?) async -> Data? {
        let task = inFlight.withLock { running -> Task<Data?, Never> in
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
        return await task.value
    }

    private func record(_ key: String, body: Data?) async {
        let time = now()
        if let body, !body.isEmpty {
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
            memory.withLock { if $0[key] != nil { $0[key]?.failedAt = time } }
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
