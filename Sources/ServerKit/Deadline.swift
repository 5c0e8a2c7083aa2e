import Foundation
import Synchronization

/// The result of `operation` if it finishes within `seconds`, else nil at once; the operation then goes on
/// unobserved (it must be safe to finish on its own: a cached fetch, a read-only query). For glances and upstream
/// waits a user should never sit through.
public func withinDeadline<Value: Sendable>(
    _ seconds: TimeInterval, _ operation: @escaping @Sendable () async -> Value
) async -> Value? {
    let race = FirstAnswer<Value?>()
    return await withCheckedContinuation { continuation in
        race.set(continuation)
        let timer = Task {
            // Cancelled means the operation answered: a cancelled timer must not answer "too late" (it used to,
            // when it woke before the operation's own resume under load, and a finished glance read as late).
            guard (try? await Task.sleep(for: .milliseconds(Int64(max(0, seconds) * 1000)))) != nil else { return }
            race.resume(nil)
        }
        Task {
            let value = await operation()
            race.resume(value)
            timer.cancel()
        }
    }
}

/// A continuation resumed by whichever answer comes first (a fetch or a timer); later answers are dropped.
private final class FirstAnswer<Value: Sendable>: Sendable {
    private enum State {
        case waiting(CheckedContinuation<Value, Never>?)
        case answered(Value)
        case finished
    }
    private let state = Mutex<State>(.waiting(nil))

    func set(_ continuation: CheckedContinuation<Value, Never>) {
        let early: Value? = state.withLock { state in
            switch state {
            case .answered(let value):
                state = .finished
                return value
            default:
                state = .waiting(continuation)
                return nil
            }
        }
        if let early { continuation.resume(returning: early) }
    }

    func resume(_ value: Value) {
        let waiting: CheckedContinuation<Value, Never>? = state.withLock { state in
            switch state {
            case .waiting(let continuation?):
                state = .finished
                return continuation
            case .waiting(nil):
                state = .answered(value)
                return nil
            case .answered, .finished:
                return nil
            }
        }
        waiting?.resume(returning: value)
    }
}
