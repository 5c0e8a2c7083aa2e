import Foundation

// "Lowest week & why": the dominant cause of a lighter week against a baseline, and a tip.
extension InsightsEngine {
    /// "Lowest week & why": why the member's week was lighter, against their own recent weeks (up to 8
    /// active weeks before this one) and the club's median, naming the dominant cause — fewer rides,
    /// shorter rides or an easier pace — with its numbers and a constructive tip. With a nil `id`, the
    /// week's active member with the least distance is analysed (ties: fewer rides, then the later row).
    public static func lowestWeek(
        for id: MemberID?, report: WeekReport, history: MemberHistory, names: [MemberID: String]
    ) -> (member: MemberID?, insights: [Insight]) {
        guard let member = id ?? lowestPerformer(report) else {
            return (
                nil,
                [
                    Insight(
                        kind: .noActivity, title: "Nothing to analyse yet",
                        text: "Nobody has logged a counted ride this week yet.", numbers: ["activeMembers": 0])
                ]
            )
        }
        let weekIndex = history.weekIndex(of: report.week)
        let streak = weekIndex.map { history.streak(member, endingAt: $0) } ?? 0
        let stats = report.stats(for: member)
        guard stats.isActive else {
            var insights = [
                Insight(
                    kind: .noActivity, title: "A quiet week",
                    text: "No counted rides this week. One ride of any length gets you back on the board.",
                    numbers: ["activeMembers": Double(report.members.count)])
            ]
            if streak >= 2 {
                insights.append(
                    Insight(
                        kind: .encouragement, title: "Still on a streak",
                        text: "You've ridden \(streak) weeks in a row — a ride this week keeps it going.",
                        numbers: ["weeks": Double(streak)]))
            }
            return (member, insights)
        }

        let own = Baseline.own(member, history: history, before: report.week)
        let club = Baseline.club(report)
        var chosen: (cause: Cause, ratio: Double, baseline: Baseline)?
        for baseline in [own, club].compactMap({ $0 }) {
            if let found = Cause.dominant(stats, baseline) {
                chosen = (found.cause, found.ratio, baseline)
                break
            }
        }

        var insights: [Insight] = []
        let baseline = chosen?.baseline ?? own ?? club
        var numbers: [String: Double] = [
            "rides": Double(stats.rides), "baselineRides": baseline.rides, "rideLength": stats.averageRideDistance,
            "baselineRideLength": baseline.rideLength, "speed": stats.averageSpeed, "baselineSpeed": baseline.speed,
            "distance": stats.distance, "baselineDistance": baseline.distance, "baselineWeeks": Double(baseline.weeks),
        ]
        let usual = baseline.label
        if let chosen {
            numbers["ratio"] = chosen.ratio
            let (title, text) = chosen.cause.explanation(stats, baseline)
            insights.append(Insight(kind: .lowWeekCause, title: title, text: text, numbers: numbers))
        } else if stats.distance > baseline.distance * 1.05 {
            insights.append(
                Insight(
                    kind: .lowWeekCause, title: "Above \(usual) week",
                    text:
                        "\(Format.distanceKm(stats.distance)) over \(Metric.rides.format(Double(stats.rides))) — more "
                        + "than \(usual) \(Format.distanceKm(baseline.distance)). Nothing to fix here.",
                    numbers: numbers))
        } else {
            insights.append(
                Insight(
                    kind: .lowWeekCause, title: "A steady week",
                    text: "\(Metric.rides.format(Double(stats.rides))) averaging "
                        + "\(Format.distanceKm(stats.averageRideDistance)) at "
                        + "\(Format.speed(metresPerSecond: stats.averageSpeed)) — in line with \(usual) week.",
                    numbers: numbers))
        }

        insights.append(
            Insight(
                kind: .gap, title: "Compared with the club",
                text: "The club's median week was \(Format.distanceKm(club.distance)) over "
                    + "\(Metric.rides.format(club.rides.rounded())); you rode \(Format.distanceKm(stats.distance)) over "
                    + "\(Metric.rides.format(Double(stats.rides))).",
                numbers: [
                    "distance": stats.distance, "rides": Double(stats.rides), "clubMedianDistance": club.distance,
                    "clubMedianRides": club.rides, "clubMedianSpeed": club.speed,
                ]))

        insights.append(lowWeekTip(chosen?.cause, stats: stats, baseline: baseline))

        let encouragement =
            switch (chosen == nil, streak >= 2) {
            case (false, true): "You've still ridden \(streak) weeks in a row — lighter weeks are part of training."
            case (false, false): "Lighter weeks are part of training — every ride counts."
            case (true, true): "You've ridden \(streak) weeks in a row — that consistency shows."
            case (true, false): "Every ride counts — keep it rolling."
            }
        insights.append(
            Insight(
                kind: .encouragement, title: "Keep going", text: encouragement,
                numbers: streak >= 2 ? ["weeks": Double(streak)] : [:]))
        return (member, insights)
    }

    /// The week's active member with the least distance (ties: fewer rides, then the later row); nil when nobody
    /// rode. "Lowest week & why" analyses this rider when no subject is given.
    public static func lowestPerformer(_ report: WeekReport) -> MemberID? {
        var chosen: RankedMember?
        for row in report.members {
            guard let current = chosen else {
                chosen = row
                continue
            }
            let a = WeeklyStats.rankingKey(row.stats.distance)
            let b = WeeklyStats.rankingKey(current.stats.distance)
            if a < b || (a == b && row.stats.rides <= current.stats.rides) { chosen = row }
        }
        return chosen?.memberID
    }

    static func lowWeekTip(_ cause: Cause?, stats: MemberWeekStats, baseline: Baseline) -> Insight {
        let title = "Coaching tip"
        let shortfall = baseline.distance - stats.distance
        var numbers: [String: Double] = ["baselineDistance": baseline.distance]
        let text: String
        switch cause {
        case .fewerRides where shortfall > 0:
            // The rides missing from the usual count, each long enough to make up the distance.
            let count = max(1, min(7, SafeNumbers.floorInt((baseline.rides - Double(stats.rides) - 1e-9).rounded(.up))))
            let each = nextStep(above: shortfall / 1000 / Double(count), step: 5)
            numbers["suggestion"] = Double(each * count) * 1000
            numbers["suggestedRides"] = Double(count)
            let rides =
                count == 1 ? "One more \(each) km ride" : "\(numberWord(count).capitalized) more \(each) km rides"
            text = "\(rides) would bring you back to \(baseline.label) \(Format.distanceKm(baseline.distance)) week."
        case .shorterRides where shortfall > 0:
            let km = nextStep(above: (stats.longestRide + shortfall) / 1000, step: 5)
            numbers["suggestion"] = Double(km) * 1000
            text =
                "Stretching one ride to \(km) km would bring you back to \(baseline.label) "
                + "\(Format.distanceKm(baseline.distance)) week."
        case .easierPace:
            numbers["suggestion"] = baseline.speed
            text =
                "A group ride or a flatter route is an easy way to lift your average back towards "
                + "\(Format.speed(metresPerSecond: baseline.speed))."
        default:
            text = "Keep the rhythm going — a regular ride or two each week is what builds fitness."
        }
        return Insight(kind: .coachingTip, title: title, text: text, numbers: numbers)
    }

    /// The yardstick a week is compared with: the member's own recent active weeks, or the club's median.
    struct Baseline {
        var rides: Double
        var rideLength: Double
        var speed: Double
        var distance: Double
        /// Active weeks averaged; 0 for the club median.
        var weeks: Int
        /// "your usual" or "the club's typical".
        var label: String

        static func own(_ id: MemberID, history: MemberHistory, before week: Week) -> Baseline? {
            let series = history.series(id)
            let earlier = history.weeks.indices.filter { history.weeks[$0].start < week.start }
            let recent = earlier.suffix(8).map { series[$0] }.filter(\.isActive)
            guard !recent.isEmpty else { return nil }
            let distance = recent.reduce(0) { $0 + $1.distance }
            let rides = recent.reduce(0) { SafeNumbers.add($0, $1.rides) }
            let weighted = recent.reduce(0) { $0 + $1.averageSpeed * $1.distance }
            return Baseline(
                rides: Double(rides) / Double(recent.count), rideLength: rides > 0 ? distance / Double(rides) : 0,
                speed: distance > 0 ? weighted / distance : 0, distance: distance / Double(recent.count),
                weeks: recent.count, label: "your usual")
        }

        static func club(_ report: WeekReport) -> Baseline {
            let stats = report.members.map(\.stats)
            return Baseline(
                rides: SafeNumbers.median(stats.map { Double($0.rides) }),
                rideLength: SafeNumbers.median(stats.map(\.averageRideDistance)),
                speed: SafeNumbers.median(stats.map(\.averageSpeed).filter { $0 > 0 }),
                distance: SafeNumbers.median(stats.map(\.distance)), weeks: 0, label: "the club's typical")
        }
    }

    enum Cause {
        case fewerRides, shorterRides, easierPace

        /// Below this share of the baseline a factor counts as a cause.
        static let threshold = 0.9

        /// The factor furthest below the baseline, if any is below ``threshold``; ties in declaration order.
        /// Fewer or shorter rides only count when the week's distance is itself below the threshold.
        static func dominant(_ stats: MemberWeekStats, _ baseline: Baseline) -> (cause: Cause, ratio: Double)? {
            var candidates: [(Cause, Double)] = []
            // Ride count and length explain a lighter week only when the distance really is lower.
            if stats.distance < baseline.distance * threshold {
                if baseline.rides > 0 { candidates.append((.fewerRides, Double(stats.rides) / baseline.rides)) }
                if baseline.rideLength > 0 {
                    candidates.append((.shorterRides, stats.averageRideDistance / baseline.rideLength))
                }
            }
            if baseline.speed > 0 && stats.averageSpeed > 0 {
                candidates.append((.easierPace, stats.averageSpeed / baseline.speed))
            }
            var best: (cause: Cause, ratio: Double)?
            for (cause, ratio) in candidates where ratio < threshold && ratio < (best?.ratio ?? threshold) {
                best = (cause, ratio)
            }
            return best
        }

        func explanation(_ stats: MemberWeekStats, _ baseline: Baseline) -> (title: String, text: String) {
            let usual = baseline.label
            switch self {
            case .fewerRides:
                var text =
                    "\(Metric.rides.format(Double(stats.rides))) this week compared with \(usual) "
                    + "\(SafeNumbers.fixed(baseline.rides, decimals: baseline.rides == baseline.rides.rounded() ? 0 : 1)) — "
                    + "that's the main reason the total is lower."
                if baseline.rideLength > 0 && stats.averageRideDistance / baseline.rideLength >= Self.threshold {
                    text +=
                        " Your rides averaged \(Format.distanceKm(stats.averageRideDistance)), right in line with "
                        + "\(usual) \(Format.distanceKm(baseline.rideLength))."
                }
                return ("Fewer rides this week", text)
            case .shorterRides:
                return (
                    "Shorter rides this week",
                    "Your rides averaged \(Format.distanceKm(stats.averageRideDistance)) compared with \(usual) "
                        + "\(Format.distanceKm(baseline.rideLength)), over \(Metric.rides.format(Double(stats.rides)))."
                )
            case .easierPace:
                return (
                    "An easier pace this week",
                    "You averaged \(Format.speed(metresPerSecond: stats.averageSpeed)) compared with \(usual) "
                        + "\(Format.speed(metresPerSecond: baseline.speed)) — easier weeks help recovery too."
                )
            }
        }
    }
}
