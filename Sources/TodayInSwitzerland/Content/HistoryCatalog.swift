import Foundation

/// Why the bundled "this day in history" facts could not be loaded.
public enum HistoryCatalogError: Error, Sendable, Equatable, CustomStringConvertible {
    /// `history.json` is not in the bundle (a packaging mistake).
    case missingResource(String)
    /// `history.json` exists but could not be read.
    case unreadable(file: String, reason: String)
    /// The data is not a JSON array of history facts.
    case malformed(file: String, reason: String)
    /// The data is a valid but empty array, so no day could show a fact.
    case empty(file: String)

    /// What went wrong and what to do about it, for a log or an error page.
    public var description: String {
        switch self {
        case .missingResource(let file):
            "The bundled file \(file) is missing from the TodayInSwitzerland library; rebuild it so its Resources "
                + "folder is copied."
        case .unreadable(let file, let reason):
            "The bundled file \(file) could not be read (\(reason)); check the installation."
        case .malformed(let file, let reason):
            "The file \(file) is not a list of history facts (\(reason)); fix the entry and rebuild."
        case .empty(let file):
            "The file \(file) contains no history facts; restore it from the repository."
        }
    }
}

/// The "this day in history" facts shipped with the library in `history.json`: at least one fact for each of the
/// 366 days of a leap year, in English and German, in the original worker's shape (`day` is "M-D", e.g. "2-7").
public struct HistoryCatalog: Sendable, Equatable {
    /// The file name of the bundled facts.
    public static let resourceFile = "history.json"

    /// Every fact, in stored order. Changing it re-indexes the days.
    public var facts: [HistoryFact] {
        didSet { byDay = Self.index(facts) }
    }

    /// The facts of each "M-D" key, sorted by year then text so the pick for a date never depends on file order.
    private var byDay: [String: [HistoryFact]]

    /// A catalogue of `facts` (e.g. a bundled copy with an entry changed).
    public init(facts: [HistoryFact]) {
        self.facts = facts
        byDay = Self.index(facts)
    }

    // MARK: Loading

    /// The location of the bundled `history.json`, or nil when the resource is missing.
    public static var resourceURL: URL? {
        // `.copy("Resources")` keeps the folder, so the file sits in a `Resources` subdirectory of the bundle.
        Bundle.module.url(forResource: "history", withExtension: "json", subdirectory: "Resources")
    }

    /// The catalogue shipped with the library.
    /// - Throws: ``HistoryCatalogError`` when the file is missing, unreadable, not valid JSON or empty.
    public static func load() throws(HistoryCatalogError) -> HistoryCatalog {
        guard let url = resourceURL else { throw .missingResource(resourceFile) }
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw .unreadable(file: resourceFile, reason: error.localizedDescription)
        }
        return try decode(data)
    }

    /// A catalogue from JSON data: an array of ``HistoryFact``.
    /// - Throws: ``HistoryCatalogError/malformed(file:reason:)`` naming the path of the bad value, or
    ///   ``HistoryCatalogError/empty(file:)`` for an empty array.
    public static func decode(_ data: Data, file: String = resourceFile) throws(HistoryCatalogError) -> HistoryCatalog {
        let facts: [HistoryFact]
        do {
            facts = try JSONDecoder().decode([HistoryFact].self, from: data)
        } catch let error as DecodingError {
            throw .malformed(file: file, reason: error.readableDescription)
        } catch {
            throw .malformed(file: file, reason: String(describing: error))
        }
        guard !facts.isEmpty else { throw .empty(file: file) }
        return HistoryCatalog(facts: facts)
    }

    // MARK: Lookup

    /// The "M-D" key of `date` without zero padding, e.g. "2-7" for 7 February (the original's key).
    public static func dayKey(for date: CivilDate) -> String { "\(date.month)-\(date.day)" }

    /// The facts stored for `date`'s day of the year, oldest first; empty when the catalogue has none.
    public func facts(on date: CivilDate) -> [HistoryFact] { byDay[Self.dayKey(for: date)] ?? [] }

    /// The fact to show on `date`. When several facts share the day, the pick is `year % count` among them (oldest
    /// first), so it is the same all day, everywhere, and changes from year to year. A day with no fact (only in a
    /// broken catalogue) falls back to a fact chosen by the day number, like the original's fallback list.
    public func fact(on date: CivilDate) -> HistoryFact {
        let candidates = facts(on: date)
        if !candidates.isEmpty {
            return candidates[Self.index(date.year, count: candidates.count)]
        }
        if !facts.isEmpty {
            return facts[Self.index(date.dayNumber, count: facts.count)]
        }
        return Self.lastResort
    }

    /// Shown only when a catalogue was built with no facts at all (``load()`` refuses an empty file).
    static let lastResort = HistoryFact(
        day: "8-1", year: 1291,
        event: "The Federal Charter of 1291, dated to early August, is remembered on Swiss National Day.",
        eventDE: "An den Bundesbrief von 1291, datiert auf Anfang August, erinnert der Nationalfeiertag.")

    // MARK: Validation

    /// Problems with the data, one readable line each; empty when the catalogue is complete and clean: every day of
    /// a leap year present, every key a real "M-D" day, years from 1 to the current Swiss year, both texts present,
    /// the German text not a copy of the English one, no entry repeated.
    public func validate() -> [String] {
        validate(currentYear: CivilDate(Date()).year)
    }

    /// ``validate()`` against a given current year (for a fixed result in tests).
    public func validate(currentYear: Int) -> [String] {
        var problems: [String] = []
        var seen = Set<HistoryFact>()
        for (position, fact) in facts.enumerated() {
            let label = "Fact \(position + 1) (\(fact.day.isEmpty ? "no day" : fact.day), \(fact.year))"
            if Self.date(forKey: fact.day) == nil {
                problems.append("\(label): day \"\(fact.day)\" is not a day of the year written as M-D, e.g. \"2-7\".")
            }
            if !(1...currentYear).contains(fact.year) {
                problems.append("\(label): year \(fact.year) is not between 1 and \(currentYear).")
            }
            let english = fact.event.trimmingCharacters(in: .whitespacesAndNewlines)
            let german = fact.eventDE.trimmingCharacters(in: .whitespacesAndNewlines)
            if english.isEmpty { problems.append("\(label): the English text (event) is empty.") }
            if german.isEmpty { problems.append("\(label): the German text (eventDE) is empty.") }
            if !english.isEmpty, english == german {
                problems.append("\(label): the German text (eventDE) is the same as the English one; translate it.")
            }
            if !seen.insert(fact).inserted { problems.append("\(label): the same entry appears twice.") }
        }
        var date = Self.referenceLeapYearStart
        while date.year == Self.referenceLeapYear {
            if byDay[Self.dayKey(for: date)] == nil {
                problems.append("No fact for \(Self.dayKey(for: date)); every day of the year needs at least one.")
            }
            date = date.adding(days: 1)
        }
        return problems
    }

    // MARK: Helpers

    /// A leap year, so "2-29" is among the days checked.
    private static let referenceLeapYear = 2028
    private static let referenceLeapYearStart = CivilDate(dayNumber: CivilDate.dayNumber(year: 2028, month: 1, day: 1))

    /// The date in the reference leap year for an "M-D" key, or nil when the key is not one (e.g. "02-07", "2-30").
    static func date(forKey key: String) -> CivilDate? {
        let parts = key.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 2, let month = Int(parts[0]), let day = Int(parts[1]),
            String(month) == parts[0], String(day) == parts[1]
        else { return nil }
        return CivilDate(year: referenceLeapYear, month: month, day: day)
    }

    private static func index(_ facts: [HistoryFact]) -> [String: [HistoryFact]] {
        Dictionary(grouping: facts, by: \.day).mapValues { group in
            group.sorted { ($0.year, $0.event, $0.eventDE) < ($1.year, $1.event, $1.eventDE) }
        }
    }

    /// A non-negative index below `count` for any integer (negative day numbers before 1970 included).
    private static func index(_ value: Int, count: Int) -> Int {
        ((value % count) + count) % count
    }

}
