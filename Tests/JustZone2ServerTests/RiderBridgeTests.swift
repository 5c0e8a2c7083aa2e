import Foundation
import JustZone2
import Testing

@testable import JustZone2Server

/// Lets other tasks run until `condition` holds (bounded rounds, no wall clock).
func settle(_ what: String, sourceLocation: SourceLocation = #_sourceLocation, _ condition: () async -> Bool) async {
    for _ in 0..<100_000 {
        if await condition() { return }
        await Task.yield()
    }
    Issue.record("never happened: \(what)", sourceLocation: sourceLocation)
}

/// What a test tab received.
actor TabInbox {
    private(set) var frames: [BridgeFrame] = []
    func add(_ frame: BridgeFrame) { frames.append(frame) }
    var operations: [BridgeFrame] {
        frames.filter {
            switch $0 {
            case .connect, .subscribe, .read, .write, .disconnect: true
            default: false
            }
        }
    }
}

@Suite("Web Bluetooth bridge: a rider's tabs")
struct RiderBridgeTests {
    func bridge() -> RiderBridge {
        RiderBridge(
            ride: "ride-1", trainer: BridgedGATTTransport(device: .trainer),
            strap: BridgedGATTTransport(device: .hrm, firstID: RiderBridge.strapFirstID))
    }

    @Test("one radio, the rest viewers: a viewer's device frames are refused (read-only), its commands count")
    func roles() async {
        let bridge = bridge()
        let (first, second) = (TabInbox(), TabInbox())
        #expect(await bridge.join(tab: "a", wants: .radio, at: 0) { await first.add($0) } == .radio)
        #expect(await bridge.join(tab: "b", wants: .radio, at: 1) { await second.add($0) } == .viewer)
        #expect(await first.frames == [.welcome(ride: "ride-1", role: .radio)])
        #expect(await second.frames == [.welcome(ride: "ride-1", role: .viewer)])
        #expect(await bridge.trainer.hasRadio)
        #expect(await bridge.strap.hasRadio)

        await bridge.receive(.command(id: 1, action: "adjust", value: 5), from: "b", at: 2)
        await bridge.receive(.notify(device: .trainer, characteristic: "2AD2", bytes: [0], seq: 1), from: "b", at: 2)
        #expect(await bridge.refusedFromViewers == 1)
        await bridge.receive(.command(id: 2, action: "pause", value: nil), from: "a", at: 2)
        let commands = await bridge.takeCommands()
        #expect(commands.map(\.action) == ["adjust", "pause"])
        #expect(await bridge.takeCommands().isEmpty)
        // An unknown tab's frames are ignored.
        await bridge.receive(.command(id: 3, action: "stop", value: nil), from: "z", at: 2)
        #expect(await bridge.takeCommands().isEmpty)
    }

    @Test("results go to the transport that asked; notifications by device")
    func routing() async throws {
        let bridge = bridge()
        let radio = TabInbox()
        await bridge.join(tab: "a", wants: .radio, at: 0) { await radio.add($0) }
        let trainerRead = Task { try await bridge.trainer.read("2AD8") }
        let strapRead = Task { try await bridge.strap.read("2A19") }
        await settle("both reads sent") { await radio.operations.count == 2 }
        for frame in await radio.operations {
            if case .read(let id, let device, _) = frame {
                let (key, value): (String, [UInt8]) = device == .trainer ? ("2AD8", [1]) : ("2A19", [87])
                await bridge.receive(.result(id: id, outcome: .ok(values: [key: value])), from: "a", at: 1)
            }
        }
        #expect(try await trainerRead.value == [1])
        #expect(try await strapRead.value == [87])
        #expect(await bridge.trainer.lateResults == 0)
        #expect(await bridge.strap.lateResults == 0)
    }

    @Test("'use this tab' sends bye to the old radio first; what it had pending fails and the new tab gets the work")
    func takeOver() async throws {
        let bridge = bridge()
        let (old, new) = (TabInbox(), TabInbox())
        await bridge.join(tab: "a", wants: .radio, at: 0) { await old.add($0) }
        await bridge.join(tab: "b", wants: .radio, at: 0) { await new.add($0) }
        let pending = Task { try await bridge.trainer.write("2AD9", value: [0x00]) }
        await settle("write sent to the old radio") { await old.operations.count == 1 }
        await bridge.takeOver(tab: "b", at: 3)
        await #expect(throws: BridgeError.noRadio) { try await pending.value }
        let oldFrames = await old.frames
        #expect(oldFrames.suffix(2) == [.bye, .welcome(ride: "ride-1", role: .viewer)])
        #expect(await new.frames.last == .welcome(ride: "ride-1", role: .radio))
        #expect(await bridge.role(of: "a") == .viewer)
        #expect(await bridge.role(of: "b") == .radio)
        let next = Task { try await bridge.trainer.write("2AD9", value: [0x07]) }
        await settle("the next write goes to the new radio") { await new.operations.count == 1 }
        if case .write(let id, _, _, _) = await new.operations.first {
            await bridge.receive(.result(id: id, outcome: .ok(values: [:])), from: "b", at: 4)
        }
        try await next.value
        #expect(await old.operations.count == 1, "nothing more for the old tab")
    }

    @Test("the diagnostics log: tabs joining, the radio moving or lost, device events in words; per rider, capped")
    func diagnostics() async {
        let log = BridgeEventLog()
        let bridge = RiderBridge(
            ride: "ride-1", trainer: BridgedGATTTransport(device: .trainer),
            strap: BridgedGATTTransport(device: .hrm, firstID: RiderBridge.strapFirstID),
            note: { log.record(rider: "r1", $0) })
        let (a, b) = (TabInbox(), TabInbox())
        await bridge.join(tab: "a", wants: .radio, at: 0) { await a.add($0) }
        await bridge.join(tab: "b", wants: .radio, at: 0) { await b.add($0) }
        await bridge.receive(
            .device(device: .trainer, event: .connected, name: "KICKR 3A1F", reason: nil), from: "a", at: 1)
        await bridge.receive(
            .device(device: .hrm, event: .disconnected, name: nil, reason: "out of range"), from: "b", at: 1)
        await bridge.receive(
            .device(device: .hrm, event: .disconnected, name: nil, reason: "out of range"), from: "a", at: 2)
        await bridge.takeOver(tab: "b", at: 3)
        await bridge.leave(tab: "b")
        #expect(
            log.entries(rider: "r1").map(\.text).reversed() == [
                "A tab connected as the radio.", "A tab connected as a viewer.", "Trainer KICKR 3A1F connected.",
                "Heart-rate strap disconnected: out of range.", "Radio lost: another tab took the radio.",
                "Another tab took over the radio.", "Radio lost: the radio tab closed.",
            ], "a viewer's device frames are not the rider's devices")
        #expect(log.entries(rider: "r2").isEmpty)
        for n in 0..<60 { log.record(rider: "r2", "event \(n)") }
        let kept = log.entries(rider: "r2")
        #expect(
            kept.count == BridgeEventLog.perRider && kept.first?.text == "event 59" && kept.last?.text == "event 10")
        log.record(rider: "r3", String(repeating: "x", count: 500))
        #expect(log.entries(rider: "r3").first?.text.count == 200)
    }

    @Test("a silent radio is dropped after 12 s; a tab that closes releases the radio; the same tab takes it back")
    func heartbeatAndLeave() async {
        let bridge = bridge()
        let (radio, viewer) = (TabInbox(), TabInbox())
        await bridge.join(tab: "a", wants: .radio, at: 0) { await radio.add($0) }
        await bridge.join(tab: "b", wants: .viewer, at: 0) { await viewer.add($0) }
        await bridge.heartbeat(at: 5)
        #expect(await radio.frames.last == .ping(1))
        #expect(await viewer.frames.last == .ping(1))
        await bridge.receive(.pong(1), from: "a", at: 6)
        #expect(await bridge.radioRoundTrip == 1, "the radio's ping round trip, for the page's slow-link warning")
        await bridge.heartbeat(at: 17)
        #expect(await bridge.role(of: "a") == .radio, "11 s since the pong: still the radio")
        await bridge.heartbeat(at: 18.5)
        #expect(await bridge.role(of: "a") == .viewer, "12.5 s of silence: the radio is gone")
        #expect(await !bridge.trainer.hasRadio)
        // The same tab on a new socket takes the radio back.
        #expect(await bridge.join(tab: "a", wants: .radio, at: 19) { await radio.add($0) } == .radio)
        await bridge.leave(tab: "a")
        #expect(await bridge.role(of: "a") == nil)
        #expect(await !bridge.strap.hasRadio)
        #expect(await bridge.join(tab: "b", wants: .radio, at: 20) { await viewer.add($0) } == .radio)
    }

    @Test("a radio tab that says it is frozen or leaving is radio lost at once; speaking again, it is the radio again")
    func frozen() async {
        let bridge = bridge()
        let (radio, viewer) = (TabInbox(), TabInbox())
        await bridge.join(tab: "a", wants: .radio, at: 0) { await radio.add($0) }
        await bridge.join(tab: "b", wants: .viewer, at: 0) { await viewer.add($0) }
        await bridge.receive(.visibility("hidden"), from: "a", at: 1)
        #expect(await bridge.role(of: "a") == .radio, "hidden keeps riding")
        await bridge.receive(.visibility("frozen"), from: "a", at: 2)
        #expect(await bridge.role(of: "a") == .viewer)
        #expect(await !bridge.trainer.hasRadio)
        await bridge.receive(.visibility("visible"), from: "a", at: 20)
        #expect(await bridge.role(of: "a") == .radio)
        #expect(await radio.frames.last == .welcome(ride: "ride-1", role: .radio))
        // A viewer's visibility changes nothing.
        await bridge.receive(.visibility("pagehide"), from: "b", at: 21)
        #expect(await bridge.role(of: "a") == .radio)
    }
}
