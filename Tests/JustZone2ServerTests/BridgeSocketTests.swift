import ActivityFiles
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import HummingbirdWSClient
import JustZone2
import NIOCore
import NIOWebSocket
import ServerKit
import Testing

@testable import JustZone2Server

/// The bridge's WebSocket on a real server: who may open it, roles, frames, and whole rides over it.
@Suite("Web Bluetooth bridge: the WebSocket")
struct BridgeSocketTests {
    static let origin = "http://127.0.0.1"

    func origin(_ port: Int) -> String { "\(Self.origin):\(port)" }

    @Test("no upgrade without a known rider or from a foreign Origin; a plain GET says why")
    func admission() async throws {
        let server = try await BridgeServer.make()
        let (_, cookie) = try await server.rider()
        try await server.run { port in
            for (cookie, origin) in [
                (nil, origin(port)), ("\(RiderStore.cookie)=unknown", origin(port)), (cookie, "http://evil.example"),
                (cookie, nil),
            ] as [(String?, String?)] {
                let tab = await TestTab.open(port: port, cookie: cookie, origin: origin)
                await tab.finished()
                #expect(await tab.failure != nil, "refused: cookie \(cookie ?? "none"), origin \(origin ?? "none")")
                #expect(await tab.frames.isEmpty)
            }
            let admitted = await TestTab.open(port: port, cookie: cookie, origin: origin(port))
            admitted.send(.hello(tab: "t1", ride: nil, role: .radio, capabilities: []))
            await eventually("the idle state") { await admitted.lastState != nil }
            #expect(await admitted.lastState?.status == RideState.Status.none)
            admitted.close()
            await admitted.finished()
            #expect(await admitted.failure == nil)
        }
        // Without Upgrade, the route explains.
        try await Application(router: server.router).test(.router) { client in
            let none = try await client.execute(uri: "/zone2/bridge", method: .get)
            #expect(none.status == .unauthorized)
            let foreign = try await client.execute(
                uri: "/zone2/bridge", method: .get, headers: [.origin: "http://evil.example", .cookie: cookie])
            #expect(foreign.status == .forbidden)
        }
    }

    @Test("Origin must be PUBLIC_URL's scheme, host and port when one is configured")
    func publicOrigin() {
        let url = "https://ride.example.org"
        #expect(JustZone2App.sameOrigin("https://ride.example.org", publicURL: url, host: "internal:8080"))
        #expect(!JustZone2App.sameOrigin("http://ride.example.org", publicURL: url, host: nil))
        #expect(!JustZone2App.sameOrigin("https://ride.example.org:8443", publicURL: url, host: nil))
        #expect(!JustZone2App.sameOrigin("https://evil.example", publicURL: url, host: nil))
        #expect(JustZone2App.sameOrigin("http://127.0.0.1:8080", publicURL: nil, host: "127.0.0.1:8080"))
        #expect(!JustZone2App.sameOrigin("http://127.0.0.1:9999", publicURL: nil, host: "127.0.0.1:8080"))
        #expect(!JustZone2App.sameOrigin("null", publicURL: nil, host: "127.0.0.1:8080"))
    }

    @Test("a malformed frame gets an error frame and the socket goes on; a frame over 16 KiB closes it (policy)")
    func malformed() async throws {
        let server = try await BridgeServer.make()
        let (_, cookie) = try await server.rider()
        try await server.run { port in
            let tab = await TestTab.open(port: port, cookie: cookie, origin: origin(port))
            tab.send(raw: "not json")
            tab.send(raw: #"{"v":1,"t":"notify","dev":"trainer","char":"2AD2","bytes":"zz","seq":1}"#)
            tab.send(raw: #"{"v":9,"t":"hello","tab":"x"}"#)
            tab.send(.hello(tab: "t1", ride: nil, role: .radio, capabilities: []))
            await eventually("three errors, then the state") { await tab.lastState != nil }
            let errors = await tab.frames { if case .error = $0 { true } else { false } }
            #expect(errors.count == 3)
            #expect(await tab.failure == nil)
            tab.send(raw: #"{"v":1,"t":"visibility","state":""# + String(repeating: "x", count: 17_000) + #""}"#)
            await tab.finished()
            #expect(await tab.closeFrame?.closeCode == .policyViolation)
        }
    }

    @Test("a whole ride over the socket: the radio tab answers from the simulator, a second tab watches read-only")
    func rideOverSocket() async throws {
        let server = try await BridgeServer.make(timeScale: 10)
        let (rider, cookie) = try await server.rider()
        let ride = try await server.app.live.start(
            LiveRide.Plan(heartRateGuided: false, watts: 150, minutes: 5, warmUp: false, source: .bridge), rider: rider)
        try await server.run { port in
            let radio = SocketRadio()
            let tab = await TestTab.open(port: port, cookie: cookie, origin: origin(port), radio: radio)
            tab.send(.hello(tab: "radio-tab", ride: nil, role: .radio, capabilities: ["bluetooth"]))
            await eventually("welcome as radio") {
                await tab.frames.contains(.welcome(ride: ride.id, role: .radio))
            }
            await radio.startPumping()
            let viewer = await TestTab.open(port: port, cookie: cookie, origin: origin(port))
            viewer.send(.hello(tab: "viewer-tab", ride: nil, role: .radio, capabilities: ["bluetooth"]))
            await eventually("the second tab is a viewer") {
                await viewer.frames.contains(.welcome(ride: ride.id, role: .viewer))
            }
            // A viewer's device frames are ignored.
            viewer.send(.notify(device: .trainer, characteristic: "2AD2", bytes: [0x44, 0, 0, 0], seq: 99))
            await eventually("the radio's ping round trip in the state") { await tab.lastState?.radioPingMs != nil }
            await eventually("the trainer is controlled at 150 W through the socket") {
                await radio.trainer.trainer.targetWatts == 150
            }
            await eventually("the viewer's notification refused") { await ride.bridge.refusedFromViewers >= 1 }
            await eventually("power and heart rate in the state") {
                let state = await viewer.lastState
                return state?.snapshot?.power != nil && state?.snapshot?.heartRate == 128
            }
            // Operations: connect first per device, ids increasing, the trainer's and strap's own ranges.
            let operations = await radio.operations
            let trainerIDs = operations.filter { $0.device == .trainer }.compactMap(\.operationID)
            let strapIDs = operations.filter { $0.device == .hrm }.compactMap(\.operationID)
            #expect(trainerIDs == trainerIDs.sorted() && Set(trainerIDs).count == trainerIDs.count)
            #expect(strapIDs.allSatisfy { $0 >= RiderBridge.strapFirstID })
            if case .connect = operations.first(where: { $0.device == .trainer }) {
            } else {
                Issue.record("the trainer's first operation is connect: \(operations)")
            }
            // Commands from either tab; the viewer raises the target.
            viewer.send(.command(id: 1, action: "adjust", value: 5))
            await eventually("155 W on the trainer") { await radio.trainer.trainer.targetWatts == 155 }
            // The radio tab's own command: the write it causes is answered on the same socket, which must not wait
            // for the command (no result may arrive after its operation gave up).
            tab.send(.command(id: 2, action: "adjust", value: -10))
            await eventually("145 W on the trainer") { await radio.trainer.trainer.targetWatts == 145 }
            await eventually("the command's words in the state") { await tab.lastState?.message == "target 145 W" }
            #expect(await ride.bridge.trainer.lateResults == 0)
            await eventually("20 s ridden") { (await tab.lastState?.snapshot?.elapsed ?? 0) >= 20 }
            tab.send(.command(id: 3, action: "stop", value: nil))
            await eventually("finished, both tabs told where the summary is") {
                let (mine, theirs) = (await tab.lastState?.status, await viewer.lastState?.status)
                return mine == .finished && theirs == .finished
            }
            #expect(await tab.lastState?.next == "/zone2/rides/\(ride.id)/summary")
            await radio.stop()
            tab.close()
            viewer.close()
        }
        let row = try #require(try await server.app.rides.find(ride.id, rider: rider.id))
        #expect(row.status == .finished)
        #expect(row.source == .bridge)
        #expect(row.averagePower != nil)
        let file = try #require(try await server.app.rides.file(ride.id, rider: rider.id))
        let activity = try FITReader.activity(from: file)
        // The row's riding time is the file's recorded time (seconds without data, e.g. while a loaded machine
        // connected the devices, are not riding time), whatever the machine's speed.
        let recorded = WorkoutAnalyzer.analyze(Zone2Tools.samples(of: activity)).recordedTime
        #expect(row.duration == Int(recorded.rounded()) && row.duration > 0, "\(row.duration) vs \(recorded)")
        #expect(!activity.samples.isEmpty)  // how many seconds had data depends on how loaded the machine was
        #expect(activity.samples.contains { $0.power != nil && $0.heartRate == 128 })
        #expect(await server.app.live.ride(of: rider.id) == nil)
    }

    @Test("'Use this tab' moves the radio (bye first); a radio silent past the timeout is dropped and takes it back")
    func takeOverAndSilence() async throws {
        // Pings every 0.5 s, a radio silent 4 s is dropped: margins a loaded machine's scheduling does not eat.
        let server = try await BridgeServer.make(timeScale: 1, ping: 0.5, radioTimeout: 4)
        let (rider, cookie) = try await server.rider()
        let ride = try await server.app.live.start(
            LiveRide.Plan(heartRateGuided: false, watts: 150, minutes: 5, warmUp: false, source: .bridge), rider: rider)
        try await server.run { port in
            let first = await TestTab.open(port: port, cookie: cookie, origin: origin(port))
            first.send(.hello(tab: "a", ride: nil, role: .radio, capabilities: ["bluetooth"]))
            await eventually("a is the radio") { await first.frames.contains(.welcome(ride: ride.id, role: .radio)) }
            let second = await TestTab.open(port: port, cookie: cookie, origin: origin(port))
            second.send(.hello(tab: "b", ride: nil, role: .radio, capabilities: ["bluetooth"]))
            await eventually("b watches") { await second.frames.contains(.welcome(ride: ride.id, role: .viewer)) }

            second.send(.command(id: 1, action: "takeover", value: nil))
            await eventually("b is the radio") { await second.frames.contains(.welcome(ride: ride.id, role: .radio)) }
            // a's frames travel on another socket: they may arrive after b's.
            await eventually("a is told") { await first.frames.contains(.welcome(ride: ride.id, role: .viewer)) }
            let told = await first.frames.filter { $0 == .bye || $0 == .welcome(ride: ride.id, role: .viewer) }
            #expect(told == [.bye, .welcome(ride: ride.id, role: .viewer)], "the old radio lets go first")
            await eventually("the state says a tab holds the radio") { await second.lastState?.radio == true }

            // b freezes: no pongs. Past the timeout it is no longer the radio; the page says so.
            await second.setAnswersPings(false)
            await eventually("the radio is dropped") { await ride.bridge.hasRadio == false }
            await eventually("the state says no tab holds the radio") { await first.lastState?.radio == false }
            // b wakes up and speaks: nobody took over, so it is the radio again.
            await second.setAnswersPings(true)
            second.send(.visibility("visible"))
            await eventually("b is the radio again") {
                await second.frames.filter { $0 == .welcome(ride: ride.id, role: .radio) }.count == 2
            }
            #expect(await ride.bridge.role(of: "b") == .radio)
            first.close()
            second.close()
        }
        await server.app.live.abandonAll()
    }
}
