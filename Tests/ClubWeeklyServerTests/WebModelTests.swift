import ClubWeekly
import Foundation
import TestSupport
import Testing
import WebUI

@testable import ClubWeeklyServer

/// A fixed club week (Europe/Dublin, the week after the clocks went back) built from activities, so page models and
/// views are tested without storage.
enum WebFixture {
    static let zone = TimeZone(identifier: "Europe/Dublin")!
    static let club = Club(
        id: ClubID("c1"), name: "Dunboyne CC", slug: "dunboyne", timeZoneIdentifier: "Europe/Dublin",
        countedSportTypes: ["Ride", "Run"], createdAt: date("2026-08-01T00:00:00Z"))
    static let members = [
        member("m1", "Sarah", "Murphy"), member("m2", "James", "Kelly"), member("m3", "Roisin", "Farrell"),
        member("m4", "Tom", "Brennan"), member("m5", "Aoife", "<Doyle>"),
    ]

    static func member(_ id: String, _ first: String, _ last: String) -> Member {
        Member(
            id: MemberID(id), clubID: club.id, firstName: first, lastName: last, joinedAt: date("2026-08-01T00:00:00Z"))
    }

    static func date(_ text: String) -> Date {
        ISO8601DateFormatter().date(from: text) ?? Date(timeIntervalSince1970: 0)
    }

    static func ride(
        _ member: String, _ start: String, km: Double, minutes: Int, climb: Double, type: String = "Ride",
        name: String = "Morning Ride", id: String? = nil
    ) -> Activity {
        Activity(
            memberID: MemberID(member), source: .strava, externalID: id ?? "\(member)-\(start)", startDate: date(start),
            sportType: type, distance: km * 1000, movingTime: minutes * 60, elapsedTime: minutes * 60 + 120,
            elevationGain: climb, name: name)
    }

    /// Monday 26 Oct 2026 07:32 Irish time is 07:32Z (winter time began on Sunday 25 Oct).
    static let activities = [
        ride("m1", "2026-10-26T07:32:00Z", km: 42.3, minutes: 89, climb: 420),
        ride("m1", "2026-10-28T17:00:00Z", km: 81.7, minutes: 170, climb: 780),
        ride("m2", "2026-10-27T06:15:00Z", km: 118, minutes: 235, climb: 1_240),
        ride("m3", "2026-10-28T08:00:00Z", km: 12.4, minutes: 64, climb: 85, type: "Run", name: "Easy run"),
        ride("m3", "2026-10-31T09:00:00Z", km: 85.6, minutes: 180, climb: 675),
        ride("m4", "2026-10-29T18:30:00Z", km: 87, minutes: 175, climb: 540),
        // The week before, for trends.
        ride("m1", "2026-10-20T07:00:00Z", km: 100, minutes: 200, climb: 900),
        ride("m2", "2026-10-21T07:00:00Z", km: 130, minutes: 250, climb: 1_000),
        ride("m5", "2026-10-22T07:00:00Z", km: 40, minutes: 90, climb: 200),
    ]

    static let now = date("2026-11-01T12:00:00Z")

    /// The fixture's week as loaded from storage (with 12 weeks of history, as the insights tab loads it).
    static func data(offset: Int = 0, activities: [Activity] = activities, members: [Member] = members) -> WeekData {
        let calendar = WeekCalendar(club: club)
        return WeekData(
            club: club, offset: offset, oldestOffset: -13, week: calendar.week(offset: offset, from: now),
            history: calendar.weeks(offset: (offset - 11)...offset, from: now), members: members,
            activities: activities, hasAnyData: !activities.isEmpty)
    }

    static func report(metric: Metric = .distance, offset: Int = 0, activities: [Activity] = activities) -> WeekReport {
        data(offset: offset, activities: activities).report(metric: metric)
    }

    static func input(
        _ state: DashboardState = .init(), viewer: Viewer = Viewer(), activities: [Activity] = activities,
        hasAnyData: Bool = true
    ) -> DashboardBuilder.Input {
        let calendar = WeekCalendar(club: club)
        let weeks = calendar.weeks(offset: -13...0, from: now).enumerated().map {
            WeekPickerModel.Option(offset: -13 + $0.offset, label: $0.element.label)
        }
        return DashboardBuilder.Input(
            club: club, state: state, report: report(metric: state.metric, offset: state.week, activities: activities),
            members: members, oldestOffset: -13, weeks: weeks, viewer: viewer, insights: nil,
            renderedAt: "Sun 1 Nov · 12:00pm", hasAnyData: hasAnyData)
    }

    static func tv(dataVersion: Int64 = 7) -> TVBuilder.Input {
        TVBuilder.Input(club: club, report: report(), members: members, viewer: Viewer(), dataVersion: dataVersion)
    }
}

@Suite("Dashboard state and URLs")
struct DashboardStateTests {
    @Test("defaults leave the query empty and every option round-trips through the URL")
    func roundTrip() throws {
        #expect(DashboardState().query == "")
        #expect(ClubWeeklyURL.dashboard("demo").path == "/clubs/demo")
        let state = DashboardState().with {
            $0.week = -3
            $0.tab = .table
            $0.metric = .elevation
            $0.sort = .rides
            $0.ascending = true
            $0.member = "m 1&x=2"
            $0.mode = .lowest
            $0.rider = "m2"
        }
        let query = state.query
        #expect(query.contains("member=m%201%26x%3D2"))
        var parsed: [String: String] = [:]
        for pair in query.dropFirst().split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1).map { String($0).removingPercentEncoding ?? "" }
            parsed[parts[0]] = parts[1]
        }
        #expect(try DashboardState.parse(parsed) == state)
        #expect(ClubWeeklyURL.fragment("demo", state).path.hasPrefix("/clubs/demo/fragments/table?week=-3"))
        #expect(!ClubWeeklyURL.fragment("demo", state).path.contains("tab="))
        // Sorting by name defaults to A→Z, everything else to highest first.
        #expect(try DashboardState.parse(["sort": "name"]).ascending)
        #expect(try !DashboardState.parse(["sort": "rides"]).ascending)
    }

    @Test(
        "unknown values are refused with the valid choices",
        arguments: [
            (["tab": "map"], "charts, table, rides, insights"),
            (["metric": "movingTime"], "distance, rides, speed, elevation"),
            (["week": "1"], "week must be"), (["week": "-999999999"], "week must be"),
            (["dir": "sideways"], "asc or desc"),
            (["order": "random"], "newest, oldest"), (["mode": "worst"], "me, top3, lowest"),
        ])
    func refused(query: [String: String], message: String) {
        #expect(throws: WebInputError.self) { try DashboardState.parse(query) }
        do {
            _ = try DashboardState.parse(query)
        } catch {
            #expect(error.message.contains(message))
        }
    }
}

@Suite("Dashboard page models")
struct DashboardModelTests {
    @Test("charts: summary cards, the top bar in orange only, rankings with medals and the viewer marked")
    func charts() throws {
        let model = DashboardBuilder.dashboard(WebFixture.input(viewer: Viewer(signedIn: true, memberID: "m3")))
        guard case .charts(let charts) = model.panel else { Issue.record("not the charts panel"); return }
        #expect(charts.cards.map(\.value) == ["427", "6", "4", "3,740m"])
        #expect(charts.cards[1].detail == "4 members active")
        #expect(charts.bars.data.map(\.label) == ["Sarah M.", "James K.", "Roisin F.", "Tom B."])
        #expect(charts.bars.data.map(\.highlight) == [true, false, false, false])
        #expect(charts.rankings.map(\.medal) == ["🥇", "🥈", "🥉", nil])
        #expect(charts.rankings.map(\.isMe) == [false, false, true, false])
        #expect(charts.rankings[0].value == "124.0 km")
        #expect(charts.metricPicker.filter(\.isCurrent).map(\.key) == ["distance"])
        #expect(model.tabs.map(\.key) == ["charts", "table", "rides", "insights"])
        #expect(model.tabs[1].fragmentURL == "/clubs/dunboyne/fragments/table")
    }

    @Test("switching the metric re-ranks the bars; a speed share is shown as a distance share")
    func metrics() throws {
        let rides = DashboardBuilder.dashboard(WebFixture.input(DashboardState().with { $0.metric = .rides }))
        guard case .charts(let byRides) = rides.panel else { Issue.record("not charts"); return }
        #expect(byRides.bars.data.prefix(2).map(\.label) == ["Roisin F.", "Sarah M."])
        #expect(byRides.donut?.centerValue == "6")
        let speed = DashboardBuilder.dashboard(WebFixture.input(DashboardState().with { $0.metric = .speed }))
        guard case .charts(let bySpeed) = speed.panel else { Issue.record("not charts"); return }
        #expect(bySpeed.donut?.title.hasSuffix("Distance") == true)
        let speeds = bySpeed.bars.data.map(\.value)
        #expect(speeds == speeds.sorted(by: >))
    }

    @Test("table: every sort key in both directions, rank renumbered, top row and the viewer's row tinted")
    func table() throws {
        for key in DashboardState.SortKey.allCases {
            for ascending in [false, true] {
                let state = DashboardState().with {
                    $0.tab = .table
                    $0.sort = key
                    $0.ascending = ascending
                }
                let model = DashboardBuilder.dashboard(
                    WebFixture.input(state, viewer: Viewer(signedIn: true, memberID: "m2")))
                guard case .table(let table) = model.panel else { Issue.record("not the table"); return }
                let column = try #require(table.columns.firstIndex { $0.key == key })
                let values = table.rows.map { $0.cells[column].sortValue }
                if key == .name {
                    #expect(values == (ascending ? values.sorted() : values.sorted(by: >)), "\(key)")
                } else {
                    let numbers = values.compactMap(Double.init)
                    #expect(numbers == (ascending ? numbers.sorted() : numbers.sorted(by: >)), "\(key) \(ascending)")
                }
                #expect(table.rows.map { $0.cells[0].text } == ["1", "2", "3", "4"])
                #expect(table.rows.map(\.isTop) == [true, false, false, false])
                #expect(table.rows.filter(\.isMe).map(\.memberID) == ["m2"])
                #expect(table.columns[column].sortedDirection == (ascending ? "ascending" : "descending"))
                // The active header's link reverses the order.
                #expect(
                    table.columns[column].url
                        == ClubWeeklyURL.dashboard("dunboyne", state.with { $0.ascending.toggle() }).path)
            }
        }
    }

    @Test("rides: cards in the club's time zone across the clock change, runs with a pace, filter and order")
    func rides() throws {
        let model = DashboardBuilder.dashboard(WebFixture.input(DashboardState().with { $0.tab = .rides }))
        guard case .rides(let rides) = model.panel else { Issue.record("not rides"); return }
        #expect(rides.summary == "6 activities · 4 members")
        let first = try #require(rides.cards.last)
        #expect(first.memberName == "Sarah M.")
        #expect(first.when == "Mon 26 Oct · 7:32am")
        #expect(first.distance == "42.3km")
        #expect(first.pace == "28.5 km/h")
        #expect(first.movingTime == "1h 29m")
        let run = try #require(rides.cards.first { $0.sportLabel == "Run" })
        #expect(run.paceLabel == "Pace" && run.pace == "5:10/km")
        #expect(rides.cards.contains { $0.elevation == "1.2k" })

        let filtered = DashboardBuilder.dashboard(
            WebFixture.input(
                DashboardState().with {
                    $0.tab = .rides; $0.member = "m1"; $0.order = .oldest
                }))
        guard case .rides(let mine) = filtered.panel else { Issue.record("not rides"); return }
        #expect(mine.cards.map(\.when) == ["Mon 26 Oct · 7:32am", "Wed 28 Oct · 5:00pm"])
        #expect(mine.members.map(\.name) == ["James K.", "Roisin F.", "Sarah M.", "Tom B."])
    }

    @Test("long weeks: ride cards come 50 at a time and the donut groups riders after the top 11")
    func pagingAndGrouping() throws {
        let members = (0..<30).map { WebFixture.member("p\($0)", "Rider\($0)", "X") }
        let rides = members.enumerated().flatMap { index, member in
            (0..<4).map { ride in
                WebFixture.ride(
                    member.id.rawValue, "2026-10-2\(6 + ride)T0\(ride + 1):00:00Z", km: Double(10 + index), minutes: 60,
                    climb: 100)
            }
        }
        var input = WebFixture.input(DashboardState().with { $0.tab = .rides }, activities: rides)
        let week = WeekCalendar(club: WebFixture.club).week(offset: 0, from: WebFixture.now)
        let report = WeeklyStats.report(activities: rides, week: week, counting: WebFixture.club.countedSportTypes)
        input.report = report
        input.members = members
        guard case .rides(let first) = DashboardBuilder.dashboard(input).panel else {
            Issue.record("not rides"); return
        }
        #expect(first.cards.count == 50)
        #expect(first.more?.label == "Show 50 more of 120")
        #expect(first.more?.url == "/clubs/dunboyne?tab=rides&show=100")
        input.state.show = 100
        guard case .rides(let second) = DashboardBuilder.dashboard(input).panel else {
            Issue.record("not rides"); return
        }
        #expect(second.cards.count == 100 && second.more?.label == "Show 20 more of 120")
        input.state = DashboardState()
        guard case .charts(let charts) = DashboardBuilder.dashboard(input).panel else {
            Issue.record("not charts"); return
        }
        #expect(charts.donut?.data.count == 12)
        #expect(charts.donut?.data.last?.label == "19 others")
        let total = (charts.donut?.data ?? []).reduce(0) { $0 + $1.value }
        #expect(abs(total - report.summary.distance / 1000) < 0.5)
        // More than 21 riders: the top 20 and one bar for the average of the other 10 (see BigClubPageTests).
        #expect(charts.bars.data.count == 21)
        #expect(charts.bars.data.last?.label == "10 others")
    }

    @Test("empty states: a club without data, a quiet week with a link back, and no link before the history")
    func emptyStates() {
        let newClub = DashboardBuilder.dashboard(WebFixture.input(activities: [], hasAnyData: false))
        guard case .empty(let title, _, let action) = newClub.panel else { Issue.record("not empty"); return }
        #expect(title == "No rides yet" && action == nil)
        let quiet = DashboardBuilder.dashboard(WebFixture.input(DashboardState().with { $0.week = -5 }))
        guard case .empty(let quietTitle, _, let back) = quiet.panel else { Issue.record("not empty"); return }
        #expect(quietTitle == "A quiet week")
        #expect(back?.url == "/clubs/dunboyne?week=-6")
        let oldest = DashboardBuilder.dashboard(WebFixture.input(DashboardState().with { $0.week = -13 }))
        guard case .empty(_, _, let none) = oldest.panel else { Issue.record("not empty"); return }
        #expect(none == nil)
        #expect(oldest.weekPicker.previousURL == nil)
        #expect(oldest.weekPicker.nextURL == "/clubs/dunboyne?week=-12")
    }

    @Test("week picker: newest first, no next week from this week, tab options kept")
    func weekPicker() {
        let model = DashboardBuilder.dashboard(WebFixture.input(DashboardState().with { $0.tab = .table }))
        #expect(model.weekPicker.label == "Week of 26 Oct – 1 Nov 2026")
        #expect(model.weekPicker.nextURL == nil)
        #expect(model.weekPicker.previousURL == "/clubs/dunboyne?week=-1&tab=table")
        #expect(model.weekPicker.options.first?.offset == 0 && model.weekPicker.options.last?.offset == -13)
        #expect(model.weekPicker.keep.map(\.0) == ["tab"])
    }

    @Test("insights: a member without a ride this week can still pick their own stats; guests are told whose they see")
    func insightsPerspective() {
        let viewer = Viewer(signedIn: true, memberID: "m5", memberName: "Aoife D.")
        let model = DashboardBuilder.dashboard(
            WebFixture.input(DashboardState().with { $0.tab = .insights }, viewer: viewer))
        guard case .insights(let mine) = model.panel else { Issue.record("not insights"); return }
        #expect(mine.riderOptions.first?.id == "m5")
        #expect(mine.riderOptions.count == 5)
        let lowest = DashboardBuilder.dashboard(
            WebFixture.input(
                DashboardState().with {
                    $0.tab = .insights; $0.mode = .lowest
                }, viewer: viewer))
        guard case .insights(let analysed) = lowest.panel else { Issue.record("not insights"); return }
        #expect(analysed.riderOptions.count == 4)
        let guest = DashboardBuilder.dashboard(WebFixture.input(DashboardState().with { $0.tab = .insights }))
        guard case .insights(let seen) = guest.panel else { Issue.record("not insights"); return }
        #expect(seen.perspectiveNotice?.contains("Join in Settings") == true)
    }

    @Test("TV: full names, at most ten riders, the latest rides first")
    func tv() {
        let model = TVBuilder.model(WebFixture.tv())
        #expect(model.leaderboard.map(\.name) == ["Sarah Murphy", "James Kelly", "Roisin Farrell", "Tom Brennan"])
        #expect(model.distance == "427 km")
        #expect(model.subtitle == "6 rides · 4 active members")
        #expect(model.rides.first?.name == "Roisin Farrell")
    }
}

@Suite("Dashboard pipeline from loaded data")
struct DashboardPipelineTests {
    static let insightsTab = DashboardState().with { $0.tab = .insights }

    @Test("the pipeline builds the same model as the builder given the report, week options and rendered-at time")
    func sameAsParts() {
        for state in [
            DashboardState(),
            DashboardState().with {
                $0.tab = .table; $0.metric = .rides
            },
        ] {
            let viewer = Viewer(signedIn: true, memberID: "m3")
            let data = WebFixture.data()
            let piped = DashboardBuilder.dashboard(data, state: state, viewer: viewer, now: WebFixture.now)
            let parts = DashboardBuilder.dashboard(
                .init(
                    club: WebFixture.club, state: state, report: WebFixture.report(metric: state.metric),
                    members: WebFixture.members, oldestOffset: -13,
                    weeks: DashboardBuilder.weekOptions(club: WebFixture.club, oldest: -13, now: WebFixture.now),
                    viewer: viewer, insights: nil, renderedAt: "Sun 1 Nov · 12:00pm", hasAnyData: true))
            #expect(piped == parts)
        }
    }

    @Test(
        "insights from the same loaded rows: the viewer's own, another member's on request, the leader's for guests"
    )
    func insights() throws {
        let data = WebFixture.data()
        let james = Viewer(signedIn: true, memberID: "m2", memberName: "James K.")
        let own = DashboardBuilder.dashboard(data, state: Self.insightsTab, viewer: james, now: WebFixture.now)
        guard case .insights(let mine) = own.panel else { Issue.record("not insights"); return }
        #expect(mine.selectedRider == "m2")
        #expect(mine.perspectiveNotice == nil)
        #expect(mine.tiles.first?.value == "118.0 km")
        #expect(!mine.cards.isEmpty)
        let expected = data.insights(for: MemberID("m2"), subject: nil)
        #expect(mine.cards.map(\.title) == expected.myStats.map(\.title))

        let asSarah = DashboardBuilder.dashboard(
            data, state: Self.insightsTab.with { $0.perspective = "m1" }, viewer: james, now: WebFixture.now)
        guard case .insights(let hers) = asSarah.panel else { Issue.record("not insights"); return }
        #expect(hers.selectedRider == "m1")
        #expect(hers.perspectiveNotice != nil)
        #expect(asSarah.state.perspective == "m1")

        // Someone who did not ride this week cannot be looked through: the viewer's own view, and the link forgets it.
        let unknown = DashboardBuilder.dashboard(
            data, state: Self.insightsTab.with { $0.perspective = "m5" }, viewer: james, now: WebFixture.now)
        guard case .insights(let fallback) = unknown.panel else { Issue.record("not insights"); return }
        #expect(fallback.selectedRider == "m2")
        #expect(unknown.state.perspective == nil)

        let guest = DashboardBuilder.dashboard(data, state: Self.insightsTab, viewer: Viewer(), now: WebFixture.now)
        guard case .insights(let leader) = guest.panel else { Issue.record("not insights"); return }
        #expect(leader.selectedRider == "m1")

        let lowest = DashboardBuilder.dashboard(
            data,
            state: Self.insightsTab.with {
                $0.mode = .lowest; $0.rider = "m4"
            }, viewer: james,
            now: WebFixture.now)
        guard case .insights(let analysed) = lowest.panel else { Issue.record("not insights"); return }
        #expect(analysed.selectedRider == "m4")
        #expect(
            analysed.cards.map(\.title)
                == data.insights(for: MemberID("m2"), subject: MemberID("m4")).lowestWeek.map(\.title))
    }

    @Test("summary trends are typed: every card's trend is the summary's, and the JSON names the same four")
    func typedTrends() {
        let report = WebFixture.report()
        let summary = report.summary
        #expect(SummaryStat.distance.trend(in: summary) == summary.distanceTrend)
        #expect(SummaryStat.activeMembers.trend(in: summary) == summary.activeMembersTrend)
        #expect(SummaryStat.allCases.compactMap(\.metric) == [.distance, .rides, .elevation])
        let model = DashboardBuilder.dashboard(WebFixture.input())
        guard case .charts(let charts) = model.panel else { Issue.record("not charts"); return }
        #expect(charts.cards.map(\.key) == SummaryStat.allCases)
        let response = WeekResponse(
            club: WebFixture.club, report: report, offset: 0, oldestOffset: -13, members: WebFixture.members)
        #expect(Set(response.summary.trends.keys) == Set(SummaryStat.allCases.map(\.rawValue)))
        for card in charts.cards {
            #expect(response.summary.trends[card.key.rawValue]?.text == card.trend.text)
            #expect(response.summary.trends[card.key.rawValue]?.percent == card.trend.percent)
        }
    }

    @Test("ClubWeeklyPages renders what the server's pipeline renders")
    func benchmarkPagesUseThePipeline() {
        let data = WeekData(
            club: WebFixture.club, offset: 0, oldestOffset: -15, week: WebFixture.data().week, history: [],
            members: WebFixture.members, activities: WebFixture.activities, hasAnyData: true)
        for tab in DashboardState.Tab.allCases where tab != .insights {
            let viewer = Viewer(signedIn: true, memberID: "m1")
            let expected = DashboardView.page(
                DashboardBuilder.dashboard(
                    data, state: DashboardState().with { $0.tab = tab }, viewer: viewer, now: WebFixture.now))
            let html = ClubWeeklyPages.dashboard(
                club: WebFixture.club, members: WebFixture.members, activities: WebFixture.activities,
                now: WebFixture.now, tab: tab.rawValue, viewerMemberID: MemberID("m1"))
            #expect(html == expected, "\(tab)")
        }
        let insights = ClubWeeklyPages.dashboard(
            club: WebFixture.club, members: WebFixture.members, activities: WebFixture.activities, now: WebFixture.now,
            tab: "insights", viewerMemberID: MemberID("m2"))
        #expect(insights.contains("insight-cards"))
    }
}

/// HTML snapshots of the views, built from the fixture models. Run with `SNAPSHOT_RECORD=1` to re-record after an
/// intended change, then review the diff.
@Suite("Club Weekly view snapshots")
struct ViewSnapshotTests {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
        "__Snapshots__")

    /// One element per line and asset fingerprints masked, so diffs are readable and CSS edits don't churn them.
    static func normalized(_ html: String) -> String {
        html.replacing(/\?v=[0-9a-f]{12}/, with: "?v=…").replacingOccurrences(of: "><", with: ">\n<") + "\n"
    }

    static func assertSnapshot(
        _ html: String, named name: String, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        try HTMLSnapshot.assertMatches(normalized(html), named: name, in: directory, sourceLocation: sourceLocation)
    }

    @Test("dashboard tabs", arguments: DashboardState.Tab.allCases.filter { $0 != .insights })
    func dashboard(tab: DashboardState.Tab) throws {
        let model = DashboardBuilder.dashboard(
            WebFixture.input(DashboardState().with { $0.tab = tab }, viewer: Viewer(signedIn: true, memberID: "m1")))
        try Self.assertSnapshot(DashboardView.page(model), named: "dashboard-\(tab.rawValue)")
    }

    @Test("empty dashboard, join page with an error, TV board")
    func otherPages() throws {
        try Self.assertSnapshot(
            DashboardView.page(DashboardBuilder.dashboard(WebFixture.input(activities: [], hasAnyData: false))),
            named: "dashboard-new-club")
        let header = ClubHeaderModel(
            slug: "dunboyne", name: "Dunboyne CC", colours: ["#0055A4", "#FFFFFF", "#EF4135"], viewer: Viewer())
        try Self.assertSnapshot(
            JoinView.page(
                JoinModel(
                    header: header, error: ClubWeeklyStrings.en.wrongCode, info: nil,
                    memberCount: 5)),
            named: "join-wrong-code")
        let tv = TVBuilder.model(WebFixture.tv())
        try Self.assertSnapshot(TVView.page(tv, renderedAt: "Sun 1 Nov · 12:00pm"), named: "tv")
    }

    @Test("user text is escaped in text and attributes")
    func escaping() throws {
        let header = ClubHeaderModel(
            slug: "x", name: "\"><script>alert(1)</script>", colours: ["\"/><script>", "#fff", "#000"], viewer: Viewer()
        )
        let html = JoinView.page(
            JoinModel(header: header, error: "<b>", info: nil, memberCount: 0))
        #expect(!html.contains("<script>alert(1)"))
        #expect(!html.contains("\"/><script>"))
        #expect(html.contains("&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"))
        #expect(!html.contains("<b>"))
        let model = DashboardBuilder.dashboard(
            WebFixture.input(
                DashboardState().with {
                    $0.week = -1; $0.tab = .table
                }))
        let page = DashboardView.page(model)
        #expect(page.contains("Aoife &lt;."))
        #expect(!page.contains("<Doyle>"))
    }
}

@Suite("Page weight")
struct PageWeightTests {
    @Test("a 100-member club's dashboard with its CSS and JS stays under 150 KB, every tab")
    func budget() {
        let club = WebFixture.club
        let members = (0..<100).map { WebFixture.member("m\($0)", "Rider\($0)", "Longsurname\($0)") }
        let week = WeekCalendar(club: club).week(offset: 0, from: WebFixture.now)
        let activities = members.flatMap { member in
            (0..<4).map { ride in
                Activity(
                    memberID: member.id, source: .strava, externalID: "\(member.id)-\(ride)",
                    startDate: week.start.addingTimeInterval(Double(ride) * 30_000 + 3600), sportType: "Ride",
                    distance: 40_000, movingTime: 5400, elapsedTime: 5600, elevationGain: 400,
                    name: "A fairly long ride title for the weekend")
            }
        }
        for tab in ["charts", "table", "rides"] {
            let html = ClubWeeklyPages.dashboard(
                club: club, members: members, activities: activities, now: WebFixture.now, tab: tab)
            if let out = ProcessInfo.processInfo.environment["PAGE_WEIGHT_OUT"] {
                try? html.write(toFile: "\(out)/dashboard-\(tab).html", atomically: true, encoding: .utf8)
            }
            let total = html.utf8.count + ClubWeeklyPages.dashboardAssetBytes
            #expect(total < 150_000, "\(tab): \(total) bytes")
            // Charts show the top 20 and link to the table, which (one page of 100) lists everyone, as before.
            #expect(html.contains(tab == "charts" ? "All 100 riders in the table" : "Rider99"))
        }
    }
}
