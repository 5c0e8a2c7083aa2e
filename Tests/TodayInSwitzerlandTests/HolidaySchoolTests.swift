import Foundation
import Testing

@testable import TodayInSwitzerland

@Suite("School holidays of the seven cities")
struct HolidaySchoolTests {
    private func date(_ text: String) throws -> CivilDate { try #require(CivilDate(text)) }
    private func city(_ id: String) throws -> City { try #require(City.find(id)) }

    @Test("every typed-in period parses, runs Monday to Friday, and periods do not overlap", arguments: City.all)
    func data(city: City) throws {
        let rows = try #require(SchoolHolidays.table[city.id])
        let periods = SchoolHolidays.periods(for: city)
        #expect(periods.count == rows.count, "a malformed date in \(city.id)")
        let from = try date("2025-08-01")
        let to = try date("2027-08-31")
        for period in periods {
            #expect(period.startDate <= period.endDate)
            #expect(period.startDate >= from && period.endDate <= to)
            #expect((1...5).contains(period.startDate.isoWeekday), "\(city.id) \(period.name) \(period.startDate)")
            #expect((1...5).contains(period.endDate.isoWeekday), "\(city.id) \(period.name) \(period.endDate)")
            #expect(period.type == "schoolHoliday")
        }
        for (a, b) in zip(periods, periods.dropFirst()) {
            #expect(a.endDate < b.startDate, "\(city.id): \(a.name) overlaps \(b.name)")
        }
        for year in [2026, 2027] {
            #expect(periods.contains { $0.nameDE == "Sommerferien" && $0.startDate.year == year })
            #expect(periods.contains { $0.nameDE == "Herbstferien" && $0.startDate.year == year - 1 })
            #expect(periods.contains { $0.nameDE == "Weihnachtsferien" && $0.startDate.year == year - 1 })
        }
        #expect(SchoolHolidays.coverage(for: city)?.lowerBound == periods.first?.startDate)
    }

    @Test("Zürich 2026 matches the City's calendar (and the original's list for 2026)")
    func zurich() throws {
        let periods = SchoolHolidays.periods(for: try city("zurich"))
        let in2026 = periods.filter { $0.startDate.year == 2026 && $0.startDate != $0.endDate }
        #expect(
            in2026.map { "\($0.nameDE) \($0.startDate)…\($0.endDate)" } == [
                "Sportferien 2026-02-09…2026-02-20", "Osterferien 2026-04-02…2026-04-06",
                "Frühlingsferien 2026-04-20…2026-05-01", "Auffahrtsferien 2026-05-14…2026-05-15",
                "Sommerferien 2026-07-13…2026-08-14", "Herbstferien 2026-10-05…2026-10-16",
                "Weihnachtsferien 2026-12-21…2027-01-01",
            ])
    }

    @Test("cities differ: Basel's Fasnacht holidays, Bern's February week, Geneva's one-week autumn")
    func citiesDiffer() throws {
        let basel = SchoolHolidays.periods(for: try city("basel"))
        let fasnacht = try date("2026-02-16")
        #expect(basel.contains { $0.nameDE == "Fasnachtsferien" && $0.startDate == fasnacht })
        let bern = SchoolHolidays.periods(for: try city("bern"))
        let februaryWeek = try date("2026-02-02")
        #expect(bern.contains { $0.nameDE == "Sportferien" && $0.startDate == februaryWeek })
        let zurichAll = SchoolHolidays.periods(for: try city("zurich"))
        for other in City.all where other.id != "zurich" {
            #expect(SchoolHolidays.periods(for: other) != zurichAll, "\(other.id) copies Zürich")
        }
    }

    @Test("current: the running period first, then the next ones, at most 7")
    func current() throws {
        let zurich = try city("zurich")
        let during = SchoolHolidays.current(for: zurich, today: try date("2026-02-12"))
        #expect(during.count == 7)
        #expect(during.first?.nameDE == "Sportferien")
        let lastDay = SchoolHolidays.current(for: zurich, today: try date("2026-02-20"))
        #expect(lastDay.first?.nameDE == "Sportferien")
        let after = SchoolHolidays.current(for: zurich, today: try date("2026-02-21"))
        #expect(after.first?.nameDE == "Osterferien")
        #expect(SchoolHolidays.current(for: zurich, today: try date("2030-01-01")).isEmpty)
        #expect(SchoolHolidays.current(for: zurich, today: try date("2026-02-12"), limit: 0).isEmpty)
        #expect(SchoolHolidays.periods(on: try date("2026-07-20"), city: zurich).map(\.nameDE) == ["Sommerferien"])
        let unknown = City(
            id: "chur", name: "Chur", nameDE: "Chur", canton: .GR, location: GeoPoint(lat: 46.85, lon: 9.53),
            stations: ["Chur"])
        #expect(SchoolHolidays.periods(for: unknown).isEmpty && SchoolHolidays.coverage(for: unknown) == nil)
    }

    @Test("JSON entries have the original keys")
    func json() throws {
        let first = try #require(SchoolHolidays.current(for: try city("geneva"), today: try date("2026-06-01")).first)
        let object = try #require(
            try JSONSerialization.jsonObject(with: try JSONEncoder().encode(first)) as? [String: Any])
        #expect(Set(object.keys) == ["name", "nameDE", "startDate", "endDate", "type"])
        #expect(object["type"] as? String == "schoolHoliday")
        #expect(object["startDate"] as? String == "2026-06-29")
    }
}
