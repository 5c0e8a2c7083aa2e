import Foundation

/// Writes Training Center XML (TCX) v2 files, in the schema's element order.
///
/// Times are ISO 8601 UTC with `Z`; numbers always use "." whatever the locale. Samples with a speed but no
/// distance get a distance integrated from the speed, because Strava ignores the speed extension and derives
/// speed from distance and time. Heart rates below 1 are omitted, cadences are capped at 254.
public enum TCXWriter {
    /// The TCX v2 namespace.
    public static let namespace = "http://www.garmin.com/xmlschemas/TrainingCenterDatabase/v2"
    /// The Garmin activity extension v2 namespace (TPX, LX), written with the `ns3` prefix.
    public static let extensionNamespace = "http://www.garmin.com/xmlschemas/ActivityExtension/v2"

    /// Returns the TCX document for `activity` as UTF-8 data.
    public static func data(for activity: Activity) -> Data {
        Data(string(for: activity).utf8)
    }

    /// Returns the TCX document for `activity`.
    public static func string(for activity: Activity) -> String {
        var resolved = activity
        resolved.samples = activity.resolvedSamples()
        var x = ""
        x.reserveCapacity(200 + resolved.samples.count * 330)
        x += "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        x += "<TrainingCenterDatabase xmlns=\"\(namespace)\" xmlns:ns3=\"\(extensionNamespace)\""
        x += " xmlns:xsi=\"http://www.w3.org/2001/XMLSchema-instance\">\n"
        x += "  <Activities>\n"
        let sport: String
        switch activity.sport {
        case .cycling: sport = "Biking"
        case .running: sport = "Running"
        case .other: sport = "Other"
        }
        x += "    <Activity Sport=\"\(sport)\">\n"
        x += "      <Id>\(Format.iso8601(activity.startTime))</Id>\n"
        let lapParts = resolved.samplesByLap()
        let totalDuration = resolved.endTime.timeIntervalSince(resolved.startTime)
        var startDistance = 0.0
        for (lap, samples) in lapParts {
            var summary = ActivitySummary(
                samples: samples, start: lap.start, end: lap.end, startDistance: startDistance)
            if let lastDistance = samples.last(where: { $0.distance != nil })?.distance {
                startDistance = lastDistance
            }
            if let calories = activity.calories {
                summary.calories =
                    lapParts.count == 1 || totalDuration <= 0
                    ? calories
                    : Int((Double(min(max(calories, 0), 65535)) * summary.duration / totalDuration).rounded())
            }
            writeLap(&x, lap: lap, summary: summary, samples: samples)
        }
        if let name = activity.name {
            x += "      <Notes>\(Format.xmlEscaped(name))</Notes>\n"
        }
        x += "    </Activity>\n"
        x += "  </Activities>\n"
        x += "</TrainingCenterDatabase>\n"
        return x
    }

    private static func writeLap(
        _ x: inout String, lap: ActivityLap, summary: ActivitySummary, samples: ArraySlice<ActivitySample>
    ) {
        x += "      <Lap StartTime=\"\(Format.iso8601(lap.start))\">\n"
        x += "        <TotalTimeSeconds>\(Format.decimal(summary.duration, 3))</TotalTimeSeconds>\n"
        x += "        <DistanceMeters>\(Format.decimal(summary.distance, 2))</DistanceMeters>\n"
        if let maxSpeed = summary.maxSpeed {
            x += "        <MaximumSpeed>\(Format.decimal(maxSpeed, 3))</MaximumSpeed>\n"
        }
        x += "        <Calories>\(min(max(summary.calories ?? 0, 0), 65535))</Calories>\n"
        if let hr = summary.avgHeartRate, hr >= 1 {
            x += "        <AverageHeartRateBpm><Value>\(min(hr, 255))</Value></AverageHeartRateBpm>\n"
        }
        if let hr = summary.maxHeartRate, hr >= 1 {
            x += "        <MaximumHeartRateBpm><Value>\(min(hr, 255))</Value></MaximumHeartRateBpm>\n"
        }
        x += "        <Intensity>Active</Intensity>\n"
        if let cadence = summary.avgCadence, cadence >= 0 {
            x += "        <Cadence>\(min(cadence, 254))</Cadence>\n"
        }
        x += "        <TriggerMethod>Manual</TriggerMethod>\n"
        if !samples.isEmpty {
            x += "        <Track>\n"
            for sample in samples { writeTrackpoint(&x, sample) }
            x += "        </Track>\n"
        }
        var lx = ""
        if let avgSpeed = summary.avgSpeed { lx += "<ns3:AvgSpeed>\(Format.decimal(avgSpeed, 3))</ns3:AvgSpeed>" }
        if let cadence = summary.maxCadence, cadence >= 0 {
            lx += "<ns3:MaxBikeCadence>\(min(cadence, 254))</ns3:MaxBikeCadence>"
        }
        if let power = summary.avgPower, power >= 0 { lx += "<ns3:AvgWatts>\(min(power, 65535))</ns3:AvgWatts>" }
        if let power = summary.maxPower, power >= 0 { lx += "<ns3:MaxWatts>\(min(power, 65535))</ns3:MaxWatts>" }
        if !lx.isEmpty {
            x += "        <Extensions><ns3:LX>\(lx)</ns3:LX></Extensions>\n"
        }
        x += "      </Lap>\n"
    }

    private static func writeTrackpoint(_ x: inout String, _ s: ActivitySample) {
        x += "          <Trackpoint>\n"
        x += "            <Time>"
        x += Format.iso8601(s.time)
        x += "</Time>\n"
        if let lat = s.latitude, let lon = s.longitude {
            x += "            <Position><LatitudeDegrees>"
            x += Format.decimal(lat, 7)
            x += "</LatitudeDegrees><LongitudeDegrees>"
            x += Format.decimal(lon, 7)
            x += "</LongitudeDegrees></Position>\n"
        }
        if let altitude = s.altitude {
            x += "            <AltitudeMeters>"
            x += Format.decimal(altitude, 2)
            x += "</AltitudeMeters>\n"
        }
        if let distance = s.distance {
            x += "            <DistanceMeters>"
            x += Format.decimal(distance, 2)
            x += "</DistanceMeters>\n"
        }
        if let hr = s.heartRate, hr >= 1 {
            x += "            <HeartRateBpm><Value>"
            x += String(min(hr, 255))
            x += "</Value></HeartRateBpm>\n"
        }
        if let cadence = s.cadence, cadence >= 0 {
            x += "            <Cadence>"
            x += String(min(cadence, 254))
            x += "</Cadence>\n"
        }
        let speed = s.speed.map { max($0, 0) }
        let power = s.power.map { min(max($0, 0), 65535) }
        if speed != nil || power != nil {
            x += "            <Extensions><ns3:TPX>"
            if let speed {
                x += "<ns3:Speed>"
                x += Format.decimal(speed, 3)
                x += "</ns3:Speed>"
            }
            if let power {
                x += "<ns3:Watts>"
                x += String(power)
                x += "</ns3:Watts>"
            }
            x += "</ns3:TPX></Extensions>\n"
        }
        x += "          </Trackpoint>\n"
    }
}
