import Foundation

/// One recorded second of a workout. `elapsed` counts seconds since the workout started; a second with no sample
/// (a dropout) is simply absent, never invented.
public struct RecordedSample: Sendable, Equatable, Codable {
    /// Seconds since the start of the workout.
    public var elapsed: TimeInterval
    /// Measured power (W).
    public var power: Int?
    /// Target power at that moment (W), if the trainer was in ERG.
    public var target: Int?
    /// Cadence (rpm).
    public var cadence: Int?
    /// Speed (m/s).
    public var speed: Double?
    /// Cumulative distance (m).
    public var distance: Double?
    /// Heart rate (bpm); nil when missing (a strap reporting 0 is missing too).
    public var heartRate: Int?

    /// A sample; a heart rate of 0 is stored as missing.
    public init(
        elapsed: TimeInterval, power: Int? = nil, target: Int? = nil, cadence: Int? = nil, speed: Double? = nil,
        distance: Double? = nil, heartRate: Int? = nil
    ) {
        self.elapsed = elapsed
        self.power = power
        self.target = target
        self.cadence = cadence
        self.speed = speed
        self.distance = distance
        self.heartRate = heartRate.flatMap { $0 > 0 ? $0 : nil }
    }
}

/// The numbers of a finished (or interrupted) workout.
public struct WorkoutAnalysis: Sendable, Equatable, Codable {
    /// From the first sample to one interval after the last (s).
    public var duration: TimeInterval
    /// Time covered by samples, without dropouts (s).
    public var recordedTime: TimeInterval
    /// Mean power over samples with power, zeros (coasting) included (W).
    public var averagePower: Double?
    /// Highest power (W).
    public var maximumPower: Int?
    /// Normalized power: fourth root of the mean of the fourth powers of the 30-sample rolling mean (W); needs at
    /// least 30 samples with power.
    public var normalizedPower: Double?
    /// Mean heart rate over samples with a heart rate (bpm).
    public var averageHeartRate: Double?
    /// Highest heart rate (bpm).
    public var maximumHeartRate: Int?
    /// Zone the time-in-zone refers to.
    public var zone: HeartRateZone?
    /// Seconds with a heart rate inside `zone`.
    public var timeInZone: TimeInterval?
    /// Efficiency factor: normalized power ÷ average heart rate (W/bpm) over the steady part.
    public var efficiencyFactor: Double?
    /// Aerobic decoupling Pw:HR (%) between the two halves of the steady part; under 5 % counts as coupled.
    public var decoupling: Double?
    /// Energy: mechanical work in kJ, which equals kcal burned at the usual ~24 % gross efficiency.
    public var calories: Int
    /// The steady part between warm-up and cool-down (s), for charts and for EF and decoupling.
    public var steady: ClosedRange<TimeInterval>?
}

/// Workout analysis. Samples are expected about once per `interval` seconds, in time order.
public enum WorkoutAnalyzer {
    /// A dropout longer than this many intervals is not counted as recorded time.
    static let gapFactor = 2.0

    /// Analyses `samples` (unsorted input is sorted; duplicates by time keep the first).
    public static func analyze(
        _ input: [RecordedSample], zone: HeartRateZone? = nil, interval: TimeInterval = 1
    ) -> WorkoutAnalysis {
        let samples = ordered(input)
        guard let first = samples.first, let last = samples.last else {
            return WorkoutAnalysis(
                duration: 0, recordedTime: 0, calories: 0, steady: nil)
        }
        let weights = durations(samples, interval: interval)
        let powers = samples.compactMap(\.power)
        let rates = samples.compactMap(\.heartRate)
        var work = 0.0
        var inZone = 0.0
        for (sample, weight) in zip(samples, weights) {
            if let power = sample.power { work += Double(max(0, power)) * weight }
            if let zone, let rate = sample.heartRate, zone.contains(rate) { inZone += weight }
        }
        let steady = SteadySegment.detect(samples)
        let steadySamples = steady.map { range in samples.filter { range.contains($0.elapsed) } } ?? samples
        let steadyNP = normalizedPower(steadySamples.compactMap(\.power))
        let steadyHR = mean(steadySamples.compactMap(\.heartRate).map(Double.init))
        var ef: Double?
        if let np = steadyNP, let hr = steadyHR, hr > 0 { ef = np / hr }
        return WorkoutAnalysis(
            duration: last.elapsed - first.elapsed + interval, recordedTime: weights.reduce(0, +),
            averagePower: mean(powers.map(Double.init)), maximumPower: powers.max(),
            normalizedPower: normalizedPower(powers), averageHeartRate: mean(rates.map(Double.init)),
            maximumHeartRate: rates.max(), zone: zone, timeInZone: zone == nil ? nil : inZone,
            efficiencyFactor: ef, decoupling: decoupling(steadySamples), calories: Int((work / 1000).rounded()),
            steady: steady)
    }

    static func ordered(_ samples: [RecordedSample]) -> [RecordedSample] {
        var seen = Set<Int64>()
        return samples.filter { $0.elapsed.isFinite }.sorted { $0.elapsed < $1.elapsed }.filter {
            seen.insert(Int64(($0.elapsed * 1000).rounded())).inserted
        }
    }

    /// Time each sample stands for: up to the next sample, at most `gapFactor` intervals (a dropout is not time
    /// in zone); the last one stands for one interval.
    static func durations(_ samples: [RecordedSample], interval: TimeInterval) -> [TimeInterval] {
        samples.indices.map { index in
            guard index + 1 < samples.count else { return interval }
            let step = samples[index + 1].elapsed - samples[index].elapsed
            return step <= interval * gapFactor ? step : interval
        }
    }

    static func mean(_ values: [Double]) -> Double? {
        values.isEmpty ? nil : values.reduce(0, +) / Double(values.count)
    }

    /// Fourth root of the mean fourth power of the 30-sample rolling mean; nil below 30 samples.
    public static func normalizedPower(_ powers: [Int], window: Int = 30) -> Double? {
        guard powers.count >= window, window > 0 else { return nil }
        var sum = 0.0
        for index in 0..<window { sum += Double(powers[index]) }
        var total = pow(sum / Double(window), 4)
        var count = 1.0
        for index in window..<powers.count {
            sum += Double(powers[index]) - Double(powers[index - window])
            total += pow(sum / Double(window), 4)
            count += 1
        }
        return pow(total / count, 0.25)
    }

    /// Pw:HR decoupling (%) between the first and second half (by time) of `samples`; nil without power and heart
    /// rate in both halves.
    static func decoupling(_ samples: [RecordedSample]) -> Double? {
        guard let first = samples.first, let last = samples.last, last.elapsed > first.elapsed else { return nil }
        let middle = (first.elapsed + last.elapsed) / 2
        func ef(_ part: [RecordedSample]) -> Double? {
            let paired = part.filter { $0.power != nil && $0.heartRate != nil }
            guard let power = mean(paired.compactMap(\.power).map(Double.init)),
                let rate = mean(paired.compactMap(\.heartRate).map(Double.init)), rate > 0
            else { return nil }
            return power / rate
        }
        guard let early = ef(samples.filter { $0.elapsed < middle }),
            let late = ef(samples.filter { $0.elapsed >= middle }),
            early > 0
        else { return nil }
        return 100 * (early - late) / early
    }
}

/// Finds the steady part of a ride between warm-up and cool-down, so charts can trim both ends without the "steep
/// drop-off" of the original app (which cut where raw power fell below 60 % of the average).
///
/// Method: a centred 61-sample rolling median of power removes noise, sprints and short coasts without smearing
/// steps. The first and last times the smoothed power reaches 85 % of its median level bracket the steady part;
/// from the ride's start to the middle of that bracket, a two-piece least-squares fit (a straight ramp, then a
/// constant) puts the warm-up's end at the best break point, and the same fit on the reversed second half puts the
/// cool-down's start. A ride without a warm-up (or cool-down) fits best with an empty ramp. How close it gets is
/// measured on generated rides with known boundaries (`AnalysisTests.steadySegmentAccuracy`; figures in the issue
/// note).
public enum SteadySegment {
    /// Half-width of the rolling median (samples).
    static let halfWindow = 30
    /// Fraction of the median level that brackets the steady part.
    static let threshold = 0.85

    /// The steady range of elapsed times, or nil when there is too little power data (under 3 minutes).
    public static func detect(_ samples: [RecordedSample]) -> ClosedRange<TimeInterval>? {
        let powered = samples.filter { $0.power != nil }
        guard powered.count >= 180 else { return nil }
        let smooth = smoothed(powered.map { Double($0.power ?? 0) })
        var sorted = smooth
        sorted.sort()
        let level = sorted[sorted.count / 2]
        guard level > 0, let first = smooth.firstIndex(where: { $0 >= level * threshold }),
            let last = smooth.lastIndex(where: { $0 >= level * threshold }), first < last
        else { return nil }
        let middle = (first + last) / 2
        let start = breakPoint(Array(smooth[0...middle]))
        let end = smooth.count - 1 - breakPoint(Array(smooth[middle...].reversed()))
        guard start < end else { return nil }
        return powered[start].elapsed...powered[end].elapsed
    }

    /// The index where a "straight line, then constant" fit of `values` has the least squared error (0 when the
    /// best fit has no ramp). Prefix sums make it linear in the number of values.
    static func breakPoint(_ values: [Double]) -> Int {
        let n = values.count
        guard n >= 4 else { return 0 }
        var sy = [0.0]
        var syy = [0.0]
        var sx = [0.0]
        var sxx = [0.0]
        var sxy = [0.0]
        for (index, value) in values.enumerated() {
            let x = Double(index)
            sy.append(sy[index] + value)
            syy.append(syy[index] + value * value)
            sx.append(sx[index] + x)
            sxx.append(sxx[index] + x * x)
            sxy.append(sxy[index] + x * value)
        }
        func constantError(from k: Int) -> Double {
            let count = Double(n - k)
            let total = sy[n] - sy[k]
            return (syy[n] - syy[k]) - total * total / count
        }
        var best = (error: constantError(from: 0), index: 0)
        for k in 2..<(n - 1) {
            let count = Double(k)
            let denominator = count * sxx[k] - sx[k] * sx[k]
            guard denominator > 0 else { continue }
            let slope = (count * sxy[k] - sx[k] * sy[k]) / denominator
            let intercept = (sy[k] - slope * sx[k]) / count
            let rampError = syy[k] - intercept * sy[k] - slope * sxy[k]
            let error = max(0, rampError) + constantError(from: k)
            if error < best.error { best = (error, k) }
        }
        return best.index
    }

    /// Centred rolling median (edges use the samples available), keeping the window sorted as it slides.
    static func smoothed(_ values: [Double]) -> [Double] {
        guard !values.isEmpty else { return [] }
        var window = values[0..<min(values.count, halfWindow + 1)].sorted()
        var result: [Double] = []
        result.reserveCapacity(values.count)
        for index in values.indices {
            result.append(window[window.count / 2])
            let leaving = index - halfWindow
            if leaving >= 0, let position = insertionIndex(values[leaving], in: window) {
                window.remove(at: position)
            }
            let entering = index + halfWindow + 1
            if entering < values.count {
                window.insert(values[entering], at: insertionIndex(values[entering], in: window) ?? window.count)
            }
        }
        return result
    }

    /// First index whose element is not below `value` (binary search); nil when all are below.
    static func insertionIndex(_ value: Double, in sorted: [Double]) -> Int? {
        var low = 0
        var high = sorted.count
        while low < high {
            let mid = (low + high) / 2
            if sorted[mid] < value { low = mid + 1 } else { high = mid }
        }
        return low < sorted.count ? low : nil
    }
}
