import Foundation
import JustZone2
import Plot
import ServerKit
import Testing

@testable import JustZone2Server

/// The live ride's small parts: the socket's outbox, the start form, the ride page's words and chart.
@Suite("JustZone2 live ride parts")
struct LivePartsTests {
    @Test("the outbox sends ordered frames first and only the latest state; closed, it ends the writer")
    func outbox() async {
        let outbox = SocketOutbox()
        let old = RideState(status: .live, seq: 1)
        let new = RideState(status: .live, seq: 2)
        await outbox.offer(.state(old))
        await outbox.send(.ping(1))
        await outbox.offer(.state(new))
        await outbox.send(.bye)
        #expect(await outbox.next() == BridgeFrame.ping(1).json())
        #expect(await outbox.next() == BridgeFrame.bye.json())
        #expect(await outbox.next() == BridgeFrame.state(new).json(), "the older state was replaced, never sent")
        #expect(await outbox.replaced == 1)
        let waiting = Task { await outbox.next() }
        await outbox.close()
        #expect(await waiting.value == nil)
        #expect(await outbox.send(.ping(2)) == false)
    }

    @Test("a state frame survives the wire: snapshot, laps, next")
    func stateFrame() throws {
        let snapshot = try JSONDecoder().decode(
            RideEngine.Snapshot.self,
            from: Data(
                #"{"elapsed":61,"total":600,"phase":"main","phaseRemaining":239,"isPaused":false,"isFinished":false,"#
                    .appending(#""power":151,"target":150,"heartRate":128,"cadence":88,"trainerConnected":true}"#)
                    .utf8))
        let state = RideState(
            status: .live, ride: "r1", source: "bridge", mode: "erg", snapshot: snapshot, zoneLower: 112,
            zoneUpper: 148, radio: true, laps: [30, 60], message: "target 150 W", next: nil, seq: 7)
        let text = BridgeFrame.state(state).json()
        #expect(text.hasPrefix(#"{"s":{"#) && text.contains(#""t":"state""#))
        #expect(try BridgeFrame(json: text) == .state(state))
        #expect(throws: BridgeFrameError.self) { try BridgeFrame(json: #"{"v":1,"t":"state","s":{"status":"x"}}"#) }
        #expect(try BridgeFrame(json: BridgeFrame.error("nope").json()) == .error("nope"))
    }

    @Test("the start form: the contract's ranges and steps")
    func startForm() throws {
        func form(_ fields: [String: String]) -> FormData {
            var form = FormData()
            form.fields = fields.map { ($0.key, $0.value) }
            return form
        }
        let plan = try StartRideForm.plan(
            from: form(["mode": "hr", "watts": "140", "minutes": "45", "warmup": "1", "source": "simulator"]))
        #expect(plan == LiveRide.Plan(heartRateGuided: true, watts: 140, minutes: 45, warmUp: true, source: .simulator))
        let erg = try StartRideForm.plan(from: form(["watts": "60", "minutes": "180"]))
        #expect(erg == LiveRide.Plan(heartRateGuided: false, watts: 60, minutes: 180, warmUp: false, source: .bridge))
        for bad in [
            ["watts": "55", "minutes": "30"], ["watts": "305", "minutes": "30"], ["watts": "142", "minutes": "30"],
            ["watts": "140", "minutes": "181"], ["watts": "140", "minutes": "7"], ["watts": "140"],
            ["watts": "140", "minutes": "30", "source": "bluetooth"],
        ] {
            #expect(throws: StartRideForm.Problem.self, "\(bad)") { try StartRideForm.plan(from: form(bad)) }
        }
    }

    @Test("the ride page's words: clock, heart rate against the zone, the rider's zone from settings")
    func words() {
        #expect(RideFormat.clock(0) == "0:00")
        #expect(RideFormat.clock(605) == "10:05")
        #expect(RideFormat.clock(3725) == "1:02:05")
        #expect(RideFormat.clock(.nan) == "0:00")
        #expect(RideFormat.heartClass(120, lower: 125, upper: 138) == "hr-below")
        #expect(RideFormat.heartClass(130, lower: 125, upper: 138) == "hr-in")
        #expect(RideFormat.heartClass(139, lower: 125, upper: 138) == "hr-above")
        #expect(RideFormat.heartClass(nil, lower: 125, upper: 138) == "hr-none")
        var settings = RiderSettings()
        #expect(LiveRides.zone(of: settings) == nil)
        settings.maxHeartRate = 190
        #expect(LiveRides.zone(of: settings) == HeartRateZone(lower: 112, upper: 148))
        settings.zoneLower = 125
        settings.zoneUpper = 138
        #expect(LiveRides.zone(of: settings) == HeartRateZone(lower: 125, upper: 138))
    }

    @Test("the chart keeps at most 600 points of a long ride and draws the zone band")
    func chart() {
        let samples = (0..<7200).map {
            RecordedSample(
                elapsed: Double($0), power: 150, target: 150, cadence: 88, speed: nil, distance: nil, heartRate: 130)
        }
        let points = LiveChartPoint.points(from: samples)
        #expect(points.count <= 600 && points.count >= 500)
        #expect(points.first?.t == 0)
        let svg = LiveChart.render(points, total: 7200, target: 150, zone: (125, 138)).render()
        #expect(svg.contains(#"class="zone-band""#))
        #expect(svg.contains(#"role="img""#))
        #expect(svg.contains("Zone 2 (125–138 bpm)"))
    }
}
