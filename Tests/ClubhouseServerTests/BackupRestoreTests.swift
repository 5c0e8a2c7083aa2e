import ClubWeeklyServer
import ClubhouseServer
import Foundation
import Logging
import ServerKit
import TestSupport
import Testing

/// Backup and restore of a whole Clubhouse data directory, as `clubhouse backup` and `clubhouse restore` run them.
@Suite("Clubhouse backup and restore")
struct BackupRestoreTests {
    static func config(_ directory: String) -> ServerConfig {
        var config = ServerConfig()
        config.dataDirectory = directory
        config.logLevel = .warning
        return config
    }

    static func newDirectory() -> String {
        (TestDatabases.temporaryFile("x") as NSString).deletingLastPathComponent
    }

    @Test("a backup of a running server restores into a new directory: clubs and their encrypted codes read back")
    func roundTrip() async throws {
        let sourceDirectory = Self.newDirectory()
        let running = try await ClubhouseRuntime.start(Self.config(sourceDirectory), label: "backup-source")
        let created = try await running.apps.clubWeekly.createClub(
            name: "Backup CC", slug: nil, timeZone: "Europe/Dublin", weekStart: nil, code: nil, adminPassword: nil,
            publicFeed: false)
        let backup = Self.newDirectory() + "/backup"
        let made = try await SQLiteBackup.create(
            databasePath: running.config.sqlitePath, dataDirectory: sourceDirectory, configuredKey: nil,
            destination: backup)
        await running.close()
        #expect(Set(made.manifest.migrations) == Set(ClubhouseApps.migrations.map(\.id)))

        let targetDirectory = Self.newDirectory() + "/restored"
        try FileManager.default.createDirectory(atPath: targetDirectory, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            atPath: sourceDirectory + "/secret.key", toPath: targetDirectory + "/secret.key")
        _ = try await SQLiteBackup.restore(
            from: backup, dataDirectory: targetDirectory, configuredKey: nil, force: false,
            knownMigrations: ClubhouseApps.migrations.map(\.id))

        let restored = try await ClubhouseRuntime.start(Self.config(targetDirectory), label: "backup-target")
        let clubs = try await restored.apps.clubWeekly.listClubs()
        await restored.close()
        #expect(clubs.count == 1)
        #expect(clubs.first?.hasPrefix("\(created.slug)\t") == true)
        #expect(clubs.first?.contains("code \(created.code)") == true, "the sealed club code decrypts")
    }

    @Test("a database copied without its key refuses to start instead of generating a new key")
    func copiedWithoutKey() async throws {
        let sourceDirectory = Self.newDirectory()
        let running = try await ClubhouseRuntime.start(Self.config(sourceDirectory), label: "copy-source")
        _ = try await running.apps.clubWeekly.createClub(
            name: "Copied CC", slug: nil, timeZone: "Europe/Dublin", weekStart: nil, code: nil, adminPassword: nil,
            publicFeed: false)
        let backup = Self.newDirectory() + "/backup"
        _ = try await SQLiteBackup.create(
            databasePath: running.config.sqlitePath, dataDirectory: sourceDirectory, configuredKey: nil,
            destination: backup)
        await running.close()

        let target = Self.newDirectory()
        try FileManager.default.copyItem(atPath: backup + "/clubhouse.sqlite", toPath: target + "/clubhouse.sqlite")
        await #expect(throws: SecretError.missingKeyForData(target + "/secret.key")) {
            _ = try await ClubhouseRuntime.start(Self.config(target), label: "copy-target")
        }
        #expect(!FileManager.default.fileExists(atPath: target + "/secret.key"))

        // A fresh data directory still gets its key generated on first start.
        let fresh = Self.newDirectory()
        await (try await ClubhouseRuntime.start(Self.config(fresh), label: "fresh")).close()
        #expect(FileManager.default.fileExists(atPath: fresh + "/secret.key"))
    }
}
