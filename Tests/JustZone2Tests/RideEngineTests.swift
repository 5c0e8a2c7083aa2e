import Foundation
import Testing

@testable import JustZone2

/// A live ride on simulated devices: the engine ticks on its own manual clock, the sessions on theirs, so the test
/// decides when each second passes and what the devices send in it.
struct RideRig {
    let trainerLink = SimulatedGATTTransport()
    let strapLink = SimulatedStrapTransport()
    let sessionClock = ManualClock()
    let engineClock = ManualClock()
    let trainer: TrainerSession
    let strap: HeartRateSession
    let engine: RideEngine

    init(plan: WorkoutPlan) {
        trainer = TrainerSession(transport: trainerLink, clock: sessionClock)
        strap = HeartRateSession(transport: strapLink, clock: sessionClock)
        engine = RideEngine(
            plan: plan, trainer: trainer, strap: strap, id: "test-ride", startedAt: Date(timeIntervalSince1970: 0),
            clock: engineClock)
    }

    func start() -> [Task<Void, Never>] {
        [Task { await trainer.run() }, Task { await strap.run() }]
    }

    /// One second: the trainer sends a packet (unless `silent`), the strap a beat, then the engine ticks.
    func second(silent: Bool = false, bpm: Int? = 130) async {
        if !silent {
            let before = await trainer.bikeDataPackets
            await trainerLink.pump()
            await settle("bike data") { await trainer.bikeDataPackets > before }
        }
        if let bpm {
            await strapLink.beat(bpm)
            await settle("heart rate") { await strap.heartRate == bpm }
        }
        let ticks = await engine.ticks
        await settle("the engine waits for the next second") { engineClock.sleeping == 1 }
        engineClock.advance(by: .seconds(1))
        await settle("the engine ticked") { await engine.ticks == ticks + 1 }
    }
}

@Suite("Live ride engine")
struct RideEngineTests {
    @Test("an ERG ride: ramps, target, ±5 W, pause and resume, a silent trainer is a gap, the plan's end ends it")
    func ergRide() async {
        let rig = RideRig(plan: WorkoutPlan(mode: .erg(targetWatts: 150), duration: 6, warmUp: 4, coolDown: 4))
        let devices = rig.start()
        await settle("trainer connected") { await rig.trainer.isConnected }
        await settle("strap connected") { await rig.strap.isConnected }
        let ride = Task { await rig.engine.run() }
        for _ in 0..<4 { await rig.second() }
        #expect(await rig.engine.snapshot.phase == .main)
        await rig.second()
        #expect(await rig.trainerLink.trainer.targetWatts == 150)
        #expect(await rig.engine.apply(.adjust(5)) == "target 155 W")
        await settle("+5 W written at once") { await rig.trainerLink.trainer.targetWatts == 155 }

        #expect(await rig.engine.apply(.pause) == "paused")
        let pausedAt = await rig.engine.recording.elapsed
        await rig.second()
        await rig.second()
        #expect(await rig.engine.recording.elapsed == pausedAt, "riding time stops while paused")
        #expect(await rig.engine.snapshot.isPaused)
        #expect(await rig.trainerLink.writes.contains { if case .stopOrPause = $0 { true } else { false } })
        await rig.engine.apply(.resume)

        // Two seconds without trainer data: the first holds the last value, the second is a gap.
        await rig.second()
        await rig.second(silent: true)
        await rig.second(silent: true)
        let samples = await rig.engine.recording.samples
        let gap = samples.last
        #expect(gap?.power == nil && gap?.heartRate == 130, "no power invented; the heart rate still recorded")
        #expect(samples.dropLast().last?.power != nil, "one second of hold")
        while await !rig.engine.isFinished { await rig.second() }
        let recording = await ride.value
        #expect(recording.elapsed == 14)
        #expect(recording.samples.count == 14, "one sample a second")
        #expect(recording.samples.filter { $0.power == nil }.count == 1)
        #expect(await rig.engine.snapshot.isFinished)
        for task in devices { task.cancel() }
    }

    @Test("a target the trainer refuses is said on the ride page with what it holds, written once, then forgotten")
    func refusedTarget() async {
        let rig = RideRig(plan: WorkoutPlan(mode: .erg(targetWatts: 200), duration: 60, warmUp: 0, coolDown: 0))
        await rig.trainerLink.rejectTargets(above: 250)
        let devices = rig.start()
        await settle("trainer connected") { await rig.trainer.isConnected }
        let ride = Task { await rig.engine.run() }
        await rig.second()
        await settle("200 W applied") { await rig.trainer.appliedTarget == 200 }
        await rig.engine.apply(.adjust(100))
        await settle("300 W refused") { await rig.trainer.refusedTarget == 300 }
        for _ in 0..<3 { await rig.second() }
        #expect(await rig.engine.snapshot.notice == "The trainer refused 300 W and holds 200 W.")
        #expect(await rig.trainerLink.trainer.targetWatts == 200)
        let tries = await rig.trainerLink.writes.filter { $0 == .setTargetPower(watts: 300) }.count
        #expect(tries == 1, "the refused target is not written again every second")
        await rig.engine.apply(.adjust(-50))
        await settle("250 W applied") { await rig.trainer.appliedTarget == 250 }
        await rig.second()
        #expect(await rig.engine.snapshot.notice == nil)
        await rig.engine.apply(.stop)
        _ = await ride.value
        for task in devices { task.cancel() }
    }

    @Test("the strap lost mid-ride: heart rate is missing, power holds, the strap comes back by itself")
    func strapLost() async {
        let rig = RideRig(plan: WorkoutPlan(mode: .erg(targetWatts: 140), duration: 20))
        let devices = rig.start()
        await settle("connected") {
            let trainer = await rig.trainer.isConnected
            let strap = await rig.strap.isConnected
            return trainer && strap
        }
        let ride = Task { await rig.engine.run() }
        await rig.second()
        await rig.strapLink.dropLink()
        await settle("strap down") { await !rig.strap.isConnected }
        await rig.second(bpm: nil)
        let snapshot = await rig.engine.snapshot
        #expect(snapshot.heartRate == nil && snapshot.strapConnected == false)
        #expect(snapshot.target == 140 && snapshot.power != nil)
        await rig.strapLink.restore()
        await settle("the strap session waits to reconnect") { rig.sessionClock.sleeping >= 1 }
        rig.sessionClock.advance(by: .seconds(1))
        await settle("strap back") { await rig.strap.isConnected }
        await rig.second(bpm: 128)
        #expect(await rig.engine.snapshot.heartRate == 128)
        #expect(await rig.engine.apply(.stop) == "stopped at 0 min")
        // Stop ends the ride at once, whether the engine was waiting for the next second or in the middle of one.
        let recording = await ride.value
        #expect(recording.samples.map(\.heartRate) == [130, nil, 128])
        for task in devices { task.cancel() }
    }
}
