import Foundation
import ServerKit
import Synchronization
import TestSupport
import Testing

@testable import TodayInSwitzerlandServer

/// A clock tests move by hand.
final class TestClock: Sendable {
    private let current: Mutex<Date>
    init(start: Date = Date(timeIntervalSince1970: 1_790_000_000)) { current = Mutex(start) }
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
        // A patient wait: only the test about the wait cap uses a short one.
        return UpstreamCache(database: database, userWait: 60, now: { clock.now })
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
        clock.advance(61)  // past the minute of backoff after the failure
        #expect(await cache.answer("k", ttl: 60) { Data() } == nil, "empty is not cached")
        clock.advance(61)
        upstream.fail(false)
        #expect(await cache.answer("k", ttl: 60) { await upstream.fetch() }?.freshness == .fresh)
        upstream.fail(true)
        clock.advance(31)  // refresh=true does not refetch an answer younger than 30 s
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
        let first = UpstreamCache(database: database, userWait: 60, now: { clock.now })
        _ = await first.answer("weather-zurich", ttl: 600) { Data("{\"t\":3}".utf8) }
        let second = UpstreamCache(database: database, userWait: 60, now: { clock.now })
        let upstream = CountingUpstream()
        let answer = await second.answer("weather-zurich", ttl: 600) { await upstream.fetch() }
        #expect(answer?.body == Data("{\"t\":3}".utf8) && upstream.calls == 0)
    }

    @Test("after a failure the upstream is left alone for a minute, then retried; success clears the mark")
    func backoffAndRecovery() async throws {
        let clock = TestClock()
        let cache = try await Self.cache(clock: clock)
        let upstream = CountingUpstream()
        _ = await cache.answer("k", ttl: 600) { await upstream.fetch() }
        upstream.fail(true)
        clock.advance(31)
        #expect(await cache.answer("k", ttl: 600, refresh: true) { await upstream.fetch() }?.freshness == .lastGood)
        let calls = upstream.calls
        clock.advance(10)
        for _ in 0..<5 { _ = await cache.answer("k", ttl: 600, refresh: true) { await upstream.fetch() } }
        #expect(upstream.calls == calls, "no calls while backing off")
        upstream.fail(false)
        upstream.answer("v2")
        clock.advance(61)
        // Within the TTL but marked: served as last good while one retry runs; the mark is gone after it.
        #expect(await cache.answer("k", ttl: 600) { await upstream.fetch() }?.freshness == .lastGood)
        await cache.load("k") { await upstream.fetch() }
        let recovered = await cache.answer("k", ttl: 600) { await upstream.fetch() }
        #expect(recovered?.freshness == .fresh && recovered?.body == Data("v2".utf8))
    }

    @Test("beyond the maximum age an old answer is not served as current: the request waits for a fetch")
    func maxAge() async throws {
        let clock = TestClock()
        let cache = try await Self.cache(clock: clock)
        let upstream = CountingUpstream()
        _ = await cache.answer("k", ttl: 60, maxAge: 300) { await upstream.fetch() }
        upstream.answer("v2")
        clock.advance(301)
        let answer = await cache.answer("k", ttl: 60, maxAge: 300) { await upstream.fetch() }
        #expect(answer?.body == Data("v2".utf8) && answer?.freshness == .fresh)
        upstream.fail(true)
        clock.advance(301)
        #expect(await cache.answer("k", ttl: 60, maxAge: 300) { await upstream.fetch() }?.freshness == .lastGood)
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

    @Test("a request never waits longer than the wait cap: it answers without data, the fetch finishes behind it")
    func waitCap() async throws {
        let clock = TestClock()
        let database = try await TestDatabases.make(.sqlite)
        try await Migrator([UpstreamCache.migration]).migrate(database)
        let cache = UpstreamCache(database: database, userWait: 0.05, now: { clock.now })
        let gate = Gate()
        // The upstream answers only once the test opens the gate: without the cap this call would never return.
        let first = await cache.answer("slow", ttl: 60) {
            await gate.wait()
            return Data("late".utf8)
        }
        #expect(first == nil, "nothing cached yet: the page shows 'unavailable — retrying'")
        let running = try #require(cache.running("slow"), "the fetch goes on after the request gave up waiting")
        await gate.open()
        _ = await running.value
        // The fetch that was cut off landed in the cache; the next request gets it without fetching again.
        let upstream = CountingUpstream()
        let second = await cache.answer("slow", ttl: 60) { await upstream.fetch() }
        #expect(second?.body == Data("late".utf8) && second?.freshness == .fresh)
        #expect(upstream.calls == 0, "the first fetch was kept, not repeated")
    }
}

/// A gate tasks wait at until it opens.
actor Gate {
    private var isOpen = false
    private var waiting: [CheckedContinuation<Void, Never>] = []

    func wait() async {
        if isOpen { return }
        await withCheckedContinuation { waiting.append($0) }
    }

    func open() {
        isOpen = true
        for continuation in waiting { continuation.resume() }
        waiting = []
    }
}
