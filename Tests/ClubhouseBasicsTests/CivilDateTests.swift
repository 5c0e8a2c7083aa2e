import ClubhouseBasics
import Foundation
import Testing

@Suite("Civil date")
struct CivilDateTests {
    @Test("1970-01-01 is day 0 and a Thursday")
    func epoch() throws {
        let date = try #require(CivilDate(year: 1970, month: 1, day: 1))
        #expect(date.dayNumber == 0)
        #expect(CivilDate(dayNumber: 0) == date)
        #expect(date.isoWeekday == 4)
        #expect(date.weekday == 5)
    }

    @Test("days before 1970 have negative numbers and correct weekdays")
    func beforeEpoch() throws {
        let date = try #require(CivilDate(year: 1969, month: 12, day: 31))
        #expect(date.dayNumber == -1)
        #expect(CivilDate(dayNumber: -1) == date)
        #expect(date.isoWeekday == 3)
        #expect(date.weekday == 4)
        #expect(CivilDate(dayNumber: -719_468) == CivilDate(year: 0, month: 3, day: 1))
    }

    @Test("day numbers round-trip over four centuries, one day at a time")
    func roundTrip() {
        var previous = CivilDate(dayNumber: -73_049)
        for number in -73_048...73_049 {
            let date = CivilDate(dayNumber: number)
            #expect(date.dayNumber == number)
            #expect(previous < date)
            #expect(CivilDate(year: date.year, month: date.month, day: date.day) == date)
            previous = date
        }
    }

    @Test("leap years follow the 4/100/400 rule")
    func leapYears() {
        #expect(CivilDate.isLeapYear(2024))
        #expect(CivilDate.isLeapYear(2000))
        #expect(!CivilDate.isLeapYear(1900))
        #expect(!CivilDate.isLeapYear(2100))
        #expect(!CivilDate.isLeapYear(2026))
        #expect(CivilDate.days(inMonth: 2, year: 2024) == 29)
        #expect(CivilDate.days(inMonth: 2, year: 1900) == 28)
        #expect(CivilDate.days(inMonth: 4, year: 2026) == 30)
        #expect(CivilDate.days(inMonth: 12, year: 2026) == 31)
        #expect(CivilDate(year: 2024, month: 2, day: 29) != nil)
        #expect(CivilDate(year: 2023, month: 2, day: 29) == nil)
        #expect(CivilDate(year: 1900, month: 2, day: 29) == nil)
        #expect(CivilDate(year: 2000, month: 2, day: 29) != nil)
    }

    @Test("adding days crosses months, leap days and year boundaries both ways")
    func addingDays() throws {
        let leapDay = try #require(CivilDate(year: 2024, month: 2, day: 29))
        #expect(leapDay.adding(days: 1).description == "2024-03-01")
        #expect(leapDay.adding(days: -1).description == "2024-02-28")
        #expect(leapDay.adding(days: 366).description == "2025-03-01")
        let newYearsEve = try #require(CivilDate(year: 2025, month: 12, day: 31))
        #expect(newYearsEve.adding(days: 1).description == "2026-01-01")
        #expect(newYearsEve.adding(days: 1).adding(days: -1) == newYearsEve)
        #expect(newYearsEve.adding(days: -365).description == "2024-12-31")
        #expect(newYearsEve.adding(days: 0) == newYearsEve)
        #expect(leapDay.days(to: newYearsEve) == 671)
        #expect(newYearsEve.days(to: leapDay) == -671)
    }

    @Test("weekdays: ISO (Monday 1) and Calendar (Sunday 1)")
    func weekdays() throws {
        let sunday = try #require(CivilDate(year: 2026, month: 4, day: 19))
        #expect(sunday.isoWeekday == 7)
        #expect(sunday.weekday == 1)
        let monday = sunday.adding(days: 1)
        #expect(monday.isoWeekday == 1)
        #expect(monday.weekday == 2)
        let calendar = Calendar(identifier: .gregorian)
        for offset in -10...10 {
            let date = sunday.adding(days: offset * 37)
            let instant = Date(timeIntervalSince1970: TimeInterval(date.dayNumber) * 86_400 + 43_200)
            var utc = calendar
            utc.timeZone = TimeZone(secondsFromGMT: 0) ?? .current
            #expect(utc.component(.weekday, from: instant) == date.weekday)
        }
    }

    @Test("parses yyyy-MM-dd and rejects everything else")
    func parsing() throws {
        let date = try #require(CivilDate("2026-04-20"))
        #expect(date.year == 2026 && date.month == 4 && date.day == 20)
        #expect(CivilDate("2024-02-29") != nil)
        for bad in [
            "2023-02-29", "2026-13-01", "2026-00-10", "2026-04-31", "2026-04-00", "2026-4-20", "26-04-20",
            "2026-04-20T10:00", "2026/04/20", "", "abcd-ef-gh", "2026-04-2x", "20260420", "2026--04-20",
        ] {
            #expect(CivilDate(bad) == nil, "\(bad)")
        }
        let fromSubstring = "x2026-01-05".dropFirst()
        #expect(CivilDate(fromSubstring)?.description == "2026-01-05")
    }

    @Test("formats with zero padding like %04d")
    func formatting() {
        #expect(CivilDate(year: 5, month: 1, day: 2)?.description == "0005-01-02")
        #expect(CivilDate(year: 12_026, month: 10, day: 20)?.description == "12026-10-20")
        #expect(CivilDate(year: -5, month: 1, day: 2)?.description == "-005-01-02")
        #expect(DecimalText.zeroPadded(7, width: 2) == "07")
        #expect(DecimalText.zeroPadded(123, width: 2) == "123")
        #expect(DecimalText.zeroPadded(Int64(-42), width: 4) == "-042")
        #expect(DecimalText.zeroPadded(0, width: 3) == "000")
    }

    @Test("the date of an instant depends on the time zone")
    func instants() throws {
        // 2026-01-01T23:30Z is already 2 January in Zürich.
        let instant = Date(
            timeIntervalSince1970: TimeInterval(CivilDate.dayNumber(year: 2026, month: 1, day: 1)) * 86_400 + 84_600)
        let utc = try #require(TimeZone(secondsFromGMT: 0))
        let zurich = try #require(TimeZone(identifier: "Europe/Zurich"))
        #expect(CivilDate(instant, in: utc).description == "2026-01-01")
        #expect(CivilDate(instant, in: zurich).description == "2026-01-02")
    }

    @Test("JSON is the plain yyyy-MM-dd string, and bad strings fail to decode")
    func json() throws {
        let date = try #require(CivilDate(year: 2025, month: 6, day: 1))
        let data = try JSONEncoder().encode([date])
        #expect(String(decoding: data, as: UTF8.self) == #"["2025-06-01"]"#)
        #expect(try JSONDecoder().decode([CivilDate].self, from: data) == [date])
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode([CivilDate].self, from: Data(#"["2025-02-30"]"#.utf8))
        }
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode([CivilDate].self, from: Data("[20250601]".utf8))
        }
    }

    @Test("day numbers of out-of-range components roll over")
    func rollOver() {
        #expect(CivilDate.dayNumber(year: 2026, month: 2, day: 29) == CivilDate.dayNumber(year: 2026, month: 3, day: 1))
        #expect(
            CivilDate.dayNumber(year: 2026, month: 1, day: 0) == CivilDate.dayNumber(year: 2025, month: 12, day: 31))
    }
}
