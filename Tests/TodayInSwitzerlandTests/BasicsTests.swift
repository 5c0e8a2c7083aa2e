import Foundation
import Testing

@testable import TodayInSwitzerland

@Suite("Today in Switzerland basics")
struct BasicsTests {
    @Test("'today' is the Swiss date: 23:30 UTC on 19 April is already 20 April in Zürich")
    func swissToday() throws {
        let instant = try #require(ISO8601DateFormatter().date(from: "2026-04-19T23:30:00Z"))
        #expect(CivilDate(instant).description == "2026-04-20")
        #expect(SwissTime(instant).minutes == 90)
        // Winter: 23:30 UTC on 31 December is 00:30 on New Year's Day.
        let winter = try #require(ISO8601DateFormatter().date(from: "2026-12-31T23:30:00Z"))
        #expect(CivilDate(winter).description == "2027-01-01")
    }

    @Test("dates parse, reject impossible days and know their weekday")
    func civilDates() throws {
        #expect(CivilDate("2026-02-29") == nil)
        #expect(CivilDate("2028-02-29")?.isoWeekday == 2)
        let date = try #require(CivilDate("2026-04-20"))
        #expect(date.isoWeekday == 1)
        #expect(date.adding(days: 12).description == "2026-05-02")
        #expect(date.days(to: try #require(CivilDate("2026-12-25"))) == 249)
    }

    @Test("the seven cities with cantons; unknown ids are nil")
    func cities() {
        #expect(City.all.map(\.id) == ["zurich", "basel", "bern", "geneva", "lausanne", "luzern", "winterthur"])
        #expect(City.find("winterthur")?.canton == .ZH)
        #expect(City.find("Zurich") == nil)
        let zurich = GeoPoint(lat: 47.3769, lon: 8.5417)
        let bern = GeoPoint(lat: 46.948, lon: 7.4474)
        #expect(abs(zurich.kilometres(to: bern) - 95) < 5)
    }
}
