import Foundation
import Testing

@testable import JustZone2

@Suite("Heart-rate strap session over a GATT transport")
struct HeartRateSessionTests {
    func session(_ strap: SimulatedStrapTransport, clock: ManualClock) -> HeartRateSession {
        var options = HeartRateSession.Options()
        options.reconnectDelays = [.milliseconds(10), .milliseconds(20)]
        options.tickInterval = .milliseconds(500)
        options.silenceTimeout = 5
        return HeartRateSession(transport: strap, options: options, clock: clock)
    }

    @Test("readings arrive; 0 bpm, no skin contact and garbage read as missing, never as a number")
    func readings() async {
        let strap = SimulatedStrapTransport()
        let session = session(strap, clock: ManualClock())
        let task = Task { await session.run() }
        await settle("connected") { await session.isConnected }
        #expect(await session.heartRate == nil, "nothing measured yet")
        await strap.beat(132)
        await settle("reading") { await session.heartRate == 132 }
        await strap.beat(0)
        await settle("0 bpm is missing") {
            let latest = await session.latest
            return latest != nil && latest?.heartRate == nil
        }
        #expect(await session.heartRate == nil)
        await strap.beat(140, contact: false)
        await settle("no contact is missing") { await session.latest?.sensorContact == .notDetected }
        #expect(await session.heartRate == nil)
        await strap.beat(141)
        await strap.sendGarbage()
        await settle("garbage ignored") { await session.heartRate == 141 }
        task.cancel()
        await task.value
    }

    @Test("a silent strap reads as missing after 5 s and is reconnected; a dropped one comes back with backoff")
    func silenceAndDrop() async {
        let strap = SimulatedStrapTransport()
        let clock = ManualClock()
        let session = session(strap, clock: clock)
        let task = Task { await session.run() }
        await settle("connected") { await session.isConnected }
        await strap.beat(128)
        await settle("reading") { await session.heartRate == 128 }
        // 4.5 s of silence: still the last reading.
        for _ in 0..<9 {
            await settle("the session waits on the clock") { clock.sleeping == 1 }
            clock.advance(by: .milliseconds(500))
        }
        #expect(await session.heartRate == 128)
        #expect(await session.silences == 0)
        // Past 5 s: missing, and the strap is reconnected.
        for _ in 0..<2 {
            await settle("the session waits on the clock") { clock.sleeping == 1 }
            clock.advance(by: .milliseconds(500))
        }
        await settle("silence detected and reconnected") {
            let silences = await session.silences
            let connections = await session.connections
            return silences == 1 && connections == 2
        }
        #expect(await session.heartRate == nil, "a reconnected strap has no reading until it sends one")

        await strap.dropLink()
        await settle("link seen down") { await !session.isConnected }
        #expect(await session.heartRate == nil)
        await settle("the session waits to reconnect") { clock.sleeping == 1 }
        clock.advance(by: .milliseconds(10))
        await settle("retrying") { clock.sleeping == 1 }
        #expect(await session.connections == 2, "no connection while the strap is away")
        await strap.restore()
        clock.advance(by: .milliseconds(20))
        await settle("back") { await session.connections == 3 }
        await strap.beat(135)
        await settle("reading again") { await session.heartRate == 135 }
        task.cancel()
        await task.value
    }
}
