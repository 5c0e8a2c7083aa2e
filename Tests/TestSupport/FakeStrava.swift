import AsyncHTTPClient
import Foundation
import HTTPTypes
import Hummingbird
import Logging
import NIOCore
import NIOHTTP1
import ServiceLifecycle
import StravaAPI

/// A real HTTP fake of Strava's OAuth and API v3 endpoints on 127.0.0.1, for sync tests.
///
/// It serves `POST /oauth/token`, `POST /oauth/revoke`, `GET /api/v3/athlete`,
/// `GET /api/v3/athlete/activities` and `GET /api/v3/activities/{id}`, sends Strava's rate-limit headers on every
/// response, counts requests by route, and injects faults (429, 5xx, delays) into the next requests.
///
/// ```swift
/// let strava = try await FakeStrava.start()
/// defer { Task { await strava.stop() } }   // or call `await strava.stop()` at the end of the test
/// let code = await strava.state.authorize(athlete: 42)
/// ```
public final class FakeStrava: Sendable {
    /// Athletes, tokens, activities, faults and counters.
    public let state: FakeStravaState
    /// The bound port.
    public let port: Int
    private let task: Task<Void, any Error>
    private let group: ServiceGroup

    /// `http://127.0.0.1:<port>`.
    public var baseURL: String { "http://127.0.0.1:\(port)" }
    /// The API base, as `STRAVA_API_URL` would be set: `http://127.0.0.1:<port>/api/v3`.
    public var apiBaseURL: String { baseURL + "/api/v3" }
    /// The OAuth base, as `STRAVA_OAUTH_URL` would be set: `http://127.0.0.1:<port>/oauth`.
    public var oauthBaseURL: String { baseURL + "/oauth" }

    private init(state: FakeStravaState, port: Int, task: Task<Void, any Error>, group: ServiceGroup) {
        self.state = state
        self.port = port
        self.task = task
        self.group = group
    }

    /// Starts the fake on an ephemeral port and returns once it accepts connections.
    ///
    /// - Parameters:
    ///   - clientID: The only client id the token and revoke endpoints accept.
    ///   - clientSecret: Its secret.
    ///   - now: The fake's clock (token expiry); share the test's clock with the server under test.
    public static func start(
        clientID: String = "12345", clientSecret: String = "fake-secret",
        now: @escaping @Sendable () -> Date = Date.init
    ) async throws -> FakeStrava {
        let state = FakeStravaState(clientID: clientID, clientSecret: clientSecret, now: now)
        var logger = Logger(label: "fake-strava")
        logger.logLevel = .warning
        let router = Router()
        router.add(middleware: FakeStravaMiddleware(state: state))
        addRoutes(to: router, state: state)
        let (portStream, portContinuation) = AsyncStream<Int>.makeStream()
        let app = Application(
            router: router,
            configuration: .init(address: .hostname("127.0.0.1", port: 0), serverName: "fake-strava"),
            onServerRunning: { channel in
                portContinuation.yield(channel.localAddress?.port ?? 0)
                portContinuation.finish()
            },
            logger: logger)
        let group = ServiceGroup(
            configuration: .init(services: [app], gracefulShutdownSignals: [], logger: logger))
        let task = Task {
            defer { portContinuation.finish() }
            try await group.run()
        }
        var iterator = portStream.makeAsyncIterator()
        guard let port = await iterator.next(), port > 0 else {
            task.cancel()
            throw FakeStravaError("fake Strava did not start")
        }
        return FakeStrava(state: state, port: port, task: task, group: group)
    }

    /// Stops the server and waits until it has closed.
    public func stop() async {
        await group.triggerGracefulShutdown()
        _ = await task.result
    }

    // MARK: Routes

    private static func addRoutes(to router: Router<BasicRequestContext>, state: FakeStravaState) {
        router.post("oauth/token") { request, context in
            let form = try await formBody(request, context)
            return await state.token(form: form).response
        }
        router.post("oauth/revoke") { request, context in
            let form = try await formBody(request, context)
            let basic = request.headers[.authorization]
            return await state.revoke(basicAuthorization: basic, token: form["token"]).response
        }
        router.post("oauth/deauthorize") { request, context in
            let form = try await formBody(request, context)
            return await state.revoke(basicAuthorization: nil, token: form["access_token"]).response
        }
        router.get("api/v3/athlete") { request, _ in
            await state.athlete(bearer: bearer(request)).response
        }
        router.get("api/v3/athlete/activities") { request, _ in
            let query = request.uri.queryParameters
            return await state.activities(
                bearer: bearer(request),
                after: query.get("after").flatMap { Int64($0) }, before: query.get("before").flatMap { Int64($0) },
                page: query.get("page").flatMap { Int($0) } ?? 1,
                perPage: query.get("per_page").flatMap { Int($0) } ?? 30
            ).response
        }
        router.post("api/v3/uploads") { request, context in
            let buffer = try await request.body.collect(upTo: 32 << 20)
            // Lossy on purpose: the FIT bytes are binary, the form fields around them are text.
            let body = String(decoding: buffer.readableBytesView, as: UTF8.self)
            return await state.upload(bearer: bearer(request), multipart: body).response
        }
        router.get("api/v3/uploads/:id") { request, context in
            guard let id = context.parameters.get("id").flatMap({ Int64($0) }) else {
                return FakeReply.notFound("Upload").response
            }
            return await state.uploadStatus(id: id, bearer: bearer(request)).response
        }
        router.get("api/v3/activities/:id/streams") { request, context in
            guard let id = context.parameters.get("id").flatMap({ Int64($0) }) else {
                return FakeReply.notFound("Activity").response
            }
            return await state.streams(id: id, bearer: bearer(request)).response
        }
        router.get("api/v3/activities/:id") { request, context in
            guard let id = context.parameters.get("id").flatMap({ Int64($0) }) else {
                return FakeReply.notFound("Activity").response
            }
            return await state.activity(id: id, bearer: bearer(request)).response
        }
    }

    private static func bearer(_ request: Request) -> String? {
        guard let value = request.headers[.authorization], value.lowercased().hasPrefix("bearer ") else { return nil }
        return String(value.dropFirst(7))
    }

    private static func formBody(_ request: Request, _ context: BasicRequestContext) async throws -> [String: String] {
        var buffer = try await request.body.collect(upTo: 1 << 20)
        let text = buffer.readString(length: buffer.readableBytes) ?? ""
        var form: [String: String] = [:]
        for pair in text.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            func decode(_ part: Substring) -> String {
                let spaced = part.replacingOccurrences(of: "+", with: " ")
                return spaced.removingPercentEncoding ?? spaced
            }
            form[decode(parts[0])] = parts.count > 1 ? decode(parts[1]) : ""
        }
        // Strava also accepts the parameters in the query string.
        for (name, value) in request.uri.queryParameters where form[String(name)] == nil {
            form[String(name)] = String(value)
        }
        return form
    }
}

/// An error of the fake itself (not a Strava answer).
public struct FakeStravaError: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}

/// A fault the fake injects instead of (or before) its normal answer.
public enum FakeStravaFault: Sendable, Equatable {
    /// 429 with Strava's rate-limit body and usage headers showing the 15-minute limit spent.
    case rateLimited
    /// 429 with usage headers showing the daily limit spent.
    case dailyRateLimited
    /// A 5xx answer with an HTML-ish body, like a load balancer's.
    case serverError(status: Int = 500)
    /// Answer normally after waiting this long.
    case delay(Duration)
}

/// How requests were counted, keyed like `GET /api/v3/activities/{id}`.
public struct FakeStravaCounts: Sendable, Equatable {
    /// Requests per `METHOD /route` (numeric path segments read as `{id}`).
    public var byRoute: [String: Int] = [:]

    /// Every request.
    public var total: Int { byRoute.values.reduce(0, +) }
    /// GET requests: what Strava counts against the read limits.
    public var reads: Int { byRoute.filter { $0.key.hasPrefix("GET ") }.values.reduce(0, +) }
    /// Requests that are not GETs (OAuth posts).
    public var writes: Int { total - reads }
    /// Requests to one route, such as `count("POST", "/oauth/token")`.
    public func count(_ method: String, _ route: String) -> Int { byRoute["\(method) \(route)"] ?? 0 }
}

/// A prepared answer of the fake.
struct FakeReply: Sendable {
    /// HTTPTypes' status (StravaAPI has its own `HTTPResponse`).
    typealias Status = HTTPTypes.HTTPResponse.Status
    var status: Status
    var body: Data

    static func json<T: Encodable>(_ value: T, status: Status = .ok) -> FakeReply {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return FakeReply(status: status, body: (try? encoder.encode(value)) ?? Data("{}".utf8))
    }

    static func fault(
        _ status: Status, message: String, resource: String, field: String, code: String
    )
        -> FakeReply
    {
        FakeReply(
            status: status,
            body: Data(
                """
                {"message":"\(message)","errors":[{"resource":"\(resource)","field":"\(field)","code":"\(code)"}]}
                """.utf8))
    }

    static func notFound(_ resource: String) -> FakeReply {
        fault(.notFound, message: "Record Not Found", resource: resource, field: "id", code: "invalid")
    }

    static let invalidToken = fault(
        .unauthorized, message: "Authorization Error", resource: "Athlete", field: "access_token", code: "invalid")

    static let rateLimited = fault(
        .tooManyRequests, message: "Rate Limit Exceeded", resource: "Application", field: "rate limit",
        code: "exceeded")

    var response: Response {
        Response(
            status: status, headers: [.contentType: "application/json; charset=utf-8"],
            body: .init(byteBuffer: ByteBuffer(bytes: body)))
    }
}

/// Counts, applies faults and adds the rate-limit headers to every response.
struct FakeStravaMiddleware: RouterMiddleware {
    typealias Context = BasicRequestContext
    let state: FakeStravaState

    static let limit = HTTPField.Name("X-RateLimit-Limit")!
    static let usage = HTTPField.Name("X-RateLimit-Usage")!
    static let readLimit = HTTPField.Name("X-ReadRateLimit-Limit")!
    static let readUsage = HTTPField.Name("X-ReadRateLimit-Usage")!

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws
        -> Response
    {
        let isRead = request.method == .get
        let admission = await state.admit(method: request.method.rawValue, path: request.uri.path, isRead: isRead)
        var response: Response
        switch admission.fault {
        case .rateLimited, .dailyRateLimited:
            response = FakeReply.rateLimited.response
        case .serverError(let status):
            response = Response(
                status: FakeReply.Status(code: status), headers: [.contentType: "text/html"],
                body: .init(byteBuffer: ByteBuffer(string: "<html><body>Server Error</body></html>")))
        case .delay(let duration):
            try await Task.sleep(for: duration)
            response = try await next(request, context)
        case nil:
            response = try await next(request, context)
        }
        let usage = admission.usage
        response.headers[Self.limit] = "\(usage.limit15),\(usage.limitDaily)"
        response.headers[Self.usage] = "\(usage.usage15),\(usage.usageDaily)"
        response.headers[Self.readLimit] = "\(usage.readLimit15),\(usage.readLimitDaily)"
        response.headers[Self.readUsage] = "\(usage.readUsage15),\(usage.readUsageDaily)"
        return response
    }
}

/// The rate-limit numbers one response reports.
public struct FakeRateUsage: Sendable, Equatable {
    public var limit15 = 200, limitDaily = 2000, usage15 = 0, usageDaily = 0
    public var readLimit15 = 100, readLimitDaily = 1000, readUsage15 = 0, readUsageDaily = 0
}

/// Everything the fake knows: athletes and their activities, issued codes and tokens, faults and counters.
public actor FakeStravaState {
    struct Grant {
        var athlete: Int64
        var expiresAt: Int64
    }

    struct AthleteData {
        var summary: SummaryAthlete
        var activities: [Int64: SummaryActivity] = [:]
    }

    let clientID: String
    let clientSecret: String
    let now: @Sendable () -> Date

    private var athletes: [Int64: AthleteData] = [:]
    private var codes: [String: Int64] = [:]
    private var accessTokens: [String: Grant] = [:]
    private var refreshTokens: [String: Int64] = [:]
    private var faults: [FakeStravaFault] = []
    private var tokenSerial = 0
    /// Requests by `METHOD /route`.
    public private(set) var counts = FakeStravaCounts()
    /// Usage reported in the rate-limit headers; the fake answers 429 by itself once a limit is passed.
    public private(set) var usage = FakeRateUsage()
    /// Access tokens revoked through `/oauth/revoke` or `/oauth/deauthorize`.
    public private(set) var revokedTokens: [String] = []
    /// Uploads by id: the status answered, polls left before it is ready, and the activity it becomes.
    struct Upload {
        var status: UploadStatus
        var pollsLeft: Int
        var activityID: Int64
    }
    private var uploads: [Int64: Upload] = [:]
    private var uploadedExternalIDs: [String: Int64] = [:]
    /// Polls an upload needs before it is ready (tests change it).
    public var uploadProcessingPolls = 2
    /// The uploaded files' `name` fields, by external id.
    public private(set) var uploadedNames: [String: String] = [:]

    private var streamsByActivity: [Int64: ActivityStreams] = [:]

    /// Sets the time series an activity answers with (`/activities/{id}/streams`).
    public func putStreams(_ streams: ActivityStreams, activity: Int64) { streamsByActivity[activity] = streams }

    func streams(id: Int64, bearer: String?) -> FakeReply {
        guard let athlete = authorizedAthlete(bearer) else { return .invalidToken }
        guard athletes[athlete]?.activities[id] != nil, let streams = streamsByActivity[id] else {
            return .notFound("Activity")
        }
        struct Series: Encodable { var data: [Int] }
        var keyed: [String: Series] = ["time": Series(data: streams.time)]
        if let heartrate = streams.heartrate { keyed["heartrate"] = Series(data: heartrate) }
        if let watts = streams.watts { keyed["watts"] = Series(data: watts) }
        if let cadence = streams.cadence { keyed["cadence"] = Series(data: cadence) }
        return .json(keyed)
    }

    /// Sets how many polls an upload stays "processing".
    public func setUploadProcessingPolls(_ polls: Int) { uploadProcessingPolls = polls }

    func upload(bearer: String?, multipart body: String) -> FakeReply {
        guard let athlete = authorizedAthlete(bearer) else { return .invalidToken }
        func field(_ name: String) -> String? {
            guard let range = body.range(of: "name=\"\(name)\"\r\n\r\n") else { return nil }
            return String(body[range.upperBound...].prefix { !$0.isNewline })
        }
        let id = Int64(uploads.count + 9000)
        let external = field("external_id") ?? "upload-\(id)"
        if let name = field("name") { uploadedNames[external] = name }
        var status = UploadStatus(id: id, externalID: external, status: "Your activity is still being processed.")
        let hasFile = body.range(of: "name=\"file\"") != nil && body.contains(".FIT")
        if !hasFile {
            status.error = "Improperly formatted data."
            status.status = "There was an error processing your activity."
        } else if let existing = uploadedExternalIDs[external] {
            status.error = "\(external).fit duplicate of activity \(existing)"
            status.status = "There was an error processing your activity."
        }
        let activity = Int64(70_000 + uploads.count)
        uploads[id] = Upload(status: status, pollsLeft: uploadProcessingPolls, activityID: activity)
        if status.error == nil {
            uploadedExternalIDs[external] = activity
            _ = athlete
        }
        return .json(status, status: .created)
    }

    func uploadStatus(id: Int64, bearer: String?) -> FakeReply {
        guard authorizedAthlete(bearer) != nil else { return .invalidToken }
        guard var upload = uploads[id] else { return .notFound("Upload") }
        if upload.status.error == nil {
            if upload.pollsLeft > 0 {
                upload.pollsLeft -= 1
            } else {
                upload.status.status = "Your activity is ready."
                upload.status.activityID = upload.activityID
            }
        }
        uploads[id] = upload
        return .json(upload.status)
    }
    /// How long issued access tokens live (Strava: six hours).
    public var tokenLifetime: TimeInterval = 6 * 3600

    init(clientID: String, clientSecret: String, now: @escaping @Sendable () -> Date) {
        self.clientID = clientID
        self.clientSecret = clientSecret
        self.now = now
    }

    // MARK: Test controls

    /// Adds an athlete (or renames one).
    public func addAthlete(_ id: Int64, firstname: String = "Rider", lastname: String = "Test") {
        let summary = SummaryAthlete(id: id, firstname: firstname, lastname: lastname)
        if athletes[id] == nil {
            athletes[id] = AthleteData(summary: summary)
        } else {
            athletes[id]?.summary = summary
        }
    }

    /// What the athlete's approval on Strava's authorize page produces: a single-use code for the redirect.
    public func authorize(athlete: Int64) -> String {
        if athletes[athlete] == nil { addAthlete(athlete) }
        tokenSerial += 1
        let code = "code-\(athlete)-\(tokenSerial)"
        codes[code] = athlete
        return code
    }

    /// Adds or replaces an activity of an athlete (its `athlete` reference is filled in).
    public func put(_ activity: SummaryActivity, athlete: Int64) {
        if athletes[athlete] == nil { addAthlete(athlete) }
        var copy = activity
        copy.athlete = AthleteRef(id: athlete)
        athletes[athlete]?.activities[activity.id] = copy
    }

    /// Changes an activity in place; returns false when it does not exist.
    @discardableResult
    public func update(activity id: Int64, athlete: Int64, _ change: @Sendable (inout SummaryActivity) -> Void) -> Bool
    {
        guard var activity = athletes[athlete]?.activities[id] else { return false }
        change(&activity)
        athletes[athlete]?.activities[id] = activity
        return true
    }

    /// Deletes an activity: `GET /activities/{id}` answers 404 afterwards.
    public func delete(activity id: Int64, athlete: Int64) {
        athletes[athlete]?.activities[id] = nil
    }

    /// The athlete's activities, oldest first.
    public func activities(of athlete: Int64) -> [SummaryActivity] {
        (athletes[athlete]?.activities.values.map { $0 } ?? []).sorted { $0.startDate < $1.startDate }
    }

    /// The athlete revokes the app on strava.com: every token of theirs stops working.
    public func deauthorize(athlete: Int64) {
        accessTokens = accessTokens.filter { $0.value.athlete != athlete }
        refreshTokens = refreshTokens.filter { $0.value != athlete }
    }

    /// Whether the athlete still has a working refresh token.
    public func isAuthorized(athlete: Int64) -> Bool {
        refreshTokens.values.contains(athlete)
    }

    /// The athlete's currently valid refresh tokens (exactly one after a code exchange or a refresh).
    public func refreshTokens(of athlete: Int64) -> [String] {
        refreshTokens.filter { $0.value == athlete }.map(\.key).sorted()
    }

    /// Whether this access token is valid now.
    public func isValid(accessToken: String) -> Bool {
        guard let grant = accessTokens[accessToken] else { return false }
        return grant.expiresAt > Int64(now().timeIntervalSince1970)
    }

    /// Answers the next `times` requests (any route) with `fault`.
    public func inject(_ fault: FakeStravaFault, times: Int = 1) {
        faults.append(contentsOf: Array(repeating: fault, count: max(0, times)))
    }

    /// Zeroes the request counters (not the rate-limit usage).
    public func resetCounts() {
        counts = FakeStravaCounts()
    }

    /// Sets the limits reported in the headers.
    public func setLimits(overall: (Int, Int), read: (Int, Int)) {
        usage.limit15 = overall.0
        usage.limitDaily = overall.1
        usage.readLimit15 = read.0
        usage.readLimitDaily = read.1
    }

    /// Starts a new 15-minute window (and, with `day`, a new day) for the usage headers.
    public func resetUsage(day: Bool = false) {
        usage.usage15 = 0
        usage.readUsage15 = 0
        if day {
            usage.usageDaily = 0
            usage.readUsageDaily = 0
        }
    }

    // MARK: Request handling

    struct Admission {
        var fault: FakeStravaFault?
        var usage: FakeRateUsage
    }

    /// Counts a request and decides whether a fault (or Strava's own 429) replaces its answer.
    func admit(method: String, path: String, isRead: Bool) -> Admission {
        let route = path.split(separator: "/").map { segment in
            segment.allSatisfy(\.isNumber) ? "{id}" : String(segment)
        }.joined(separator: "/")
        counts.byRoute["\(method) /\(route)", default: 0] += 1
        // Refused requests still count, like Strava's.
        usage.usage15 += 1
        usage.usageDaily += 1
        if isRead {
            usage.readUsage15 += 1
            usage.readUsageDaily += 1
        }
        var fault: FakeStravaFault? = faults.isEmpty ? nil : faults.removeFirst()
        let over =
            usage.usage15 > usage.limit15 || usage.usageDaily > usage.limitDaily
            || (isRead && (usage.readUsage15 > usage.readLimit15 || usage.readUsageDaily > usage.readLimitDaily))
        if fault == nil, over { fault = .rateLimited }
        var reported = usage
        switch fault {
        case .rateLimited:
            reported.usage15 = max(reported.usage15, reported.limit15)
            reported.readUsage15 = max(reported.readUsage15, reported.readLimit15)
        case .dailyRateLimited:
            reported.usageDaily = max(reported.usageDaily, reported.limitDaily)
            reported.readUsageDaily = max(reported.readUsageDaily, reported.readLimitDaily)
        default:
            break
        }
        return Admission(fault: fault, usage: reported)
    }

    func token(form: [String: String]) -> FakeReply {
        guard form["client_id"] == clientID, form["client_secret"] == clientSecret else {
            return .fault(
                .unauthorized, message: "Bad Request", resource: "Application", field: "client_id", code: "invalid")
        }
        switch form["grant_type"] {
        case "authorization_code":
            guard let code = form["code"], let athlete = codes.removeValue(forKey: code) else {
                return .fault(
                    .badRequest, message: "Bad Request", resource: "AuthorizationCode", field: "code", code: "invalid")
            }
            var response = issue(for: athlete)
            response.athlete = athletes[athlete]?.summary
            return .json(response)
        case "refresh_token":
            guard let refresh = form["refresh_token"], let athlete = refreshTokens.removeValue(forKey: refresh) else {
                return .fault(
                    .badRequest, message: "Bad Request", resource: "RefreshToken", field: "refresh_token",
                    code: "invalid")
            }
            return .json(issue(for: athlete))
        default:
            return .fault(
                .badRequest, message: "Bad Request", resource: "Application", field: "grant_type", code: "invalid")
        }
    }

    /// A new access and refresh token; the athlete's previous ones stop working.
    private func issue(for athlete: Int64) -> TokenResponse {
        tokenSerial += 1
        let access = "access-\(athlete)-\(tokenSerial)-\(UUID().uuidString.prefix(8))"
        let refresh = "refresh-\(athlete)-\(tokenSerial)-\(UUID().uuidString.prefix(8))"
        let expiresAt = Int64(now().timeIntervalSince1970 + tokenLifetime)
        refreshTokens = refreshTokens.filter { $0.value != athlete }
        refreshTokens[refresh] = athlete
        accessTokens[access] = Grant(athlete: athlete, expiresAt: expiresAt)
        return TokenResponse(
            tokenType: "Bearer", accessToken: access, refreshToken: refresh, expiresAt: expiresAt,
            expiresIn: Int64(tokenLifetime))
    }

    func revoke(basicAuthorization: String?, token: String?) -> FakeReply {
        if let basicAuthorization {
            let expected = "Basic " + Data("\(clientID):\(clientSecret)".utf8).base64EncodedString()
            guard basicAuthorization == expected else {
                return .fault(
                    .unauthorized, message: "Bad Request", resource: "Application", field: "client_id", code: "invalid")
            }
        }
        guard let token, isValid(accessToken: token), let grant = accessTokens[token] else { return .invalidToken }
        revokedTokens.append(token)
        deauthorize(athlete: grant.athlete)
        return .json(["access_token": token])
    }

    private func authorizedAthlete(_ bearer: String?) -> Int64? {
        guard let bearer, isValid(accessToken: bearer) else { return nil }
        return accessTokens[bearer]?.athlete
    }

    func athlete(bearer: String?) -> FakeReply {
        guard let athlete = authorizedAthlete(bearer), let data = athletes[athlete] else { return .invalidToken }
        return .json(data.summary)
    }

    func activities(bearer: String?, after: Int64?, before: Int64?, page: Int, perPage: Int) -> FakeReply {
        guard let athlete = authorizedAthlete(bearer) else { return .invalidToken }
        guard perPage <= 200 else {
            return .fault(.badRequest, message: "Bad Request", resource: "Activity", field: "per_page", code: "invalid")
        }
        let size = max(1, perPage)
        var list = (athletes[athlete]?.activities.values.map { $0 } ?? []).filter { activity in
            let start = Int64(activity.startDate.timeIntervalSince1970)
            if let after, start <= after { return false }
            if let before, start >= before { return false }
            return true
        }
        // Like Strava: oldest first when only `after` is given, newest first otherwise.
        if after != nil && before == nil {
            list.sort { ($0.startDate, $0.id) < ($1.startDate, $1.id) }
        } else {
            list.sort { ($0.startDate, $0.id) > ($1.startDate, $1.id) }
        }
        let start = (max(1, page) - 1) * size
        let slice = start < list.count ? Array(list[start..<min(list.count, start + size)]) : []
        return .json(slice)
    }

    func activity(id: Int64, bearer: String?) -> FakeReply {
        guard let athlete = authorizedAthlete(bearer) else { return .invalidToken }
        guard let activity = athletes[athlete]?.activities[id] else { return .notFound("Activity") }
        return .json(activity)
    }
}

/// Sends Strava-style push-subscription events to a server under test.
public enum FakeStravaWebhook {
    /// POSTs `event` as Strava's JSON body to `baseURL + path` and returns the HTTP status.
    @discardableResult
    public static func send(
        _ event: WebhookEvent, to baseURL: String, path: String = "/strava/webhook", client: HTTPClient = .shared
    ) async throws -> Int {
        try await send(body: try JSONEncoder().encode(event), to: baseURL, path: path, client: client)
    }

    /// POSTs a raw body (for malformed-event tests).
    @discardableResult
    public static func send(
        body: Data, to baseURL: String, path: String = "/strava/webhook", client: HTTPClient = .shared
    ) async throws -> Int {
        var request = HTTPClientRequest(url: baseURL + path)
        request.method = .POST
        request.headers.add(name: "Content-Type", value: "application/json")
        request.headers.add(name: "User-Agent", value: "Strava Webhooks")
        request.body = .bytes(ByteBuffer(bytes: body))
        let response = try await client.execute(request, timeout: .seconds(30))
        _ = try await response.body.collect(upTo: 1 << 20)
        return Int(response.status.code)
    }

    /// An activity event as Strava sends it.
    public static func activity(
        _ aspect: WebhookEvent.AspectType, id: Int64, owner: Int64, updates: [String: String] = [:],
        eventTime: Int64 = Int64(Date().timeIntervalSince1970), subscription: Int64 = 120_475
    ) -> WebhookEvent {
        WebhookEvent(
            objectType: .activity, objectID: id, aspectType: aspect, updates: updates, ownerID: owner,
            subscriptionID: subscription, eventTime: eventTime)
    }

    /// The deauthorization event: `athlete` `update` with `{"authorized":"false"}`.
    public static func deauthorization(
        athlete: Int64, eventTime: Int64 = Int64(Date().timeIntervalSince1970), subscription: Int64 = 120_475
    ) -> WebhookEvent {
        WebhookEvent(
            objectType: .athlete, objectID: athlete, aspectType: .update, updates: ["authorized": "false"],
            ownerID: athlete, subscriptionID: subscription, eventTime: eventTime)
    }
}

/// A clock tests move by hand, shared by the server under test and the fakes.
///
/// A class with a lock rather than `Mutex` because `Mutex` needs macOS 15 and the package supports macOS 14.
public final class TestClock: @unchecked Sendable {
    private let lock = NSLock()
    private var current: Date

    /// Starts at `start` (whole seconds, so epoch-second round trips compare equal).
    public init(_ start: Date = Date()) {
        current = Date(timeIntervalSince1970: start.timeIntervalSince1970.rounded(.down))
    }

    /// The current time.
    public func now() -> Date {
        lock.withLock { current }
    }

    /// Moves the clock forward.
    public func advance(by seconds: TimeInterval) {
        lock.withLock { current = current.addingTimeInterval(seconds) }
    }

    /// Sets the clock.
    public func set(_ date: Date) {
        lock.withLock { current = date }
    }

    /// The clock as a closure for `now:` parameters.
    public var closure: @Sendable () -> Date { { [self] in self.now() } }
}
