import Foundation
import HTTPTypes
import Hummingbird
import JustZone2
import NIOCore
import Plot
import ServerKit
import WebUI

/// The live ride: pair, start, the ride page, its state and commands, resume, and the bridge's WebSocket (whose
/// upgrade is decided by ``JustZone2App/bridgeUpgrade(_:logger:)``; a plain GET of its path says why it would be
/// refused).
struct Zone2LiveController: Sendable {
    let app: JustZone2App

    /// Whether this controller serves `route`.
    func handles(_ route: Zone2PageURL) -> Bool {
        switch route {
        case .pair, .startRide, .ride, .rideState, .rideCommand, .bridge, .rideResume: true
        default: false
        }
    }

    func register(_ route: Zone2PageURL, on router: Router<AppRequestContext>) {
        switch route {
        case .pair: router.on(route, use: pairPage)
        case .startRide: router.on(route, use: startRide)
        case .ride: router.on(route, use: ridePage)
        case .rideState: router.on(route, use: rideState)
        case .rideCommand: router.on(route, use: rideCommand)
        case .bridge: router.on(route, use: bridgeWithoutUpgrade)
        case .rideResume: router.on(route, use: resume)
        default: break
        }
    }

    // MARK: Pages

    func pairPage(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        let rider = try await app.session(request).rider
        var inProgress = false
        if let rider { inProgress = await app.live.ride(of: rider.id) != nil }
        let model = PairModel(rideInProgress: inProgress)
        return Self.html(PairView.render(model))
    }

    func ridePage(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        let state = try await currentState(request)
        var chart: [LiveChartPoint] = []
        if let rider = try await app.session(request).rider, let ride = await app.live.ride(of: rider.id) {
            chart = LiveChartPoint.points(from: await ride.engine.recording.samples)
        }
        let model = LiveRideModel(
            state: state, chart: chart, noticeFromQuery: request.uri.queryParameters.get("notice"))
        return Self.html(LiveRideView.render(model))
    }

    /// `GET /zone2/ride/state`: the rider's ``RideState`` as JSON (no rider or no ride: `{"status":"none"}`).
    func rideState(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        let state = try await currentState(request)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return JSONResponse.raw(try encoder.encode(state), headers: [.cacheControl: "no-store", .vary: "Cookie"])
    }

    func currentState(_ request: Request) async throws -> RideState {
        guard let rider = try await app.session(request).rider else { return RideState(status: .none) }
        if let ride = await app.live.ride(of: rider.id) { return await ride.state() }
        return await app.live.idleState(rider: rider.id)
    }

    // MARK: Forms

    /// `POST /zone2/rides/start` (the home page's form): 303 to the ride page, or a page with the problem (400).
    func startRide(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        try Self.requireSameOrigin(request, context)
        let form = try await request.collectForm(limit: 16 << 10)
        let session = try await app.sessionCreatingRider(request, context)
        let cookies = session.setCookie.map { [$0] } ?? []
        if await app.live.ride(of: session.rider.id) != nil {
            return Self.seeOther(Zone2PageURL.ride.path(), setCookies: cookies)
        }
        let plan: LiveRide.Plan
        do throws(StartRideForm.Problem) {
            plan = try StartRideForm.plan(from: form)
        } catch {
            return Self.problem(error.message, status: .badRequest, setCookies: cookies)
        }
        do throws(LiveRideError) {
            _ = try await app.live.start(plan, rider: session.rider)
        } catch {
            return Self.problem(error.message, status: .badRequest, setCookies: cookies)
        }
        var settings = session.rider.settings
        settings.lastWatts = plan.watts
        settings.lastMinutes = plan.minutes
        settings.warmUp = plan.warmUp
        settings.heartRateGuided = plan.heartRateGuided
        try? await app.riders.save(settings, rider: session.rider.id)
        return Self.seeOther(Zone2PageURL.ride.path(), setCookies: cookies)
    }

    /// `POST /zone2/ride/command` (`action`, `value`): a command without JavaScript; back to the ride page.
    func rideCommand(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        try Self.requireSameOrigin(request, context)
        let form = try await request.collectForm(limit: 4 << 10)
        guard let rider = try await app.session(request).rider, let ride = await app.live.ride(of: rider.id) else {
            return Self.seeOther(Zone2PageURL.ride.path())
        }
        let action = String((form["action"] ?? "").prefix(32))
        let value = form["value"].flatMap { Double($0.trimmingCharacters(in: .whitespaces)) }
        let outcome = await ride.command(action, value: value, tab: nil)
        if case .failure(let why) = outcome {
            return Self.seeOther(Zone2PageURL.ride.path(query: "?notice=" + RoutePath.encode(why.message)))
        }
        if action == "stop" || action == "end" {
            // Saving takes a moment (FIT file, figures); the summary is shown once it is done.
            for _ in 0..<50 where await !ride.hasEnded { try? await Task.sleep(for: .milliseconds(100)) }
            return Self.seeOther(Zone2PageURL.rideSummary.path(["id": ride.id]))
        }
        return Self.seeOther(Zone2PageURL.ride.path())
    }

    /// `POST /zone2/rides/{id}/resume`: carries on an interrupted ride.
    func resume(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        try Self.requireSameOrigin(request, context)
        guard let id = context.parameters.get("id"), !id.isEmpty, id.count <= 64,
            let rider = try await app.session(request).rider
        else { throw HTTPError(.notFound, message: "No such ride.") }
        do throws(LiveRideError) {
            _ = try await app.live.resume(id, rider: rider)
        } catch {
            if error.notFound { throw HTTPError(.notFound, message: error.message) }
            return Self.problemPage(
                title: "The ride did not resume", message: error.message,
                back: ("Back to the ride", Zone2PageURL.rideDetail.path(["id": id])), status: .conflict)
        }
        return Self.seeOther(Zone2PageURL.ride.path())
    }

    /// `GET /zone2/bridge` without `Upgrade`: why this browser would be refused, or 426 when it would be let in.
    func bridgeWithoutUpgrade(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        switch await app.bridgeAdmission(request.headers, authority: request.head.authority) {
        case .refused(let status, let why): return JustZone2App.error(status, why)
        case .rider:
            var response = JustZone2App.error(.upgradeRequired, "This is the ride's WebSocket: open it as one.")
            response.headers[.upgrade] = "websocket"
            return response
        }
    }

    // MARK: Helpers

    static func html(_ document: String, status: HTTPResponse.Status = .ok) -> Response {
        HTMLResponse.page(
            document, status: status, csp: PageShell.contentSecurityPolicy(),
            headers: [.vary: "Cookie", .cacheControl: "private, no-cache"])
    }

    static func seeOther(_ location: String, setCookies: [String] = []) -> Response {
        var headers: HTTPFields = [.cacheControl: "no-store"]
        for cookie in setCookies { headers.append(HTTPField(name: .setCookie, value: cookie)) }
        return HTMLResponse.redirect(location, headers: headers)
    }

    /// The start form's problem in words (400), with the way back to the form; a rider made by this post keeps the
    /// cookie.
    static func problem(_ message: String, status: HTTPResponse.Status, setCookies: [String]) -> Response {
        var response = problemPage(
            title: "The ride did not start", message: message,
            back: ("Back to the start form", Zone2PageURL.home.path() + "#start"), status: status)
        for cookie in setCookies { response.headers.append(HTTPField(name: .setCookie, value: cookie)) }
        return response
    }

    /// A page saying what went wrong and where to go.
    static func problemPage(
        title: String, message: String, back: (label: String, url: String), status: HTTPResponse.Status
    ) -> Response {
        html(
            Zone2Layout.page(
                title: title, section: .ride, stylesheets: ["zone2-live.css"],
                main: .div(
                    .class("card ride-ended"), .attr("role", "alert"),
                    .h1(.safeText(title)),
                    .p(.safeText(message)),
                    .p(.a(.class("button"), .link(back.url), .safeText(back.label))))),
            status: status)
    }

    static func requireSameOrigin(_ request: Request, _ context: AppRequestContext) throws {
        guard request.isSameOrigin(context: context) else {
            throw HTTPError(.forbidden, message: "This form must be sent from this site.")
        }
    }
}

/// The start-ride form's fields (the contract in the brief): `mode` erg|hr, `watts` 60–300 step 5,
/// `minutes` 5–180 step 5, `warmup` 1, `source` bridge|simulator.
enum StartRideForm {
    struct Problem: Error, Equatable {
        var message: String
    }

    static func plan(from form: FormData) throws(Problem) -> LiveRide.Plan {
        let mode = form["mode"] ?? "erg"
        guard mode == "erg" || mode == "hr" else { throw Problem(message: "Choose ERG or heart-rate mode.") }
        guard let watts = form["watts"].flatMap({ Int($0.trimmingCharacters(in: .whitespaces)) }),
            (60...300).contains(watts), watts % 5 == 0
        else { throw Problem(message: "Power must be 60 to 300 W, in steps of 5.") }
        guard let minutes = form["minutes"].flatMap({ Int($0.trimmingCharacters(in: .whitespaces)) }),
            (5...180).contains(minutes), minutes % 5 == 0
        else { throw Problem(message: "Duration must be 5 to 180 minutes, in steps of 5.") }
        let source = form["source"] ?? "bridge"
        guard let parsed = StoredRide.Source(rawValue: source), parsed != .imported else {
            throw Problem(message: "Choose Bluetooth or the simulator.")
        }
        return LiveRide.Plan(
            heartRateGuided: mode == "hr", watts: watts, minutes: minutes, warmUp: form["warmup"] == "1",
            source: parsed)
    }
}
