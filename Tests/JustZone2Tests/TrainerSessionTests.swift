import Foundation
import Testing

@testable import JustZone2

/// Lets the session's tasks run until `condition` holds. It never reads a wall clock: every round lets the jobs
/// already queued (the session's, the transport's) run first, so a loaded machine only makes it slower; the bound
/// on rounds stops a test whose condition can never hold.
func settle(
    _ what: String, rounds: Int = 100_000, sourceLocation: SourceLocation = #_sourceLocation,
    _ condition: () async -> Bool
) async {
    for _ in 0..<rounds {
        if await condition() { return }
        await Task.yield()
    }
    Issue.record("never happened: \(what)", sourceLocation: sourceLocation)
}

/// The session on a ``ManualClock``: reconnection backoff, ticks and stall detection happen only when the test
/// moves time on, so nothing depends on how busy the machine is.
@Suite("Trainer session over a GATT transport")
struct TrainerSessionTests {
    func session(_ transport: SimulatedGATTTransport, clock: ManualClock) -> TrainerSession {
        var options = TrainerSession.Options()
        options.reconnectDelays = [.milliseconds(10), .milliseconds(20), .milliseconds(40)]
        options.tickInterval = .milliseconds(250)
        return TrainerSession(transport: transport, options: options, clock: clock)
    }

    func targetWrites(_ transport: SimulatedGATTTransport) async -> Int {
        await transport.writes.filter { if case .setTargetPower = $0 { return true } else { return false } }.count
    }

    @Test("a trainer that stops notifying without dropping the link is reconnected and gets its target again")
    func stalledNotifications() async {
        let transport = SimulatedGATTTransport()
        let clock = ManualClock()
        var options = TrainerSession.Options()
        options.reconnectDelays = [.milliseconds(10)]
        options.tickInterval = .milliseconds(10)
        options.stallTimeout = 0.1
        let session = TrainerSession(transport: transport, options: options, clock: clock)
        let task = Task { await session.run() }
        await session.setTarget(watts: 210)
        await settle("target applied") { await transport.trainer.targetWatts == 210 }
        let before = await targetWrites(transport)
        // Silent, but not for longer than the stall timeout: no stall.
        await settle("the session waits on the clock") { clock.sleeping == 1 }
        clock.advance(by: .milliseconds(100))
        await settle("the session waits on the clock") { clock.sleeping == 1 }
        #expect(await session.stalls == 0, "0.1 s of silence is not yet a stall")
        #expect(await session.connections == 1)
        // Silent for longer than the stall timeout.
        clock.advance(by: .milliseconds(10))
        await settle("stall detected and reconnected") {
            let stalls = await session.stalls
            let connections = await session.connections
            return stalls == 1 && connections == 2
        }
        await settle("target re-applied") { await targetWrites(transport) > before }
        #expect(await transport.trainer.targetWatts == 210)
        #expect(clock.requested.allSatisfy { $0 == .milliseconds(10) }, "one tick every tick interval")
        task.cancel()
        await task.value
    }

    @Test("the time from link-up to the first accepted target is measured once per link-up and told to the server")
    func targetLatency() async {
        let transport = SimulatedGATTTransport()
        let clock = ManualClock()
        let told = Told()
        var options = TrainerSession.Options()
        options.tickInterval = .milliseconds(250)
        options.targetAppliedAfterLinkUp = { seconds in Task { await told.add(seconds) } }
        let session = TrainerSession(transport: transport, options: options, clock: clock)
        let task = Task { await session.run() }
        await settle("connected with control") {
            let connected = await session.isConnected
            let granted = await transport.trainer.controlGranted
            return connected && granted
        }
        // No target yet: a second and a half pass (six ticks) before the rider asks for one.
        for _ in 0..<6 {
            await settle("the session waits on the clock") { clock.sleeping == 1 }
            clock.advance(by: .milliseconds(250))
        }
        await session.setTarget(watts: 180)
        await settle("target applied") { await transport.trainer.targetWatts == 180 }
        await session.setTarget(watts: 185)
        await settle("second target applied") { await transport.trainer.targetWatts == 185 }
        #expect(await session.targetLatencies == [1.5], "one figure per link-up: the second target is no link-up")
        await settle("the server was told") { await told.values == [1.5] }
        task.cancel()
        await task.value
    }

    @Test("connects, takes control, applies the target; after a link drop it reconnects with backoff and re-applies it")
    func dropAndReconnect() async {
        let transport = SimulatedGATTTransport()
        let clock = ManualClock()
        let session = session(transport, clock: clock)
        let task = Task { await session.run() }
        await session.setTarget(watts: 200)
        await settle("target applied") { await transport.trainer.targetWatts == 200 }
        // In this order, each once: time stands still, so no write is retried for a missing answer.
        let writes = await transport.writes
        #expect(writes == [.requestControl, .startOrResume, .setTargetPower(watts: 200)])
        await transport.pump()
        await settle("bike data") { await session.latestBikeData != nil }

        let before = await targetWrites(transport)
        let mark = clock.requested.count
        await transport.dropLink()
        await settle("link seen down") { await !session.isConnected }
        // Away: every retry fails and waits longer (10, 20, 40 ms, then 40 ms again).
        for delay in [10, 20, 40] {
            await settle("the session waits on the clock") { clock.sleeping == 1 }
            clock.advance(by: .milliseconds(delay))
        }
        await settle("the session waits on the clock") { clock.sleeping == 1 }
        #expect(await session.connections == 1, "no connection while the trainer is away")
        let backoff = clock.requested[mark...].filter { $0 != .milliseconds(250) }  // not the ticks
        #expect(backoff == [10, 20, 40, 40].map { .milliseconds($0) })
        await transport.restore()
        clock.advance(by: .milliseconds(40))
        await settle("reconnected") { await session.connections == 2 }
        await settle("target re-applied") { await targetWrites(transport) == before + 1 }
        #expect(await transport.trainer.controlGranted)
        #expect(await transport.trainer.targetWatts == 200)
        // Each link-up's target was accepted before the clock moved on: 0 s after link-up, twice.
        #expect(await session.targetLatencies == [0, 0])
        task.cancel()
        await task.value
    }

    @Test("control lost to another app is requested again and the target restored; garbage is ignored")
    func controlLost() async {
        let transport = SimulatedGATTTransport()
        let session = session(transport, clock: ManualClock())
        let task = Task { await session.run() }
        await session.setTarget(watts: 180)
        await settle("target applied") { await transport.trainer.targetWatts == 180 }
        let before = await targetWrites(transport)
        await transport.revokeControl()
        await settle("control regained") { await transport.trainer.controlGranted }
        await settle("target restored") { await targetWrites(transport) >= before + 1 }
        await transport.sendGarbage()
        await transport.pump()
        await settle("valid data after garbage") { await session.latestBikeData?.instantaneousPower != nil }
        task.cancel()
        await task.value
    }

    @Test("the production clock: a session made without one connects and applies its target")
    func continuousClock() async {
        let transport = SimulatedGATTTransport()
        let session = TrainerSession(transport: transport)
        let task = Task { await session.run() }
        await session.setTarget(watts: 150)
        await settle("target applied") { await transport.trainer.targetWatts == 150 }
        #expect(await session.connections == 1)
        task.cancel()
        await task.value
    }
}

/// Collects what a session tells its server.
actor Told {
    private(set) var values: [TimeInterval] = []
    func add(_ value: TimeInterval) { values.append(value) }
}
