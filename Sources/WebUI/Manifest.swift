import Foundation

/// A web app manifest (what makes a page installable on a phone's home screen).
public struct WebManifest: Encodable, Sendable, Equatable {
    /// One icon entry.
    public struct Icon: Encodable, Sendable, Equatable {
        public var src: String
        public var sizes: String
        public var type: String
        public var purpose: String
    }
    public var name: String
    public var short_name: String
    public var description: String
    public var start_url: String
    public var scope: String
    public var display: String
    public var background_color: String
    public var theme_color: String
    public var icons: [Icon]
    /// A home-screen shortcut (long press on the installed app's icon).
    public struct Shortcut: Encodable, Sendable, Equatable {
        public var name: String
        public var url: String

        public init(name: String, url: String) {
            self.name = name
            self.url = url
        }
    }
    /// The app's shortcuts; omitted when nil.
    public var shortcuts: [Shortcut]?

    /// A standalone app starting at `startURL`, using the shared SVG icon.
    public init(
        name: String, shortName: String, description: String, startURL: String, scope: String,
        themeColor: String = "#fc4c02", backgroundColor: String = "#0f172a"
    ) {
        self.name = name
        short_name = String(shortName.prefix(12))
        self.description = description
        start_url = startURL
        self.scope = scope
        display = "standalone"
        background_color = backgroundColor
        theme_color = themeColor
        icons = [
            Icon(src: WebAssets.shared.url("icon.svg"), sizes: "any", type: "image/svg+xml", purpose: "any"),
            Icon(
                src: WebAssets.shared.url("icon-maskable.svg"), sizes: "any", type: "image/svg+xml", purpose: "maskable"
            ),
        ]
    }

    /// The manifest as JSON.
    public func json() -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(self)) ?? Data("{}".utf8)
    }
}

/// The service worker script, served from `/sw.js` so its scope covers every app.
public enum ServiceWorker {
    /// The script with the cache version and the shell's asset URLs filled in; a new deploy changes the version,
    /// which makes browsers install the new worker and drop old caches.
    public static func script(assets: WebAssets = .shared) -> String {
        let template = assets.files["sw.js"].map { String(decoding: $0.data, as: UTF8.self) } ?? ""
        let shell = ["webui.css", "charts.css", "webui.js", "icon.svg"].map { "\"\(assets.url($0))\"" }
        return
            template
            .replacingOccurrences(of: "__VERSION__", with: assets.version)
            .replacingOccurrences(of: "__SHELL__", with: shell.joined(separator: ", "))
    }
}
