import ClubWeekly
import Foundation

/// The signed-in member's settings page.
struct SettingsModel: Equatable, Sendable {
    struct MemberInfo: Equatable, Sendable {
        var name: String
        var stravaConnected: Bool
        var lastSync: String?
        var lastError: String?
        var activities: Int
    }
    var header: ClubHeaderModel
    var member: MemberInfo?
    var notice: (text: String, kind: String)?
    var stravaAvailable: Bool
    var importReport: ImportReport?

    static func == (a: Self, b: Self) -> Bool {
        a.header == b.header && a.member == b.member && a.notice?.text == b.notice?.text
            && a.stravaAvailable == b.stravaAvailable && a.importReport == b.importReport
    }
}
