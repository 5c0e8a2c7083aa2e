import Foundation
import Testing

@testable import JustZone2

/// A whole live ride with the trainer behind the browser bridge: engine → session → bridged transport → loopback
/// "tab" → simulated trainer, all on manual clocks, so "within a second of link-up" is measured, not hoped for.
@Suite("Live ride through the Web Bluetooth bridge")
struct RideOverBridgeTests {
    @Test(
        "trainer drop mid-interval: a gap in the recording, then control and the current target within 1 s of link-up")
    func dropMidInterval() async {
        let trainerLink = SimulatedGATTTransport()
        let radio = LoopbackRadio(trainer: trainerLink)
        let bridge = BridgedGATTTransport(device: .trainer, clock: ManualClock())
        await radio.connect(bridge)
        let sessionClock = ManualClock()
        var options = TrainerSession.Options()
        options.reconnectDelays = [.milliseconds(500)]
        let trainer = TrainerSession(transport: bridge, options: options, clock: sessionClock)
        let engineClock = ManualClock()
        let engine = RideEngine(
            plan: WorkoutPlan(mode: .erg(targetWatts: 160), duration: 30), trainer: trainer, strap: nil,
            id: "bridged", startedAt: Date(timeIntervalSince1970: 0), clock: engineClock)
        let session = Task { await trainer.run() }
        await settle("connected through the bridge") { await trainer.isConnected }
        let ride = Task { await engine.run() }

        func second(pump: Bool = true) async {
            if pump {
                let before = await trainer.bikeDataPackets
                await trainerLink.pump()
                await settle("bike data through the bridge") { await trainer.bikeDataPackets > before }
            }
            let ticks = await engine.ticks
            await settle("the engine waits") { engineClock.sleeping == 1 }
            engineClock.advance(by: .seconds(1))
            await settle("the engine ticked") { await engine.ticks == ticks + 1 }
        }

        for _ in 0..<5 { await second() }
        // A target the trainer refuses through the bridge is said, and the trainer keeps the last one it accepted.
        await trainerLink.rejectTargets(above: 250)
        await engine.apply(.adjust(140))
        await settle("300 W refused through the bridge") { await trainer.refusedTarget == 300 }
        await second()
        #expect(await engine.snapshot.notice == "The trainer refused 300 W and holds 160 W.")
        await trainerLink.rejectTargets(above: nil)
        await engine.apply(.adjust(-140))
        await settle("160 W again") { await trainer.refusedTarget == nil }
        #expect(await engine.apply(.adjust(10)) == "target 170 W")
        await settle("170 W on the trainer") { await trainerLink.trainer.targetWatts == 170 }

        // The trainer drops (the browser reports gattserverdisconnected); the ride goes on, recording nothing.
        await trainerLink.dropLink()
        await bridge.receive(.device(device: .trainer, event: .disconnected, name: "KICKR", reason: "out of range"))
        await settle("link seen down") { await !trainer.isConnected }
        for _ in 0..<3 { await second(pump: false) }
        #expect(await engine.snapshot.trainerConnected == false)
        let writesBefore = await trainerLink.writes.count

        // Back in range: the session's next attempt connects through the tab, and with no time passing on any clock
        // the control sequence has re-applied the current target (the notes' budget is 1 s after link-up).
        await trainerLink.restore()
        await settle("the session waits to reconnect") { sessionClock.sleeping >= 1 }
        sessionClock.advance(by: .milliseconds(500))
        await settle("reconnected") { await trainer.connections == 2 }
        let linkUpAt = sessionClock.now
        await settle("the control sequence ran again") {
            await trainerLink.writes.dropFirst(writesBefore).contains(.setTargetPower(watts: 170))
        }
        #expect(await trainerLink.trainer.targetWatts == 170)
        #expect(sessionClock.now == linkUpAt, "re-applied without waiting on any clock: well within 1 s of link-up")
        let after = Array(await trainerLink.writes.dropFirst(writesBefore))
        #expect(after == [.requestControl, .startOrResume, .setTargetPower(watts: 170)])

        for _ in 0..<2 { await second() }
        #expect(await engine.apply(.stop) == "stopped at 0 min")
        // Stop ends the ride at once, whether the engine was waiting for the next second or in the middle of one.
        let recording = await ride.value
        let powers = recording.samples.map(\.power)
        // 6 s before the drop, 3 s away (a dropped link holds nothing: its last value is gone), 2 s after.
        #expect(recording.elapsed == 11)
        #expect(powers.count == 8, "the 3 seconds without a link are a gap, not invented samples: \(powers)")
        #expect(powers.allSatisfy { $0 != nil })
        session.cancel()
        await session.value
    }
}
