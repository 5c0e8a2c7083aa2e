import ClubWeekly
import Foundation
import WebUI

/// The week picker: previous/next links and every week of the club's history.
struct WeekPickerModel: Equatable, Sendable {
    struct Option: Equatable, Sendable {
        var offset: Int
        var label: String
    }
    var label: String
    var previousURL: String?
    var nextURL: String?
    var currentWeekURL: String?
    var options: [Option]
    var selected: Int
    /// Hidden fields that keep the tab and its options when another week is picked.
    var keep: [(String, String)]

    static func == (a: Self, b: Self) -> Bool {
        a.label == b.label && a.previousURL == b.previousURL && a.nextURL == b.nextURL && a.options == b.options
            && a.selected == b.selected && a.keep.map { "\($0)=\($1)" } == b.keep.map { "\($0)=\($1)" }
    }
}

/// A club total of the week that the charts tab shows as a card, with its trend against last week.
enum SummaryStat: String, CaseIterable, Sendable {
    case distance, rides, activeMembers, elevation

    /// The leaderboard metric this total sums; nil for active members, which is a count of riders.
    var metric: Metric? {
        switch self {
        case .distance: .distance
        case .rides: .rides
        case .elevation: .elevation
        case .activeMembers: nil
        }
    }

    /// This total's trend in the week's summary.
    func trend(in summary: ClubSummary) -> Trend {
        switch self {
        case .distance: summary.distanceTrend
        case .rides: summary.ridesTrend
        case .activeMembers: summary.activeMembersTrend
        case .elevation: summary.elevationTrend
        }
    }
}

/// Summary card of the charts tab.
struct SummaryCard: Equatable, Sendable {
    var key: SummaryStat
    var label: String
    var value: String
    var trend: TrendBadge
    var detail: String
}

struct ChartsModel: Equatable, Sendable {
    var cards: [SummaryCard]
    var metricPicker: [Components.LinkItem]
    var metricLabel: String
    var bars: BarChart
    /// The donut of shares, or the distribution of a big club.
    var share: ShareChart
    /// The top of the club (and the viewer below it); everyone in a club of up to ``DashboardBuilder/chartRiders``.
    var rankings: [RankingRow]
    /// The link to the whole table when the ranking shows only the top of the club.
    var allRiders: DashboardLink?

    /// The donut, when the club is small enough to show one.
    var donut: DonutChart? {
        if case .donut(let donut) = share { return donut }
        return nil
    }
    /// The distribution, when the club is too big for a donut.
    var distribution: DistributionModel? {
        if case .distribution(let model) = share { return model }
        return nil
    }
}

struct TableModel: Equatable, Sendable {
    struct Column: Equatable, Sendable {
        var key: DashboardState.SortKey?
        var label: String
        /// Spoken/long label.
        var title: String
        var url: String?
        /// The fragment a script swaps in for `url` when sorting happens on the server (pages, searches).
        var fragmentURL: String? = nil
        var sortedDirection: String?
        /// The direction the first click sorts in.
        var firstDirection: String
    }
    struct Cell: Equatable, Sendable {
        var text: String
        var sortValue: String
        var trend: TrendBadge?
    }
    struct Row: Equatable, Sendable {
        var memberID: String
        var initials: String
        var hue: Int
        var cells: [Cell]
        var isTop: Bool
        var isMe: Bool
    }
    /// The name search of a club with more than one page of riders.
    struct Search: Equatable, Sendable {
        var query: String
        /// Hidden fields that keep the week and the order.
        var keep: [(String, String)]
        var clearURL: String?
        /// "12 riders match “sarah”" while searching.
        var result: String?

        static func == (a: Self, b: Self) -> Bool {
            a.query == b.query && a.clearURL == b.clearURL && a.result == b.result
                && a.keep.map { "\($0)=\($1)" } == b.keep.map { "\($0)=\($1)" }
        }
    }
    /// Links between the table's pages.
    struct Pager: Equatable, Sendable {
        /// "Page 3 of 46".
        var status: String
        /// "Riders 201–300 of 4,549".
        var shown: String
        var first: Components.LinkItem?
        var previous: Components.LinkItem?
        var next: Components.LinkItem?
        var last: Components.LinkItem?
    }
    var columns: [Column]
    /// The rows of this page (every rider when the club fits one page).
    var rows: [Row]
    var sortStatus: String
    /// Whether the browser sorts the rows (one page of the whole club) or the headers link to sorted pages.
    var clientSorted = true
    var search: Search? = nil
    var pager: Pager? = nil
    /// The page holding the viewer's row, when the table has more than one page.
    var jumpToMe: DashboardLink? = nil
}

struct RidesModel: Equatable, Sendable {
    struct Card: Equatable, Sendable {
        var memberName: String
        var initials: String
        var hue: Int
        var title: String
        var when: String
        var emoji: String
        var sportLabel: String
        var distance: String
        var paceLabel: String
        var pace: String
        var elevation: String
        var movingTime: String
        var tags: [String]
    }
    var summary: String
    var members: [(id: String, name: String)]
    var selectedMember: String?
    var orderLinks: [Components.LinkItem]
    var cards: [Card]
    /// "Show 50 more of 320" when the week has more rides than one page.
    var more: (label: String, url: String)?
    var filterKeep: [(String, String)]
    /// A club with more riders than a select can list filters by name: the search's text ("" for none); nil shows
    /// the member select.
    var search: String? = nil

    static func == (a: Self, b: Self) -> Bool {
        a.summary == b.summary && a.cards == b.cards && a.selectedMember == b.selectedMember && a.search == b.search
            && a.more?.url == b.more?.url
            && a.members.map(\.id) == b.members.map(\.id) && a.orderLinks == b.orderLinks
    }
}

struct InsightsModel: Equatable, Sendable {
    struct Card: Equatable, Sendable {
        var kind: String
        var icon: String
        var title: String
        var text: String
        var highlight: Bool
    }
    struct Tile: Equatable, Sendable {
        var label: String
        var value: String
        var detail: String
    }
    var modes: [Components.LinkItem]
    var mode: DashboardState.InsightsMode
    var subjectName: String
    /// Set when the viewer is not a member, or looks through someone else's eyes.
    var perspectiveNotice: String?
    var tiles: [Tile]
    var cards: [Card]
    var comparisons: [ComparisonBars]
    var riderOptions: [(id: String, name: String)]
    var selectedRider: String?
    var riderField: String
    var keep: [(String, String)]

    static func == (a: Self, b: Self) -> Bool {
        a.mode == b.mode && a.subjectName == b.subjectName && a.tiles == b.tiles && a.cards == b.cards
            && a.comparisons == b.comparisons && a.riderOptions.map(\.id) == b.riderOptions.map(\.id)
            && a.selectedRider == b.selectedRider && a.perspectiveNotice == b.perspectiveNotice
    }
}

/// What a dashboard tab shows.
enum PanelModel: Equatable, Sendable {
    case charts(ChartsModel)
    case table(TableModel)
    case rides(RidesModel)
    case insights(InsightsModel)
    /// A new club (no data at all) or a quiet week.
    case empty(title: String, message: String, action: (label: String, url: String)?)

    static func == (a: Self, b: Self) -> Bool {
        switch (a, b) {
        case (.charts(let x), .charts(let y)): x == y
        case (.table(let x), .table(let y)): x == y
        case (.rides(let x), .rides(let y)): x == y
        case (.insights(let x), .insights(let y)): x == y
        case (.empty(let t1, let m1, let a1), .empty(let t2, let m2, let a2)):
            t1 == t2 && m1 == m2 && a1?.label == a2?.label && a1?.url == a2?.url
        default: false
        }
    }
}

struct DashboardModel: Equatable, Sendable {
    var header: ClubHeaderModel
    var weekPicker: WeekPickerModel
    var tabs: [Components.LinkItem]
    var panel: PanelModel
    var state: DashboardState
    var renderedAt: String
    var notice: String?
}
