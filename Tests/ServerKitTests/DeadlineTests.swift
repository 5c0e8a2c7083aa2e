import Foundation
import ServerKit
import Testing

@Suite("withinDeadline")
struct DeadlineTests {
    @Test("an operation that answers in time is never reported late, however many run at once")
    func answeredInTime() async {
        // The timer used to answer nil when its cancellation woke it before the operation's own answer got through:
        // on a loaded machine a finished glance then read as "did not answer in time". Thousands at once give that
        // interleaving every chance.
        let late = await withTaskGroup(of: Int?.self) { group in
            for index in 0..<4_000 {
                group.addTask { await withinDeadline(60) { index } }
            }
            var late = 0
            for await answer in group where answer == nil { late += 1 }
            return late
        }
        #expect(late == 0)
    }

    @Test("an operation past its deadline gives nil and goes on unobserved")
    func late() async {
        // The operation cannot finish before the test opens its gate, so an answer at all proves the caller did not
        // wait for it (no wall-clock bound: a loaded machine only makes the 50 ms deadline late, never wrong).
        let (gate, open) = AsyncStream<Void>.makeStream()
        let finished = Flag()
        let answer = await withinDeadline(0.05) { () async -> Int in
            for await _ in gate {}
            await finished.set()
            return 1
        }
        #expect(answer == nil)
        #expect(await !finished.value, "answered while the operation was still running")
        open.finish()
        for _ in 0..<100_000 where await !finished.value { await Task.yield() }
        #expect(await finished.value, "the operation went on to the end on its own")
    }
}

/// Set once by the operation when it ends.
private actor Flag {
    private(set) var value = false
    func set() { value = true }
}
