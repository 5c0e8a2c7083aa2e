import Foundation

/// Encoded responses of read-heavy endpoints (week view, worker feed), keyed by the club's data version, so a
/// leaderboard refreshed by a whole club costs one computation per change. Entries are only an optimisation: every
/// instance checks the version in the database, so a write on any instance makes stale entries unreachable.
actor ResponseCache {
    struct Entry: Sendable {
        var data: Data
        var createdAt: Date
    }

    private var entries: [String: Entry] = [:]
    private var order: [String] = []
    let capacity: Int
    let maxBytes: Int
    private var bytes = 0

    init(capacity: Int = 512, maxBytes: Int = 64 << 20) {
        self.capacity = capacity
        self.maxBytes = maxBytes
    }

    /// The entry for `key`, unless it is older than `maxAge`.
    func get(_ key: String, maxAge: TimeInterval? = nil, now: Date = Date()) -> Entry? {
        guard let entry = entries[key] else { return nil }
        if let maxAge, now.timeIntervalSince(entry.createdAt) > maxAge { return nil }
        return entry
    }

    func put(_ key: String, data: Data, now: Date = Date()) {
        if let old = entries[key] {
            bytes -= old.data.count
            order.removeAll { $0 == key }
        }
        entries[key] = Entry(data: data, createdAt: now)
        order.append(key)
        bytes += data.count
        while order.count > capacity || bytes > maxBytes, let oldest = order.first {
            order.removeFirst()
            bytes -= entries.removeValue(forKey: oldest)?.data.count ?? 0
        }
    }
}
