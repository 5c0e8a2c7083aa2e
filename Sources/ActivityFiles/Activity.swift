import Foundation

/// One sensor sample of an activity, typically recorded once per second.
public struct ActivitySample: Sendable, Equatable, Codable {
    /// When the sample was taken.
    public var time: Date
    /// Power in watts.
    public var power: Int?
    /// Heart rate in beats per minute; `nil` when unknown (never 0).
    public var heartRate: Int?
    /// Cadence in revolutions per minute.
    public var cadence: Int?
    /// Speed in metres per second.
    public var speed: Double?
    /// Cumulative distance in metres since the start of the activity.
    public var distance: Double?
    /// Latitude in degrees (WGS 84).
    public var latitude: Double?
    /// Longitude in degrees (WGS 84).
    public var longitude: Double?
    /// Altitude in metres.
    public var altitude: Double?

    /// Creates a sample. A heart rate of 0 or less is stored as `nil`.
    public init(
        time: Date, power: Int? = nil, heartRate: Int? = nil, cadence: Int? = nil, speed: Double? = nil,
        distance: Double? = nil, latitude: Double? = nil, longitude: Double? = nil, altitude: Double? = nil
    ) {
        self.time = time
        self.power = power
        self.heartRate = heartRate.flatMap { $0 > 0 ? $0 : nil }
        self.cadence = cadence
        self.speed = speed
        self.distance = distance
        self.latitude = latitude
        self.longitude = longitude
        self.altitude = altitude
    }
}

/// A lap: a time range of an activity.
public struct ActivityLap: Sendable, Equatable, Codable {
    /// Start of the lap.
    public var start: Date
    /// End of the lap.
    public var end: Date

    /// Creates a lap from `start` to `end`.
    public init(start: Date, end: Date) {
        self.start = start
        self.end = end
    }
}

/// The sport of an activity.
public enum ActivitySport: String, Sendable, Equatable, Codable, CaseIterable {
    /// Cycling (FIT sport 2, TCX "Biking").
    case cycling
    /// Running (FIT sport 1, TCX "Running").
    case running
    /// Anything else (FIT sport 0, TCX "Other").
    case other
}

/// The sub-sport of an activity.
public enum ActivitySubSport: String, Sendable, Equatable, Codable, CaseIterable {
    /// Indoor cycling on a trainer (FIT sub_sport 6).
    case indoorCycling
    /// Virtual activity, e.g. a ride in a virtual world (FIT sub_sport 58).
    case virtualActivity
    /// Road cycling (FIT sub_sport 7).
    case road
    /// Generic (FIT sub_sport 0).
    case generic
}

/// A recorded activity: metadata, samples and optional laps.
public struct Activity: Sendable, Equatable, Codable {
    /// Name of the activity, if any.
    public var name: String?
    /// Sport.
    public var sport: ActivitySport
    /// Sub-sport.
    public var subSport: ActivitySubSport
    /// Start of the activity.
    public var startTime: Date
    /// Samples in chronological order.
    public var samples: [ActivitySample]
    /// Laps; empty means one lap over the whole activity.
    public var laps: [ActivityLap]
    /// Total calories (kcal), if known.
    public var calories: Int?

    /// Creates an activity.
    public init(
        name: String? = nil, sport: ActivitySport = .cycling, subSport: ActivitySubSport = .generic,
        startTime: Date, samples: [ActivitySample], laps: [ActivityLap] = [], calories: Int? = nil
    ) {
        self.name = name
        self.sport = sport
        self.subSport = subSport
        self.startTime = startTime
        self.samples = samples
        self.laps = laps
        self.calories = calories
    }

    /// End of the activity: the later of the last sample and the last lap end (or `startTime`).
    public var endTime: Date {
        var end = startTime
        if let last = samples.last?.time, last > end { end = last }
        if let lapEnd = laps.map(\.end).max(), lapEnd > end { end = lapEnd }
        return end
    }

    /// The laps to write: `laps`, or one lap over the whole activity when empty.
    public var effectiveLaps: [ActivityLap] {
        laps.isEmpty ? [ActivityLap(start: startTime, end: endTime)] : laps
    }

    /// Totals over the whole activity.
    public var summary: ActivitySummary {
        ActivitySummary(samples: samples, start: startTime, end: endTime, calories: calories)
    }

    /// Samples of each lap of `effectiveLaps`: every sample belongs to exactly one lap (by start time; samples
    /// before the first lap go to the first, samples after the last lap start to the last).
    func samplesByLap() -> [(lap: ActivityLap, samples: ArraySlice<ActivitySample>)] {
        let laps = effectiveLaps
        var result: [(lap: ActivityLap, samples: ArraySlice<ActivitySample>)] = []
        var index = samples.startIndex
        for (i, lap) in laps.enumerated() {
            let begin = index
            if i == laps.count - 1 {
                index = samples.endIndex
            } else {
                let next = laps[i + 1].start
                while index < samples.endIndex, samples[index].time < next { index += 1 }
            }
            result.append((lap, samples[begin..<index]))
        }
        return result
    }

    /// The samples as written by the writers: when a sample has a speed but no distance, the distance is
    /// integrated from the speed (trapezoidal, continuing from the previous distance) so that distance and
    /// time stay consistent; Strava derives speed from distance and time and ignores the speed field.
    func resolvedSamples() -> [ActivitySample] {
        guard samples.contains(where: { $0.distance == nil && $0.speed != nil }) else { return samples }
        var result = samples
        var lastDistance: Double?
        var lastTime: Date?
        var lastSpeed: Double?
        for i in result.indices {
            if result[i].distance == nil, let speed = result[i].speed {
                var distance = lastDistance ?? 0
                if let lastTime {
                    let dt = max(0, result[i].time.timeIntervalSince(lastTime))
                    distance += dt * ((lastSpeed ?? speed) + speed) / 2
                }
                result[i].distance = distance
            }
            if let d = result[i].distance { lastDistance = d }
            lastTime = result[i].time
            lastSpeed = result[i].speed
        }
        return result
    }
}
