import Benchmark
import ClubWeekly
import Foundation

/// 100 members × 52 weeks × 5 activities, the sizing for the weekly aggregation goal (< 10 ms).
struct Fixture {
    let club: Club
    let activities: [Activity]
    let weeks: [Week]
    let now = Date(timeIntervalSince1970: 1_795_000_000)

    init(members: Int = 100, weeks: Int = 52, perWeek: Int = 5) {
        club = Club(
            id: ClubID("bench"), name: "Bench CC", slug: "bench", timeZoneIdentifier: "Europe/Dublin",
            createdAt: Date(timeIntervalSince1970: 0))
        let calendar = WeekCalendar(club: club)
        self.weeks = calendar.weeks(offset: (-(weeks - 1))...0, from: now)
        var generated: [Activity] = []
        var seed: UInt64 = 42
        func next() -> Double {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Double(seed >> 11) / Double(1 << 53)
        }
        for member in 0..<members {
            for week in self.weeks {
                for ride in 0..<perWeek {
                    let start = week.start.addingTimeInterval(Double(ride) * 86400 + 7 * 3600 + next() * 3600)
                    let distance = 15_000 + next() * 80_000
                    generated.append(
                        Activity(
                            memberID: MemberID("m\(member)"), source: .strava, externalID: "\(member)-\(start)",
                            startDate: start, sportType: ride == 4 ? "Run" : "Ride", distance: distance,
                            movingTime: Int(distance / 7.5), elapsedTime: Int(distance / 7),
                            elevationGain: next() * 900,
                            name: "Ride"))
                }
            }
        }
        activities = generated
    }
}

let benchmarks: @Sendable () -> Void = {
    let fixture = Fixture()
    let thisWeek = fixture.weeks[fixture.weeks.count - 1]
    let lastTwoWeeks = fixture.activities.filter { $0.startDate >= thisWeek.previous.start }

    Benchmark(
        "Week report, 100 members (two weeks of activities)",
        configuration: .init(metrics: [.wallClock, .mallocCountTotal], maxDuration: .seconds(5))
    ) { benchmark in
        blackHole(
            WeeklyStats.report(activities: lastTwoWeeks, week: thisWeek, counting: fixture.club.countedSportTypes))
    }

    Benchmark(
        "Weekly aggregation, 100 members × 52 weeks × 5 activities",
        configuration: .init(metrics: [.wallClock, .mallocCountTotal], maxDuration: .seconds(5))
    ) { benchmark in
        blackHole(
            MemberHistory(
                activities: fixture.activities, weeks: fixture.weeks, counting: fixture.club.countedSportTypes))
    }

    Benchmark(
        "Worker payload (club-data) for a 100-member week",
        configuration: .init(metrics: [.wallClock], maxDuration: .seconds(5))
    ) { benchmark in
        let members = (0..<100).map {
            Member(
                id: MemberID("m\($0)"), clubID: fixture.club.id, firstName: "Rider", lastName: "\($0)",
                joinedAt: fixture.now)
        }
        blackHole(
            ClubDataFeed.build(
                week: thisWeek, activities: lastTwoWeeks.filter { thisWeek.contains($0.startDate) }, members: members,
                counting: fixture.club.countedSportTypes, enrolledCount: 100, now: fixture.now
            ).jsonData())
    }
}
