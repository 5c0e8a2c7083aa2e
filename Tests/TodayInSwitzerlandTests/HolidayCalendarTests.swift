import Foundation
import Testing

@testable import TodayInSwitzerland

@Suite("Swiss public holidays by canton and city")
struct HolidayCalendarTests {
    private func date(_ text: String) throws -> CivilDate { try #require(CivilDate(text)) }

    private func days(_ year: Int, _ cityID: String) throws -> [Holiday] {
        HolidayCalendar.holidays(year: year, city: try #require(City.find(cityID)))
    }

    private func holiday(_ key: String, _ year: Int, _ cityID: String) throws -> Holiday {
        try #require(try days(year, cityID).first { $0.key == key }, "\(key) \(year) \(cityID)")
    }

    @Test(
        "Easter Sunday from the Gregorian computus",
        arguments: [
            (2000, "2000-04-23"), (2008, "2008-03-23"), (2011, "2011-04-24"), (2019, "2019-04-21"),
            (2024, "2024-03-31"), (2025, "2025-04-20"), (2026, "2026-04-05"), (2027, "2027-03-28"),
            (2030, "2030-04-21"), (2038, "2038-04-25"), (2040, "2040-04-01"), (1943, "1943-04-25"),
            (2285, "2285-03-22"), (1583, "1583-04-10"),
        ])
    func easter(year: Int, expected: String) throws {
        #expect(SwissCalendarMath.easterSunday(year) == (try date(expected)))
    }

    @Test("Easter is always a Sunday between 22 March and 25 April; no Easter outside the Gregorian years")
    func easterRange() throws {
        let earliest = 3 * 100 + 22
        let latest = 4 * 100 + 25
        for year in 1583...4099 {
            let easter = try #require(SwissCalendarMath.easterSunday(year))
            #expect(easter.isoWeekday == 7)
            #expect((earliest...latest).contains(easter.month * 100 + easter.day), "\(easter)")
        }
        #expect(SwissCalendarMath.easterSunday(1582) == nil)
        #expect(SwissCalendarMath.easterSunday(10_000) == nil)
        #expect(HolidayCalendar.holidays(year: -4, canton: .ZH).isEmpty)
        #expect(HolidayCalendar.holidays(year: Int.max, canton: .ZH).isEmpty)
    }

    @Test("nth weekday of a month, and none when the month has no such day")
    func nthWeekday() throws {
        #expect(SwissCalendarMath.nthWeekday(3, 1, month: 4, year: 2026) == (try date("2026-04-20")))
        #expect(SwissCalendarMath.nthWeekday(1, 7, month: 9, year: 2026) == (try date("2026-09-06")))
        #expect(SwissCalendarMath.nthWeekday(5, 1, month: 2, year: 2026) == nil)
        #expect(SwissCalendarMath.nthWeekday(0, 1, month: 2, year: 2026) == nil)
        #expect(SwissCalendarMath.nthWeekday(1, 8, month: 2, year: 2026) == nil)
        #expect(SwissCalendarMath.nthWeekday(1, 1, month: 13, year: 2026) == nil)
    }

    @Test("2026 in Zürich: Sechseläuten and Knabenschiessen afternoons, Berchtoldstag, Labour Day")
    func zurich2026() throws {
        let sechselaeuten = try holiday("sechselaeuten", 2026, "zurich")
        #expect(sechselaeuten.date == (try date("2026-04-20")))
        #expect(sechselaeuten.kind == .halfDay && sechselaeuten.isHalfDay && sechselaeuten.scope == .city)
        let knabenschiessen = try holiday("knabenschiessen", 2026, "zurich")
        #expect(knabenschiessen.date == (try date("2026-09-14")))
        #expect(knabenschiessen.kind == .halfDay)
        #expect(try holiday("berchtold", 2026, "zurich").date == (try date("2026-01-02")))
        #expect(try holiday("labourDay", 2026, "zurich").date == (try date("2026-05-01")))
        #expect(try holiday("goodFriday", 2026, "zurich").date == (try date("2026-04-03")))
        #expect(try holiday("ascension", 2026, "zurich").date == (try date("2026-05-14")))
        #expect(try holiday("whitMonday", 2026, "zurich").date == (try date("2026-05-25")))
        let keys = try days(2026, "zurich").map(\.key)
        #expect(
            keys == [
                "newYear", "berchtold", "goodFriday", "easterMonday", "sechselaeuten", "labourDay", "ascension",
                "whitMonday", "nationalDay", "knabenschiessen", "christmas", "stStephen",
            ])
    }

    @Test("Winterthur gets the Canton of Zürich's days but not the City of Zürich's festivals")
    func winterthur() throws {
        let keys = Set(try days(2026, "winterthur").map(\.key))
        #expect(
            keys.isSuperset(of: ["berchtold", "goodFriday", "easterMonday", "labourDay", "whitMonday", "stStephen"]))
        #expect(!keys.contains("sechselaeuten") && !keys.contains("knabenschiessen"))
    }

    @Test("Geneva 2026: Easter Monday, Whit Monday, Jeûne genevois on 10 September, Restauration on 31 December")
    func geneva2026() throws {
        #expect(try holiday("easterMonday", 2026, "geneva").date == (try date("2026-04-06")))
        #expect(try holiday("whitMonday", 2026, "geneva").date == (try date("2026-05-25")))
        let jeune = try holiday("jeuneGenevois", 2026, "geneva")
        #expect(jeune.date == (try date("2026-09-10")) && jeune.kind == .public && jeune.nameFR == "Jeûne genevois")
        #expect(try holiday("restauration", 2026, "geneva").date == (try date("2026-12-31")))
        let escalade = try holiday("escalade", 2026, "geneva")
        #expect(escalade.kind == .observance)
        #expect(escalade.date == (try date("2026-12-12")))
        let keys = Set(try days(2026, "geneva").map(\.key))
        #expect(!keys.contains("stStephen") && !keys.contains("berchtold") && !keys.contains("labourDay"))
    }

    @Test("Jeûne genevois is the Thursday after the first Sunday of September", arguments: 2020...2035)
    func jeuneGenevois(year: Int) throws {
        let day = try holiday("jeuneGenevois", year, "geneva").date
        #expect(day.isoWeekday == 4 && day.month == 9 && (5...11).contains(day.day))
    }

    @Test("Lausanne 2026: Berchtoldstag and Lundi du Jeûne on 21 September; no St. Stephen")
    func lausanne2026() throws {
        #expect(try holiday("federalFastMonday", 2026, "lausanne").date == (try date("2026-09-21")))
        #expect(try holiday("berchtold", 2026, "lausanne").date == (try date("2026-01-02")))
        #expect(!(try days(2026, "lausanne")).contains { $0.key == "stStephen" })
    }

    @Test("Luzern 2026 gets its Catholic cantonal days (the original gave it none)")
    func luzern2026() throws {
        #expect(try holiday("corpusChristi", 2026, "luzern").date == (try date("2026-06-04")))
        #expect(try holiday("assumption", 2026, "luzern").date == (try date("2026-08-15")))
        #expect(try holiday("allSaints", 2026, "luzern").date == (try date("2026-11-01")))
        #expect(try holiday("immaculateConception", 2026, "luzern").date == (try date("2026-12-08")))
        #expect(try holiday("berchtold", 2026, "luzern").statutory)
    }

    @Test("Basel 2026: Labour Day, no Berchtoldstag; Fasnacht 23–25 February is a festival, not a day off")
    func basel2026() throws {
        let list = try days(2026, "basel")
        #expect(list.contains { $0.key == "labourDay" } && !list.contains { $0.key == "berchtold" })
        let fasnacht = list.filter { $0.key == "baselFasnacht" }
        #expect(fasnacht.map(\.date.description) == ["2026-02-23", "2026-02-24", "2026-02-25"])
        #expect(fasnacht.allSatisfy { $0.kind == .observance })
    }

    @Test("Bern 2026: Berchtoldstag and St. Stephen, no Labour Day; Zibelemärit on the fourth Monday of November")
    func bern2026() throws {
        let keys = Set(try days(2026, "bern").map(\.key))
        #expect(keys.isSuperset(of: ["berchtold", "stStephen", "easterMonday", "whitMonday"]))
        #expect(!keys.contains("labourDay"))
        #expect(try holiday("zibelemaerit", 2026, "bern").date == (try date("2026-11-23")))
    }

    @Test(
        "Sechseläuten: third Monday of April, a week later on Easter Monday, a week earlier in Holy Week",
        arguments: [
            (2019, "2019-04-08"), (2022, "2022-04-25"), (2023, "2023-04-17"), (2024, "2024-04-15"),
            (2025, "2025-04-28"), (2026, "2026-04-20"), (2027, "2027-04-19"), (2028, "2028-04-24"),
            (2029, "2029-04-16"), (2030, "2030-04-08"),
        ])
    func sechselaeuten(year: Int, expected: String) throws {
        #expect(try holiday("sechselaeuten", year, "zurich").date == (try date(expected)))
    }

    @Test("Knabenschiessen is the Monday after the second Sunday of September", arguments: 2020...2035)
    func knabenschiessen(year: Int) throws {
        let day = try holiday("knabenschiessen", year, "zurich").date
        #expect(day.isoWeekday == 1 && day.month == 9 && (9...15).contains(day.day))
    }

    @Test("Näfelser Fahrt: first Thursday of April, a week later when that is Maundy Thursday")
    func naefelserFahrt() throws {
        func fahrt(_ year: Int) -> String? {
            HolidayCalendar.holidays(year: year, canton: .GL).first { $0.key == "naefelserFahrt" }?.date.description
        }
        #expect(fahrt(2025) == "2025-04-03")
        #expect(fahrt(2026) == "2026-04-09")  // 2 April 2026 is Maundy Thursday
        #expect(fahrt(2027) == "2027-04-01")
    }

    @Test("Neuchâtel keeps 2 January and 26 December only when they are Mondays; Lundi du Jeûne too")
    func neuchatel() throws {
        let y2023 = HolidayCalendar.holidays(year: 2023, canton: .NE).map(\.key)
        #expect(y2023.contains("berchtold"))  // Monday 2 January 2023
        let y2026 = HolidayCalendar.holidays(year: 2026, canton: .NE).map(\.key)
        #expect(!y2026.contains("berchtold") && !y2026.contains("stStephen"))
        #expect(y2026.contains("neuchatelRepublic") && y2026.contains("federalFastMonday"))
    }

    @Test("every canton, 2000–2040: national days present, sorted, no duplicates, no Sunday-only feasts")
    func everyCanton() throws {
        for canton in Canton.allCases {
            for year in 2000...2040 {
                let list = HolidayCalendar.holidays(year: year, canton: canton)
                let keys = Set(list.map(\.key))
                #expect(keys.isSuperset(of: ["newYear", "ascension", "nationalDay", "christmas"]))
                #expect(list.map(\.date) == list.map(\.date).sorted())
                #expect(Set(list.map { "\($0.key)@\($0.date)" }).count == list.count)
                #expect(list.allSatisfy { $0.date.year == year && $0.canton == canton && $0.city == nil })
                // Easter-relative days never fall on a Sunday (Easter and Whit Sunday are not listed).
                #expect(
                    list.filter { ["goodFriday", "easterMonday", "ascension", "whitMonday"].contains($0.key) }
                        .allSatisfy { $0.date.isoWeekday != 7 })
                #expect(list.allSatisfy { !$0.name.en.isEmpty && !$0.name.de.isEmpty })
                #expect(list.filter { $0.scope == .national }.count == 4)
            }
        }
    }

    @Test("a city outside the canton adds nothing; an unknown city adds nothing")
    func cityMustMatchCanton() {
        let bern = HolidayCalendar.holidays(year: 2026, canton: .BE, city: "zurich")
        #expect(!bern.contains { $0.scope == .city })
        let unknown = HolidayCalendar.holidays(year: 2026, canton: .ZH, city: "atlantis")
        #expect(unknown == HolidayCalendar.holidays(year: 2026, canton: .ZH))
    }

    @Test("holidays on a given day, e.g. for the weekend planner")
    func onDay() throws {
        let zurich = try #require(City.find("zurich"))
        #expect(HolidayCalendar.holidays(on: try date("2026-04-20"), city: zurich).map(\.key) == ["sechselaeuten"])
        #expect(HolidayCalendar.holidays(on: try date("2026-04-21"), city: zurich).isEmpty)
    }
}
