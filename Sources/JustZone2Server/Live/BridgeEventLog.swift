import Foundation
import Synchronization

/// What happened on each rider's bridge lately, for the settings page's diagnostics: tabs joining and leaving the
/// radio, devices connecting and dropping, rides starting and ending. In memory only (this server since it started),
/// the last ``perRider`` events of each rider.
final class BridgeEventLog: Sendable {
    /// One event: when, and what in words.
    struct Entry: Sendable, Equatable {
        var at: Date
        var text: String
    }

    /// Events kept per rider.
    static let perRider = 50
    /// Riders kept; the one heard from longest ago is dropped first.
    static let riders = 5_000

    private struct Storage {
        var entries: [String: [Entry]] = [:]
        /// Riders in the order they were last heard from, oldest first.
        var order: [String] = []
    }

    private let storage = Mutex(Storage())

    /// Notes `text` for `rider` (at most 200 characters are kept).
    func record(rider: String, _ text: String, at: Date = Date()) {
        let entry = Entry(at: at, text: String(text.prefix(200)))
        storage.withLock { storage in
            var list = storage.entries[rider] ?? []
            list.append(entry)
            if list.count > Self.perRider { list.removeFirst(list.count - Self.perRider) }
            if storage.entries[rider] != nil { storage.order.removeAll { $0 == rider } }
            storage.entries[rider] = list
            storage.order.append(rider)
            if storage.order.count > Self.riders { storage.entries[storage.order.removeFirst()] = nil }
        }
    }

    /// `rider`'s events, newest first.
    func entries(rider: String) -> [Entry] {
        storage.withLock { Array(($0.entries[rider] ?? []).reversed()) }
    }
}
