import Foundation
import SQLKit

/// What the PostgreSQL store needs beside `pg_dump`: the manifest (key fingerprint, migrations), so that restore can
/// check the key before the operator runs `pg_restore`. Clubhouse does not run `pg_dump` itself: it must match the
/// server's major version, and the operator's own tooling (credentials, `.pgpass`, schedules) is the right place.
public enum PostgresBackup {
    /// The dump's file name inside a backup directory.
    public static let dumpFile = "clubhouse.dump"

    /// Writes the manifest of `database` into `destination` (created; must be new or empty) and returns it.
    public static func writeManifest(
        database: Database, dataDirectory: String, configuredKey: String?, destination: String, now: Date = Date()
    ) async throws -> (BackupManifest, KeySource) {
        let (cipher, keySource) = try Backups.currentKey(configuredKey: configuredKey, dataDirectory: dataDirectory)
        guard Backups.isFreeDestination(destination) else { throw BackupError.destinationExists(destination) }
        let migrations = try await database.run { db in
            let present = try await db.raw(
                "SELECT COUNT(*) AS n FROM information_schema.tables WHERE table_name = 'schema_migrations' AND table_schema = ANY (current_schemas(false))"
            ).first()?.decode(column: "n", as: Int.self)
            guard (present ?? 0) > 0 else { return [String]() }
            return try await db.raw("SELECT id FROM schema_migrations ORDER BY id").all().map {
                try $0.decode(column: "id", as: String.self)
            }
        }
        let manifest = BackupManifest(
            database: .postgres, databaseFile: dumpFile, databaseSHA256: nil, migrations: migrations, createdAt: now,
            keyFingerprint: cipher.fingerprint, keySource: keySource)
        do {
            try FileManager.default.createDirectory(atPath: destination, withIntermediateDirectories: true)
        } catch {
            throw BackupError.storage("cannot create \(destination): \(error.localizedDescription)")
        }
        try Backups.write(manifest, in: destination)
        return (manifest, keySource)
    }

    /// The `pg_dump` command line that completes a backup in `destination`.
    public static func dumpCommand(destination: String) -> String {
        "pg_dump --format=custom --no-owner --dbname=\"$DATABASE_URL\" --file=\(shellQuoted(destination + "/" + dumpFile))"
    }

    /// The `pg_restore` command line that restores the backup in `directory` into an empty database.
    public static func restoreCommand(directory: String) -> String {
        "pg_restore --no-owner --exit-on-error --single-transaction --dbname=\"$DATABASE_URL\" "
            + shellQuoted(directory + "/" + dumpFile)
    }

    /// Checks the backup in `directory` against the key the target would use (nothing is written) and returns its
    /// manifest; the caller prints ``restoreCommand(directory:)``.
    public static func checkRestore(
        from directory: String, dataDirectory: String, configuredKey: String?
    ) throws -> (BackupManifest, KeySource) {
        let manifest = try Backups.readManifest(in: directory)
        guard manifest.database == DatabaseKind.postgres.rawValue else {
            throw BackupError.wrongEngine(backup: manifest.database, target: DatabaseKind.postgres.rawValue)
        }
        return (manifest, try Backups.checkKey(manifest, configuredKey: configuredKey, dataDirectory: dataDirectory))
    }

    static func shellQuoted(_ text: String) -> String {
        text.allSatisfy { $0.isLetter || $0.isNumber || "/._-+:@".contains($0) }
            ? text : "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
