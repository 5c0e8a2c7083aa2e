import Foundation
import Testing

@testable import ClubWeekly

@Suite("Weekly stats, trends, ranking and reports")
struct StatsTests {
    typealias F = Fixture
    let week = F.march16
    let cycling = SportTypes.cycling
    var monday: Date { F.utc(2026, 3, 16, 7) }
    var lastWeek: Date { F.utc(2026, 3, 10, 7) }

    // MARK: Member stats

    @Test("Totals, longest ride and distance-weighted average speed")
    func totals() throws {
        let stats = WeeklyStats.memberStats(
            [
                F.ride("a", km: 30, at: monday, seconds: 4000, climb: 100.4),
                F.ride(
                    "a", km: 20, at: monday.addingTimeInterval(86_400), seconds: 3000, climb: 80.2, sport: "GravelRide"),
            ], in: week, counting: cycling)
        let a = try #require(stats[MemberID("a")])
        #expect(a.distance == 50_000)
        #expect(a.rides == 2)
        #expect(a.movingTime == 7000)
        #expect(abs(a.elevation - 180.6) < 1e-9)
        #expect(a.longestRide == 30_000)
        // (7.5 m/s × 30 km + 6.667 m/s × 20 km) / 50 km = 7.1667 m/s = 25.8 km/h, not 50 km / 7000 s = 25.71.
        #expect(abs(a.averageSpeed - (7.5 * 30_000 + 20_000.0 / 3000 * 20_000) / 50_000) < 1e-9)
        #expect(Format.speed(metresPerSecond: a.averageSpeed) == "25.8 km/h")
        #expect(a.isActive)
        #expect(a.averageRideDistance == 25_000)
    }

    @Test("A ride with zero moving time counts with speed 0 and never divides by zero")
    func zeroMovingTime() throws {
        let stats = WeeklyStats.memberStats(
            [
                F.ride("a", km: 10, at: monday, seconds: 0),
                F.ride("a", km: 10, at: monday, seconds: 1200),
                F.ride("b", km: 5, at: monday, seconds: 0),
                F.ride("c", km: 0, at: monday, seconds: 600),
            ], in: week, counting: cycling)
        let a = try #require(stats[MemberID("a")])
        #expect(a.rides == 2)
        #expect(abs(a.averageSpeed - (10_000.0 / 1200 * 10_000) / 20_000) < 1e-9)
        let b = try #require(stats[MemberID("b")])
        #expect(b.averageSpeed == 0)
        #expect(b.distance == 5000)
        let c = try #require(stats[MemberID("c")])
        #expect(c.averageSpeed == 0)
        #expect(c.rides == 1)
        #expect(c.isActive)
    }

    @Test("Only counted sport types count; unknown types are ignored")
    func sportTypes() {
        let activities = [
            F.ride("a", km: 10, at: monday),
            F.ride("a", km: 8, at: monday, sport: "Run"),
            F.ride("b", km: 12, at: monday, sport: "Kitesurf"),
            F.ride("c", km: 12, at: monday, sport: "ride"),
            F.ride("d", km: 40, at: monday, sport: "VirtualRide"),
        ]
        let stats = WeeklyStats.memberStats(activities, in: week, counting: cycling)
        #expect(Set(stats.keys) == [MemberID("a"), MemberID("d")])
        #expect(stats[MemberID("a")]?.distance == 10_000)

        let runners = WeeklyStats.memberStats(activities, in: week, counting: ["Run"])
        #expect(Set(runners.keys) == [MemberID("a")])
        #expect(runners[MemberID("a")]?.distance == 8000)
        #expect(WeeklyStats.memberStats(activities, in: week, counting: []).isEmpty)
    }

    @Test("Only activities inside [start, end) count")
    func weekBounds() {
        let stats = WeeklyStats.memberStats(
            [
                F.ride("start", km: 1, at: week.start),
                F.ride("end", km: 1, at: week.end),
                F.ride("before", km: 1, at: week.start.addingTimeInterval(-1)),
                F.ride("last", km: 1, at: week.end.addingTimeInterval(-1)),
            ], in: week, counting: cycling)
        #expect(Set(stats.keys) == [MemberID("start"), MemberID("last")])
    }

    @Test("The same Strava activity synced and imported counts once, preferring the API row")
    func duplicates() throws {
        let imported = F.ride("a", km: 30, at: monday, source: .import, id: "123", name: "Old title")
        let synced = F.ride("a", km: 30, at: monday, source: .strava, id: "123", name: "New title")
        let other = F.ride("b", km: 30, at: monday, source: .strava, id: "123")
        let noID1 = F.ride("c", km: 5, at: monday, id: "")
        let noID2 = F.ride("c", km: 5, at: monday, id: "")
        let counted = WeeklyStats.countedActivities(
            [imported, synced, other, noID1, noID2], in: week, counting: cycling)
        #expect(counted.count == 4)
        #expect(counted.first?.name == "New title")
        let stats = WeeklyStats.memberStats([imported, synced, other], in: week, counting: cycling)
        #expect(stats[MemberID("a")]?.rides == 1)
        #expect(stats[MemberID("b")]?.rides == 1)
    }

    @Test("Bad numbers (negative, NaN, huge) never trap")
    func badInput() throws {
        var nan = F.ride("a", km: 10, at: monday)
        nan.distance = .nan
        nan.elevationGain = -.infinity
        var negative = F.ride("a", km: 10, at: monday)
        negative.distance = -5000
        negative.movingTime = -10
        var huge = F.ride("a", km: 10, at: monday)
        huge.movingTime = Int.max
        var huge2 = huge
        huge2.externalID = "other"
        let stats = try #require(
            WeeklyStats.memberStats([nan, negative, huge, huge2], in: week, counting: cycling)[MemberID("a")])
        #expect(stats.rides == 4)
        #expect(stats.distance == 20_000)
        #expect(stats.elevation == 0)
        #expect(stats.movingTime > 0)
        #expect(stats.averageSpeed.isFinite)
        let report = WeeklyStats.report(activities: [nan, negative, huge, huge2], week: week, counting: cycling)
        #expect(report.summary.rides == 4)
        #expect(report.members.first?.trend.text == "new")
    }

    // MARK: Trend

    @Test("Trend directions, percentages and text")
    func trends() {
        let up = Trend.between(current: 112, previous: 100)
        #expect(up.direction == .up)
        #expect(up.percent == 12)
        #expect(up.symbol == "▲")
        #expect(up.text == "▲ 12%")
        let down = Trend.between(current: 97, previous: 100)
        #expect(down.direction == .down)
        #expect(down.text == "▼ 3%")
        #expect(Trend.between(current: 0, previous: 40).text == "▼ 100%")
        let flat = Trend.between(current: 100.4, previous: 100)
        #expect(flat.direction == .flat)
        #expect(flat.symbol == "–")
        #expect(flat.text == "– 0%")
        #expect(Trend.between(current: 99.6, previous: 100).direction == .flat)
        #expect(Trend.between(current: 100.5, previous: 100).direction == .up)
        let new = Trend.between(current: 5, previous: 0)
        #expect(new.direction == .new)
        #expect(new.percent == nil)
        #expect(new.symbol == "new")
        #expect(new.text == "new")
        let none = Trend.between(current: 0, previous: 0)
        #expect(none.direction == .none)
        #expect(none.percent == nil)
        #expect(none.symbol == "")
        #expect(none.text == "")
        #expect(Trend.between(current: 112.6, previous: 100).text == "▲ 13%")
        #expect(Trend.between(current: .nan, previous: .infinity).direction == .none)
        #expect(Trend.between(current: 1e300, previous: 1e-300).direction == .up)
        #expect(Trend.between(current: 1e300, previous: 1e-300).text.hasPrefix("▲ "))
    }

    // MARK: Ranking

    @Test("Competition ranking: ties share a rank and are ordered by name, then id")
    func ranking() {
        func s(_ id: String, _ km: Double) -> MemberWeekStats {
            var stats = MemberWeekStats.zero(MemberID(id))
            stats.distance = km * 1000
            stats.rides = 1
            return stats
        }
        let names = [MemberID("z"): "aoife", MemberID("y"): "Brian", MemberID("x"): "Ciara", MemberID("w"): "Aoife"]
        let ranked = WeeklyStats.rank(
            [s("v", 10), s("x", 50), s("y", 50), s("z", 80), s("w", 50), s("u", 10)], by: .distance, names: names)
        #expect(ranked.map(\.stats.memberID.rawValue) == ["z", "w", "y", "x", "u", "v"])
        #expect(ranked.map(\.rank) == [1, 2, 2, 2, 5, 5])
        #expect(WeeklyStats.rank([], by: .distance).isEmpty)
    }

    @Test("Floating-point noise does not split a tie")
    func floatingTie() {
        var a = MemberWeekStats.zero(MemberID("a"))
        a.distance = (0.1 + 0.2) * 1000
        var b = MemberWeekStats.zero(MemberID("b"))
        b.distance = 300
        #expect(a.distance != b.distance)
        #expect(WeeklyStats.rank([a, b], by: .distance).map(\.rank) == [1, 1])
    }

    @Test("Every metric reads the right field and has a title")
    func metrics() {
        let s = MemberWeekStats(
            memberID: MemberID("a"), distance: 1, rides: 2, movingTime: 3, elevation: 4, averageSpeed: 5, longestRide: 6
        )
        #expect(Metric.allCases.map { $0.value(s) } == [1, 2, 5, 4, 3, 6])
        #expect(
            Metric.allCases.map(\.title) == [
                "Distance", "Rides", "Avg speed", "Elevation", "Moving time", "Longest ride",
            ])
        #expect(Metric.distance.format(42_300) == "42.3 km")
        #expect(Metric.rides.format(1) == "1 ride")
        #expect(Metric.rides.format(3) == "3 rides")
        #expect(Metric.speed.format(28.4 / 3.6) == "28.4 km/h")
        #expect(Metric.elevation.format(1200) == "1.2k")
        #expect(Metric.movingTime.format(5280) == "1h 28m")
    }

    // MARK: Reports

    func sampleActivities() -> [Activity] {
        [
            // This week
            F.ride("sarah", km: 60, at: F.utc(2026, 3, 16, 7), seconds: 7200, climb: 500),
            F.ride("sarah", km: 64, at: F.utc(2026, 3, 21, 8), seconds: 7680, climb: 700),
            F.ride("james", km: 118, at: F.utc(2026, 3, 18, 6), seconds: 14_160, climb: 980),
            F.ride("roisin", km: 98, at: F.utc(2026, 3, 19, 6), seconds: 13_000, climb: 760),
            F.ride("tom", km: 40, at: F.utc(2026, 3, 22, 23, 59), seconds: 5000, climb: 300),
            F.ride("tom", km: 8, at: F.utc(2026, 3, 20, 8), sport: "Run"),
            // Last week
            F.ride("sarah", km: 100, at: F.utc(2026, 3, 10, 7), seconds: 12_000, climb: 1000),
            F.ride("james", km: 118, at: F.utc(2026, 3, 11, 7), seconds: 14_000, climb: 900),
            F.ride("roisin", km: 120, at: F.utc(2026, 3, 12, 7), seconds: 15_000, climb: 400),
            F.ride("niamh", km: 50, at: F.utc(2026, 3, 13, 7), seconds: 6000),
            // Two weeks ago: ignored
            F.ride("tom", km: 500, at: F.utc(2026, 3, 3, 7)),
            // Next week: ignored
            F.ride("tom", km: 500, at: F.utc(2026, 3, 23, 0, 1)),
        ]
    }

    @Test("A report ranks this week's active members with trends from the previous week")
    func report() throws {
        let names = [
            MemberID("sarah"): "Sarah Murphy", MemberID("james"): "James Kelly", MemberID("roisin"): "Roisin Farrell",
            MemberID("tom"): "Tom Brennan",
        ]
        let report = WeeklyStats.report(activities: sampleActivities(), week: week, counting: cycling, names: names)
        #expect(report.week == week)
        #expect(report.metric == .distance)
        #expect(report.members.map(\.stats.memberID.rawValue) == ["sarah", "james", "roisin", "tom"])
        #expect(report.members.map(\.rank) == [1, 2, 3, 4])

        let sarah = try #require(report.ranked(MemberID("sarah")))
        #expect(sarah.stats.distance == 124_000)
        #expect(sarah.previous.distance == 100_000)
        #expect(sarah.trend.text == "▲ 24%")
        #expect(sarah.trend(for: .elevation).text == "▲ 20%")
        let james = try #require(report.ranked(MemberID("james")))
        #expect(james.trend.direction == .flat)
        let roisin = try #require(report.ranked(MemberID("roisin")))
        #expect(roisin.trend.direction == .down)
        let tom = try #require(report.ranked(MemberID("tom")))
        #expect(tom.previous == .zero(MemberID("tom")))
        #expect(tom.trend.direction == .new)
        #expect(tom.stats.rides == 1)

        // Niamh rode only last week: not on the board, zero stats.
        #expect(report.ranked(MemberID("niamh")) == nil)
        #expect(report.stats(for: MemberID("niamh")) == .zero(MemberID("niamh")))

        let summary = report.summary
        #expect(summary.distance == 380_000)
        #expect(summary.rides == 5)
        #expect(summary.activeMembers == 4)
        #expect(summary.elevation == 3240)
        #expect(summary.movingTime == 7200 + 7680 + 14_160 + 13_000 + 5000)
        #expect(summary.distanceTrend.text == "▼ 2%")  // 380 vs 388 km
        #expect(summary.ridesTrend.direction == .up)  // 5 vs 4
        #expect(summary.activeMembersTrend.direction == .flat)  // 4 vs 4
        #expect(summary.elevationTrend.text == "▲ 41%")  // 3240 vs 2300

        // Counted activities of this week only, newest first.
        #expect(report.activities.count == 5)
        #expect(report.activities.map(\.startDate) == report.activities.map(\.startDate).sorted(by: >))
        #expect(report.activities.first?.memberID == MemberID("tom"))
        #expect(report.activities.allSatisfy { week.contains($0.startDate) && $0.sportType != "Run" })
    }

    @Test("Ranking by another metric reorders and recomputes trends for that metric")
    func reportByRides() {
        let report = WeeklyStats.report(activities: sampleActivities(), week: week, counting: cycling, metric: .rides)
        #expect(report.metric == .rides)
        #expect(report.members.first?.stats.memberID == MemberID("sarah"))
        #expect(report.members.map(\.rank) == [1, 2, 2, 2])
        // Ties without names fall back to id order.
        #expect(report.members.dropFirst().map(\.stats.memberID.rawValue) == ["james", "roisin", "tom"])
        #expect(report.members.first?.trend.text == "▲ 100%")
    }

    @Test("An empty week gives an empty board and no trends")
    func emptyWeek() {
        let report = WeeklyStats.report(activities: [], week: week, counting: cycling)
        #expect(report.members.isEmpty)
        #expect(report.activities.isEmpty)
        #expect(report.summary.distance == 0)
        #expect(report.summary.activeMembers == 0)
        #expect(report.summary.distanceTrend.direction == .none)
        #expect(report.summary.activeMembersTrend.text == "")

        // Riders last week but none this week: everything is down 100 %.
        let quiet = WeeklyStats.report(
            activities: [F.ride("a", km: 20, at: lastWeek)], week: week, counting: cycling)
        #expect(quiet.members.isEmpty)
        #expect(quiet.summary.distanceTrend.text == "▼ 100%")
        #expect(quiet.summary.activeMembersTrend.direction == .down)
    }

    @Test("Reports round-trip through JSON")
    func reportCodable() throws {
        let report = WeeklyStats.report(activities: sampleActivities(), week: week, counting: cycling)
        let data = try JSONEncoder().encode(report)
        #expect(try JSONDecoder().decode(WeekReport.self, from: data) == report)
    }

    @Test("Report totals do not depend on the order of the input")
    func orderIndependent() {
        let activities = sampleActivities()
        let a = WeeklyStats.report(activities: activities, week: week, counting: cycling)
        let b = WeeklyStats.report(activities: activities.reversed(), week: week, counting: cycling)
        #expect(a.summary == b.summary)
        #expect(a.members.map(\.stats.memberID) == b.members.map(\.stats.memberID))
        #expect(a.activities.map(\.externalID) == b.activities.map(\.externalID))
    }
}
