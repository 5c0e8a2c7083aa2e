import ClubWeekly
import Foundation
import Hummingbird
import ServerKit

/// Who a cached page is for. Pages that do not depend on who is looking are shared by every viewer of a class; only
/// the parts that show "you" (the viewer's row in charts and table, insights through their eyes) are kept per
/// member.
enum ViewerClass: String, Sendable, CaseIterable {
    /// Not signed in (a public club's visitors).
    case anonymous
    /// Signed in with the club code, joined as a member or not.
    case member
    /// Signed in with the admin password.
    case admin
}

extension Viewer {
    /// The class whose shared pages this viewer sees (the header differs by sign-in state only).
    var viewerClass: ViewerClass { isAdmin ? .admin : signedIn ? .member : .anonymous }
}

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
        /// Changes with every write that can change the week's pages (see ``ClubWeeklyApp/pageDataVersion(_:)``).
        var dataVersion: String
        var weekStart: Date
        /// The oldest selectable week (moves when older data arrives or a new week begins).
        var oldestOffset: Int
        /// The canonical query of the whole dashboard state: tab, metric, sort, filters, insights options.
        var state: DashboardState
        /// Who is looking: the sign-in state, member and role change the header, the highlighted rows and insights.
        var viewer: Viewer
        /// The minute the page says it was rendered.
        var renderedAt: String

        /// Whether the HTML shows something only this viewer sees: their row in the charts' ranking and the table
        /// ("you", "jump to me") and insights from their point of view. Every other page (the rides tab, and every
        /// tab for a viewer who is not a member) is the same for the whole viewer class.
        static func isPersonal(_ state: DashboardState, viewer: Viewer) -> Bool {
            guard viewer.memberID != nil else { return false }
            switch state.tab {
            case .charts, .table, .insights: return true
            case .rides: return false
            }
        }

        var string: String {
            let personal = Self.isPersonal(state, viewer: viewer)
            let fields = [
                "dashboard", part.rawValue, club.rawValue, dataVersion, String(weekStart.epochMilliseconds),
                String(oldestOffset), state.query, viewer.viewerClass.rawValue,
                personal ? viewer.memberID ?? "" : "", personal ? viewer.memberName ?? "" : "", renderedAt,
            ]
            // Length-prefixed, so no value (a member id or name) can make two different keys collide.
            return fields.map { "\($0.utf8.count):\($0)" }.joined(separator: "|")
        }
    }

    /// The version of what the pages of `week` show (``WeekService/version(club:week:)``: the club's members and
    /// settings, and the activities of the week and the 12 before it, which trends and insights read), so a new
    /// activity leaves every other week's cached pages alone.
    func pageDataVersion(_ visit: Visit, week: Week) async throws -> String {
        try await weeks.version(club: visit.record, week: week)
    }

    /// The dashboard page or fragment for `state`, from the cache when nothing it shows has changed.
    func cachedDashboard(_ visit: Visit, state: DashboardState, part: DashboardPart) async throws -> Response {
        let club = visit.club
        let oldest = try await weeks.checkOffset(state.week, club: club)
        let now = weeks.now()
        let week = WeekCalendar(club: club).week(offset: state.week, from: now)
        let key = DashboardCacheKey(
            part: part, club: club.id, dataVersion: try await pageDataVersion(visit, week: week),
            weekStart: week.start, oldestOffset: oldest, state: state,
            viewer: DashboardCacheKey.isPersonal(state, viewer: visit.viewer)
                ? visit.viewer : Viewer(signedIn: visit.viewer.signedIn, isAdmin: visit.viewer.isAdmin),
            renderedAt: Format.activityDate(now, timeZone: club.timeZone)
        ).string
        if let hit = cache.get(key) {
            return HTMLResponse.page(utf8: hit.data, csp: pageCSP, headers: [.xCache: "HIT"])
        }
        let data = try await renders.run(key) { [self] in
            // A render that finished while this one was queued behind the actor.
            if let hit = cache.get(key) { return hit.data }
            let model = try await dashboardModel(visit, state: state, oldestOffset: oldest, now: now)
            let html =
                switch part {
                case .page: DashboardView.page(model, strings: strings)
                case .fragment: DashboardView.fragment(model, strings: strings)
                }
            let data = Data(html.utf8)
            cache.put(key, data: data)
            return data
        }
        return HTMLResponse.page(utf8: data, csp: pageCSP)
    }

    /// The TV board (whole page or the fragment its script swaps in): the same for every viewer, so cached per club,
    /// data version, week and (for the page) the minute it says it was rendered.
    func cachedTV(_ visit: Visit, fragment: Bool) async throws -> Response {
        let club = visit.club
        let now = weeks.now()
        let week = WeekCalendar(club: club).week(offset: 0, from: now)
        let renderedAt = Format.activityDate(now, timeZone: club.timeZone)
        let fields = [
            "tv", fragment ? "board" : "page", club.id.rawValue, String(try await pageDataVersion(visit, week: week)),
            String(week.start.epochMilliseconds), fragment ? "" : renderedAt,
        ]
        let key = fields.map { "\($0.utf8.count):\($0)" }.joined(separator: "|")
        if let hit = cache.get(key) {
            return HTMLResponse.page(utf8: hit.data, csp: pageCSP, headers: [.xCache: "HIT"])
        }
        let data = try await renders.run(key) { [self] in
            if let hit = cache.get(key) { return hit.data }
            let model = try await tvModel(visit)
            let html =
                fragment
                ? TVView.fragment(model, strings: strings)
                : TVView.page(model, renderedAt: renderedAt, strings: strings)
            let data = Data(html.utf8)
            cache.put(key, data: data)
            return data
        }
        return HTMLResponse.page(utf8: data, csp: pageCSP)
    }
}
