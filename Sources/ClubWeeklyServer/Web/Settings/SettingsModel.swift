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
    /// A background import still running: its progress, which the page refreshes.
    var importProgress: ImportProgress?

    /// What the page shows of an import that has not finished.
    struct ImportProgress: Equatable, Sendable {
        var id: String
        /// Queued and not started yet.
        var waiting: Bool
        var rowsDone: Int
        var rowsTotal: Int
        /// The JSON status the page's script polls.
        var statusURL: String
        /// This page with the import's report, loaded once it finishes.
        var pageURL: String

        init(_ record: ImportRecord, slug: String) {
            id = record.id
            waiting = record.state == .queued || record.state == .receiving
            rowsDone = record.rowsDone
            rowsTotal = record.rowsTotal
            statusURL = ClubWeeklyURL.importStatus(slug, id: record.id).path
            pageURL = ClubWeeklyURL.importResult(slug, id: record.id).path
        }
    }

    init(
        header: ClubHeaderModel, member: MemberInfo?, notice: (text: String, kind: String)?, stravaAvailable: Bool,
        importReport: ImportReport?, importProgress: ImportProgress? = nil
    ) {
        self.header = header
        self.member = member
        self.notice = notice
        self.stravaAvailable = stravaAvailable
        self.importReport = importReport
        self.importProgress = importProgress
    }

    static func == (a: Self, b: Self) -> Bool {
        a.header == b.header && a.member == b.member && a.notice?.text == b.notice?.text
            && a.stravaAvailable == b.stravaAvailable && a.importReport == b.importReport
            && a.importProgress == b.importProgress
    }
}
