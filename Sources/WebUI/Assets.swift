import Foundation

/// A static file served by the app, fingerprinted so it can be cached forever.
public struct WebAsset: Sendable {
    /// File name, e.g. `webui.css`.
    public var name: String
    /// The bytes.
    public var data: Data
    /// `Content-Type` header value.
    public var contentType: String
    /// Short content hash, used in URLs (`?v=…`) and as the ETag.
    public var fingerprint: String

    /// An asset with its fingerprint computed from `data`.
    public init(name: String, data: Data, contentType: String? = nil) {
        self.name = name
        self.data = data
        self.contentType = contentType ?? Self.contentType(of: name)
        fingerprint = Self.fingerprint(data)
    }

    /// The MIME type for a file name's extension.
    public static func contentType(of name: String) -> String {
        switch name.split(separator: ".").last {
        case "css": "text/css; charset=utf-8"
        case "js": "text/javascript; charset=utf-8"
        case "svg": "image/svg+xml"
        case "json", "webmanifest": "application/manifest+json"
        case "png": "image/png"
        default: "application/octet-stream"
        }
    }

    /// 64-bit FNV-1a of the bytes as 12 hex digits: stable across runs and platforms.
    public static func fingerprint(_ data: Data) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in data {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        let hex = String(hash, radix: 16)
        return String((String(repeating: "0", count: max(0, 16 - hex.count)) + hex).prefix(12))
    }
}

/// A set of static files mounted under one URL prefix (e.g. `/assets/webui/`).
public struct WebAssets: Sendable {
    /// URL path prefix ending in `/`.
    public let prefix: String
    /// Assets by file name.
    public let files: [String: WebAsset]

    /// Assets from files in memory.
    public init(prefix: String, files: [WebAsset]) {
        self.prefix = prefix
        self.files = Dictionary(files.map { ($0.name, $0) }, uniquingKeysWith: { _, last in last })
    }

    /// Every file of a bundle's resource folder (non-recursive). A missing folder gives an empty set, which the
    /// tests of each app catch.
    public init(prefix: String, bundle: Bundle, folder: String) {
        var assets: [WebAsset] = []
        // Foundation on Linux treats a bundle holding a top-level "Resources" folder like an Apple bundle and
        // reports that folder as `resourceURL`, so look relative to both the bundle and its resource folder.
        let trimmed = folder.hasPrefix("Resources/") ? String(folder.dropFirst("Resources/".count)) : folder
        let candidates = [
            bundle.resourceURL?.appendingPathComponent(folder), bundle.resourceURL?.appendingPathComponent(trimmed),
            bundle.bundleURL.appendingPathComponent(folder),
        ].compactMap { $0 }
        if let root = candidates.first(where: { FileManager.default.fileExists(atPath: $0.path) }),
            let names = try? FileManager.default.contentsOfDirectory(atPath: root.path)
        {
            for name in names.sorted() {
                if let data = FileManager.default.contents(atPath: root.appendingPathComponent(name).path) {
                    assets.append(WebAsset(name: name, data: data))
                }
            }
        }
        self.init(prefix: prefix, files: assets)
    }

    /// The fingerprinted URL of a file: `/assets/webui/webui.css?v=0123abcd4567`.
    public func url(_ name: String) -> String {
        guard let asset = files[name] else { return prefix + name }
        return "\(prefix)\(name)?v=\(asset.fingerprint)"
    }

    /// The shared shell's files: CSS, charts CSS, script, icon and service worker.
    public static let shared = WebAssets(prefix: "/assets/webui/", bundle: .module, folder: "Assets")

    /// A fingerprint of every file together (the service worker's cache version).
    public var version: String {
        WebAsset.fingerprint(Data(files.values.sorted { $0.name < $1.name }.map(\.fingerprint).joined().utf8))
    }
}
