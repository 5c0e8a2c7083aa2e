import Configuration
import Foundation
import Hummingbird
import HummingbirdCore
import JustZone2Server
import Logging
import ServerKit

/// Every route of every app behind the cross-cutting middleware (request log, metrics, security headers), with
/// `/health`, `/metrics` and the shell's routes. `homeWait` replaces `CLUBHOUSE_HOME_WAIT` (tests pass `.infinity`,
/// so what the home page shows never depends on how busy the machine is).
public func buildRouter(
    _ runtime: ClubhouseRuntime, warmUp: Bool = false, homeWait: TimeInterval? = nil
) -> Router<AppRequestContext> {
    let router = Router(context: AppRequestContext.self, options: .autoGenerateHeadEndpoints)
    router.add(middleware: ForwardedHeadersMiddleware(trusting: runtime.config.trustedProxies))
    router.add(middleware: RequestLogMiddleware())
    router.add(middleware: MetricsMiddleware())
    router.add(
        middleware: SecurityHeadersMiddleware(
            strictTransportSecurity: runtime.config.baseURL.lowercased().hasPrefix("https://")))
    OperationsController<AppRequestContext>(database: runtime.database, metricsToken: runtime.config.metricsToken)
        .addRoutes(to: router)
    for module in runtime.apps.modules { module.addRoutes(to: router) }
    let shell = ShellController(
        defaultClub: runtime.config.defaultClub, apps: runtime.apps,
        glanceWait: homeWait ?? runtime.config.settings.double(forKey: "clubhouse.homeWait", default: 0.9),
        logger: runtime.logger)
    if warmUp { shell.warmUp() }
    shell.addRoutes(to: router)
    return router
}

/// The application `clubhouse serve` runs and the tests drive: the apps' start-up work done (recurring jobs, demo
/// data), the router of ``buildRouter(_:warmUp:)``, and the background job runner as a service beside the HTTP
/// server. `warmUp` (what `serve` asks for; tests don't) starts the home page's slow glances and reads the biggest
/// clubs' current weeks in the background, so the first visitors need not wait for them. The server upgrades JustZone2's bridge (`/zone2/bridge`) to a WebSocket
/// (``ClubhouseChannels``); every other request is plain HTTP with its deadlines.
public func buildApplication(
    _ runtime: ClubhouseRuntime, warmUp: Bool = false, homeWait: TimeInterval? = nil
) async throws
    -> some ApplicationProtocol
{
    for module in runtime.apps.modules { try await module.prepare() }
    let config = runtime.config
    let logger = runtime.logger
    var app = Application(
        router: buildRouter(runtime, warmUp: warmUp, homeWait: homeWait),
        server: ClubhouseChannels.builder(config: config, logger: logger) { [zone2 = runtime.apps.justZone2] in
            await zone2.bridgeUpgrade($0, logger: $1)
        },
        configuration: .init(
            address: .hostname(config.host, port: config.port), serverName: "clubhouse",
            availableConnectionsDelegate: MaximumAvailableConnections(config.maxConnections)),
        onServerRunning: { [url = "http://\(config.host):\(config.port)"] _ in
            logger.notice("listening", metadata: ["url": "\(url)"])
        },
        logger: logger)
    app.addServices(
        JobRunner(queue: JobQueue(database: runtime.database), handlers: runtime.apps.jobHandlers, logger: logger))
    // Live rides save their checkpoints before the database closes (a restart then loses nothing ridden).
    app.addServices(OnShutdown { [zone2 = runtime.apps.justZone2] in await zone2.stopLiveRides() })
    app.addServices(UntilShutdown { [zone2 = runtime.apps.justZone2] in await zone2.keepLiveRideLeases() })
    return app
}
