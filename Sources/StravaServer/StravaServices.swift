import AsyncHTTPClient
import Foundation
import Logging
import NIOCore
import ServerKit
import StravaAPI

/// The Strava pieces every app shares: one client for the configured Strava app, metered by one budget.
///
/// Strava counts requests per client id, so Club Weekly's sync and JustZone2's token and history calls draw on the
/// same budget, kept in the database so every instance sees it.
public struct StravaServices: Sendable {
    /// The Strava settings (`STRAVA_*`).
    public let settings: ServerConfig.Strava
    /// The client background work calls Strava with: 10 s per attempt, idempotent calls retried within 20 s.
    public let client: StravaClient
    /// The client for calls a person waits on (a page, an app's token exchange): one attempt, connecting gives up
    /// after 3 s and the whole call after ``interactiveBudget``, so a hanging Strava costs a user seconds, not a
    /// minute. Same configuration and rate-limit budget as ``client``.
    public let interactiveClient: StravaClient
    /// The time a person waits for Strava at most (10 s unless given).
    public let interactiveBudget: TimeAmount
    /// The database-backed budget, or nil when the services were built over another governor (tests).
    public let budget: DatabaseRateLimitGovernor?

    /// The table of the shared budget. Apps that call Strava list these with their own migrations.
    public static let migrations: [Migration] = [
        Migration(
            id: "strava-0001-budget",
            [
                """
                CREATE TABLE IF NOT EXISTS strava_rate_limits (
                    name TEXT PRIMARY KEY, state TEXT NOT NULL, updated_at BIGINT NOT NULL)
                """
            ])
    ]

    /// Services over `database`'s shared budget. Throws ``ConfigError`` when a Strava base URL does not parse.
    public init(
        settings: ServerConfig.Strava, database: Database, logger: Logger,
        httpClient: HTTPClient = UpstreamHTTPClient.sharedClient,
        now: @escaping @Sendable () -> Date = Date.init
    ) throws {
        let budget = DatabaseRateLimitGovernor(database: database, now: now)
        try self.init(settings: settings, governor: budget, logger: logger, httpClient: httpClient, now: now)
    }

    /// Services metered by `governor` instead of the database budget.
    public init(
        settings: ServerConfig.Strava, governor: any RateLimitGovernor, logger: Logger,
        httpClient: HTTPClient = UpstreamHTTPClient.sharedClient, interactiveBudget: TimeAmount = .seconds(10),
        now: @escaping @Sendable () -> Date = Date.init
    ) throws {
        guard let apiURL = URL(string: settings.apiBaseURL), apiURL.scheme != nil,
            let oauthURL = URL(string: settings.oauthBaseURL), oauthURL.scheme != nil
        else { throw ConfigError.invalid("STRAVA_API_URL/STRAVA_OAUTH_URL", settings.apiBaseURL, "absolute URLs") }
        self.settings = settings
        self.interactiveBudget = interactiveBudget
        budget = governor as? DatabaseRateLimitGovernor
        let configuration = StravaConfiguration(
            clientID: settings.clientID, clientSecret: settings.clientSecret, apiBaseURL: apiURL,
            oauthBaseURL: oauthURL)
        client = StravaClient(
            configuration: configuration,
            transport: UpstreamStravaTransport(
                client: UpstreamHTTPClient(
                    client: httpClient, timeout: .seconds(10), budget: .seconds(20), logger: logger)),
            governor: governor, now: now)
        interactiveClient = StravaClient(
            configuration: configuration,
            transport: UpstreamStravaTransport(
                client: UpstreamHTTPClient(
                    client: httpClient, timeout: interactiveBudget, budget: interactiveBudget,
                    maxAttempts: 1, logger: logger)),
            governor: governor, now: now)
    }
}
