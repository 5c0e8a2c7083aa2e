import ClubWeekly
import Foundation
import Synchronization

/// What one member's insights read of the whole club, kept in memory per (club, week, ``WeekService/version(club:week:)``):
/// the members (names) and every member's stats of the week and the week before. Asking for another member's insights
/// of the same week then reads only two riders' 12 weeks. Entries are exact while their version is current, so
/// several instances can each keep their own.
final class WeekStatsCache: Sendable {
    struct Entry: Sendable {
        var members: [Member]
        var current: [MemberID: MemberWeekStats]
        var previous: [MemberID: MemberWeekStats]
        /// The week's activities, once a member without a ride asked (the first-ride tip quotes a typical ride).
        var activities: [Activity]?
    }

    /// Entries kept (about 2 MB each at 5,000 members); all are dropped when full.
    let capacity: Int
    private let entries = Mutex<[String: Entry]>([:])

    init(capacity: Int = 16) { self.capacity = capacity }

    func get(_ key: String) -> Entry? { entries.withLock { $0[key] } }

    func put(_ key: String, _ entry: Entry) {
        entries.withLock { entries in
            if entries.count >= capacity { entries.removeAll() }
            entries[key] = entry
        }
    }
}
