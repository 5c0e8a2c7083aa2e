import Configuration
import Foundation
import SQLKit
import ServerKit
import TestSupport
import Testing

/// Storage behaviour every engine must share (runs on SQLite always, PostgreSQL when TEST_POSTGRES_URL is set).
@Suite("Storage contract")
struct StorageContractTests {
    @Test(
        "PostgreSQL at TEST_POSTGRES_URL answers, in a fresh schema per test",
        .enabled(if: TestDatabases.postgresAvailable, "TEST_POSTGRES_URL is not set: the contract ran on SQLite only"))
    func postgresReachable() async throws {
        let db = try await TestDatabases.make(.postgres)
        defer { Task { await db.close() } }
        try await Migrator([Migration(id: "p", ["CREATE TABLE probe (n INTEGER)"])]).migrate(db)
        let count = try await db.run { sql in
            try await sql.raw("SELECT COUNT(*) AS n FROM probe").first()?.decode(column: "n", as: Int.self)
        }
        #expect(count == 0, "a new schema starts empty")
    }

    @Test("migrations apply once, in order, and are recorded", arguments: TestDatabases.kinds)
    func migrationsApplyOnce(kind: DatabaseKind) async throws {
        let db = try await TestDatabases.make(kind)
        defer { Task { await db.close() } }
        let migrator = Migrator([
            Migration(id: "a", ["CREATE TABLE t1 (x INTEGER)"]),
            Migration(id: "b", ["CREATE TABLE t2 (y INTEGER)"]),
        ])
        #expect(try await migrator.migrate(db) == ["a", "b"])
        #expect(try await migrator.migrate(db) == [])
        let extended = Migrator(migrator.migrations + [Migration(id: "c", ["CREATE TABLE t3 (z INTEGER)"])])
        #expect(try await extended.migrate(db) == ["c"])
    }

    @Test("a failing migration rolls back and leaves nothing half-applied", arguments: TestDatabases.kinds)
    func failingMigrationRollsBack(kind: DatabaseKind) async throws {
        let db = try await TestDatabases.make(kind)
        defer { Task { await db.close() } }
        let broken = Migrator([Migration(id: "bad", ["CREATE TABLE ok (x INTEGER)", "THIS IS NOT SQL"])])
        await #expect(throws: (any Error).self) { try await broken.migrate(db) }
        let fixed = Migrator([Migration(id: "bad", ["CREATE TABLE ok (x INTEGER)"])])
        #expect(try await fixed.migrate(db) == ["bad"])
    }

    @Test("a transaction that throws is rolled back", arguments: TestDatabases.kinds)
    func transactionRollback(kind: DatabaseKind) async throws {
        let db = try await TestDatabases.make(kind)
        defer { Task { await db.close() } }
        try await Migrator([Migration(id: "t", ["CREATE TABLE items (name TEXT NOT NULL)"])]).migrate(db)
        struct Boom: Error {}
        await #expect(throws: Boom.self) {
            try await db.transaction { sql in
                try await sql.raw("INSERT INTO items (name) VALUES ('lost')").run()
                throw Boom()
            }
        }
        let count = try await db.run { sql in
            try await sql.raw("SELECT COUNT(*) AS n FROM items").first()?.decode(column: "n", as: Int.self)
        }
        #expect(count == 0)
    }

    @Test("job queue: concurrent claimers never get the same job", arguments: TestDatabases.kinds)
    func jobsClaimedOnce(kind: DatabaseKind) async throws {
        let db = try await TestDatabases.make(kind)
        defer { Task { await db.close() } }
        try await Migrator([jobsMigration]).migrate(db)
        let queue = JobQueue(database: db)
        for i in 0..<40 { try await queue.enqueue(kind: "k", payload: "{\"i\":\(i)}") }
        let claimed = try await withThrowingTaskGroup(of: [Int64].self) { group in
            for worker in 0..<4 {
                group.addTask {
                    var mine: [Int64] = []
                    while true {
                        let jobs = try await queue.claim(worker: "w\(worker)", limit: 3)
                        if jobs.isEmpty { return mine }
                        mine += jobs.map(\.id)
                    }
                }
            }
            var all: [Int64] = []
            for try await ids in group { all += ids }
            return all
        }
        #expect(claimed.count == 40)
        #expect(Set(claimed).count == 40)
    }

    @Test("job queue: dedupe, reruns, deferral, retries and leases", arguments: TestDatabases.kinds)
    func jobLifecycle(kind: DatabaseKind) async throws {
        let db = try await TestDatabases.make(kind)
        defer { Task { await db.close() } }
        try await Migrator([jobsMigration]).migrate(db)
        let queue = JobQueue(database: db, lease: 60)
        let t0 = Date()
        try await queue.enqueue(kind: "sync", dedupeKey: "a", runAt: t0)
        try await queue.enqueue(kind: "sync", dedupeKey: "a", runAt: t0)
        #expect(try await queue.pendingCount() == 1)

        // Re-enqueued while running: runs once more after completion.
        let first = try #require(try await queue.claim(worker: "w", limit: 5, now: t0).first)
        try await queue.enqueue(kind: "sync", dedupeKey: "a", runAt: t0)
        try await queue.complete(first, outcome: .done, now: t0)
        let again = try await queue.claim(worker: "w", limit: 5, now: t0.addingTimeInterval(1))
        #expect(again.count == 1)
        try await queue.complete(try #require(again.first), outcome: .done)
        #expect(try await queue.pendingCount() == 0)

        // Deferred jobs come back at the given time without spending an attempt.
        try await queue.enqueue(kind: "x", runAt: t0)
        let deferred = try #require(try await queue.claim(worker: "w", limit: 1, now: t0).first)
        try await queue.complete(deferred, outcome: .deferred(until: t0.addingTimeInterval(900)))
        #expect(try await queue.claim(worker: "w", limit: 1, now: t0.addingTimeInterval(899)).isEmpty)
        let back = try #require(try await queue.claim(worker: "w", limit: 1, now: t0.addingTimeInterval(901)).first)
        #expect(back.attempt == 1)

        // A crashed worker's lease expires and the job is claimed again.
        #expect(try await queue.claim(worker: "other", limit: 1, now: t0.addingTimeInterval(930)).isEmpty)
        let reclaimed = try await queue.claim(worker: "other", limit: 1, now: t0.addingTimeInterval(1000))
        #expect(reclaimed.map(\.id) == [back.id])

        // Failures back off and finally stop.
        try await queue.enqueue(kind: "fails", runAt: t0, maxAttempts: 2)
        var now = t0.addingTimeInterval(2000)
        for _ in 0..<2 {
            let job = try #require(try await queue.claim(worker: "w", limit: 5, now: now).first { $0.kind == "fails" })
            try await queue.fail(job, error: "boom", now: now)
            now = now.addingTimeInterval(7200)
        }
        #expect(try await queue.pendingCount(kind: "fails") == 0)

        // A failed keyed job queued again gets its full number of attempts back.
        try await queue.enqueue(kind: "keyed", dedupeKey: "k1", runAt: now, maxAttempts: 2)
        for _ in 0..<2 {
            let job = try #require(try await queue.claim(worker: "w", limit: 5, now: now).first { $0.kind == "keyed" })
            try await queue.fail(job, error: "boom", now: now)
            now = now.addingTimeInterval(7200)
        }
        #expect(try await queue.pendingCount(kind: "keyed") == 0)
        try await queue.enqueue(kind: "keyed", dedupeKey: "k1", runAt: now, maxAttempts: 2)
        let revived = try #require(try await queue.claim(worker: "w", limit: 5, now: now).first { $0.kind == "keyed" })
        #expect(revived.attempt == 1)
    }

    @Test("attempt limiter locks after the limit and reports the wait", arguments: TestDatabases.kinds)
    func attemptLimiter(kind: DatabaseKind) async throws {
        let db = try await TestDatabases.make(kind)
        defer { Task { await db.close() } }
        try await Migrator([securityMigration]).migrate(db)
        let limiter = AttemptLimiter(database: db, limit: 3, window: 900)
        let t0 = Date(timeIntervalSince1970: 1_800_000_000)
        for i in 0..<3 {
            #expect(try await limiter.begin("k", now: t0.addingTimeInterval(Double(i))) == nil)
        }
        // The lock lifts when the oldest counted attempt (t0) leaves the 900 s window.
        #expect(try await limiter.begin("k", now: t0.addingTimeInterval(3)) == 897)
        #expect(try await limiter.begin("k", now: t0.addingTimeInterval(899)) == 1)
        #expect(try await limiter.begin("other", now: t0.addingTimeInterval(3)) == nil)
        #expect(try await limiter.begin("k", now: t0.addingTimeInterval(901)) == nil)
        // A success clears the count.
        try await limiter.reset("k")
        for i in 0..<3 { #expect(try await limiter.begin("k", now: t0.addingTimeInterval(902 + Double(i))) == nil) }
    }

    @Test("sessions expire and can be revoked per scope", arguments: TestDatabases.kinds)
    func sessions(kind: DatabaseKind) async throws {
        let db = try await TestDatabases.make(kind)
        defer { Task { await db.close() } }
        try await Migrator([securityMigration]).migrate(db)
        let store = SessionStore(database: db, lifetime: 60)
        let t0 = Date()
        let token = try await store.create(scope: "club-a", subject: "m1", role: "member", now: t0)
        #expect(try await store.find(token, now: t0)?.subject == "m1")
        #expect(try await store.find(token, now: t0.addingTimeInterval(61)) == nil)
        #expect(try await store.find("forged", now: t0) == nil)
        try await store.deleteAll(scope: "club-a")
        #expect(try await store.find(token, now: t0) == nil)
    }
}

@Suite("Secrets")
struct SecretsTests {
    @Test("AES-GCM round trip; tampering and wrong keys are rejected")
    func cipher() throws {
        let cipher = try TokenCipher.load(configured: nil, dataDirectory: TestDatabases.temporaryFile("keys"))
        let sealed = try cipher.seal("refresh-token-123")
        #expect(!sealed.contains("refresh-token-123"))
        #expect(try cipher.open(sealed) == "refresh-token-123")
        var bytes = Array(try #require(Data(base64Encoded: sealed)))
        bytes[bytes.count - 1] ^= 1
        #expect(throws: SecretError.self) { try cipher.open(Data(bytes).base64EncodedString()) }
        let other = try TokenCipher(encodedKey: String(repeating: "ab", count: 32))
        #expect(throws: SecretError.self) { try other.open(sealed) }
    }

    @Test("a generated key file is private and reused on the next start")
    func keyFile() throws {
        let directory = TestDatabases.temporaryFile("data")
        let first = try TokenCipher.load(configured: nil, dataDirectory: directory)
        let sealed = try first.seal("x")
        let attributes = try FileManager.default.attributesOfItem(atPath: directory + "/secret.key")
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
        let second = try TokenCipher.load(configured: nil, dataDirectory: directory)
        #expect(try second.open(sealed) == "x")
        #expect(throws: SecretError.self) { try TokenCipher(encodedKey: "short") }
    }
}

@Suite("Configuration")
struct ConfigurationTests {
    @Test("environment variables override defaults; bad values are explained")
    func environment() async throws {
        let config = try await ServerConfig.fromEnvironment(
            environment: [
                "CLUBHOUSE_PORT": "9090", "CLUBHOUSE_HOST": "0.0.0.0", "DATABASE_URL": "postgres://u:p@h/db",
                "STRAVA_CLIENT_ID": "42", "CLUBHOUSE_SEED_DEMO": "false", "CLUBHOUSE_IDLE_TIMEOUT": "12",
                "SWISS_ALLOWED_ORIGIN": "https://family.example",
            ], dotEnvPath: nil)
        #expect(config.idleTimeout == 12)
        // Apps' own keys are read through the same reader.
        #expect(config.settings.string(forKey: "swiss.allowedOrigin") == "https://family.example")
        #expect(config.port == 9090)
        #expect(config.host == "0.0.0.0")
        #expect(config.databaseURL == "postgres://u:p@h/db")
        #expect(config.strava.clientID == "42")
        #expect(config.seedDemo == false)
        await #expect(throws: ConfigError.self) {
            try await ServerConfig.fromEnvironment(environment: ["CLUBHOUSE_PORT": "eighty"], dotEnvPath: nil)
        }
        for idle in ["0", "3601", "soon"] {
            await #expect(throws: ConfigError.self) {
                try await ServerConfig.fromEnvironment(environment: ["CLUBHOUSE_IDLE_TIMEOUT": idle], dotEnvPath: nil)
            }
        }
        #expect("postgres://u:secret@h/db".redactingPassword.contains("secret") == false)
    }
}

@Suite("Timestamps")
struct TimestampTests {
    @Test("stored timestamps: calendar fields as Foundation's ISO 8601, milliseconds exact (no float truncation)")
    func isoMatchesFoundation() throws {
        let style = Date.ISO8601FormatStyle(includingFractionalSeconds: false, timeZone: .gmt)
        var generator = SystemRandomNumberGenerator()
        let fixed: [Double] = [0, -1, -86_400, 951_782_400, 1_709_251_199.999, 4_102_444_800, -2_208_988_800.5]
        let random = (0..<500).map { _ in
            Double(Int64.random(in: -2_000_000_000_000...4_000_000_000_000, using: &generator)) / 1000
        }
        for seconds in fixed + random {
            let date = Date(timeIntervalSince1970: seconds)
            let ms = date.epochMilliseconds
            let wholeSeconds = ms >= 0 ? ms / 1000 : (ms - 999) / 1000
            let fraction = ms - wholeSeconds * 1000
            // Foundation prints whole seconds exactly; it truncates binary fractions (.504 → .503), so compare
            // the fraction with the stored integer milliseconds instead.
            let expected =
                Date(timeIntervalSince1970: Double(wholeSeconds)).formatted(style).dropLast()
                + "." + String(format: "%03d", Int(fraction)) + "Z"
            #expect(ISO8601.string(date) == expected, "\(seconds)")
            #expect(ISO8601.date(ISO8601.string(date))?.epochMilliseconds == date.epochMilliseconds)
        }
    }
}

@Suite("JSON writer")
struct JSONWriterTests {
    @Test("writes what JSONSerialization reads back, numbers like JSONEncoder, escapes control characters")
    func roundTrip() throws {
        var json = JSONWriter()
        json.object {
            $0.field("name", "Sarah \"S\" M.\n\u{01}é🚴")
            $0.field("whole", 40.0)
            $0.field("fraction", 28.4)
            $0.field("nan", Double.nan)
            $0.field("none", nil as String?)
            $0.field("flag", true)
            $0.field("list") { writer in
                writer.array([1, 2, 3]) { $0.int($1) }
            }
            $0.field("empty") { writer in writer.array([Int]()) { $0.int($1) } }
            $0.field("nested") { writer in writer.object { $0.field("k", 1) } }
        }
        #expect(json.text.contains(#""whole":40,"fraction":28.4,"nan":null"#))
        #expect(json.text.contains(#""list":[1,2,3],"empty":[],"nested":{"k":1}"#))
        let object = try #require(try JSONSerialization.jsonObject(with: json.data) as? [String: Any])
        #expect(object["name"] as? String == "Sarah \"S\" M.\n\u{01}é🚴")
        #expect(object["none"] is NSNull)
        #expect((object["nested"] as? [String: Any])?["k"] as? Int == 1)
        let encoded = String(decoding: try JSONEncoder().encode([28.4, 40.0, 0.1, 1234.5678]), as: UTF8.self)
        var numbers = JSONWriter()
        numbers.array([28.4, 40.0, 0.1, 1234.5678]) { $0.number($1) }
        #expect(numbers.text == encoded)
    }
}
