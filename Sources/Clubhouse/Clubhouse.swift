import ArgumentParser
import ClubWeeklyServer
import ClubhouseServer
import Foundation
import Hummingbird
import Logging
import ServerKit

/// `clubhouse`: serves every app, and runs admin commands against the same database.
@main
struct Clubhouse: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "clubhouse",
        abstract: "Club Weekly and the other Clubhouse apps: web server and admin commands.",
        subcommands: [
            Serve.self, ClubCommand.self, Zone2Command.self, TripsCommand.self, SwissCommand.self, BackupCommand.self,
            RestoreCommand.self, KeyCommand.self,
        ],
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
        let runtime = try await ClubhouseRuntime.start(config, label: "clubhouse")
        runtime.logger.info(
            "storage ready",
            metadata: [
                "database": "\(runtime.database.kind.rawValue)",
                "location": "\(config.databaseURL?.redactingPassword ?? config.sqlitePath)",
            ])
        do {
            try await buildApplication(runtime, warmUp: true).runService()
        } catch {
            await runtime.close()
            throw error
        }
        await runtime.close()
    }
}

struct ClubCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "club", abstract: "Manage Club Weekly clubs.",
        subcommands: [Create.self, List.self, Import.self, Sync.self, Unlock.self, Rollups.self])

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
                let created = try await runtime.apps.clubWeekly.createClub(
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
                let lines = try await runtime.apps.clubWeekly.listClubs()
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
                print(try await runtime.apps.clubWeekly.importFile(path: file, clubSlug: club, memberName: member))
            }
        }
    }

    struct Rollups: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Manage the per member weekly rollups the week views read.", subcommands: [Rebuild.self])

        struct Rebuild: AsyncParsableCommand {
            static let configuration = CommandConfiguration(
                abstract: "Recompute the weekly rollups from the stored activities (one club, or every club).")
            @Option(help: "Club slug (default: every club).") var club: String?
            @OptionGroup var common: CommonOptions

            func run() async throws {
                try await withRuntime(common) { runtime in
                    let lines = try await runtime.apps.clubWeekly.rebuildRollups(clubSlug: club)
                    print(lines.isEmpty ? "No clubs yet." : lines.joined(separator: "\n"))
                }
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
                let count = try await runtime.apps.clubWeekly.queueSync(clubSlug: club)
                print("Queued a Strava sync for \(count) connected member\(count == 1 ? "" : "s") of '\(club)'.")
            }
        }
    }
}

extension ClubCommand {
    struct Unlock: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Lift the lock-out after too many wrong club codes or admin passwords.")
        @Option(help: "Club slug.") var club: String
        @Option(help: "Only this client address (as the server saw it); default: everyone locked out of the club.")
        var address: String?
        @OptionGroup var common: CommonOptions

        func run() async throws {
            try await withRuntime(common) { runtime in
                let forgotten = try await runtime.apps.clubWeekly.unlock(clubSlug: club, address: address)
                print(
                    forgotten == 0
                        ? "Nothing to unlock: no recent wrong attempts at '\(club)'."
                        : "Unlocked '\(club)': forgot \(forgotten) wrong attempt\(forgotten == 1 ? "" : "s").")
            }
        }
    }
}

/// Runs an admin command with storage open, turning domain errors into a clear message and exit code 1.
func withRuntime(_ common: CommonOptions, _ body: (ClubhouseRuntime) async throws -> Void) async throws {
    let config = try await common.config()
    let runtime = try await ClubhouseRuntime.start(config, label: "clubhouse.cli")
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
