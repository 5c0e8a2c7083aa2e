import ClubWeekly
import Foundation

/// The join / sign-in page.
struct JoinModel: Equatable, Sendable {
    var header: ClubHeaderModel
    var error: String?
    var info: String?
    var memberCount: Int
    /// After signing out or deleting one's data: the page tells the service worker to drop saved pages.
    var clearOfflineCopies = false
}
