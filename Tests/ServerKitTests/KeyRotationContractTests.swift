import Foundation
import SQLKit
import ServerKit
import TestSupport
import Testing

/// `clubhouse key rotate`: every sealed value moves to the new key in one transaction, and the key file follows.
@Suite("Key rotation")
struct KeyRotationContractTests {
    static let columns = [
        SealedColumn(table: "secrets", column: "a"), SealedColumn(table: "secrets", column: "b"),
    ]

    static func database(
        _ kind: DatabaseKind, sealedWith cipher: TokenCipher, rows: Int = 5, file: String? = nil
    ) async throws -> Database {
        let database = try await TestDatabases.make(kind, file: file)
        try await Migrator([
            Migration(id: "s", ["CREATE TABLE secrets (id INTEGER PRIMARY KEY, a TEXT NOT NULL, b TEXT)"])
        ])
        .migrate(database)
        for index in 0..<rows {
            let a = try cipher.seal("a\(index)")
            let b = index.isMultiple(of: 2) ? try cipher.seal("b\(index)") : nil
            try await database.run { db in
                try await db.raw("INSERT INTO secrets (id, a, b) VALUES (\(bind: index), \(bind: a), \(bind: b))").run()
            }
        }
        return database
    }

    static func plaintexts(_ database: Database, _ cipher: TokenCipher) async throws -> [String] {
        let rows = try await database.run { db in
            try await db.raw("SELECT a, b FROM secrets ORDER BY id").all().map {
                [try $0.decode(column: "a", as: String.self), try $0.decode(column: "b", as: String?.self)]
            }
        }
        return try rows.flatMap { try $0.compactMap { try $0.map(cipher.open) } }
    }

    static let expected = ["a0", "b0", "a1", "a2", "b2", "a3", "a4", "b4"]

    @Test("re-seals every value (NULLs stay NULL); run again it changes nothing", arguments: TestDatabases.kinds)
    func reseal(kind: DatabaseKind) async throws {
        let old = try TokenCipher(encodedKey: String(repeating: "01", count: 32))
        let new = try TokenCipher(encodedKey: String(repeating: "02", count: 32))
        let database = try await Self.database(kind, sealedWith: old)
        let first = try await KeyRotation.reseal(Self.columns, in: database, from: old, to: new)
        #expect(first == KeyRotation.Outcome(resealed: 8, alreadyNew: 0))
        #expect(try await Self.plaintexts(database, new) == Self.expected)
        await #expect(throws: SecretError.self) { _ = try await Self.plaintexts(database, old) }
        let again = try await KeyRotation.reseal(Self.columns, in: database, from: old, to: new)
        #expect(again == KeyRotation.Outcome(resealed: 0, alreadyNew: 8))
        await #expect(throws: KeyRotationError.sameKey) {
            _ = try await KeyRotation.reseal(Self.columns, in: database, from: new, to: new)
        }
        await database.close()
    }

    @Test("a value neither key opens stops the rotation and changes nothing", arguments: TestDatabases.kinds)
    func unreadableRollsBack(kind: DatabaseKind) async throws {
        let old = try TokenCipher(encodedKey: String(repeating: "01", count: 32))
        let new = try TokenCipher(encodedKey: String(repeating: "02", count: 32))
        let stranger = try TokenCipher(encodedKey: String(repeating: "03", count: 32))
        let database = try await Self.database(kind, sealedWith: old)
        let foreign = try stranger.seal("x")
        try await database.run { db in
            try await db.raw("UPDATE secrets SET b = \(bind: foreign) WHERE id = 1").run()
        }
        await #expect(throws: KeyRotationError.unreadable(SealedColumn(table: "secrets", column: "b"), count: 1)) {
            _ = try await KeyRotation.reseal(Self.columns, in: database, from: old, to: new)
        }
        // Column `a` was re-sealed before `b` failed: rolled back with it.
        let a = try await database.run { db in
            try await db.raw("SELECT a FROM secrets ORDER BY id").all().map {
                try $0.decode(column: "a", as: String.self)
            }
        }
        #expect(try a.map(old.open) == ["a0", "a1", "a2", "a3", "a4"])
        await #expect(throws: KeyRotationError.badIdentifier("secrets; DROP TABLE x")) {
            _ = try await KeyRotation.reseal(
                [SealedColumn(table: "secrets; DROP TABLE x", column: "a")], in: database, from: old, to: new)
        }
        await database.close()
    }

    @Test("secret.key rotation keeps the old key by its fingerprint and finishes after an interruption")
    func keyFile() async throws {
        let directory = (TestDatabases.temporaryFile("x") as NSString).deletingLastPathComponent
        let old = try TokenCipher.load(configured: nil, dataDirectory: directory)
        let oldText = try #require(FileManager.default.contents(atPath: directory + "/secret.key"))
        let database = try await Self.database(.sqlite, sealedWith: old, file: directory + "/clubhouse.sqlite")

        let rotation = try await KeyRotation.rotateKeyFile(
            dataDirectory: directory, database: database, columns: Self.columns)
        #expect(rotation.outcome.resealed == 8)
        #expect(rotation.retiredKeyPath == directory + "/secret.key." + old.fingerprint)
        #expect(FileManager.default.contents(atPath: rotation.retiredKeyPath) == oldText)
        #expect(!FileManager.default.fileExists(atPath: directory + "/secret.key.new"))
        let new = try TokenCipher.load(configured: nil, dataDirectory: directory)
        #expect(new.fingerprint == rotation.newFingerprint && new.fingerprint != old.fingerprint)
        #expect(try await Self.plaintexts(database, new) == Self.expected)
        let mode = try FileManager.default.attributesOfItem(atPath: directory + "/secret.key")[.posixPermissions]
        #expect((mode as? NSNumber)?.intValue == 0o600)

        // Interrupted after the re-seal committed, before the key file was swapped: the server must not start with
        // the old key, and running the rotation again finishes it.
        let pending = try TokenCipher(encodedKey: String(repeating: "0d", count: 32))
        try Data((String(repeating: "0d", count: 32) + "\n").utf8).write(
            to: URL(fileURLWithPath: directory + "/secret.key.new"))
        _ = try await KeyRotation.reseal(Self.columns, in: database, from: new, to: pending)
        #expect(throws: SecretError.rotationInterrupted(directory + "/secret.key.new")) {
            try TokenCipher.load(configured: nil, dataDirectory: directory)
        }
        let resumed = try await KeyRotation.rotateKeyFile(
            dataDirectory: directory, database: database, columns: Self.columns)
        #expect(resumed.outcome == KeyRotation.Outcome(resealed: 0, alreadyNew: 8))
        #expect(resumed.newFingerprint == pending.fingerprint)
        #expect(try TokenCipher.load(configured: nil, dataDirectory: directory).fingerprint == pending.fingerprint)
        #expect(try await Self.plaintexts(database, pending) == Self.expected)
        await database.close()
    }
}
