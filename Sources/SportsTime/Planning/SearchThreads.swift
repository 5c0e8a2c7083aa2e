import Foundation
import Synchronization

/// CPU-bound work on threads of its own. Dispatch's global queues are the threads Swift concurrency runs every async
/// task on (on Linux), so a search there (`concurrentPerform`, `global().async`) left a server's requests waiting
/// for seconds while it ran; the operating system shares the CPU between these threads and the server's fairly
/// instead.
public enum SearchThreads {
    /// Stack of every thread started here (deep recursion in the exact solver).
    static let stackSize = 8 << 20
    /// The name of every thread started here (as `top -H` and a debugger show it; Dispatch's workers, which run
    /// Swift's tasks on Linux, are named after their queue).
    public static let threadName = "SearchThreads"

    /// Marks the threads started here (a thread-specific value: unlike Foundation's thread name, it cannot read back
    /// wrong while the thread runs).
    private static let marker: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key, nil)
        return key
    }()

    /// Whether the caller runs on a thread started here.
    public static var isCurrentThread: Bool { pthread_getspecific(marker) != nil }

    /// Runs `body` on a new thread and answers its result, or throws what it threw. The work is not interrupted when
    /// the calling task is cancelled: it runs to its end and its result is returned (`body` may check a flag of its
    /// own to stop early).
    public static func run<T: Sendable, E: Error>(
        _ body: @escaping @Sendable () throws(E) -> T
    ) async throws(E) -> T {
        let result = await withCheckedContinuation { (continuation: CheckedContinuation<Result<T, E>, Never>) in
            start {
                do throws(E) {
                    continuation.resume(returning: .success(try body()))
                } catch {
                    continuation.resume(returning: .failure(error))
                }
            }
        }
        return try result.get()
    }

    /// `body(i)` for every i in `0..<count`, on up to `width` threads (default: one per core; the caller's thread is
    /// one of them), results in index order. Returns when every call has.
    public static func map<T: Sendable>(
        _ count: Int, width: Int? = nil, _ body: @escaping @Sendable (Int) -> T
    ) -> [T] {
        guard count > 1 else { return count == 1 ? [body(0)] : [] }
        let slots = Mutex([T?](repeating: nil, count: count))
        let next = Atomic<Int>(0)
        let workers = min(count, max(1, width ?? ProcessInfo.processInfo.activeProcessorCount))
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
            start {
                work()
                done.signal()
            }
        }
        work()
        for _ in 1..<workers { done.wait() }
        return slots.withLock { $0.compactMap { $0 } }
    }

    /// Starts `body` on a new thread.
    private static func start(_ body: @escaping @Sendable () -> Void) {
        let thread = Thread {
            // Named from inside: on Linux a name set before `start()` does not reach the system thread.
            Thread.current.name = threadName
            pthread_setspecific(marker, UnsafeRawPointer(bitPattern: 1))
            body()
        }
        thread.stackSize = stackSize
        thread.start()
    }
}
