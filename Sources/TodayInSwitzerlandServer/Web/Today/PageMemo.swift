import Foundation
import Synchronization

/// The briefing and sunshine answers the Today and widget pages are built from, kept for a minute per city and
/// language like the JSON API's whole answers: a warm page then costs a render, not a digest of every feed and a
/// ranking of 29 forecasts. Only answers whose every part is fresh are kept (stale or missing parts are asked for
/// again on the next request, so the page recovers as soon as the upstream does).
final class PageMemo: Sendable {
    private struct Entry: @unchecked Sendable {
        // `value` is always one of the Sendable response types stored by `value(_:…)`.
        var expires: Date
        var value: any Sendable
    }

    private let entries = Mutex<[String: Entry]>([:])
    /// How long an answer is kept.
    static let lifetime: TimeInterval = 60

    /// The answer under `key`, else `make()`'s, kept when `keep` says it is complete and fresh.
    func value<T: Sendable>(
        _ key: String, now: Date, keep: (T) -> Bool, make: () async -> T
    ) async -> T {
        if let hit = entries.withLock({ $0[key] }), hit.expires > now, let value = hit.value as? T { return value }
        let value = await make()
        if keep(value) {
            entries.withLock { entries in
                if entries.count > 200 { entries = entries.filter { $0.value.expires > now } }
                entries[key] = Entry(expires: now.addingTimeInterval(Self.lifetime), value: value)
            }
        }
        return value
    }

    /// Whether every upstream part of an answer is fresh.
    static func allFresh(_ sources: [String: SourceState]) -> Bool {
        !sources.isEmpty && sources.values.allSatisfy { $0.state == "fresh" }
    }
}
