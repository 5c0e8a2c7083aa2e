import Foundation
import Logging
import SQLKit
import ServerKit

/// Databases for contract tests: SQLite always, PostgreSQL when `TEST_POSTGRES_URL` is set (CI sets it).
public enum TestDatabases {
    /// The engines available here. Tests take this as their `arguments:` so each runs once per engine.
    public static var kinds: [DatabaseKind] { postgresAvailable ? [.sqlite, .postgres] : [.sqlite] }

    /// Whether `TEST_POSTGRES_URL` names a PostgreSQL database (CI sets it). Tests only for PostgreSQL take
    /// `.enabled(if: TestDatabases.postgresAvailable, "…")`, so without it they show as skipped with the reason.
    public static var postgresAvailable: Bool {
        !(ProcessInfo.processInfo.environment["TEST_POSTGRES_URL"] ?? "").isEmpty
    }

    static let logger: Logger = {
        var logger = Logger(label: "test-db")
        logger.logLevel = .warning
        return logger
    }()

    /// A fresh, empty database of `kind`: a new SQLite file, or a new PostgreSQL schema, so tests run in parallel.
    public static func make(_ kind: DatabaseKind, file: String? = nil) async throws -> Database {
        switch kind {
        case .sqlite:
            let path = file ?? temporaryFile("db.sqlite")
            return try await Database.sqlite(path: path, logger: logger)
        case .postgres:
            guard let url = ProcessInfo.processInfo.environment["TEST_POSTGRES_URL"], !url.isEmpty else {
                throw CLIMessage("TEST_POSTGRES_URL is not set")
            }
            let schema = "t_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
            let admin = try Database.postgres(url: url, logger: logger)
            try await admin.run { db in try await db.raw("CREATE SCHEMA \(unsafeRaw: schema)").run() }
            await admin.close()
            return try Database.postgres(url: url, searchPath: [schema], logger: logger)
        }
    }

    /// A path in a new temporary directory.
    public static func temporaryFile(_ name: String) -> String {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "clubhouse-test-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory.appendingPathComponent(name).path
    }
}

/// A plain error message for test helpers.
public struct CLIMessage: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}
