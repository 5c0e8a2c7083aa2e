import Crypto
import Foundation
import NIOPosix
import VaporCSQLite

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What `clubhouse backup` writes beside the data as `manifest.json`: enough to check, before anything is restored,
/// that the backup is whole, fits this build's schema and matches the key available where it is restored.
public struct BackupManifest: Codable, Sendable, Equatable {
    /// The version written by this build; restore refuses a newer one.
    public static let currentFormatVersion = 1
    /// The manifest's file name inside a backup directory.
    public static let fileName = "manifest.json"
    /// Marks the file as a Clubhouse backup manifest.
    public static let formatName = "clubhouse-backup"

    /// Always ``formatName``.
    public var format: String
    /// ``currentFormatVersion`` when written.
    public var formatVersion: Int
    /// `sqlite` or `postgres`.
    public var database: String
    /// The data file's name inside the backup directory: `clubhouse.sqlite`, or `clubhouse.dump` (from `pg_dump -Fc`).
    public var databaseFile: String
    /// Lower-case hex SHA-256 of the SQLite copy (nil for PostgreSQL, whose dump the operator makes).
    public var databaseSHA256: String?
    /// Ids of the migrations applied to the copied database, sorted.
    public var migrations: [String]
    /// When the backup was taken (ISO 8601, UTC).
    public var createdAt: String
    /// ``TokenCipher/fingerprint`` of the key that encrypts the backup's secrets; never the key itself.
    public var keyFingerprint: String
    /// Where that key was taken from: `secret.key` or `TOKEN_ENCRYPTION_KEY`.
    public var keySource: String

    /// A manifest of the current format.
    public init(
        database: DatabaseKind, databaseFile: String, databaseSHA256: String?, migrations: [String], createdAt: Date,
        keyFingerprint: String, keySource: KeySource
    ) {
        format = Self.formatName
        formatVersion = Self.currentFormatVersion
        self.database = database.rawValue
        self.databaseFile = databaseFile
        self.databaseSHA256 = databaseSHA256
        self.migrations = migrations.sorted()
        self.createdAt = ISO8601.string(createdAt)
        self.keyFingerprint = keyFingerprint
        switch keySource {
        case .environment: self.keySource = "TOKEN_ENCRYPTION_KEY"
        case .file: self.keySource = "secret.key"
        }
    }
}

/// Why a backup or restore stopped. Every message says what to do; none contains a key.
public enum BackupError: Error, CustomStringConvertible, Equatable {
    case noDatabase(String)
    case noKey(dataDirectory: String)
    case destinationExists(String)
    case manifestMissing(String)
    case manifestInvalid(String, detail: String)
    case unsupportedVersion(Int)
    case wrongEngine(backup: String, target: String)
    case backupDamaged(String, detail: String)
    case keyMissingAtTarget(dataDirectory: String, fingerprint: String, source: String)
    case keyMismatch(expected: String, found: String, source: String)
    case newerSchema([String])
    case targetExists(String)
    case previousRestoreKept(String)
    case databaseInUse(String)
    case storage(String)

    /// What went wrong and what to do about it.
    public var description: String {
        switch self {
        case .noDatabase(let path):
            "no database at \(path): check --data-dir (or CLUBHOUSE_DATA_DIR) names the server's data directory"
        case .noKey(let directory):
            "no token-encryption key: neither TOKEN_ENCRYPTION_KEY nor \(directory)/secret.key is set, so the "
                + "database's encrypted values could never be read back; set TOKEN_ENCRYPTION_KEY to the server's key"
        case .destinationExists(let path):
            "\(path) already exists and is not empty: choose a new path for the backup"
        case .manifestMissing(let path):
            "\(path) has no \(BackupManifest.fileName): it is not a backup made by `clubhouse backup`"
        case .manifestInvalid(let path, let detail):
            "\(path) is not a valid backup manifest (\(detail)): use the directory `clubhouse backup` wrote, unchanged"
        case .unsupportedVersion(let version):
            "the backup's format version \(version) is newer than this clubhouse understands "
                + "(\(BackupManifest.currentFormatVersion)): restore it with the clubhouse version that made it"
        case .wrongEngine(let backup, let target):
            backup == "postgres"
                ? "this is a PostgreSQL backup: restore its clubhouse.dump with pg_restore into the database "
                    + "DATABASE_URL names (see the README, Operations)"
                : "this is a \(backup) backup but the target is \(target): unset DATABASE_URL to restore into "
                    + "the SQLite data directory"
        case .backupDamaged(let path, let detail):
            "the backup's database \(path) is damaged (\(detail)): restore from another backup"
        case .keyMissingAtTarget(let directory, let fingerprint, let source):
            "no token-encryption key for the restored data: copy the backed-up server's key "
                + (source == "TOKEN_ENCRYPTION_KEY"
                    ? "(it was TOKEN_ENCRYPTION_KEY) into TOKEN_ENCRYPTION_KEY"
                    : "file (secret.key) to \(directory)/secret.key with mode 0600, or set TOKEN_ENCRYPTION_KEY")
                + ", then run restore again (key fingerprint \(fingerprint)); nothing was written"
        case .keyMismatch(let expected, let found, let source):
            "the key in \(source) (fingerprint \(found)) is not the key of this backup (fingerprint \(expected)): "
                + "its encrypted tokens and club codes would be unreadable; provide the backed-up server's key (if this "
                + "data directory's key was rotated since, `clubhouse key rotate` kept the old one as "
                + "secret.key.\(expected)); nothing was written"
        case .newerSchema(let ids):
            "the backup has migrations this clubhouse does not know (\(ids.joined(separator: ", "))): "
                + "restore it with the clubhouse version that made it, or a later one"
        case .targetExists(let path):
            "\(path) already exists: pass --force to replace it (the current file is kept as "
                + "\(path).before-restore)"
        case .previousRestoreKept(let path):
            "\(path) is left from an earlier restore: move it away (or delete it) before restoring again"
        case .databaseInUse(let path):
            "\(path) is open in another process (a running server?): stop it first"
        case .storage(let detail): detail
        }
    }
}

/// Shared steps of backing up and restoring either engine.
public enum Backups {
    /// Reads and validates `<directory>/manifest.json`.
    public static func readManifest(in directory: String) throws -> BackupManifest {
        let path = URL(fileURLWithPath: directory).appendingPathComponent(BackupManifest.fileName).path
        guard let data = FileManager.default.contents(atPath: path) else {
            throw BackupError.manifestMissing(directory)
        }
        let manifest: BackupManifest
        do {
            manifest = try JSONDecoder().decode(BackupManifest.self, from: data)
        } catch {
            throw BackupError.manifestInvalid(path, detail: decodingDetail(error))
        }
        guard manifest.format == BackupManifest.formatName else {
            throw BackupError.manifestInvalid(path, detail: "format is '\(manifest.format)'")
        }
        guard manifest.formatVersion >= 1 else {
            throw BackupError.manifestInvalid(path, detail: "format version \(manifest.formatVersion)")
        }
        guard manifest.formatVersion <= BackupManifest.currentFormatVersion else {
            throw BackupError.unsupportedVersion(manifest.formatVersion)
        }
        guard DatabaseKind(rawValue: manifest.database) != nil else {
            throw BackupError.manifestInvalid(path, detail: "unknown database '\(manifest.database)'")
        }
        let file = manifest.databaseFile
        guard !file.isEmpty, !file.contains("/"), file != ".", file != ".." else {
            throw BackupError.manifestInvalid(path, detail: "database file '\(file)' is not a plain file name")
        }
        guard manifest.keyFingerprint.count == 16, manifest.keyFingerprint.allSatisfy(\.isHexDigit) else {
            throw BackupError.manifestInvalid(path, detail: "key fingerprint '\(manifest.keyFingerprint)'")
        }
        return manifest
    }

    /// The key the target would use (`TOKEN_ENCRYPTION_KEY`, else `<dataDirectory>/secret.key`), checked against the
    /// manifest without creating or changing anything. Throws when there is none or it is another key.
    @discardableResult
    public static func checkKey(
        _ manifest: BackupManifest, configuredKey: String?, dataDirectory: String
    ) throws -> KeySource {
        guard let (cipher, source) = try TokenCipher.existing(configured: configuredKey, dataDirectory: dataDirectory)
        else {
            throw BackupError.keyMissingAtTarget(
                dataDirectory: dataDirectory, fingerprint: manifest.keyFingerprint, source: manifest.keySource)
        }
        // Fingerprints are public; comparing them in constant time costs nothing and keeps the habit.
        guard Tokens.constantTimeEquals(cipher.fingerprint, manifest.keyFingerprint.lowercased()) else {
            throw BackupError.keyMismatch(
                expected: manifest.keyFingerprint, found: cipher.fingerprint, source: source.description)
        }
        return source
    }

    /// The key a backup of `dataDirectory` must name; throws ``BackupError/noKey(dataDirectory:)`` when there is none.
    public static func currentKey(configuredKey: String?, dataDirectory: String) throws -> (TokenCipher, KeySource) {
        guard let found = try TokenCipher.existing(configured: configuredKey, dataDirectory: dataDirectory) else {
            throw BackupError.noKey(dataDirectory: dataDirectory)
        }
        return found
    }

    /// Writes `manifest` as `<directory>/manifest.json`.
    static func write(_ manifest: BackupManifest, in directory: String) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let path = URL(fileURLWithPath: directory).appendingPathComponent(BackupManifest.fileName).path
        do {
            try writeSynced(Data(try encoder.encode(manifest) + Data("\n".utf8)), to: path)
        } catch {
            throw BackupError.storage("cannot write \(path): \(error)")
        }
    }

    /// Whether `path` is missing or an empty directory (a place a backup may go).
    static func isFreeDestination(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { return true }
        return isDirectory.boolValue && ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? ["?"]).isEmpty
    }

    /// Runs blocking file and SQLite work on NIO's thread pool, off the cooperative threads.
    static func blocking<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        try await NIOThreadPool.singleton.runIfActive(body)
    }

    private static func decodingDetail(_ error: any Error) -> String {
        switch error {
        case DecodingError.keyNotFound(let key, _): "missing '\(key.stringValue)'"
        case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context):
            "wrong value at '\(context.codingPath.map(\.stringValue).joined(separator: "."))'"
        case DecodingError.dataCorrupted: "not JSON"
        default: "unreadable"
        }
    }
}

/// Backup and restore of the SQLite store (`<data-dir>/clubhouse.sqlite`).
public enum SQLiteBackup {
    /// The database file's name inside a backup.
    public static let databaseFile = "clubhouse.sqlite"

    /// What ``create(databasePath:dataDirectory:configuredKey:destination:now:)`` wrote.
    public struct Created: Sendable {
        /// The manifest written beside the copy.
        public let manifest: BackupManifest
        /// Where the key that must travel with the backup is (the backup does not contain it).
        public let keySource: KeySource
    }

    /// Copies the live database at `databasePath` into the new directory `destination` with SQLite's online backup
    /// API (safe while a server writes), checks the copy, and writes the manifest. The directory appears complete or
    /// not at all: it is assembled under a temporary name and renamed. The data directory is only read (SQLite may
    /// create its `-wal`/`-shm` companions there when no server has the database open).
    public static func create(
        databasePath: String, dataDirectory: String, configuredKey: String?, destination: String, now: Date = Date()
    ) async throws -> Created {
        guard FileManager.default.fileExists(atPath: databasePath) else { throw BackupError.noDatabase(databasePath) }
        let (cipher, keySource) = try Backups.currentKey(configuredKey: configuredKey, dataDirectory: dataDirectory)
        let fingerprint = cipher.fingerprint
        guard Backups.isFreeDestination(destination) else { throw BackupError.destinationExists(destination) }
        return try await Backups.blocking {
            let target = URL(fileURLWithPath: destination).standardizedFileURL
            let parent = target.deletingLastPathComponent()
            let staging = parent.appendingPathComponent(".\(target.lastPathComponent).partial-\(UUID().uuidString)")
            do {
                try FileManager.default.createDirectory(at: parent, withIntermediateDirectories: true)
                // The copy holds encrypted tokens, password hashes and session hashes: owner only.
                try FileManager.default.createDirectory(
                    at: staging, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
            } catch {
                throw BackupError.storage("cannot create \(staging.path): \(error.localizedDescription)")
            }
            do {
                let copyPath = staging.appendingPathComponent(databaseFile).path
                let migrations = try copy(databasePath, to: copyPath)
                let manifest = BackupManifest(
                    database: .sqlite, databaseFile: databaseFile, databaseSHA256: try sha256(ofFile: copyPath),
                    migrations: migrations, createdAt: now, keyFingerprint: fingerprint, keySource: keySource)
                try Backups.write(manifest, in: staging.path)
                try syncDirectory(staging.path)
                guard rename(staging.path, target.path) == 0 else {
                    throw BackupError.storage("cannot move the backup to \(target.path): \(errnoText())")
                }
                try syncDirectory(parent.path)
                return Created(manifest: manifest, keySource: keySource)
            } catch {
                try? FileManager.default.removeItem(at: staging)
                throw error
            }
        }
    }

    /// What ``restore(from:dataDirectory:configuredKey:force:knownMigrations:)`` did.
    public struct Restored: Sendable {
        /// The backup's manifest.
        public let manifest: BackupManifest
        /// The restored database file.
        public let databasePath: String
        /// Where the replaced database was kept (`--force` over an existing one), else nil.
        public let previousKeptAt: String?
        /// The key the restored data is read with.
        public let keySource: KeySource
    }

    /// Restores the backup in `directory` into `<dataDirectory>/clubhouse.sqlite`.
    ///
    /// Everything is checked before anything is written: the manifest, the copy's checksum and integrity, that the
    /// key the target would use (`configuredKey`, else `<dataDirectory>/secret.key`) is the backup's key (no key is
    /// ever generated here), that the schema is one this build knows (`knownMigrations`, nil to skip), and that no
    /// database is there unless `force`. With `force` the existing file must not be open elsewhere (SQLite refuses
    /// to leave WAL mode while another connection has it open); it is kept as `clubhouse.sqlite.before-restore`.
    /// The copy lands under a temporary name and is renamed into place. The caller then opens it normally, which
    /// applies any newer migrations.
    public static func restore(
        from directory: String, dataDirectory: String, configuredKey: String?, force: Bool,
        knownMigrations: [String]?
    ) async throws -> Restored {
        let manifest = try Backups.readManifest(in: directory)
        guard manifest.database == DatabaseKind.sqlite.rawValue else {
            throw BackupError.wrongEngine(backup: manifest.database, target: DatabaseKind.sqlite.rawValue)
        }
        let keySource = try Backups.checkKey(manifest, configuredKey: configuredKey, dataDirectory: dataDirectory)
        if let knownMigrations {
            let known = Set(knownMigrations)
            let unknown = manifest.migrations.filter { !known.contains($0) }
            guard unknown.isEmpty else { throw BackupError.newerSchema(unknown) }
        }
        let source = URL(fileURLWithPath: directory).appendingPathComponent(manifest.databaseFile).path
        let databasePath = URL(fileURLWithPath: dataDirectory).appendingPathComponent(databaseFile).path
        let kept = databasePath + ".before-restore"
        let targetExists =
            FileManager.default.fileExists(atPath: databasePath)
            || FileManager.default.fileExists(atPath: databasePath + "-wal")
        if targetExists {
            guard force else { throw BackupError.targetExists(databasePath) }
            guard !FileManager.default.fileExists(atPath: kept) else { throw BackupError.previousRestoreKept(kept) }
        }
        return try await Backups.blocking {
            let fileManager = FileManager.default
            try verify(source, manifest: manifest)
            // Checks done: from here on the data directory changes.
            do {
                try fileManager.createDirectory(atPath: dataDirectory, withIntermediateDirectories: true)
            } catch {
                throw BackupError.storage("cannot create \(dataDirectory): \(error.localizedDescription)")
            }
            let incoming = databasePath + ".restoring"
            try? fileManager.removeItem(atPath: incoming)
            do {
                try copyFile(source, to: incoming)
                if targetExists { try setAside(databasePath, as: kept) }
                guard rename(incoming, databasePath) == 0 else {
                    throw BackupError.storage("cannot move the restored database into \(databasePath): \(errnoText())")
                }
                try syncDirectory(dataDirectory)
            } catch {
                try? fileManager.removeItem(atPath: incoming)
                throw error
            }
            return Restored(
                manifest: manifest, databasePath: databasePath, previousKeptAt: targetExists ? kept : nil,
                keySource: keySource)
        }
    }

    /// Online backup of `source` into a new file `destination`, which is then a self-contained rollback-journal
    /// database (no `-wal` needed) that passes `PRAGMA integrity_check`. Returns its migration ids.
    static func copy(_ source: String, to destination: String) throws -> [String] {
        let from = try SQLiteFile(path: source, mode: .readOnly)
        defer { from.close() }
        from.setBusyTimeout(milliseconds: 5000)
        let to = try SQLiteFile(path: destination, mode: .create)
        defer { to.close() }
        try from.backup(into: to)
        from.close()
        try to.strings("PRAGMA journal_mode = DELETE")
        let check = try to.strings("PRAGMA integrity_check")
        guard check == ["ok"] else {
            throw BackupError.storage("the copy failed its integrity check: \(check.prefix(3).joined(separator: "; "))")
        }
        return try migrationIDs(to)
    }

    /// The checksum and `PRAGMA integrity_check` of the backup's copy, read without changing the backup.
    static func verify(_ path: String, manifest: BackupManifest) throws {
        guard FileManager.default.fileExists(atPath: path) else {
            throw BackupError.backupDamaged(path, detail: "the file is missing")
        }
        if let expected = manifest.databaseSHA256 {
            guard try sha256(ofFile: path) == expected.lowercased() else {
                throw BackupError.backupDamaged(path, detail: "its checksum differs from the manifest's")
            }
        }
        do {
            let file = try SQLiteFile(path: path, mode: .immutable)
            defer { file.close() }
            let check = try file.strings("PRAGMA integrity_check")
            guard check == ["ok"] else {
                throw BackupError.backupDamaged(path, detail: check.prefix(3).joined(separator: "; "))
            }
        } catch let error as SQLiteFileError {
            throw BackupError.backupDamaged(path, detail: error.description)
        }
    }

    /// Throws ``BackupError/databaseInUse(_:)`` when another connection (a running server) has the database at `path`
    /// open. Switching out of WAL mode needs the only connection, so it doubles as the check; it also folds the
    /// `-wal` into the file, which leaves the file whole on its own. The next normal open turns WAL back on.
    public static func checkNotInUse(_ path: String) async throws {
        try await Backups.blocking { try leaveWAL(path) }
    }

    static func leaveWAL(_ path: String) throws {
        do {
            let file = try SQLiteFile(path: path, mode: .readWrite)
            defer { file.close() }
            file.setBusyTimeout(milliseconds: 0)
            let mode = try file.strings("PRAGMA journal_mode = DELETE")
            guard mode.first?.lowercased() == "delete" else { throw BackupError.databaseInUse(path) }
        } catch let error as SQLiteFileError {
            // BUSY/LOCKED: another connection holds the file. Anything else: not a database we can vouch for.
            if error.code == SQLITE_BUSY || error.code == SQLITE_LOCKED { throw BackupError.databaseInUse(path) }
            throw BackupError.storage("cannot check \(path): \(error.description)")
        }
        guard !FileManager.default.fileExists(atPath: path + "-wal") else { throw BackupError.databaseInUse(path) }
    }

    /// Moves the existing database aside after making sure no other connection has it open (``checkNotInUse(_:)``).
    static func setAside(_ path: String, as kept: String) throws {
        try leaveWAL(path)
        try? FileManager.default.removeItem(atPath: path + "-shm")
        guard rename(path, kept) == 0 else { throw BackupError.storage("cannot move \(path) aside: \(errnoText())") }
    }

    static func migrationIDs(_ file: SQLiteFile) throws -> [String] {
        let tables = try file.strings(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'schema_migrations'")
        guard !tables.isEmpty else { return [] }
        return try file.strings("SELECT id FROM schema_migrations ORDER BY id")
    }
}

// MARK: - Files

/// Lower-case hex SHA-256 of a file, read in 1 MiB pieces.
func sha256(ofFile path: String) throws -> String {
    guard let handle = FileHandle(forReadingAtPath: path) else { throw BackupError.storage("cannot read \(path)") }
    defer { try? handle.close() }
    var hasher = SHA256()
    while let chunk = try handle.read(upToCount: 1 << 20), !chunk.isEmpty { hasher.update(data: chunk) }
    return hasher.finalize().map { String(format: "%02x", $0) }.joined()
}

/// Copies `source` to the new file `destination` (mode 0600) and flushes it to disk.
func copyFile(_ source: String, to destination: String) throws {
    guard let input = FileHandle(forReadingAtPath: source) else { throw BackupError.storage("cannot read \(source)") }
    defer { try? input.close() }
    let fd = open(destination, O_WRONLY | O_CREAT | O_EXCL, 0o600)
    guard fd >= 0 else { throw BackupError.storage("cannot create \(destination): \(errnoText())") }
    let output = FileHandle(fileDescriptor: fd, closeOnDealloc: true)
    do {
        while let chunk = try input.read(upToCount: 1 << 20), !chunk.isEmpty { try output.write(contentsOf: chunk) }
        try output.synchronize()
        try output.close()
    } catch {
        try? output.close()
        throw BackupError.storage("cannot write \(destination): \(error.localizedDescription)")
    }
}

/// Creates the file `path` holding `contents`, with mode 0600 from the start and never replacing a file: written and
/// flushed under a temporary name, then hard-linked into place (atomic, and failing when `path` exists), so no
/// reader ever sees it half-written. Returns 0, or the `errno` of the failure (`EEXIST` when the file exists).
func createPrivateFile(_ path: String, contents: Data) -> Int32 {
    let temporary = path + ".tmp-" + UUID().uuidString
    let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL, 0o600)
    guard fd >= 0 else { return errno }
    defer { unlink(temporary) }
    let written = contents.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
    var failure = written != contents.count ? (written < 0 ? errno : EIO) : (fsync(fd) == 0 ? 0 : errno)
    close(fd)
    if failure == 0, link(temporary, path) != 0 { failure = errno }
    return failure
}

/// Writes `data` to `path` (replacing it) and flushes it to disk.
func writeSynced(_ data: Data, to path: String) throws {
    try data.write(to: URL(fileURLWithPath: path))
    let fd = open(path, O_RDONLY)
    guard fd >= 0 else { throw BackupError.storage("cannot open \(path): \(errnoText())") }
    defer { close(fd) }
    _ = fsync(fd)
}

/// Flushes a directory's entries (new and renamed files) to disk.
func syncDirectory(_ path: String) throws {
    let fd = open(path, O_RDONLY)
    guard fd >= 0 else { throw BackupError.storage("cannot open \(path): \(errnoText())") }
    defer { close(fd) }
    _ = fsync(fd)
}

func errnoText() -> String { String(cString: strerror(errno)) }
