import ArgumentParser
import ClubhouseServer
import Foundation
import Logging
import ServerKit

struct BackupCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "backup",
        abstract: "Back up the database (safe while the server runs) and name the key that must go with it.",
        discussion: """
            SQLite: writes a new directory with a consistent copy (SQLite's online backup API) and manifest.json \
            (format, migrations, time, key fingerprint). The key is not in the backup: keep <data-dir>/secret.key or \
            TOKEN_ENCRYPTION_KEY with it. PostgreSQL (DATABASE_URL): writes the manifest into --to and prints the \
            pg_dump command that completes the backup.
            """)

    @Option(help: "New directory for the backup (must not exist, or be empty).") var to: String?
    @OptionGroup var common: CommonOptions

    func run() async throws {
        let config = try await common.config()
        try await reportingErrors {
            if let url = config.databaseURL {
                try await postgres(url: url, config: config)
                return
            }
            guard let to else { throw ValidationError("--to is required: the new directory for the backup.") }
            let created = try await SQLiteBackup.create(
                databasePath: config.sqlitePath, dataDirectory: config.dataDirectory,
                configuredKey: config.tokenEncryptionKey, destination: to)
            let count = created.manifest.migrations.count
            print(
                "Backed up \(config.sqlitePath) to \(to) (\(SQLiteBackup.databaseFile) and "
                    + "\(BackupManifest.fileName), \(count) migration\(count == 1 ? "" : "s")).")
            print(keyAdvice(created.keySource, fingerprint: created.manifest.keyFingerprint))
        }
    }

    private func postgres(url: String, config: ServerConfig) async throws {
        guard let to else {
            let (cipher, source) = try Backups.currentKey(
                configuredKey: config.tokenEncryptionKey, dataDirectory: config.dataDirectory)
            print(
                "PostgreSQL is backed up with pg_dump; pass --to DIR to also write the manifest restore checks, then:")
            print("  " + PostgresBackup.dumpCommand(destination: "DIR"))
            print(keyAdvice(source, fingerprint: cipher.fingerprint))
            return
        }
        var logger = Logger(label: "clubhouse.backup")
        logger.logLevel = config.logLevel
        let database = try await Database.open(url: url, sqlitePath: config.sqlitePath, logger: logger)
        let written: (BackupManifest, KeySource)
        do {
            written = try await PostgresBackup.writeManifest(
                database: database, dataDirectory: config.dataDirectory, configuredKey: config.tokenEncryptionKey,
                destination: to)
        } catch {
            await database.close()
            throw error
        }
        await database.close()
        print("Wrote \(to)/\(BackupManifest.fileName). Now dump the database next to it:")
        print("  " + PostgresBackup.dumpCommand(destination: to))
        print(keyAdvice(written.1, fingerprint: written.0.keyFingerprint))
    }
}

struct RestoreCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "restore",
        abstract: "Restore a backup made by `clubhouse backup`, after checking it matches the available key.",
        discussion: """
            Stop the server first. Nothing is written unless the key the data directory would use (TOKEN_ENCRYPTION_KEY \
            or <data-dir>/secret.key) is the backup's key: copy the backed-up key there before restoring. An existing \
            database is replaced only with --force and is kept as clubhouse.sqlite.before-restore. PostgreSQL \
            (DATABASE_URL): checks the key, then prints the pg_restore command.
            """)

    @Option(help: "The backup directory (holds manifest.json).") var from: String
    @Flag(help: "Replace an existing database (kept as clubhouse.sqlite.before-restore).") var force = false
    @OptionGroup var common: CommonOptions

    func run() async throws {
        let config = try await common.config()
        try await reportingErrors {
            if config.databaseURL != nil {
                let (manifest, source) = try PostgresBackup.checkRestore(
                    from: from, dataDirectory: config.dataDirectory, configuredKey: config.tokenEncryptionKey)
                let dump = URL(fileURLWithPath: from).appendingPathComponent(manifest.databaseFile).path
                if !FileManager.default.fileExists(atPath: dump) {
                    print("Warning: \(dump) is missing: the pg_dump step of this backup was not run.")
                }
                print("The key (\(source), fingerprint \(manifest.keyFingerprint)) matches the backup.")
                print(
                    "Restore into an empty database (createdb), then start clubhouse, which applies newer migrations:")
                print("  " + PostgresBackup.restoreCommand(directory: from))
                return
            }
            let restored = try await SQLiteBackup.restore(
                from: from, dataDirectory: config.dataDirectory, configuredKey: config.tokenEncryptionKey,
                force: force, knownMigrations: ClubhouseApps.migrations.map(\.id))
            // Open it as the server would: proves it opens and brings it up to this build's schema.
            var logger = Logger(label: "clubhouse.restore")
            logger.logLevel = config.logLevel
            let database = try await Database.sqlite(path: restored.databasePath, logger: logger)
            let applied: [String]
            do {
                applied = try await Migrator(ClubhouseApps.migrations).migrate(database)
            } catch {
                await database.close()
                throw error
            }
            await database.close()
            print("Restored \(restored.databasePath) from the backup of \(restored.manifest.createdAt).")
            if let kept = restored.previousKeptAt { print("The previous database is kept as \(kept).") }
            if !applied.isEmpty { print("Applied \(applied.count) newer migration\(applied.count == 1 ? "" : "s").") }
            print("Key: \(restored.keySource) (fingerprint \(restored.manifest.keyFingerprint)) matches the backup.")
        }
    }
}

/// Which key must be kept with a backup, and where it is; never the key itself.
private func keyAdvice(_ source: KeySource, fingerprint: String) -> String {
    switch source {
    case .environment:
        "Key: TOKEN_ENCRYPTION_KEY (fingerprint \(fingerprint)) is not in the backup. Keep its value with the backup, "
            + "stored securely: restoring needs the same key, or the stored Strava tokens and club codes are unreadable."
    case .file(let path):
        "Key: \(path) (fingerprint \(fingerprint)) is not in the backup. Keep a copy of that file with the backup, "
            + "stored securely: restoring needs it, or the stored Strava tokens and club codes are unreadable."
    }
}

/// Runs `body`, turning a failure into its message on standard error and exit code 1.
private func reportingErrors(_ body: () async throws -> Void) async throws {
    do {
        try await body()
    } catch let error as ValidationError {
        throw error
    } catch {
        FileHandle.standardError.write(Data("error: \(error)\n".utf8))
        throw ExitCode.failure
    }
}
