import Foundation
import Testing

@testable import JustZone2

@Suite("Fault scenarios on the simulated trainer")
struct SimulationTests {
    let ergPlan = WorkoutPlan(mode: .erg(targetWatts: 200), duration: 900, warmUp: 120, coolDown: 60)

    func firstTime(_ simulation: RideSimulation, after: TimeInterval, _ message: String) -> TimeInterval? {
        simulation.log.first { $0.time >= after && $0.message.hasPrefix(message) }?.time
    }

    @Test("a link drop mid-workout: reconnect with backoff, target restored within 1 s of link-up, gap marked")
    func dropout() throws {
        var ride = RideSimulation(plan: ergPlan, faults: [.dropout(at: 300, duration: 20)])
        ride.run()
        let lost = try #require(firstTime(ride, after: 0, "link lost"))
        #expect(abs(lost - 300) < 0.2)
        let up = try #require(firstTime(ride, after: lost, "link up"))
        #expect(up >= 320 && up <= 328, "reconnected by backoff after the trainer came back: \(up)")
        let restored = try #require(firstTime(ride, after: up, "target 200 W written"))
        #expect(restored - up <= 1, "target re-applied \(restored - up) s after link-up")
        // The recording has a gap, not invented samples, and is otherwise complete.
        let samples = ride.recording.samples
        let during = samples.filter { $0.elapsed > lost + 0.5 && $0.elapsed < up - 0.5 }
        #expect(during.allSatisfy { $0.power == nil })
        #expect(samples.filter { $0.power != nil }.count >= Int(ergPlan.totalDuration) - 30)
        // And power is back at the target a few seconds later.
        let after = samples.filter { $0.elapsed > up + 8 && $0.elapsed < up + 20 }
        #expect(after.allSatisfy { abs(($0.power ?? 0) - 200) <= 3 })
    }

    @Test("control lost to another app is regained and the target re-applied at once")
    func controlLost() throws {
        var ride = RideSimulation(plan: ergPlan, faults: [.controlLost(at: 400)])
        ride.run()
        let lost = try #require(firstTime(ride, after: 0, "control lost"))
        let restored = try #require(firstTime(ride, after: lost, "target"))
        #expect(restored - lost <= 1)
        #expect(ride.trainer.controlGranted)
    }

    @Test("a trainer that refuses high targets gets the highest it advertises, and the ride goes on")
    func rejectedTargets() {
        var plan = ergPlan
        plan.mode = .erg(targetWatts: 300)
        var ride = RideSimulation(plan: plan, faults: [.rejectAbove(watts: 250)])
        ride.run()
        #expect(ride.log.contains { $0.message.contains("invalidParameter") })
        // Held at the last accepted target (the warm-up ramp's), never left without one.
        let main = ride.recording.samples.filter { $0.elapsed > 400 && $0.elapsed < 900 }
        #expect(main.allSatisfy { ($0.power ?? 0) > 150 && ($0.power ?? 0) <= 250 })
    }

    @Test("heart-rate strap lost: ERG continues and heart-rate mode holds power until it returns")
    func strapLost() {
        let zone = HeartRateZone(lower: 130, upper: 140)
        let plan = WorkoutPlan(
            mode: .heartRate(zone: zone, startWatts: 170, floorWatts: 100, ceilingWatts: 300), duration: 2400,
            warmUp: 300, coolDown: 60)
        var ride = RideSimulation(plan: plan, faults: [.strapLost(at: 1500, duration: 300)])
        ride.run()
        let held = ride.recording.samples.filter { $0.elapsed > 1501 && $0.elapsed < 1799 }
        #expect(held.allSatisfy { $0.heartRate == nil })
        #expect(Set(held.compactMap(\.target)).count == 1, "power held while heart rate is missing")
        let late = ride.recording.samples.filter { $0.elapsed > 2300 && $0.elapsed < 2700 }
        #expect(late.allSatisfy { zone.contains($0.heartRate ?? 0) })
    }

    @Test("garbage from the trainer is ignored; low cadence releases the target and it comes back")
    func garbageAndLowCadence() {
        var ride = RideSimulation(plan: ergPlan, faults: [.garbage(at: 200, duration: 10)])
        while ride.clock < 500 { ride.step() }
        let garbled = ride.recording.samples.filter { $0.elapsed > 201 && $0.elapsed < 209 }
        #expect(garbled.allSatisfy { $0.power == nil && $0.heartRate != nil })
        ride.riderCadence = 20
        while ride.clock < 510 { ride.step() }
        #expect(ride.control.isReleased)
        #expect(ride.trainer.targetWatts == nil)
        ride.riderCadence = 85
        while ride.clock < 513 { ride.step() }
        #expect(!ride.control.isReleased)
        #expect(ride.trainer.targetWatts == 200)
    }

    @Test("stalled notifications leave a gap in power while heart rate goes on; nothing is invented")
    func stall() {
        var ride = RideSimulation(plan: ergPlan, faults: [.stall(at: 300, duration: 15)])
        ride.run()
        let stalled = ride.recording.samples.filter { $0.elapsed > 300.5 && $0.elapsed < 314.5 }
        #expect(!stalled.isEmpty && stalled.allSatisfy { $0.power == nil && $0.cadence == nil && $0.heartRate != nil })
        let after = ride.recording.samples.filter { $0.elapsed > 320 && $0.elapsed < 330 }
        #expect(after.allSatisfy { $0.power != nil })
    }

    @Test("fault arguments of the command line parse, and nonsense is refused")
    func faultArguments() {
        #expect(SimulatedFault(argument: "dropout@5m") == .dropout(at: 300, duration: 20))
        #expect(SimulatedFault(argument: "dropout@90s+45s") == .dropout(at: 90, duration: 45))
        #expect(SimulatedFault(argument: "control@3m") == .controlLost(at: 180))
        #expect(SimulatedFault(argument: "strap@10m+5m") == .strapLost(at: 600, duration: 300))
        #expect(SimulatedFault(argument: "reject>250") == .rejectAbove(watts: 250))
        #expect(SimulatedFault(argument: "stall@4m") == .stall(at: 240, duration: 15))
        #expect(SimulatedFault(argument: "meteor@5m") == nil)
        #expect(SimulatedFault(argument: "dropout@soon") == nil)
    }

    @Test("rider keys: raising the ERG target takes effect within a second and is recorded")
    func adjustTarget() throws {
        var ride = RideSimulation(plan: ergPlan)
        while ride.recording.elapsed < 300 { ride.step() }
        #expect(ride.apply(.adjust(10)) == "target 210 W")
        let changedAt = ride.clock
        while ride.recording.elapsed < 330 { ride.step() }
        #expect(ride.trainer.targetWatts == 210)
        let after = ride.recording.samples.filter { $0.elapsed > 302 && $0.elapsed < 330 }
        #expect(!after.isEmpty && after.allSatisfy { $0.target == 210 })
        #expect(ride.clock - changedAt < 31)
        // Lowering never goes below zero.
        ride.apply(.adjust(-5000))
        #expect(ride.recording.mainTargetWatts == 0)
    }

    @Test("rider keys in heart-rate mode shift the zone the controller aims for")
    func adjustZone() {
        let zone = HeartRateZone(lower: 130, upper: 140)
        let plan = WorkoutPlan(
            mode: .heartRate(zone: zone, startWatts: 170, floorWatts: 100, ceilingWatts: 300), duration: 1200,
            warmUp: 60, coolDown: 0)
        var ride = RideSimulation(plan: plan)
        #expect(ride.apply(.adjust(5)) == "zone 135–145 bpm")
        #expect(ride.controller?.zone == HeartRateZone(lower: 135, upper: 145))
        #expect(HeartRateZone(lower: 200, upper: 228).shifted(by: 10) == HeartRateZone(lower: 202, upper: 230))
    }

    @Test("pause stops the riding clock and the recording, pauses the trainer; resume restores the target")
    func pauseResume() throws {
        var ride = RideSimulation(plan: ergPlan)
        while ride.recording.elapsed < 400 { ride.step() }
        let samplesBefore = ride.recording.samples.count
        #expect(ride.apply(.togglePause) == "paused")
        for _ in 0..<600 { ride.step() }  // a minute of wall time
        #expect(ride.recording.elapsed == 400, "riding time stands still while paused")
        #expect(ride.recording.samples.count == samplesBefore, "nothing recorded while paused")
        #expect(!ride.trainer.started, "the trainer was told to pause")
        #expect(ride.apply(.togglePause) == "resumed")
        let resumedAt = ride.clock
        while !ride.trainer.started || ride.trainer.targetWatts != 200 { ride.step() }
        #expect(ride.clock - resumedAt <= 1)
        ride.run()
        #expect(ride.recording.elapsed == ergPlan.totalDuration, "the whole plan is ridden, pause excluded")
        #expect(ride.clock >= ergPlan.totalDuration + 59, "and the wall clock ran on through the pause")
    }

    @Test("stop ends the ride early with what was ridden")
    func stop() {
        var ride = RideSimulation(plan: ergPlan)
        while ride.recording.elapsed < 200 { ride.step() }
        #expect(ride.apply(.stop) == "stopped at 3 min")
        #expect(ride.isFinished)
        #expect(ride.recording.samples.last.map { $0.elapsed < 201 } == true)
    }
}
