import Foundation

@testable import ActivityFiles

/// A generated 1 Hz ride: 3600 samples over 3630 s with a 30 s dropout after sample 1800, no heart rate for a
/// minute (600..<660), coasting with power and cadence 0 (1200..<1260). Values are pre-quantized to the file
/// resolutions (distance 1/100 m, speed 1/1000 m/s) so round trips compare exactly.
enum TestRide {
    static let start = Date(timeIntervalSince1970: 1_777_629_600)  // 2026-05-01T10:00:00Z

    static func samples(count: Int = 3600) -> [ActivitySample] {
        var samples: [ActivitySample] = []
        samples.reserveCapacity(count)
        var distanceCm = 0
        for i in 0..<count {
            let t = Double(i + (i >= count / 2 ? 30 : 0))
            let coasting = (1200..<1260).contains(i)
            let speedMm = 8000 + Int(2000 * sin(Double(i) / 60))
            distanceCm += i == 0 ? 0 : speedMm / 10
            samples.append(
                ActivitySample(
                    time: start.addingTimeInterval(t),
                    power: coasting ? 0 : 180 + (i * 7) % 60,
                    heartRate: (600..<660).contains(i) ? nil : 120 + (i / 30) % 40,
                    cadence: coasting ? 0 : 85 + i % 10,
                    speed: Double(speedMm) / 1000,
                    distance: Double(distanceCm) / 100))
        }
        return samples
    }

    static func activity(count: Int = 3600) -> Activity {
        Activity(
            name: "Zone 2 <Endurance> & \"friends\"", sport: .cycling, subSport: .virtualActivity, startTime: start,
            samples: samples(count: count), calories: 650)
    }
}
