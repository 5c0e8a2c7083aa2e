import AsyncHTTPClient
import Foundation
import HTTPTypes
import Hummingbird
import Logging
import NIOCore
import ServerKit
import StravaAPI

/// JustZone2's server: the original worker's Strava token endpoints, so the app never holds the client secret.
public struct JustZone2App: Sendable {
    let config: ServerConfig
    let client: StravaClient
    let limiter: AttemptLimiter
    let logger: Logger

    /// The app over `database` (for the per-client request limit) with the configured Strava app. `governor` meters
    /// the Strava budget; pass the one the other apps use, since Strava counts per client id.
    public init(
        config: ServerConfig, database: Database, governor: any RateLimitGovernor, logger: Logger,
        httpClient: HTTPClient = .shared
    ) throws {
        self.config = config
        self.logger = logger
        limiter = AttemptLimiter(database: database, limit: 30, window: 15 * 60)
        guard let apiURL = URL(string: config.strava.apiBaseURL), let oauthURL = URL(string: config.strava.oauthBaseURL)
        else { throw ConfigError.invalid("STRAVA_API_URL/STRAVA_OAUTH_URL", config.strava.apiBaseURL, "absolute URLs") }
        client = StravaClient(
            configuration: StravaConfiguration(
                clientID: config.strava.clientID, clientSecret: config.strava.clientSecret, apiBaseURL: apiURL,
                oauthBaseURL: oauthURL),
            transport: UpstreamStravaTransport(
                client: UpstreamHTTPClient(client: httpClient, timeout: .seconds(20), logger: logger)),
            governor: governor)
    }

    /// `POST /zone2/token {"code"}` and `POST /zone2/refresh {"refresh_token"}`, answering with Strava's token
    /// response (snake_case, as the original worker passed it on); errors are `{"error": "…"}`.
    public func addRoutes(to router: Router<AppRequestContext>) {
        router.post("zone2/token") { request, context in
            await answer {
                let code = try await field("code", in: request, context: context)
                return try await client.exchange(code: code)
            }
        }
        router.post("zone2/refresh") { request, context in
            await answer {
                let token = try await field("refresh_token", in: request, context: context)
                return try await client.refresh(refreshToken: token)
            }
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
        let key = "zone2:\(request.clientAddress(context: context, trustProxy: config.trustProxy))"
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
        } catch let error as StravaError {
            switch error {
            case .badRequest(_, let message), .unauthorized(let message):
                return Self.error(.badRequest, "Strava refused: \(message)")
            case .rateLimited: return Self.error(.tooManyRequests, "Strava's rate limit is reached; try again later.")
            default:
                logger.warning("zone2 token call failed", metadata: ["error": "\(error.message)"])
                return Self.error(.badGateway, "Strava could not be reached.")
            }
        } catch {
            logger.error("zone2 token call failed", metadata: ["error": "\(error)"])
            return Self.error(.internalServerError, "Something went wrong.")
        }
    }

    static func error(_ status: HTTPResponse.Status, _ message: String) -> Response {
        let body = (try? JSONSerialization.data(withJSONObject: ["error": message])) ?? Data("{}".utf8)
        return JSONResponse.raw(body, status: status, headers: [.cacheControl: "no-store"])
    }
}
