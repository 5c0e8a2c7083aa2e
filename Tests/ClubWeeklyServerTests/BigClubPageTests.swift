import ClubWeekly
import Foundation
import ServerKit
import Testing
import WebUI

@testable import ClubWeeklyServer

/// A synthetic week of a big club: `count` members, each with `rides` rides of a distinct distance (member 0 rides
/// the least), so ranks are known.
enum BigClubFixture {
    static let club = WebFixture.club

    static func members(_ count: Int) -> [Member] {
        (0..<count).map { WebFixture.member("b\($0)", "Rider\($0)", "Surname\($0 % 97)") }
    }

    static func activities(_ members: [Member], rides: Int = 2) -> [Activity] {
        let week = WeekCalendar(club: club).week(offset: 0, from: WebFixture.now)
        return members.enumerated().flatMap { index, member in
            (0..<rides).map { ride in
                Activity(
                    memberID: member.id, source: .strava, externalID: "\(member.id.rawValue)-\(ride)",
                    startDate: week.start.addingTimeInterval(Double(ride) * 40_000 + Double(index % 3_000) * 7 + 60),
                    sportType: "Ride", distance: 10_000 + Double(index) * 10, movingTime: 3_600, elapsedTime: 3_700,
                    elevationGain: 100, name: "Ride \(ride)")
            }
        }
    }

    static func input(
        _ count: Int, state: DashboardState = .init(), viewer: Viewer = Viewer()
    ) -> DashboardBuilder.Input {
        let members = members(count)
        let data = WeekData(
            club: club, offset: 0, oldestOffset: -13,
            week: WeekCalendar(club: club).week(offset: 0, from: WebFixture.now),
            history: [], members: members, activities: activities(members), hasAnyData: true)
        var input = WebFixture.input(state, viewer: viewer)
        input.report = data.report(metric: state.metric)
        input.members = members
        return input
    }

    /// Member `b<index>`'s rank in the fixture (the highest index rides the furthest).
    static func rank(of index: Int, in count: Int) -> Int { count - index }
}

@Suite("Big clubs: charts and TV show the top of the club")
struct BigClubChartTests {
    @Test("bars: the top 20, the viewer below them, and one bar for the others' average; small clubs unchanged")
    func bars() throws {
        let viewer = Viewer(signedIn: true, memberID: "b100", memberName: "Rider100 S.")
        let model = DashboardBuilder.dashboard(BigClubFixture.input(5_000, viewer: viewer))
        guard case .charts(let charts) = model.panel else { Issue.record("not charts"); return }
        let bars = charts.bars.data
        #expect(bars.count == 22)
        #expect(bars.prefix(20).map(\.label) == (0..<20).map { "Rider\(4_999 - $0) S." })
        #expect(bars[0].highlight && !bars[1...].contains(where: \.highlight))
        #expect(bars[20].label == "You (#\(BigClubFixture.rank(of: 100, in: 5_000)))")
        #expect(bars[21].label == "4,979 others")
        // The others' average: riders 0…4979 except 100, 10 km + 10 m per index, two rides each.
        let others = (0..<4_980).filter { $0 != 100 }.map { 2 * (10 + Double($0) * 0.01) }
        let average = others.reduce(0, +) / Double(others.count)
        #expect(abs(bars[21].value - average) < 0.2)
        #expect(bars[21].valueText.hasPrefix("avg "))
        #expect(charts.rankings.count == 21)
        #expect(charts.rankings.last?.isMe == true && charts.rankings.last?.rank == 4_900)
        #expect(charts.allRiders?.label == "All 5,000 riders in the table")
        #expect(charts.allRiders?.url == "/clubs/dunboyne?tab=table")
        #expect(charts.donut == nil && charts.distribution != nil)

        // A viewer in the top is not repeated; a guest sees no "you".
        let top = DashboardBuilder.dashboard(
            BigClubFixture.input(5_000, viewer: Viewer(signedIn: true, memberID: "b4999")))
        guard case .charts(let topCharts) = top.panel else { Issue.record("not charts"); return }
        #expect(topCharts.bars.data.count == 21 && topCharts.rankings.count == 20)
        #expect(topCharts.rankings.first?.isMe == true)

        // Up to 21 riders the club is drawn whole, as before.
        for count in [5, 20, 21] {
            let small = DashboardBuilder.dashboard(BigClubFixture.input(count, viewer: viewer))
            guard case .charts(let whole) = small.panel else { Issue.record("not charts"); return }
            #expect(whole.bars.data.count == count && whole.rankings.count == count && whole.allRiders == nil)
        }
    }

    @Test("TV: ten riders, the club's totals and how many more rode")
    func tv() {
        let members = BigClubFixture.members(5_000)
        let data = WeekData(
            club: BigClubFixture.club, offset: 0, oldestOffset: 0, week: WebFixture.data().week, history: [],
            members: members, activities: BigClubFixture.activities(members), hasAnyData: true)
        let model = TVBuilder.model(
            .init(
                club: BigClubFixture.club, report: data.report(metric: .distance), members: members, viewer: Viewer(),
                dataVersion: 1))
        #expect(model.leaderboard.count == 10)
        #expect(model.leaderboard.first?.name == "Rider4999 Surname52")
        #expect(model.moreRiders == "+ 4,990 more riders this week")
        #expect(model.activeMembers == "5,000" && model.subtitle == "10,000 rides · 5,000 active members")
        #expect(model.rides.count == 9)
        #expect(TVBuilder.model(WebFixture.tv()).moreRiders == nil)
    }
}

@Suite("Big clubs: the table pages, searches and sorts on the server")
struct BigClubTableTests {
    static func table(_ input: DashboardBuilder.Input) throws -> TableModel {
        guard case .table(let table) = DashboardBuilder.dashboard(input).panel else {
            throw WebInputError("not the table")
        }
        return table
    }

    @Test("pages of 100 in the club's order, numbered by place in the club, with links that keep the state")
    func paging() throws {
        let state = DashboardState().with {
            $0.tab = .table; $0.page = 2
        }
        let viewer = Viewer(signedIn: true, memberID: "b10")
        let table = try Self.table(BigClubFixture.input(250, state: state, viewer: viewer))
        #expect(table.rows.count == 100)
        #expect(table.rows.first?.cells[0].text == "101" && table.rows.last?.cells[0].text == "200")
        #expect(table.rows.first?.memberID == "b149")
        #expect(!table.clientSorted && !table.rows.contains(where: \.isTop))
        let pager = try #require(table.pager)
        #expect(pager.status == "Page 2 of 3" && pager.shown == "Riders 101–200 of 250")
        #expect(pager.previous?.url == "/clubs/dunboyne?tab=table")
        #expect(pager.next?.url == "/clubs/dunboyne?tab=table&page=3")
        #expect(pager.next?.fragmentURL == "/clubs/dunboyne/fragments/table?page=3")
        #expect(pager.first == nil && pager.last == nil)
        // Sorting goes back to the first page, on the server.
        let byName = try #require(table.columns.first { $0.key == .name })
        #expect(byName.url == "/clubs/dunboyne?tab=table&sort=name&dir=asc")
        #expect(byName.fragmentURL == "/clubs/dunboyne/fragments/table?sort=name&dir=asc")
        // b10 is 240th: page 3.
        #expect(table.jumpToMe?.url == "/clubs/dunboyne?tab=table&page=3#you")

        let last = try Self.table(BigClubFixture.input(250, state: state.with { $0.page = 99 }, viewer: viewer))
        #expect(last.rows.count == 50 && last.pager?.status == "Page 3 of 3")
        #expect(last.rows.filter(\.isMe).map(\.memberID) == ["b10"])
    }

    @Test("every sort key in both directions is sorted across pages")
    func sorting() throws {
        for key in DashboardState.SortKey.allCases {
            for ascending in [false, true] {
                var seen: [String] = []
                for page in 1...3 {
                    let state = DashboardState().with {
                        $0.tab = .table; $0.sort = key; $0.ascending = ascending; $0.page = page
                    }
                    let table = try Self.table(BigClubFixture.input(250, state: state))
                    let column = try #require(table.columns.firstIndex { $0.key == key })
                    seen += table.rows.map { $0.cells[column].sortValue }
                    #expect(table.rows.first?.cells[0].text == "\((page - 1) * 100 + 1)")
                }
                #expect(seen.count == 250)
                if key == .name {
                    let names = seen
                    let expected = names.sorted { $0.localizedCaseInsensitiveCompare($1) == .orderedAscending }
                    #expect(names == (ascending ? expected : expected.reversed()), "\(key)")
                } else {
                    let numbers = seen.compactMap(Double.init)
                    #expect(numbers == (ascending ? numbers.sorted() : numbers.sorted(by: >)), "\(key) \(ascending)")
                }
            }
        }
    }

    @Test("search by name keeps the club's numbering; no match says so; the viewer can always jump to their row")
    func search() throws {
        let state = DashboardState().with {
            $0.tab = .table; $0.search = "rider12"
        }
        let viewer = Viewer(signedIn: true, memberID: "b3")
        let table = try Self.table(BigClubFixture.input(250, state: state, viewer: viewer))
        // Rider12, Rider120…129: 11 riders, one page, sorted on the server.
        #expect(table.rows.count == 11 && table.pager == nil && !table.clientSorted)
        #expect(table.rows.first?.memberID == "b129" && table.rows.first?.cells[0].text == "121")
        #expect(table.search?.result == "11 riders match “rider12”")
        #expect(table.search?.clearURL == "/clubs/dunboyne?tab=table")
        #expect(table.jumpToMe?.url == "/clubs/dunboyne?tab=table&page=3#you")
        let none = try Self.table(BigClubFixture.input(250, state: state.with { $0.search = "nobody" }))
        #expect(none.rows.isEmpty && none.search?.result == "0 riders match “nobody”")
        let html = DashboardView.fragment(
            DashboardBuilder.dashboard(BigClubFixture.input(250, state: state.with { $0.search = "nobody" })))
        #expect(html.contains("No riders match"))
        // Accents and case do not matter.
        let accents = try Self.table(BigClubFixture.input(250, state: state.with { $0.search = "RÍDER249" }))
        #expect(accents.rows.map(\.memberID) == ["b249"])
    }

    @Test("a club that fits one page looks as before: no search, no pages, sorted in the browser")
    func smallClub() throws {
        let input = BigClubFixture.input(
            100, state: DashboardState().with { $0.tab = .table }, viewer: Viewer(signedIn: true, memberID: "b1"))
        let table = try Self.table(input)
        #expect(table.rows.count == 100 && table.clientSorted)
        #expect(table.search == nil && table.pager == nil && table.jumpToMe == nil)
        let html = DashboardView.fragment(DashboardBuilder.dashboard(input))
        let panel = try #require(html.split(separator: "id=\"panel\"").last)
        #expect(panel.contains("data-sortable") && !panel.contains("id=\"you\"") && !panel.contains("data-fragment"))
    }

    @Test("page and search parse from the URL and round-trip; bad values are clear errors")
    func urls() throws {
        let state = try DashboardState.parse(["tab": "table", "page": "3", "q": "  Sarah "])
        #expect(state.page == 3 && state.search == "Sarah")
        #expect(state.query == "?tab=table&q=Sarah&page=3")
        #expect(try DashboardState.parse(["q": "   "]).search == nil)
        #expect(throws: WebInputError.self) { try DashboardState.parse(["page": "0"]) }
        #expect(throws: WebInputError.self) { try DashboardState.parse(["page": "x"]) }
        #expect(throws: WebInputError.self) { try DashboardState.parse(["q": String(repeating: "a", count: 81)]) }
    }
}

@Suite("Big clubs: rides, insights and page weight")
struct BigClubPageWeightTests {
    @Test("rides: a name search instead of a select of thousands; the search filters the cards")
    func rides() {
        let model = DashboardBuilder.dashboard(
            BigClubFixture.input(
                5_000,
                state: DashboardState().with {
                    $0.tab = .rides; $0.search = "Rider4999"
                }))
        guard case .rides(let rides) = model.panel else { Issue.record("not rides"); return }
        #expect(rides.members.isEmpty && rides.search == "Rider4999")
        #expect(rides.cards.count == 2 && rides.cards.allSatisfy { $0.memberName == "Rider4999 S." })
        #expect(rides.summary == "10,000 activities · 5,000 members")
        let small = DashboardBuilder.dashboard(WebFixture.input(DashboardState().with { $0.tab = .rides }))
        guard case .rides(let few) = small.panel else { Issue.record("not rides"); return }
        #expect(few.search == nil && few.members.count == 4)
    }

    @Test("insights: the rider picker lists the top, the bottom, the viewer and the rider shown")
    func insightsPicker() {
        let viewer = Viewer(signedIn: true, memberID: "b2500", memberName: "Rider2500 S.")
        let model = DashboardBuilder.dashboard(
            BigClubFixture.input(5_000, state: DashboardState().with { $0.tab = .insights }, viewer: viewer))
        guard case .insights(let insights) = model.panel else { Issue.record("not insights"); return }
        #expect(insights.riderOptions.count == 41)
        #expect(insights.riderOptions.contains { $0.id == "b2500" })
    }

    @Test("a 5,000-member club's dashboard stays under 300 KB with its CSS and JS, every tab")
    func budget() {
        let members = BigClubFixture.members(5_000)
        let activities = BigClubFixture.activities(members, rides: 3)
        for tab in DashboardState.Tab.allCases {
            let html = ClubWeeklyPages.dashboard(
                club: BigClubFixture.club, members: members, activities: activities, now: WebFixture.now,
                tab: tab.rawValue, viewerMemberID: MemberID("b42"))
            let total = html.utf8.count + ClubWeeklyPages.dashboardAssetBytes
            #expect(total < 300_000, "\(tab): \(total) bytes")
        }
    }
}

@Suite("Dashboard cache keys per viewer class")
struct DashboardCacheKeyTests {
    static func key(_ state: DashboardState, _ viewer: Viewer) -> String {
        ClubWeeklyApp.DashboardCacheKey(
            part: .page, club: ClubID("c1"), dataVersion: "0.3", weekStart: WebFixture.now, oldestOffset: -4,
            state: state, viewer: viewer, renderedAt: "Sun 1 Nov · 12:00pm"
        ).string
    }

    @Test("pages without a 'you' are shared by a viewer class; the personal ones are kept per member")
    func classes() {
        let sarah = Viewer(signedIn: true, memberID: "m1", memberName: "Sarah M.")
        let james = Viewer(signedIn: true, memberID: "m2", memberName: "James K.")
        let codeOnly = Viewer(signedIn: true)
        let admin = Viewer(signedIn: true, isAdmin: true)
        let rides = DashboardState().with { $0.tab = .rides }
        #expect(Self.key(rides, sarah) == Self.key(rides, james))
        #expect(Self.key(rides, sarah) == Self.key(rides, codeOnly))
        #expect(Self.key(rides, sarah) != Self.key(rides, Viewer()))
        #expect(Self.key(rides, admin) != Self.key(rides, codeOnly))
        for tab in [DashboardState.Tab.charts, .table, .insights] {
            let state = DashboardState().with { $0.tab = tab }
            #expect(Self.key(state, sarah) != Self.key(state, james), "\(tab)")
            #expect(
                Self.key(state, Viewer()) == Self.key(state, Viewer(signedIn: false, memberID: nil, memberName: "x")))
        }
        #expect(ViewerClass.allCases.map { $0.rawValue } == ["anonymous", "member", "admin"])
        #expect(admin.viewerClass == .admin && codeOnly.viewerClass == .member && Viewer().viewerClass == .anonymous)
    }
}

@Suite("Rendered pages under load")
struct RenderFlightTests {
    /// A render the test lets finish when it wants.
    actor Gate {
        private var continuation: CheckedContinuation<Void, Never>?
        private(set) var renders = 0
        func enter() async {
            renders += 1
            await withCheckedContinuation { continuation = $0 }
        }
        func open() {
            continuation?.resume()
            continuation = nil
        }
        var isWaiting: Bool { continuation != nil }
    }

    @Test("concurrent misses of one page share one render; another key renders on its own")
    func oneRender() async throws {
        let flights = RenderFlights()
        let gate = Gate()
        let first = Task {
            try await flights.run("page") {
                await gate.enter()
                return Data("html".utf8)
            }
        }
        while !(await gate.isWaiting) { await Task.yield() }
        let others = (0..<10).map { _ in
            Task { try await flights.run("page") { Data("second render".utf8) } }
        }
        while await flights.waiting("page") < 10 { await Task.yield() }
        await gate.open()
        #expect(try await first.value == Data("html".utf8))
        for other in others { #expect(try await other.value == Data("html".utf8)) }
        #expect(await gate.renders == 1)
        #expect(try await flights.run("page") { Data("fresh".utf8) } == Data("fresh".utf8))
    }
}
