import ClubWeekly
import Foundation
import WebUI

/// Renders Club Weekly pages from in-memory data, without storage or HTTP: what the benchmarks measure and what
/// tools use to size pages. It runs the server's own pipeline
/// (``DashboardBuilder/dashboard(_:state:viewer:now:strings:)`` then ``DashboardView``) on data given here instead of
/// read from storage.
public enum ClubWeeklyPages {
    /// The dashboard page (charts tab by default) for the week containing `now`, exactly as the server renders it
    /// for a club with 16 weeks of history.
    public static func dashboard(
        club: Club, members: [Member], activities: [Activity], now: Date, tab: String = "charts",
        viewerMemberID: MemberID? = nil
    ) -> String {
        let calendar = WeekCalendar(club: club)
        let state = DashboardState().with { $0.tab = DashboardState.Tab(rawValue: tab) ?? .charts }
        let data = WeekData(
            club: club, offset: 0, oldestOffset: -15, week: calendar.week(offset: 0, from: now),
            history: state.tab == .insights
                ? calendar.weeks(offset: (1 - WeekService.defaultHistoryWeeks)...0, from: now) : [], members: members,
            activities: activities, hasAnyData: true)
        let viewer = Viewer(signedIn: viewerMemberID != nil, memberID: viewerMemberID?.rawValue)
        return DashboardView.page(DashboardBuilder.dashboard(data, state: state, viewer: viewer, now: now))
    }

    /// Bytes of the stylesheets and scripts a dashboard loads (shared shell and Club Weekly's own).
    public static var dashboardAssetBytes: Int {
        let shared = ["webui.css", "charts.css", "webui.js"].compactMap { WebAssets.shared.files[$0]?.data.count }
        let own = ["clubweekly.css", "clubweekly.js"].compactMap { ClubLayout.assets.files[$0]?.data.count }
        return (shared + own).reduce(0, +)
    }
}
