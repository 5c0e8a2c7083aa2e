import Foundation
import Testing

@testable import JustZone2

/// Waits until `condition` holds (checking every 5 ms), failing after `seconds` — generous, because the whole suite
/// shares two cores and CPU-heavy tests can starve these real-time ones for a while; a pass returns at once.
func eventually(
    _ what: String, seconds: Double = 60, sourceLocation: SourceLocation = #_sourceLocation,
    _ condition: () async -> Bool
) async {
    let deadline = ContinuousClock.now + .milliseconds(Int(seconds * 1000))
    while ContinuousClock.now < deadline {
        if await condition() { return }
        try? await Task.sleep(for: .milliseconds(5))
    }
    Issue.record("timed out waiting for: \(what)", sourceLocation: sourceLocation)
}

@Suite("Trainer session over a GATT transport")
struct TrainerSessionTests {
    func session(_ transport: SimulatedGATTTransport) -> TrainerSession {
        var options = TrainerSession.Options()
        options.reconnectDelays = [.milliseconds(10), .milliseconds(20), .milliseconds(40)]
        options.tickInterval = .milliseconds(20)
        return TrainerSession(transport: transport, options: options)
    }

    @Test("a trainer that stops notifying without dropping the link is reconnected and gets its target again")
    func stalledNotifications() async {
        let transport = SimulatedGATTTransport()
        var options = TrainerSession.Options()
        options.reconnectDelays = [.milliseconds(10)]
        options.tickInterval = .milliseconds(10)
        options.stallTimeout = 0.1
        let session = TrainerSession(transport: transport, options: options)
        let task = Task { await session.run() }
        await session.setTarget(watts: 210)
        await eventually("target applied") { await transport.trainer.targetWatts == 210 }
        let before = await targetWrites(transport)
        // No data for longer than the stall timeout.
        await eventually("stall detected and reconnected") {
            let stalls = await session.stalls
            let connections = await session.connections
            return stalls >= 1 && connections >= 2
        }
        await eventually("target re-applied") { await targetWrites(transport) > before }
        task.cancel()
        await task.value
    }

    func targetWrites(_ transport: SimulatedGATTTransport) async -> Int {
        await transport.writes.filter { if case .setTargetPower = $0 { return true } else { return false } }.count
    }

    @Test("connects, takes control, applies the target; after a link drop it reconnects and re-applies it")
    func dropAndReconnect() async {
        let transport = SimulatedGATTTransport()
        let session = session(transport)
        let task = Task { await session.run() }
        await session.setTarget(watts: 200)
        await eventually("target applied") { await transport.trainer.targetWatts == 200 }
        // In this order (a write retried after a slow answer may repeat, so compare the first of each).
        let writes = await transport.writes
        let order = [
            writes.firstIndex(of: .requestControl), writes.firstIndex(of: .startOrResume),
            writes.firstIndex(of: .setTargetPower(watts: 200)),
        ]
        #expect(order.allSatisfy { $0 != nil } && order == order.sorted { ($0 ?? 0) < ($1 ?? 0) })
        await transport.pump()
        await eventually("bike data") { await session.latestBikeData != nil }

        let before = await targetWrites(transport)
        await transport.dropLink()
        await eventually("link seen down") { await !session.isConnected }
        try? await Task.sleep(for: .milliseconds(60))
        #expect(await session.connections == 1, "no connection while the trainer is away")
        await transport.restore()
        await eventually("reconnected") { await session.connections == 2 }
        await eventually("target re-applied") { await targetWrites(transport) >= before + 1 }
        #expect(await transport.trainer.controlGranted)
        task.cancel()
        await task.value
    }

    @Test("control lost to another app is requested again and the target restored; garbage is ignored")
    func controlLost() async {
        let transport = SimulatedGATTTransport()
        let session = session(transport)
        let task = Task { await session.run() }
        await session.setTarget(watts: 180)
        await eventually("target applied") { await transport.trainer.targetWatts == 180 }
        let before = await targetWrites(transport)
        await transport.revokeControl()
        await eventually("control regained") { await transport.trainer.controlGranted }
        await eventually("target restored") { await targetWrites(transport) >= before + 1 }
        await transport.sendGarbage()
        await transport.pump()
        await eventually("valid data after garbage") { await session.latestBikeData?.instantaneousPower != nil }
        task.cancel()
        await task.value
    }
}
