import ClubWeeklyServer
import Foundation
import HTTPTypes
import Hummingbird
import ServerKit
import WebUI

/// Clubhouse's own routes, shared by every app's pages: the home page, the service worker and the shell's files.
public enum ClubhouseURL: String, AppRoute {
    /// `/`: the home page (for now the default club's dashboard).
    case home
    /// `/sw.js`: the service worker caching every app's shell.
    case serviceWorker
    /// `/assets/webui/<name>`: the shared stylesheets, scripts and icons.
    case assets

    /// All are GET.
    public var methods: [HTTPRequest.Method] { [.get] }

    /// The path pattern.
    public var pattern: String {
        switch self {
        case .home: ""
        case .serviceWorker: "sw.js"
        case .assets: "assets/webui/:name"
        }
    }
}

/// Handlers of ``ClubhouseURL``.
struct ShellController: Sendable {
    /// Slug of the club `/` opens.
    let defaultClub: String
    let assets = WebAssets.shared
    let worker: StaticFile

    init(defaultClub: String) {
        self.defaultClub = defaultClub
        let script = Data(ServiceWorker.script(assets: WebAssets.shared).utf8)
        worker = StaticFile(
            data: script, contentType: "text/javascript; charset=utf-8", fingerprint: WebAsset.fingerprint(script))
    }

    func addRoutes(to router: Router<AppRequestContext>) {
        for route in ClubhouseURL.allCases {
            switch route {
            case .home: router.on(route, use: home)
            case .serviceWorker: router.on(route, use: serviceWorker)
            case .assets: router.on(route, use: asset)
            }
        }
    }

    func home(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        Response(status: .found, headers: [.location: ClubWeeklyRoute.dashboard.path(["slug": defaultClub])])
    }

    func serviceWorker(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        var response = worker.response(for: request)
        // Browsers check for a new worker on every visit; it must never be cached for long.
        response.headers[.cacheControl] = "no-cache"
        return response
    }

    func asset(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        guard let name = context.parameters.get("name"), let file = assets.files[name] else {
            throw HTTPError(.notFound, message: "No such file.")
        }
        return StaticFile(data: file.data, contentType: file.contentType, fingerprint: file.fingerprint)
            .response(for: request)
    }
}
