import ClubhouseBasics
import Foundation
import Testing

@testable import ActivityFiles

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// Collects element names in document order.
private final class ElementNames: NSObject, XMLParserDelegate {
    var names: [String] = []
    func parser(
        _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String] = [:]
    ) { names.append(elementName) }
}

private func elementNames(_ data: Data) -> [String] {
    let collector = ElementNames()
    let parser = XMLParser(data: data)
    parser.delegate = collector
    _ = parser.parse()
    return collector.names
}

@Suite struct TCXTests {
    @Test func roundTrip() throws {
        let activity = TestRide.activity()
        let data = TCXWriter.data(for: activity)
        let read = try TCXReader.activity(from: data)
        #expect(read.samples.count == 3600)
        #expect(read.samples == activity.samples)
        #expect(read.name == activity.name)
        #expect(read.startTime == activity.startTime)
        #expect(read.calories == 650)
        #expect(read.laps == activity.effectiveLaps)
    }

    @Test func elementOrder() {
        let start = TestRide.start
        let activity = Activity(
            name: "Test", startTime: start,
            samples: [
                ActivitySample(
                    time: start, power: 150, heartRate: 120, cadence: 80, speed: 7.5, distance: 0, latitude: 1,
                    longitude: 2, altitude: 3)
            ], calories: 10)
        let names = elementNames(TCXWriter.data(for: activity))
        #expect(
            names == [
                "TrainingCenterDatabase", "Activities", "Activity", "Id", "Lap", "TotalTimeSeconds", "DistanceMeters",
                "MaximumSpeed", "Calories", "AverageHeartRateBpm", "Value", "MaximumHeartRateBpm", "Value",
                "Intensity", "Cadence", "TriggerMethod", "Track", "Trackpoint", "Time", "Position",
                "LatitudeDegrees", "LongitudeDegrees", "AltitudeMeters", "DistanceMeters", "HeartRateBpm", "Value",
                "Cadence", "Extensions", "ns3:TPX", "ns3:Speed", "ns3:Watts", "Extensions", "ns3:LX",
                "ns3:MaxBikeCadence", "ns3:AvgWatts", "ns3:MaxWatts", "Notes",
            ])
    }

    @Test func heartRateOmittedWhenMissingAndCaloriesZero() throws {
        let start = TestRide.start
        let activity = Activity(
            startTime: start,
            samples: [ActivitySample(time: start, power: 100, heartRate: 0, cadence: 300)])
        let xml = TCXWriter.string(for: activity)
        #expect(!xml.contains("HeartRateBpm"))
        #expect(xml.contains("<Calories>0</Calories>"))
        #expect(xml.contains("<Cadence>254</Cadence>"))
        #expect(xml.contains("<Id>2026-05-01T10:00:00Z</Id>"))
    }

    @Test func speedIntegratedIntoDistance() throws {
        let start = TestRide.start
        let samples = (0..<5).map { ActivitySample(time: start.addingTimeInterval(Double($0)), speed: 10) }
        let read = try TCXReader.activity(from: TCXWriter.data(for: Activity(startTime: start, samples: samples)))
        #expect(read.samples.map(\.distance) == [0, 10, 20, 30, 40])
        #expect(read.samples.map(\.speed) == [10, 10, 10, 10, 10])
    }

    @Test func localeIndependentNumbers() {
        // The writer never consults the locale; check a value that a comma locale would break.
        let xml = TCXWriter.string(for: TestRide.activity(count: 3))
        #expect(xml.contains("<ns3:Speed>8.033</ns3:Speed>"))
        #expect(Format.decimal(1234.5, 2) == "1234.5")
        #expect(Format.decimal(-0.000001, 3) == "0")
        #expect(Format.decimal(-2.25, 1) == "-2.3" || Format.decimal(-2.25, 1) == "-2.2")
        #expect(Format.decimal(0.05, 2) == "0.05")
    }

    @Test func isoTimes() {
        #expect(Format.iso8601(Date(timeIntervalSince1970: 0)) == "1970-01-01T00:00:00Z")
        #expect(Format.iso8601(Date(timeIntervalSince1970: 951_782_400.25)) == "2000-02-29T00:00:00.250Z")
        #expect(Format.parseISO8601("2000-02-29T00:00:00.250Z") == Date(timeIntervalSince1970: 951_782_400.25))
        #expect(Format.parseISO8601("2026-05-01T12:00:00+02:00") == TestRide.start)
        #expect(Format.parseISO8601("2026-05-01T10:00:00") == TestRide.start)
        #expect(Format.parseISO8601("garbage") == nil)
        #expect(Format.parseISO8601("2026-05-01T10:00:00Zjunk") == nil)
    }

    @Test func malformedInput() {
        #expect(throws: TCXError.empty) { try TCXReader.activity(from: Data()) }
        #expect(throws: TCXError.self) { try TCXReader.activity(from: Data("<a><b></a>".utf8)) }
        #expect(throws: TCXError.noActivity) {
            try TCXReader.activity(from: Data("<TrainingCenterDatabase/>".utf8))
        }
        let valid = TCXWriter.data(for: TestRide.activity(count: 3))
        for length in stride(from: 0, to: valid.count - 30, by: 7) {
            #expect(throws: TCXError.self) { try TCXReader.activity(from: valid.prefix(length)) }
        }
        var rng = SplitMix64(seed: 7)
        for _ in 0..<200 {
            let bytes = (0..<Int(rng.next() % 200)).map { _ in UInt8(truncatingIfNeeded: rng.next()) }
            #expect(throws: TCXError.self) { try TCXReader.activity(from: Data(bytes)) }
            #expect(throws: GPXError.self) { try GPXReader.activity(from: Data(bytes)) }
        }
        // Bytes that are not UTF-8 inside element names (Linux's XMLParser used to crash on these), and a real
        // file with single bytes flipped to 0xFF: errors or a ride, never a crash.
        #expect(throws: TCXError.self) {
            try TCXReader.activity(from: Data([0x3C, 0x61, 0xFF, 0xFE, 0x3E, 0x3C, 0x2F, 0x61, 0x3E]))
        }
        for index in stride(from: 0, to: valid.count, by: 13) {
            var mutated = valid
            mutated[mutated.startIndex + index] = 0xFF
            _ = try? TCXReader.activity(from: mutated)
            _ = try? GPXReader.activity(from: mutated)
        }
    }

    @Test func readsPrefixVariants() throws {
        let xml = """
            <?xml version="1.0"?>
            <TrainingCenterDatabase xmlns="http://www.garmin.com/xmlschemas/TrainingCenterDatabase/v2"
              xmlns:tpx="http://www.garmin.com/xmlschemas/ActivityExtension/v2">
              <Activities><Activity Sport="Running"><Id>2026-05-01T10:00:00Z</Id>
                <Lap StartTime="2026-05-01T10:00:00Z"><TotalTimeSeconds>1</TotalTimeSeconds><Track>
                  <Trackpoint><Time>2026-05-01T10:00:00Z</Time><HeartRateBpm><Value>140</Value></HeartRateBpm>
                    <Extensions><tpx:TPX><tpx:Speed>3.5</tpx:Speed><tpx:Watts>250</tpx:Watts></tpx:TPX></Extensions>
                  </Trackpoint>
                  <Trackpoint><Time>2026-05-01T10:00:01Z</Time>
                    <Extensions><TPX xmlns="http://www.garmin.com/xmlschemas/ActivityExtension/v2"><Watts>260</Watts></TPX></Extensions>
                  </Trackpoint>
                  <Trackpoint><Cadence>80</Cadence></Trackpoint>
                </Track></Lap></Activity></Activities></TrainingCenterDatabase>
            """
        let read = try TCXReader.activity(from: Data(xml.utf8))
        #expect(read.sport == .running)
        #expect(
            read.samples == [
                ActivitySample(time: TestRide.start, power: 250, heartRate: 140, speed: 3.5),
                ActivitySample(time: TestRide.start.addingTimeInterval(1), power: 260),
            ])
    }
}

@Suite struct GPXTests {
    @Test func handWrittenFixture() throws {
        let gpx = """
            <?xml version="1.0" encoding="UTF-8"?>
            <gpx version="1.1" creator="hand" xmlns="http://www.topografix.com/GPX/1/1"
              xmlns:gpxtpx="http://www.garmin.com/xmlschemas/TrackPointExtension/v1"
              xmlns:gpxpx="http://www.garmin.com/xmlschemas/PowerExtension/v1">
              <metadata><time>2026-05-01T10:00:00Z</time></metadata>
              <trk><name>Morning &amp; Ride</name><type>cycling</type><trkseg>
                <trkpt lat="47.3769" lon="8.5417"><ele>408.5</ele><time>2026-05-01T10:00:00Z</time>
                  <extensions><power>210</power><gpxtpx:TrackPointExtension><gpxtpx:hr>132</gpxtpx:hr>
                  <gpxtpx:cad>88</gpxtpx:cad></gpxtpx:TrackPointExtension></extensions></trkpt>
                <trkpt lat="47.3770" lon="8.5419"><ele>409</ele><time>2026-05-01T10:00:01Z</time>
                  <extensions><gpxpx:PowerExtension><gpxpx:PowerInW>220</gpxpx:PowerInW></gpxpx:PowerExtension>
                  </extensions></trkpt>
                <trkpt lat="47.3771" lon="8.5421"><time>2026-05-01T10:00:02.5Z</time></trkpt>
              </trkseg></trk>
            </gpx>
            """
        let read = try GPXReader.activity(from: Data(gpx.utf8))
        #expect(read.name == "Morning & Ride")
        #expect(read.sport == .cycling)
        #expect(read.startTime == TestRide.start)
        #expect(
            read.samples == [
                ActivitySample(
                    time: TestRide.start, power: 210, heartRate: 132, cadence: 88, latitude: 47.3769, longitude: 8.5417,
                    altitude: 408.5),
                ActivitySample(
                    time: TestRide.start.addingTimeInterval(1), power: 220, latitude: 47.3770, longitude: 8.5419,
                    altitude: 409),
                ActivitySample(time: TestRide.start.addingTimeInterval(2.5), latitude: 47.3771, longitude: 8.5421),
            ])
    }

    @Test func malformed() {
        #expect(throws: GPXError.empty) { try GPXReader.activity(from: Data()) }
        #expect(throws: GPXError.self) { try GPXReader.activity(from: Data("<gpx><trk>".utf8)) }
        #expect(throws: GPXError.noTrack) { try GPXReader.activity(from: Data("<kml/>".utf8)) }
    }
}

@Suite struct SummaryTests {
    @Test func averagesIgnoreNilsAndCountZeros() {
        let t = TestRide.start
        let samples = [
            ActivitySample(time: t, power: 100, heartRate: 120, cadence: 80, speed: 5, distance: 0),
            ActivitySample(time: t.addingTimeInterval(1), power: 0, heartRate: nil, cadence: 0, speed: 0, distance: 5),
            ActivitySample(time: t.addingTimeInterval(2), power: 300, heartRate: 141, speed: 10, distance: 15),
            ActivitySample(
                time: t.addingTimeInterval(60), power: nil, heartRate: 150, cadence: 90, speed: 8, distance: 20),
        ]
        let s = ActivitySummary(samples: samples)
        #expect(s.duration == 60)
        #expect(s.movingTime == 1)  // 0→1 ends at speed 0, 1→2 moving, 2→60 is a gap
        #expect(s.distance == 20)
        #expect(s.avgPower == 133)
        #expect(s.maxPower == 300)
        #expect(s.avgHeartRate == 137)
        #expect(s.maxHeartRate == 150)
        #expect(s.avgCadence == 57)
        #expect(s.maxCadence == 90)
        #expect(s.maxSpeed == 10)
        #expect(s.avgSpeed == 20.0 / 60)
        let empty = ActivitySummary(samples: [ActivitySample]())
        #expect(empty.duration == 0 && empty.avgPower == nil && empty.movingTime == nil && empty.distance == 0)
    }

    @Test func rideSummary() {
        let s = TestRide.activity().summary
        #expect(s.duration == 3629)
        #expect(abs((s.movingTime ?? 0) - 3598) < 1e-6, "\(String(describing: s.movingTime))")  // dropout excluded
        #expect(s.maxHeartRate == 159)
        #expect(s.calories == 650)
    }

    @Test func multipleLaps() throws {
        var activity = TestRide.activity(count: 600)
        let t = activity.startTime
        activity.laps = [
            ActivityLap(start: t, end: t.addingTimeInterval(300)),
            ActivityLap(start: t.addingTimeInterval(300), end: t.addingTimeInterval(599)),
        ]
        let fit = try FITReader.activity(from: FITWriter.data(for: activity))
        #expect(fit.laps == activity.laps)
        #expect(fit.samples == activity.samples)
        let tcx = try TCXReader.activity(from: TCXWriter.data(for: activity))
        #expect(tcx.laps == activity.laps)
        #expect(tcx.samples == activity.samples)
    }
}
