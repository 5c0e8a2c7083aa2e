import ClubWeekly
import Foundation
import Testing
import WebUI

@testable import ClubWeeklyServer

/// A week in which member `d<i>` rode `distances[i]` km in one ride of an hour (so 'speed' is the distance too).
enum SpreadFixture {
    static func input(
        _ distances: [Double], metric: Metric = .distance, viewer: Viewer = Viewer()
    ) -> DashboardBuilder.Input {
        let members = distances.indices.map { WebFixture.member("d\($0)", "Rider\($0)", "Spread") }
        let week = WeekCalendar(club: WebFixture.club).week(offset: 0, from: WebFixture.now)
        let activities = zip(members, distances).enumerated().map { index, pair in
            Activity(
                memberID: pair.0.id, source: .strava, externalID: "s\(index)",
                startDate: week.start.addingTimeInterval(3_600 + Double(index)), sportType: "Ride",
                distance: pair.1 * 1000, movingTime: 3_600, elapsedTime: 3_700, elevationGain: pair.1 * 10,
                name: "Ride")
        }
        let data = WeekData(
            club: WebFixture.club, offset: 0, oldestOffset: -13, week: week, history: [], members: members,
            activities: activities, hasAnyData: true)
        var input = WebFixture.input(DashboardState().with { $0.metric = metric }, viewer: viewer)
        input.report = data.report(metric: metric)
        input.members = members
        return input
    }

    /// 300 riders from 5 to 124 km, and one who rode 400 km.
    static let spread = (0..<300).map { 5 + Double(($0 * 37) % 120) } + [400]

    static func charts(_ input: DashboardBuilder.Input) throws -> ChartsModel {
        guard case .charts(let charts) = DashboardBuilder.dashboard(input).panel else {
            throw WebInputError("not the charts")
        }
        return charts
    }
}

@Suite("Big clubs: the distribution replaces the donut")
struct BigClubDistributionTests {
    @Test("bands of a nice width over the club's bulk, open bands for the few far out")
    func bands() {
        #expect(ValueBands.nice(6, whole: false) == 10 && ValueBands.nice(3, whole: false) == 5)
        #expect(ValueBands.nice(0.3, whole: false) == 0.5 && ValueBands.nice(23, whole: false) == 25)
        #expect(ValueBands.nice(26, whole: false) == 50 && ValueBands.nice(0, whole: false) == 1)
        #expect(ValueBands.nice(2.2, whole: true) == 5 && ValueBands.nice(.nan, whole: false) == 1)

        let spread = ValueBands.fitting(SpreadFixture.spread.sorted(), counts: false)
        #expect(spread == ValueBands(start: 0, width: 20, count: 6, openBelow: false, openAbove: true))
        #expect(spread.index(of: 0) == 0 && spread.index(of: 19.9) == 0 && spread.index(of: 20) == 1)
        #expect(spread.index(of: 119.9) == 5 && spread.index(of: 120) == 6 && spread.index(of: 400) == 6)
        #expect(spread.index(of: .nan) == 0 && spread.index(of: -5) == 0 && spread.total == 7)

        // Average speeds far from zero start where the club does; a rider without moving time is in "under".
        let speeds = ([0] + (0..<200).map { 22 + Double($0 % 15) }).sorted()
        let bySpeed = ValueBands.fitting(speeds, counts: false)
        #expect(bySpeed.start == 22 && bySpeed.width == 2 && bySpeed.openBelow && !bySpeed.openAbove)
        #expect(bySpeed.index(of: 0) == 0 && bySpeed.index(of: 22) == 1 && bySpeed.index(of: 36) == bySpeed.total - 1)

        // Rides are counted from 1, one band per number, the odd 14-ride week in "or more".
        let rides = ((0..<100).map { Double(1 + $0 % 5) } + [14]).sorted()
        let byRides = ValueBands.fitting(rides, counts: true)
        #expect(byRides == ValueBands(start: 1, width: 1, count: 5, openBelow: false, openAbove: true))

        // A skewed week (most climb little, a few a lot): the bulk gets the bands, the few far out one open band.
        let climbing = ((0..<95).map { Double($0 * 10) } + (0..<5).map { 3_000 + Double($0) * 1_000 }).sorted()
        let byClimbing = ValueBands.fitting(climbing, counts: false)
        #expect(byClimbing.width == 200 && byClimbing.end == 1_000 && byClimbing.openAbove)
        #expect(climbing.filter { byClimbing.index(of: $0) == byClimbing.total - 1 }.count == 5)

        // Every value lands in a band; nothing traps on one value or none.
        for values in [[7.0], [0, 0, 0], [], [1e12, 1e-12]] {
            let bands = ValueBands.fitting(values.sorted(), counts: false)
            #expect(values.allSatisfy { (0..<bands.total).contains(bands.index(of: $0)) })
        }
    }

    @Test("up to 40 active riders the donut stays; from 41 the distribution, every rider in one band")
    func threshold() throws {
        let forty = try SpreadFixture.charts(SpreadFixture.input(Array(SpreadFixture.spread.prefix(40))))
        #expect(forty.donut != nil && forty.distribution == nil)
        let fortyOne = try SpreadFixture.charts(SpreadFixture.input(Array(SpreadFixture.spread.prefix(41))))
        let distribution = try #require(fortyOne.distribution)
        #expect(fortyOne.donut == nil)
        #expect(distribution.chart.bins.reduce(0) { $0 + $1.count } == 41)
    }

    @Test("the top 10's share is of the total the summary card shows, not of the riders' rounded values")
    func totalAsTheSummaryShows() throws {
        // 300 riders of 100.04 km: each row says 100.0 km, the club rode 30,012 km.
        let input = SpreadFixture.input(Array(repeating: 100.04, count: 300))
        let model = try #require(try SpreadFixture.charts(input).distribution)
        #expect(model.notes.last == "The top 10 account for 3% of the club's 30,012 km.")
    }

    @Test("the viewer's band is marked; the notes read the busiest band, the median, the viewer and the top 10")
    func distance() throws {
        let viewer = Viewer(signedIn: true, memberID: "d1", memberName: "Rider1 S.")  // 42 km
        let charts = try SpreadFixture.charts(SpreadFixture.input(SpreadFixture.spread, viewer: viewer))
        let model = try #require(charts.distribution)
        let chart = model.chart
        #expect(chart.title == "How the club rode — Distance")
        #expect(chart.bins.map(\.count) == [39, 50, 49, 50, 50, 51, 12])
        #expect(chart.bins.map(\.fullLabel).first == "0–20 km" && chart.bins.last?.fullLabel == "120 km or more")
        #expect(chart.edgeLabels == ["0", "20", "40", "60", "80", "100", "120", ""])
        #expect(chart.bins.enumerated().filter(\.element.isMarked).map(\.offset) == [2])
        #expect(chart.marker == "You" && chart.valueHeader == "Riders" && chart.bins[6].countText == "12 riders")
        // 300 riders from 5 to 124 km (the residues of 37·i mod 120) and one at 400; 93 of 301 rode less than d1.
        #expect(
            model.notes == [
                "The busiest band: 100–120 km, 51 of 301 riders.", "Median rider: 64.0 km.",
                "You: 42.0 km, ahead of 30% of the club.",
                "The top 10 account for 8% of the club's 19,630 km.",
            ])
        #expect(chart.description.hasPrefix("How many of the club's 301 active riders fall in each band of distance: "))
        #expect(chart.description.hasSuffix(model.notes.joined(separator: " ")))

        // A guest (or a member who did not ride) sees the club without a marker.
        let guest = try #require(try SpreadFixture.charts(SpreadFixture.input(SpreadFixture.spread)).distribution)
        #expect(guest.chart.marker == nil && !guest.chart.bins.contains(where: \.isMarked))
        #expect(guest.notes.count == 3 && !guest.notes.contains { $0.hasPrefix("You") })
    }

    @Test("speed has no share sentence; rides are labelled per bar; the last rider is ahead of nobody")
    func otherMetrics() throws {
        let last = Viewer(signedIn: true, memberID: "d0")  // 5 km, the least
        let speed = try #require(
            try SpreadFixture.charts(SpreadFixture.input(SpreadFixture.spread, metric: .speed, viewer: last))
                .distribution)
        #expect(speed.chart.title == "How the club rode — Speed" && speed.chart.bins[0].fullLabel == "0–20 km/h")
        #expect(!speed.notes.contains { $0.hasPrefix("The top") } && speed.notes.contains("You: 5.0 km/h."))
        let rides = try #require(
            try SpreadFixture.charts(SpreadFixture.input(SpreadFixture.spread, metric: .rides)).distribution)
        #expect(rides.chart.edgeLabels == nil && rides.chart.bins.map(\.label) == ["1"])
        #expect(rides.chart.bins.map(\.fullLabel) == ["1 ride"])
        #expect(rides.notes.last == "The top 10 account for 3% of the club's 301 rides.")
        let elevation = try #require(
            try SpreadFixture.charts(SpreadFixture.input(SpreadFixture.spread, metric: .elevation)).distribution)
        #expect(elevation.chart.bins.first?.fullLabel == "0–200m" && elevation.chart.edgeLabels?[5] == "1,000")
    }

    @Test("rendered: an accessible histogram in the card with its notes; the page stays light")
    func rendered() throws {
        let viewer = Viewer(signedIn: true, memberID: "d1", memberName: "Rider1 S.")
        let model = DashboardBuilder.dashboard(SpreadFixture.input(SpreadFixture.spread, viewer: viewer))
        let html = DashboardView.fragment(model)
        #expect(html.contains("<div class=\"card distribution\"><h2>How the club rode — Distance</h2>"))
        #expect(html.contains("<figure class=\"chart chart-histogram\" id=\"spread-distance\">"))
        #expect(
            html.contains("<ul class=\"distribution-notes\"><li>The busiest band: 100–120 km, 51 of 301 riders.</li>"))
        #expect(!html.contains("chart-donut"))
        #expect(html.utf8.count < 60_000, "\(html.utf8.count) bytes")
    }

    @Test("snapshot: a 260-member club's charts tab for a member in the middle")
    func snapshot() throws {
        let viewer = Viewer(signedIn: true, memberID: "b100", memberName: "Rider100 S.")
        let model = DashboardBuilder.dashboard(BigClubFixture.input(260, viewer: viewer))
        try ViewSnapshotTests.assertSnapshot(DashboardView.page(model), named: "dashboard-charts-bigclub")
    }
}
