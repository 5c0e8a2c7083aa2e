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

    @Test("an operation past its deadline gives nil at once and goes on unobserved")
    func late() async {
        let started = ContinuousClock.now
        let answer = await withinDeadline(0.05) { () async -> Int in
            try? await Task.sleep(for: .seconds(30))
            return 1
        }
        #expect(answer == nil)
        #expect(ContinuousClock.now - started < .seconds(29), "the caller did not wait for the operation")
    }
}
