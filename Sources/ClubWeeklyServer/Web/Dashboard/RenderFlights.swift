import Foundation

/// Concurrent requests for the same page that is not cached yet share one render: the first starts it, the others
/// wait for its answer. Without this a page's key changing (a new minute, a write) under load sent every waiting
/// connection into the same 200 ms render at once, and a 2-core server answered the last of them seconds later.
actor RenderFlights {
    private var running: [String: Task<Data, any Error>] = [:]
    private var joined: [String: Int] = [:]

    /// The answer of `work` for `key`, computed once however many callers ask while it runs.
    func run(_ key: String, _ work: @escaping @Sendable () async throws -> Data) async throws -> Data {
        if let task = running[key] {
            joined[key, default: 0] += 1
            return try await task.value
        }
        let task = Task { try await work() }
        running[key] = task
        defer {
            running[key] = nil
            joined[key] = nil
        }
        return try await task.value
    }

    /// How many callers are waiting on the render of `key` that another started (for tests).
    func waiting(_ key: String) -> Int { joined[key] ?? 0 }
}
