import Foundation
import Testing

@testable import StravaAPI

/// The export read from a file in chunks: the same rows as from memory, bounded memory per record, a row cap.
@Suite("Strava export read in chunks")
struct ExportStreamTests {
    static let tricky = [
        "a,\"b,c\",\"say \"\"hi\"\"\",,\"\"\n",
        "h1,h2\r\n1,\"x\r\ny\nz\"\r\n2,w",
        "a\n\n\rb\r\n",
        "5'10\",x\"y\",\"a\"b\n",
        "a,\"b\nc",
        "Zürich,\"Åre, 🚴\"",
        "\u{FEFF}id,name\r\n1,\"quoted\"\r\n",
        "x\r",
        "\"\"\"\"\r\n\"\"\r\n",
    ]

    static func chunked(_ bytes: [UInt8], size: Int) -> [CSVReader.Record] {
        var reader = CSVReader()
        var records: [CSVReader.Record] = []
        var start = 0
        while start < bytes.count {
            let end = min(bytes.count, start + size)
            reader.feed(bytes[start..<end], into: &records)
            start = end
        }
        reader.finish(into: &records)
        return records
    }

    @Test("records are the same whatever the chunk boundaries (CR LF, doubled quotes, BOM split across chunks)")
    func chunkBoundaries() {
        for text in Self.tricky {
            let bytes = Array(text.utf8)
            let whole = CSVReader.records(bytes)
            for size in [1, 2, 3, 5, 7] {
                #expect(Self.chunked(bytes, size: size) == whole, "\(text.debugDescription) in chunks of \(size)")
            }
        }
        #expect(CSVReader.records(Array("\u{FEFF}id,name\n".utf8)).first?.fields == ["id", "name"])
    }

    @Test("a huge field keeps its beginning, cut between characters, and says so; extra fields are dropped")
    func boundedRecords() throws {
        var reader = CSVReader()
        reader.maxFieldBytes = 10
        reader.maxFields = 3
        var records: [CSVReader.Record] = []
        // "é" is two bytes: the cut at 10 bytes falls inside the fifth one.
        reader.feed(Array("1,\(String(repeating: "é", count: 1000)),c,d,e\n".utf8), into: &records)
        reader.finish(into: &records)
        let record = try #require(records.first)
        #expect(record.fields == ["1", String(repeating: "é", count: 4), "c"])
        #expect(record.cutFields == [1])
        #expect(record.droppedFields == 2)
        #expect(!record.invalidText)
    }

    static func export(rows: Int, name: (Int) -> String = { "Ride \($0)" }) -> Data {
        var text = "Activity ID,Activity Date,Activity Name,Activity Type,Elapsed Time,Distance\n"
        for index in 0..<rows {
            text += "\(1000 + index),\"Mar 12, 2024, 6:00:00 PM\",\(ExportFixtures.quote(name(index))),Ride,3600,25.5\n"
        }
        return Data(text.utf8)
    }

    @Test("a file read in two passes gives the rows parse gives, and counts the data rows")
    func fileMatchesMemory() throws {
        let data = Self.export(rows: 2_000) + Data("\n\nbad,row\n1000,\"Mar 12, 2024\",Again,Ride,1,1\n".utf8)
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("export-\(UUID().uuidString).csv")
        try data.write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let file = try StravaExportFile(file: url)
        #expect(file.dataRows == 2_002)
        var items = try file.items()
        var rows: [StravaExportRow] = []
        var problems: [StravaExportProblem] = []
        while let item = try items.next() {
            switch item {
            case .row(let row): rows.append(row)
            case .problem(let problem): problems.append(problem)
            }
        }
        let parsed = try StravaExportCSV.parse(data)
        #expect(rows == parsed.rows && problems == parsed.problems)
        #expect(rows.count == 2_000 && problems.map(\.line) == [2004, 2005])
    }

    @Test("more data rows than allowed refuses the whole file with a message saying what to do")
    func rowCap() throws {
        let data = Self.export(rows: 11)
        #expect(throws: StravaExportError.tooManyRows(10)) { try StravaExportFile(data: data, maxRows: 10) }
        #expect(try StravaExportFile(data: data, maxRows: 11).dataRows == 11)
        #expect(StravaExportError.tooManyRows(50_000).message.contains("more than 50,000 activities"))
    }

    @Test("a name of megabytes is read as its first 16 kB; problem messages quote at most 40 characters")
    func hugeFields() throws {
        let data = Self.export(rows: 1) { _ in String(repeating: "x", count: 3 << 20) }
        let report = try StravaExportCSV.parse(data)
        #expect(report.rows.first?.name.utf8.count == 16 << 10)
        let junk = Data(
            ("Activity ID,Activity Date,Activity Type,Distance\n" + String(repeating: "x", count: 1 << 20)
                + ",today,Ride,1\n").utf8)
        let problem = try #require(try StravaExportCSV.parse(junk).problems.first)
        #expect(problem.message.count < 200, "\(problem.message)")
    }
}
