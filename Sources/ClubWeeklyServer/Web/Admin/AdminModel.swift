import ClubWeekly
import Foundation

/// The admin page: sign-in form, or the club's settings.
struct AdminModel: Equatable, Sendable {
    struct MemberRow: Equatable, Sendable {
        var id: String
        var name: String
        var source: String
        var status: String
        var activities: Int
        var hasError: Bool
    }
    var header: ClubHeaderModel
    var signedIn: Bool
    var error: String?
    var notice: String?
    var clubName = ""
    var colours: [String] = []
    var timeZone = ""
    var timeZones: [String] = []
    var weekStart = ""
    var sportTypes: [(id: String, label: String, checked: Bool)] = []
    var feedPublic = false
    var code = ""
    var members: [MemberRow] = []

    static func == (a: Self, b: Self) -> Bool {
        a.header == b.header && a.signedIn == b.signedIn && a.error == b.error && a.notice == b.notice
            && a.clubName == b.clubName && a.colours == b.colours && a.timeZone == b.timeZone
            && a.weekStart == b.weekStart
            && a.sportTypes.map { "\($0.id)\($0.checked)" } == b.sportTypes.map { "\($0.id)\($0.checked)" }
            && a.feedPublic == b.feedPublic && a.code == b.code && a.members == b.members
    }
}
