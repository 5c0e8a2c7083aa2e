import Configuration
import Crypto
import Foundation
import SQLKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A column whose values are sealed with ``TokenCipher`` (NULL allowed). Apps list theirs in
/// ``AppModule/sealedColumns`` so that rotating the key re-seals every one.
public struct SealedColumn: Sendable, Equatable {
    /// Table name.
    public let table: String
    /// Column name.
    public let column: String

    /// `table.column`; both plain SQL identifiers.
    public init(table: String, column: String) {
        self.table = table
        self.column = column
    }
}

/// Why a key rotation stopped. Nothing was changed in the database when it is thrown.
public enum KeyRotationError: Error, CustomStringConvertible, Equatable {
    case unreadable(SealedColumn, count: Int)
    case sameKey
    case noNewKey
    case badNewKey
    case badIdentifier(String)
    case keyFile(String)

    /// What went wrong and what to do.
    public var description: String {
        switch self {
        case .unreadable(let column, let count):
            "\(count) value\(count == 1 ? "" : "s") in \(column.table).\(column.column) open with neither the current "
                + "nor the new key (sealed under some other key): nothing was changed; restore the key they were "
                + "sealed with as the current key, then rotate"
        case .sameKey: "the new key is the current key: nothing to rotate"
        case .noNewKey:
            "TOKEN_ENCRYPTION_KEY is set, so the new key must come from NEW_TOKEN_ENCRYPTION_KEY "
                + "(e.g. `openssl rand -base64 32`); set it and run again"
        case .badNewKey:
            "NEW_TOKEN_ENCRYPTION_KEY is invalid: expected 32 bytes as base64 or 64 hex characters"
        case .badIdentifier(let name): "'\(name)' is not a plain SQL identifier"
        case .keyFile(let detail): detail
        }
    }
}

/// Replacing the token-encryption key: every sealed value is opened with the current key and sealed with the new
/// one in one transaction, so the database is never half under one key and half under the other.
public enum KeyRotation {
    /// What a re-seal did.
    public struct Outcome: Sendable, Equatable {
        /// Values opened with the old key and sealed with the new one.
        public var resealed: Int
        /// Values already sealed with the new key (a rotation run again after it committed), left as they are.
        public var alreadyNew: Int

        /// Counts of a re-seal.
        public init(resealed: Int, alreadyNew: Int) {
            self.resealed = resealed
            self.alreadyNew = alreadyNew
        }
    }

    /// Re-seals every non-NULL value of `columns` from `old` to `new`, in one transaction. A value that only `new`
    /// opens is left (so an interrupted rotation can be run again); a value neither opens rolls everything back.
    public static func reseal(
        _ columns: [SealedColumn], in database: Database, from old: TokenCipher, to new: TokenCipher
    ) async throws -> Outcome {
        guard old.fingerprint != new.fingerprint else { throw KeyRotationError.sameKey }
        for name in columns.flatMap({ [$0.table, $0.column] }) where !isIdentifier(name) {
            throw KeyRotationError.badIdentifier(name)
        }
        return try await database.transaction { db in
            var outcome = Outcome(resealed: 0, alreadyNew: 0)
            for column in columns {
                let values = try await db.raw(
                    "SELECT \(unsafeRaw: column.column) AS v FROM \(unsafeRaw: column.table) WHERE \(unsafeRaw: column.column) IS NOT NULL"
                ).all().map { try $0.decode(column: "v", as: String.self) }
                var unreadable = 0
                for value in values {
                    if let plain = try? old.open(value) {
                        let sealed = try new.seal(plain)
                        // Sealed values are unique (random nonces), so the old value names its row.
                        try await db.raw(
                            "UPDATE \(unsafeRaw: column.table) SET \(unsafeRaw: column.column) = \(bind: sealed) WHERE \(unsafeRaw: column.column) = \(bind: value)"
                        ).run()
                        outcome.resealed += 1
                    } else if (try? new.open(value)) != nil {
                        outcome.alreadyNew += 1
                    } else {
                        unreadable += 1
                    }
                }
                guard unreadable == 0 else { throw KeyRotationError.unreadable(column, count: unreadable) }
            }
            return outcome
        }
    }

    /// Whether any of `columns` holds a value: then a key exists somewhere, and generating a new one would strand
    /// those values (a database copied without its `secret.key`).
    public static func hasSealedValues(_ columns: [SealedColumn], in database: Database) async throws -> Bool {
        for name in columns.flatMap({ [$0.table, $0.column] }) where !isIdentifier(name) {
            throw KeyRotationError.badIdentifier(name)
        }
        return try await database.run { db in
            for column in columns {
                let found = try await db.raw(
                    "SELECT 1 AS found FROM \(unsafeRaw: column.table) WHERE \(unsafeRaw: column.column) IS NOT NULL LIMIT 1"
                ).first()
                if found != nil { return true }
            }
            return false
        }
    }

    /// What ``rotateKeyFile(dataDirectory:database:columns:)`` did.
    public struct FileRotation: Sendable {
        /// The re-seal.
        public let outcome: Outcome
        /// Fingerprint of the key now in `secret.key`.
        public let newFingerprint: String
        /// Where the previous key was kept (backups made before need it).
        public let retiredKeyPath: String
    }

    /// Rotates `<dataDirectory>/secret.key`: the new key is written to `secret.key.new` first (or taken from there
    /// when an earlier run was interrupted), every value is re-sealed in one transaction, the old key is kept as
    /// `secret.key.<its fingerprint>`, and `secret.key.new` is renamed over `secret.key`. Interrupted at any point,
    /// running it again finishes the job; meanwhile ``TokenCipher/load(configured:dataDirectory:)`` refuses to start.
    public static func rotateKeyFile(
        dataDirectory: String, database: Database, columns: [SealedColumn]
    ) async throws -> FileRotation {
        let keyPath = TokenCipher.keyFilePath(dataDirectory: dataDirectory)
        let pendingPath = keyPath + ".new"
        guard let (old, source) = try TokenCipher.existing(configured: nil, dataDirectory: dataDirectory),
            source == .file(keyPath)
        else { throw KeyRotationError.keyFile("no \(keyPath) to rotate") }
        let new: TokenCipher
        if FileManager.default.fileExists(atPath: pendingPath) {
            guard
                let text = FileManager.default.contents(atPath: pendingPath).flatMap({
                    String(data: $0, encoding: .utf8)
                }),
                let pending = try? TokenCipher(encodedKey: text)
            else { throw SecretError.badKeyFile(pendingPath) }
            new = pending
        } else {
            let key = SymmetricKey(size: .bits256)
            try writeKeyFile(key.withUnsafeBytes { Data($0).base64EncodedString() }, to: pendingPath)
            new = TokenCipher(key: key)
        }
        let outcome = try await reseal(columns, in: database, from: old, to: new)
        let retired = keyPath + "." + old.fingerprint
        if !FileManager.default.fileExists(atPath: retired) {
            guard
                let text = FileManager.default.contents(atPath: keyPath).flatMap({ String(data: $0, encoding: .utf8) })
            else { throw SecretError.badKeyFile(keyPath) }
            try writeKeyFile(text.trimmingCharacters(in: .whitespacesAndNewlines), to: retired)
        }
        guard rename(pendingPath, keyPath) == 0 else {
            throw KeyRotationError.keyFile("cannot move \(pendingPath) to \(keyPath): \(errnoText()); run again")
        }
        try syncDirectory(dataDirectory)
        return FileRotation(outcome: outcome, newFingerprint: new.fingerprint, retiredKeyPath: retired)
    }

    /// Writes a key file with mode 0600 from the start, failing when it exists, and flushes it and its directory.
    static func writeKeyFile(_ encoded: String, to path: String) throws {
        let failure = createPrivateFile(path, contents: Data((encoded + "\n").utf8))
        guard failure == 0 else {
            throw KeyRotationError.keyFile("cannot create \(path): \(String(cString: strerror(failure)))")
        }
        try syncDirectory(URL(fileURLWithPath: path).deletingLastPathComponent().path)
    }

    static func isIdentifier(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, first == "_" || ("a"..."z").contains(first) else { return false }
        return name.unicodeScalars.allSatisfy { $0 == "_" || ("a"..."z").contains($0) || ("0"..."9").contains($0) }
    }
}

extension ServerConfig {
    /// `NEW_TOKEN_ENCRYPTION_KEY`: the key `clubhouse key rotate` moves to when the current one is
    /// `TOKEN_ENCRYPTION_KEY`. Read only by that command.
    public var newTokenEncryptionKey: String? {
        settings.string(forKey: "new.token.encryptionKey", isSecret: true).flatMap { $0.isEmpty ? nil : $0 }
    }
}
