import Foundation

/// Totals of an activity or a lap, computed from samples. Averages are taken over the samples that have the
/// value (zeros count, `nil`s are ignored) and rounded to the nearest integer.
public struct ActivitySummary: Sendable, Equatable, Codable {
    /// Elapsed time in seconds.
    public var duration: TimeInterval
    /// Time in seconds spent moving: sum of the intervals (at most 10 s, longer gaps are dropouts or pauses)
    /// ending in a sample with speed > 0 (or, without speed, power or cadence > 0); `nil` with fewer than 2 samples.
    public var movingTime: TimeInterval?
    /// Distance in metres covered (difference of cumulative distances).
    public var distance: Double
    /// Average power in watts.
    public var avgPower: Int?
    /// Maximum power in watts.
    public var maxPower: Int?
    /// Average heart rate in bpm.
    public var avgHeartRate: Int?
    /// Maximum heart rate in bpm.
    public var maxHeartRate: Int?
    /// Average cadence in rpm.
    public var avgCadence: Int?
    /// Maximum cadence in rpm.
    public var maxCadence: Int?
    /// Maximum speed in m/s.
    public var maxSpeed: Double?
    /// Calories (kcal), if known.
    public var calories: Int?

    /// Creates a summary from explicit values.
    public init(
        duration: TimeInterval, movingTime: TimeInterval? = nil, distance: Double = 0, avgPower: Int? = nil,
        maxPower: Int? = nil, avgHeartRate: Int? = nil, maxHeartRate: Int? = nil, avgCadence: Int? = nil,
        maxCadence: Int? = nil, maxSpeed: Double? = nil, calories: Int? = nil
    ) {
        self.duration = duration
        self.movingTime = movingTime
        self.distance = distance
        self.avgPower = avgPower
        self.maxPower = maxPower
        self.avgHeartRate = avgHeartRate
        self.maxHeartRate = maxHeartRate
        self.avgCadence = avgCadence
        self.maxCadence = maxCadence
        self.maxSpeed = maxSpeed
        self.calories = calories
    }

    /// Computes a summary of `samples` between `start` and `end` (defaults: first and last sample times).
    /// `startDistance` is the cumulative distance at the start (e.g. at the end of the previous lap).
    public init<S: Collection<ActivitySample>>(
        samples: S, start: Date? = nil, end: Date? = nil, startDistance: Double = 0, calories: Int? = nil
    ) {
        let first = start ?? samples.first?.time
        let last = end ?? samples.map(\.time).max()
        if let first, let last { duration = max(0, last.timeIntervalSince(first)) } else { duration = 0 }
        var power = Accumulator()
        var heartRate = Accumulator()
        var cadence = Accumulator()
        var maxSpeed: Double?
        var lastDistance: Double?
        var moving: TimeInterval = 0
        var previousTime: Date?
        var count = 0
        for sample in samples {
            count += 1
            power.add(sample.power)
            heartRate.add(sample.heartRate)
            cadence.add(sample.cadence)
            if let speed = sample.speed { maxSpeed = max(maxSpeed ?? speed, speed) }
            if let distance = sample.distance { lastDistance = distance }
            if let previousTime {
                let dt = sample.time.timeIntervalSince(previousTime)
                let isMoving: Bool
                if let speed = sample.speed {
                    isMoving = speed > 0
                } else {
                    isMoving = (sample.power ?? 0) > 0 || (sample.cadence ?? 0) > 0
                }
                if dt > 0, dt <= 10, isMoving { moving += dt }
            }
            previousTime = sample.time
        }
        movingTime = count >= 2 ? moving : nil
        distance = max(0, (lastDistance ?? startDistance) - startDistance)
        avgPower = power.average
        maxPower = power.maximum
        avgHeartRate = heartRate.average
        maxHeartRate = heartRate.maximum
        avgCadence = cadence.average
        maxCadence = cadence.maximum
        self.maxSpeed = maxSpeed
        self.calories = calories
    }

    /// Average speed in m/s (distance / duration), `nil` when the duration is 0.
    public var avgSpeed: Double? { duration > 0 ? distance / duration : nil }
}

private struct Accumulator {
    var sum = 0
    var count = 0
    var maximum: Int?

    mutating func add(_ value: Int?) {
        guard let value else { return }
        sum &+= value
        count += 1
        maximum = max(maximum ?? value, value)
    }

    var average: Int? { count > 0 ? Int((Double(sum) / Double(count)).rounded()) : nil }
}
