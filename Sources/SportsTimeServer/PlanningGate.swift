import Dispatch
import HTTPTypes
import NIOCore
import ServerKit
import Synchronization

/// Runs planning work — pure CPU, up to a few hundred milliseconds — on a dispatch queue instead of Swift's
/// cooperative pool (so requests and health checks keep flowing), at most `width` at a time per instance; when
/// full, callers get 503 with `Retry-After` instead of queueing without bound.
final class PlanningGate: Sendable {
    let width: Int
    private let running = Mutex(0)

    init(width: Int = max(1, System.coreCount)) { self.width = width }

    func run<T: Sendable>(_ work: @escaping @Sendable () -> T) async throws -> T {
        let admitted = running.withLock { count in
            guard count < width else { return false }
            count += 1
            return true
        }
        guard admitted else {
            throw APIError(
                .serviceUnavailable, code: "busy", message: "The planner is busy; try again in a few seconds.",
                headers: [.retryAfter: "2"])
        }
        defer { running.withLock { $0 -= 1 } }
        return await withCheckedContinuation { continuation in
            DispatchQueue.global(qos: .userInitiated).async { continuation.resume(returning: work()) }
        }
    }
}
