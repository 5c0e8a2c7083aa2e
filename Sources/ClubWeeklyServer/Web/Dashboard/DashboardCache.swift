import ClubWeekly
import Foundation
import Hummingbird
import ServerKit

/// Rendered dashboards are cached like the week's JSON (see ``ResponseCache``): keyed by everything that changes the
/// HTML, so a write (which bumps the club's data version) makes old pages unreachable and no viewer is ever served
/// a page personalised for someone else.
extension ClubWeeklyApp {
    /// Which HTML of the dashboard a request wants.
    enum DashboardPart: String, Sendable {
        /// The whole page.
        case page
        /// What a script swaps into `#dashboard`.
        case fragment
    }

    /// What a rendered dashboard depends on. Two requests with equal keys get byte-identical HTML.
    struct DashboardCacheKey: Equatable, Sendable {
        var part: DashboardPart
        var club: ClubID
        /// Bumped by every write to the club's members, activities or settings.
        var dataVersion: Int64
        var weekStart: Date
        /// The oldest selectable week (moves when older data arrives or a new week begins).
        var oldestOffset: Int
        /// The canonical query of the whole dashboard state: tab, metric, sort, filters, insights options.
        var state: DashboardState
        /// Who is looking: the sign-in state, member and role change the header, the highlighted rows and insights.
        var viewer: Viewer
        /// The minute the page says it was rendered.
        var renderedAt: String

        var string: String {
            let fields = [
                "dashboard", part.rawValue, club.rawValue, String(dataVersion), String(weekStart.epochMilliseconds),
                String(oldestOffset), state.query, viewer.signedIn ? "in" : "out", viewer.memberID ?? "",
                viewer.memberName ?? "", viewer.isAdmin ? "admin" : "", renderedAt,
            ]
            // Length-prefixed, so no value (a member id or name) can make two different keys collide.
            return fields.map { "\($0.utf8.count):\($0)" }.joined(separator: "|")
        }
    }

    /// The dashboard page or fragment for `state`, from the cache when nothing it shows has changed.
    func cachedDashboard(_ visit: Visit, state: DashboardState, part: DashboardPart) async throws -> Response {
        let club = visit.club
        let oldest = try await weeks.checkOffset(state.week, club: club)
        let now = weeks.now()
        let key = DashboardCacheKey(
            part: part, club: club.id, dataVersion: visit.record.dataVersion,
            weekStart: WeekCalendar(club: club).week(offset: state.week, from: now).start, oldestOffset: oldest,
            state: state, viewer: visit.viewer, renderedAt: Format.activityDate(now, timeZone: club.timeZone)
        ).string
        if let hit = cache.get(key) {
            return HTMLResponse.page(utf8: hit.data, csp: pageCSP, headers: [.xCache: "HIT"])
        }
        let model = try await dashboardModel(visit, state: state, oldestOffset: oldest, now: now)
        let html =
            switch part {
            case .page: DashboardView.page(model, strings: strings)
            case .fragment: DashboardView.fragment(model, strings: strings)
            }
        cache.put(key, data: Data(html.utf8))
        return HTMLResponse.page(html, csp: pageCSP)
    }
}
