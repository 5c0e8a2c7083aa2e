import ArgumentParser
import ClubhouseServer
import Foundation
import Logging
import ServerKit

struct KeyCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "key", abstract: "Manage the token-encryption key.", subcommands: [Rotate.self])

    struct Rotate: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Replace the token-encryption key, re-encrypting every stored secret in one transaction.",
            discussion: """
                Stop every server first (they hold the key in memory). With <data-dir>/secret.key: a new key is \
                generated, the old one is kept as secret.key.<fingerprint> (backups made before need it). With \
                TOKEN_ENCRYPTION_KEY: put the new key in NEW_TOKEN_ENCRYPTION_KEY, run this, then set \
                TOKEN_ENCRYPTION_KEY to it everywhere. Interrupted, it can be run again.
                """)

        @OptionGroup var common: CommonOptions

        func run() async throws {
            let config = try await common.config()
            do {
                try await rotate(config)
            } catch {
                FileHandle.standardError.write(Data("error: \(error)\n".utf8))
                throw ExitCode.failure
            }
        }

        /// Where the keys come from, settled before the database is touched.
        private enum Plan {
            case configured(old: TokenCipher, new: TokenCipher)
            case keyFile(old: TokenCipher)
        }

        private func plan(_ config: ServerConfig) throws -> Plan {
            let (old, source) = try Backups.currentKey(
                configuredKey: config.tokenEncryptionKey, dataDirectory: config.dataDirectory)
            guard source == .environment else { return .keyFile(old: old) }
            guard let next = config.newTokenEncryptionKey else { throw KeyRotationError.noNewKey }
            guard let new = try? TokenCipher(encodedKey: next) else { throw KeyRotationError.badNewKey }
            guard new.fingerprint != old.fingerprint else { throw KeyRotationError.sameKey }
            return .configured(old: old, new: new)
        }

        private func rotate(_ config: ServerConfig) async throws {
            let plan = try plan(config)
            if config.databaseURL == nil, FileManager.default.fileExists(atPath: config.sqlitePath) {
                try await SQLiteBackup.checkNotInUse(config.sqlitePath)
            }
            var logger = Logger(label: "clubhouse.key")
            logger.logLevel = config.logLevel
            let database = try await Database.open(
                url: config.databaseURL, sqlitePath: config.sqlitePath, logger: logger)
            do {
                try await Migrator(ClubhouseApps.migrations).migrate(database)
                try await rotate(plan, config: config, database: database)
            } catch {
                await database.close()
                throw error
            }
            await database.close()
        }

        private func rotate(_ plan: Plan, config: ServerConfig, database: Database) async throws {
            let columns = ClubhouseApps.sealedColumns
            switch plan {
            case .configured(let old, let new):
                let outcome = try await KeyRotation.reseal(columns, in: database, from: old, to: new)
                print(summary(outcome, from: old.fingerprint, to: new.fingerprint))
                print(
                    "Now set TOKEN_ENCRYPTION_KEY to the value of NEW_TOKEN_ENCRYPTION_KEY on every instance, then "
                        + "start them. Keep the old key as long as backups made under it.")
            case .keyFile(let old):
                let rotation = try await KeyRotation.rotateKeyFile(
                    dataDirectory: config.dataDirectory, database: database, columns: columns)
                print(summary(rotation.outcome, from: old.fingerprint, to: rotation.newFingerprint))
                print(
                    "The new key is in \(TokenCipher.keyFilePath(dataDirectory: config.dataDirectory)); the old one "
                        + "is kept as \(rotation.retiredKeyPath) for backups made before (restore them with that key).")
            }
        }

        private func summary(_ outcome: KeyRotation.Outcome, from old: String, to new: String) -> String {
            var text = "Re-encrypted \(outcome.resealed) stored secret\(outcome.resealed == 1 ? "" : "s") "
            text += "from key \(old) to key \(new)"
            if outcome.alreadyNew > 0 { text += " (\(outcome.alreadyNew) already under the new key)" }
            return text + "."
        }
    }
}
