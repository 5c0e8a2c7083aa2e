import Configuration
import Foundation
import Logging
import SystemPackage

/// Settings of one server process. Built from command-line flags, then the environment, then `.env`, then defaults.
public struct ServerConfig: Sendable {
    /// Address to listen on (`CLUBHOUSE_HOST`); loopback by default.
    public var host: String = "127.0.0.1"
    /// TCP port to listen on (`CLUBHOUSE_PORT`), 0–65535.
    public var port: Int = 8080
    /// Directory for the SQLite file and the generated key (`CLUBHOUSE_DATA_DIR`).
    public var dataDirectory: String = "./data"
    /// Minimum level logged (`CLUBHOUSE_LOG_LEVEL`), one of ``logLevels``.
    public var logLevel: Logger.Level = .info
    /// `postgres://…` to use PostgreSQL; nil for SQLite in ``dataDirectory``.
    public var databaseURL: String?
    /// Public base URL of this server (OAuth redirects, webhook callback); defaults to `http://host:port`.
    public var publicURL: String?
    /// 32-byte key (base64 or hex) encrypting tokens at rest; generated into the data directory when unset.
    public var tokenEncryptionKey: String?
    /// Seed the demo club on first start.
    public var seedDemo: Bool = true
    /// Club served by the unprefixed `/club-data` route.
    public var defaultClub: String = "demo"
    /// Seconds a connection may stay silent (`CLUBHOUSE_IDLE_TIMEOUT`), idle between requests or part-way through
    /// sending one; then the server closes it, so slow or stalled clients cannot hold connections open.
    public var idleTimeout: Int = 30
    /// Seconds a client may take to send a request's head (`CLUBHOUSE_HEADER_TIMEOUT`), counted from the connection
    /// opening or the previous answer; a client trickling its headers is disconnected after it.
    public var headerTimeout: Int = 30
    /// Seconds a client may take to send a request's body (`CLUBHOUSE_BODY_TIMEOUT`), long enough for a big upload.
    public var bodyTimeout: Int = 300
    /// Open connections served at once (`CLUBHOUSE_MAX_CONNECTIONS`); further ones wait in the kernel's queue.
    public var maxConnections: Int = 512
    /// Reverse proxies whose `X-Forwarded-*` headers are believed (`CLUBHOUSE_TRUSTED_PROXIES`); none by default.
    public var trustedProxies: TrustedProxies = .none
    /// Bearer token `/metrics` requires (`CLUBHOUSE_METRICS_TOKEN`); without one `/metrics` is switched off.
    public var metricsToken: String?

    /// Settings read but not used, with what to do instead; logged at start-up.
    public var warnings: [String] = []

    /// Strava API settings (`STRAVA_*` variables).
    public var strava = Strava()

    /// Every setting as read (flags aside): apps read their own keys here (`swiss.openmeteoUrl` is
    /// `SWISS_OPENMETEO_URL`), so the environment and `.env` apply to all of them alike. Empty by default.
    public var settings = ConfigReader(provider: EnvironmentVariablesProvider(environmentVariables: [:]))

    /// Strava API access. Every URL is configurable so a local fake can stand in.
    public struct Strava: Sendable {
        /// The app's Strava client id (`STRAVA_CLIENT_ID`); empty when Strava is not set up.
        public var clientID: String = ""
        /// The app's Strava client secret (`STRAVA_CLIENT_SECRET`).
        public var clientSecret: String = ""
        /// Base of REST API calls (`STRAVA_API_URL`); a local fake's URL in tests.
        public var apiBaseURL: String = "https://www.strava.com/api/v3"
        /// Base of the OAuth authorize and token endpoints (`STRAVA_OAUTH_URL`).
        public var oauthBaseURL: String = "https://www.strava.com/oauth"
        /// Token Strava echoes when verifying the webhook subscription.
        public var webhookVerifyToken: String = ""
        /// The webhook subscription's id; when set, events of any other subscription are ignored.
        public var subscriptionID: Int64?
        /// Whether both the client id and secret are set, so Strava features can be offered.
        public var isConfigured: Bool { !clientID.isEmpty && !clientSecret.isEmpty }
        /// Defaults: Strava's real URLs, no credentials.
        public init() {}
    }

    /// The defaults; see ``fromEnvironment(environment:dotEnvPath:)`` for reading settings.
    public init() {}

    /// Base URL for links back to this server.
    public var baseURL: String {
        if let publicURL, !publicURL.isEmpty {
            return publicURL.hasSuffix("/") ? String(publicURL.dropLast()) : publicURL
        }
        return "http://\(host):\(port)"
    }

    /// The SQLite file used when no `databaseURL` is set.
    public var sqlitePath: String {
        URL(fileURLWithPath: dataDirectory).appendingPathComponent("clubhouse.sqlite").path
    }

    /// Reads the environment (and `.env` in the working directory when present) over the defaults.
    ///
    /// | variable | setting |
    /// |---|---|
    /// | `CLUBHOUSE_HOST`, `CLUBHOUSE_PORT`, `CLUBHOUSE_DATA_DIR`, `CLUBHOUSE_LOG_LEVEL` | listen address, data, logs |
    /// | `DATABASE_URL` | PostgreSQL URL |
    /// | `PUBLIC_URL` | public base URL |
    /// | `TOKEN_ENCRYPTION_KEY` | AES-256 key |
    /// | `CLUBHOUSE_SEED_DEMO` | `false` to skip the demo club |
    /// | `CLUBHOUSE_DEFAULT_CLUB` | slug for `/club-data` |
    /// | `CLUBHOUSE_TRUSTED_PROXIES` | proxy addresses/CIDRs whose `X-Forwarded-*` headers are believed |
    /// | `CLUBHOUSE_IDLE_TIMEOUT`, `CLUBHOUSE_HEADER_TIMEOUT`, `CLUBHOUSE_BODY_TIMEOUT` | connection deadlines (s) |
    /// | `CLUBHOUSE_MAX_CONNECTIONS` | connections served at once |
    /// | `CLUBHOUSE_METRICS_TOKEN` | bearer token of `/metrics` (off without it) |
    /// | `STRAVA_CLIENT_ID`, `STRAVA_CLIENT_SECRET`, `STRAVA_API_URL`, `STRAVA_OAUTH_URL`, `STRAVA_VERIFY_TOKEN`, `STRAVA_SUBSCRIPTION_ID` | Strava |
    /// | `SWISS_*`, `SPORTSTIME_*` | read by those apps from ``settings`` |
    public static func fromEnvironment(
        environment: [String: String] = ProcessInfo.processInfo.environment, dotEnvPath: String? = ".env"
    ) async throws -> ServerConfig {
        var providers: [any ConfigProvider] = [EnvironmentVariablesProvider(environmentVariables: environment)]
        if let dotEnvPath {
            providers.append(
                try await EnvironmentVariablesProvider(environmentFilePath: FilePath(dotEnvPath), allowMissing: true))
        }
        let reader = ConfigReader(providers: providers)
        var config = ServerConfig()
        config.settings = reader
        config.host = reader.string(forKey: "clubhouse.host", default: config.host)
        if let port = reader.string(forKey: "clubhouse.port") {
            guard let value = Int(port), (0...65535).contains(value) else {
                throw ConfigError.invalid("CLUBHOUSE_PORT", port, "a port number 0–65535")
            }
            config.port = value
        }
        config.dataDirectory = reader.string(forKey: "clubhouse.dataDir", default: config.dataDirectory)
        if let level = reader.string(forKey: "clubhouse.logLevel") {
            guard let parsed = Logger.Level(rawValue: level.lowercased()) else {
                throw ConfigError.invalid("CLUBHOUSE_LOG_LEVEL", level, Self.logLevels)
            }
            config.logLevel = parsed
        }
        config.databaseURL = reader.string(forKey: "database.url", isSecret: true).flatMap { $0.isEmpty ? nil : $0 }
        config.publicURL = reader.string(forKey: "public.url")
        config.tokenEncryptionKey = reader.string(forKey: "token.encryptionKey", isSecret: true)
        if let seed = reader.string(forKey: "clubhouse.seedDemo") {
            config.seedDemo = !["0", "false", "no", "off"].contains(seed.lowercased())
        }
        config.defaultClub = reader.string(forKey: "clubhouse.defaultClub", default: config.defaultClub)
        func number(_ key: ConfigKey, _ name: String, _ range: ClosedRange<Int>, _ what: String) throws -> Int? {
            guard let text = reader.string(forKey: key) else { return nil }
            guard let value = Int(text), range.contains(value) else {
                throw ConfigError.invalid(name, text, "\(what) from \(range.lowerBound) to \(range.upperBound)")
            }
            return value
        }
        let seconds = "a number of seconds"
        config.idleTimeout =
            try number("clubhouse.idleTimeout", "CLUBHOUSE_IDLE_TIMEOUT", 1...3600, seconds) ?? config.idleTimeout
        config.headerTimeout =
            try number("clubhouse.headerTimeout", "CLUBHOUSE_HEADER_TIMEOUT", 1...3600, seconds) ?? config.headerTimeout
        config.bodyTimeout =
            try number("clubhouse.bodyTimeout", "CLUBHOUSE_BODY_TIMEOUT", 1...86_400, seconds) ?? config.bodyTimeout
        config.maxConnections =
            try number("clubhouse.maxConnections", "CLUBHOUSE_MAX_CONNECTIONS", 1...1_000_000, "a number")
            ?? config.maxConnections
        if reader.string(forKey: "clubhouse.trustProxy") != nil {
            config.warnings.append(
                "CLUBHOUSE_TRUST_PROXY is ignored: list the proxies' addresses in CLUBHOUSE_TRUSTED_PROXIES instead "
                    + "(e.g. 127.0.0.1 or 10.0.0.0/8); forwarded headers are believed only from them")
        }
        if let proxies = reader.string(forKey: "clubhouse.trustedProxies") {
            config.trustedProxies = try TrustedProxies(parsing: proxies)
        }
        config.metricsToken = reader.string(forKey: "clubhouse.metricsToken", isSecret: true).flatMap {
            $0.isEmpty ? nil : $0
        }
        if let subscription = reader.string(forKey: "strava.subscriptionId") {
            guard let id = Int64(subscription) else {
                throw ConfigError.invalid("STRAVA_SUBSCRIPTION_ID", subscription, "a number")
            }
            config.strava.subscriptionID = id
        }
        config.strava.clientID = reader.string(forKey: "strava.clientId", default: "")
        config.strava.clientSecret = reader.string(forKey: "strava.clientSecret", isSecret: true, default: "")
        config.strava.apiBaseURL = reader.string(forKey: "strava.apiUrl", default: config.strava.apiBaseURL)
        config.strava.oauthBaseURL = reader.string(forKey: "strava.oauthUrl", default: config.strava.oauthBaseURL)
        config.strava.webhookVerifyToken = reader.string(
            forKey: "strava.verifyToken", isSecret: true, default: config.strava.webhookVerifyToken)
        return config
    }

    /// Accepted `--log-level` values.
    public static let logLevels = "trace, debug, info, notice, warning, error, critical"
}

/// A configuration value that cannot be used.
public enum ConfigError: Error, CustomStringConvertible {
    case invalid(String, String, String)

    /// The variable, the rejected value and what is expected instead.
    public var description: String {
        switch self {
        case .invalid(let name, let value, let expected): "\(name)=\(value) is invalid: expected \(expected)"
        }
    }
}
