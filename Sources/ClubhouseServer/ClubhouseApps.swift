import AsyncHTTPClient
import ClubWeeklyServer
import Foundation
import JustZone2Server
import Logging
import ServerKit
import SportsTimeServer
import StravaServer
import TodayInSwitzerlandServer

/// The four apps over one database, built once from the configuration: what `serve`, every command and the tests
/// that drive the assembled application share.
public struct ClubhouseApps: Sendable {
    /// Club Weekly.
    public let clubWeekly: ClubWeeklyApp
    /// JustZone2's server.
    public let justZone2: JustZone2App
    /// SportsTime.
    public let sportsTime: SportsTimeApp
    /// Today in Switzerland.
    public let swiss: SwissApp
    /// The Strava client and budget Club Weekly and JustZone2 share.
    public let strava: StravaServices

    /// Every app as a module, in the order they are mounted.
    public var modules: [any AppModule] { [clubWeekly, justZone2, sportsTime, swiss] }

    /// Every migration: the shared tables, then each app's (an id listed twice applies once).
    public static let migrations: [Migration] =
        sharedMigrations + StravaServices.migrations + ClubWeeklyApp.migrations + JustZone2App.migrations
        + SportsTimeApp.migrations + SwissApp.migrations

    /// Every column sealed with the token-encryption key, of every app (`clubhouse key rotate` re-seals them).
    public static let sealedColumns: [SealedColumn] =
        ClubWeeklyApp.sealedColumns + JustZone2App.sealedColumns + SportsTimeApp.sealedColumns
        + SwissApp.sealedColumns

    /// Builds every app over `database`. Throws ``ConfigError`` for unusable settings.
    public init(
        config: ServerConfig, database: Database, logger: Logger,
        httpClient: HTTPClient = UpstreamHTTPClient.sharedClient,
        now: @escaping @Sendable () -> Date = Date.init
    ) throws {
        let cipher = try TokenCipher.load(configured: config.tokenEncryptionKey, dataDirectory: config.dataDirectory)
        strava = try StravaServices(
            settings: config.strava, database: database, logger: logger, httpClient: httpClient, now: now)
        clubWeekly = ClubWeeklyApp(
            config: config, database: database, cipher: cipher, strava: strava, logger: logger, now: now)
        justZone2 = JustZone2App(config: config, database: database, strava: strava, cipher: cipher, logger: logger)
        sportsTime = try SportsTimeApp(database: database, logger: logger, now: now())
        swiss = try SwissApp(
            database: database, logger: logger, config: SwissUpstreamConfig(settings: config.settings),
            httpClient: httpClient, now: now)
    }

    /// Background job handlers of every app, by job kind.
    public var jobHandlers: [String: JobRunner.Handler] {
        modules.reduce(into: [:]) { handlers, module in
            handlers.merge(module.jobHandlers) { first, _ in first }
        }
    }
}

/// Storage opened and migrated, and the apps built over it: the state every command runs with.
public struct ClubhouseRuntime: Sendable {
    /// The settings.
    public let config: ServerConfig
    /// The process logger.
    public let logger: Logger
    /// The open database.
    public let database: Database
    /// The apps.
    public let apps: ClubhouseApps

    /// Opens the configured database, applies every migration and builds the apps; closes the database again when
    /// anything fails.
    public static func start(
        _ config: ServerConfig, label: String, httpClient: HTTPClient = UpstreamHTTPClient.sharedClient,
        now: @escaping @Sendable () -> Date = Date.init
    ) async throws -> ClubhouseRuntime {
        var logger = Logger(label: label)
        logger.logLevel = config.logLevel
        for warning in config.warnings { logger.warning("\(warning)") }
        let database = try await Database.open(url: config.databaseURL, sqlitePath: config.sqlitePath, logger: logger)
        do {
            try await Migrator(ClubhouseApps.migrations).migrate(database)
            // A database copied without its key must not get a fresh one: its sealed values would be lost for good.
            if try TokenCipher.existing(configured: config.tokenEncryptionKey, dataDirectory: config.dataDirectory)
                == nil, try await KeyRotation.hasSealedValues(ClubhouseApps.sealedColumns, in: database)
            {
                throw SecretError.missingKeyForData(TokenCipher.keyFilePath(dataDirectory: config.dataDirectory))
            }
            let apps = try ClubhouseApps(
                config: config, database: database, logger: logger, httpClient: httpClient, now: now)
            return ClubhouseRuntime(config: config, logger: logger, database: database, apps: apps)
        } catch {
            await database.close()
            throw error
        }
    }

    /// Closes the database.
    public func close() async { await database.close() }
}
