import Foundation
import Testing

@testable import StravaAPI

/// Builders of `activities.csv` fixtures.
enum ExportFixtures {
    static let recentHeader =
        "Activity ID,Activity Date,Activity Name,Activity Type,Activity Description,Elapsed Time,Distance,"
        + "Max Heart Rate,Relative Effort,Commute,Activity Private Note,Activity Gear,Filename,Athlete Weight,"
        + "Bike Weight,Elapsed Time,Moving Time,Distance,Max Speed,Average Speed,Elevation Gain,Elevation Loss,"
        + "Elevation Low,Elevation High,Max Grade,Average Grade,Max Watts,Average Watts,Calories"

    static let oldHeader =
        "Activity ID,Activity Date,Activity Name,Activity Type,Activity Description,Elapsed Time,Distance,Commute,"
        + "Activity Gear,Filename"

    /// Quotes a field the way Strava does when it holds a comma, quote or line break.
    static func quote(_ field: String) -> String {
        if field.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) {
            return "\"" + field.replacingOccurrences(of: "\"", with: "\"\"") + "\""
        }
        return field
    }

    static func line(_ fields: [String]) -> String {
        fields.map(quote).joined(separator: ",")
    }

    /// A row of the recent export.
    static func recent(
        id: String, date: String = "Mar 12, 2024, 6:00:00 PM", name: String = "Evening Ride", type: String = "Ride",
        description: String = "", elapsedSummary: String = "3725", km: String = "25.5", commute: String = "false",
        elapsed: String = "3725.0", moving: String = "3600.0", metres: String = "25500.0", elevation: String = "180.0"
    ) -> String {
        line([
            id, date, name, type, description, elapsedSummary, km, "160.0", "45", commute, "", "Bianchi",
            "activities/\(id).fit.gz", "70.0", "8.0", elapsed, moving, metres, "12.5", "7.08", elevation, "175.0",
            "400.0", "520.0", "8.5", "0.0", "650.0", "180.0", "800.0",
        ])
    }

    static func data(_ lines: [String], separator: String = "\n") -> Data {
        Data((lines.joined(separator: separator) + separator).utf8)
    }
}

@Suite("Strava export CSV")
struct ExportCSVTests {
    func parse(_ lines: [String], separator: String = "\n") throws -> StravaExportReport {
        try StravaExportCSV.parse(ExportFixtures.data(lines, separator: separator))
    }

    @Test("a recent export with repeated column names prefers the precise columns")
    func recentExport() throws {
        let report = try parse([
            ExportFixtures.recentHeader,
            ExportFixtures.recent(id: "10001"),
            ExportFixtures.recent(
                id: "10002", date: "Mar 13, 2024, 7:05:09 AM", name: "Zwift - \"Watopia\", flat", type: "Virtual Ride",
                elapsedSummary: "1800", km: "15.0", elapsed: "1800.0", moving: "1795.4", metres: "15012.3",
                elevation: ""),
            ExportFixtures.recent(
                id: "10003", date: "Mar 14, 2024, 12:15:00 PM", name: "To work", type: "E-Bike Ride", km: "8.2",
                commute: "true", elapsed: "", moving: "", metres: "", elevation: "12"),
        ])
        #expect(report.problems == [])
        #expect(
            report.rows == [
                StravaExportRow(
                    line: 2, activityID: "10001", startDate: try Fixtures.date("2024-03-12T18:00:00Z"),
                    name: "Evening Ride", sportType: "Ride", distance: 25500, movingTime: 3600, elapsedTime: 3725,
                    elevationGain: 180, commute: false, trainer: nil),
                StravaExportRow(
                    line: 3, activityID: "10002", startDate: try Fixtures.date("2024-03-13T07:05:09Z"),
                    name: "Zwift - \"Watopia\", flat", sportType: "VirtualRide", distance: 15012.3, movingTime: 1795,
                    elapsedTime: 1800, elevationGain: 0, commute: false, trainer: nil),
                StravaExportRow(
                    line: 4, activityID: "10003", startDate: try Fixtures.date("2024-03-14T12:15:00Z"),
                    name: "To work", sportType: "EBikeRide", distance: 8200, movingTime: 3725, elapsedTime: 3725,
                    elevationGain: 12, commute: true, trainer: nil),
            ])
    }

    @Test("an old short export has km distances and no moving time")
    func oldExport() throws {
        let report = try parse([
            ExportFixtures.oldHeader,
            "987,\"Jun 1, 2016, 5:30:00 AM\",Lunch Run,Run,,1520,5.02,false,,activities/987.gpx",
            "988,\"Jun 2, 2016, 5:30:00 PM\",Hike,Hike,\"with a, comma\",7200,12.5,,Boots,",
            "989,\"Jun 3, 2016, 9:00:00 AM\",Gym,Weight Training,,3600,,false,,",
        ])
        #expect(report.problems == [])
        #expect(report.rows.map(\.distance) == [5020, 12500, 0])
        #expect(report.rows.map(\.movingTime) == [1520, 7200, 3600])
        #expect(report.rows.map(\.sportType) == ["Run", "Hike", "WeightTraining"])
        #expect(report.rows.map(\.commute) == [false, false, false])
        #expect(report.rows.map(\.elevationGain) == [0, 0, 0])
    }

    @Test("a byte-order mark and CRLF line ends are handled")
    func bomAndCRLF() throws {
        var data = Data([0xEF, 0xBB, 0xBF])
        data.append(
            ExportFixtures.data(
                [ExportFixtures.oldHeader, "1,\"Mar 12, 2024, 6:00:00 PM\",A,Ride,,60,1.0,false,,"], separator: "\r\n"))
        let report = try StravaExportCSV.parse(data)
        #expect(report.problems == [])
        #expect(report.rows.first?.activityID == "1")
        #expect(report.rows.first?.line == 2)
    }

    @Test("a multi-line description shifts the line numbers of later rows")
    func multiLineDescription() throws {
        let report = try parse([
            ExportFixtures.recentHeader,
            ExportFixtures.recent(id: "1", description: "Great day.\nSaw a \"fox\", twice.\r\nHome by 8"),
            ExportFixtures.recent(id: "2"),
            ExportFixtures.recent(id: "3", date: "not a date"),
        ])
        #expect(report.rows.map(\.line) == [2, 5])
        #expect(report.problems.map(\.line) == [6])
    }

    @Test("junk and bad rows are reported by line and good rows kept")
    func junkRows() throws {
        let report = try parse([
            ExportFixtures.recentHeader,
            ExportFixtures.recent(id: "1"),
            "Total,,,",
            "",
            ExportFixtures.recent(id: "2", date: "32/13/2024"),
            ExportFixtures.recent(id: "3", km: "abc", metres: ""),
            ExportFixtures.recent(id: "4", elapsed: "-5"),
            ExportFixtures.recent(id: ""),
            ",,,,,,,,,",
            ExportFixtures.recent(id: "5", type: ""),
            ExportFixtures.recent(id: "6", commute: "maybe"),
            ExportFixtures.recent(id: "7", metres: "-100"),
            ExportFixtures.recent(id: "1"),
            ExportFixtures.recent(id: "8", elevation: "n/a"),
            ExportFixtures.recent(id: "9", date: "", km: "x", metres: ""),
            ExportFixtures.recent(id: "10"),
        ])
        #expect(report.rows.map(\.activityID) == ["1", "10"])
        #expect(report.rows.map(\.line) == [2, 16])
        let problems = report.problems.map { "\($0.line): \($0.message)" }
        #expect(
            problems == [
                "3: The row has only 4 of 29 columns; it is cut off or not an activity.",
                "5: Activity Date \"32/13/2024\" is not a date like \"Mar 12, 2024, 6:00:00 PM\".",
                "6: Distance \"abc\" is not a number.",
                "7: Elapsed Time is negative (-5).",
                "8: Activity ID is empty.",
                "10: Activity Type is empty.",
                "11: Commute \"maybe\" is not true or false.",
                "12: Distance is negative (-100).",
                "13: Activity ID 1 appears again (first on line 2); skipped.",
                "14: Elevation Gain \"n/a\" is not a number.",
                "15: Activity Date is empty; Distance \"x\" is not a number.",
            ])
    }

    @Test("a quote that is never closed is reported at the row where it opens")
    func unterminatedQuote() throws {
        let report = try parse([
            ExportFixtures.oldHeader,
            "1,\"Mar 12, 2024, 6:00:00 PM\",A,Ride,,60,1.0,false,,",
            "2,\"Mar 12, 2024, 6:00:00 PM\",\"Broken,Ride,,60,1.0,false,,",
            "3,2024-03-12T18:00:00Z,C,Ride,,60,1.0,false,,",
        ])
        #expect(report.rows.map(\.activityID) == ["1"])
        #expect(report.problems.map(\.line) == [3])
        #expect(report.problems.first?.message.contains("never closed") == true)
    }

    @Test("a stray quote that swallows the next row makes one bad row, not two good ones")
    func strayQuoteAcrossRows() throws {
        let report = try parse([
            ExportFixtures.oldHeader,
            "1,\"Mar 12, 2024, 6:00:00 PM\",A,Ride,,60,1.0,false,,",
            "2,\"Mar 12, 2024, 6:00:00 PM\",\"Broken,Ride,,60,1.0,false,,",
            "3,\"Mar 12, 2024, 6:00:00 PM\",C,Ride,,60,1.0,false,,",
            "4,\"Mar 12, 2024, 6:00:00 PM\",D,Ride,,60,1.0,false,,",
        ])
        #expect(report.rows.map(\.activityID) == ["1", "4"])
        #expect(report.problems.map(\.line) == [3])
    }

    @Test("commute accepts true, false, 1, 0 and empty")
    func commuteValues() throws {
        let report = try parse(
            [ExportFixtures.oldHeader]
                + ["true", "false", "1", "0", "", "TRUE"].enumerated().map { index, value in
                    "\(index + 1),2024-03-12T18:00:00Z,A,Ride,,60,1.0,\(value),,"
                })
        #expect(report.problems == [])
        #expect(report.rows.map(\.commute) == [true, false, true, false, false, true])
    }

    @Test("a trainer column is read when present")
    func trainerColumn() throws {
        let report = try parse([
            "Activity ID,Activity Date,Activity Type,Distance,Trainer",
            "1,2024-03-12T18:00:00Z,Ride,20,true",
            "2,2024-03-12T19:00:00Z,Ride,20,",
        ])
        #expect(report.rows.map(\.trainer) == [true, nil])
    }

    @Test("a single Distance column after Moving Time is metres")
    func singleDistanceMetresByPosition() throws {
        let report = try parse([
            "Activity ID,Activity Date,Activity Type,Elapsed Time,Moving Time,Distance",
            "1,2024-03-12T18:00:00Z,Run,1600,1500,5012.5",
            "2,2024-03-13T18:00:00Z,Run,1600,1500,10000",
        ])
        #expect(report.rows.map(\.distance) == [5012.5, 10000])
    }

    @Test("a single Distance column in summary position is read as metres when its magnitude says so")
    func singleDistanceMetresByMagnitude() throws {
        let report = try parse([
            ExportFixtures.oldHeader,
            "1,2024-03-12T18:00:00Z,A,Ride,,3600,25500.0,false,,",
            "2,2024-03-13T18:00:00Z,B,Swim,,1800,1500.0,false,,",
            "3,2024-03-14T18:00:00Z,C,Run,,1800,8000.0,false,,",
        ])
        #expect(report.rows.map(\.distance) == [25500, 1500, 8000])
    }

    @Test("a summary column in miles is detected from the metres column")
    func milesSummary() throws {
        let report = try parse([
            ExportFixtures.recentHeader,
            ExportFixtures.recent(id: "1", km: "15.84", metres: "25500.0"),
            ExportFixtures.recent(id: "2", km: "6.21", metres: "10000.0"),
            ExportFixtures.recent(id: "3", km: "10.0", metres: ""),
        ])
        #expect(report.rows.map(\.distance) == [25500, 10000, 16093.44])
    }

    @Test("a header without data rows gives an empty report")
    func headerOnly() throws {
        let report = try parse([ExportFixtures.recentHeader])
        #expect(report == StravaExportReport(rows: [], problems: []))
    }

    @Test("header names are matched case-insensitively with surrounding spaces and snake_case")
    func lenientHeader() throws {
        let report = try parse([
            " activity id , ACTIVITY DATE,activity_type,distance,moving_time,elapsed_time",
            "1,2024-03-12T18:00:00Z,Gravel Ride,40.5,5000,5400",
        ])
        #expect(report.problems == [])
        #expect(report.rows.first?.sportType == "GravelRide")
        #expect(report.rows.first?.distance == 40500)
        #expect(report.rows.first?.movingTime == 5000)
        #expect(report.rows.first?.elapsedTime == 5400)
    }

    @Test("an unknown display name becomes an upper-camel-case identifier")
    func unknownSport() throws {
        let report = try parse([ExportFixtures.oldHeader, "1,2024-03-12T18:00:00Z,A,Sky Diving,,60,0,false,,"])
        #expect(report.rows.first?.sportType == "SkyDiving")
    }

    @Test("files that are not UTF-8 text are rejected")
    func notText() {
        #expect(throws: StravaExportError.notText) {
            try StravaExportCSV.parse(Data([0x50, 0x4B, 0x03, 0x04, 0x14, 0x00, 0x08, 0x00]))
        }
        #expect(throws: StravaExportError.notText) {
            try StravaExportCSV.parse(Data([0xFF, 0xFE, 0x41, 0x00, 0x63, 0x00]))
        }
        #expect(throws: StravaExportError.notText) {
            try StravaExportCSV.parse(Data([0x41, 0x2C, 0xC3, 0x28, 0x0A]))
        }
    }

    @Test("empty files are rejected")
    func empty() {
        #expect(throws: StravaExportError.empty) { try StravaExportCSV.parse(Data()) }
        #expect(throws: StravaExportError.empty) { try StravaExportCSV.parse(Data("\r\n \n".utf8)) }
        #expect(throws: StravaExportError.empty) { try StravaExportCSV.parse(Data([0xEF, 0xBB, 0xBF])) }
    }

    @Test("missing required columns are listed")
    func missingColumns() {
        #expect(throws: StravaExportError.missingColumns(["Activity Date", "Distance"])) {
            try StravaExportCSV.parse(Data("Activity ID,Activity Name,Activity Type\n1,A,Ride\n".utf8))
        }
        #expect(
            throws: StravaExportError.missingColumns(["Activity ID", "Activity Date", "Activity Type", "Distance"])
        ) {
            try StravaExportCSV.parse(Data("<html><body>Not found</body></html>".utf8))
        }
        #expect(StravaExportError.missingColumns(["Distance"]).message.contains("\"Distance\""))
        #expect(StravaExportError.notText.message.contains("activities.csv"))
    }
}

@Suite("Export dates")
struct ExportDateTests {
    @Test(
        "Activity Date formats",
        arguments: [
            ("Mar 12, 2024, 6:00:00 PM", "2024-03-12T18:00:00Z"),
            ("Mar 12, 2024, 6:00:00\u{202F}PM", "2024-03-12T18:00:00Z"),
            ("Mar 12, 2024 6:00:00 pm", "2024-03-12T18:00:00Z"),
            ("Mar 12, 2024, 12:00:00 AM", "2024-03-12T00:00:00Z"),
            ("Mar 12, 2024, 12:30:00 PM", "2024-03-12T12:30:00Z"),
            ("March 1, 2024, 6:00 AM", "2024-03-01T06:00:00Z"),
            ("Sept 30, 2023, 11:59:59 PM", "2023-09-30T23:59:59Z"),
            ("12 Mar 2024, 18:00:00", "2024-03-12T18:00:00Z"),
            ("29 Feb 2024, 00:00:01", "2024-02-29T00:00:01Z"),
            ("2024-03-12T18:00:00Z", "2024-03-12T18:00:00Z"),
            ("2024-03-12 18:00:00", "2024-03-12T18:00:00Z"),
            ("  Mar 12, 2024, 6:00:00 PM  ", "2024-03-12T18:00:00Z"),
        ])
    func parses(text: String, iso: String) throws {
        #expect(ExportDate.parse(text) == (try Fixtures.date(iso)))
    }

    @Test(
        "invalid dates are rejected",
        arguments: [
            "", "yesterday", "Feb 30, 2024, 1:00:00 PM", "Mar 12, 2024, 13:00:00 PM", "Mar 12, 2024, 0:00:00 AM",
            "Mar 12, 2024", "Foo 12, 2024, 6:00:00 PM", "12/03/2024 18:00", "Mar 12, 2024, 6:61:00 PM",
            "Mar 12, 24, 6:00:00 PM", "Mar 12 13, 2024, 6:00:00 PM",
        ])
    func rejects(text: String) {
        #expect(ExportDate.parse(text) == nil)
    }
}

@Suite("Sport types")
struct SportTypeTests {
    @Test(
        "display names and identifiers map to API identifiers",
        arguments: [
            ("Virtual Ride", "VirtualRide"), ("E-Bike Ride", "EBikeRide"), ("Mountain Bike Ride", "MountainBikeRide"),
            ("E-Mountain Bike Ride", "EMountainBikeRide"), ("Gravel Ride", "GravelRide"), ("Ride", "Ride"),
            ("Run", "Run"), ("Walk", "Walk"), ("Hike", "Hike"), ("Swim", "Swim"), ("Trail Run", "TrailRun"),
            ("Weight Training", "WeightTraining"), ("Virtual Run", "VirtualRun"), ("Rowing", "Rowing"),
            ("Stand Up Paddling", "StandUpPaddling"), ("Rock Climb", "RockClimbing"), ("Canoe", "Canoeing"),
            ("HIIT", "HighIntensityIntervalTraining"), ("Stair-Stepper", "StairStepper"), ("Nordic Ski", "NordicSki"),
            ("VirtualRide", "VirtualRide"), ("EBikeRide", "EBikeRide"), ("virtual ride", "VirtualRide"),
            (" Yoga ", "Yoga"),
        ])
    func maps(display: String, identifier: String) {
        #expect(StravaSportType.identifier(for: display) == identifier)
    }

    @Test("unknown names give nil, and every identifier maps to itself")
    func unknownAndIdentity() {
        #expect(StravaSportType.identifier(for: "Sky Diving") == nil)
        #expect(StravaSportType.identifier(for: "") == nil)
        #expect(StravaSportType.bestIdentifier(for: "sky diving") == "SkyDiving")
        #expect(StravaSportType.bestIdentifier(for: " - ") == nil)
        for identifier in StravaSportType.allIdentifiers {
            #expect(StravaSportType.identifier(for: identifier) == identifier)
        }
    }
}

@Suite("CSV reader")
struct CSVReaderTests {
    func read(_ text: String) -> [CSVReader.Record] {
        CSVReader.records(Array(text.utf8))
    }

    @Test("quoted commas, doubled quotes and empty fields")
    func quoting() {
        #expect(
            read("a,\"b,c\",\"say \"\"hi\"\"\",,\"\"\n")
                == [CSVReader.Record(line: 1, fields: ["a", "b,c", "say \"hi\"", "", ""])])
    }

    @Test("line breaks inside quotes count as physical lines")
    func multiLine() {
        #expect(
            read("h1,h2\r\n1,\"x\r\ny\nz\"\r\n2,w")
                == [
                    CSVReader.Record(line: 1, fields: ["h1", "h2"]),
                    CSVReader.Record(line: 2, fields: ["1", "x\ny\nz"]),
                    CSVReader.Record(line: 5, fields: ["2", "w"]),
                ])
    }

    @Test("blank lines are skipped but counted, lone CR ends a line")
    func blankLines() {
        #expect(
            read("a\n\n\rb\r\n")
                == [CSVReader.Record(line: 1, fields: ["a"]), CSVReader.Record(line: 4, fields: ["b"])])
    }

    @Test("stray quotes in unquoted fields are literal")
    func strayQuotes() {
        #expect(read("5'10\",x\"y\",\"a\"b\n") == [CSVReader.Record(line: 1, fields: ["5'10\"", "x\"y\"", "ab"])])
    }

    @Test("an unterminated quote is flagged")
    func unterminated() {
        #expect(read("a,\"b\nc") == [CSVReader.Record(line: 1, fields: ["a", "b\nc"], unterminatedQuote: true)])
    }

    @Test("UTF-8 text survives")
    func utf8() {
        #expect(read("Zürich,\"Åre, 🚴\"") == [CSVReader.Record(line: 1, fields: ["Zürich", "Åre, 🚴"])])
    }
}
