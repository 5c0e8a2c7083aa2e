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
    /// Riders the bar chart and the ranking draw one by one; the viewer is added when ranked lower, the rest are
    /// grouped (see ``TopOfClub``).
    static let chartRiders = 20
    /// Rows of one table page: a club of up to this many riders sees one page and sorts it in the browser.
    static let tableRowsPerPage = 100

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
        // Only the rides tab lists the week's rides.
        let report = data.report(metric: state.metric, rides: state.tab == .rides)
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
        if let search = state.search { keep.append(("q", search)) }
        return WeekPickerModel(
            label: input.report.week.label,
            previousURL: state.week > oldest
                ? ClubWeeklyURL.dashboard(
                    slug,
                    state.with {
                        $0.week -= 1; $0.member = nil; $0.rider = nil; $0.page = 1
                    }
                ).path : nil,
            nextURL: state.week < 0
                ? ClubWeeklyURL.dashboard(
                    slug,
                    state.with {
                        $0.week += 1; $0.member = nil; $0.rider = nil; $0.page = 1
                    }
                ).path : nil,
            currentWeekURL: state.week < -1
                ? ClubWeeklyURL.dashboard(
                    slug,
                    state.with {
                        $0.week = 0; $0.page = 1
                    }
                ).path : nil,
            options: input.weeks.reversed(), selected: state.week, keep: keep)
    }

    static func panel(_ input: Input) -> PanelModel {
        let s = input.strings
        if !input.hasAnyData {
            return .empty(title: s.newClubTitle, message: s.newClubMessage, action: nil)
        }
        if input.report.summary.rides == 0 && input.state.tab != .insights {
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
                key: .rides, label: s.rides, value: BigClubStrings.grouped(summary.rides), trend: trend(.rides),
                detail: s.membersActive(summary.activeMembers)),
            SummaryCard(
                key: .activeMembers, label: s.activeMembers, value: BigClubStrings.grouped(summary.activeMembers),
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
        let drawn = TopOfClub(active, limit: chartRiders, viewer: input.viewer.memberID)
        let bars = BarChart(
            title: "\(s.topRiders) — \(label)",
            description: drawn.isGrouped
                ? s.big.barsDescriptionTop(
                    s.metricNouns[metric.rawValue] ?? metric.noun, report.week.label, drawn.top.count)
                : s.barsDescription(s.metricNouns[metric.rawValue] ?? metric.noun, report.week.label),
            data: barData(drawn, metric: metric, strings: s), labelHeader: s.riderHeader, valueHeader: label,
            id: "bars-\(metric.rawValue)")
        // A share of average speeds means nothing: for speed the donut shows shares of distance.
        let shareMetric: Metric = metric == .speed ? .distance : metric
        let shareLabel = s.metricLabels[shareMetric.rawValue] ?? shareMetric.title
        let centre: String
        switch shareMetric {
        case .rides: centre = "\(summary.rides)"
        case .elevation: centre = Format.metres(Double(elevationM))
        default: centre = Format.distanceKm(distanceKm * 1000, decimals: 0)
        }
        let share = shareChart(input, active: active) {
            donut(active, shareMetric: shareMetric, shareLabel: shareLabel, centre: centre, strings: s)
        }
        let rankings = drawn.shown.map { row in
            RankingRow(
                memberID: row.memberID, rank: row.rank, medal: row.rank <= 3 ? medals[row.rank - 1] : nil,
                name: row.name, fullName: row.fullName, initials: row.initials, hue: row.hue,
                value: metricText(metricValue(row, metric), metric, strings: s), trend: row.trend,
                isMe: row.memberID == input.viewer.memberID)
        }
        let everyone: DashboardLink? =
            drawn.isGrouped
            ? DashboardLink(
                label: s.big.allRidersInTable(active.count),
                url: ClubWeeklyURL.dashboard(slug, tableState(state)).path,
                fragmentURL: ClubWeeklyURL.fragment(slug, tableState(state)).path) : nil
        return ChartsModel(
            cards: cards, metricPicker: picker, metricLabel: label, bars: bars, share: share, rankings: rankings,
            allRiders: everyone)
    }

    /// The donut of each rider's share of the club's total: the top ``donutSegments`` and the rest as one segment.
    static func donut(
        _ active: [RiderRow], shareMetric: Metric, shareLabel: String, centre: String, strings s: ClubWeeklyStrings
    ) -> DonutChart {
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
        return donut
    }

    /// The table's first page in the order of the charts' metric (where the table has that column).
    static func tableState(_ state: DashboardState) -> DashboardState {
        state.with {
            $0.tab = .table
            $0.page = 1
            $0.search = nil
            if let key = DashboardState.SortKey(rawValue: state.metric.rawValue) {
                $0.sort = key
                $0.ascending = false
            }
        }
    }

    /// The bars of the top riders (the first in Strava orange), the viewer's own below the top, and one bar for the
    /// average of everyone else.
    static func barData(_ drawn: TopOfClub, metric: Metric, strings s: ClubWeeklyStrings) -> [ChartDatum] {
        var data = drawn.top.enumerated().map { index, row in
            let value = metricValue(row, metric)
            return ChartDatum(
                label: row.name, fullLabel: row.fullName, value: value,
                valueText: compactText(value, metric, strings: s),
                highlight: index == 0 && value > 0, hue: row.hue)
        }
        if let you = drawn.you {
            let value = metricValue(you, metric)
            data.append(
                ChartDatum(
                    label: s.big.youBar(you.rank), fullLabel: "\(you.fullName) (\(s.youBadge), #\(you.rank))",
                    value: value, valueText: compactText(value, metric, strings: s), hue: you.hue))
        }
        if !drawn.others.isEmpty {
            // A sum would dwarf every rider's bar; the average says where the rest of the club is.
            let average = drawn.others.reduce(0) { $0 + metricValue($1, metric) } / Double(drawn.others.count)
            data.append(
                ChartDatum(
                    label: s.big.othersBar(drawn.others.count), fullLabel: s.big.othersBarFull(drawn.others.count),
                    value: average, valueText: s.big.averageValue(compactText(average, metric, strings: s)), hue: 215))
        }
        return data
    }

    // MARK: Table

    static func table(_ input: Input) -> TableModel {
        let state = input.state
        let slug = input.club.slug
        let s = input.strings
        typealias Key = DashboardState.SortKey
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
        // Sorted over the whole club, so a rider's number is their place in the club in this order, also on a later
        // page or in search results.
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
        let placed = sorted.enumerated().map { (place: $0.offset + 1, row: $0.element) }
        let matching = state.search.map { query in placed.filter { matches($0.row, query) } } ?? placed
        let perPage = tableRowsPerPage
        let pageCount = max(1, (matching.count + perPage - 1) / perPage)
        let page = min(state.page, pageCount)
        let shown = matching[min(matching.count, (page - 1) * perPage)..<min(matching.count, page * perPage)]
        // One page of the whole club sorts in the browser as before; pages and searches sort on the server.
        let clientSorted = pageCount == 1 && state.search == nil
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
            let target = state.with {
                $0.sort = key; $0.ascending = nextAscending; $0.page = 1
            }
            return .init(
                key: key, label: label, title: title, url: ClubWeeklyURL.dashboard(slug, target).path,
                fragmentURL: clientSorted ? nil : ClubWeeklyURL.fragment(slug, target).path,
                sortedDirection: isSorted ? (state.ascending ? "ascending" : "descending") : nil,
                firstDirection: firstAscending ? "ascending" : "descending")
        }
        let rows = shown.map { place, row in
            TableModel.Row(
                memberID: row.memberID, initials: row.initials, hue: row.hue,
                cells: [
                    .init(text: "\(place)", sortValue: "\(place)"),
                    .init(text: row.name, sortValue: row.fullName.lowercased()),
                    .init(text: fixed1(row.distanceKm), sortValue: "\(row.distanceKm)"),
                    .init(text: "\(row.rides)", sortValue: "\(row.rides)"),
                    .init(text: Format.elevation(Double(row.elevationM)), sortValue: "\(row.elevationM)"),
                    .init(text: fixed1(row.avgSpeedKmh), sortValue: "\(row.avgSpeedKmh)"),
                    .init(text: row.movingTime, sortValue: "\(row.movingTimeS)"),
                    .init(
                        text: row.trend.text.isEmpty ? "–" : row.trend.text,
                        sortValue: "\(trendSortValue(row.trend))", trend: row.trend),
                ], isTop: place == 1, isMe: row.memberID == input.viewer.memberID)
        }
        let sortedColumn = columns.first { $0.key == state.sort }
        var model = TableModel(
            columns: columns, rows: Array(rows),
            sortStatus: "\(sortedColumn?.title ?? "") \(state.ascending ? "↑" : "↓")")
        model.clientSorted = clientSorted
        // A club that fits one page looks as it always did: no search, no pages.
        guard placed.count > perPage || state.search != nil else { return model }
        model.search = tableSearch(state, slug: slug, matches: matching.count, strings: s)
        if pageCount > 1 {
            model.pager = pager(state.with { $0.page = page }, pages: pageCount, total: matching.count, slug: slug, s)
        }
        if let me = input.viewer.memberID, let mine = placed.first(where: { $0.row.memberID == me }) {
            let target = state.with {
                $0.search = nil; $0.page = (mine.place - 1) / perPage + 1
            }
            model.jumpToMe = DashboardLink(
                label: s.big.jumpToMe, url: ClubWeeklyURL.dashboard(slug, target).path + "#you", fragmentURL: nil)
        }
        return model
    }

    /// Whether a rider's name contains `query`, ignoring case and accents.
    static func matches(_ row: RiderRow, _ query: String) -> Bool {
        row.fullName.range(of: query, options: [.caseInsensitive, .diacriticInsensitive]) != nil
            || row.name.range(of: query, options: [.caseInsensitive, .diacriticInsensitive]) != nil
    }

    static func tableSearch(
        _ state: DashboardState, slug: String, matches: Int, strings s: ClubWeeklyStrings
    ) -> TableModel.Search {
        var keep: [(String, String)] = [("tab", "table")]
        if state.week != 0 { keep.append(("week", String(state.week))) }
        let defaultAscending = state.sort == .name
        if state.sort != .distance || state.ascending != defaultAscending {
            keep.append(("sort", state.sort.rawValue))
            keep.append(("dir", state.ascending ? "asc" : "desc"))
        }
        if state.metric != .distance { keep.append(("metric", state.metric.rawValue)) }
        let cleared = state.with {
            $0.search = nil; $0.page = 1
        }
        return TableModel.Search(
            query: state.search ?? "", keep: keep,
            clearURL: state.search == nil ? nil : ClubWeeklyURL.dashboard(slug, cleared).path,
            result: state.search.map { s.big.searchResults(matches, $0) })
    }

    static func pager(
        _ state: DashboardState, pages: Int, total: Int, slug: String, _ s: ClubWeeklyStrings
    ) -> TableModel.Pager {
        let page = state.page
        func link(_ label: String, _ target: Int, _ key: String) -> Components.LinkItem? {
            guard target != page, (1...pages).contains(target) else { return nil }
            let to = state.with { $0.page = target }
            return Components.LinkItem(
                label: label, url: ClubWeeklyURL.dashboard(slug, to).path,
                fragmentURL: ClubWeeklyURL.fragment(slug, to).path, isCurrent: false, key: key, prefetch: false)
        }
        let from = (page - 1) * tableRowsPerPage + 1
        return TableModel.Pager(
            status: s.big.pageOf(page, pages),
            shown: s.big.rowsShown(from, min(total, page * tableRowsPerPage), total),
            first: page > 2 ? link(s.big.firstPage, 1, "first") : nil,
            previous: link(s.big.previousPage, page - 1, "previous"), next: link(s.big.nextPage, page + 1, "next"),
            last: page < pages - 1 ? link(s.big.lastPage, pages, "last") : nil)
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
        let riders = input.riders
        let byID = Dictionary(riders.map { ($0.memberID, $0) }, uniquingKeysWith: { a, _ in a })
        // Filter the week's activities first and describe only the cards shown: a big club's week has thousands.
        var activities = input.report.activities
        if let member = state.member { activities = activities.filter { $0.memberID.rawValue == member } }
        // A club with more riders than a select can list finds a member by name instead.
        let searchable = riders.count > tableRowsPerPage
        if let query = state.search {
            let found = Set(riders.filter { matches($0, query) }.map(\.memberID))
            activities = activities.filter { found.contains($0.memberID.rawValue) }
        }
        if state.order == .oldest { activities.reverse() }
        var members: [(id: String, name: String)] = []
        if !searchable {
            members = riders.map { (id: $0.memberID, name: $0.name) }
            members.sort { $0.name.localizedCaseInsensitiveCompare($1.name) == .orderedAscending }
        }
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
        let named = Dictionary(input.members.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = input.club.timeZone
        calendar.locale = Locale(identifier: "en_US_POSIX")
        let rows = activities.prefix(shown).map { RideRow($0, member: named[$0.memberID], calendar: calendar) }
        let cards = rows.map { activity in
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
        let count = input.report.activities.count
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
            summary: s.ridesSummary(count, riders.count),
            members: members, selectedMember: state.member, orderLinks: order, cards: Array(cards), more: more,
            filterKeep: keep, search: searchable ? (state.search ?? "") : nil)
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
        var ranked = riders.sorted { $0.rank < $1.rank }
        if ranked.count > tableRowsPerPage {
            // A select of thousands of riders weighs hundreds of kilobytes: a big club picks from the top and the
            // bottom of the week, the viewer and whoever is shown now (anyone else through `as`/`rider` links).
            let keep = Set(
                [
                    input.viewer.memberID, state.perspective, state.rider, subjectID,
                    input.insights?.lowestWeekMember?.rawValue,
                ].compactMap { $0 })
            ranked =
                Array(ranked.prefix(chartRiders))
                + ranked.dropFirst(chartRiders).dropLast(chartRiders).filter { keep.contains($0.memberID) }
                + ranked.suffix(chartRiders)
        }
        var riderOptions = ranked.map { (id: $0.memberID, name: $0.name) }
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
