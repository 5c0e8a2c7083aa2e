import Foundation
import Testing

@testable import ClubWeekly

@Suite("Insights engine")
struct InsightsTests {
    typealias F = Fixture
    static let calendar = WeekCalendar(timeZone: Fixture.dublin, weekStart: .monday)
    static let now = Fixture.utc(2026, 3, 20, 12)
    /// Eight weeks, the last one (index 7) is the week of 16 March 2026.
    let weeks = InsightsTests.calendar.weeks(offset: -7...0, from: InsightsTests.now)
    var week: Week { weeks[7] }

    let names: [MemberID: String] = [
        MemberID("sarah"): "Sarah Murphy", MemberID("james"): "James Kelly", MemberID("roisin"): "Roisin Farrell",
        MemberID("tom"): "Tom Brennan", MemberID("aoife"): "Aoife Doyle", MemberID("niamh"): "Niamh Byrne",
    ]
    let surnames = ["Murphy", "Kelly", "Farrell", "Brennan", "Doyle", "Byrne"]

    /// A ride of `km` at `kmh` in week `index`, on day `day` of it.
    func ride(_ member: String, week index: Int, day: Int = 2, km: Double, kmh: Double, climb: Double = 0) -> Activity {
        F.ride(
            member, km: km, at: weeks[index].start.addingTimeInterval(Double(day) * 86_400 + 7 * 3600),
            seconds: Int((km / kmh * 3600).rounded()), climb: climb)
    }

    /// Sarah 124 km, James 118, Roisin 98, Tom 61 (fastest), Aoife 24; Niamh rode the weeks before only.
    func clubActivities() -> [Activity] {
        var list: [Activity] = [
            ride("sarah", week: 7, day: 0, km: 60, kmh: 27, climb: 600),
            ride("sarah", week: 7, day: 5, km: 64, kmh: 27, climb: 600),
            ride("james", week: 7, day: 1, km: 40, kmh: 27.5, climb: 300),
            ride("james", week: 7, day: 3, km: 40, kmh: 27.5, climb: 300),
            ride("james", week: 7, day: 5, km: 38, kmh: 27.5, climb: 300),
            ride("roisin", week: 7, day: 1, km: 33, kmh: 26, climb: 250),
            ride("roisin", week: 7, day: 3, km: 33, kmh: 26, climb: 250),
            ride("roisin", week: 7, day: 5, km: 32, kmh: 26, climb: 260),
            ride("tom", week: 7, day: 2, km: 30.5, kmh: 28.4, climb: 100),
            ride("tom", week: 7, day: 6, km: 30.5, kmh: 28.4, climb: 100),
            ride("aoife", week: 7, day: 4, km: 24, kmh: 24, climb: 50),
        ]
        // Tom's earlier weeks: lower than this week; active the last 5 weeks.
        for (index, km) in [40.0, 50, 0, 45, 55, 30, 50].enumerated() where km > 0 {
            list.append(ride("tom", week: index, km: km, kmh: 27))
        }
        // Aoife usually rides 3 × 25 km.
        for index in 0..<7 {
            for day in [1, 3, 5] { list.append(ride("aoife", week: index, day: day, km: 25, kmh: 24)) }
        }
        // James usually rides 3 × 40 km at 32 km/h.
        for index in 3..<7 {
            for day in [1, 3, 5] { list.append(ride("james", week: index, day: day, km: 40, kmh: 32)) }
        }
        // Niamh rode the three weeks before this one.
        for index in 4..<7 { list.append(ride("niamh", week: index, km: 50, kmh: 25)) }
        return list
    }

    func setUp(metric: Metric = .distance, activities: [Activity]? = nil) -> (WeekReport, MemberHistory) {
        let activities = activities ?? clubActivities()
        let report = WeeklyStats.report(
            activities: activities, week: week, counting: SportTypes.cycling, metric: metric, names: names)
        let history = MemberHistory(activities: activities, weeks: weeks, counting: SportTypes.cycling)
        return (report, history)
    }

    // MARK: My stats

    @Test("My Stats: rank, week over week, personal best, streak and a specific coaching tip")
    func myStats() throws {
        let (report, history) = setUp()
        let insights = InsightsEngine.myStats(for: MemberID("tom"), report: report, history: history, names: names)
        #expect(insights.map(\.kind) == [.rank, .weekOverWeek, .personalBest, .streak, .coachingTip])

        let rank = try #require(insights.first(.rank))
        #expect(rank.text == "#4 of 5 active")
        #expect(rank.numbers["rank"] == 4)
        #expect(rank.numbers["activeMembers"] == 5)

        let wow = try #require(insights.first(.weekOverWeek))
        #expect(wow.text == "61.0 km this week, ▲ 22% on last week's 50.0 km.")
        #expect(wow.numbers["current"] == 61_000)
        #expect(wow.numbers["previous"] == 50_000)
        #expect(abs((wow.numbers["percent"] ?? 0) - 22) < 0.01)

        let best = try #require(insights.first(.personalBest))
        #expect(best.text == "Your highest weekly distance in 8 weeks: 61.0 km.")
        #expect(best.numbers["weeks"] == 8)

        let streak = try #require(insights.first(.streak))
        #expect(streak.numbers["weeks"] == 5)
        #expect(streak.title == "5-week streak")

        let tip = try #require(insights.first(.coachingTip))
        #expect(tip.text == "You're 37 km behind #3 Roisin — one 40 km ride would close it.")
        #expect(abs((tip.numbers["gap"] ?? 0) - 37_000) < 1e-6)
        #expect(tip.numbers["targetRank"] == 3)
        #expect(tip.numbers["suggestion"] == 40_000)
        #expect(tip.numbers["suggestedRides"] == 1)
    }

    @Test("The leader is told how far ahead they are")
    func leader() throws {
        let (report, history) = setUp()
        let insights = InsightsEngine.myStats(for: MemberID("sarah"), report: report, history: history, names: names)
        #expect(insights.first(.rank)?.text == "#1 of 5 active")
        let tip = try #require(insights.first(.coachingTip))
        #expect(tip.text == "You're #1, 6.0 km ahead of #2 James on distance — keep it up.")
        #expect(tip.numbers["lead"] == 6000)
        // Sarah has no earlier weeks: the first week is new, and one week is no streak.
        #expect(insights.first(.weekOverWeek)?.text == "124.0 km this week, up from no rides last week.")
        #expect(insights.first(.streak) == nil)
        // Beating only empty weeks is not a personal best.
        #expect(insights.first(.personalBest) == nil)
    }

    @Test("Alone at the top, and sharing the top spot")
    func aloneAndTied() throws {
        let alone = setUp(activities: [ride("tom", week: 7, km: 20, kmh: 25)])
        let tip = try #require(
            InsightsEngine.myStats(for: MemberID("tom"), report: alone.0, history: alone.1, names: names)
                .first(.coachingTip))
        #expect(tip.text.contains("only rider"))

        let tied = setUp(activities: [ride("tom", week: 7, km: 20, kmh: 25), ride("sarah", week: 7, km: 20, kmh: 25)])
        let tomTip = try #require(
            InsightsEngine.myStats(for: MemberID("tom"), report: tied.0, history: tied.1, names: names)
                .first(.coachingTip))
        #expect(tomTip.text.contains("share the top spot"))
        #expect(tomTip.text.contains("#1 Sarah"))
        #expect(tied.0.members.map(\.rank) == [1, 1])
    }

    @Test("An inactive member gets a no-activity card, their streak to keep, and a first-ride tip")
    func inactive() throws {
        let (report, history) = setUp()
        let insights = InsightsEngine.myStats(for: MemberID("niamh"), report: report, history: history, names: names)
        #expect(insights.map(\.kind) == [.noActivity, .streak, .coachingTip])
        #expect(insights.first(.noActivity)?.text == "No counted rides for 16–22 Mar 2026 yet — there's still time.")
        #expect(insights.first(.streak)?.numbers["weeks"] == 3)
        let tip = try #require(insights.first(.coachingTip))
        // The median ride this week is 33 km, so the suggestion is 35 km: behind Sarah, James, Roisin and
        // Tom, ahead of Aoife.
        #expect(tip.text == "One 35 km ride would put you #5 of 6 on distance this week — every ride counts.")
        #expect(tip.numbers["suggestion"] == 35_000)
        #expect(tip.numbers["rank"] == 5)
    }

    @Test("With nobody riding yet the first ride takes the top spot")
    func emptyWeek() throws {
        let (report, history) = setUp(activities: [])
        let insights = InsightsEngine.myStats(for: MemberID("tom"), report: report, history: history, names: names)
        #expect(insights.map(\.kind) == [.noActivity, .coachingTip])
        #expect(insights.first(.coachingTip)?.text.contains("top of the board") == true)

        let versus = InsightsEngine.versusTop3(for: MemberID("tom"), report: report, names: names)
        #expect(versus.top.isEmpty)
        #expect(versus.me == nil)
        #expect(versus.strongestMetric == nil)
        #expect(versus.comparisons.allSatisfy { $0.top.isEmpty && $0.gapToThird == 0 && $0.gapPercent == 0 })

        let lowest = InsightsEngine.lowestWeek(for: nil, report: report, history: history, names: names)
        #expect(lowest.member == nil)
        #expect(lowest.insights.map(\.kind) == [.noActivity])
    }

    @Test("Coaching tips for every ranking metric suggest more than the gap")
    func tipsPerMetric() throws {
        for metric in Metric.allCases {
            let (report, history) = setUp(metric: metric)
            let me = try #require(report.ranked(MemberID("aoife")))
            guard me.rank > 1 else { continue }
            let tip = try #require(
                InsightsEngine.myStats(for: MemberID("aoife"), report: report, history: history, names: names)
                    .first(.coachingTip))
            let gap = try #require(tip.numbers["gap"])
            #expect(gap > 0, "\(metric)")
            if metric != .speed && metric != .longestRide {
                #expect(try #require(tip.numbers["suggestion"]) > gap, "\(metric)")
            }
            #expect(tip.text.contains("#"), "\(metric)")
            #expect(Fixture.shamingWords(in: tip.text).isEmpty, "\(metric): \(tip.text)")
        }
        // Specific wording.
        let rides = setUp(metric: .rides)
        let tomRides = try #require(
            InsightsEngine.myStats(for: MemberID("tom"), report: rides.0, history: rides.1, names: names)
                .first(.coachingTip))
        #expect(tomRides.text == "You're 1 ride behind #1 Roisin — 2 more rides would move you past.")
        let climb = setUp(metric: .elevation)
        let tomClimb = try #require(
            InsightsEngine.myStats(for: MemberID("tom"), report: climb.0, history: climb.1, names: names)
                .first(.coachingTip))
        #expect(
            tomClimb.text
                == "You're 560m of climbing behind #3 Roisin — one hilly ride with 600m of climbing would close it.")
        let longest = setUp(metric: .longestRide)
        let tomLongest = try #require(
            InsightsEngine.myStats(for: MemberID("tom"), report: longest.0, history: longest.1, names: names)
                .first(.coachingTip))
        #expect(tomLongest.text == "Your longest ride is 2.5 km short of #3 Roisin's — one 35 km ride would beat it.")
        let time = setUp(metric: .movingTime)
        let tomTime = try #require(
            InsightsEngine.myStats(for: MemberID("tom"), report: time.0, history: time.1, names: names)
                .first(.coachingTip))
        #expect(tomTime.text.hasSuffix("more in the saddle would close it."))
        #expect(tomTime.text.contains("behind #3 Roisin"))
        let speed = setUp(metric: .speed)
        let aoifeSpeed = try #require(
            InsightsEngine.myStats(for: MemberID("aoife"), report: speed.0, history: speed.1, names: names)
                .first(.coachingTip))
        #expect(aoifeSpeed.text.hasPrefix("Your avg speed is 2.0 km/h behind #4 Roisin's — "))
    }

    @Test("Large gaps are split into several rides")
    func ridePlans() {
        #expect(InsightsEngine.nextStep(above: 37, step: 5) == 40)
        #expect(InsightsEngine.nextStep(above: 35, step: 5) == 40)
        #expect(InsightsEngine.nextStep(above: 0.3, step: 5) == 5)
        #expect(InsightsEngine.nextStep(above: 0, step: 5) == 5)
        #expect(InsightsEngine.nextStep(above: .nan, step: 5) == 5)
        #expect(InsightsEngine.ridePlan(coveringKm: 37).text == "one 40 km ride")
        #expect(InsightsEngine.ridePlan(coveringKm: 99).text == "one 100 km ride")
        #expect(InsightsEngine.ridePlan(coveringKm: 250).text == "four 65 km rides")
        #expect(InsightsEngine.ridePlan(coveringKm: 1e12).count == 10)
    }

    // MARK: Versus top 3

    @Test("Versus top 3: gaps per metric, strongest metric, advantage callout and path up")
    func versus() throws {
        let (report, _) = setUp()
        let result = InsightsEngine.versusTop3(for: MemberID("tom"), report: report, names: names)
        #expect(result.top.map(\.stats.memberID.rawValue) == ["sarah", "james", "roisin"])
        #expect(result.me?.rank == 4)
        #expect(result.comparisons.map(\.metric) == [.distance, .rides, .speed, .elevation])

        let distance = try #require(result.comparisons.first { $0.metric == .distance })
        #expect(distance.mine == 61_000)
        #expect(distance.top == [124_000, 118_000, 98_000])
        #expect(abs(distance.gapToThird - 37_000) < 1e-6)
        #expect(abs(distance.gapPercent - 37.0 / 98 * 100) < 1e-9)
        let speed = try #require(result.comparisons.first { $0.metric == .speed })
        #expect(speed.gapToThird < 0)  // ahead of Roisin on speed

        #expect(result.strongestMetric == .speed)
        #expect(result.insights.map(\.kind) == [.gap, .strength, .advantage, .encouragement])
        #expect(result.insights.first(.gap)?.text == "You're 37 km (38%) behind #3 Roisin on distance.")
        #expect(
            result.insights.first(.strength)?.text == "Avg speed is your strongest metric: #1 of 5 active (28.4 km/h).")
        let advantage = try #require(result.insights.first(.advantage))
        #expect(advantage.text == "Your avg speed (28.4 km/h) is faster than Roisin's (26.0 km/h).")
        #expect(advantage.numbers["theirRank"] == 3)
        #expect(
            result.insights.first(.encouragement)?.text
                == "More rides = your path up: #3 Roisin rode 3 times to your 2.")
    }

    @Test("Versus top 3 for riders inside the top 3 and for an inactive member")
    func versusTopAndInactive() throws {
        let (report, _) = setUp()
        let james = InsightsEngine.versusTop3(for: MemberID("james"), report: report, names: names)
        #expect(james.insights.first(.gap)?.text == "You're #2, 6.0 km behind #1 Sarah at the top on distance.")
        #expect(james.strongestMetric == .rides)
        #expect(james.insights.first(.advantage)?.text.contains("Sarah's") == true)

        let sarah = InsightsEngine.versusTop3(for: MemberID("sarah"), report: report, names: names)
        #expect(sarah.insights.first(.gap)?.text == "You're top of the board on distance, 6.0 km clear of #2 James.")
        #expect(sarah.insights.first(.advantage) == nil)
        #expect(sarah.insights.first(.encouragement)?.text.contains("top spot") == true)
        #expect(sarah.comparisons.first?.gapToThird == -26_000.0)

        let niamh = InsightsEngine.versusTop3(for: MemberID("niamh"), report: report, names: names)
        #expect(niamh.me == nil)
        #expect(niamh.strongestMetric == nil)
        #expect(niamh.insights.map(\.kind) == [.noActivity, .coachingTip])
        #expect(niamh.comparisons.first?.mine == 0)
        #expect(niamh.comparisons.first?.gapToThird == 98_000)
    }

    @Test("Without names, riders are referred to by rank")
    func noNames() throws {
        let (report, history) = setUp()
        let tip = try #require(
            InsightsEngine.myStats(for: MemberID("tom"), report: report, history: history, names: [:])
                .first(.coachingTip))
        #expect(tip.text == "You're 37 km behind #3 — one 40 km ride would close it.")
        let advantage = InsightsEngine.versusTop3(for: MemberID("tom"), report: report, names: [:]).insights
            .first(.advantage)
        #expect(advantage?.text == "Your avg speed (28.4 km/h) is faster than #3's (26.0 km/h).")
    }

    // MARK: Lowest week

    @Test("Lowest week picks the least distance and explains fewer rides against the rider's usual week")
    func lowestFewerRides() throws {
        let (report, history) = setUp()
        let result = InsightsEngine.lowestWeek(for: nil, report: report, history: history, names: names)
        #expect(result.member == MemberID("aoife"))
        #expect(result.insights.map(\.kind) == [.lowWeekCause, .gap, .coachingTip, .encouragement])
        let cause = try #require(result.insights.first(.lowWeekCause))
        #expect(cause.title == "Fewer rides this week")
        #expect(
            cause.text
                == "1 ride this week compared with your usual 3 — that's the main reason the total is lower. "
                + "Your rides averaged 24.0 km, right in line with your usual 25.0 km.")
        #expect(cause.numbers["rides"] == 1)
        #expect(cause.numbers["baselineRides"] == 3)
        #expect(cause.numbers["baselineWeeks"] == 7)
        #expect(abs((cause.numbers["ratio"] ?? 0) - 1.0 / 3) < 1e-9)
        let club = try #require(result.insights.first(.gap))
        #expect(club.text == "The club's median week was 98.0 km over 2 rides; you rode 24.0 km over 1 ride.")
        #expect(club.numbers["clubMedianDistance"] == 98_000)
        let tip = try #require(result.insights.first(.coachingTip))
        #expect(tip.text == "Two more 30 km rides would bring you back to your usual 75.0 km week.")
        #expect(result.insights.first(.encouragement)?.text.contains("8 weeks in a row") == true)
    }

    @Test("Lowest week names an easier pace when rides and distance were as usual")
    func lowestEasierPace() throws {
        let (report, history) = setUp()
        let result = InsightsEngine.lowestWeek(for: MemberID("james"), report: report, history: history, names: names)
        #expect(result.member == MemberID("james"))
        let cause = try #require(result.insights.first(.lowWeekCause))
        #expect(cause.title == "An easier pace this week")
        #expect(
            cause.text == "You averaged 27.5 km/h compared with your usual 32.0 km/h — easier weeks help recovery too.")
        #expect(result.insights.first(.coachingTip)?.text.contains("32.0 km/h") == true)
    }

    @Test("Lowest week names shorter rides")
    func lowestShorterRides() throws {
        var activities = clubActivities().filter { $0.memberID != MemberID("aoife") || !week.contains($0.startDate) }
        for day in [1, 3, 5] { activities.append(ride("aoife", week: 7, day: day, km: 12, kmh: 24)) }
        let (report, history) = setUp(activities: activities)
        let result = InsightsEngine.lowestWeek(for: nil, report: report, history: history, names: names)
        #expect(result.member == MemberID("aoife"))
        let cause = try #require(result.insights.first(.lowWeekCause))
        #expect(cause.title == "Shorter rides this week")
        #expect(cause.text == "Your rides averaged 12.0 km compared with your usual 25.0 km, over 3 rides.")
        // 75 − 36 = 39 km short: stretch the 12 km ride to 55 km.
        #expect(
            result.insights.first(.coachingTip)?.text
                == "Stretching one ride to 55 km would bring you back to your usual 75.0 km week.")
    }

    @Test("Without history the club median is the yardstick")
    func lowestAgainstClub() throws {
        let thisWeekOnly = clubActivities().filter { week.contains($0.startDate) }
        let (report, history) = setUp(activities: thisWeekOnly)
        let result = InsightsEngine.lowestWeek(for: nil, report: report, history: history, names: names)
        #expect(result.member == MemberID("aoife"))
        let cause = try #require(result.insights.first(.lowWeekCause))
        #expect(cause.title == "Fewer rides this week")
        #expect(cause.text.hasPrefix("1 ride this week compared with the club's typical 2 — "))
        #expect(cause.numbers["baselineWeeks"] == 0)
        #expect(
            result.insights.first(.encouragement)?.text == "Lighter weeks are part of training — every ride counts.")
    }

    @Test("A steady week and an inactive rider are described kindly")
    func lowestSteadyAndInactive() throws {
        let (report, history) = setUp()
        let sarah = InsightsEngine.lowestWeek(for: MemberID("sarah"), report: report, history: history, names: names)
        // Sarah has no earlier weeks: compared with the club she is above the median.
        #expect(sarah.insights.first(.lowWeekCause)?.title == "Above the club's typical week")
        #expect(sarah.insights.first(.lowWeekCause)?.numbers["ratio"] == nil)
        #expect(sarah.insights.first(.encouragement)?.text == "Every ride counts — keep it rolling.")
        // Roisin matches the club median.
        let roisin = InsightsEngine.lowestWeek(for: MemberID("roisin"), report: report, history: history, names: names)
        #expect(
            roisin.insights.first(.lowWeekCause)?.text
                == "3 rides averaging 32.7 km at 26.0 km/h — in line with the club's typical week.")
        // Tom rode more than usual, in shorter rides: that is not a lighter week.
        let tom = InsightsEngine.lowestWeek(for: MemberID("tom"), report: report, history: history, names: names)
        #expect(
            tom.insights.first(.lowWeekCause)?.text
                == "61.0 km over 2 rides — more than your usual 45.0 km. Nothing to fix here.")
        #expect(tom.insights.first(.encouragement)?.text == "You've ridden 5 weeks in a row — that consistency shows.")

        let niamh = InsightsEngine.lowestWeek(for: MemberID("niamh"), report: report, history: history, names: names)
        #expect(niamh.member == MemberID("niamh"))
        #expect(niamh.insights.map(\.kind) == [.noActivity, .encouragement])
        #expect(niamh.insights.first(.encouragement)?.numbers["weeks"] == 3)
    }

    @Test("Ties for the lowest distance pick the rider with fewer rides")
    func lowestTie() {
        let activities = [
            ride("tom", week: 7, day: 1, km: 10, kmh: 25), ride("tom", week: 7, day: 2, km: 10, kmh: 25),
            ride("sarah", week: 7, day: 1, km: 20, kmh: 25), ride("james", week: 7, day: 1, km: 40, kmh: 25),
        ]
        let (report, history) = setUp(activities: activities)
        #expect(
            InsightsEngine.lowestWeek(for: nil, report: report, history: history, names: names).member
                == MemberID("sarah"))
    }

    // MARK: Language

    @Test("No insight ever shames, and other riders are named by first name only")
    func language() {
        var texts: [String] = []
        let scenarios = [
            setUp(), setUp(metric: .rides), setUp(metric: .speed), setUp(metric: .elevation),
            setUp(metric: .movingTime), setUp(metric: .longestRide), setUp(activities: []),
            setUp(activities: clubActivities().filter { week.contains($0.startDate) }),
        ]
        for (report, history) in scenarios {
            for id in names.keys.sorted(by: { $0.rawValue < $1.rawValue }) + [MemberID("stranger")] {
                let all =
                    InsightsEngine.myStats(for: id, report: report, history: history, names: names)
                    + InsightsEngine.versusTop3(for: id, report: report, names: names).insights
                    + InsightsEngine.lowestWeek(for: id, report: report, history: history, names: names).insights
                texts += all.flatMap { [$0.title, $0.text] }
            }
            texts += InsightsEngine.lowestWeek(for: nil, report: report, history: history, names: names).insights
                .flatMap { [$0.title, $0.text] }
        }
        #expect(texts.count > 300)
        for text in texts {
            #expect(Fixture.shamingWords(in: text).isEmpty, "\(text)")
            #expect(!surnames.contains { text.contains($0) }, "\(text)")
            #expect(!text.isEmpty)
            #expect(!text.contains("nan") && !text.contains("inf"), "\(text)")
        }
        #expect(Fixture.shamingWords(in: "Your worst week, bad luck") == ["worst", "bad"])
    }

    @Test("Insights round-trip through JSON")
    func codable() throws {
        let (report, history) = setUp()
        let insights = InsightsEngine.myStats(for: MemberID("tom"), report: report, history: history, names: names)
        #expect(try JSONDecoder().decode([Insight].self, from: JSONEncoder().encode(insights)) == insights)
        let versus = InsightsEngine.versusTop3(for: MemberID("tom"), report: report, names: names)
        #expect(try JSONDecoder().decode(VersusTop3.self, from: JSONEncoder().encode(versus)) == versus)
    }
}
