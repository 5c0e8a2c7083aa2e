import HTTPTypes
import ServerKit

/// Every route of Club Weekly: the router registers these (``ClubWeeklyApp/addRoutes(to:)``) and every link is built
/// from them (``ClubWeeklyURL``), so routes and links cannot drift apart.
public enum ClubWeeklyRoute: String, AppRoute {
    // Pages (server-rendered HTML, forms that work without JavaScript)
    case dashboard, fragment, join, joinSubmit, signOut, settings, settingsAction, stravaConnect
    case admin, adminAction, removeMember, tv, tvBoard, tvVersion, manifest, assets
    // JSON API under /api/clubs/{slug}
    case apiOpenAPI, apiSignIn, apiAdminSignIn, apiSignOut, apiSettings, apiWeek, apiMembers, apiInsights, apiSync
    case apiMe, apiJoin, apiLeave, apiImport, apiImportStatus, apiDisconnect, apiStravaConnect, apiRotateCode
    case apiRemoveMember
    /// Any other path under /api: a 404 in the API's error shape.
    case apiUnknown
    // Strava OAuth and webhooks
    case stravaCallback, stravaWebhookVerification, stravaWebhookEvent
    // The original worker's routes: the default club's (`legacy…`) and each club's
    case legacyClubData, legacyExchange, legacyRefresh, legacyEnrol, legacyLeave
    case clubData, exchange, refresh, enrol, leave

    /// The methods the route answers.
    public var methods: [HTTPRequest.Method] {
        switch self {
        case .joinSubmit, .signOut, .settingsAction, .adminAction, .removeMember: [.post]
        case .apiSignIn, .apiAdminSignIn, .apiJoin, .apiImport, .apiDisconnect, .apiRotateCode: [.post]
        case .apiSignOut, .apiLeave, .apiRemoveMember: [.delete]
        case .apiSettings: [.patch]
        case .apiUnknown: [.get, .post, .put, .patch, .delete]
        case .stravaWebhookEvent: [.post]
        // Like the worker: the preflight, and 405 for methods other than GET.
        case .legacyClubData, .clubData: [.get, .options, .post, .put, .patch, .delete]
        case .legacyExchange, .legacyRefresh, .legacyEnrol, .legacyLeave: [.post, .options]
        case .exchange, .refresh, .enrol, .leave: [.post, .options]
        default: [.get]
        }
    }

    /// The path pattern.
    public var pattern: String {
        let club = "clubs/:slug"
        let api = "api/clubs/:slug"
        return switch self {
        case .dashboard: club
        case .fragment: "\(club)/fragments/:tab"
        case .join, .joinSubmit: "\(club)/join"
        case .signOut: "\(club)/signout"
        case .settings: "\(club)/settings"
        case .settingsAction: "\(club)/settings/:action"
        case .stravaConnect: "\(club)/strava/connect"
        case .admin: "\(club)/admin"
        case .adminAction: "\(club)/admin/:action"
        case .removeMember: "\(club)/admin/members/:member/remove"
        case .tv: "\(club)/tv"
        case .tvBoard: "\(club)/tv/board"
        case .tvVersion: "\(club)/tv/version"
        case .manifest: "\(club)/manifest.webmanifest"
        case .assets: "assets/clubweekly/:name"
        case .apiOpenAPI: "api/openapi.json"
        case .apiSignIn, .apiSignOut: "\(api)/session"
        case .apiAdminSignIn: "\(api)/admin/session"
        case .apiSettings: api
        case .apiWeek: "\(api)/week"
        case .apiMembers: "\(api)/members"
        case .apiInsights: "\(api)/members/:member/insights"
        case .apiSync: "\(api)/sync"
        case .apiMe, .apiJoin, .apiLeave: "\(api)/me"
        case .apiImport: "\(api)/me/import"
        case .apiImportStatus: "\(api)/me/imports/:import"
        case .apiDisconnect: "\(api)/me/strava/disconnect"
        case .apiStravaConnect: "\(api)/strava/connect"
        case .apiRotateCode: "\(api)/code"
        case .apiRemoveMember: "\(api)/members/:member"
        case .apiUnknown: "api/**"
        case .stravaCallback: "strava/callback"
        case .stravaWebhookVerification, .stravaWebhookEvent: "strava/webhook"
        case .legacyClubData: "club-data"
        case .legacyExchange: "exchange"
        case .legacyRefresh: "refresh"
        case .legacyEnrol: "enrol"
        case .legacyLeave: "leave"
        case .clubData: "\(club)/club-data"
        case .exchange: "\(club)/exchange"
        case .refresh: "\(club)/refresh"
        case .enrol: "\(club)/enrol"
        case .leave: "\(club)/leave"
        }
    }
}
