import Dispatch
import HTTPTypes
import ServerKit
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

    @Test("runs up to its width at once; one more is refused with 503 busy and Retry-After; freed places admit again")
    func limitAndBusy() async throws {
        let gate = PlanningGate(width: 2)
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

    @Test("a gate of width one runs plans one after another and returns each result")
    func sequential() async throws {
        let gate = PlanningGate(width: 1)
        for n in 1...5 {
            #expect(try await gate.run { n * n } == n * n)
        }
        #expect(PlanningGate().width >= 1, "the default width is the core count, at least one")
    }
}
