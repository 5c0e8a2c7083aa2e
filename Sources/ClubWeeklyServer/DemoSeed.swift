import ClubWeekly
import ClubhouseBasics
import Foundation
import ServerKit

/// The demo club: 12 riders and 16 weeks of realistic activity, so every page has something to show without Strava.
enum DemoClub {
    static let slug = "demo"
    static let weeks = 16

    struct Rider {
        var first: String
        var last: String
        /// Weekday commutes (km one way) or nil.
        var commuteKm: Double?
        /// Typical weekend long ride (km).
        var longRideKm: Double
        /// Cruising speed on the flat (km/h).
        var speed: Double
        var runs: Bool
    }

    static let riders: [Rider] = [
        Rider(first: "Sarah", last: "Murphy", commuteKm: 14, longRideKm: 85, speed: 28.5, runs: false),
        Rider(first: "James", last: "Kelly", commuteKm: nil, longRideKm: 110, speed: 30.2, runs: false),
        Rider(first: "Roisin", last: "Farrell", commuteKm: 9, longRideKm: 70, speed: 26.0, runs: true),
        Rider(first: "Tom", last: "Brennan", commuteKm: 12, longRideKm: 60, speed: 27.1, runs: false),
        Rider(first: "Aoife", last: "Doyle", commuteKm: nil, longRideKm: 75, speed: 25.4, runs: true),
        Rider(first: "Kishor", last: "Mehta", commuteKm: 18, longRideKm: 55, speed: 27.8, runs: false),
        Rider(first: "Amit", last: "Kamat", commuteKm: nil, longRideKm: 95, speed: 29.0, runs: false),
        Rider(first: "Niamh", last: "O'Connor", commuteKm: 7, longRideKm: 45, speed: 23.9, runs: true),
        Rider(first: "Sanjay", last: "Lal", commuteKm: nil, longRideKm: 65, speed: 26.6, runs: false),
        Rider(first: "Ciarán", last: "Walsh", commuteKm: 11, longRideKm: 100, speed: 31.0, runs: false),
        Rider(first: "Priya", last: "Nair", commuteKm: nil, longRideKm: 50, speed: 24.2, runs: true),
        Rider(first: "Declan", last: "Byrne", commuteKm: 16, longRideKm: 80, speed: 28.0, runs: false),
    ]

    static let rideNames = [
        "Morning Ride", "Coffee spin", "Hill repeats", "Club run", "Recovery spin", "Tempo loop", "Evening Ride",
        "Coast road", "Gravel explore", "Wind battle",
    ]

    /// Members and activities for a demo club whose history ends at `now`.
    static func generate(club: Club, now: Date) -> (members: [Member], activities: [Activity]) {
        // SplitMix64, so the demo club looks the same on every machine.
        var rng = SplitMix64(seed: 2026)
        let calendar = WeekCalendar(club: club)
        var zoned = Calendar(identifier: .gregorian)
        zoned.timeZone = club.timeZone
        let firstWeek = calendar.week(offset: -(weeks - 1), from: now)
        var members: [Member] = []
        var activities: [Activity] = []
        for (index, rider) in riders.enumerated() {
            let member = Member(
                id: MemberID("demo-\(index + 1)"), clubID: club.id, firstName: rider.first, lastName: rider.last,
                joinedAt: firstWeek.start)
            members.append(member)
            // Roisin takes two weeks off mid-history.
            let awayWeeks: Set<Int> = index == 2 ? [6, 7] : []
            var serial = 0
            for weekIndex in 0..<weeks where !awayWeeks.contains(weekIndex) {
                let week = firstWeek.shifted(by: weekIndex)
                // Form improves a little over the block, with noise.
                let form = 0.9 + 0.15 * Double(weekIndex) / Double(weeks) + Double.random(in: -0.08...0.08, using: &rng)
                func add(
                    day: Int, hour: Int, minute: Int, km: Double, speed: Double, climbPerKm: Double, type: String,
                    name: String, commute: Bool = false, trainer: Bool = false
                ) {
                    guard let dayStart = zoned.date(byAdding: .day, value: day, to: week.start),
                        let start = zoned.date(bySettingHour: hour, minute: minute, second: 0, of: dayStart),
                        start < now
                    else { return }
                    let metres = (km * 1000).rounded()
                    let moving = Int((metres / (speed / 3.6)).rounded())
                    serial += 1
                    activities.append(
                        Activity(
                            memberID: member.id, source: .demo,
                            externalID: "demo-\(index + 1)-\(weekIndex)-\(serial)", startDate: start, sportType: type,
                            distance: metres, movingTime: moving,
                            elapsedTime: moving + Int.random(in: 60...900, using: &rng),
                            elevationGain: (km * climbPerKm).rounded(), name: name, trainer: trainer, commute: commute))
                }
                if let commute = rider.commuteKm {
                    for day in 0..<5 where Double.random(in: 0...1, using: &rng) < 0.55 {
                        add(
                            day: day, hour: 7, minute: Int.random(in: 5...50, using: &rng),
                            km: commute * 2 * Double.random(in: 0.95...1.05, using: &rng),
                            speed: rider.speed * 0.85, climbPerKm: 4, type: "Ride", name: "Commute", commute: true)
                    }
                }
                if Double.random(in: 0...1, using: &rng) < 0.45 {
                    let indoor = Double.random(in: 0...1, using: &rng) < 0.4
                    add(
                        day: 2, hour: 19, minute: Int.random(in: 0...30, using: &rng),
                        km: rider.longRideKm * 0.4 * form, speed: rider.speed * (indoor ? 1.05 : 0.98),
                        climbPerKm: indoor ? 0 : 9, type: indoor ? "VirtualRide" : "Ride",
                        name: indoor ? "Zwift – Watopia" : "Evening Ride", trainer: indoor)
                }
                if Double.random(in: 0...1, using: &rng) < 0.9 {
                    let gravel = Double.random(in: 0...1, using: &rng) < 0.2
                    add(
                        day: 5, hour: 8, minute: Int.random(in: 0...45, using: &rng),
                        km: rider.longRideKm * form * Double.random(in: 0.8...1.2, using: &rng),
                        speed: rider.speed * (gravel ? 0.82 : 1), climbPerKm: Double.random(in: 6...14, using: &rng),
                        type: gravel ? "GravelRide" : "Ride",
                        name: rideNames[Int.random(in: 0..<rideNames.count, using: &rng)])
                }
                if Double.random(in: 0...1, using: &rng) < 0.5 {
                    add(
                        day: 6, hour: 9, minute: Int.random(in: 0...59, using: &rng),
                        km: rider.longRideKm * 0.6 * form, speed: rider.speed * 0.95, climbPerKm: 8, type: "Ride",
                        name: "Sunday club spin")
                }
                if rider.runs && Double.random(in: 0...1, using: &rng) < 0.6 {
                    add(
                        day: 3, hour: 18, minute: 30, km: Double.random(in: 5...12, using: &rng),
                        speed: Double.random(in: 10...12.5, using: &rng), climbPerKm: 6, type: "Run",
                        name: "Evening Run")
                }
                if Double.random(in: 0...1, using: &rng) < 0.25 {
                    add(
                        day: 6, hour: 15, minute: 0, km: Double.random(in: 3...7, using: &rng), speed: 5, climbPerKm: 5,
                        type: "Walk", name: "Family walk")
                }
            }
        }
        return (members, activities)
    }
}
