import ClubWeeklyServer
import ClubhouseServer
import Configuration
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import JustZone2Server
import Logging
import NIOCore
import NIOFoundationCompat
import SQLKit
import ServerKit
import SportsTimeServer
import TestSupport
import Testing
import TodayInSwitzerlandServer

/// Clubhouse as users get it: the runtime `serve` starts, its router with every middleware and every app.
struct AssembledClubhouse {
    let runtime: ClubhouseRuntime
    let upstreams: FakeSwissUpstreams

    /// A fresh data directory with the demo data; Strava points at a closed port, the Swiss upstreams at local fakes.
    static func start(
        publicURL: String? = nil, idleTimeout: Int = 30, configure: (inout ServerConfig) -> Void = { _ in }
    ) async throws -> AssembledClubhouse {
        let upstreams = try await FakeSwissUpstreams.start()
        var config = ServerConfig()
        config.dataDirectory = (TestDatabases.temporaryFile("data") as NSString).deletingLastPathComponent
        config.logLevel = .warning
        config.publicURL = publicURL
        config.idleTimeout = idleTimeout
        config.port = 0
        config.strava.apiBaseURL = "http://127.0.0.1:9/api/v3"
        config.strava.oauthBaseURL = "http://127.0.0.1:9/oauth"
        let base = upstreams.baseURL
        config.settings = ConfigReader(
            provider: EnvironmentVariablesProvider(environmentVariables: [
                "SWISS_OPENMETEO_URL": base, "SWISS_TRANSPORT_URL": base, "SWISS_FEEDS_URL": base,
                "SWISS_OVERPASS_URL": "\(base)/api/interpreter", "SWISS_ALLOWED_ORIGIN": "https://family.example",
                "SWISS_UPSTREAM_WAIT": "60",
            ]))
        configure(&config)
        let runtime = try await ClubhouseRuntime.start(config, label: "assembled-test")
        return AssembledClubhouse(runtime: runtime, upstreams: upstreams)
    }

    /// Runs `body` against the application of `buildApplication` (start-up work done), then closes everything.
    static func test(
        publicURL: String? = nil, configure: (inout ServerConfig) -> Void = { _ in },
        _ body: @escaping @Sendable (any TestClientProtocol) async throws -> Void
    ) async throws {
        let assembled = try await start(publicURL: publicURL, configure: configure)
        do {
            let app = try await buildApplication(assembled.runtime, homeWait: .infinity)
            try await app.test(.router) { client in try await body(client) }
        } catch {
            await assembled.stop()
            throw error
        }
        await assembled.stop()
    }

    func stop() async {
        await runtime.close()
        await upstreams.stop()
    }
}

/// A sample path for a route pattern: each `:name` parameter filled with a value that exists in the demo data.
func samplePath(_ pattern: String) -> String {
    let samples = [
        "slug": "demo", "tab": "charts", "action": "name", "member": "nobody", "id": "fenway-park",
        "token": "no-such-poll", "name": "webui.css",
    ]
    let path = pattern.split(separator: "/", omittingEmptySubsequences: false).map { segment -> String in
        if segment == "**" { return "no-such-endpoint" }
        guard segment.hasPrefix(":") else { return String(segment) }
        return samples[String(segment.dropFirst())] ?? "x"
    }
    return "/" + path.joined(separator: "/")
}

/// A response header by name.
func header(_ response: TestResponse, _ name: String) -> String? {
    response.headers.first { $0.name.canonicalName == name.lowercased() }?.value
}

@Suite("Clubhouse assembled as served")
struct AssembledAppTests {
    /// Every (method, pattern) of every app's URL enum, with the name of the enum it comes from.
    static var allRoutes: [(app: String, method: HTTPRequest.Method, pattern: String)] {
        func list<R: AppRoute>(_ type: R.Type) -> [(String, HTTPRequest.Method, String)] {
            R.allCases.flatMap { route in route.methods.map { ("\(R.self)", $0, route.pattern) } }
        }
        return list(ClubWeeklyRoute.self) + list(SportsTimeURL.self) + list(JustZone2URL.self) + list(SwissURL.self)
            + list(SwissPageURL.self) + list(Zone2PageURL.self)
            + list(OperationsURL.self) + list(ClubhouseURL.self)
    }

    @Test("every route of every URL enum is registered: none falls through to the router's bare 404 or a 405")
    func everyRouteRegistered() async throws {
        #expect(Self.allRoutes.count > 100)
        try await AssembledClubhouse.test { client in
            for route in Self.allRoutes {
                let path = samplePath(route.pattern)
                try await client.execute(uri: path, method: route.method) { response in
                    let bareMiss = response.status == .notFound && response.body.readableBytes == 0
                    #expect(!bareMiss, "\(route.app): \(route.method) \(path) is not registered")
                    #expect(response.status != .methodNotAllowed || route.pattern.hasSuffix("club-data"))
                }
            }
            // The control: a path no enum lists is the router's bare 404.
            try await client.execute(uri: "/no/such/page", method: .get) { response in
                #expect(response.status == .notFound)
                #expect(response.body.readableBytes == 0)
            }
        }
    }

    @Test("security headers on pages, JSON answers, error answers and the router's own 404")
    func securityHeaders() async throws {
        try await AssembledClubhouse.test { client in
            for (path, status) in [
                ("/clubs/demo", HTTPResponse.Status.ok), ("/api/trips/leagues", .ok),
                ("/api/clubs/no-such-club/week", .notFound), ("/no/such/page", .notFound),
            ] {
                try await client.execute(uri: path, method: .get) { response in
                    #expect(response.status == status, "\(path)")
                    #expect(header(response, "X-Content-Type-Options") == "nosniff", "\(path)")
                    #expect(header(response, "Referrer-Policy") == "strict-origin-when-cross-origin", "\(path)")
                    #expect(header(response, "X-Frame-Options") != nil, "\(path)")
                }
            }
        }
    }

    @Test("Strict-Transport-Security only when the public URL is https")
    func strictTransportSecurity() async throws {
        try await AssembledClubhouse.test(publicURL: "https://club.example") { client in
            for path in ["/clubs/demo", "/no/such/page"] {
                try await client.execute(uri: path, method: .get) { response in
                    #expect(header(response, "Strict-Transport-Security") == "max-age=31536000", "\(path)")
                }
            }
        }
        try await AssembledClubhouse.test { client in
            try await client.execute(uri: "/clubs/demo", method: .get) { response in
                #expect(header(response, "Strict-Transport-Security") == nil)
            }
        }
    }

    @Test("errors answer in each app's JSON shape")
    func errorShapes() async throws {
        try await AssembledClubhouse.test { client in
            try await client.execute(uri: "/api/clubs/no-such-club/week", method: .get) { response in
                let body = try JSONSerialization.jsonObject(with: Data(buffer: response.body)) as? [String: Any]
                let error = body?["error"] as? [String: Any]
                #expect(error?["code"] as? String == "unknown_club")
                #expect((error?["message"] as? String)?.isEmpty == false)
            }
            try await client.execute(uri: "/api/nothing-here", method: .post) { response in
                #expect(response.status == .notFound)
                let body = try JSONSerialization.jsonObject(with: Data(buffer: response.body)) as? [String: Any]
                #expect((body?["error"] as? [String: Any])?["message"] != nil)
            }
            // The compatible APIs keep their workers' `{"error": "…"}`.
            try await client.execute(uri: "/swiss/nothing-here", method: .get) { response in
                #expect(response.status == .notFound)
                let body = try JSONSerialization.jsonObject(with: Data(buffer: response.body)) as? [String: Any]
                #expect(body?["error"] as? String == "Not found")
            }
            try await client.execute(uri: "/club-data", method: .delete) { response in
                #expect(response.status == .methodNotAllowed)
                let body = try JSONSerialization.jsonObject(with: Data(buffer: response.body)) as? [String: Any]
                #expect(body?["error"] as? String == "Method not allowed")
            }
        }
    }

    @Test("/health reports the database, /metrics answers Prometheus text to the bearer of the metrics token only")
    func operations() async throws {
        try await AssembledClubhouse.test(configure: { $0.metricsToken = "metrics-secret-1234" }) { client in
            try await client.execute(uri: OperationsURL.health.path(), method: .get) { response in
                #expect(response.status == .ok)
                let body = try JSONSerialization.jsonObject(with: Data(buffer: response.body)) as? [String: Any]
                #expect(body?["status"] as? String == "ok")
                #expect(body?["database"] as? String == "sqlite")
            }
            try await client.execute(
                uri: OperationsURL.metrics.path(), method: .get, headers: [.authorization: "Bearer metrics-secret-1234"]
            ) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.contentType]?.hasPrefix("text/plain") == true)
            }
            for header in ["", "Bearer wrong", "Basic bWV0cmljczpzZWNyZXQ="] {
                let headers: HTTPFields = header.isEmpty ? [:] : [.authorization: header]
                try await client.execute(uri: OperationsURL.metrics.path(), method: .get, headers: headers) {
                    response in
                    #expect(response.status == .unauthorized, "\(header)")
                    #expect(!String(buffer: response.body).contains("# TYPE"))
                }
            }
        }
        // Without a token configured, /metrics is off for everyone.
        try await AssembledClubhouse.test { client in
            try await client.execute(uri: OperationsURL.metrics.path(), method: .get) { response in
                #expect(response.status == .notFound)
                #expect(String(buffer: response.body).contains("CLUBHOUSE_METRICS_TOKEN"))
            }
        }
    }

    @Test("every app is mounted, with its demo data and settings read through the one configuration reader")
    func appsMounted() async throws {
        try await AssembledClubhouse.test { client in
            try await client.execute(uri: "/clubs/demo", method: .get) { response in
                #expect(response.status == .ok)
                #expect(String(buffer: response.body).contains("Demo Cycling Club"))
            }
            try await client.execute(uri: SportsTimeURL.leagues.path(), method: .get) { response in
                #expect(response.status == .ok)
                #expect(String(buffer: response.body).contains("\"mlb\""))
            }
            try await client.execute(uri: SwissURL.version.path(), method: .get) { response in
                #expect(response.status == .ok)
                // SWISS_ALLOWED_ORIGIN came through the settings reader, not the process environment.
                #expect(response.headers[.accessControlAllowOrigin] == "https://family.example")
            }
            try await client.execute(uri: JustZone2URL.openAPI.path(), method: .get) { response in
                #expect(response.status == .ok)
            }
            try await client.execute(uri: ClubhouseURL.clubWeekly.path(), method: .get) { response in
                #expect(response.status == .found)
                #expect(response.headers[.location] == "/clubs/demo")
            }
            try await client.execute(uri: ClubhouseURL.serviceWorker.path(), method: .get) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.cacheControl] == "no-cache")
            }
        }
    }

    @Test("a second start applies no migration again; Club Weekly's old Strava budget moves to the shared table")
    func migrations() async throws {
        let database = try await TestDatabases.make(.sqlite)
        // A database as the previous release left it: Club Weekly's first migration with its own budget table.
        let before = sharedMigrations + ClubWeeklyApp.migrations.filter { $0.id == "cw-0001-clubs" }
        try await Migrator(before).migrate(database)
        try await database.run { db in
            try await db.raw(
                "INSERT INTO cw_rate_limits (name, state, updated_at) VALUES ('strava', '{\"x\":1}', 5)"
            ).run()
        }
        let applied = try await Migrator(ClubhouseApps.migrations).migrate(database)
        #expect(applied.contains("strava-0001-budget"))
        #expect(applied.contains("cw-0002-shared-strava-budget"))
        let created = try #require(applied.firstIndex(of: "strava-0001-budget"))
        #expect(created < (try #require(applied.firstIndex(of: "cw-0002-shared-strava-budget"))))
        let moved = try await database.run { db in
            try await db.raw("SELECT state FROM strava_rate_limits WHERE name = 'strava'").first()?
                .decode(column: "state", as: String.self)
        }
        #expect(moved == "{\"x\":1}")
        #expect(try await Migrator(ClubhouseApps.migrations).migrate(database).isEmpty)
        // Every id is applied once even though apps list the shared migrations again.
        let ids = ClubhouseApps.migrations.map(\.id)
        #expect(Migrator(ClubhouseApps.migrations).migrations.count == Set(ids).count)
        await database.close()
    }
}
