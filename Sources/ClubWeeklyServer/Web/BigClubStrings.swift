import Foundation

/// The strings of the parts that keep a big club's pages small: the top of the club in charts and on the TV board,
/// the table's pages and search. Numbers go through closures so a translation chooses its own plurals.
struct BigClubStrings: Sendable {
    /// Axis label of the bar that stands for the riders below the top: "4,543 others".
    var othersBar: @Sendable (Int) -> String
    /// Its full label (tooltip and data table): "Average of 4,543 other riders".
    var othersBarFull: @Sendable (Int) -> String
    /// Its value: "avg 23 km".
    var averageValue: @Sendable (String) -> String
    /// Axis label of the viewer's own bar below the top: "You (#137)".
    var youBar: @Sendable (Int) -> String
    /// The link under the charts' ranking to the whole table: "All 4,563 riders in the table".
    var allRidersInTable: @Sendable (Int) -> String
    /// Bar chart description of a big club: metric noun, week, how many riders are shown on their own.
    var barsDescriptionTop: @Sendable (_ noun: String, _ week: String, _ shown: Int) -> String
    /// Table search.
    var searchLabel: String
    var searchPlaceholder: String
    var search: String
    var clearSearch: String
    /// "12 riders match “sarah”".
    var searchResults: @Sendable (_ count: Int, _ query: String) -> String
    var noMatchesTitle: String
    var noMatchesMessage: String
    /// Table pages.
    var pagesLabel: String
    var previousPage: String
    var nextPage: String
    var firstPage: String
    var lastPage: String
    /// "Riders 201–300 of 4,549".
    var rowsShown: @Sendable (_ from: Int, _ to: Int, _ total: Int) -> String
    /// "Page 3 of 46".
    var pageOf: @Sendable (_ page: Int, _ pages: Int) -> String
    var jumpToMe: String
    /// The TV board's line under its leaderboard: "+ 4,553 more riders this week".
    var moreRidersThisWeek: @Sendable (Int) -> String

    static let en = BigClubStrings(
        othersBar: { "\(grouped($0)) others" }, othersBarFull: { "Average of \(grouped($0)) other riders" },
        averageValue: { "avg \($0)" }, youBar: { "You (#\($0))" },
        allRidersInTable: { "All \(grouped($0)) riders in the table" },
        barsDescriptionTop: { noun, week, shown in
            "The top \(shown) riders by \(noun), then the average of the others: \(week)."
        },
        searchLabel: "Find a rider", searchPlaceholder: "Name", search: "Search", clearSearch: "Clear",
        searchResults: { count, query in
            "\(grouped(count)) rider\(count == 1 ? "" : "s") match “\(query)”"
        },
        noMatchesTitle: "No riders match", noMatchesMessage: "Check the spelling, or clear the search.",
        pagesLabel: "Table pages", previousPage: "Previous", nextPage: "Next", firstPage: "First", lastPage: "Last",
        rowsShown: { from, to, total in "Riders \(grouped(from))–\(grouped(to)) of \(grouped(total))" },
        pageOf: { page, pages in "Page \(grouped(page)) of \(grouped(pages))" }, jumpToMe: "Jump to me",
        moreRidersThisWeek: { "+ \(grouped($0)) more rider\($0 == 1 ? "" : "s") this week" })

    /// 4563 → "4,563".
    static func grouped(_ value: Int) -> String {
        let digits = String(abs(value))
        var out = ""
        for (index, character) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { out.append(",") }
            out.append(character)
        }
        return value < 0 ? "-" + out : out
    }
}
