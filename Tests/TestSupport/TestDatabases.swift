import Foundation
import Logging
import SQLKit
import ServerKit

/// Databases for contract tests: SQLite always, PostgreSQL when `TEST_POSTGRES_URL` is set (CI sets it).
public enum TestDatabases {
    /// The engines available here. Tests take this as their `arguments:` so each runs once per engine.
    public static var kinds: [DatabaseKind] {
        ProcessInfo.processInfo.environment["TEST_POSTGRES_URL"].map { $0.isEmpty ? [.sqlite] : [.sqlite, .postgres] }
            ?? [.sqlite]
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

    /// Prints why PostgreSQL tests are skipped (once per process is enough; harmless when repeated).
    public static func notePostgresSkipped() {
        if !kinds.contains(.postgres) { print("note: TEST_POSTGRES_URL not set; PostgreSQL contract tests skipped") }
    }
}

/// A plain error message for test helpers.
public struct CLIMessage: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}
