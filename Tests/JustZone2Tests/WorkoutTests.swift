import Foundation
import Testing

@testable import JustZone2

@Suite("Workouts, controller and recording")
struct WorkoutTests {
    @Test("ERG plan: warm-up ramp, main target, cool-down ramp, phases")
    func ergPlan() {
        let plan = WorkoutPlan(mode: .erg(targetWatts: 200), duration: 1800, warmUp: 600, coolDown: 300)
        #expect(plan.target(at: 0, main: 200) == 120)
        #expect(plan.target(at: 300, main: 200) == 160)
        #expect(plan.target(at: 600, main: 200) == 200)
        #expect(plan.target(at: 2399, main: 200) == 200)
        #expect(plan.target(at: 2550, main: 200) == 160)
        #expect(plan.phase(at: 2700) == .finished)
        #expect(plan.totalDuration == 2700)
        let odd = WorkoutPlan(mode: .erg(targetWatts: 100), duration: .nan, warmUp: -5, rampStartFraction: 7)
        #expect(odd.duration == 0 && odd.warmUp == 0 && odd.rampStartFraction == 1)
    }

    /// Rides `minutes` on the model rider with the controller; returns (time, power, heart rate) per second.
    func ride(
        minutes: Int, zone: HeartRateZone, start: Int, rider: HeartRateModel = HeartRateModel(),
        missing: Range<Int> = 0..<0
    ) -> [(t: Int, power: Int, hr: Double)] {
        var controller = Zone2PowerController(zone: zone, startWatts: start, floorWatts: 80, ceilingWatts: 320)
        var model = rider
        var trace: [(Int, Int, Double)] = []
        var power = start
        for second in 0..<(minutes * 60) {
            let hr = model.step(power: Double(power), dt: 1, elapsed: Double(second))
            let reading = missing.contains(second) ? nil : Int(hr.rounded())
            power = controller.update(heartRate: reading, at: Double(second))
            trace.append((second, power, hr))
        }
        return trace
    }

    @Test("heart-rate mode settles in the zone on the simulated rider without oscillating, and follows drift")
    func settles() {
        let zone = HeartRateZone(lower: 130, upper: 140)
        for start in [120, 180, 260] {
            let trace = ride(minutes: 90, zone: zone, start: start)
            // After 20 minutes heart rate stays in the zone.
            let late = trace.filter { $0.t >= 20 * 60 }
            let inZone = late.filter { zone.contains(Int($0.hr.rounded())) }.count
            #expect(Double(inZone) / Double(late.count) > 0.97, "start \(start): \(inZone)/\(late.count)")
            // No hunting: after settling, swings of more than 3 W reverse only a few times (1 W steps from the
            // heart rate's whole-beat rounding are not swings).
            var reversals = 0
            var direction = 0
            var extreme = late.first?.power ?? 0
            for point in late {
                let move = point.power - extreme
                if direction >= 0 && move < -3 || direction <= 0 && move > 3 {
                    if direction != 0 { reversals += 1 }
                    direction = move > 0 ? 1 : -1
                    extreme = point.power
                } else if direction > 0 && point.power > extreme || direction < 0 && point.power < extreme {
                    extreme = point.power
                }
            }
            #expect(reversals <= 4, "start \(start): \(reversals) swings")
            let spread = late.filter { $0.t >= 60 * 60 && $0.t < 70 * 60 }.map(\.power)
            #expect((spread.max() ?? 0) - (spread.min() ?? 0) <= 8, "start \(start): settled power varies")
            // Cardiac drift: power at the end is lower than at 25 minutes.
            let at25 = trace[25 * 60].power
            #expect(trace.last.map { $0.power < at25 } == true, "start \(start)")
        }
    }

    @Test("rate limits, grace period, floor and ceiling, and holding power while heart rate is missing")
    func limits() {
        let zone = HeartRateZone(lower: 130, upper: 140)
        var controller = Zone2PowerController(zone: zone, startWatts: 150, floorWatts: 100, ceilingWatts: 200)
        // Grace period: a low heart rate does not raise power yet.
        for second in 0..<180 { _ = controller.update(heartRate: 90, at: Double(second)) }
        #expect(controller.target == 150)
        // Afterwards power rises at most 3 W per 10 s.
        for second in 180..<190 { _ = controller.update(heartRate: 90, at: Double(second)) }
        #expect(controller.target == 153)
        // Far too high (43 bpm beyond the deadband): the jump in error is limited to −1 W in the first second, then
        // the integral term lowers it 0.86 W/s — about three times faster than it may rise — never below the floor.
        for second in 190..<200 { _ = controller.update(heartRate: 180, at: Double(second)) }
        #expect(controller.target == 144)
        for second in 200..<1000 { _ = controller.update(heartRate: 180, at: Double(second)) }
        #expect(controller.target == 100)
        // Missing heart rate holds the target.
        for second in 1000..<1100 { _ = controller.update(heartRate: nil, at: Double(second)) }
        #expect(controller.target == 100)
        #expect(controller.update(heartRate: 0, at: 1101) == 100)
        let capped = Zone2PowerController(zone: zone, startWatts: 500, floorWatts: 100, ceilingWatts: 200)
        #expect(capped.target == 200)
    }

    @Test("a strap lost for five minutes: power is held, and the zone is regained after it returns")
    func strapLost() {
        let zone = HeartRateZone(lower: 130, upper: 140)
        let trace = ride(minutes: 60, zone: zone, start: 180, missing: (30 * 60)..<(35 * 60))
        let held = Set(trace.filter { (30 * 60 + 1)..<(35 * 60) ~= $0.t }.map(\.power))
        #expect(held.count == 1)
        let after = trace.filter { $0.t >= 45 * 60 }
        #expect(after.allSatisfy { zone.contains(Int($0.hr.rounded())) })
    }

    @Test("recording: pauses stop the clock, dropouts stay gaps, checkpoints round-trip and resume")
    func recording() throws {
        let plan = WorkoutPlan(mode: .erg(targetWatts: 180), duration: 600)
        var recording = WorkoutRecording(
            id: "ride-1", startedAt: Date(timeIntervalSince1970: 1_795_000_000), plan: plan, mainTargetWatts: 180)
        for _ in 0..<30 {
            recording.record(power: 180, target: 180, cadence: 90, speed: 8, distance: nil, heartRate: 120)
        }
        recording.pause()
        recording.record(power: 180, target: 180, cadence: 90, speed: 8, distance: nil, heartRate: 120)
        recording.resume()
        for _ in 0..<10 {
            recording.record(power: nil, target: 180, cadence: nil, speed: nil, distance: nil, heartRate: nil)
        }
        for _ in 0..<25 {
            recording.record(power: 181, target: 180, cadence: 91, speed: 8, distance: nil, heartRate: 0)
        }
        #expect(recording.elapsed == 65)
        #expect(recording.samples.count == 55)
        #expect(recording.samples[30].elapsed == 40, "the ten-second dropout is a gap")
        #expect(recording.samples[30].heartRate == nil, "0 bpm is missing, not zero")
        #expect(recording.needsCheckpoint())

        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("jz2-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = CheckpointStore(directory: directory)
        try store.save(&recording)
        #expect(!recording.needsCheckpoint())
        let restored = try #require(store.interrupted().first)
        #expect(restored == recording)
        // A damaged file is reported, never a crash, and skipped when listing.
        try Data("{\"id\": 1".utf8).write(to: directory.appendingPathComponent("broken.inprogress.json"))
        #expect(store.interrupted().count == 1)
        #expect(throws: CheckpointError.self) {
            try store.load(directory.appendingPathComponent("broken.inprogress.json"))
        }
        store.remove(id: "ride-1")
        #expect(store.interrupted().isEmpty)
    }

    @Test("laps: none at 0 s or twice in a second, kept across a checkpoint; an older checkpoint without laps reads")
    func laps() throws {
        let plan = WorkoutPlan(mode: .erg(targetWatts: 150), duration: 600)
        var recording = WorkoutRecording(
            id: "ride-2", startedAt: Date(timeIntervalSince1970: 1_795_000_000), plan: plan, mainTargetWatts: 150)
        let atZero = recording.markLap()
        #expect(!atZero, "the first lap starts at 0 s by itself")
        for _ in 0..<20 {
            recording.record(power: 150, target: 150, cadence: 90, speed: 8, distance: nil, heartRate: 110)
        }
        let first = recording.markLap()
        let again = recording.markLap()
        #expect(first && !again, "a second press in the same second is one lap")
        for _ in 0..<15 {
            recording.record(power: 150, target: 150, cadence: 90, speed: 8, distance: nil, heartRate: 110)
        }
        let second = recording.markLap()
        #expect(second && recording.laps == [20, 35])
        let data = try JSONEncoder().encode(recording)
        #expect(try JSONDecoder().decode(WorkoutRecording.self, from: data) == recording)

        var old = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        old["laps"] = nil
        let older = try JSONDecoder().decode(
            WorkoutRecording.self, from: try JSONSerialization.data(withJSONObject: old))
        #expect(older.laps.isEmpty && older.elapsed == 35 && older.samples.count == 35)
    }

    @Test("the analysis of a controlled ride reports time in zone and decoupling")
    func analysisOfControlledRide() throws {
        let zone = HeartRateZone(lower: 130, upper: 140)
        let trace = ride(minutes: 75, zone: zone, start: 150)
        let samples = trace.map {
            RecordedSample(elapsed: Double($0.t), power: $0.power, heartRate: Int($0.hr.rounded()))
        }
        let analysis = WorkoutAnalyzer.analyze(samples, zone: zone)
        let timeInZone = try #require(analysis.timeInZone)
        #expect(timeInZone > 0.75 * analysis.duration)
        #expect(analysis.decoupling.map { abs($0) < 10 } == true)
    }
}
