import Foundation
import HTTPTypes
import Hummingbird
import Metrics
import NIOCore
import Prometheus
import SQLKit

/// Process-wide metrics: a Prometheus registry behind swift-metrics.
public enum Observability {
    /// The registry `/metrics` renders. Bootstrapped into swift-metrics once per process by ``bootstrapMetrics()``.
    public static let registry = PrometheusCollectorRegistry()

    /// Installs the Prometheus backend for swift-metrics. Call once, from the executable only (tests skip it).
    public static func bootstrapMetrics() {
        MetricsSystem.bootstrap(PrometheusMetricsFactory(registry: registry))
    }
}

/// `/health` and `/metrics`.
public struct OperationsController<Context: RequestContext>: Sendable {
    let database: Database
    let startedAt: Date
    let metricsToken: String?

    /// Serves `database`'s health; `/health` counts uptime from `startedAt`. `/metrics` answers only requests
    /// bearing `metricsToken`, and answers 404 for everyone when there is none: internals are not public.
    public init(database: Database, metricsToken: String?, startedAt: Date = Date()) {
        self.database = database
        self.metricsToken = metricsToken
        self.startedAt = startedAt
    }

    /// Adds `GET /health` (JSON; 503 when the database does not answer) and `GET /metrics` (Prometheus text, with
    /// `Authorization: Bearer` the metrics token).
    public func addRoutes(to router: Router<Context>) {
        for route in OperationsURL.allCases {
            switch route {
            case .health: router.on(route, use: health)
            case .metrics: router.on(route, use: metrics)
            }
        }
    }

    func health(_ request: Request, _ context: Context) async throws -> Response {
        let kind = database.kind.rawValue
        do {
            _ = try await database.run { db in try await db.raw("SELECT 1 AS ok").first() }
            return try JSONResponse.make(
                Health(status: "ok", database: kind, uptimeSeconds: Int(Date().timeIntervalSince(startedAt))))
        } catch {
            return try JSONResponse.make(
                Health(status: "unavailable", database: kind, uptimeSeconds: 0), status: .serviceUnavailable)
        }
    }

    func metrics(_ request: Request, _ context: Context) async throws -> Response {
        guard let metricsToken else {
            throw APIError.notFound(
                "Metrics are off: set CLUBHOUSE_METRICS_TOKEN and send it as a Bearer token.", code: "metrics_off")
        }
        let sent = request.headers[.authorization].flatMap { header -> String? in
            guard header.lowercased().hasPrefix("bearer ") else { return nil }
            return String(header.dropFirst(7)).trimmingCharacters(in: .whitespaces)
        }
        guard let sent, Tokens.constantTimeEquals(sent, metricsToken) else {
            throw APIError(
                .unauthorized, code: "unauthorized", message: "Send the metrics token as 'Authorization: Bearer …'.",
                headers: [.wwwAuthenticate: "Bearer realm=\"metrics\""])
        }
        var buffer: [UInt8] = []
        Observability.registry.emit(into: &buffer)
        return Response(
            status: .ok, headers: [.contentType: "text/plain; version=0.0.4; charset=utf-8"],
            body: .init(byteBuffer: ByteBuffer(bytes: buffer)))
    }
}

/// The operations routes every instance serves.
public enum OperationsURL: String, AppRoute {
    /// `GET /health`: JSON status, 503 when the database does not answer.
    case health
    /// `GET /metrics`: Prometheus text, for the bearer of `CLUBHOUSE_METRICS_TOKEN` only.
    case metrics

    /// Both are GET.
    public var methods: [HTTPRequest.Method] { [.get] }
    /// `health` or `metrics`.
    public var pattern: String { rawValue }
}

struct Health: Encodable {
    let status: String
    let database: String
    let uptimeSeconds: Int
}

extension Observability {
    /// Records a duration of `seconds` in the timer `label` (a histogram on `/metrics`).
    public static func recordSeconds(_ seconds: Double, in label: String) {
        guard seconds.isFinite, seconds >= 0 else { return }
        Metrics.Timer(label: label).recordSeconds(seconds)
    }
}
