import ActivityFiles
import Foundation
import JustZone2
import Testing

@testable import JustZone2Server

@Suite("zone2 command-line tools")
struct Zone2ToolsTests {
    @Test("decode prints the characteristic, its type and the fields as JSON; bad input says why")
    func decode() throws {
        let json = try Zone2Tools.decode(characteristic: "0x2ad2", hex: "44:00:8C:0A 5A 00 96 00")
        #expect(json.hasPrefix("{\"characteristic\": \"2AD2\", \"type\": \"indoorBikeData\""))
        #expect(json.contains("\"instantaneousPower\" : 150"))
        let object = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
        #expect((object?["value"] as? [String: Any])?["instantaneousCadence"] as? Double == 45)
        #expect(throws: Zone2ToolError.self) { try Zone2Tools.decode(characteristic: "2AD2", hex: "44 00 8C") }
        #expect(throws: Zone2ToolError.self) { try Zone2Tools.decode(characteristic: "2AD2", hex: "4G") }
        #expect(throws: Zone2ToolError.self) { try Zone2Tools.decode(characteristic: "FFFF", hex: "00") }
    }

    @Test("analyze reads FIT, TCX and GPX by content and reports the numbers; other files are refused")
    func analyze() throws {
        let start = Date(timeIntervalSince1970: 1_795_000_000)
        let samples = (0..<1800).map { second in
            ActivitySample(
                time: start.addingTimeInterval(Double(second)), power: 180, heartRate: 125 + second / 300,
                cadence: 88, speed: 8, distance: Double(second) * 8)
        }
        let activity = Activity(
            name: "Test ride", sport: .cycling, subSport: .indoorCycling, startTime: start, samples: samples, laps: [],
            calories: nil)
        let zone = try Zone2Method.manual(lower: 120, upper: 128).zone()
        for data in [FITWriter.data(for: activity), TCXWriter.data(for: activity)] {
            let read = try Zone2Tools.activity(from: data)
            #expect(read.samples.count == 1800)
            let analysis = WorkoutAnalyzer.analyze(Zone2Tools.samples(of: read), zone: zone)
            #expect(analysis.averagePower == 180)
            #expect(analysis.timeInZone == 1200)
            let report = Zone2Tools.report(analysis, name: "Test ride")
            #expect(report.contains("Zone 2          120–128 bpm: 0:20:00 (67 %)"))
            #expect(report.contains("energy          324 kcal"))
        }
        #expect(throws: Zone2ToolError.self) { try Zone2Tools.activity(from: Data("hello".utf8)) }
        #expect(throws: Zone2ToolError.self) { try Zone2Tools.activity(from: Data("<gpx><trk>".utf8)) }
        #expect(throws: Zone2ToolError.self) { try Zone2Tools.analyze(fileAt: "/nonexistent/ride.fit", zone: nil) }
    }

    @Test("ride keys: arrows, +/-, space, q and Ctrl-C; escape sequences split across reads")
    func rideKeys() {
        var erg = RideKeys(ergMode: true)
        #expect(erg.commands(from: Array("++-".utf8)) == [.adjust(5), .adjust(5), .adjust(-5)])
        #expect(erg.commands(from: [0x1B, 0x5B, 0x41, 0x1B, 0x5B, 0x42]) == [.adjust(5), .adjust(-5)])
        #expect(erg.commands(from: [0x1B, 0x5B]).isEmpty, "half an arrow waits for the rest")
        #expect(erg.commands(from: [0x41, 0x20]) == [.adjust(5), .togglePause])
        #expect(erg.commands(from: Array("xyz".utf8)).isEmpty, "other keys do nothing")
        #expect(erg.commands(from: [0x1B, 0x5B, 0x43]).isEmpty, "right arrow does nothing")
        #expect(erg.commands(from: [0x03]) == [.stop])
        var heartRate = RideKeys(ergMode: false)
        #expect(heartRate.commands(from: Array("+q".utf8)) == [.adjust(1), .stop])
    }
}
