import HTTPTypes
import NIOCore
import ServerKit
import SportsTime
import Synchronization

/// Runs planning work — pure CPU, up to a few hundred milliseconds — on threads of its own (``SearchThreads``), not
/// on Swift's cooperative pool nor Dispatch's global queues (on Linux the same threads), so requests and health
/// checks keep flowing, at most `width` at a time per instance.
///
/// A burst is served rather than refused: up to `queueLength` more callers wait, first come first served, for at
/// most `maxWait` each. Only a caller that finds the queue full, or whose wait runs out, gets 503 with `Retry-After`.
final class PlanningGate: Sendable {
    /// Plans running at once.
    let width: Int
    /// Callers that may wait for a place.
    let queueLength: Int
    /// How long one caller waits for a place before it is told to come back.
    let maxWait: Duration

    private struct Waiter {
        var id: UInt64
        var continuation: CheckedContinuation<Bool, Never>
        /// Ends the wait when the budget runs out; cancelled when the waiter gets a place first.
        var timer: Task<Void, Never>?
    }

    private struct State {
        var running = 0
        var waiting: [Waiter] = []
        var nextID: UInt64 = 0
    }

    private let state = Mutex(State())

    init(width: Int = max(1, System.coreCount), queueLength: Int? = nil, maxWait: Duration = .seconds(5)) {
        self.width = max(1, width)
        self.queueLength = max(0, queueLength ?? 32 * self.width)
        self.maxWait = maxWait
    }

    /// Runs `work` on a thread of its own once a place is free; throws 503 `busy` when none frees in time.
    func run<T: Sendable>(_ work: @escaping @Sendable () -> T) async throws -> T {
        try await admit()
        defer { release() }
        return await SearchThreads.run(work)
    }

    /// Takes a place now, or queues for one; throws 503 when the queue is full or the wait runs out.
    private func admit() async throws {
        enum Decision { case run, queue(UInt64), refuse }
        let decision = state.withLock { state -> Decision in
            if state.running < width {
                state.running += 1
                return .run
            }
            guard state.waiting.count < queueLength else { return .refuse }
            state.nextID += 1
            return .queue(state.nextID)
        }
        switch decision {
        case .run: return
        case .refuse: throw Self.busy
        case .queue(let id):
            let admitted = await withTaskCancellationHandler {
                await withCheckedContinuation { continuation in
                    let stillRunning = state.withLock { state -> Bool in
                        // A place may have freed between deciding and getting here.
                        if state.running < width {
                            state.running += 1
                            return false
                        }
                        state.waiting.append(Waiter(id: id, continuation: continuation))
                        return true
                    }
                    guard stillRunning else { return continuation.resume(returning: true) }
                    let wait = maxWait
                    let timer = Task { [weak self] in
                        // Cancelled (admitted first): nothing to give up.
                        guard (try? await Task.sleep(for: wait)) != nil else { return }
                        self?.giveUp(id)
                    }
                    state.withLock { state in
                        if let index = state.waiting.firstIndex(where: { $0.id == id }) {
                            state.waiting[index].timer = timer
                        } else {
                            timer.cancel()
                        }
                    }
                }
            } onCancel: {
                giveUp(id)
            }
            guard admitted else { throw Self.busy }
        }
    }

    /// Hands the place to the longest waiter, or frees it.
    private func release() {
        let next = state.withLock { state -> Waiter? in
            guard !state.waiting.isEmpty else {
                state.running -= 1
                return nil
            }
            return state.waiting.removeFirst()
        }
        next?.timer?.cancel()
        next?.continuation.resume(returning: true)
    }

    /// A waiter whose time ran out (or whose request was cancelled) leaves the queue without a place.
    private func giveUp(_ id: UInt64) {
        let waiter = state.withLock { state -> Waiter? in
            guard let index = state.waiting.firstIndex(where: { $0.id == id }) else { return nil }
            return state.waiting.remove(at: index)
        }
        waiter?.continuation.resume(returning: false)
    }

    /// How many callers wait now (for tests and metrics).
    var waitingCount: Int { state.withLock { $0.waiting.count } }

    static var busy: APIError {
        APIError(
            .serviceUnavailable, code: "busy", message: "The planner is busy; try again in a few seconds.",
            headers: [.retryAfter: "2"])
    }
}
