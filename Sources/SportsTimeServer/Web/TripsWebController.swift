import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import Plot
import ServerKit
import SportsTime
import WebUI

/// The SportsTime web app: one handler per ``TripsPageURL``, each area's in its own folder
/// (`Web/<Area>/<Area>Routes.swift`), calling ``SportsTimeApp`` in-process as the JSON API does.
struct TripsWebController: Sendable {
    let app: SportsTimeApp
    /// The clock (injected in tests).
    let now: @Sendable () -> Date
    /// The home page's suggestions, by origin, month, leagues and schedule version.
    let suggestionCache = SuggestionCache()

    func addRoutes(to router: Router<AppRequestContext>) {
        for route in TripsPageURL.allCases { router.on(route, use: handler(for: route)) }
    }

    /// The handler of `route` (exhaustive: no page can be left unregistered).
    func handler(for route: TripsPageURL) -> @Sendable (Request, AppRequestContext) async throws -> Response {
        switch route {
        case .home: homePage
        case .wizard: wizardPage
        case .options: optionsPage
        case .compare: comparePage
        case .option: optionPage
        case .optionCalendar: optionCalendar
        case .saved: saveTrip
        case .savedTrip: savedTripPage
        case .savedEdit: savedEditPage
        case .savedPrint: savedPrintPage
        case .savedPDF: savedPDF
        case .savedCalendar: savedCalendar
        case .savedRename: savedRename
        case .savedDelete: savedDelete
        case .savedShare: savedShare
        case .savedItems: savedItems
        case .shared: sharedPage
        case .sharedPrint: sharedPrintPage
        case .sharedPDF: sharedPDF
        case .sharedCalendar: sharedCalendar
        case .schedule: schedulePage
        case .progress: progressPage
        case .visits: visitsPage
        case .newVisit: newVisitPage
        case .achievements: achievementsPage
        case .progressCard: progressCard
        case .polls: pollsPage
        case .newPoll: newPollPage
        case .poll: pollPage
        case .tour: tourPage
        case .tourStatus: tourStatus
        case .me: mePage
        case .restore: restorePage
        case .manifest: manifest
        case .assets: asset
        }
    }

    /// An HTML page under the pages' Content-Security-Policy. Pages depend on the identity and settings cookies, so
    /// caches key them by it and never share them.
    static func html(_ document: String, status: HTTPResponse.Status = .ok, headers: HTTPFields = [:]) -> Response {
        var fields: HTTPFields = [.vary: "Cookie", .cacheControl: "private, no-cache"]
        for field in headers { fields[field.name] = field.value }
        return HTMLResponse.page(document, status: status, csp: PageShell.contentSecurityPolicy(), headers: fields)
    }

    /// A redirect after a form (303, so the browser GETs the target), optionally setting cookies.
    static func seeOther(_ location: String, setCookies: [String] = []) -> Response {
        var headers: HTTPFields = [.cacheControl: "no-store"]
        for cookie in setCookies { headers.append(HTTPField(name: .setCookie, value: cookie)) }
        return HTMLResponse.redirect(location, headers: headers)
    }

    /// Refuses a form posted from another site (403): pages change the traveller's data only from this origin.
    static func requireSameOrigin(_ request: Request, _ context: AppRequestContext) throws {
        guard request.isSameOrigin(context: context) else {
            throw HTTPError(.forbidden, message: "This form must be sent from this site.")
        }
    }

    /// `https://host` of the request (behind a trusted proxy, the host it was asked for), for links people copy
    /// and absolute URLs (recovery links, Open Graph images).
    static func origin(_ request: Request, _ context: AppRequestContext) -> String {
        let host = context.forwarded?.host ?? request.head.authority ?? "localhost"
        return (request.isSecure(context: context) ? "https://" : "http://") + host
    }

    /// The query of a request as ordered pairs (repeated keys kept).
    static func queryItems(_ request: Request) -> [(String, String)] {
        request.uri.queryParameters.map { (String($0.key), String($0.value)) }
    }

    func asset(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        guard let name = context.parameters.get("name"), let file = TripsLayout.assets.files[name] else {
            throw HTTPError(.notFound, message: "No such file.")
        }
        return StaticFile(data: file.data, contentType: file.contentType, fingerprint: file.fingerprint)
            .response(for: request)
    }

    func manifest(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        let start = TripsPageURL.home.path()
        var manifest = WebManifest(
            name: "SportsTime", shortName: "SportsTime",
            description: "Plan multi-stop sports road trips over real league schedules.", startURL: start,
            scope: start, themeColor: "#1d4ed8")
        manifest.shortcuts = [TripsSection.plan, .schedule, .progress, .polls].map {
            WebManifest.Shortcut(name: $0.name, url: $0.url)
        }
        return Response(
            status: .ok, headers: [.contentType: "application/manifest+json", .cacheControl: "no-cache"],
            body: .init(byteBuffer: ByteBuffer(bytes: manifest.json())))
    }
}
