import Foundation
import Hummingbird
import ServerKit
import WebUI

/// Routes shared by every app's web pages: the shell's static files, the service worker and the home page.
enum WebShell {
    static func addRoutes(to router: Router<AppRequestContext>, defaultClub: String) {
        let assets = WebAssets.shared
        router.addStaticFiles(prefix: "assets/webui") { name in
            assets.files[name].map {
                StaticFile(data: $0.data, contentType: $0.contentType, fingerprint: $0.fingerprint)
            }
        }
        let worker = Data(ServiceWorker.script(assets: assets).utf8)
        let workerFile = StaticFile(
            data: worker, contentType: "text/javascript; charset=utf-8", fingerprint: WebAsset.fingerprint(worker))
        router.get("sw.js") { request, _ in
            var response = workerFile.response(for: request)
            // Browsers check for a new worker on every visit; it must never be cached for long.
            response.headers[.cacheControl] = "no-cache"
            return response
        }
        router.get("/") { _, _ in
            Response(status: .found, headers: [.location: "/clubs/\(defaultClub)"])
        }
    }
}
