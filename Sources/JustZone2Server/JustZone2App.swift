import Foundation
import HTTPTypes
import Hummingbird
import JustZone2
import Logging
import NIOCore
import ServerKit
import StravaAPI
import StravaServer

/// JustZone2's server: the original worker's Strava token endpoints, so the app never holds the client secret.
public struct JustZone2App: AppModule {
    let config: ServerConfig
    /// Strava for the calls a person waits on (tokens, history): one attempt within 10 s (a 504 after that).
    let client: StravaClient
    /// Strava for uploads (the command waits for processing anyway): the background client's longer budget.
    let uploadClient: StravaClient
    /// How long a person waits for Strava at most (``StravaServices/interactiveBudget``).
    let stravaWait: TimeAmount
    let limiter: AttemptLimiter
    let history: Zone2History
    let uploads: UploadLedger
    /// The web app's riders (cookie identities, settings, Strava link) and their rides.
    let riders: RiderStore
    let rides: RideStore
    /// The rides in progress (the live ride page, the bridge's sockets).
    let live: LiveRides
    /// Encrypts riders' Strava tokens at rest (the key Club Weekly uses).
    let cipher: TokenCipher?
    let database: Database
    let logger: Logger

    /// Columns holding ``TokenCipher`` output: riders' Strava tokens (`clubhouse key rotate` re-seals them).
    public static let sealedColumns: [SealedColumn] = [SealedColumn(table: "jz2_riders", column: "strava_tokens")]

    /// The tables JustZone2 needs (run after the shared ServerKit ones).
    public static let migrations: [Migration] =
        sharedMigrations + StravaServices.migrations + JustZone2Schema.migrations + JustZone2Schema.webMigrations

    /// The app over `database` (for the per-client request limit) calling Strava through `strava`, whose budget the
    /// other apps share (Strava counts per client id).
    public init(
        config: ServerConfig, database: Database, strava: StravaServices, cipher: TokenCipher? = nil, logger: Logger
    ) {
        self.config = config
        self.logger = logger
        self.database = database
        self.cipher = cipher
        riders = RiderStore(database: database)
        rides = RideStore(database: database)
        live = LiveRides(store: rides, timings: LiveTimings(settings: config.settings), logger: logger)
        limiter = AttemptLimiter(database: database, limit: 30, window: 15 * 60)
        client = strava.interactiveClient
        uploadClient = strava.client
        stravaWait = strava.interactiveBudget
        history = Zone2History(client: client, cache: StreamCache(database: database))
        uploads = UploadLedger(database: database)
    }

    /// At start: rides left live by a server that stopped (their lease lapsed) become interrupted (their pages
    /// offer Resume); a restart within the lease's 30 s is caught by ``keepLiveRideLeases()`` moments later.
    public func prepare() async throws {
        try await live.markInterrupted()
    }

    /// Runs until cancelled: renews the leases of this server's rides and interrupts rides whose server stopped.
    public func keepLiveRideLeases() async {
        await live.keepLeases()
    }

    /// At shutdown: the rides in progress save their checkpoints and stop (the next start offers Resume).
    public func stopLiveRides() async {
        await live.saveAndStopAll()
    }

    /// Registers every ``JustZone2URL`` route: `POST /zone2/token {"code"}` and `POST /zone2/refresh
    /// {"refresh_token"}` answer with Strava's token response (snake_case, as the original worker passed it on);
    /// errors are `{"error": "…"}`.
    public func addRoutes(to router: Router<AppRequestContext>) {
        for route in JustZone2URL.allCases {
            switch route {
            case .openAPI: router.on(route, use: openAPI)
            case .token: router.on(route, use: token)
            case .refresh: router.on(route, use: refresh)
            case .history: router.on(route, use: historyResponse)
            }
        }
        Zone2WebController(app: self).addRoutes(to: router)
    }

    func openAPI(_ request: Request, _ context: AppRequestContext) async -> Response {
        guard let document = Self.openAPIDocument else {
            return Self.error(.internalServerError, "The OpenAPI document is missing from this build.")
        }
        return JSONResponse.raw(document, headers: [.accessControlAllowOrigin: "*"])
    }

    func token(_ request: Request, _ context: AppRequestContext) async -> Response {
        await answer {
            let code = try await field("code", in: request, context: context)
            return try await client.exchange(code: code)
        }
    }

    func refresh(_ request: Request, _ context: AppRequestContext) async -> Response {
        await answer {
            let token = try await field("refresh_token", in: request, context: context)
            return try await client.refresh(refreshToken: token)
        }
    }

    /// The OpenAPI 3.1 description of these endpoints (generated by `scripts/openapi-zone2.py`).
    static let openAPIDocument: Data? = Bundle.module.url(
        forResource: "openapi", withExtension: "json", subdirectory: "Resources"
    ).flatMap { try? Data(contentsOf: $0) }

    /// `clubhouse zone2 upload`: uploads a FIT, TCX or GPX ride to Strava with the athlete's access token and waits
    /// for the result; returns the line to print. The file's name (without extension) is the `external_id`.
    ///
    /// Each ride is sent once: Strava's upload id is recorded as soon as Strava has the file, so running the command
    /// again (after a timeout, a crash or while Strava is still processing) follows that upload instead of POSTing the
    /// file a second time, and a ride already on Strava is answered from the record without a request.
    public func upload(
        fileAt path: String, accessToken: String, name: String?, uploader: StravaUploader? = nil
    ) async throws -> String {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw Zone2ToolError("Cannot read \(path).")
        }
        // Refuse anything that is not a readable ride file before spending a request.
        _ = try Zone2Tools.activity(from: data)
        let type = Zone2Tools.fileType(of: data) ?? "fit"
        let base = ((path as NSString).lastPathComponent as NSString).deletingPathExtension
        let file = UploadFile(dataType: type, data: data, name: name, trainer: true, externalID: base)
        let key = UploadLedger.key(externalID: base, data: data)
        let uploader = uploader ?? StravaUploader(client: uploadClient)
        let recorded = try await uploads.find(key)
        if let activity = recorded?.activityID {
            return "Already on Strava: https://www.strava.com/activities/\(activity) (uploaded before)"
        }
        let outcome: UploadOutcome
        do {
            let send = { @Sendable () async throws -> UploadOutcome in
                try await uploader.upload(file, accessToken: accessToken) { status in
                    try await uploads.started(key, uploadID: status.id)
                }
            }
            if let recorded {
                do {
                    outcome = try await uploader.resume(uploadID: recorded.uploadID, accessToken: accessToken)
                } catch StravaError.notFound {
                    // Strava no longer knows the upload (it never finished processing): send the file again.
                    try await uploads.forget(key)
                    outcome = try await send()
                }
            } else {
                outcome = try await send()
            }
        } catch let error as StravaError {
            throw Zone2ToolError("Strava refused the upload: \(error.message)")
        }
        switch outcome {
        case .created(let id):
            try await uploads.finished(key, activityID: id)
            return "Uploaded: https://www.strava.com/activities/\(id)"
        case .duplicate(let id, let message):
            if let id { try await uploads.finished(key, activityID: id) }
            return "Already on Strava" + (id.map { ": https://www.strava.com/activities/\($0)" } ?? "")
                + " (\(message))"
        case .failed(let message):
            try await uploads.forget(key)
            throw Zone2ToolError("Strava could not process the file: \(message)")
        case .stillProcessing(let id):
            return "Strava is still processing upload \(id); run the command again in a minute to follow it."
        }
    }

    struct Failure: Error {
        var status: HTTPResponse.Status
        var message: String
    }

    /// Reads one string field of a JSON body, after the per-client limit (these calls spend the Strava budget).
    func field(_ name: String, in request: Request, context: AppRequestContext) async throws -> String {
        guard config.strava.isConfigured else {
            throw Failure(
                status: .serviceUnavailable,
                message: "Strava is not configured on this server: set STRAVA_CLIENT_ID and STRAVA_CLIENT_SECRET.")
        }
        let key = "zone2:\(request.clientAddress(context: context))"
        if let wait = try await limiter.begin(key) {
            throw Failure(status: .tooManyRequests, message: "Too many requests; try again in \(wait) seconds.")
        }
        let data: Data = try await request.collectBody(limit: 16 << 10)
        guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            throw Failure(status: .badRequest, message: "Send a JSON object like {\"\(name)\": \"…\"}.")
        }
        guard let value = object[name] as? String, !value.isEmpty, value.count <= 512 else {
            throw Failure(status: .badRequest, message: "Missing \(name)")
        }
        return value
    }

    func answer(_ body: () async throws -> TokenResponse) async -> Response {
        do {
            let token = try await body()
            let encoder = JSONEncoder()
            encoder.keyEncodingStrategy = .convertToSnakeCase
            encoder.outputFormatting = [.sortedKeys]
            var payload = token
            payload.scope = nil
            return JSONResponse.raw(try encoder.encode(payload), headers: [.cacheControl: "no-store"])
        } catch let failure as Failure {
            return Self.error(failure.status, failure.message)
        } catch let error as APIError where error.status.kind == .clientError {
            // The client's own fault (a body over the limit): its status and our message.
            return Self.error(error.status, error.message)
        } catch let error as StravaError {
            switch error {
            case .badRequest(_, let message), .unauthorized(let message):
                return Self.error(.badRequest, "Strava refused: \(message)")
            case .rateLimited: return Self.error(.tooManyRequests, "Strava's rate limit is reached; try again later.")
            case .timedOut: return timedOut()
            default:
                logger.warning("zone2 token call failed", metadata: ["error": "\(error.message)"])
                return Self.error(.badGateway, "Strava could not be reached.")
            }
        } catch let error as DatabaseUnavailable {
            var response = Self.error(.serviceUnavailable, "The service is briefly unavailable; try again shortly.")
            response.headers[.retryAfter] = String(error.retryAfter)
            return response
        } catch {
            logger.error("zone2 token call failed", metadata: ["error": "\(error)"])
            return Self.error(.internalServerError, "Something went wrong.")
        }
    }

    /// `GET /zone2/history?days=90&zone=125-138` with the athlete's Strava access token as a Bearer token: indoor
    /// rides with their streams (cached after the first fetch) and Zone 2 numbers.
    func historyResponse(_ request: Request, _ context: AppRequestContext) async -> Response {
        guard let header = request.headers[.authorization], header.lowercased().hasPrefix("bearer "),
            case let token = String(header.dropFirst(7)).trimmingCharacters(in: .whitespaces), !token.isEmpty
        else { return Self.error(.unauthorized, "Send the Strava access token as Authorization: Bearer <token>.") }
        let query = request.uri.queryParameters
        var days = 90
        if let text = query.get("days") {
            guard let value = Int(text), (1...365).contains(value) else {
                return Self.error(.badRequest, "days must be a whole number from 1 to 365.")
            }
            days = value
        }
        var zone: HeartRateZone?
        if let text = query.get("zone") {
            let parts = text.split(separator: "-").compactMap { Int($0) }
            guard parts.count == 2, let parsed = try? Zone2Method.manual(lower: parts[0], upper: parts[1]).zone() else {
                return Self.error(.badRequest, "zone must look like 125-138 (bpm).")
            }
            zone = parsed
        }
        let key = "zone2:\(request.clientAddress(context: context))"
        do {
            if let wait = try await limiter.begin(key) {
                return Self.error(.tooManyRequests, "Too many requests; try again in \(wait) seconds.")
            }
            struct Body: Encodable { var rides: [HistoryRide] }
            // The whole answer (athlete, pages, streams) within one budget, not one per Strava call; a late fetch
            // finishes on its own and fills the stream cache for the next request.
            let outcome = await withinDeadline(Double(stravaWait.nanoseconds) / 1e9) { [history, days, zone] in
                do {
                    return Result<[HistoryRide], any Error>.success(
                        try await history.rides(accessToken: token, days: days, zone: zone))
                } catch { return .failure(error) }
            }
            guard let outcome else { return timedOut() }
            let rides = try outcome.get()
            return try JSONResponse.make(Body(rides: rides), headers: [.cacheControl: "no-store"])
        } catch let error as StravaError {
            switch error {
            case .unauthorized: return Self.error(.unauthorized, "Strava did not accept the access token.")
            case .rateLimited: return Self.error(.tooManyRequests, "Strava's rate limit is reached; try again later.")
            case .timedOut: return timedOut()
            default: return Self.error(.badGateway, "Strava could not be reached.")
            }
        } catch let error as DatabaseUnavailable {
            var response = Self.error(.serviceUnavailable, "The service is briefly unavailable; try again shortly.")
            response.headers[.retryAfter] = String(error.retryAfter)
            return response
        } catch {
            logger.error("zone2 history failed", metadata: ["error": "\(error)"])
            return Self.error(.internalServerError, "Something went wrong.")
        }
    }

    /// 504: Strava accepted the call but did not answer within the interactive budget.
    func timedOut() -> Response {
        let seconds = (Double(stravaWait.nanoseconds) / 1e9).formatted(.number.precision(.fractionLength(0...1)))
        return Self.error(.gatewayTimeout, "Strava did not answer within \(seconds) s; try again in a moment.")
    }

    static func error(_ status: HTTPResponse.Status, _ message: String) -> Response {
        let body = (try? JSONSerialization.data(withJSONObject: ["error": message])) ?? Data("{}".utf8)
        return JSONResponse.raw(body, status: status, headers: [.cacheControl: "no-store"])
    }
}
