import ClubWeekly
import Foundation
import ServerKit

/// What the dashboard shows: the week, the tab and each tab's options. Parsed from and written to the query
/// string, so every view has a URL that works without JavaScript.
struct DashboardState: Equatable, Sendable {
    enum Tab: String, CaseIterable, Sendable { case charts, table, rides, insights }
    enum InsightsMode: String, CaseIterable, Sendable { case me, top3, lowest }
    enum SortKey: String, CaseIterable, Sendable { case name, distance, rides, elevation, speed, time, trend }
    enum RideOrder: String, CaseIterable, Sendable { case newest, oldest }

    /// The most ride cards one page shows.
    static let maximumShown = 10_000

    /// Metrics the charts tab offers.
    static let chartMetrics: [Metric] = [.distance, .rides, .speed, .elevation]

    var week = 0
    var tab = Tab.charts
    var metric = Metric.distance
    var sort = SortKey.distance
    var ascending = false
    var member: String?
    var order = RideOrder.newest
    /// Ride cards shown (pages of ``DashboardBuilder/ridesPerPage``).
    var show = 50
    var mode = InsightsMode.me
    /// Whose "My stats" and "vs Top 3" to show (defaults to the signed-in member).
    var perspective: String?
    /// The rider analysed in "Lowest week & why" (defaults to the week's lowest).
    var rider: String?
    /// The table's page (1 is the first; pages of ``DashboardBuilder/tableRowsPerPage`` riders).
    var page = 1
    /// The table's name search (case- and accent-insensitive), trimmed; nil for every rider.
    var search: String?

    /// The highest table page a URL may ask for.
    static let maximumPage = 100_000
    /// The longest name search accepted.
    static let maximumSearchLength = 80

    /// Parses query parameters; unknown values are errors that name the valid ones.
    static func parse(_ query: [String: String]) throws(WebInputError) -> DashboardState {
        var state = DashboardState()
        if let text = query["week"], !text.isEmpty {
            guard let week = Int(text), week <= 0, week >= -WeekCalendar.maximumOffset else {
                throw WebInputError("week must be 0 (this week) or a negative number of weeks back, not '\(text)'.")
            }
            state.week = week
        }
        state.tab = try value(query, "tab", default: .charts)
        if let text = query["metric"], !text.isEmpty {
            guard let metric = Metric(rawValue: text), chartMetrics.contains(metric) else {
                throw WebInputError(
                    "Unknown metric '\(text)': use \(chartMetrics.map(\.rawValue).joined(separator: ", ")).")
            }
            state.metric = metric
        }
        state.sort = try value(query, "sort", default: .distance)
        if let dir = query["dir"], !dir.isEmpty {
            guard dir == "asc" || dir == "desc" else { throw WebInputError("dir must be asc or desc, not '\(dir)'.") }
            state.ascending = dir == "asc"
        } else {
            state.ascending = state.sort == .name
        }
        state.member = nonEmpty(query["member"])
        state.order = try value(query, "order", default: .newest)
        if let text = query["show"], !text.isEmpty {
            guard let show = Int(text), (1...maximumShown).contains(show) else {
                throw WebInputError("show must be a number of rides from 1 to 10000, not '\(text)'.")
            }
            state.show = show
        }
        state.mode = try value(query, "mode", default: .me)
        state.perspective = nonEmpty(query["as"])
        state.rider = nonEmpty(query["rider"])
        if let text = query["page"], !text.isEmpty {
            guard let page = Int(text), (1...maximumPage).contains(page) else {
                throw WebInputError("page must be a number from 1, not '\(text.prefix(20))'.")
            }
            state.page = page
        }
        if let text = query["q"] {
            let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
            guard trimmed.count <= maximumSearchLength else {
                throw WebInputError("Search for at most \(maximumSearchLength) characters of a name.")
            }
            state.search = trimmed.isEmpty ? nil : trimmed
        }
        return state
    }

    private static func nonEmpty(_ text: String?) -> String? {
        guard let text, !text.isEmpty, text.count <= 100 else { return nil }
        return text
    }

    private static func value<T: RawRepresentable & CaseIterable>(
        _ query: [String: String], _ name: String, default fallback: T
    ) throws(WebInputError) -> T where T.RawValue == String {
        guard let text = query[name], !text.isEmpty else { return fallback }
        guard let parsed = T(rawValue: text) else {
            throw WebInputError(
                "Unknown \(name) '\(text)': use \(T.allCases.map(\.rawValue).joined(separator: ", ")).")
        }
        return parsed
    }

    /// The query string of this state, with defaults left out (`""` for the default view).
    var query: String {
        var items: [(String, String)] = []
        if week != 0 { items.append(("week", String(week))) }
        if tab != .charts { items.append(("tab", tab.rawValue)) }
        if metric != .distance { items.append(("metric", metric.rawValue)) }
        let defaultAscending = sort == .name
        if sort != .distance || ascending != defaultAscending {
            items.append(("sort", sort.rawValue))
            items.append(("dir", ascending ? "asc" : "desc"))
        }
        if let member { items.append(("member", member)) }
        if order != .newest { items.append(("order", order.rawValue)) }
        if show != 50 { items.append(("show", String(show))) }
        if mode != .me { items.append(("mode", mode.rawValue)) }
        if let perspective { items.append(("as", perspective)) }
        if let rider { items.append(("rider", rider)) }
        if let search { items.append(("q", search)) }
        if page != 1 { items.append(("page", String(page))) }
        return RoutePath.query(items)
    }

    /// A copy with changes applied.
    func with(_ change: (inout DashboardState) -> Void) -> DashboardState {
        var copy = self
        change(&copy)
        return copy
    }
}

/// Bad input in a page URL or form, with the message shown to the user.
struct WebInputError: Error, Equatable {
    var message: String
    init(_ message: String) { self.message = message }
}

/// Every URL of Club Weekly's web app, so routes and links cannot drift apart.
enum ClubWeeklyURL: Equatable {
    case dashboard(String, DashboardState = .init())
    case fragment(String, DashboardState)
    case join(String)
    case signOut(String)
    case settings(String)
    case settingsAction(String, SettingsAction)
    /// The settings page showing one import's progress or report.
    case importResult(String, id: String)
    /// The JSON status of one import (the settings page's script polls it).
    case importStatus(String, id: String)
    case admin(String)
    case adminAction(String, AdminAction)
    case removeMember(String, member: String)
    case tv(String)
    case tvFragment(String)
    case tvVersion(String)
    case manifest(String)
    case stravaConnect(String)
    case stravaCallback

    enum SettingsAction: String, CaseIterable { case name, disconnect, delete, `import` }
    enum AdminAction: String, CaseIterable { case signin, settings, code }

    /// Path and query, filled into the pattern of the route that serves it.
    var path: String {
        switch self {
        case .dashboard(let slug, let state): ClubWeeklyRoute.dashboard.path(["slug": slug], query: state.query)
        case .fragment(let slug, let state):
            ClubWeeklyRoute.fragment.path(
                ["slug": slug, "tab": state.tab.rawValue], query: state.with { $0.tab = .charts }.query)
        case .join(let slug): ClubWeeklyRoute.join.path(["slug": slug])
        case .signOut(let slug): ClubWeeklyRoute.signOut.path(["slug": slug])
        case .settings(let slug): ClubWeeklyRoute.settings.path(["slug": slug])
        case .settingsAction(let slug, let action):
            ClubWeeklyRoute.settingsAction.path(["slug": slug, "action": action.rawValue])
        case .importResult(let slug, let id):
            ClubWeeklyRoute.settings.path(["slug": slug], query: RoutePath.query([("import", id)]))
        case .importStatus(let slug, let id): ClubWeeklyRoute.apiImportStatus.path(["slug": slug, "import": id])
        case .admin(let slug): ClubWeeklyRoute.admin.path(["slug": slug])
        case .adminAction(let slug, let action):
            ClubWeeklyRoute.adminAction.path(["slug": slug, "action": action.rawValue])
        case .removeMember(let slug, let member): ClubWeeklyRoute.removeMember.path(["slug": slug, "member": member])
        case .tv(let slug): ClubWeeklyRoute.tv.path(["slug": slug])
        case .tvFragment(let slug): ClubWeeklyRoute.tvBoard.path(["slug": slug])
        case .tvVersion(let slug): ClubWeeklyRoute.tvVersion.path(["slug": slug])
        case .manifest(let slug): ClubWeeklyRoute.manifest.path(["slug": slug])
        case .stravaConnect(let slug): ClubWeeklyRoute.stravaConnect.path(["slug": slug])
        case .stravaCallback: ClubWeeklyRoute.stravaCallback.path()
        }
    }
}
