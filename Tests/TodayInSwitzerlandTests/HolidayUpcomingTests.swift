import Foundation
import Testing

@testable import TodayInSwitzerland

@Suite("Upcoming holidays and their JSON entries")
struct HolidayUpcomingTests {
    private func date(_ text: String) throws -> CivilDate { try #require(CivilDate(text)) }
    private func city(_ id: String) throws -> City { try #require(City.find(id)) }

    @Test("the list crosses the year boundary: New Year and Berchtoldstag show in late December")
    func yearBoundary() throws {
        let today = try date("2026-12-20")
        let three = HolidayCalendar.upcoming(for: try city("zurich"), today: today)
        #expect(three.map(\.holiday.date.description) == ["2026-12-25", "2026-12-26", "2027-01-01"])
        #expect(three.map(\.daysUntil) == [5, 6, 12])
        let five = HolidayCalendar.upcoming(for: try city("zurich"), today: today, limit: 5)
        #expect(five.map(\.holiday.date.description).contains("2027-01-02"))
        #expect(five.allSatisfy { !$0.isToday })
    }

    @Test("isToday and daysUntil use the Swiss date: 00:30 on 1 August in Zürich is 22:30 UTC the day before")
    func swissToday() throws {
        let instant = try #require(ISO8601DateFormatter().date(from: "2026-07-31T22:30:00Z"))
        let list = HolidayCalendar.upcoming(for: try city("bern"), at: instant)
        let first = try #require(list.first)
        #expect(first.holiday.key == "nationalDay" && first.isToday && first.daysUntil == 0)
        #expect(first.api.isToday && first.api.national == true)
    }

    @Test("only days within the window: nothing 60 days ahead in early June except the National Day")
    func window() throws {
        let zurich = try city("zurich")
        let june = try date("2026-06-10")
        #expect(HolidayCalendar.upcoming(for: zurich, today: june).map(\.holiday.key) == ["nationalDay"])
        #expect(HolidayCalendar.upcoming(for: zurich, today: june, within: 30).isEmpty)
        #expect(HolidayCalendar.upcoming(for: zurich, today: june, within: -1).isEmpty)
        #expect(HolidayCalendar.upcoming(for: zurich, today: june, limit: 0).isEmpty)
        // A long window spans several years and still stops at the limit, nearest first.
        let long = HolidayCalendar.upcoming(for: zurich, today: june, within: 800, limit: 100)
        #expect(long.map(\.daysUntil) == long.map(\.daysUntil).sorted())
        #expect(long.last?.holiday.date.year == 2028)
    }

    @Test("Luzern and Winterthur get their cantons' days (the original's bug)")
    func luzernAndWinterthur() throws {
        let luzern = HolidayCalendar.upcoming(for: try city("luzern"), today: try date("2026-05-20"))
        #expect(luzern.map(\.holiday.key) == ["whitMonday", "corpusChristi"])
        let winterthur = HolidayCalendar.upcoming(for: try city("winterthur"), today: try date("2026-04-01"))
        #expect(winterthur.map(\.holiday.key) == ["goodFriday", "easterMonday", "labourDay"])
        let zurich = HolidayCalendar.upcoming(for: try city("zurich"), today: try date("2026-04-01"))
        #expect(zurich.map(\.holiday.key) == ["goodFriday", "easterMonday", "sechselaeuten"])
    }

    @Test("Geneva gets Easter Monday and Whit Monday")
    func geneva() throws {
        let list = HolidayCalendar.upcoming(for: try city("geneva"), today: try date("2026-04-04"), limit: 10)
        #expect(list.map(\.holiday.key).starts(with: ["easterMonday", "ascension", "whitMonday"]))
    }

    @Test("festivals are left out by default and listed on request")
    func observances() throws {
        let basel = try city("basel")
        let today = try date("2026-02-01")
        #expect(!HolidayCalendar.upcoming(for: basel, today: today).contains { $0.holiday.key == "baselFasnacht" })
        let all = HolidayCalendar.upcoming(for: basel, today: today, kinds: Set(HolidayKind.allCases))
        #expect(all.first?.holiday.key == "baselFasnacht" && all.first?.api.observance == true)
    }

    private func keys(_ entry: APIHoliday) throws -> [String: Any] {
        let data = try JSONEncoder().encode(entry)
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    @Test("JSON entries have the original keys, with unset keys left out and half days flagged")
    func json() throws {
        let list = HolidayCalendar.upcoming(for: try city("zurich"), today: try date("2026-04-18"), limit: 5)
        let sechselaeuten = try #require(list.first { $0.holiday.key == "sechselaeuten" })
        let half = try keys(sechselaeuten.api)
        #expect(
            Set(half.keys) == ["date", "name", "nameDE", "cantons", "cantonal", "daysUntil", "isToday", "halfDay"])
        #expect(half["date"] as? String == "2026-04-20")
        #expect(half["daysUntil"] as? Int == 2)
        #expect(half["halfDay"] as? Bool == true)
        #expect(half["cantons"] as? [String] == ["zurich"])

        let labour = try #require(list.first { $0.holiday.key == "labourDay" })
        let cantonal = try keys(labour.api)
        #expect(Set(cantonal.keys) == ["date", "name", "nameDE", "cantons", "cantonal", "daysUntil", "isToday"])
        #expect(cantonal["cantons"] as? [String] == ["zurich", "winterthur"])
        #expect(cantonal["nameDE"] as? String == "Tag der Arbeit")

        let ascension = try #require(list.first { $0.holiday.key == "ascension" })
        let national = try keys(ascension.api)
        #expect(Set(national.keys) == ["date", "name", "nameDE", "national", "daysUntil", "isToday"])
        #expect(national["isToday"] as? Bool == false)

        // The entry decodes back and as the iOS client's model would (name, daysUntil, date required).
        let decoded = try JSONDecoder().decode(APIHoliday.self, from: try JSONEncoder().encode(labour.api))
        #expect(decoded == labour.api)
    }

    @Test("UpcomingHoliday round-trips through JSON")
    func roundTrip() throws {
        let list = HolidayCalendar.upcoming(for: try city("geneva"), today: try date("2026-12-01"))
        let decoded = try JSONDecoder().decode([UpcomingHoliday].self, from: try JSONEncoder().encode(list))
        #expect(decoded == list)
        #expect(list.map(\.holiday.key) == ["christmas", "restauration", "newYear"])
    }
}
