import Dispatch
import Foundation
import HTTPTypes
import ServerKit
import SportsTime
import Testing

@testable import SportsTimeServer

/// The planning gate: at most `width` plans at a time, a 503 "busy" answer with Retry-After beyond that, and the
/// places freed when the work ends. The work blocks on semaphores the test signals, so nothing depends on timing.
@Suite("Planning gate")
struct PlanningGateTests {
    /// Work that says when it started, then waits (on its dispatch thread) until released.
    final class HeldWork: Sendable {
        let release = DispatchSemaphore(value: 0)
        let started: AsyncStream<Int>
        private let startedContinuation: AsyncStream<Int>.Continuation

        init() { (started, startedContinuation) = AsyncStream.makeStream() }

        func work(_ id: Int) -> @Sendable () -> Int {
            { [self] in
                startedContinuation.yield(id)
                release.wait()
                return id * 10
            }
        }
    }

    @Test("runs up to its width at once; with no queue one more is refused with 503 busy; freed places admit again")
    func limitAndBusy() async throws {
        let gate = PlanningGate(width: 2, queueLength: 0)
        #expect(gate.width == 2)
        let held = HeldWork()
        let first = Task { try await gate.run(held.work(1)) }
        let second = Task { try await gate.run(held.work(2)) }
        // Both admitted and running (their work has started on the dispatch queue).
        var iterator = held.started.makeAsyncIterator()
        let started = [await iterator.next(), await iterator.next()].compactMap { $0 }
        #expect(Set(started) == [1, 2])

        let refused = await #expect(throws: APIError.self) { try await gate.run { 3 } }
        #expect(refused?.status == .serviceUnavailable)
        #expect(refused?.code == "busy")
        #expect(refused?.headers[.retryAfter] == "2")
        #expect(refused?.message.contains("try again") == true)

        held.release.signal()
        held.release.signal()
        #expect(try await first.value == 10)
        #expect(try await second.value == 20)
        // Both places are free again.
        let third = Task { try await gate.run(held.work(3)) }
        let fourth = Task { try await gate.run(held.work(4)) }
        let again = [await iterator.next(), await iterator.next()].compactMap { $0 }
        #expect(Set(again) == [3, 4])
        held.release.signal()
        held.release.signal()
        #expect(try await third.value == 30)
        #expect(try await fourth.value == 40)
    }

    @Test("plans run on search threads, not on Dispatch's workers (which run the server's tasks on Linux)")
    func runsOnSearchThreads() async throws {
        let gate = PlanningGate(width: 1)
        #expect(try await gate.run { SearchThreads.isCurrentThread })
        #expect(!SearchThreads.isCurrentThread)
    }

    @Test("a gate of width one runs plans one after another and returns each result")
    func sequential() async throws {
        let gate = PlanningGate(width: 1)
        for n in 1...5 {
            #expect(try await gate.run { n * n } == n * n)
        }
        #expect(PlanningGate().width >= 1, "the default width is the core count, at least one")
    }

    /// Waits (yielding, bounded) until `count` callers are queued.
    func waitUntilQueued(_ gate: PlanningGate, _ count: Int) async {
        for _ in 0..<100_000 where gate.waitingCount < count { await Task.yield() }
    }

    @Test("a burst is served: callers beyond the width wait their turn in order; only a full queue is refused")
    func burstQueues() async throws {
        let gate = PlanningGate(width: 1, queueLength: 2, maxWait: .seconds(600))
        let held = HeldWork()
        var iterator = held.started.makeAsyncIterator()
        let first = Task { try await gate.run(held.work(1)) }
        #expect(await iterator.next() == 1)
        let second = Task { try await gate.run(held.work(2)) }
        await waitUntilQueued(gate, 1)
        let third = Task { try await gate.run(held.work(3)) }
        await waitUntilQueued(gate, 2)
        #expect(gate.waitingCount == 2)
        // The queue is full: the next caller is told to come back at once.
        let refused = await #expect(throws: APIError.self) { try await gate.run { 4 } }
        #expect(refused?.status == .serviceUnavailable)
        #expect(refused?.headers[.retryAfter] == "2")
        // Each finished plan hands its place to the longest waiter.
        held.release.signal()
        #expect(try await first.value == 10)
        #expect(await iterator.next() == 2)
        held.release.signal()
        #expect(try await second.value == 20)
        #expect(await iterator.next() == 3)
        held.release.signal()
        #expect(try await third.value == 30)
        #expect(gate.waitingCount == 0)
        #expect(try await gate.run { 5 } == 5)
    }

    @Test("a caller whose wait runs out gets 503 busy; the queue forgets it")
    func waitRunsOut() async throws {
        let gate = PlanningGate(width: 1, queueLength: 4, maxWait: .milliseconds(1))
        let held = HeldWork()
        var iterator = held.started.makeAsyncIterator()
        let first = Task { try await gate.run(held.work(1)) }
        #expect(await iterator.next() == 1)
        // The only place stays taken until released below, so the 1 ms budget always runs out first.
        let refused = await #expect(throws: APIError.self) { try await gate.run { 2 } }
        #expect(refused?.code == "busy")
        #expect(gate.waitingCount == 0)
        held.release.signal()
        #expect(try await first.value == 10)
        #expect(try await gate.run { 3 } == 3)
    }
}
