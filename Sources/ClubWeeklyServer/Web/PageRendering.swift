import ClubWeekly
import Foundation
import WebUI

/// Renders Club Weekly pages from in-memory data, without storage or HTTP: what the benchmarks measure and what
/// tools use to size pages.
public enum ClubWeeklyPages {
    /// The dashboard page (charts tab by default) for the week containing `now`, exactly as the server renders it.
    public static func dashboard(
        club: Club, members: [Member], activities: [Activity], now: Date, tab: String = "charts",
        viewerMemberID: MemberID? = nil
    ) -> String {
        let calendar = WeekCalendar(club: club)
        let week = calendar.week(offset: 0, from: now)
        let names = Dictionary(members.map { ($0.id, $0.fullName) }, uniquingKeysWith: { first, _ in first })
        let state = DashboardState().with { $0.tab = DashboardState.Tab(rawValue: tab) ?? .charts }
        let report = WeeklyStats.report(
            activities: activities, week: week, counting: club.countedSportTypes, metric: state.metric, names: names)
        let view = WeekView(club: club, report: report, offset: 0, oldestOffset: -15, members: members)
        let options = DashboardBuilder.weekOptions(club: club, oldest: -15, now: now)
        let model = DashboardBuilder.dashboard(
            .init(
                club: club, state: state, view: view, weeks: options,
                viewer: Viewer(signedIn: viewerMemberID != nil, memberID: viewerMemberID?.rawValue),
                insights: nil, renderedAt: Format.activityDate(now, timeZone: club.timeZone), hasAnyData: true))
        return DashboardView.page(model)
    }

    /// Bytes of the stylesheets and scripts a dashboard loads (shared shell and Club Weekly's own).
    public static var dashboardAssetBytes: Int {
        let shared = ["webui.css", "charts.css", "webui.js"].compactMap { WebAssets.shared.files[$0]?.data.count }
        let own = ["clubweekly.css", "clubweekly.js"].compactMap { ClubLayout.assets.files[$0]?.data.count }
        return (shared + own).reduce(0, +)
    }
}
