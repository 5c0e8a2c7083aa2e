import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import NIOCore
import PostgresNIO
import SQLKit
import TestSupport
import Testing

@testable import ServerKit

@Suite("Trusted proxies")
struct TrustedProxyTests {
    @Test("addresses and CIDR ranges, IPv4 and IPv6; IPv4-mapped IPv6 counts as IPv4")
    func ranges() throws {
        let proxies = try TrustedProxies(parsing: " 127.0.0.1, 10.0.0.0/8,192.168.1.0/25 , ::1, fd00::/8")
        for inside in ["127.0.0.1", "10.1.2.3", "10.255.255.255", "192.168.1.127", "::1", "fd12::7", "::ffff:10.9.9.9"]
        {
            #expect(proxies.contains(inside), "\(inside)")
        }
        for outside in ["127.0.0.2", "11.0.0.1", "192.168.1.128", "::2", "fe80::1", "unknown", "", "10.0.0.0/8"] {
            #expect(!proxies.contains(outside), "\(outside)")
        }
        #expect(try TrustedProxies(parsing: "0.0.0.0/0").contains("203.0.113.9"))
        #expect(try TrustedProxies(parsing: "").isEmpty)
        #expect(!TrustedProxies.none.contains("127.0.0.1"))
    }

    @Test(
        "a bad entry is named in the error", arguments: ["localhost", "10.0.0.0/33", "::1/129", "1.2.3.4/x", "1.2.3"])
    func badEntries(entry: String) {
        #expect(throws: ConfigError.self) { try TrustedProxies(parsing: "127.0.0.1, \(entry)") }
        do {
            _ = try TrustedProxies(parsing: entry)
        } catch {
            #expect("\(error)".contains(entry))
        }
    }

    @Test("the client is the right-most forwarded hop that is not a trusted proxy; an untrusted peer is the client")
    func client() throws {
        let proxies = try TrustedProxies(parsing: "127.0.0.1, 10.0.0.0/8")
        // nginx on loopback appended the real client after whatever the client wrote.
        #expect(proxies.client(peer: "127.0.0.1", forwardedFor: "6.6.6.6, 203.0.113.7") == "203.0.113.7")
        // Two proxies: the load balancer (10.x) added the client, nginx added the balancer.
        #expect(proxies.client(peer: "127.0.0.1", forwardedFor: "203.0.113.7, 10.0.0.5") == "203.0.113.7")
        #expect(proxies.client(peer: "127.0.0.1", forwardedFor: nil) == "127.0.0.1")
        #expect(proxies.client(peer: "127.0.0.1", forwardedFor: " , ") == "127.0.0.1", "no hop is not an address")
        // A client reaching the instance directly cannot choose its address.
        #expect(proxies.client(peer: "198.51.100.4", forwardedFor: "203.0.113.7") == "198.51.100.4")
    }

    @Test("CLUBHOUSE_TRUSTED_PROXIES is read; the old CLUBHOUSE_TRUST_PROXY is ignored with a warning")
    func configuration() async throws {
        let config = try await ServerConfig.fromEnvironment(
            environment: ["CLUBHOUSE_TRUSTED_PROXIES": "127.0.0.1,10.0.0.0/8", "CLUBHOUSE_TRUST_PROXY": "true"],
            dotEnvPath: nil)
        #expect(config.trustedProxies.contains("10.2.3.4"))
        #expect(!config.trustedProxies.contains("8.8.8.8"))
        #expect(config.warnings.contains { $0.contains("CLUBHOUSE_TRUST_PROXY is ignored") })
        #expect(try await ServerConfig.fromEnvironment(environment: [:], dotEnvPath: nil).trustedProxies.isEmpty)
        await #expect(throws: ConfigError.self) {
            try await ServerConfig.fromEnvironment(
                environment: ["CLUBHOUSE_TRUSTED_PROXIES": "nginx.internal"], dotEnvPath: nil)
        }
        for (name, value) in [
            ("CLUBHOUSE_MAX_CONNECTIONS", "0"), ("CLUBHOUSE_HEADER_TIMEOUT", "0"), ("CLUBHOUSE_BODY_TIMEOUT", "x"),
        ] {
            await #expect(throws: ConfigError.self, "\(name)") {
                try await ServerConfig.fromEnvironment(environment: [name: value], dotEnvPath: nil)
            }
        }
        let tuned = try await ServerConfig.fromEnvironment(
            environment: [
                "CLUBHOUSE_MAX_CONNECTIONS": "64", "CLUBHOUSE_HEADER_TIMEOUT": "5", "CLUBHOUSE_BODY_TIMEOUT": "90",
                "CLUBHOUSE_METRICS_TOKEN": "t0ken",
            ], dotEnvPath: nil)
        #expect(tuned.maxConnections == 64 && tuned.headerTimeout == 5 && tuned.bodyTimeout == 90)
        #expect(tuned.metricsToken == "t0ken")
    }
}

@Suite("Database outage")
struct DatabaseOutageTests {
    /// PostgreSQL on a port where nothing listens: every connection is refused.
    static let refusedURL = "postgres://clubhouse:s3cret@127.0.0.1:9/clubhouse"

    @Test("a refused connection is a readable DatabaseUnavailable naming the server, never the password")
    func readableError() async throws {
        let database = try Database.postgres(url: Self.refusedURL, logger: LogSink().logger(level: .critical))
        let error = await #expect(throws: DatabaseUnavailable.self) {
            try await database.run { db in try await db.raw("SELECT 1").run() }
        }
        let text = "\(error.map { $0 as any Error } ?? CancellationError())"
        #expect(text.contains("PostgreSQL at 127.0.0.1:9/clubhouse is not reachable"), "\(text)")
        #expect(text.lowercased().contains("connection refused"), "\(text)")
        #expect(!text.contains("s3cret") && !text.contains("PSQLError"), "\(text)")
        #expect(database.isUnavailable)
        await database.close()
    }

    @Test("while it is down: 503 with Retry-After (JSON or a page), one log line however many requests")
    func answersAndLogs() async throws {
        let sink = LogSink()
        let database = try Database.postgres(url: Self.refusedURL, logger: sink.logger(level: .info))
        let router = Router()
        router.add(middleware: SecurityHeadersMiddleware())
        router.get("count") { _, _ -> String in
            try await database.run { db in try await db.raw("SELECT 1 AS n").run() }
            return "ok"
        }
        try await Application(router: router).test(.router) { client in
            for _ in 0..<40 {
                let response = try await client.execute(uri: "/count", method: .get)
                #expect(response.status == .serviceUnavailable)
                #expect(Int(response.headers[.retryAfter] ?? "") ?? 0 >= 1)
                #expect(String(buffer: response.body).contains("\"code\":\"database_unavailable\""))
            }
            let page = try await client.execute(
                uri: "/count", method: .get, headers: [.accept: "text/html,application/xhtml+xml"])
            #expect(page.status == .serviceUnavailable)
            #expect(page.headers[.contentType]?.hasPrefix("text/html") == true)
            #expect(String(buffer: page.body).contains("Briefly unavailable"))
        }
        let outageLines = sink.lines.filter { $0.contains("database unreachable") }
        #expect(outageLines.count == 1, "\(sink.lines)")
        await database.close()
    }

    @Test("the gate refuses at once between probes, backs off, and logs the end of the outage with its count")
    func gateBacksOffAndRecovers() throws {
        let sink = LogSink()
        let gate = DatabaseOutageGate(logger: sink.logger())
        let start = Date(timeIntervalSince1970: 1_800_000_000)
        #expect(try gate.admit(now: start) == false, "no outage: an ordinary call")
        let first = gate.failed(reason: "refused", probe: false, now: start)
        #expect(first.retryAfter == 1)
        // Until the first probe is due (0.25 s) every call is refused without touching the database.
        for offset in [0.0, 0.1, 0.2] {
            #expect(throws: DatabaseUnavailable.self) { try gate.admit(now: start.addingTimeInterval(offset)) }
        }
        // One probe at a time.
        let probeTime = start.addingTimeInterval(0.3)
        #expect(try gate.admit(now: probeTime) == true)
        #expect(throws: DatabaseUnavailable.self) { try gate.admit(now: probeTime) }
        // A failed probe doubles the pause: the next probe is 0.5 s later, and so on up to the cap.
        _ = gate.failed(reason: "refused", probe: true, now: probeTime)
        #expect(throws: DatabaseUnavailable.self) { try gate.admit(now: probeTime.addingTimeInterval(0.4)) }
        var now = probeTime.addingTimeInterval(0.5)
        #expect(try gate.admit(now: now) == true)
        for _ in 0..<20 {
            _ = gate.failed(reason: "refused", probe: true, now: now)
            now = now.addingTimeInterval(DatabaseOutageGate.maxBackoff)
            #expect(try gate.admit(now: now) == true, "the pause never exceeds the cap")
        }
        gate.succeeded(probe: false, now: now)
        #expect(gate.isOpen, "a call let through before the outage proves nothing")
        gate.succeeded(probe: true, now: now)
        #expect(!gate.isOpen)
        #expect(try gate.admit(now: now) == false)
        let ended = sink.lines.filter { $0.contains("database reachable again") }
        #expect(ended.count == 1)
        #expect(ended.first?.contains(#""requestsRefused": 5"#) == true, "\(sink.lines)")
        #expect(sink.lines.filter { $0.contains("database unreachable") }.count == 1)
    }

    @Test("a connection closed under a running query counts as unreachable, in either error type PostgresNIO uses")
    func closedMidQuery() {
        let endpoint = "db:5432/clubhouse"
        #expect(Database.unreachableReason(PostgresError.connectionClosed, endpoint: endpoint) != nil)
        #expect(
            Database.unreachableReason(PostgresError.protocol("Unexpected connection close"), endpoint: endpoint) != nil
        )
        #expect(
            Database.unreachableReason(
                PostgresError.protocol("Unexpected message: ErrorResponse(FATAL 57P01)"), endpoint: endpoint) != nil,
            "a FATAL where the protocol expected another message ends the conversation")
        #expect(Database.unreachableReason(PostgresError.protocol("Error decoding message"), endpoint: endpoint) == nil)
        #expect(Database.unreachableReason(CancellationError(), endpoint: endpoint) == nil)
    }

    @Test("a cancelled probe lets the next call probe (the outage cannot get stuck)")
    func cancelledProbe() throws {
        let gate = DatabaseOutageGate(logger: LogSink().logger())
        let start = Date(timeIntervalSince1970: 1_800_000_000)
        _ = gate.failed(reason: "refused", probe: false, now: start)
        let later = start.addingTimeInterval(1)
        #expect(try gate.admit(now: later) == true)
        gate.abandonProbe()
        #expect(try gate.admit(now: later) == true)
    }
}

@Suite("Admin sessions")
struct AdminSessionTests {
    @Test("admin sessions last 12 hours after their last use, at most 7 days; member sessions 30 days, fixed")
    func sliding() async throws {
        let database = try await Database.sqlite(path: nil, logger: LogSink().logger(level: .critical))
        try await Migrator([securityMigration]).migrate(database)
        let store = SessionStore(database: database)
        let start = Date(timeIntervalSince1970: 1_800_000_000)
        let hour: TimeInterval = 3600
        let admin = try await store.create(scope: "club", subject: nil, role: "admin", now: start)
        let member = try await store.create(scope: "club", subject: "m", role: "member", now: start)
        #expect(try await store.find(admin, now: start.addingTimeInterval(13 * hour)) == nil, "unused for 13 h")

        let used = try await store.create(scope: "club", subject: nil, role: "admin", now: start)
        var now = start
        // Used every 11 hours, it stays open...
        for _ in 0..<15 {
            now = now.addingTimeInterval(11 * hour)
            let session = try await store.find(used, now: now)
            #expect(session != nil, "\(now.timeIntervalSince(start) / hour) h")
            if let session {
                #expect(session.expiresAt <= start.addingTimeInterval(7 * 24 * hour))
            }
        }
        // ...until 7 days after sign-in.
        #expect(try await store.find(used, now: start.addingTimeInterval(7 * 24 * hour + 60)) == nil)

        let memberSession = try await store.find(member, now: start.addingTimeInterval(29 * 24 * hour))
        #expect(memberSession?.expiresAt == start.addingTimeInterval(30 * 24 * hour), "not renewed")
        #expect(try await store.find(member, now: start.addingTimeInterval(30 * 24 * hour + 1)) == nil)
        await database.close()
    }
}

@Suite("Upstream budgets")
struct UpstreamBudgetTests {
    @Test("a refusing host is unreachable at once: no retries, even with long timeouts", .timeLimit(.minutes(1)))
    func refusingHost() async throws {
        let sink = LogSink()
        // Before the fix the shared client retried connecting until the 10-minute deadline.
        let client = UpstreamHTTPClient(
            timeout: .seconds(600), maxAttempts: 3, retryBaseDelay: 30, logger: sink.logger(level: .debug))
        for method in ["GET", "POST"] {
            let error = await #expect(throws: UpstreamError.self) {
                try await client.send(method: method, url: try #require(URL(string: "http://127.0.0.1:9/x")))
            }
            guard case .unreachable(let detail) = error else {
                Issue.record("\(method): expected unreachable, got \(String(describing: error))")
                continue
            }
            #expect(detail.contains("127.0.0.1"))
        }
        #expect(!sink.lines.contains { $0.contains("retrying upstream") })
    }

    @Test("retries stop when the budget would be exceeded")
    func budget() async throws {
        try await UpstreamHTTPClientTests.withUpstream { base, counter, _ in
            // Each try times out after 1 s; a second try (pause + 1 s) no longer fits in 1.5 s.
            let client = UpstreamHTTPClient(
                timeout: .seconds(1), budget: .milliseconds(1500), maxAttempts: 5, retryBaseDelay: 0.001,
                logger: UpstreamHTTPClientTests.logger)
            await #expect(throws: UpstreamError.self) {
                try await client.send(method: "GET", url: try #require(URL(string: "\(base)/slow")))
            }
            #expect(counter.count("slow") == 1)
            // With room for them, 503s are retried as before.
            let roomy = UpstreamHTTPClient(
                timeout: .seconds(30), maxAttempts: 3, retryBaseDelay: 0.001, logger: UpstreamHTTPClientTests.logger)
            let answer = try await roomy.send(method: "GET", url: try #require(URL(string: "\(base)/flaky/503/2")))
            #expect(answer.status == 200)
        }
    }
}
