import Foundation
import Synchronization
import Testing

@testable import SportsTime

/// `SearchThreads`: CPU work on threads of its own. Nothing here is timed: waits are on flags the test sets, and a
/// watchdog (a plain thread) only frees a wait that would otherwise hang, recording that it had to.
@Suite("Search threads")
struct SearchThreadsTests {
    struct Failed: Error, Equatable { var code: Int }

    /// A flag jobs wait on until the test opens it; if nobody does within `limit` seconds (a regression that hangs),
    /// a watchdog opens it and `openedByWatchdog` says so.
    final class Gate: Sendable {
        private let condition = NSCondition()
        private let state = Mutex((open: false, byWatchdog: false))

        init(limit: TimeInterval = 120) {
            let watchdog = Thread { [self] in
                let deadline = Date().addingTimeInterval(limit)
                condition.lock()
                while !state.withLock({ $0.open }), condition.wait(until: deadline) {}
                condition.unlock()
                state.withLock { state in
                    if !state.open { state = (true, true) }
                }
                condition.lock()
                condition.broadcast()
                condition.unlock()
            }
            watchdog.start()
        }

        var isOpen: Bool { state.withLock { $0.open } }
        var openedByWatchdog: Bool { state.withLock { $0.byWatchdog } }

        func open() {
            condition.lock()
            state.withLock { $0.open = true }
            condition.broadcast()
            condition.unlock()
        }

        /// Blocks this thread until the gate is open.
        func wait() {
            condition.lock()
            while !isOpen { condition.wait() }
            condition.unlock()
        }

        /// Keeps this thread busy (runnable, as a search is) until the gate is open.
        func spin() {
            while !isOpen { sched_yield() }
        }
    }

    @Test("run answers the body's result, and its typed error; a throwing job does not wedge the next")
    func runResultsAndErrors() async throws {
        #expect(await SearchThreads.run { 6 * 7 } == 42)
        let thrown = await #expect(throws: Failed.self) {
            try await SearchThreads.run { () throws(Failed) -> Int in throw Failed(code: 7) }
        }
        #expect(thrown == Failed(code: 7))
        // The typed error keeps its type through `run` (no `any Error`).
        do throws(Failed) {
            _ = try await SearchThreads.run { () throws(Failed) -> Int in throw Failed(code: 8) }
            Issue.record("the error was not thrown")
        } catch {
            #expect(error.code == 8)
        }
        #expect(await SearchThreads.run { "next" } == "next")
    }

    @Test("run's body runs on a search thread, not on Dispatch's workers (which run Swift's tasks on Linux)")
    func runsOnItsOwnThread() async {
        #expect(await SearchThreads.run { SearchThreads.isCurrentThread })
        #expect(!(await Task.detached { SearchThreads.isCurrentThread }.value))
    }

    @Test("map's bodies all run on search threads when it is called from one (as the tour search does)")
    func mapOnSearchThreads() async {
        let marked = await SearchThreads.run { SearchThreads.map(8, width: 3) { _ in SearchThreads.isCurrentThread } }
        #expect(marked == Array(repeating: true, count: 8))
    }

    @Test("a job whose task is cancelled runs to its end and answers; the next job runs")
    func cancelledJob() async {
        let gate = Gate()
        let started = Atomic<Bool>(false)
        let job = Task {
            await SearchThreads.run {
                started.store(true, ordering: .releasing)
                gate.wait()
                return 1
            }
        }
        job.cancel()
        gate.open()
        #expect(await job.value == 1)
        let ran = started.load(ordering: .acquiring)
        #expect(ran)
        #expect(await SearchThreads.run { 2 } == 2)
        #expect(!gate.openedByWatchdog)
    }

    @Test("map answers every index's result in index order", arguments: [0, 1, 2, 7, 100])
    func mapOrder(count: Int) {
        let calls = Mutex([Int: Int]())
        let results = SearchThreads.map(count) { i in
            calls.withLock { $0[i, default: 0] += 1 }
            return i * i
        }
        #expect(results == (0..<count).map { $0 * $0 })
        #expect(calls.withLock { $0 } == Dictionary(uniqueKeysWithValues: (0..<count).map { ($0, 1) }))
    }

    @Test("map keeps a nil result in its place")
    func mapOptionals() {
        let results: [Int?] = SearchThreads.map(5) { i in i.isMultiple(of: 2) ? i : nil }
        #expect(results == [0, nil, 2, nil, 4])
    }

    @Test("map runs up to its width at once, never more", arguments: [2, 3])
    func mapWidth(width: Int) {
        let gate = Gate()
        let running = Mutex((now: 0, most: 0))
        let results = SearchThreads.map(3 * width, width: width) { i in
            let now = running.withLock { state in
                state.now += 1
                state.most = max(state.most, state.now)
                return state.now
            }
            // The `width`-th job at once opens the gate for all: the first `width` jobs overlap.
            if now == width { gate.open() }
            gate.wait()
            running.withLock { $0.now -= 1 }
            return i
        }
        #expect(results == Array(0..<(3 * width)))
        #expect(running.withLock { $0.most } == width)
        #expect(!gate.openedByWatchdog, "fewer than \(width) jobs ran at once")
    }

    @Test("Swift's cooperative pool stays responsive while every core runs a search thread")
    func cooperativePoolResponsive() async {
        let gate = Gate()
        let jobs = max(2, ProcessInfo.processInfo.activeProcessorCount)
        let (started, starts) = AsyncStream<Int>.makeStream()
        let searches = (0..<jobs).map { i in
            Task {
                await SearchThreads.run {
                    starts.yield(i)
                    gate.spin()
                    return i
                }
            }
        }
        var iterator = started.makeAsyncIterator()
        for _ in 0..<jobs { _ = await iterator.next() }
        // Every search thread is busy: a task on the global executor still runs, and the test opens the gate only
        // after it has. (On Dispatch's pool the busy jobs hold every worker; Linux's Dispatch adds a worker after
        // about a second, so there a regression is a stall rather than a hang: the thread-name tests catch it.)
        let probe = await Task.detached { gate.isOpen ? -1 : 1 }.value
        gate.open()
        var answers: [Int] = []
        for search in searches { answers.append(await search.value) }
        #expect(probe == 1, "the probe task ran only after the gate opened")
        #expect(!gate.openedByWatchdog, "the cooperative pool was starved until the watchdog opened the gate")
        #expect(answers == Array(0..<jobs))
    }
}
