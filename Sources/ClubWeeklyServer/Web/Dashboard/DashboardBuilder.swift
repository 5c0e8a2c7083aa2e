import ClubWeekly
import Foundation
import WebUI

/// Pure functions from the week's domain values to the dashboard's page models.
enum DashboardBuilder {
    static let medals = ["🥇", "🥈", "🥉"]
    /// Riders drawn as their own donut segment; the rest are grouped.
    static let donutSegments = 11
    /// Ride cards per page of the rides tab.
    static let ridesPerPage = 50

    /// What one dashboard view is built from: domain values only.
    struct Input: Sendable {
        var club: Club
        var state: DashboardState
        /// The week ranked by `state.metric`.
        var report: WeekReport
        /// The club's members, for names (a report row without one is a former member).
        var members: [Member]
        /// The oldest week with data.
        var oldestOffset: Int
        /// Every selectable week, oldest first.
        var weeks: [WeekPickerModel.Option]
        var viewer: Viewer
        /// The insights tab's subject's insights; nil on other tabs.
        var insights: WeekInsights?
        var renderedAt: String
        var hasAnyData: Bool
        var notice: String? = nil
        var strings: ClubWeeklyStrings = .en

        var riders: [RiderRow] { RiderRow.rows(report, members: members) }
        var rides: [RideRow] { RideRow.rows(report, members: members, timeZone: club.timeZone) }
    }

    /// The one pipeline from loaded data to the page model, shared by the server and ``ClubWeeklyPages``: ranks the
    /// week by the state's metric, picks whose insights the insights tab shows and computes them from the same rows.
    static func dashboard(
        _ data: WeekData, state: DashboardState, viewer: Viewer, now: Date, strings: ClubWeeklyStrings = .en
    ) -> DashboardModel {
        var state = state
        let report = data.report(metric: state.metric)
        var insights: WeekInsights?
        if state.tab == .insights && (!report.members.isEmpty || state.mode == .lowest) {
            let ranked = report.members.map(\.memberID)
            let perspective =
                state.perspective.flatMap { id in ranked.first { $0.rawValue == id } }
                ?? viewer.memberID.map { MemberID($0) } ?? ranked.first
            if let perspective {
                if state.perspective != nil && state.perspective != perspective.rawValue { state.perspective = nil }
                insights = data.insights(for: perspective, subject: state.rider.map { MemberID($0) })
            }
        }
        return dashboard(
            Input(
                club: data.club, state: state, report: report, members: data.members, oldestOffset: data.oldestOffset,
                weeks: weekOptions(club: data.club, oldest: data.oldestOffset, now: now, strings: strings),
                viewer: viewer, insights: insights,
                renderedAt: Format.activityDate(now, timeZone: data.club.timeZone), hasAnyData: data.hasAnyData,
                notice: nil, strings: strings))
    }

    static func dashboard(_ input: Input) -> DashboardModel {
        let slug = input.club.slug
        let state = input.state
        let s = input.strings
        let tabs = DashboardState.Tab.allCases.map { tab in
            let target = state.with { $0.tab = tab }
            return Components.LinkItem(
                label: s.tabs[tab]?.label ?? tab.rawValue, url: ClubWeeklyURL.dashboard(slug, target).path,
                fragmentURL: ClubWeeklyURL.fragment(slug, target).path, isCurrent: tab == state.tab,
                key: tab.rawValue, icon: s.tabs[tab]?.icon,
                // Insights cost a 12-week history read: fetched on demand, not on every page view.
                prefetch: tab != .insights)
        }
        return DashboardModel(
            header: ClubHeaderModel(
                slug: slug, name: input.club.name,
                colours: [input.club.colors.first, input.club.colors.second, input.club.colors.third],
                viewer: input.viewer),
            weekPicker: weekPicker(input), tabs: tabs, panel: panel(input), state: state,
            renderedAt: input.renderedAt, notice: input.notice)
    }

    /// Every week from `oldest` to this one, this week labelled "This week · …".
    static func weekOptions(
        club: Club, oldest: Int, now: Date, strings s: ClubWeeklyStrings = .en
    ) -> [WeekPickerModel.Option] {
        WeekCalendar(club: club).weeks(offset: oldest...0, from: now).enumerated().map { index, week in
            WeekPickerModel.Option(
                offset: oldest + index, label: oldest + index == 0 ? "\(s.thisWeek) · \(week.range)" : week.label)
        }
    }

    static func weekPicker(_ input: Input) -> WeekPickerModel {
        let state = input.state
        let slug = input.club.slug
        let oldest = input.oldestOffset
        var keep: [(String, String)] = []
        if state.tab != .charts { keep.append(("tab", state.tab.rawValue)) }
        if state.metric != .distance { keep.append(("metric", state.metric.rawValue)) }
        if state.mode != .me { keep.append(("mode", state.mode.rawValue)) }
        return WeekPickerModel(
            label: input.report.week.label,
            previousURL: state.week > oldest
                ? ClubWeeklyURL.dashboard(
                    slug,
                    state.with {
                        $0.week -= 1; $0.member = nil; $0.rider = nil
                    }
                ).path : nil,
            nextURL: state.week < 0
                ? ClubWeeklyURL.dashboard(
                    slug,
                    state.with {
                        $0.week += 1; $0.member = nil; $0.rider = nil
                    }
                ).path : nil,
            currentWeekURL: state.week < -1 ? ClubWeeklyURL.dashboard(slug, state.with { $0.week = 0 }).path : nil,
            options: input.weeks.reversed(), selected: state.week, keep: keep)
    }

    static func panel(_ input: Input) -> PanelModel {
        let s = input.strings
        if !input.hasAnyData {
            return .empty(title: s.newClubTitle, message: s.newClubMessage, action: nil)
        }
        if input.report.activities.isEmpty && input.state.tab != .insights {
            let previous =
                input.state.week > input.oldestOffset
                ? (s.seePreviousWeek, ClubWeeklyURL.dashboard(input.club.slug, input.state.with { $0.week -= 1 }).path)
                : nil
            return .empty(title: s.noRidesTitle, message: s.noRidesThisWeek, action: previous)
        }
        switch input.state.tab {
        case .charts: return .charts(charts(input))
        case .table: return .table(table(input))
        case .rides: return .rides(rides(input))
        case .insights: return .insights(insights(input))
        }
    }

    // MARK: Charts

    static func metricValue(_ row: RiderRow, _ metric: Metric) -> Double {
        switch metric {
        case .rides: Double(row.rides)
        case .speed: row.avgSpeedKmh
        case .elevation: Double(row.elevationM)
        case .movingTime: Double(row.movingTimeS)
        case .longestRide: row.longestRideKm
        case .distance: row.distanceKm
        }
    }

    static func metricText(_ value: Double, _ metric: Metric, strings s: ClubWeeklyStrings = .en) -> String {
        switch metric {
        case .rides: s.rideCount(Int(value))
        case .speed: "\(fixed1(value)) km/h"
        case .elevation: Format.metres(value)
        case .movingTime: Format.duration(Int(value))
        case .distance, .longestRide: Format.distanceKm(value * 1000)
        }
    }

    /// Short values for bar labels: "238 km", "4", "28.4", "1.2k m".
    static func compactText(_ value: Double, _ metric: Metric, strings s: ClubWeeklyStrings = .en) -> String {
        switch metric {
        case .distance, .longestRide: "\(Int(value.isFinite ? value.rounded() : 0)) km"
        case .speed: fixed1(value)
        case .elevation: Format.elevation(value)
        default: metricText(value, metric, strings: s)
        }
    }

    static func fixed1(_ value: Double) -> String {
        guard value.isFinite else { return "0.0" }
        let tenths = Int((value * 10).rounded())
        return "\(tenths / 10).\(abs(tenths % 10))"
    }

    static func charts(_ input: Input) -> ChartsModel {
        let report = input.report
        let state = input.state
        let s = input.strings
        let slug = input.club.slug
        let metric = state.metric
        let summary = report.summary
        let distanceKm = Rounded.tenth(summary.distance / 1000)
        let elevationM = Rounded.whole(summary.elevation)
        func trend(_ stat: SummaryStat) -> TrendBadge { TrendBadge(stat.trend(in: summary)) }
        let cards = [
            SummaryCard(
                key: .distance, label: s.totalKm,
                value: Format.distanceKm(distanceKm * 1000, decimals: 0)
                    .replacingOccurrences(of: " km", with: ""), trend: trend(.distance),
                detail: s.vsLastWeek(trend(.distance).text)),
            SummaryCard(
                key: .rides, label: s.rides, value: "\(summary.rides)", trend: trend(.rides),
                detail: s.membersActive(summary.activeMembers)),
            SummaryCard(
                key: .activeMembers, label: s.activeMembers, value: "\(summary.activeMembers)",
                trend: trend(.activeMembers), detail: s.vsLastWeek(trend(.activeMembers).text)),
            SummaryCard(
                key: .elevation, label: s.elevation, value: Format.metres(Double(elevationM)),
                trend: trend(.elevation), detail: s.vsLastWeek(trend(.elevation).text)),
        ]
        let picker = DashboardState.chartMetrics.map { option in
            let target = state.with { $0.metric = option }
            return Components.LinkItem(
                label: s.metricLabels[option.rawValue] ?? option.title, url: ClubWeeklyURL.dashboard(slug, target).path,
                fragmentURL: ClubWeeklyURL.fragment(slug, target).path, isCurrent: option == metric,
                key: option.rawValue)
        }
        // The report ranks members by the selected metric already; keep its order (ties by name).
        let active = input.riders.filter { $0.rides > 0 }
        let label = s.metricLabels[metric.rawValue] ?? metric.title
        let bars = BarChart(
            title: "\(s.topRiders) — \(label)",
            description: s.barsDescription(s.metricNouns[metric.rawValue] ?? metric.noun, report.week.label),
            data: active.enumerated().map { index, row in
                let value = metricValue(row, metric)
                return ChartDatum(
                    label: row.name, fullLabel: row.fullName, value: value,
                    valueText: compactText(value, metric, strings: s),
                    highlight: index == 0 && value > 0, hue: row.hue)
            }, labelHeader: s.riderHeader, valueHeader: label, id: "bars-\(metric.rawValue)")
        // A share of average speeds means nothing: for speed the donut shows shares of distance.
        let shareMetric: Metric = metric == .speed ? .distance : metric
        let shareLabel = s.metricLabels[shareMetric.rawValue] ?? shareMetric.title
        let total: Double
        let centre: String
        switch shareMetric {
        case .rides:
            total = Double(summary.rides)
            centre = "\(summary.rides)"
        case .elevation:
            total = Double(elevationM)
            centre = Format.metres(total)
        default:
            total = distanceKm
            centre = Format.distanceKm(total * 1000, decimals: 0)
        }
        let shareRows = active.sorted { metricValue($0, shareMetric) > metricValue($1, shareMetric) }
        var shares = shareRows.prefix(donutSegments).map { row in
            let value = metricValue(row, shareMetric)
            return ChartDatum(
                label: row.name, fullLabel: row.fullName, value: value,
                valueText: metricText(value, shareMetric, strings: s),
                hue: row.hue)
        }
        // More segments than colours a reader can tell apart: the rest share one "others" segment.
        if shareRows.count > donutSegments + 1 {
            let rest = shareRows.dropFirst(donutSegments)
            let value = rest.reduce(0) { $0 + metricValue($1, shareMetric) }
            shares.append(
                ChartDatum(
                    label: s.otherRiders(rest.count), fullLabel: s.otherRidersFull(rest.count), value: value,
                    valueText: metricText(value, shareMetric, strings: s), hue: 215))
        } else if shareRows.count == donutSegments + 1, let last = shareRows.last {
            let value = metricValue(last, shareMetric)
            shares.append(
                ChartDatum(
                    label: last.name, fullLabel: last.fullName, value: value,
                    valueText: metricText(value, shareMetric, strings: s),
                    hue: last.hue))
        }
        let donut = DonutChart(
            title: "\(s.shareOfClub) — \(shareLabel)",
            description: s.donutDescription(s.metricNouns[shareMetric.rawValue] ?? shareMetric.noun, centre),
            data: shares, centerValue: centre, centerLabel: s.totalClub, labelHeader: s.riderHeader,
            valueHeader: shareLabel,
            id: "donut-\(shareMetric.rawValue)")
        _ = total
        let rankings = active.enumerated().map { index, row in
            RankingRow(
                memberID: row.memberID, rank: row.rank, medal: row.rank <= 3 ? medals[row.rank - 1] : nil,
                name: row.name, fullName: row.fullName, initials: row.initials, hue: row.hue,
                value: metricText(metricValue(row, metric), metric, strings: s), trend: row.trend,
                isMe: row.memberID == input.viewer.memberID)
        }
        return ChartsModel(
            cards: cards, metricPicker: picker, metricLabel: label, bars: bars, donut: donut, rankings: rankings)
    }

    // MARK: Table

    static func table(_ input: Input) -> TableModel {
        let state = input.state
        let slug = input.club.slug
        let s = input.strings
        typealias Key = DashboardState.SortKey
        let columnSpec: [(Key?, String, String)] = [
            (nil, s.columnRank, s.columnRankTitle), (.name, s.columnRider, s.columnRiderTitle),
            (.distance, s.columnDistance, s.columnDistanceTitle), (.rides, s.columnRides, s.columnRidesTitle),
            (.elevation, s.columnElevation, s.columnElevationTitle), (.speed, s.columnSpeed, s.columnSpeedTitle),
            (.time, s.columnTime, s.columnTimeTitle), (.trend, s.columnTrend, s.columnTrendTitle),
        ]
        let columns = columnSpec.map { key, label, title -> TableModel.Column in
            guard let key else {
                return .init(key: nil, label: label, title: title, url: nil, sortedDirection: nil, firstDirection: "")
            }
            let isSorted = key == state.sort
            let firstAscending = key == .name
            let nextAscending = isSorted ? !state.ascending : firstAscending
            let url = ClubWeeklyURL.dashboard(
                slug,
                state.with {
                    $0.sort = key; $0.ascending = nextAscending
                }
            ).path
            return .init(
                key: key, label: label, title: title, url: url,
                sortedDirection: isSorted ? (state.ascending ? "ascending" : "descending") : nil,
                firstDirection: firstAscending ? "ascending" : "descending")
        }
        func sortValue(_ row: RiderRow, _ key: Key) -> Double {
            switch key {
            case .name: 0
            case .distance: row.distanceKm
            case .rides: Double(row.rides)
            case .elevation: Double(row.elevationM)
            case .speed: row.avgSpeedKmh
            case .time: Double(row.movingTimeS)
            case .trend: trendSortValue(row.trend)
            }
        }
        let sorted = input.riders.sorted { a, b in
            if state.sort == .name {
                let order = a.fullName.localizedCaseInsensitiveCompare(b.fullName)
                if order != .orderedSame {
                    return state.ascending ? order == .orderedAscending : order == .orderedDescending
                }
            } else {
                let x = sortValue(a, state.sort)
                let y = sortValue(b, state.sort)
                if x != y { return state.ascending ? x < y : x > y }
            }
            return a.rank != b.rank ? a.rank < b.rank : a.memberID < b.memberID
        }
        let rows = sorted.enumerated().map { index, row in
            TableModel.Row(
                memberID: row.memberID, initials: row.initials, hue: row.hue,
                cells: [
                    .init(text: "\(index + 1)", sortValue: "\(index + 1)"),
                    .init(text: row.name, sortValue: row.fullName.lowercased()),
                    .init(text: fixed1(row.distanceKm), sortValue: "\(row.distanceKm)"),
                    .init(text: "\(row.rides)", sortValue: "\(row.rides)"),
                    .init(text: Format.elevation(Double(row.elevationM)), sortValue: "\(row.elevationM)"),
                    .init(text: fixed1(row.avgSpeedKmh), sortValue: "\(row.avgSpeedKmh)"),
                    .init(text: row.movingTime, sortValue: "\(row.movingTimeS)"),
                    .init(
                        text: row.trend.text.isEmpty ? "–" : row.trend.text,
                        sortValue: "\(trendSortValue(row.trend))", trend: row.trend),
                ], isTop: index == 0, isMe: row.memberID == input.viewer.memberID)
        }
        let sortedColumn = columns.first { $0.key == state.sort }
        return TableModel(
            columns: columns, rows: rows,
            sortStatus: "\(sortedColumn?.title ?? "") \(state.ascending ? "↑" : "↓")")
    }

    /// New riders sort above any percentage; members without a trend below.
    static func trendSortValue(_ trend: TrendBadge) -> Double {
        switch trend.direction {
        case .new: 1e9
        case .none: -1e9
        case .up, .down, .flat: trend.percent ?? 0
        }
    }

    // MARK: Rides

    static func rides(_ input: Input) -> RidesModel {
        let state = input.state
        let slug = input.club.slug
        let s = input.strings
        let all = input.rides
        var activities = all
        if let member = state.member { activities = activities.filter { $0.memberID == member } }
        if state.order == .oldest { activities.reverse() }
        let byID = Dictionary(input.riders.map { ($0.memberID, $0) }, uniquingKeysWith: { a, _ in a })
        var seen = Set<String>()
        var members: [(id: String, name: String)] = []
        for activity in all where seen.insert(activity.memberID).inserted {
            members.append((activity.memberID, activity.memberName))
        }
        members.sort { $0.name.localizedCaseInsensitiveCompare($1.name) == .orderedAscending }
        let total = activities.count
        let shown = min(total, max(ridesPerPage, state.show))
        let more: (label: String, url: String)? =
            shown < total
            ? (
                s.showMore(min(ridesPerPage, total - shown), total),
                ClubWeeklyURL.dashboard(
                    slug, state.with { $0.show = min(DashboardState.maximumShown, shown + ridesPerPage) }
                ).path
            ) : nil
        let cards = activities.prefix(shown).map { activity in
            let member = byID[activity.memberID]
            let paced = SportTypes.paced.contains(activity.sportType)
            var tags: [String] = []
            if activity.trainer { tags.append(s.indoor) }
            if activity.commute { tags.append(s.commute) }
            return RidesModel.Card(
                memberName: activity.memberName,
                initials: member?.initials
                    ?? String(activity.memberName.prefix(1)).uppercased(),
                hue: member?.hue ?? Format.colorHash(activity.memberName), title: activity.title,
                when: activity.startLocal, emoji: activity.emoji, sportLabel: activity.sportLabel,
                distance: "\(fixed1(activity.distanceKm))km", paceLabel: paced ? s.statPace : s.statSpeed,
                pace: activity.pace,
                elevation: activity.elevationM >= 1000 ? activity.elevation : "\(activity.elevationM)m",
                movingTime: activity.movingTime, tags: tags)
        }
        let count = all.count
        let riders = members.count
        let order = DashboardState.RideOrder.allCases.map { option in
            let target = state.with { $0.order = option }
            return Components.LinkItem(
                label: option == .newest ? s.newestFirst : s.oldestFirst,
                url: ClubWeeklyURL.dashboard(slug, target).path, fragmentURL: ClubWeeklyURL.fragment(slug, target).path,
                isCurrent: option == state.order, key: option.rawValue)
        }
        var keep: [(String, String)] = [("tab", "rides")]
        if state.week != 0 { keep.append(("week", String(state.week))) }
        if state.order != .newest { keep.append(("order", state.order.rawValue)) }
        return RidesModel(
            summary: s.ridesSummary(count, riders),
            members: members, selectedMember: state.member, orderLinks: order, cards: Array(cards), more: more,
            filterKeep: keep)
    }

    // MARK: Insights

    static func insightIcon(_ kind: Insight.Kind) -> String {
        switch kind {
        case .rank: "🏅"
        case .weekOverWeek: "📈"
        case .personalBest: "🎉"
        case .streak: "🔥"
        case .coachingTip: "💡"
        case .gap: "📊"
        case .strength: "💪"
        case .advantage: "⚡"
        case .lowWeekCause: "🔎"
        case .encouragement: "🙌"
        case .noActivity: "😴"
        }
    }

    static func cards(_ insights: [Insight]) -> [InsightsModel.Card] {
        insights.map {
            .init(
                kind: $0.kind.rawValue, icon: insightIcon($0.kind), title: $0.title, text: $0.text,
                highlight: $0.kind == .personalBest || $0.kind == .streak)
        }
    }

    static func insights(_ input: Input) -> InsightsModel {
        let state = input.state
        let slug = input.club.slug
        let riders = input.riders
        let s = input.strings
        let byID = Dictionary(riders.map { ($0.memberID, $0) }, uniquingKeysWith: { a, _ in a })
        let modes: [(DashboardState.InsightsMode, String)] = [
            (.me, s.modeMyStats), (.top3, s.modeTop3), (.lowest, s.modeLowest),
        ]
        let modeLinks = modes.map { mode, label in
            let target = state.with { $0.mode = mode }
            return Components.LinkItem(
                label: label, url: ClubWeeklyURL.dashboard(slug, target).path,
                fragmentURL: ClubWeeklyURL.fragment(slug, target).path, isCurrent: mode == state.mode,
                key: mode.rawValue)
        }
        let insights = input.insights
        let subjectID = insights?.member.rawValue ?? ""
        let subjectName = byID[subjectID]?.name ?? input.viewer.memberName ?? s.riderFallback
        var notice: String?
        if input.viewer.memberID == nil {
            notice = s.perspectiveGuest(subjectName)
        } else if input.viewer.memberID != subjectID {
            notice = s.perspectiveOther(subjectName)
        }
        var keep: [(String, String)] = [("tab", "insights"), ("mode", state.mode.rawValue)]
        if state.week != 0 { keep.append(("week", String(state.week))) }
        var riderOptions = riders.sorted { $0.rank < $1.rank }.map { (id: $0.memberID, name: $0.name) }
        // A member without a ride this week still sees (and can pick) their own stats.
        if state.mode != .lowest, let me = input.viewer.memberID, let name = input.viewer.memberName,
            !riderOptions.contains(where: { $0.id == me })
        {
            riderOptions.insert((id: me, name: name), at: 0)
        }
        var model = InsightsModel(
            modes: modeLinks, mode: state.mode, subjectName: subjectName, perspectiveNotice: notice, tiles: [],
            cards: [], comparisons: [], riderOptions: riderOptions, selectedRider: nil, riderField: "as", keep: keep)
        guard let insights else { return model }
        switch state.mode {
        case .me:
            if let row = byID[subjectID] {
                let rank = "#\(row.rank)"
                model.tiles = [
                    .init(
                        label: s.tileDistance, value: Format.distanceKm(row.distanceKm * 1000), detail: row.trend.text),
                    .init(label: s.tileRank, value: rank, detail: s.tileRankDetail(input.report.summary.activeMembers)),
                    .init(label: s.tileRides, value: "\(row.rides)", detail: row.movingTime),
                    .init(
                        label: s.tileAvgSpeed, value: "\(fixed1(row.avgSpeedKmh)) km/h",
                        detail: s.climbed(Format.metres(Double(row.elevationM)))),
                ]
            }
            model.cards = cards(insights.myStats)
            model.selectedRider = subjectID
        case .top3:
            let versus = insights.versusTop3
            let names = versus.top.map { byID[$0.memberID.rawValue]?.name ?? s.riderFallback }
            model.comparisons = versus.comparisons.map { comparison in
                var rows = zip(names, comparison.top).enumerated().map { index, pair in
                    ChartDatum(
                        label: "\(pair.0) \(medals[min(index, 2)])", fullLabel: pair.0,
                        value: displayValue(pair.1, comparison.metric),
                        valueText: comparison.metric.format(pair.1))
                }
                let label = s.metricTitles[comparison.metric.rawValue] ?? comparison.metric.title
                if versus.me == nil || !versus.top.contains(where: { $0.memberID.rawValue == subjectID }) {
                    rows.append(
                        ChartDatum(
                            label: "⟶ \(subjectName)", fullLabel: subjectName,
                            value: displayValue(comparison.mine, comparison.metric),
                            valueText: comparison.metric.format(comparison.mine), highlight: true))
                }
                return ComparisonBars(
                    title: s.comparisonTitle(label),
                    description: s.comparisonDescription(
                        subjectName, s.metricNouns[comparison.metric.rawValue] ?? comparison.metric.noun),
                    rows: rows, labelHeader: s.riderHeader, valueHeader: label,
                    id: "compare-\(comparison.metric.rawValue)")
            }
            model.cards = cards(versus.insights)
            model.selectedRider = subjectID
        case .lowest:
            model.cards = cards(insights.lowestWeek)
            model.selectedRider = insights.lowestWeekMember?.rawValue
            model.riderField = "rider"
        }
        return model
    }

    /// Chart values in display units (km, km/h) so bars match their labels.
    static func displayValue(_ value: Double, _ metric: Metric) -> Double {
        switch metric {
        case .distance, .longestRide: value / 1000
        case .speed: value * 3.6
        default: value
        }
    }
}
