import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import Plot
import ServerKit
import TodayInSwitzerland
import WebUI

/// The Today in Switzerland web app: one handler per ``SwissPageURL``, each page's in its own file
/// (`Web/<Area>/<Area>Routes.swift`), reading the same services as the JSON API.
struct SwissWebController: Sendable {
    let app: SwissApp

    /// The current time (the app's clock, injected in tests).
    var now: Date { app.now() }

    func addRoutes(to router: Router<AppRequestContext>) {
        for route in SwissPageURL.allCases { router.on(route, use: handler(for: route)) }
    }

    /// The handler of `route` (exhaustive: no page can be left unregistered).
    func handler(for route: SwissPageURL) -> @Sendable (Request, AppRequestContext) async throws -> Response {
        switch route {
        case .today: todayPage
        case .activities: activitiesPage
        case .events: eventsPage
        case .eventICS: eventICS
        case .calendarFeed: calendarFeed
        case .weekend: weekendPage
        case .sunshine: sunshinePage
        case .snow: snowPage
        case .lunch: lunchPage
        case .deals: dealsPage
        case .settings: settingsPage
        case .widget: widgetPage
        case .manifest: manifest
        case .assets: asset
        }
    }

    /// An HTML page under the pages' Content-Security-Policy. Pages depend on the settings cookie, so caches key
    /// them by it.
    static func html(_ document: String, status: HTTPResponse.Status = .ok) -> Response {
        HTMLResponse.page(document, status: status, csp: PageShell.contentSecurityPolicy(), headers: [.vary: "Cookie"])
    }

    /// A redirect after a form (303, so the browser GETs the target), optionally setting a cookie.
    static func seeOther(_ location: String, setCookie: String? = nil) -> Response {
        var headers: HTTPFields = [.cacheControl: "no-store"]
        if let setCookie { headers[.setCookie] = setCookie }
        return HTMLResponse.redirect(location, headers: headers)
    }

    /// The path and query of the request, for forms that come back here.
    static func currentURL(_ request: Request) -> String {
        request.uri.path + (request.uri.query.map { "?\($0)" } ?? "")
    }

    func asset(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        guard let name = context.parameters.get("name"), let file = SwissLayout.assets.files[name] else {
            throw HTTPError(.notFound, message: "No such file.")
        }
        return StaticFile(data: file.data, contentType: file.contentType, fingerprint: file.fingerprint)
            .response(for: request)
    }

    func manifest(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        let language = SwissPrefs.resolve(request).language
        let start = SwissPageURL.today.path()
        var manifest = WebManifest(
            name: ClubhouseSection.swiss.name(language.rawValue), shortName: language.t("Swiss", "Schweiz"),
            description: language.t(
                "Today in your Swiss city, for families.", "Heute in deiner Schweizer Stadt, für Familien."),
            startURL: start, scope: start, themeColor: "#b91c1c")
        // The original's home-screen shortcuts: the views a family opens most, and the widget.
        manifest.shortcuts =
            [SwissSection.today, .activities, .events, .weekend, .lunch, .snow, .deals].map {
                WebManifest.Shortcut(name: $0.name(language), url: $0.url.path())
            } + [WebManifest.Shortcut(name: language.t("Widget", "Widget"), url: SwissPageURL.widget.path())]
        return Response(
            status: .ok, headers: [.contentType: "application/manifest+json", .cacheControl: "no-cache"],
            body: .init(byteBuffer: ByteBuffer(bytes: manifest.json())))
    }
}
