import Foundation
import Testing

@testable import ClubWeekly

@Suite("Member history: series, personal bests, streaks")
struct HistoryTests {
    typealias F = Fixture
    static let calendar = WeekCalendar(timeZone: Fixture.dublin, weekStart: .monday)
    static let now = Fixture.utc(2026, 3, 18, 12)
    /// Eight weeks ending with the week of 16 March 2026.
    let weeks = HistoryTests.calendar.weeks(offset: -7...0, from: HistoryTests.now)

    /// One ride per given km (nil or 0 = no ride) in consecutive weeks, Wednesdays at 07:00.
    func history(_ member: String = "a", km: [Double?], extra: [Activity] = []) -> MemberHistory {
        var activities = extra
        for (index, value) in km.enumerated() {
            guard let value, value > 0, weeks.indices.contains(index) else { continue }
            activities.append(
                F.ride(member, km: value, at: weeks[index].start.addingTimeInterval(2 * 86_400 + 7 * 3600)))
        }
        return MemberHistory(activities: activities, weeks: weeks, counting: SportTypes.cycling)
    }

    @Test("Series are one entry per week, zero-filled, oldest first")
    func series() {
        let h = history(km: [10, nil, 30, nil, nil, nil, nil, 80])
        let series = h.series(MemberID("a"))
        #expect(series.count == 8)
        #expect(series.map(\.distance) == [10_000, 0, 30_000, 0, 0, 0, 0, 80_000])
        #expect(series.allSatisfy { $0.memberID == MemberID("a") })
        #expect(h.series(MemberID("nobody")) == weeks.map { _ in .zero(MemberID("nobody")) })
        #expect(h.memberIDs == [MemberID("a")])
        #expect(h.weeks == weeks)
        #expect(h.index(of: weeks[3]) == 3)
    }

    @Test("An activity both synced from Strava and imported from the export counts once, in any order")
    func duplicatesAcrossSources() {
        let start = weeks[7].start.addingTimeInterval(86_400)
        var synced = F.ride("a", km: 40, at: start)
        synced.externalID = "12345"
        var imported = synced
        imported.source = .import
        imported.distance = 39_000
        for list in [[synced, imported], [imported, synced]] {
            let h = MemberHistory(activities: list, weeks: weeks, counting: SportTypes.cycling)
            #expect(h.series(MemberID("a"))[7].rides == 1)
            #expect(h.series(MemberID("a"))[7].distance == 40_000)
        }
    }

    @Test("Activities outside the weeks and uncounted sports are ignored")
    func outside() {
        let h = history(
            km: [10],
            extra: [
                F.ride("a", km: 99, at: weeks[0].start.addingTimeInterval(-1)),
                F.ride("a", km: 99, at: weeks[7].end),
                F.ride("a", km: 99, at: weeks[1].start, sport: "Run"),
            ])
        #expect(h.series(MemberID("a")).map(\.rides) == [1, 0, 0, 0, 0, 0, 0, 0])
    }

    @Test("Personal best: highest weekly distance in 8 weeks")
    func personalBestEight() throws {
        let h = history(km: [50, 60, nil, 70, 40, 65, 20, 87])
        let best = try #require(h.personalBest(MemberID("a"), metric: .distance, at: 7))
        #expect(best.weeks == 8)
        #expect(best.value == 87_000)
        #expect(best.metric == .distance)
        #expect(best.text == "Your highest weekly distance in 8 weeks")
    }

    @Test("Personal best window stops at the first earlier week that was as high")
    func personalBestWindow() throws {
        let h = history(km: [90, 60, 87, 70, 40, 65, 20, 87])
        // Week 2 had the same 87 km: only weeks 3...7 are beaten.
        let best = try #require(h.personalBest(MemberID("a"), metric: .distance, at: 7))
        #expect(best.weeks == 5)
        // Week 2 beats weeks 1 only (week 0 is higher): 2 weeks is below the minimum of 3.
        #expect(h.personalBest(MemberID("a"), metric: .distance, at: 2) == nil)
    }

    @Test("No personal best for fewer than 3 weeks, a zero week, or an index out of range")
    func noPersonalBest() {
        let h = history(km: [10, 20, 30, 5, nil, nil, nil, nil])
        #expect(h.personalBest(MemberID("a"), metric: .distance, at: 1) == nil)  // 2 weeks
        #expect(h.personalBest(MemberID("a"), metric: .distance, at: 2)?.weeks == 3)
        #expect(h.personalBest(MemberID("a"), metric: .distance, at: 3) == nil)
        #expect(h.personalBest(MemberID("a"), metric: .distance, at: 5) == nil)  // zero
        #expect(h.personalBest(MemberID("a"), metric: .distance, at: 8) == nil)
        #expect(h.personalBest(MemberID("a"), metric: .distance, at: -1) == nil)
        #expect(h.personalBest(MemberID("b"), metric: .distance, at: 7) == nil)
    }

    @Test("Personal bests for other metrics have their own wording")
    func personalBestMetrics() throws {
        let h = history(km: [10, 20, 30, 40])
        #expect(h.personalBest(MemberID("a"), metric: .rides, at: 3) == nil)  // 1 ride every week
        #expect(
            try #require(h.personalBest(MemberID("a"), metric: .longestRide, at: 3)).text
                == "Your longest ride in 4 weeks")
        #expect(
            try #require(h.personalBest(MemberID("a"), metric: .movingTime, at: 3)).text
                == "Your most time in the saddle in a week in 4 weeks")
    }

    @Test("Streaks count consecutive active weeks")
    func streaks() {
        let h = history(km: [10, nil, 10, 10, 10, nil, 10, 10])
        let a = MemberID("a")
        #expect(h.streak(a, endingAt: 7) == 2)
        #expect(h.streak(a, endingAt: 4) == 3)
        #expect(h.streak(a, endingAt: 5) == 0)  // inactive and not the last week
        #expect(h.streak(a, endingAt: 0) == 1)
        #expect(h.streak(a, endingAt: 8) == 0)
        #expect(h.streak(a, endingAt: -1) == 0)
        #expect(h.streak(MemberID("b"), endingAt: 7) == 0)
    }

    @Test("The current week not ridden yet does not break the streak")
    func currentWeekPending() {
        let h = history(km: [nil, nil, nil, 10, 10, 10, 10, nil])
        #expect(h.streak(MemberID("a"), endingAt: 7) == 4)
        #expect(h.streak(MemberID("a"), endingAt: 6) == 4)
    }

    @Test("Weeks straddling a DST change bucket by local time")
    func dstBuckets() {
        let weeks = Self.calendar.weeks(offset: -1...0, from: F.utc(2026, 4, 1))
        let sundayNight = F.local(F.dublin, 2026, 3, 29, 23, 30)
        let mondayMorning = F.local(F.dublin, 2026, 3, 30, 0, 30)
        let h = MemberHistory(
            activities: [F.ride("a", km: 10, at: sundayNight), F.ride("a", km: 20, at: mondayMorning)], weeks: weeks,
            counting: SportTypes.cycling)
        #expect(h.series(MemberID("a")).map(\.distance) == [10_000, 20_000])
    }
}
