import Foundation
import ServerKit
import Synchronization
import TestSupport
import Testing

@testable import TodayInSwitzerlandServer

/// A clock tests move by hand.
final class TestClock: Sendable {
    private let current = Mutex(Date(timeIntervalSince1970: 1_790_000_000))
    var now: Date { current.withLock { $0 } }
    func advance(_ seconds: TimeInterval) { current.withLock { $0 = $0.addingTimeInterval(seconds) } }
}

/// An upstream that counts calls and can fail.
final class CountingUpstream: Sendable {
    private let state = Mutex<(calls: Int, failing: Bool, body: String)>((0, false, "v1"))
    var calls: Int { state.withLock { $0.calls } }
    func fail(_ failing: Bool) { state.withLock { $0.failing = failing } }
    func answer(_ body: String) { state.withLock { $0.body = body } }
    func fetch() async -> Data? {
        let (failing, body) = state.withLock { state -> (Bool, String) in
            state.calls += 1
            return (state.failing, state.body)
        }
        return failing ? nil : Data(body.utf8)
    }
}

@Suite("Upstream cache: TTL, stale-while-revalidate, last good data")
struct UpstreamCacheTests {
    static func cache(_ kind: DatabaseKind = .sqlite, clock: TestClock) async throws -> UpstreamCache {
        let database = try await TestDatabases.make(kind)
        try await Migrator([UpstreamCache.migration]).migrate(database)
        return UpstreamCache(database: database, now: { clock.now })
    }

    @Test("within the TTL the upstream is called once; after it the old answer is served while one refresh runs")
    func ttlAndRevalidate() async throws {
        let clock = TestClock()
        let cache = try await Self.cache(clock: clock)
        let upstream = CountingUpstream()
        let first = await cache.answer("k", ttl: 60) { await upstream.fetch() }
        #expect(first?.freshness == .fresh && upstream.calls == 1)
        clock.advance(30)
        #expect(await cache.answer("k", ttl: 60) { await upstream.fetch() }?.body == Data("v1".utf8))
        #expect(upstream.calls == 1, "served from the cache")
        upstream.answer("v2")
        clock.advance(60)
        let stale = await cache.answer("k", ttl: 60) { await upstream.fetch() }
        #expect(stale?.freshness == .revalidating && stale?.body == Data("v1".utf8), "the old answer at once")
        await cache.load("k") { await upstream.fetch() }  // waits for the shared refresh
        let refreshed = await cache.answer("k", ttl: 60) { await upstream.fetch() }
        #expect(refreshed?.body == Data("v2".utf8) && refreshed?.freshness == .fresh)
    }

    @Test(
        "an upstream failure keeps the last good answer and says so; empty answers are never cached",
        arguments: TestDatabases.kinds)
    func lastGood(kind: DatabaseKind) async throws {
        let clock = TestClock()
        let cache = try await Self.cache(kind, clock: clock)
        let upstream = CountingUpstream()
        upstream.fail(true)
        #expect(await cache.answer("k", ttl: 60) { await upstream.fetch() } == nil, "nothing to serve yet")
        #expect(await cache.answer("k", ttl: 60) { Data() } == nil, "empty is not cached")
        upstream.fail(false)
        _ = await cache.answer("k", ttl: 60) { await upstream.fetch() }
        upstream.fail(true)
        let forced = await cache.answer("k", ttl: 60, refresh: true) { await upstream.fetch() }
        #expect(forced?.freshness == .lastGood && forced?.body == Data("v1".utf8))
        clock.advance(3600)
        let later = await cache.answer("k", ttl: 60) { await upstream.fetch() }
        #expect(later?.isStale == true && later?.body == Data("v1".utf8))
    }

    @Test(
        "the last good answer survives a restart (another instance reads it from the table)",
        arguments: TestDatabases.kinds)
    func persisted(kind: DatabaseKind) async throws {
        let clock = TestClock()
        let database = try await TestDatabases.make(kind)
        try await Migrator([UpstreamCache.migration]).migrate(database)
        let first = UpstreamCache(database: database, now: { clock.now })
        _ = await first.answer("weather-zurich", ttl: 600) { Data("{\"t\":3}".utf8) }
        let second = UpstreamCache(database: database, now: { clock.now })
        let upstream = CountingUpstream()
        let answer = await second.answer("weather-zurich", ttl: 600) { await upstream.fetch() }
        #expect(answer?.body == Data("{\"t\":3}".utf8) && upstream.calls == 0)
    }

    @Test("concurrent requests for one key share a single upstream call")
    func singleFlight() async throws {
        let clock = TestClock()
        let cache = try await Self.cache(clock: clock)
        let upstream = CountingUpstream()
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<20 {
                group.addTask {
                    _ = await cache.answer("k", ttl: 60) {
                        try? await Task.sleep(for: .milliseconds(50))
                        return await upstream.fetch()
                    }
                }
            }
        }
        #expect(upstream.calls == 1)
    }
}
