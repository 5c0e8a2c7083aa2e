import Foundation
import Testing

@testable import TodayInSwitzerland

/// Writes `swiss-holidays.json` into `$SWISS_HOLIDAYS_OUT` for scripts/check-swiss-holidays.py, which compares it
/// with the `holidays` package: `{"cantons": {"ZH": {"2026": [{date, name, kind, statutory, key}]}}, "cities":
/// {"zurich": {…}}}` for 2020–2035, every canton and the seven cities.
@Suite struct HolidayExportTests {
    private struct Entry: Encodable {
        var date: String
        var name: String
        var kind: String
        var statutory: Bool
        var key: String
    }

    private struct Export: Encodable {
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

    @Test(.enabled(if: ProcessInfo.processInfo.environment["SWISS_HOLIDAYS_OUT"] != nil))
    func writeHolidaysForExternalCheck() throws {
        let directory = URL(fileURLWithPath: ProcessInfo.processInfo.environment["SWISS_HOLIDAYS_OUT"] ?? ".")
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
        try encoder.encode(export).write(to: directory.appendingPathComponent("swiss-holidays.json"))
    }
}
