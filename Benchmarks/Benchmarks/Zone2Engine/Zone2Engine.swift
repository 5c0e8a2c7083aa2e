import ActivityFiles
import Benchmark
import Foundation
import JustZone2

/// Goals (issue: JustZone2 engine): ≥ 5 million Indoor Bike Data packets decoded per second; FIT + TCX of a 4-hour
/// ride (14,400 samples) written in under 50 ms; one control decision under 1 ms.
let benchmarks: @Sendable () -> Void = {
    let packet: [UInt8] = IndoorBikeData(
        instantaneousSpeed: 31.5, instantaneousCadence: 88, totalDistance: 12_345, instantaneousPower: 205,
        heartRate: 132
    ).encode()

    Benchmark(
        "Indoor Bike Data decode (1,000 packets)",
        configuration: .init(metrics: [.wallClock, .throughput], maxDuration: .seconds(3))
    ) { benchmark in
        for _ in benchmark.scaledIterations {
            for _ in 0..<1000 { blackHole(try? IndoorBikeData.decode(packet)) }
        }
    }

    let start = Date(timeIntervalSince1970: 1_795_000_000)
    let ride = Activity(
        name: "Four hours", sport: .cycling, subSport: .indoorCycling, startTime: start,
        samples: (0..<14_400).map { second in
            ActivitySample(
                time: start.addingTimeInterval(Double(second)), power: 180 + second % 40, heartRate: 130 + second % 7,
                cadence: 88, speed: 8.5, distance: Double(second) * 8.5)
        })
    Benchmark(
        "FIT + TCX of a 4-hour ride (14,400 samples)",
        configuration: .init(metrics: [.wallClock, .mallocCountTotal], maxDuration: .seconds(5))
    ) { _ in
        blackHole(FITWriter.data(for: ride))
        blackHole(TCXWriter.data(for: ride))
    }

    Benchmark(
        "Control decision: controller update + trainer control step",
        configuration: .init(metrics: [.wallClock], maxDuration: .seconds(3))
    ) { benchmark in
        var controller = Zone2PowerController(
            zone: HeartRateZone(lower: 130, upper: 140), startWatts: 180, floorWatts: 100, ceilingWatts: 300)
        var control = TrainerControl()
        _ = control.handle(
            .linkUp(powerRange: SupportedPowerRange(minimumWatts: 0, maximumWatts: 2000, incrementWatts: 1)), at: 0)
        var time = 0.0
        for _ in benchmark.scaledIterations {
            time += 1
            let target = controller.update(heartRate: 128 + Int(time) % 9, at: time)
            blackHole(control.handle(.setTarget(watts: target), at: time))
        }
    }
}
