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
    var donut: DonutChart
    var rankings: [RankingRow]
}

struct TableModel: Equatable, Sendable {
    struct Column: Equatable, Sendable {
        var key: DashboardState.SortKey?
        var label: String
        /// Spoken/long label.
        var title: String
        var url: String?
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
    var columns: [Column]
    var rows: [Row]
    var sortStatus: String
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

    static func == (a: Self, b: Self) -> Bool {
        a.summary == b.summary && a.cards == b.cards && a.selectedMember == b.selectedMember
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
