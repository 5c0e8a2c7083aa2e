import Foundation
import Synchronization

/// Encoded responses kept in memory, bounded by entry count and bytes and evicted oldest first.
///
/// Entries are only an optimisation: keys carry whatever makes an answer current (a club's data version, a city and
/// day), so a write on any instance makes stale entries unreachable, and each entry may also expire.
public final class ResponseCache: Sendable {
    /// A cached body and when it was stored.
    public struct Entry: Sendable {
        /// The encoded response body.
        public var data: Data
        /// When it was stored.
        public var createdAt: Date
        /// After this instant the entry is not served (nil: only evicted by size).
        public var expires: Date?
    }

    private struct Storage {
        var entries: [String: Entry] = [:]
        /// Keys in insertion order; a replaced key moves to the end.
        var order: [String] = []
        var bytes = 0
    }

    private let storage = Mutex(Storage())
    /// The most entries kept.
    public let capacity: Int
    /// The most body bytes kept.
    public let maxBytes: Int

    /// A cache of at most `capacity` entries and `maxBytes` bytes of bodies.
    public init(capacity: Int = 512, maxBytes: Int = 64 << 20) {
        self.capacity = max(1, capacity)
        self.maxBytes = maxBytes
    }

    /// The entry for `key`, unless it has expired or is older than `maxAge`.
    public func get(_ key: String, maxAge: TimeInterval? = nil, now: Date = Date()) -> Entry? {
        storage.withLock { storage in
            guard let entry = storage.entries[key] else { return nil }
            if let expires = entry.expires, expires <= now { return nil }
            if let maxAge, now.timeIntervalSince(entry.createdAt) > maxAge { return nil }
            return entry
        }
    }

    /// Stores `data` under `key` (replacing an older entry), served until `expires` when given.
    public func put(_ key: String, data: Data, expires: Date? = nil, now: Date = Date()) {
        let capacity = capacity
        let maxBytes = maxBytes
        storage.withLock { storage in
            if let old = storage.entries[key] {
                storage.bytes -= old.data.count
                storage.order.removeAll { $0 == key }
            }
            storage.entries[key] = Entry(data: data, createdAt: now, expires: expires)
            storage.order.append(key)
            storage.bytes += data.count
            var evicted = 0
            while storage.order.count - evicted > capacity || storage.bytes > maxBytes, evicted < storage.order.count {
                let oldest = storage.order[evicted]
                evicted += 1
                storage.bytes -= storage.entries.removeValue(forKey: oldest)?.data.count ?? 0
            }
            if evicted > 0 { storage.order.removeFirst(evicted) }
        }
    }

    /// How many entries are kept (for tests and metrics).
    public var count: Int { storage.withLock { $0.entries.count } }
}
