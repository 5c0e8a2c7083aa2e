import Foundation
import Logging
import SQLKit
import ServerKit
import Synchronization
import TestSupport
import Testing

/// `clubhouse backup` / `clubhouse restore` on SQLite: consistent online copies, and restores that check first.
@Suite("Backup and restore")
struct BackupTests {
    static let schema = [
        Migration(id: "t-0001", ["CREATE TABLE items (id INTEGER PRIMARY KEY, name TEXT NOT NULL, sealed TEXT)"])
    ]
    static let schemaIDs = ["t-0001"]

    /// A data directory as the server leaves it: `clubhouse.sqlite` (WAL) with `rows` rows, and `secret.key`
    /// (generated, or none when `key` is given: then the key comes from TOKEN_ENCRYPTION_KEY).
    struct DataDirectory {
        let path: String
        let key: String?
        var databasePath: String { path + "/clubhouse.sqlite" }
        var cipher: TokenCipher {
            get throws { try TokenCipher.load(configured: key, dataDirectory: path) }
        }

        static func make(rows: Int = 0, key: String? = nil) async throws -> DataDirectory {
            let directory = DataDirectory(path: emptyDirectory(), key: key)
            let cipher = try directory.cipher
            let database = try await directory.open()
            try await Migrator(schema).migrate(database)
            for index in 0..<rows {
                let sealed = try cipher.seal("token-\(index)")
                try await database.run { db in
                    try await db.raw(
                        "INSERT INTO items (name, sealed) VALUES (\(bind: "row-\(index)"), \(bind: sealed))"
                    )
                    .run()
                }
            }
            await database.close()
            return directory
        }

        func open() async throws -> Database {
            try await Database.sqlite(path: databasePath, logger: .init(label: "backup-test"))
        }
    }

    static func emptyDirectory() -> String {
        (TestDatabases.temporaryFile("x") as NSString).deletingLastPathComponent
    }

    /// Every file under `directory` with its bytes, to prove a refused restore wrote nothing.
    static func snapshot(_ directory: String) -> [String: Data] {
        var files: [String: Data] = [:]
        let enumerator = FileManager.default.enumerator(atPath: directory)
        while let name = enumerator?.nextObject() as? String {
            files[name] = FileManager.default.contents(atPath: directory + "/" + name) ?? Data()
        }
        return files
    }

    static func names(in database: Database) async throws -> [String] {
        try await database.run { db in
            try await db.raw("SELECT name FROM items ORDER BY id").all().map {
                try $0.decode(column: "name", as: String.self)
            }
        }
    }

    static func backup(_ source: DataDirectory, to destination: String? = nil) async throws -> String {
        let destination = destination ?? emptyDirectory() + "/backup"
        _ = try await SQLiteBackup.create(
            databasePath: source.databasePath, dataDirectory: source.path, configuredKey: source.key,
            destination: destination)
        return destination
    }

    static func restore(
        _ backup: String, into target: String, key: String? = nil, force: Bool = false,
        known: [String]? = schemaIDs
    ) async throws -> SQLiteBackup.Restored {
        try await SQLiteBackup.restore(
            from: backup, dataDirectory: target, configuredKey: key, force: force, knownMigrations: known)
    }

    static func copyKey(from source: DataDirectory, to target: String) throws {
        try FileManager.default.createDirectory(atPath: target, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: source.path + "/secret.key", toPath: target + "/secret.key")
    }

    // MARK: Backup

    @Test("a backup taken while rows are being written holds every row committed before it began, and is whole")
    func backupUnderConcurrentWrites() async throws {
        let source = try await DataDirectory.make(rows: 50)
        let database = try await source.open()
        let progress = WriterProgress(committed: 50)
        let writer = Task {
            // A failing writer stops the loops below rather than leaving them waiting; its error is rethrown.
            defer { progress.stopped = true }
            while !progress.stopped {
                let next = progress.committed
                try await database.transaction { db in
                    try await db.raw("INSERT INTO items (name) VALUES (\(bind: "row-\(next)"))").run()
                }
                progress.committed = next + 1
            }
        }
        // Let the writer get going, then back up while it keeps writing.
        while progress.committed < 300, !progress.stopped { await Task.yield() }
        let before = progress.committed
        let destination = try await Self.backup(source)
        let after = progress.committed
        while progress.committed < after + 20, !progress.stopped { await Task.yield() }
        progress.stopped = true
        try await writer.value
        await database.close()

        let manifest = try Backups.readManifest(in: destination)
        #expect(manifest.migrations == ["t-0001"])
        #expect(manifest.keyFingerprint == (try source.cipher.fingerprint))
        #expect(manifest.keySource == "secret.key")
        #expect(!FileManager.default.fileExists(atPath: destination + "/secret.key"), "the key never goes in a backup")
        #expect(
            Set(try FileManager.default.contentsOfDirectory(atPath: destination))
                == ["clubhouse.sqlite", "manifest.json"])

        let copy = try await Database.sqlite(path: destination + "/clubhouse.sqlite", logger: .init(label: "copy"))
        let names = try await Self.names(in: copy)
        let check = try await copy.run { db in
            try await db.raw("PRAGMA integrity_check").all().map {
                try $0.decode(column: "integrity_check", as: String.self)
            }
        }
        await copy.close()
        #expect(check == ["ok"])
        #expect(names.count >= before, "rows committed before the backup began: \(before), in the copy: \(names.count)")
        // A snapshot: exactly the first N rows, no gaps, nothing half-written.
        #expect(names == (0..<names.count).map { "row-\($0)" })
        #expect(names.count <= after + 1)
    }

    /// What the writer of ``backupUnderConcurrentWrites()`` has committed, shared with the test.
    final class WriterProgress: Sendable {
        private let state: Mutex<(committed: Int, stopped: Bool)>
        init(committed: Int) { state = Mutex((committed, false)) }
        var committed: Int {
            get { state.withLock { $0.committed } }
            set { state.withLock { $0.committed = newValue } }
        }
        var stopped: Bool {
            get { state.withLock { $0.stopped } }
            set { state.withLock { $0.stopped = newValue } }
        }
    }

    @Test("backup refuses a used destination, a missing database and a missing key, and never creates a key")
    func backupRefusals() async throws {
        let source = try await DataDirectory.make(rows: 3)
        let used = Self.emptyDirectory()
        try Data("x".utf8).write(to: URL(fileURLWithPath: used + "/note.txt"))
        await #expect(throws: BackupError.destinationExists(used)) { _ = try await Self.backup(source, to: used) }

        let empty = DataDirectory(path: Self.emptyDirectory(), key: nil)
        await #expect(throws: BackupError.noDatabase(empty.databasePath)) { _ = try await Self.backup(empty) }

        try FileManager.default.removeItem(atPath: source.path + "/secret.key")
        await #expect(throws: BackupError.noKey(dataDirectory: source.path)) { _ = try await Self.backup(source) }
        #expect(!FileManager.default.fileExists(atPath: source.path + "/secret.key"))

        // An empty directory is a fine destination.
        let keyed = try await DataDirectory.make(rows: 1)
        let free = Self.emptyDirectory()
        _ = try await Self.backup(keyed, to: free)
        #expect(FileManager.default.fileExists(atPath: free + "/manifest.json"))
    }

    // MARK: Restore

    @Test("restore round trip: rows and sealed values read back with the same key, and migrations carry on")
    func restoreRoundTrip() async throws {
        let source = try await DataDirectory.make(rows: 12)
        let backup = try await Self.backup(source)
        let target = Self.emptyDirectory() + "/restored"
        try Self.copyKey(from: source, to: target)

        let restored = try await Self.restore(backup, into: target)
        #expect(restored.previousKeptAt == nil)
        #expect(restored.keySource == .file(target + "/secret.key"))

        let database = try await Database.sqlite(path: restored.databasePath, logger: .init(label: "restored"))
        let newer = Self.schema + [Migration(id: "t-0002", ["ALTER TABLE items ADD COLUMN extra TEXT"])]
        #expect(try await Migrator(newer).migrate(database) == ["t-0002"], "applied migrations are kept")
        #expect(try await Self.names(in: database) == (0..<12).map { "row-\($0)" })
        let sealed = try await database.run { db in
            try await db.raw("SELECT sealed FROM items ORDER BY id").all().map {
                try $0.decode(column: "sealed", as: String.self)
            }
        }
        await database.close()
        let cipher = try TokenCipher.load(configured: nil, dataDirectory: target)
        #expect(try sealed.map { try cipher.open($0) } == (0..<12).map { "token-\($0)" })
    }

    @Test("restore with TOKEN_ENCRYPTION_KEY: no secret.key is written anywhere")
    func restoreWithConfiguredKey() async throws {
        let key = String(repeating: "5c", count: 32)
        let source = try await DataDirectory.make(rows: 4, key: key)
        let backup = try await Self.backup(source)
        #expect(try Backups.readManifest(in: backup).keySource == "TOKEN_ENCRYPTION_KEY")
        let target = Self.emptyDirectory() + "/new"
        let restored = try await Self.restore(backup, into: target, key: key)
        #expect(restored.keySource == .environment)
        #expect(Set(try FileManager.default.contentsOfDirectory(atPath: target)) == ["clubhouse.sqlite"])
    }

    @Test("restore with another key refuses and leaves the target byte for byte as it was")
    func restoreWrongKey() async throws {
        let source = try await DataDirectory.make(rows: 5)
        let backup = try await Self.backup(source)

        // The target has its own key and database.
        let other = try await DataDirectory.make(rows: 2)
        let before = Self.snapshot(other.path)
        let error = await #expect(throws: BackupError.self) {
            _ = try await Self.restore(backup, into: other.path, force: true)
        }
        #expect(
            error
                == .keyMismatch(
                    expected: try source.cipher.fingerprint, found: try other.cipher.fingerprint,
                    source: other.path + "/secret.key"))
        #expect(error?.description.contains("nothing was written") == true)
        #expect(Self.snapshot(other.path) == before)

        // A wrong TOKEN_ENCRYPTION_KEY is refused too.
        await #expect(throws: BackupError.self) {
            _ = try await Self.restore(backup, into: other.path, key: String(repeating: "ab", count: 32), force: true)
        }
        #expect(Self.snapshot(other.path) == before)
    }

    @Test("restore into a directory without any key refuses, says to copy the key, and creates no secret.key")
    func restoreWithoutKey() async throws {
        let source = try await DataDirectory.make(rows: 2)
        let backup = try await Self.backup(source)
        let fingerprint = try source.cipher.fingerprint

        let empty = Self.emptyDirectory()
        await #expect(
            throws: BackupError.keyMissingAtTarget(dataDirectory: empty, fingerprint: fingerprint, source: "secret.key")
        ) { _ = try await Self.restore(backup, into: empty) }
        #expect(try FileManager.default.contentsOfDirectory(atPath: empty).isEmpty)

        let missing = Self.emptyDirectory() + "/not-yet"
        await #expect(throws: BackupError.self) { _ = try await Self.restore(backup, into: missing) }
        #expect(!FileManager.default.fileExists(atPath: missing), "the data directory is not even created")

        let message = BackupError.keyMissingAtTarget(
            dataDirectory: empty, fingerprint: fingerprint, source: "secret.key"
        )
        .description
        #expect(message.contains("\(empty)/secret.key") && message.contains("TOKEN_ENCRYPTION_KEY"))
    }

    @Test("restore onto an existing database needs --force, keeps the old file aside, and not twice")
    func restoreOverExisting() async throws {
        let source = try await DataDirectory.make(rows: 3)
        let backup = try await Self.backup(source)
        let target = try await DataDirectory.make(rows: 7)
        // Same key as the backup, different data.
        try FileManager.default.removeItem(atPath: target.path + "/secret.key")
        try Self.copyKey(from: source, to: target.path)
        let before = Self.snapshot(target.path)

        await #expect(throws: BackupError.targetExists(target.databasePath)) {
            _ = try await Self.restore(backup, into: target.path)
        }
        #expect(Self.snapshot(target.path) == before)

        let restored = try await Self.restore(backup, into: target.path, force: true)
        #expect(restored.previousKeptAt == target.databasePath + ".before-restore")
        let now = try await target.open()
        #expect(try await Self.names(in: now).count == 3)
        await now.close()
        let kept = try await Database.sqlite(path: target.databasePath + ".before-restore", logger: .init(label: "k"))
        #expect(try await Self.names(in: kept).count == 7, "the replaced database is kept whole")
        await kept.close()

        await #expect(throws: BackupError.previousRestoreKept(target.databasePath + ".before-restore")) {
            _ = try await Self.restore(backup, into: target.path, force: true)
        }
    }

    @Test("restore refuses while another connection (a running server) has the database open")
    func restoreWhileInUse() async throws {
        let source = try await DataDirectory.make(rows: 3)
        let backup = try await Self.backup(source)
        let target = try await DataDirectory.make(rows: 7)
        try FileManager.default.removeItem(atPath: target.path + "/secret.key")
        try Self.copyKey(from: source, to: target.path)

        let server = try await target.open()
        await #expect(throws: BackupError.databaseInUse(target.databasePath)) {
            _ = try await Self.restore(backup, into: target.path, force: true)
        }
        #expect(try await Self.names(in: server).count == 7, "the server's database is untouched")
        await server.close()
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: target.path).filter {
            $0.hasSuffix(".before-restore") || $0.hasSuffix(".restoring")
        }
        #expect(leftovers.isEmpty)
    }

    @Test("a missing, broken or foreign manifest and a damaged copy are clear errors, before anything is written")
    func badBackups() async throws {
        let source = try await DataDirectory.make(rows: 3)
        let target = Self.emptyDirectory()
        try Self.copyKey(from: source, to: target)
        let before = Self.snapshot(target)

        func backupWith(_ edit: (inout [String: Any]) -> Void) async throws -> String {
            let backup = try await Self.backup(source)
            let path = backup + "/manifest.json"
            let data = try #require(FileManager.default.contents(atPath: path))
            var json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
            edit(&json)
            try JSONSerialization.data(withJSONObject: json).write(to: URL(fileURLWithPath: path))
            return backup
        }
        func expectRefusal(
            _ backup: String, known: [String]? = Self.schemaIDs, _ check: (BackupError) -> Bool
        )
            async
        {
            let error = await #expect(throws: BackupError.self) {
                _ = try await Self.restore(backup, into: target, known: known)
            }
            if let error { #expect(check(error), "unexpected error: \(error)") }
            #expect(Self.snapshot(target) == before)
        }

        let noManifest = Self.emptyDirectory()
        await expectRefusal(noManifest) { $0 == .manifestMissing(noManifest) }
        #expect(BackupError.manifestMissing(noManifest).description.contains("clubhouse backup"))

        let notJSON = try await Self.backup(source)
        try Data("{oops".utf8).write(to: URL(fileURLWithPath: notJSON + "/manifest.json"))
        await expectRefusal(notJSON) {
            if case .manifestInvalid(_, let detail) = $0 { return detail == "not JSON" } else { return false }
        }
        let noFingerprint = try await backupWith { $0["keyFingerprint"] = nil }
        await expectRefusal(noFingerprint) {
            if case .manifestInvalid(_, let detail) = $0 { detail.contains("keyFingerprint") } else { false }
        }
        let escaping = try await backupWith { $0["databaseFile"] = "../../etc/passwd" }
        await expectRefusal(escaping) {
            if case .manifestInvalid = $0 { true } else { false }
        }
        let future = try await backupWith { $0["formatVersion"] = 99 }
        await expectRefusal(future) { $0 == .unsupportedVersion(99) }
        let postgres = try await backupWith { $0["database"] = "postgres" }
        await expectRefusal(postgres) { $0 == .wrongEngine(backup: "postgres", target: "sqlite") }
        let newer = try await Self.backup(source)
        await expectRefusal(newer, known: []) { $0 == .newerSchema(["t-0001"]) }

        let damaged = try await Self.backup(source)
        let file = try FileHandle(forUpdating: URL(fileURLWithPath: damaged + "/clubhouse.sqlite"))
        try file.seek(toOffset: 4096 + 100)
        try file.write(contentsOf: Data([0xFF, 0x00, 0xFF]))
        try file.close()
        await expectRefusal(damaged) {
            if case .backupDamaged = $0 { true } else { false }
        }
        let lost = try await Self.backup(source)
        try FileManager.default.removeItem(atPath: lost + "/clubhouse.sqlite")
        await expectRefusal(lost) {
            if case .backupDamaged = $0 { true } else { false }
        }
    }

    @Test(
        "PostgreSQL: the manifest names the migrations and the key; restore checks the key and writes nothing",
        .enabled(if: TestDatabases.postgresAvailable, "TEST_POSTGRES_URL is not set"))
    func manifestOnPostgres() async throws {
        let database = try await TestDatabases.make(.postgres)
        try await Migrator(Self.schema).migrate(database)
        let key = String(repeating: "4b", count: 32)
        let directory = Self.emptyDirectory() + "/pg-backup"
        let (manifest, source) = try await PostgresBackup.writeManifest(
            database: database, dataDirectory: Self.emptyDirectory(), configuredKey: key, destination: directory)
        await database.close()
        #expect(source == .environment)
        #expect(manifest.migrations == Self.schemaIDs)
        #expect(manifest.databaseFile == "clubhouse.dump" && manifest.databaseSHA256 == nil)
        #expect(try Backups.readManifest(in: directory) == manifest)

        let target = Self.emptyDirectory()
        let (checked, _) = try PostgresBackup.checkRestore(from: directory, dataDirectory: target, configuredKey: key)
        #expect(checked == manifest)
        #expect(throws: BackupError.self) {
            _ = try PostgresBackup.checkRestore(
                from: directory, dataDirectory: target, configuredKey: String(repeating: "4c", count: 32))
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: target).isEmpty)
        await #expect(throws: BackupError.wrongEngine(backup: "postgres", target: "sqlite")) {
            _ = try await Self.restore(directory, into: target, key: key)
        }
        #expect(PostgresBackup.restoreCommand(directory: "/b/my backup").hasSuffix("'/b/my backup/clubhouse.dump'"))
    }

    // MARK: Keys

    @Test("looking a key up never creates one; load keeps an existing file; fingerprints tell keys apart")
    func keyLookup() throws {
        let directory = Self.emptyDirectory()
        #expect(try TokenCipher.existing(configured: nil, dataDirectory: directory) == nil)
        #expect(!FileManager.default.fileExists(atPath: directory + "/secret.key"))

        let generated = try TokenCipher.load(configured: nil, dataDirectory: directory)
        let original = FileManager.default.contents(atPath: directory + "/secret.key")
        let found = try #require(try TokenCipher.existing(configured: nil, dataDirectory: directory))
        #expect(found.1 == .file(directory + "/secret.key"))
        #expect(found.0.fingerprint == generated.fingerprint)
        #expect(try TokenCipher.load(configured: nil, dataDirectory: directory).fingerprint == generated.fingerprint)
        #expect(FileManager.default.contents(atPath: directory + "/secret.key") == original)

        let configured = try #require(
            try TokenCipher.existing(configured: String(repeating: "ab", count: 32), dataDirectory: directory))
        #expect(configured.1 == .environment)
        #expect(configured.0.fingerprint != generated.fingerprint)
        #expect(configured.0.fingerprint.count == 16)
        #expect(
            configured.0.fingerprint == (try TokenCipher(encodedKey: String(repeating: "ab", count: 32)).fingerprint))

        try Data("garbage\n".utf8).write(to: URL(fileURLWithPath: directory + "/secret.key"))
        #expect(throws: SecretError.self) { try TokenCipher.existing(configured: nil, dataDirectory: directory) }
        #expect(throws: SecretError.self) { try TokenCipher.load(configured: nil, dataDirectory: directory) }
        #expect(FileManager.default.contents(atPath: directory + "/secret.key") == Data("garbage\n".utf8))
    }
}
