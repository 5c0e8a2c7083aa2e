import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import ServerKit
import WebUI

/// Registers every ``Zone2PageURL``: the shell's routes here (manifest, assets), the pages of past rides, zones
/// and settings in ``Zone2PagesController``, the live ride (pair, ride, bridge) in ``Zone2LiveController``.
struct Zone2WebController: Sendable {
    let app: JustZone2App

    func addRoutes(to router: Router<AppRequestContext>) {
        let pages = Zone2PagesController(app: app)
        let live = Zone2LiveController(app: app)
        for route in Zone2PageURL.allCases {
            switch route {
            case .manifest: router.on(route, use: manifest)
            case .assets: router.on(route, use: asset)
            default:
                if pages.handles(route) {
                    pages.register(route, on: router)
                } else if live.handles(route) {
                    live.register(route, on: router)
                }
            }
        }
    }

    func asset(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        guard let name = context.parameters.get("name"), let file = Zone2Layout.assets.files[name] else {
            throw HTTPError(.notFound, message: "No such file.")
        }
        return StaticFile(data: file.data, contentType: file.contentType, fingerprint: file.fingerprint)
            .response(for: request)
    }

    func manifest(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        let start = Zone2PageURL.home.path()
        var manifest = WebManifest(
            name: "JustZone2", shortName: "JustZone2",
            description: "Zone 2 training on your smart trainer.", startURL: start, scope: start,
            themeColor: "#15803d")
        manifest.shortcuts = Zone2Section.allCases.map { WebManifest.Shortcut(name: $0.name, url: $0.url) }
        return Response(
            status: .ok, headers: [.contentType: "application/manifest+json", .cacheControl: "no-cache"],
            body: .init(byteBuffer: ByteBuffer(bytes: manifest.json())))
    }
}

/// Who is asking: the rider of the `jz2_rider` cookie, if any.
struct RiderSession: Sendable {
    var rider: Rider?
}

extension JustZone2App {
    /// The rider of a page request (unknown or missing cookie: none; GET never creates one).
    func session(_ request: Request) async throws -> RiderSession {
        guard let token = request.cookies[RiderStore.cookie]?.value, !token.isEmpty, token.count <= 200 else {
            return RiderSession(rider: nil)
        }
        return RiderSession(rider: try await riders.find(token: token))
    }

    /// The rider of a form POST, created (with the cookie to set in `setCookie`) when the browser has none yet.
    func sessionCreatingRider(
        _ request: Request, _ context: AppRequestContext
    ) async throws -> (rider: Rider, setCookie: String?) {
        if let rider = try await session(request).rider { return (rider, nil) }
        let created = try await riders.create()
        return (created.rider, RiderStore.setCookie(created.token, secure: request.isSecure(context: context)))
    }
}
