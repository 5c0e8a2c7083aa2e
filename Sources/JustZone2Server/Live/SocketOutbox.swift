import Foundation
import JustZone2

/// What one socket is to send, read by the socket's single writer task: frames in order (operations, welcome, ping,
/// bye, errors), plus one slot for the latest `state`, so a slow or hidden tab never piles up stale states (latest
/// wins) and never holds up the ride. Ordered frames go first. Bounded: past ``limit`` waiting frames the socket is
/// too slow and is closed.
actor SocketOutbox {
    /// Ordered frames that may wait before the socket counts as stuck.
    static let limit = 256

    private var queue: [String] = []
    private var state: String?
    private var waiter: CheckedContinuation<String?, Never>?
    private(set) var isClosed = false
    /// Frames sent and states replaced before they were sent.
    private(set) var sent = 0
    private(set) var replaced = 0

    /// Queues `frame` in order; false when the outbox is closed or full (the socket is then closed).
    @discardableResult
    func send(_ frame: BridgeFrame) -> Bool {
        guard !isClosed else { return false }
        guard queue.count < Self.limit else {
            close()
            return false
        }
        deliver(frame.json(), ordered: true)
        return true
    }

    /// Puts `frame` in the state slot, replacing one not yet sent.
    func offer(_ frame: BridgeFrame) {
        guard !isClosed else { return }
        deliver(frame.json(), ordered: false)
    }

    /// The next text to write; nil once closed.
    func next() async -> String? {
        if let text = take() { return text }
        guard !isClosed else { return nil }
        return await withCheckedContinuation { waiter = $0 }
    }

    /// No more frames: the writer ends.
    func close() {
        isClosed = true
        queue = []
        state = nil
        waiter?.resume(returning: nil)
        waiter = nil
    }

    private func deliver(_ text: String, ordered: Bool) {
        if let waiter {
            self.waiter = nil
            sent += 1
            waiter.resume(returning: text)
            return
        }
        if ordered {
            queue.append(text)
        } else {
            if state != nil { replaced += 1 }
            state = text
        }
    }

    private func take() -> String? {
        if !queue.isEmpty {
            sent += 1
            return queue.removeFirst()
        }
        if let state {
            self.state = nil
            sent += 1
            return state
        }
        return nil
    }
}
