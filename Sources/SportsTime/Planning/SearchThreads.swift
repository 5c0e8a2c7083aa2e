import Foundation
import Synchronization

/// CPU-bound search work on threads of its own. Dispatch's global queues are the threads Swift concurrency runs every
/// async task on (on Linux), so a search there (`concurrentPerform`, `global().async`) left a server's requests
/// waiting for seconds while it ran; the operating system shares the CPU between these threads and the server's
/// fairly instead.
public enum SearchThreads {
    /// Runs `body` on a new thread and answers its result.
    public static func run<T: Sendable>(_ body: @escaping @Sendable () -> T) async -> T {
        await withCheckedContinuation { continuation in
            let thread = Thread { continuation.resume(returning: body()) }
            thread.stackSize = 8 << 20
            thread.start()
        }
    }

    /// `body(i)` for every i in `0..<count`, on up to one thread per core (the caller's included), results in index
    /// order. Returns when every call has.
    public static func map<T: Sendable>(_ count: Int, _ body: @escaping @Sendable (Int) -> T) -> [T] {
        guard count > 1 else { return count == 1 ? [body(0)] : [] }
        let slots = Mutex([T?](repeating: nil, count: count))
        let next = Atomic<Int>(0)
        let workers = min(count, max(1, ProcessInfo.processInfo.activeProcessorCount))
        // The threads may hold `work` a moment after they signal, so `body` escapes (it is not run after this returns).
        let work: @Sendable () -> Void = {
            while true {
                let index = next.add(1, ordering: .relaxed).oldValue
                guard index < count else { return }
                let value = body(index)
                slots.withLock { $0[index] = value }
            }
        }
        let done = DispatchSemaphore(value: 0)
        for _ in 1..<workers {
            let thread = Thread {
                work()
                done.signal()
            }
            thread.stackSize = 8 << 20
            thread.start()
        }
        work()
        for _ in 1..<workers { done.wait() }
        return slots.withLock { $0.compactMap { $0 } }
    }
}
