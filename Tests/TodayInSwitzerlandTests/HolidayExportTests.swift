import Foundation
import Testing

@testable import TodayInSwitzerland

/// Writes `swiss-holidays.json` into `$SWISS_HOLIDAYS_OUT` for scripts/check-swiss-holidays.py, which compares it
/// with the `holidays` package: `{"cantons": {"ZH": {"2026": [{date, name, kind, statutory, key}]}}, "cities":
/// {"zurich": {…}}}` for 2020–2035, every canton and the seven cities. Without the variable it writes into a
/// temporary folder; either way it reads the file back and checks it holds what the calendar says.
@Suite struct HolidayExportTests {
    private struct Entry: Codable, Equatable {
        var date: String
        var name: String
        var kind: String
        var statutory: Bool
        var key: String
    }

    private struct Export: Codable, Equatable {
        var years: [Int]
        var cantons: [String: [String: [Entry]]]
        var cities: [String: [String: [Entry]]]
    }

    private static func entries(_ list: [Holiday]) -> [Entry] {
        list.map {
            Entry(
                date: $0.date.description, name: $0.name.de, kind: $0.kind.rawValue, statutory: $0.statutory,
                key: $0.key)
        }
    }

    /// `$SWISS_HOLIDAYS_OUT` when set (CI's external checker reads it), else a new temporary folder.
    private static func outputFolder() -> URL {
        if let path = ProcessInfo.processInfo.environment["SWISS_HOLIDAYS_OUT"], !path.isEmpty {
            return URL(fileURLWithPath: path)
        }
        return FileManager.default.temporaryDirectory.appendingPathComponent(
            "clubhouse-swiss-holidays-\(UUID().uuidString)")
    }

    @Test("swiss-holidays.json is written for the external check and holds every canton and city, 2020–2035")
    func writeHolidaysForExternalCheck() throws {
        let directory = Self.outputFolder()
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let years = Array(2020...2035)
        var export = Export(years: years, cantons: [:], cities: [:])
        for canton in Canton.allCases {
            export.cantons[canton.rawValue] = Dictionary(
                uniqueKeysWithValues: years.map {
                    (String($0), Self.entries(HolidayCalendar.holidays(year: $0, canton: canton)))
                })
        }
        for city in City.all {
            export.cities[city.id] = Dictionary(
                uniqueKeysWithValues: years.map {
                    (String($0), Self.entries(HolidayCalendar.holidays(year: $0, city: city)))
                })
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
        let file = directory.appendingPathComponent("swiss-holidays.json")
        try encoder.encode(export).write(to: file)

        // Read back what the checker will read.
        #expect(FileManager.default.fileExists(atPath: file.path))
        let read = try JSONDecoder().decode(Export.self, from: try Data(contentsOf: file))
        #expect(read == export)
        #expect(read.years.count == 16 && read.years.first == 2020 && read.years.last == 2035)
        #expect(read.cantons.count == 26 && Set(read.cantons.keys) == Set(Canton.allCases.map(\.rawValue)))
        #expect(read.cities.count == City.all.count && City.all.count == 7)
        for (name, byYear) in read.cantons.merging(read.cities, uniquingKeysWith: { a, _ in a }) {
            #expect(byYear.keys.sorted() == years.map(String.init), "\(name): every year")
            for (year, list) in byYear {
                #expect(!list.isEmpty, "\(name) \(year)")
                #expect(list.allSatisfy { $0.date.hasPrefix(year + "-") }, "\(name) \(year): dates in the year")
                #expect(list.map(\.date) == list.map(\.date).sorted(), "\(name) \(year): in date order")
                #expect(list.contains { $0.key == "nationalDay" && $0.date == year + "-08-01" }, "\(name) \(year)")
                #expect(list.contains { $0.key == "christmas" && $0.date == year + "-12-25" }, "\(name) \(year)")
            }
        }
        let zurich2026 = try #require(read.cities["zurich"]?["2026"])
        #expect(zurich2026.contains { $0.key == "sechselaeuten" && $0.date == "2026-04-20" && $0.kind == "halfDay" })
        #expect(zurich2026.contains { $0.key == "goodFriday" && $0.date == "2026-04-03" && $0.statutory })
    }
}
