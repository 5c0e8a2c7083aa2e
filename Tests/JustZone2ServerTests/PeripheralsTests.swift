import Foundation
import Hummingbird
import HummingbirdTesting
import HummingbirdWSClient
import HummingbirdWSTesting
import HummingbirdWebSocket
import JustZone2
import Logging
import NIOWebSocket
import Testing

@testable import JustZone2Server

/// The simulated peripherals behind `clubhouse zone2 peripherals`: the pure bench on a manual clock, then the
/// server with a real WebSocket client.
@Suite("Simulated peripherals for the browser tests")
struct PeripheralsTests {
    typealias Bench = SimulatedPeripherals

    /// A bench with central 1 connected to the trainer and indications of the control point started.
    func connectedTrainer(_ faults: [SimulatedFault] = []) throws -> Bench {
        var bench = Bench(faults: faults, rate: 1, at: 0)
        try bench.connect(.trainer, central: 1, at: 0)
        try bench.subscribe(.trainer, characteristic: "2AD9", on: true, central: 1, at: 0)
        return bench
    }

    func notifications(_ deliveries: [Bench.Delivery], _ characteristic: String) -> [[UInt8]] {
        deliveries.compactMap {
            if case .notify(_, characteristic, let bytes) = $0.event { bytes } else { nil }
        }
    }

    @Test("discovery lists the FTMS, power, battery and device information services; reads use the real codecs")
    func discovery() throws {
        var bench = try connectedTrainer()
        let services = try bench.discover(.trainer, central: 1)
        #expect(services.map(\.uuid) == ["1826", "1818", "180F", "180A"])
        let ftms = try #require(services.first)
        #expect(ftms.characteristics.first { $0.uuid == "2AD9" }?.properties == ["write", "indicate"])
        let range = try SupportedPowerRange.decode(bench.read(.trainer, characteristic: "2ad8", central: 1, at: 0))
        #expect(range.maximumWatts == 2000)
        let feature = try FitnessMachineFeature.decode(
            bench.read(.trainer, characteristic: "00002ACC-0000-1000-8000-00805F9B34FB", central: 1, at: 0))
        #expect(feature.machineFeatures.contains(.powerMeasurement))
        #expect(feature.targetSettingFeatures.contains(.powerTargetSetting))
        #expect(throws: Bench.Failure.notPermitted("reading 2AD2")) {
            try bench.read(.trainer, characteristic: "2AD2", central: 1, at: 0)
        }
        #expect(throws: Bench.Failure.notFound("2A37")) {
            try bench.read(.trainer, characteristic: "2A37", central: 1, at: 0)
        }
        #expect(throws: Bench.Failure.notConnected(.hrm)) { try bench.discover(.hrm, central: 1) }
        #expect(bench.advertisements.map(\.services.first) == ["1826", "180D"])
    }

    @Test("Indoor Bike Data and heart rate once a second to subscribers only; --rate sends more often")
    func notificationsPerSecond() throws {
        var bench = try connectedTrainer()
        try bench.subscribe(.trainer, characteristic: "2AD2", on: true, central: 1, at: 0)
        try bench.connect(.hrm, central: 2, at: 0)
        try bench.subscribe(.hrm, characteristic: "2A37", on: true, central: 2, at: 0)
        let deliveries = bench.advance(to: 10.5)
        let bikeData = notifications(deliveries, "2AD2")
        #expect(bikeData.count == 10)
        #expect(
            deliveries.filter { $0.event == .notify(.trainer, characteristic: "2AD2", bytes: bikeData[0]) }
                .allSatisfy { $0.central == 1 })
        #expect(try IndoorBikeData.decode(bikeData[9]).instantaneousCadence == 88)
        let beats = notifications(deliveries, "2A37")
        #expect(beats.count == 10)
        #expect(try HeartRateMeasurement.decode(beats[0]).heartRate ?? 0 >= 60)

        var fast = Bench(rate: 4, at: 0)
        try fast.connect(.hrm, central: 1, at: 0)
        try fast.subscribe(.hrm, characteristic: "2A37", on: true, central: 1, at: 0)
        #expect(notifications(fast.advance(to: 2.1), "2A37").count == 8)
    }

    @Test("control-point writes are answered by indications and logged with op code, target, result and time")
    func controlPoint() throws {
        var bench = try connectedTrainer([.rejectAbove(watts: 250)])
        try bench.subscribe(.trainer, characteristic: "2ADA", on: true, central: 1, at: 0)
        var answers: [Bench.Delivery] = []
        answers += try bench.write(
            .trainer, characteristic: "2AD9", bytes: ControlPointRequest.requestControl.encode(), central: 1, at: 1)
        answers += try bench.write(
            .trainer, characteristic: "2AD9", bytes: ControlPointRequest.startOrResume.encode(), central: 1, at: 1.1)
        answers += try bench.write(
            .trainer, characteristic: "2AD9", bytes: ControlPointRequest.setTargetPower(watts: 200).encode(),
            central: 1, at: 1.2)
        answers += try bench.write(
            .trainer, characteristic: "2AD9", bytes: ControlPointRequest.setTargetPower(watts: 300).encode(),
            central: 1, at: 1.3)
        let indications = notifications(answers, "2AD9").compactMap { try? ControlPointResponse.decode($0) }
        #expect(indications.map(\.result) == [.success, .success, .success, .invalidParameter])
        #expect(notifications(answers, "2ADA") == [[0x04], [0x08, 200, 0]])
        #expect(bench.trainer.targetWatts == 200)
        #expect(bench.writes.map(\.request) == ["requestControl", "startOrResume", "setTargetPower", "setTargetPower"])
        #expect(bench.writes.map(\.opCode) == [0x00, 0x07, 0x05, 0x05])
        #expect(bench.writes.map(\.watts) == [nil, nil, 200, 300])
        #expect(bench.writes.last?.result == "invalidParameter")
        #expect(bench.writes.map(\.time) == [1, 1.1, 1.2, 1.3])

        // Without indications started the trainer refuses the write, as FTMS trainers do (ATT error 0xFD).
        try bench.connect(.trainer, central: 2, at: 2)
        #expect(throws: Bench.Failure.indicationsOff("2AD9")) {
            try bench.write(.trainer, characteristic: "2AD9", bytes: [0x00], central: 2, at: 2)
        }
        #expect(bench.maxCentrals[.trainer] == 2)
    }

    @Test("a dropout drops the link, refuses connections, then the trainer is in range again; control is forgotten")
    func dropout() throws {
        // Counted from the first connection (at 0 here).
        var bench = try connectedTrainer([.dropout(at: 3, duration: 5)])
        _ = try bench.write(.trainer, characteristic: "2AD9", bytes: [0x00], central: 1, at: 0.5)
        #expect(bench.trainer.controlGranted)
        let down = bench.advance(to: 3.2)
        #expect(down.contains(Bench.Delivery(central: 1, event: .linkDown(.trainer, reason: "out of range"))))
        #expect(bench.centrals(of: .trainer).isEmpty)
        #expect(!bench.trainer.controlGranted)
        #expect(throws: Bench.Failure.outOfRange(.trainer)) { try bench.connect(.trainer, central: 1, at: 5) }
        #expect(bench.advertisements.first?.inRange == false)
        let up = bench.advance(to: 8.1)
        #expect(up.contains(Bench.Delivery(central: nil, event: .inRange(.trainer))))
        try bench.connect(.trainer, central: 1, at: 8.2)
        #expect(bench.log.map(\.event) == ["connect", "link-down", "in-range", "connect"])
        // Notifications must be started again after a reconnection.
        #expect(bench.notifying(.trainer).isEmpty)
    }

    @Test("injected faults count from now: strap lost and back, control revoked, stall, reject")
    func injected() throws {
        var bench = try connectedTrainer()
        try bench.subscribe(.trainer, characteristic: "2ADA", on: true, central: 1, at: 0)
        try bench.subscribe(.trainer, characteristic: "2AD2", on: true, central: 1, at: 0)
        try bench.connect(.hrm, central: 1, at: 0)
        _ = bench.advance(to: 20)
        let strap = bench.inject(.strapLost(at: 0, duration: 10), at: 20)
        #expect(strap.contains(Bench.Delivery(central: 1, event: .linkDown(.hrm, reason: "out of range"))))
        #expect(bench.advance(to: 30.05).contains(Bench.Delivery(central: nil, event: .inRange(.hrm))))

        let revoked = bench.inject(.controlLost(at: 0), at: 31)
        #expect(notifications(revoked, "2ADA") == [[0xFF]])
        #expect(notifications(bench.advance(to: 40), "2ADA").isEmpty)  // once

        _ = bench.inject(.stall(at: 0, duration: 4), at: 40)
        #expect(notifications(bench.advance(to: 43.9), "2AD2").isEmpty)
        #expect(notifications(bench.advance(to: 45), "2AD2").count == 2)
        _ = bench.inject(.rejectAbove(watts: 250), at: 45)
        #expect(bench.trainer.rejectsAbove == 250)
        #expect(PeripheralsHub.fault(now: "dropout+5s") == .dropout(at: 0, duration: 5))
        #expect(PeripheralsHub.fault(now: "control") == .controlLost(at: 0))
        #expect(PeripheralsHub.fault(now: "strap@2s+10s") == .strapLost(at: 2, duration: 10))
        #expect(PeripheralsHub.fault(now: "reject>250") == .rejectAbove(watts: 250))
        #expect(PeripheralsHub.fault(now: "fire+5s") == nil)
    }

    @Test("a central that goes away is disconnected; the trainer forgets control only when no central is left")
    func centralLeaves() throws {
        var bench = try connectedTrainer()
        _ = try bench.write(.trainer, characteristic: "2AD9", bytes: [0x00], central: 1, at: 0)
        try bench.connect(.trainer, central: 2, at: 1)
        bench.centralLeft(1, at: 2)
        #expect(bench.trainer.controlGranted)
        bench.centralLeft(2, at: 3)
        #expect(!bench.trainer.controlGranted)
        #expect(bench.centrals(of: .trainer).isEmpty)
    }

    // MARK: The server

    /// Reads frames until one satisfies `match`.
    static func next(
        _ iterator: inout WebSocketInboundMessageStream.AsyncIterator, _ match: (PeripheralReply) -> Bool
    ) async throws -> PeripheralReply? {
        while let message = try await iterator.next() {
            guard case .text(let text) = message,
                let reply = try? JSONDecoder().decode(PeripheralReply.self, from: Data(text.utf8))
            else { continue }
            if match(reply) { return reply }
        }
        return nil
    }

    static func send(_ outbound: WebSocketOutboundWriter, _ request: PeripheralRequest) async throws {
        let text = String(decoding: try JSONEncoder().encode(request), as: UTF8.self)
        try await outbound.write(.text(text))
    }

    @Test("over the WebSocket: scan, connect, discover, indications before the write's result, control channel")
    func server() async throws {
        let hub = PeripheralsHub(faults: [.rejectAbove(watts: 250)], rate: 20)
        let app = PeripheralsServer.application(hub: hub, port: 0, logger: Logger(label: "test"))
        try await app.test(.live) { client in
            try await client.ws("/gatt") { inbound, outbound, _ in
                var frames = inbound.messages(maxSize: 1 << 16).makeAsyncIterator()
                let hello = try await Self.next(&frames) { $0.t == "hello" }
                #expect(hello?.central == 1)
                try await Self.send(outbound, PeripheralRequest(id: 1, op: "devices"))
                let devices = try await Self.next(&frames) { $0.id == 1 }
                #expect(devices?.devices?.map(\.name) == ["JZ2 Sim Trainer", "JZ2 Sim HRM"])
                try await Self.send(outbound, PeripheralRequest(id: 2, op: "connect", dev: .trainer))
                #expect(try await Self.next(&frames) { $0.id == 2 }?.ok == true)
                try await Self.send(outbound, PeripheralRequest(id: 3, op: "services", dev: .trainer))
                #expect(try await Self.next(&frames) { $0.id == 3 }?.services?.count == 4)
                try await Self.send(
                    outbound, PeripheralRequest(id: 4, op: "notifications", dev: .trainer, char: "2AD9", on: true))
                try await Self.send(
                    outbound, PeripheralRequest(id: 5, op: "notifications", dev: .trainer, char: "2AD2", on: true))
                #expect(try await Self.next(&frames) { $0.id == 5 }?.ok == true)
                let bikeData = try await Self.next(&frames) { $0.t == "notify" && $0.char == "2AD2" }
                #expect(try IndoorBikeData.decode(Hex.bytes(from: bikeData?.bytes ?? "")).instantaneousCadence == 88)
                // Request control: the indication comes first, then the write's result.
                try await Self.send(
                    outbound, PeripheralRequest(id: 6, op: "write", dev: .trainer, char: "2AD9", bytes: "00"))
                let answer = try await Self.next(&frames) { $0.char == "2AD9" || $0.id == 6 }
                #expect(answer?.t == "notify")
                #expect(answer?.bytes == "800001")
                #expect(try await Self.next(&frames) { $0.id == 6 }?.ok == true)
                try await Self.send(
                    outbound, PeripheralRequest(id: 7, op: "write", dev: .trainer, char: "2AD9", bytes: "052C01"))
                #expect(try await Self.next(&frames) { $0.char == "2AD9" }?.bytes == "800503")
                try await Self.send(outbound, PeripheralRequest(id: 8, op: "read", dev: .hrm, char: "2A19"))
                #expect(try await Self.next(&frames) { $0.id == 8 }?.error == "not-connected")
                try await Self.send(outbound, PeripheralRequest(id: 9, op: "fly", dev: .hrm))
                #expect(try await Self.next(&frames) { $0.id == 9 }?.error == "bad-request")

                // The control channel: the write log, then a dropout injected now reaches the socket.
                let state = try await client.execute(uri: "/control/state", method: .get) { response in
                    try JSONDecoder().decode(PeripheralsState.self, from: Data(String(buffer: response.body).utf8))
                }
                #expect(state.writes.map(\.request) == ["requestControl", "setTargetPower"])
                #expect(state.writes.last?.watts == 300)
                #expect(state.writes.last?.result == "invalidParameter")
                #expect(state.trainer.centrals == [1])
                #expect(state.trainer.notifying == ["2AD2", "2AD9"])
                let injected = try await client.execute(uri: "/control/fault?spec=dropout%2B1s", method: .post) {
                    $0.status
                }
                #expect(injected == .ok)
                let down = try await Self.next(&frames) { $0.t == "link" }
                #expect(down?.state == "down")
                #expect(down?.dev == .trainer)
                let up = try await Self.next(&frames) { $0.t == "link" }
                #expect(up?.state == "in-range")
                let bad = try await client.execute(uri: "/control/fault?spec=meteor", method: .post) { $0.status }
                #expect(bad == .badRequest)
                try await outbound.close(.normalClosure, reason: nil)
            }
            // The socket closed: its central is gone.
            var left = await hub.state()
            for _ in 0..<200 where !left.sockets.isEmpty {
                try await Task.sleep(for: .milliseconds(10))
                left = await hub.state()
            }
            #expect(left.sockets.isEmpty)
            #expect(left.trainer.centrals.isEmpty)
        }
    }
}
