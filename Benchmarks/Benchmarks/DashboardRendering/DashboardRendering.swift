import Benchmark
import ClubWeekly
import ClubWeeklyServer
import Foundation

/// A 100-member club with two weeks of rides (what one dashboard render reads), the sizing for the
/// server-side render goal (< 10 ms median).
struct PageFixture {
    let club = Club(
        id: ClubID("bench"), name: "Bench CC", slug: "bench", timeZoneIdentifier: "Europe/Dublin",
        createdAt: Date(timeIntervalSince1970: 0))
    let members: [Member]
    let activities: [Activity]
    let now = Date(timeIntervalSince1970: 1_795_000_000)

    init(memberCount: Int = 100, perWeek: Int = 4) {
        let first = ["Sarah", "James", "Roisin", "Tom", "Aoife", "Ciarán", "Niamh", "Declan", "Priya", "Kishor"]
        let last = ["Murphy", "Kelly", "Farrell", "Brennan", "Doyle", "Walsh", "O'Connor", "Byrne", "Nair", "Mehta"]
        members = (0..<memberCount).map { index in
            Member(
                id: MemberID("m\(index)"), clubID: ClubID("bench"), firstName: first[index % 10],
                lastName: last[(index / 10) % 10], joinedAt: Date(timeIntervalSince1970: 0))
        }
        let week = WeekCalendar(club: club).week(offset: 0, from: now)
        var seed: UInt64 = 7
        func next() -> Double {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Double(seed >> 11) / Double(1 << 53)
        }
        var rides: [Activity] = []
        for member in members {
            for start in [week.previous.start, week.start] {
                for ride in 0..<perWeek {
                    let date = start.addingTimeInterval(Double(ride) * 86400 + 25_000 + next() * 20_000)
                    guard date < now else { continue }
                    let distance = 15_000 + next() * 80_000
                    rides.append(
                        Activity(
                            memberID: member.id, source: .strava, externalID: "\(member.id)-\(date)", startDate: date,
                            sportType: "Ride", distance: distance, movingTime: Int(distance / 7.5),
                            elapsedTime: Int(distance / 7), elevationGain: next() * 900, name: "Morning Ride"))
                }
            }
        }
        activities = rides
    }
}

let benchmarks: @Sendable () -> Void = {
    let fixture = PageFixture()
    for tab in ["charts", "table", "rides"] {
        Benchmark(
            "Dashboard render (\(tab) tab), 100 members",
            configuration: .init(metrics: [.wallClock, .mallocCountTotal], maxDuration: .seconds(5))
        ) { _ in
            blackHole(
                ClubWeeklyPages.dashboard(
                    club: fixture.club, members: fixture.members, activities: fixture.activities, now: fixture.now,
                    tab: tab))
        }
    }
}
