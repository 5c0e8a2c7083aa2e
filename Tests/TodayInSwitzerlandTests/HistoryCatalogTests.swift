import Foundation
import Testing
import TodayInSwitzerland

@Suite("This day in history")
struct HistoryCatalogTests {
    private func bundled() throws -> HistoryCatalog {
        try HistoryCatalog.load()
    }

    private func date(_ year: Int, _ month: Int, _ day: Int) throws -> CivilDate {
        try #require(CivilDate(year: year, month: month, day: day))
    }

    private func fact(_ day: String, _ year: Int, _ text: String = "Something happened.") -> HistoryFact {
        HistoryFact(day: day, year: year, event: text, eventDE: "Etwas geschah: \(text)")
    }

    // MARK: Bundled data

    @Test("the bundled facts load and validate clean")
    func loadsAndValidates() throws {
        let catalog = try bundled()
        #expect(catalog.facts.count >= 366)
        #expect(catalog.validate() == [])
        #expect(catalog.validate(currentYear: 2026) == [])
    }

    @Test("all 366 day keys are present, 29 February included")
    func everyKeyPresent() throws {
        let catalog = try bundled()
        let keys = Set(catalog.facts.map(\.day))
        #expect(keys.count == 366)
        #expect(keys.contains("2-29"))
        #expect(keys.contains("12-31"))
        #expect(!keys.contains { $0.hasPrefix("0") || $0.contains("-0") })
    }

    @Test("every day of the leap year 2028 resolves to a fact of that day")
    func everyDayOf2028Resolves() throws {
        let catalog = try bundled()
        var day = try date(2028, 1, 1)
        var days = 0
        while day.year == 2028 {
            let fact = catalog.fact(on: day)
            #expect(fact.day == "\(day.month)-\(day.day)", "wrong fact for \(day)")
            #expect(catalog.facts(on: day).contains(fact))
            days += 1
            day = day.adding(days: 1)
        }
        #expect(days == 366)
    }

    @Test("every day of a common year resolves too, and 1 March follows 28 February")
    func commonYearResolves() throws {
        let catalog = try bundled()
        #expect(catalog.fact(on: try date(2027, 2, 28)).day == "2-28")
        #expect(catalog.fact(on: try date(2027, 2, 28).adding(days: 1)).day == "3-1")
    }

    @Test("Swiss women's suffrage is the fact on 7 February")
    func knownFact() throws {
        let catalog = try bundled()
        let fact = catalog.fact(on: try date(2026, 2, 7))
        #expect(fact.year == 1971)
        #expect(fact.eventDE.contains("Frauen"))
    }

    @Test("the bundled file uses exactly the original's keys: day, year, event, eventDE")
    func keysDecode() throws {
        let url = try #require(HistoryCatalog.resourceURL)
        let data = try Data(contentsOf: url)
        let objects = try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
        #expect(!objects.isEmpty)
        for object in objects {
            #expect(Set(object.keys) == ["day", "year", "event", "eventDE"])
            #expect(object["year"] is Int)
        }
        let one = Data(#"[{"day":"2-7","year":1971,"event":"Votes for women.","eventDE":"Frauenstimmrecht."}]"#.utf8)
        let catalog = try HistoryCatalog.decode(one)
        #expect(
            catalog.facts == [
                HistoryFact(day: "2-7", year: 1971, event: "Votes for women.", eventDE: "Frauenstimmrecht.")
            ])
        let encoded =
            try JSONSerialization.jsonObject(with: try JSONEncoder().encode(catalog.facts[0])) as? [String: Any]
        #expect(Set(encoded?.keys.map { $0 } ?? []) == ["day", "year", "event", "eventDE"])
    }

    // MARK: Choosing among several facts

    @Test("several facts on a day are picked by year modulo their count, oldest first, whatever the file order")
    func deterministicPick() throws {
        let a = fact("5-1", 1351, "A")
        let b = fact("5-1", 1851, "B")
        let c = fact("5-1", 1900, "C")
        let catalog = HistoryCatalog(facts: [c, a, b])
        #expect(catalog.facts(on: try date(2026, 5, 1)) == [a, b, c])
        #expect(catalog.fact(on: try date(2025, 5, 1)) == a)  // 2025 % 3 == 0
        #expect(catalog.fact(on: try date(2026, 5, 1)) == b)
        #expect(catalog.fact(on: try date(2027, 5, 1)) == c)
        #expect(HistoryCatalog(facts: [b, c, a]).fact(on: try date(2026, 5, 1)) == b)
    }

    @Test("the same date always gives the same fact")
    func stableAcrossCalls() throws {
        let catalog = try bundled()
        let day = try date(2026, 1, 1)
        #expect(catalog.fact(on: day) == catalog.fact(on: day))
        #expect(catalog.facts(on: day).count >= 2)
    }

    @Test("changing the facts re-indexes the days")
    func mutationReindexes() throws {
        var catalog = HistoryCatalog(facts: [fact("1-1", 2000, "Old")])
        catalog.facts = [fact("1-1", 2001, "New")]
        #expect(catalog.fact(on: try date(2026, 1, 1)).event == "New")
    }

    @Test("a day missing from a broken catalogue still gets a fact instead of crashing")
    func missingDayFallsBack() throws {
        let only = fact("1-1", 2000)
        let catalog = HistoryCatalog(facts: [only])
        #expect(catalog.fact(on: try date(2026, 6, 15)) == only)
        #expect(catalog.facts(on: try date(2026, 6, 15)).isEmpty)
        #expect(!HistoryCatalog(facts: []).fact(on: try date(2026, 6, 15)).event.isEmpty)
        #expect(HistoryCatalog(facts: []).fact(on: try date(1900, 6, 15)).year > 0)
    }

    // MARK: Broken copies

    @Test("a copy without 29 February and with an empty German text is reported")
    func brokenCopyIsCaught() throws {
        var facts = try bundled().facts
        facts.removeAll { $0.day == "2-29" }
        let index = try #require(facts.firstIndex { $0.day == "3-3" })
        facts[index].eventDE = "  "
        let problems = HistoryCatalog(facts: facts).validate(currentYear: 2026)
        #expect(problems.count == 2)
        #expect(problems.contains { $0.contains("No fact for 2-29") })
        #expect(problems.contains { $0.contains("3-3") && $0.contains("eventDE") && $0.contains("empty") })
    }

    @Test("bad keys, years, untranslated and repeated entries are each reported")
    func otherProblems() throws {
        var facts = try bundled().facts
        facts.append(fact("02-07", 1971))
        facts.append(fact("2-30", 1971))
        facts.append(fact("13-1", 1971))
        facts.append(fact("7-4", 0))
        facts.append(fact("7-4", 2030))
        facts.append(HistoryFact(day: "7-5", year: 1990, event: "Same text.", eventDE: "Same text."))
        facts.append(HistoryFact(day: "7-6", year: 1990, event: "", eventDE: "Text."))
        facts.append(facts[0])
        let problems = HistoryCatalog(facts: facts).validate(currentYear: 2026)
        #expect(problems.count == 8)
        #expect(problems.contains { $0.contains("\"02-07\"") })
        #expect(problems.contains { $0.contains("\"2-30\"") })
        #expect(problems.contains { $0.contains("\"13-1\"") })
        #expect(problems.contains { $0.contains("year 0 ") })
        #expect(problems.contains { $0.contains("year 2030 ") })
        #expect(problems.contains { $0.contains("same as the English") })
        #expect(problems.contains { $0.contains("English text (event) is empty") })
        #expect(problems.contains { $0.contains("appears twice") })
    }

    @Test("an empty catalogue reports all 366 missing days")
    func emptyCatalogue() {
        #expect(HistoryCatalog(facts: []).validate(currentYear: 2026).count == 366)
    }

    @Test("undecodable or empty data throws a typed error with a readable message")
    func decodeErrors() throws {
        #expect(throws: HistoryCatalogError.empty(file: "history.json")) {
            try HistoryCatalog.decode(Data("[]".utf8))
        }
        do {
            _ = try HistoryCatalog.decode(Data(#"[{"day":"1-1","year":"1291","event":"x","eventDE":"y"}]"#.utf8))
            Issue.record("a string year must not decode")
        } catch {
            guard case .malformed(let file, let reason) = error else {
                Issue.record("unexpected \(error)")
                return
            }
            #expect(file == "history.json")
            #expect(reason.contains("year"))
            #expect(error.description.contains("history.json"))
        }
        do {
            _ = try HistoryCatalog.decode(Data("not json".utf8), file: "custom.json")
            Issue.record("garbage must not decode")
        } catch {
            #expect(error.description.contains("custom.json"))
        }
        #expect(throws: HistoryCatalogError.self) {
            try HistoryCatalog.decode(Data(#"[{"day":"1-1","year":1291,"event":"x"}]"#.utf8))
        }
    }
}
