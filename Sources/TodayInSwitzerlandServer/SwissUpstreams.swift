import Configuration
import Foundation
import Logging
import ServerKit
import TodayInSwitzerland

/// A news feed the briefing reads.
public struct FeedSource: Sendable, Equatable, Codable {
    public var name: String
    public var url: String
    /// nil for national feeds, else the city id.
    public var city: String?

    public init(name: String, url: String, city: String? = nil) {
        self.name = name
        self.url = url
        self.city = city
    }
}

/// Where the upstream services live (tests point them at local fakes) and how long to wait for them.
public struct SwissUpstreamConfig: Sendable {
    public var openMeteo = "https://api.open-meteo.com"
    public var transport = "https://transport.opendata.ch"
    public var overpass = "https://overpass-api.de/api/interpreter"
    /// Per-request timeouts (the original: 8 s for weather, feeds and transport; 15 s for Overpass).
    public var timeout: TimeInterval = 8
    public var overpassTimeout: TimeInterval = 15
    /// The longest a page or API request waits for an upstream before answering with the last good data or an
    /// "unavailable — retrying" state (`SWISS_UPSTREAM_WAIT`, seconds); the fetch goes on in the background.
    public var userWait: TimeInterval = 0.8
    /// The news feeds (the original's national and per-city sources).
    public var feeds: [FeedSource] = SwissUpstreamConfig.originalFeeds

    /// Browsers' origin allowed by CORS (`SWISS_ALLOWED_ORIGIN`; the worker's `*` by default).
    public var allowedOrigin = "*"

    /// The defaults, overridden by `SWISS_OPENMETEO_URL`, `SWISS_TRANSPORT_URL`, `SWISS_OVERPASS_URL`,
    /// `SWISS_FEEDS_URL` (a base URL: every feed becomes `<base>/feeds/<name>.xml`, for local fakes) and
    /// `SWISS_ALLOWED_ORIGIN`, read from the server's settings (environment and `.env`).
    public init(settings: ConfigReader) {
        openMeteo = settings.string(forKey: "swiss.openmeteoUrl", default: openMeteo)
        transport = settings.string(forKey: "swiss.transportUrl", default: transport)
        overpass = settings.string(forKey: "swiss.overpassUrl", default: overpass)
        if let base = settings.string(forKey: "swiss.feedsUrl") { feeds = Self.feeds(base: base) }
        allowedOrigin = settings.string(forKey: "swiss.allowedOrigin", default: allowedOrigin)
        userWait = min(max(settings.double(forKey: "swiss.upstreamWait", default: userWait), 0.05), 60)
    }

    /// The defaults overridden by the `SWISS_*` variables of `environment` (tests pass `[:]` for the defaults).
    public init(environment: [String: String]) {
        self.init(settings: ConfigReader(provider: EnvironmentVariablesProvider(environmentVariables: environment)))
    }

    /// The original's feeds re-pointed at `base` (`<base>/feeds/<name>.xml`).
    public static func feeds(base: String) -> [FeedSource] {
        originalFeeds.map { FeedSource(name: $0.name, url: "\(base)/feeds/\(slug($0.name)).xml", city: $0.city) }
    }

    static func slug(_ name: String) -> String {
        name.lowercased().map { $0.isLetter || $0.isNumber ? String($0) : "-" }.joined()
    }

    /// National feeds, then each city's (section 2 of the API notes).
    public static let originalFeeds: [FeedSource] = [
        FeedSource(name: "NZZ Schweiz", url: "https://www.nzz.ch/schweiz.rss"),
        FeedSource(name: "SRF News", url: "https://www.srf.ch/news/bnf/rss/1646"),
        FeedSource(name: "20 Minuten", url: "https://partner-feeds.20min.ch/rss/20minuten"),
        FeedSource(name: "Inside Paradeplatz", url: "https://insideparadeplatz.ch/feed/"),
        FeedSource(name: "Google News CH", url: "https://news.google.com/rss?hl=de&gl=CH&ceid=CH:de"),
        FeedSource(name: "NZZ Zürich", url: "https://www.nzz.ch/zuerich.rss", city: "zurich"),
        FeedSource(
            name: "Google News Zürich", url: "https://news.google.com/rss/search?q=Z%C3%BCrich&hl=de&gl=CH&ceid=CH:de",
            city: "zurich"),
        FeedSource(
            name: "Google News Basel", url: "https://news.google.com/rss/search?q=Basel&hl=de&gl=CH&ceid=CH:de",
            city: "basel"),
        FeedSource(name: "Tribune de Genève", url: "https://www.tdg.ch/rss", city: "geneva"),
        FeedSource(
            name: "Google News Genève", url: "https://news.google.com/rss/search?q=Gen%C3%A8ve&hl=fr&gl=CH&ceid=CH:fr",
            city: "geneva"),
        FeedSource(
            name: "Google News Bern", url: "https://news.google.com/rss/search?q=Bern&hl=de&gl=CH&ceid=CH:de",
            city: "bern"),
        FeedSource(name: "24 heures", url: "https://www.24heures.ch/rss", city: "lausanne"),
        FeedSource(
            name: "Google News Lausanne", url: "https://news.google.com/rss/search?q=Lausanne&hl=fr&gl=CH&ceid=CH:fr",
            city: "lausanne"),
        FeedSource(name: "Luzerner Zeitung", url: "https://www.luzernerzeitung.ch/luzern.rss", city: "luzern"),
        FeedSource(
            name: "Luzerner Zeitung Stadt", url: "https://www.luzernerzeitung.ch/luzern/stadt-luzern.rss",
            city: "luzern"),
        FeedSource(
            name: "Google News Luzern", url: "https://news.google.com/rss/search?q=Luzern&hl=de&gl=CH&ceid=CH:de",
            city: "luzern"),
        FeedSource(
            name: "Tages-Anzeiger Winterthur", url: "https://www.tagesanzeiger.ch/zuerich/region/winterthur/rss",
            city: "winterthur"),
        FeedSource(
            name: "Google News Winterthur",
            url: "https://news.google.com/rss/search?q=Winterthur&hl=de&gl=CH&ceid=CH:de", city: "winterthur"),
    ]
}

/// Calls the upstreams: one attempt per call with the configured timeout (the cache above retries by serving the
/// last good answer), anything but a 2xx with a body is a failure.
struct SwissFetcher: Sendable {
    let client: UpstreamHTTPClient
    let config: SwissUpstreamConfig
    let logger: Logger

    func get(_ url: String, headers: [String: String] = [:]) async -> Data? {
        guard let target = URL(string: url) else { return nil }
        return await send("GET", target, headers: headers, body: nil)
    }

    func post(_ url: String, form: [String: String]) async -> Data? {
        guard let target = URL(string: url) else { return nil }
        var components = URLComponents()
        components.queryItems = form.map { URLQueryItem(name: $0.key, value: $0.value) }
        let body = Data((components.percentEncodedQuery ?? "").replacingOccurrences(of: "+", with: "%2B").utf8)
        return await send(
            "POST", target, headers: ["Content-Type": "application/x-www-form-urlencoded"], body: body)
    }

    private func send(_ method: String, _ url: URL, headers: [String: String], body: Data?) async -> Data? {
        do {
            let response = try await client.send(method: method, url: url, headers: headers, body: body)
            guard (200..<300).contains(response.status), !response.body.isEmpty else {
                logger.warning(
                    "upstream refused", metadata: ["host": "\(url.host ?? "")", "status": "\(response.status)"])
                return nil
            }
            return response.body
        } catch {
            logger.warning("upstream failed", metadata: ["host": "\(url.host ?? "")", "error": "\(error)"])
            return nil
        }
    }
}
