import ArgumentParser
import ClubWeeklyServer
import Foundation
import Hummingbird
import JustZone2Server
import Logging
import ServerKit
import ServiceLifecycle
import SportsTimeServer
import TodayInSwitzerlandServer
import UnixSignals

/// `clubhouse`: serves every app, and runs admin commands against the same database.
@main
struct Clubhouse: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "clubhouse",
        abstract: "Club Weekly and the other Clubhouse apps: web server and admin commands.",
        subcommands: [Serve.self, ClubCommand.self, Zone2Command.self, TripsCommand.self, SwissCommand.self],
        defaultSubcommand: Serve.self)
}

/// Options shared by every command: where the data lives and how much to log.
struct CommonOptions: ParsableArguments {
    @Option(help: "Directory for the SQLite database and generated keys (env CLUBHOUSE_DATA_DIR; default ./data).")
    var dataDir: String?

    @Option(help: "Log level: \(ServerConfig.logLevels) (env CLUBHOUSE_LOG_LEVEL; default info).")
    var logLevel: String?

    /// Configuration from the environment and `.env`, then these flags on top.
    func config() async throws -> ServerConfig {
        var config = try await ServerConfig.fromEnvironment()
        if let dataDir { config.dataDirectory = dataDir }
        if let logLevel {
            guard let level = Logger.Level(rawValue: logLevel.lowercased()) else {
                throw ValidationError("--log-level must be one of \(ServerConfig.logLevels).")
            }
            config.logLevel = level
        }
        return config
    }
}

/// Opens storage, applies migrations and builds the app for a command.
struct Runtime {
    let config: ServerConfig
    let logger: Logger
    let database: Database
    let clubWeekly: ClubWeeklyApp
    let justZone2: JustZone2App
    let sportsTime: SportsTimeApp
    let swiss: SwissApp

    static func start(_ config: ServerConfig, label: String) async throws -> Runtime {
        var logger = Logger(label: label)
        logger.logLevel = config.logLevel
        let database = try await Database.open(url: config.databaseURL, sqlitePath: config.sqlitePath, logger: logger)
        do {
            try await Migrator(
                ClubWeeklyApp.migrations + JustZone2App.migrations + SportsTimeApp.migrations + SwissApp.migrations
            ).migrate(database)
            let cipher = try TokenCipher.load(
                configured: config.tokenEncryptionKey, dataDirectory: config.dataDirectory)
            let app = try ClubWeeklyApp(config: config, database: database, cipher: cipher, logger: logger)
            let zone2 = try JustZone2App(
                config: config, database: database, governor: app.stravaGovernor, logger: logger)
            let sportsTime = try SportsTimeApp(database: database, logger: logger)
            let swiss = try SwissApp(database: database, logger: logger)
            return Runtime(
                config: config, logger: logger, database: database, clubWeekly: app, justZone2: zone2,
                sportsTime: sportsTime, swiss: swiss)
        } catch {
            await database.close()
            throw error
        }
    }
}

struct Serve: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Serve every app over HTTP (the default command).")

    @Option(help: "Address to listen on (env CLUBHOUSE_HOST; default 127.0.0.1).")
    var host: String?

    @Option(help: "Port to listen on (env CLUBHOUSE_PORT; default 8080).")
    var port: Int?

    @OptionGroup var common: CommonOptions

    func run() async throws {
        var config = try await common.config()
        if let host { config.host = host }
        if let port {
            guard (0...65535).contains(port) else { throw ValidationError("--port must be 0–65535.") }
            config.port = port
        }
        Observability.bootstrapMetrics()
        let runtime = try await Runtime.start(config, label: "clubhouse")
        let logger = runtime.logger
        logger.info(
            "storage ready",
            metadata: [
                "database": "\(runtime.database.kind.rawValue)",
                "location": "\(config.databaseURL?.redactingPassword ?? config.sqlitePath)",
            ])
        try await runtime.clubWeekly.prepare()
        await runtime.swiss.prepare()

        let router = Router(context: AppRequestContext.self, options: .autoGenerateHeadEndpoints)
        router.add(middleware: RequestLogMiddleware())
        router.add(middleware: MetricsMiddleware())
        router.add(middleware: SecurityHeadersMiddleware())
        OperationsController<AppRequestContext>(database: runtime.database).addRoutes(to: router)
        runtime.clubWeekly.addRoutes(to: router)
        runtime.justZone2.addRoutes(to: router)
        runtime.sportsTime.addRoutes(to: router)
        runtime.swiss.addRoutes(to: router)
        WebShell.addRoutes(to: router, defaultClub: config.defaultClub)

        let jobs = JobRunner(
            queue: JobQueue(database: runtime.database), handlers: runtime.clubWeekly.jobHandlers, logger: logger)
        let app = Application(
            router: router,
            configuration: .init(address: .hostname(config.host, port: config.port), serverName: "clubhouse"),
            onServerRunning: { [url = "http://\(config.host):\(config.port)"] _ in
                logger.notice("listening", metadata: ["url": "\(url)"])
            },
            logger: logger)
        let services = ServiceGroup(
            configuration: .init(
                services: [.init(service: app), .init(service: jobs)],
                gracefulShutdownSignals: [.sigterm, .sigint],
                logger: logger))
        do {
            try await services.run()
        } catch {
            await runtime.database.close()
            throw error
        }
        await runtime.database.close()
    }
}

struct ClubCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "club", abstract: "Manage Club Weekly clubs.",
        subcommands: [Create.self, List.self, Import.self, Sync.self])

    struct Create: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Create a club and print its code.")
        @Option(help: "Club name, e.g. \"Dunboyne CC\".") var name: String
        @Option(help: "IANA time zone, e.g. Europe/Dublin.") var timezone: String
        @Option(help: "URL slug (default: from the name).") var slug: String?
        @Option(help: "Club code (default: generated), ≥ 8 characters of A–Z and 2–9 without look-alikes.")
        var code: String?
        @Option(help: "First day of the club week (default monday).") var weekStart: String?
        @Option(help: "Admin password (≥ 10 characters); or set CLUBHOUSE_ADMIN_PASSWORD.") var adminPassword: String?
        @Flag(help: "Let anyone read the week feed without the code.") var publicFeed = false
        @OptionGroup var common: CommonOptions

        func run() async throws {
            try await withRuntime(common) { runtime in
                let password = adminPassword ?? ProcessInfo.processInfo.environment["CLUBHOUSE_ADMIN_PASSWORD"]
                let created = try await runtime.clubWeekly.createClub(
                    name: name, slug: slug, timeZone: timezone, weekStart: weekStart, code: code,
                    adminPassword: password, publicFeed: publicFeed)
                print("Created club '\(created.slug)'. Club code: \(created.code)")
                if password == nil { print("No admin password set: pass --admin-password to enable the admin pages.") }
            }
        }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List clubs with their codes and sizes.")
        @OptionGroup var common: CommonOptions

        func run() async throws {
            try await withRuntime(common) { runtime in
                let lines = try await runtime.clubWeekly.listClubs()
                print(
                    lines.isEmpty
                        ? "No clubs yet: create one with `clubhouse club create`." : lines.joined(separator: "\n"))
            }
        }
    }

    struct Import: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Import a Strava export (activities.csv or the export .zip) for a member.")
        @Argument(help: "activities.csv or the Strava export .zip") var file: String
        @Option(help: "Club slug.") var club: String
        @Option(help: "Member's name, e.g. \"Sarah Murphy\" (created when new).") var member: String
        @OptionGroup var common: CommonOptions

        func run() async throws {
            try await withRuntime(common) { runtime in
                print(try await runtime.clubWeekly.importFile(path: file, clubSlug: club, memberName: member))
            }
        }
    }

    struct Sync: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Queue a Strava reconciliation of every connected member (the running server performs it).")
        @Option(help: "Club slug.") var club: String
        @OptionGroup var common: CommonOptions

        func run() async throws {
            try await withRuntime(common) { runtime in
                let count = try await runtime.clubWeekly.queueSync(clubSlug: club)
                print("Queued a Strava sync for \(count) connected member\(count == 1 ? "" : "s") of '\(club)'.")
            }
        }
    }
}

/// Runs an admin command with storage open, turning domain errors into a clear message and exit code 1.
func withRuntime(_ common: CommonOptions, _ body: (Runtime) async throws -> Void) async throws {
    let config = try await common.config()
    let runtime = try await Runtime.start(config, label: "clubhouse.cli")
    do {
        try await body(runtime)
    } catch let exit as ExitCode {
        await runtime.database.close()
        throw exit
    } catch {
        await runtime.database.close()
        FileHandle.standardError.write(Data("error: \(error)\n".utf8))
        throw ExitCode.failure
    }
    await runtime.database.close()
}
