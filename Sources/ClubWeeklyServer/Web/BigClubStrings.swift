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
    /// The distribution that replaces the donut in a big club: "How the club rode — Distance".
    var distributionTitle: String
    /// Its description: metric noun, active riders, week.
    var distributionDescription: @Sendable (_ noun: String, _ riders: Int, _ week: String) -> String
    /// Header of its data table's count column.
    var ridersHeader: String
    /// "812 riders".
    var riderCount: @Sendable (Int) -> String
    /// The text above the viewer's band.
    var youMarker: String
    /// A band's unit after a number, by metric: " km", "m".
    var units: [String: String]
    /// "20–40 km".
    var band: @Sendable (_ low: String, _ high: String, _ unit: String) -> String
    /// "under 15 km/h".
    var under: @Sendable (_ low: String, _ unit: String) -> String
    /// "200 km or more".
    var orMore: @Sendable (_ high: String, _ unit: String) -> String
    /// "3–4 rides".
    var rideRange: @Sendable (_ low: String, _ high: String) -> String
    /// The line under the distribution's axis: "Riders per 50 km band".
    var bandCaption: @Sendable (String) -> String
    /// The same for rides, one band per number of rides.
    var ridesCaption: String
    /// A club's rides: "12,345 rides".
    var rideTotal: @Sendable (Int) -> String
    /// "8 or more rides".
    var ridesOrMore: @Sendable (String) -> String
    /// "The busiest band: 20–40 km, 812 of 4,563 riders."
    var busiestBand: @Sendable (_ band: String, _ count: Int, _ riders: Int) -> String
    /// "Median rider: 38.2 km."
    var medianRider: @Sendable (String) -> String
    /// "You: 57.0 km, ahead of 72% of the club."
    var youStand: @Sendable (_ value: String, _ percentAhead: Int) -> String
    /// "The top 10 account for 3% of the club's 98,765 km."
    var topShare: @Sendable (_ top: Int, _ percent: String, _ total: String) -> String

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
        moreRidersThisWeek: { "+ \(grouped($0)) more rider\($0 == 1 ? "" : "s") this week" },
        distributionTitle: "How the club rode",
        distributionDescription: { noun, riders, week in
            "How many of the club's \(grouped(riders)) active riders fall in each band of \(noun): \(week)."
        },
        ridersHeader: "Riders", riderCount: { "\(grouped($0)) rider\($0 == 1 ? "" : "s")" }, youMarker: "You",
        units: ["distance": " km", "speed": " km/h", "elevation": "m"],
        band: { low, high, unit in "\(low)–\(high)\(unit)" }, under: { low, unit in "under \(low)\(unit)" },
        orMore: { high, unit in "\(high)\(unit) or more" }, rideRange: { low, high in "\(low)–\(high) rides" },
        bandCaption: { "Riders per \($0) band" }, ridesCaption: "Riders by number of rides",
        rideTotal: { "\(grouped($0)) ride\($0 == 1 ? "" : "s")" }, ridesOrMore: { "\($0) or more rides" },
        busiestBand: { band, count, riders in
            "The busiest band: \(band), \(grouped(count)) of \(grouped(riders)) riders."
        },
        medianRider: { "Median rider: \($0)." },
        youStand: { value, percent in
            percent > 0 ? "You: \(value), ahead of \(percent)% of the club." : "You: \(value)."
        },
        topShare: { top, percent, total in "The top \(top) account for \(percent) of the club's \(total)." })

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
