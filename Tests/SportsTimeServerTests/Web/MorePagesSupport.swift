import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import NIOCore
import ServerKit
import SportsTime
import TestSupport
import Testing

@testable import SportsTimeServer

/// The schedule, progress, poll and tour pages' test helpers: the app over a test database with a fixed clock, a
/// browser-like client keeping cookies, form posts from the same origin, and HTML snapshots.
enum MorePages {
    static let now = ISO8601.date("2026-11-22T12:00:00.000Z") ?? Date()

    static func app() async throws -> SportsTimeApp {
        let database = try await TestDatabases.make(.sqlite)
        try await Migrator(SportsTimeApp.migrations).migrate(database)
        var logger = Logger(label: "test")
        logger.logLevel = .warning
        return try SportsTimeApp(database: database, logger: logger, now: now)
    }

    /// Runs `test` with the pages (and the JSON API) mounted over a fresh database.
    static func withPages(
        _ test: @Sendable (SportsTimeApp, any TestClientProtocol) async throws -> Void
    ) async throws {
        let app = try await Self.app()
        let router = Router(context: AppRequestContext.self)
        for route in SportsTimeURL.allCases { router.on(route, use: app.handler(for: route)) }
        TripsWebController(app: app, now: { now }).addRoutes(to: router)
        try await Application(router: router).test(.router) { client in try await test(app, client) }
    }

    /// A browser: keeps the cookies the server sets.
    final class Browser: @unchecked Sendable {
        // Tests drive one browser from one task at a time.
        var cookies: [String: String] = [:]
        let client: any TestClientProtocol

        init(_ client: any TestClientProtocol) { self.client = client }

        var cookieHeader: String {
            cookies.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: "; ")
        }

        func keep(_ response: TestResponse) {
            for field in response.headers where field.name == .setCookie {
                let pair = field.value.split(separator: ";").first.map(String.init) ?? ""
                let parts = pair.split(separator: "=", maxSplits: 1).map(String.init)
                guard parts.count == 2 else { continue }
                if parts[1].isEmpty { cookies[parts[0]] = nil } else { cookies[parts[0]] = parts[1] }
            }
        }

        func get(_ uri: String) async throws -> TestResponse {
            var headers: HTTPFields = [:]
            if !cookies.isEmpty { headers[.cookie] = cookieHeader }
            let response = try await client.execute(uri: uri, method: .get, headers: headers)
            keep(response)
            return response
        }

        /// A form post from this site.
        func post(_ uri: String, _ fields: [(String, String)], origin: String? = nil) async throws -> TestResponse {
            var headers: HTTPFields = [.contentType: "application/x-www-form-urlencoded"]
            if let origin { headers[.origin] = origin }
            if !cookies.isEmpty { headers[.cookie] = cookieHeader }
            let body = fields.map { "\(RoutePath.encode($0.0))=\(RoutePath.encode($0.1))" }.joined(separator: "&")
            let response = try await client.execute(
                uri: uri, method: .post, headers: headers, body: ByteBuffer(string: body))
            keep(response)
            return response
        }
    }

    static func text(_ response: TestResponse) -> String { String(buffer: response.body) }

    /// The `<main>` of a page (snapshots leave out the shared frame, whose asset fingerprints change).
    static func main(_ html: String) -> String {
        guard let start = html.range(of: "<main"), let end = html.range(of: "</main>") else { return html }
        return String(html[start.lowerBound..<end.upperBound])
    }
}
