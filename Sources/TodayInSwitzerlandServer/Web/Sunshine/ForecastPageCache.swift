import Foundation
import Synchronization

/// The sunshine and snow rankings the pages show, kept for a minute per app instance, language and Swiss day (as the
/// JSON API keeps its encoded answers), so a warm page costs no decoding of the multi-place forecast. Degraded
/// rankings (last good data, nothing at all) are not kept: the next request asks the upstream cache again.
final class ForecastPageCache: Sendable {
    /// One cache for the process; entries belong to an owner (the app's upstream cache: tests run several apps).
    static let shared = ForecastPageCache()

    struct Entry: Sendable {
        var expires: Date
        var value: any Sendable
        /// Weak, so an entry of an app that is gone never answers for a new one at the same address.
        weak var owner: (any AnyObject & Sendable)?
    }

    let capacity: Int
    private let entries = Mutex<[String: Entry]>([:])

    init(capacity: Int = 64) { self.capacity = capacity }

    /// `owner`'s value under `key` while it is fresh, else `make()`'s, kept for `ttl` when `make` says it may be.
    func value<Value: Sendable>(
        _ key: String, owner: any AnyObject & Sendable, now: Date, ttl: TimeInterval = 60,
        make: () async -> (value: Value, keep: Bool)
    ) async -> Value {
        let key = "\(ObjectIdentifier(owner))|\(key)"
        if let hit = entries.withLock({ $0[key] }), hit.expires > now, hit.owner === owner,
            let value = hit.value as? Value
        {
            return value
        }
        let made = await make()
        guard made.keep else { return made.value }
        entries.withLock { entries in
            entries = entries.filter { $0.value.expires > now && $0.value.owner != nil }
            if entries.count >= capacity, let oldest = entries.min(by: { $0.value.expires < $1.value.expires }) {
                entries[oldest.key] = nil
            }
            entries[key] = Entry(expires: now.addingTimeInterval(ttl), value: made.value, owner: owner)
        }
        return made.value
    }
}
