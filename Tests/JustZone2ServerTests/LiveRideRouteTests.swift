import ActivityFiles
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import JustZone2
import NIOCore
import NIOFoundationCompat
import ServerKit
import Testing

@testable import JustZone2Server

/// The live ride through its HTTP routes: the start form, the state, commands without JavaScript, the end, a
/// server restart and resume, and the pages.
@Suite("JustZone2 live rides over HTTP")
struct LiveRideRouteTests {
    func form(_ fields: [String: String]) -> ByteBuffer {
        ByteBuffer(
            string: fields.map { "\($0.key)=\(RoutePath.encode($0.value))" }.sorted().joined(separator: "&"))
    }

    func post(
        _ client: some TestClientProtocol, _ path: String, _ fields: [String: String], cookie: String? = nil
    ) async throws -> TestResponse {
        // No Origin: the router's test client has no host to compare it with (same-origin posts are tested by the
        // foreign one being refused).
        var headers: HTTPFields = [.contentType: "application/x-www-form-urlencoded"]
        if let cookie { headers[.cookie] = cookie }
        return try await client.execute(uri: path, method: .post, headers: headers, body: form(fields))
    }

    func state(_ client: some TestClientProtocol, cookie: String) async throws -> RideState {
        let response = try await client.execute(uri: "/zone2/ride/state", method: .get, headers: [.cookie: cookie])
        #expect(response.status == .ok)
        try await conforms(client, Data(buffer: response.body))
        return try JSONDecoder().decode(RideState.self, from: Data(buffer: response.body))
    }

    /// The answer has every field the OpenAPI document requires of a RideState (and of its snapshot), and no other.
    func conforms(_ client: some TestClientProtocol, _ body: Data) async throws {
        let document = try await client.execute(uri: "/zone2/openapi.json", method: .get)
        let spec = try #require(try JSONSerialization.jsonObject(with: Data(buffer: document.body)) as? [String: Any])
        let schemas = try #require((spec["components"] as? [String: Any])?["schemas"] as? [String: Any])
        let object = try #require(try JSONSerialization.jsonObject(with: body) as? [String: Any])
        func check(_ value: [String: Any], _ name: String) throws {
            let schema = try #require(schemas[name] as? [String: Any])
            let required = schema["required"] as? [String] ?? []
            let known = Set((schema["properties"] as? [String: Any] ?? [:]).keys)
            #expect(required.allSatisfy { value[$0] != nil }, "\(name) lacks a required field: \(value.keys)")
            #expect(Set(value.keys).isSubset(of: known), "\(name) has undocumented fields: \(value.keys)")
        }
        try check(object, "RideState")
        if let snapshot = object["snapshot"] as? [String: Any] { try check(snapshot, "RideSnapshot") }
    }

    static let start = ["mode": "erg", "watts": "150", "minutes": "5", "warmup": "1", "source": "simulator"]

    @Test("a simulator ride from the start form to a finished ride with its FIT file, commands without JavaScript")
    func simulatorRide() async throws {
        let server = try await BridgeServer.make(timeScale: 20)
        try await Application(router: server.router).test(.router) { client in
            let started = try await post(client, "/zone2/rides/start", Self.start)
            #expect(started.status == .seeOther)
            #expect(started.headers[.location] == "/zone2/ride")
            let setCookie = try #require(started.headers[.setCookie])
            let cookie = String(setCookie.prefix { $0 != ";" })
            // A second start while riding goes to the ride: never two rides.
            let again = try await post(client, "/zone2/rides/start", Self.start, cookie: cookie)
            #expect(again.headers[.location] == "/zone2/ride")
            let riders = try await server.app.rides.live()
            #expect(riders.count == 1)

            await eventually("riding with power and heart rate") {
                let state = try? await state(client, cookie: cookie)
                return state?.snapshot?.power != nil && state?.snapshot?.heartRate != nil
            }
            let live = try await state(client, cookie: cookie)
            #expect(live.status == .live)
            #expect(live.source == "simulator")
            #expect(live.snapshot?.phase == .warmUp)

            let adjust = try await post(
                client, "/zone2/ride/command", ["action": "adjust", "value": "5"], cookie: cookie)
            #expect(adjust.headers[.location] == "/zone2/ride")
            #expect(try await state(client, cookie: cookie).message == "target 155 W")
            let lap = try await post(client, "/zone2/ride/command", ["action": "lap"], cookie: cookie)
            #expect(lap.status == .seeOther)
            #expect(try await state(client, cookie: cookie).laps.count == 1)
            let unknown = try await post(client, "/zone2/ride/command", ["action": "fly"], cookie: cookie)
            #expect(unknown.headers[.location]?.contains("notice=") == true)

            let page = try await client.execute(uri: "/zone2/ride", method: .get, headers: [.cookie: cookie])
            let html = String(buffer: page.body)
            #expect(html.contains(#"http-equiv="refresh""#), "without JavaScript the page refreshes itself")
            #expect(html.contains(#"action="/zone2/ride/command""#))
            #expect(html.contains(#"id="ride-chart""#))

            await eventually("30 s ridden") {
                (try? await state(client, cookie: cookie))?.snapshot?.elapsed ?? 0 >= 30
            }
            let stop = try await post(client, "/zone2/ride/command", ["action": "stop"], cookie: cookie)
            let summary = try #require(stop.headers[.location])
            #expect(summary.hasSuffix("/summary"))
            let id = summary.split(separator: "/")[2]
            #expect(try await state(client, cookie: cookie).status == RideState.Status.none)
            let ride = try #require(try await server.app.rides.list(rider: try await riderID(server, cookie)).first)
            #expect(String(id) == ride.id)
            #expect(ride.status == .finished)
            #expect(ride.source == .simulator)
            let settings = try await client.execute(uri: "/zone2/settings", method: .get, headers: [.cookie: cookie])
            let diagnostics = String(buffer: settings.body)
            #expect(diagnostics.contains("Ride started (simulator)."))
            #expect(diagnostics.contains("Ride ended and saved."))
            let file = try #require(try await server.app.rides.file(ride.id, rider: ride.riderID))
            let activity = try FITReader.activity(from: file)
            // Riding time is the file's recorded time (seconds without data are gaps, not time), however loaded the
            // machine; how many seconds had heart rate depends on the machine too, so only its presence is checked.
            let recorded = WorkoutAnalyzer.analyze(Zone2Tools.samples(of: activity)).recordedTime
            #expect(ride.duration == Int(recorded.rounded()) && ride.duration > 0)
            #expect(activity.samples.count >= 10)
            #expect(activity.laps.count == 2, "the lap pressed while riding splits the file in two laps")
            if let split = activity.laps.last?.start {
                #expect(split > activity.startTime && split < activity.endTime)
            }
            #expect(
                activity.samples.contains { $0.heartRate != nil && $0.power != nil },
                "heart rate from the simulated strap once it is paired")
        }
    }

    func riderID(_ server: BridgeServer, _ cookie: String) async throws -> String {
        let token = String(cookie.split(separator: "=", maxSplits: 1)[1])
        return try #require(try await server.app.riders.find(token: token)).id
    }

    @Test("the start form refuses what it cannot ride: a page with the reason and the way back to the form")
    func badForms() async throws {
        let server = try await BridgeServer.make()
        try await Application(router: server.router).test(.router) { client in
            for (field, value) in [
                ("watts", "62"), ("watts", "400"), ("minutes", "0"), ("minutes", "abc"), ("mode", "fast"),
                ("source", "imported"),
            ] {
                var fields = Self.start
                fields[field] = value
                let response = try await post(client, "/zone2/rides/start", fields)
                #expect(response.status == .badRequest, "\(field)=\(value)")
                #expect(String(buffer: response.body).contains("The ride did not start"))
                #expect(String(buffer: response.body).contains(#"href="/zone2#start""#))
            }
            // Heart-rate guided needs the rider's zone.
            var heart = Self.start
            heart["mode"] = "hr"
            let refused = try await post(client, "/zone2/rides/start", heart)
            #expect(refused.status == .badRequest)
            #expect(String(buffer: refused.body).contains("Zone 2: set it on the Zones page"))
            // Another site's form is refused.
            let foreign = try await client.execute(
                uri: "/zone2/rides/start", method: .post,
                headers: [.contentType: "application/x-www-form-urlencoded", .origin: "http://evil.example"],
                body: form(Self.start))
            #expect(foreign.status == .forbidden)
            #expect(try await server.app.rides.live().isEmpty)
        }
    }

    @Test("a server restart leaves the ride interrupted with its checkpoint; Resume carries on from it")
    func interruptedAndResumed() async throws {
        let server = try await BridgeServer.make(timeScale: 20)
        let (rider, cookie) = try await server.rider()
        var settings = rider.settings
        settings.maxHeartRate = 190
        try await server.app.riders.save(settings, rider: rider.id)
        let withZone = try #require(try await server.app.riders.find(id: rider.id))
        let plan = LiveRide.Plan(heartRateGuided: true, watts: 140, minutes: 5, warmUp: false, source: .simulator)
        let ride = try await server.app.live.start(plan, rider: withZone)
        await eventually("a checkpoint after a minute of riding") {
            let data = try? await server.app.rides.checkpoint(ride.id, rider: rider.id)
            return (data.flatMap { try? LiveRide.decode($0) }?.elapsed ?? 0) >= 60
        }
        // The process ends without saving; once its lease lapses the ride is interrupted.
        await server.app.live.abandonAll()
        try await server.app.prepare()
        #expect(try await server.app.rides.find(ride.id, rider: rider.id)?.status == .live, "the lease is fresh")
        try await server.app.live.markInterrupted(now: Date().addingTimeInterval(31))
        #expect(try await server.app.rides.find(ride.id, rider: rider.id)?.status == .interrupted)
        try await Application(router: server.router).test(.router) { client in
            let idle = try await state(client, cookie: cookie)
            #expect(idle.status == .interrupted)
            #expect(idle.next == "/zone2/rides/\(ride.id)")
            let page = try await client.execute(uri: "/zone2/ride", method: .get, headers: [.cookie: cookie])
            #expect(String(buffer: page.body).contains("/zone2/rides/\(ride.id)/resume"))

            let resumed = try await post(client, "/zone2/rides/\(ride.id)/resume", [:], cookie: cookie)
            #expect(resumed.headers[.location] == "/zone2/ride")
            let live = try await state(client, cookie: cookie)
            #expect(live.status == .live)
            #expect(live.ride == ride.id)
            #expect(live.mode == "hr")
            #expect((live.snapshot?.elapsed ?? 0) >= 60, "riding time carries on from the checkpoint")
            #expect(live.zoneLower == 112 && live.zoneUpper == 148)
            let missing = try await post(client, "/zone2/rides/nope/resume", [:], cookie: cookie)
            #expect(missing.status == .conflict, "one ride at a time")
            #expect(String(buffer: missing.body).contains("Another ride is in progress"))
            _ = await server.app.live.ride(of: rider.id)?.command("stop", value: nil, tab: nil)
            await eventually("saved") {
                try! await server.app.rides.find(ride.id, rider: rider.id)?.status == .finished
            }
        }
    }

    @Test("a graceful shutdown saves every ride's checkpoint first: a restart loses nothing ridden")
    func shutdownSaves() async throws {
        let server = try await BridgeServer.make(timeScale: 20)
        let (rider, _) = try await server.rider()
        let plan = LiveRide.Plan(heartRateGuided: false, watts: 120, minutes: 5, warmUp: false, source: .simulator)
        let ride = try await server.app.live.start(plan, rider: rider)
        await eventually("10 s ridden") { await ride.engine.snapshot.elapsed >= 10 }
        await server.app.stopLiveRides()
        let elapsed = await ride.engine.recording.elapsed
        let data = try #require(try await server.app.rides.checkpoint(ride.id, rider: rider.id))
        let saved = try LiveRide.decode(data)
        // Everything ridden until the shutdown, not the last whole minute's checkpoint (however loaded the machine,
        // and so however far the 20× ride got).
        #expect(saved.elapsed >= 10 && saved.elapsed == elapsed, "saved at shutdown")
        #expect(await server.app.live.ride(of: rider.id) == nil)
        #expect(try await server.app.rides.find(ride.id, rider: rider.id)?.status == .interrupted)
    }

    @Test(
        "several servers on one database: a ride belongs to the server renewing its lease; a lapsed one is interrupted")
    func leases() async throws {
        let first = try await BridgeServer.make(timeScale: 1)
        let second = BridgeServer(app: try first.sharingDatabase())
        let (rider, _) = try await first.rider()
        let plan = LiveRide.Plan(heartRateGuided: false, watts: 120, minutes: 5, warmUp: false, source: .simulator)
        let ride = try await first.app.live.start(plan, rider: rider)
        let start = Date()
        // The other server starting up, and sweeping while the lease is fresh, leaves the ride alone.
        try await second.app.prepare()
        await second.app.live.renewAndSweep(now: start.addingTimeInterval(20))
        #expect(try await first.app.rides.find(ride.id, rider: rider.id)?.status == .live)
        // The riding server renews its lease; the ride stays live past the first 30 s.
        await first.app.live.renewAndSweep(now: start.addingTimeInterval(25))
        await second.app.live.renewAndSweep(now: start.addingTimeInterval(50))
        #expect(try await first.app.rides.find(ride.id, rider: rider.id)?.status == .live)
        // The riding server dies (no shutdown, no renewals): once the lease lapses the ride is interrupted.
        await first.app.live.abandonAll()
        await second.app.live.renewAndSweep(now: start.addingTimeInterval(56))
        #expect(try await first.app.rides.find(ride.id, rider: rider.id)?.status == .interrupted)
    }

    @Test("pages without a ride: the ride page offers to start one, the pair page explains Web Bluetooth")
    func idlePages() async throws {
        let server = try await BridgeServer.make()
        try await Application(router: server.router).test(.router) { client in
            let ride = try await client.execute(uri: "/zone2/ride", method: .get)
            #expect(ride.status == .ok)
            let html = String(buffer: ride.body)
            #expect(html.contains("No ride in progress"))
            #expect(!html.contains("radio.js"))
            let pair = try await client.execute(uri: "/zone2/pair", method: .get)
            let pairHTML = String(buffer: pair.body)
            #expect(pairHTML.contains("This browser can't connect to a trainer. Use Chrome or Edge"))
            #expect(pairHTML.contains(#"data-scan="trainer""#))
            #expect(pairHTML.contains("radio.js"))
            let state = try await client.execute(uri: "/zone2/ride/state", method: .get)
            #expect(String(buffer: state.body).contains(#""status":"none""#))
        }
    }
}
