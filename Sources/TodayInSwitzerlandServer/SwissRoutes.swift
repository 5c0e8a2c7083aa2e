import Foundation
import HTTPTypes
import Hummingbird
import ServerKit
import TodayInSwitzerland

/// Every path of the `/swiss/` API (the original worker's, plus `events` and the OpenAPI document). Like the worker,
/// each answers every method alike; OPTIONS is the CORS preflight.
public enum SwissURL: String, AppRoute {
    case today = "swiss"
    case activities = "swiss/activities"
    case events = "swiss/events"
    case weekend = "swiss/weekend"
    case lunch = "swiss/lunch"
    case sunshine = "swiss/sunshine"
    case snow = "swiss/snow"
    case deals = "swiss/deals"
    case version = "swiss/version"
    case openAPI = "swiss/openapi.json"
    /// Any other path under `/swiss/`: the worker's 404.
    case unknown = "swiss/**"

    /// The worker answered GET and POST alike and ignored the method; OPTIONS is the CORS preflight.
    public var methods: [HTTPRequest.Method] { [.get, .post, .put, .patch, .delete, .options] }

    /// The path pattern.
    public var pattern: String { rawValue }
}

/// A request's city, language and refresh flag, validated.
struct SwissQuery: Sendable {
    var city: City
    var language: Language
    var refresh: Bool
}

extension SwissApp {
    /// A JSON response in the worker's way: JSON content type and a cache hint (the routes add CORS).
    static func json(
        _ body: Data, status: HTTPResponse.Status = .ok, cache: String? = "public, max-age=1800"
    )
        -> Response
    {
        var headers: HTTPFields = [.contentType: "application/json"]
        if let cache { headers[.cacheControl] = cache }
        return Response(status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: body)))
    }

    /// The worker's error shape, `{"error": "…"}`.
    static func error(_ status: HTTPResponse.Status, _ message: String) -> Response {
        let body = (try? JSONSerialization.data(withJSONObject: ["error": message])) ?? Data("{}".utf8)
        return json(body, status: status, cache: "no-store")
    }

    /// `?city=&lang=&refresh=true`; unknown values → 400 naming the valid ones (the worker silently fell back to
    /// Zürich and English).
    static func query(_ request: Request) -> Result<SwissQuery, SwissQueryError> {
        let parameters = request.uri.queryParameters
        let cityID = parameters.get("city") ?? "zurich"
        guard let city = City.find(cityID.lowercased()) else {
            return .failure(
                SwissQueryError(
                    message: "Unknown city '\(cityID)'. Use one of: \(City.all.map(\.id).joined(separator: ", ")).")
            )
        }
        let lang = parameters.get("lang") ?? "en"
        guard let language = Language(query: lang) else {
            return .failure(SwissQueryError(message: "Unknown language '\(lang)'. Use one of: en, de."))
        }
        return .success(SwissQuery(city: city, language: language, refresh: parameters.get("refresh") == "true"))
    }

    /// Answers `key` from the one-minute response cache, else computes it with `make` (refresh skips the cache).
    func cached(_ key: String, refresh: Bool, _ make: () async -> Data?) async -> Response {
        let time = now()
        let fullKey = "\(key)|\(CivilDate(time))"
        if !refresh, let hit = responses.get(fullKey, now: time) {
            var response = Self.json(hit.data)
            response.headers[.xCache] = "HIT"
            return response
        }
        guard let body = await make() else { return Self.error(.internalServerError, "Internal error") }
        // An answer built from last good data, or with nothing to show, is neither kept nor cacheable downstream:
        // clients should ask again once the upstream is back.
        if Self.isDegraded(body) {
            var response = Self.json(body, cache: "no-store")
            response.headers[.xCache] = "MISS"
            return response
        }
        responses.put(fullKey, data: body, expires: time.addingTimeInterval(TTL.response), now: time)
        var response = Self.json(body)
        response.headers[.xCache] = "MISS"
        return response
    }

    /// Registers every ``SwissURL``. Like the worker, every method answers an endpoint alike; OPTIONS answers the
    /// CORS preflight; any other path under `/swiss/` is a 404 `{"error":"Not found"}`. Every answer carries the
    /// configured CORS origin.
    public func addRoutes(to router: Router<AppRequestContext>) {
        let origin = config.allowedOrigin
        for route in SwissURL.allCases {
            let handler = handler(for: route)
            router.on(route) { request, _ in
                var response = request.method == .options ? Self.preflight() : await handler(request)
                response.headers[.accessControlAllowOrigin] = origin
                return response
            }
        }
        SwissWebController(app: self).addRoutes(to: router)
    }

    /// The handler of `route` (the switch is exhaustive, so every endpoint has one).
    func handler(for route: SwissURL) -> @Sendable (Request) async -> Response {
        switch route {
        case .today: newsRoute
        case .activities: activitiesResponse
        case .events: { eventsResponse($0) }
        case .weekend: weekendRoute
        case .lunch: lunchResponse
        case .sunshine: sunshineRoute
        case .snow: snowRoute
        case .deals: { dealsRoute($0) }
        case .version: { _ in versionRoute() }
        case .openAPI: { _ in openAPIRoute() }
        case .unknown: { _ in Self.error(.notFound, "Not found") }
        }
    }

    func newsRoute(_ request: Request) async -> Response {
        await answer(request, "news") { q in await news(city: q.city, language: q.language, refresh: q.refresh) }
    }

    func weekendRoute(_ request: Request) async -> Response {
        await answer(request, "weekend") { q in await weekend(city: q.city, language: q.language, refresh: q.refresh) }
    }

    func sunshineRoute(_ request: Request) async -> Response {
        switch RankingOptions.parse(request, filters: ["all", "sunny", "partly", "cloudy"], sorts: ["hours", "drive"]) {
        case .failure(let error): return Self.error(.badRequest, error.message)
        case .success(let options):
            return await answer(request, "sunshine|\(options.filter ?? "")|\(options.sort ?? "")", perCity: false) {
                q in
                await sunshine(language: q.language, refresh: q.refresh, options: options)
            }
        }
    }

    func snowRoute(_ request: Request) async -> Response {
        switch RankingOptions.parse(
            request, filters: ["all", "heavy", "moderate", "light"], sorts: ["snowfall", "drive"])
        {
        case .failure(let error): return Self.error(.badRequest, error.message)
        case .success(let options):
            return await answer(request, "snow|\(options.filter ?? "")|\(options.sort ?? "")", perCity: false) { q in
                await snow(language: q.language, refresh: q.refresh, options: options)
            }
        }
    }

    func dealsRoute(_ request: Request) -> Response {
        switch Self.query(request) {
        case .failure(let error): return Self.error(.badRequest, error.message)
        case .success: return dealsResponse(request)
        }
    }

    func versionRoute() -> Response {
        version().map { Self.json($0, cache: nil) } ?? Self.error(.internalServerError, "Internal error")
    }

    func openAPIRoute() -> Response {
        Self.openAPIDocument.map { Self.json($0, cache: "public, max-age=3600") }
            ?? Self.error(.internalServerError, "The OpenAPI document is missing.")
    }

    /// Whether a response body carries last good data, unavailable parts or an empty ranking.
    static func isDegraded(_ body: Data) -> Bool {
        for marker in [#""state":"lastGood""#, #""state":"unavailable""#, #""destinations":[]"#] {
            if body.range(of: Data(marker.utf8)) != nil { return true }
        }
        return false
    }

    static func preflight() -> Response {
        Response(
            status: .ok,
            headers: [
                .accessControlAllowMethods: "GET, POST, OPTIONS",
                .accessControlAllowHeaders: "Content-Type, Accept", .accessControlMaxAge: "86400",
            ])
    }

    func answer(
        _ request: Request, _ name: String, perCity: Bool = true, _ make: @escaping (SwissQuery) async -> Data?
    ) async -> Response {
        switch Self.query(request) {
        case .failure(let error): return Self.error(.badRequest, error.message)
        case .success(let q):
            let key = perCity ? "\(name)|\(q.city.id)|\(q.language.rawValue)" : "\(name)|\(q.language.rawValue)"
            return await cached(key, refresh: q.refresh) { await make(q) }
        }
    }

    /// `/swiss/activities`, with the optional `filter=`/`ages=`/`near=` of ``activityFilter(_:)``.
    func activitiesResponse(_ request: Request) async -> Response {
        switch Self.activityFilter(request) {
        case .failure(let error): return Self.error(.badRequest, error.message)
        case .success(let filter):
            let extra = filter.map { "|\($0)" } ?? ""
            return await answer(request, "activities\(extra)") { q in
                await activities(city: q.city, language: q.language, refresh: q.refresh, filter: filter)
            }
        }
    }

    /// `/swiss/deals`: every deal (as the worker; clients filter), or only those matching `month=`, `type=`,
    /// `category=` and the city when any of those is given.
    func dealsResponse(_ request: Request) -> Response {
        let parameters = request.uri.queryParameters
        let month = parameters.get("month").map { Int($0) }
        if let month, !(1...12).contains(month ?? 0) { return Self.error(.badRequest, "month must be 1–12.") }
        let type = parameters.get("type").map { Deal.Kind(rawValue: $0) }
        if let type, type == nil { return Self.error(.badRequest, "type must be free, deal or tip.") }
        let category = parameters.get("category").map { Deal.Category(rawValue: $0) }
        if let category, category == nil {
            return Self.error(.badRequest, "category must be museum, outdoor, transport, family or seasonal.")
        }
        let filtering = month != nil || type != nil || category != nil
        let filter =
            filtering
            ? DealsFilter(
                city: parameters.get("city"), month: month ?? nil, type: type ?? nil, category: category ?? nil)
            : nil
        return deals(filter: filter).map { Self.json($0, cache: "public, max-age=86400") }
            ?? Self.error(.internalServerError, "Internal error")
    }

    /// `/swiss/lunch` with the filters `open=now|lunch`, `outdoor=true`, `vegetarian=true`, `cuisine=`,
    /// `near=lat,lon`, `radius=` (km) and `limit=`.
    func lunchResponse(_ request: Request) async -> Response {
        let q: SwissQuery
        switch Self.query(request) {
        case .failure(let error): return Self.error(.badRequest, error.message)
        case .success(let value): q = value
        }
        let parameters = request.uri.queryParameters
        var near: GeoPoint?
        if let text = parameters.get("near") {
            let parts = text.split(separator: ",").compactMap { Double($0.trimmingCharacters(in: .whitespaces)) }
            guard parts.count == 2, abs(parts[0]) <= 90, abs(parts[1]) <= 180 else {
                return Self.error(.badRequest, "near must be 'lat,lon', e.g. near=47.37,8.54.")
            }
            near = GeoPoint(lat: parts[0], lon: parts[1])
        }
        let radiusText = parameters.get("radius")
        let radius = radiusText.flatMap(Double.init)
        if radiusText != nil, !(radius.map { $0 > 0 && $0 <= 3 } ?? false) {
            return Self.error(.badRequest, "radius must be a number of km, at most 3 (the area searched).")
        }
        let limitText = parameters.get("limit")
        let limit = limitText.flatMap(Int.init)
        if limitText != nil, !(limit.map { (1...500).contains($0) } ?? false) {
            return Self.error(.badRequest, "limit must be 1–500.")
        }
        let open = parameters.get("open")
        guard open == nil || open == "now" || open == "lunch" else {
            return Self.error(.badRequest, "open must be 'now' or 'lunch'.")
        }
        let filter = LunchFilter(
            openNow: open == "now", openForLunch: open == "lunch", outdoor: parameters.get("outdoor") == "true",
            vegetarian: parameters.get("vegetarian") == "true", cuisine: parameters.get("cuisine"), near: near,
            radiusKm: radius, limit: limit)
        let filtered =
            open != nil || near != nil || filter.outdoor || filter.vegetarian || filter.cuisine != nil
            || limit != nil
        let key = "lunch|\(q.city.id)|\(q.language.rawValue)"
        if filtered || radius != nil {
            // Filters (some depend on the time of day) are applied fresh to the cached Overpass answer; such
            // answers are not kept in the response cache.
            guard let body = await lunch(city: q.city, language: q.language, refresh: q.refresh, filter: filter) else {
                return Self.error(.internalServerError, "Internal error")
            }
            return Self.json(body, cache: Self.isDegraded(body) ? "no-store" : "public, max-age=300")
        }
        return await cached(key, refresh: q.refresh) {
            await lunch(city: q.city, language: q.language, refresh: q.refresh, filter: filter)
        }
    }

    /// The OpenAPI 3.1 description of `/swiss/` (generated by `scripts/openapi-swiss.py`).
    static let openAPIDocument: Data? = Bundle.module.url(
        forResource: "openapi", withExtension: "json", subdirectory: "Resources"
    ).flatMap { try? Data(contentsOf: $0) }
}

/// A bad `city` or `lang`.
struct SwissQueryError: Error, Sendable {
    var message: String
}
