import Foundation

// "Me vs Top 3": the member against the week's first three, the gap, strengths and the path up.
extension InsightsEngine {
    /// "Me vs Top 3": the member against the week's first three on each of ``VersusTop3/comparedMetrics``,
    /// the gap to #3, the member's strongest metric and an "advantage" callout where they beat a rider ahead.
    public static func versusTop3(for id: MemberID, report: WeekReport, names: [MemberID: String]) -> VersusTop3 {
        let book = NameBook(names)
        let top = Array(report.members.prefix(3))
        let me = report.ranked(id)
        let mineStats = me?.stats ?? .zero(id)

        let comparisons = VersusTop3.comparedMetrics.map { metric in
            let mine = metric.value(mineStats)
            let values = top.map { metric.value($0.stats) }
            let third = values.last ?? 0
            let gap = values.isEmpty ? 0 : third - mine
            return MetricComparison(
                metric: metric, mine: mine, top: values, gapToThird: gap, gapPercent: third > 0 ? gap / third * 100 : 0)
        }

        guard let me else {
            var insights = [
                Insight(
                    kind: .noActivity, title: "Not on the board yet",
                    text: "Log a ride this week to see how you compare with the top 3.",
                    numbers: ["activeMembers": Double(report.members.count)])
            ]
            insights.append(firstRideTip(report))
            return VersusTop3(top: top, me: nil, comparisons: comparisons, strongestMetric: nil, insights: insights)
        }

        let active = report.members.count
        var ranks: [Metric: Int] = [:]
        for metric in VersusTop3.comparedMetrics {
            let ranked = WeeklyStats.rank(report.members.map(\.stats), by: metric, names: names)
            ranks[metric] = ranked.first { $0.stats.memberID == id }?.rank ?? active
        }
        var strongest = VersusTop3.comparedMetrics[0]
        for metric in VersusTop3.comparedMetrics where (ranks[metric] ?? active) < (ranks[strongest] ?? active) {
            strongest = metric
        }

        var insights: [Insight] = [gapInsight(me, top: top, report: report, book: book)]
        let strongestRank = ranks[strongest] ?? active
        insights.append(
            Insight(
                kind: .strength, title: "Your strength",
                text: "\(strongest.strengthName) is your strongest metric: #\(strongestRank) of \(active) active "
                    + "(\(strongest.spoken(strongest.value(me.stats)))).",
                numbers: [
                    "rank": Double(strongestRank), "activeMembers": Double(active),
                    "value": strongest.value(me.stats),
                ]))
        if let advantage = advantageInsight(me, top: top, book: book) { insights.append(advantage) }
        insights.append(pathUp(me, top: top, report: report, book: book))
        return VersusTop3(top: top, me: me, comparisons: comparisons, strongestMetric: strongest, insights: insights)
    }

    static func gapInsight(_ me: RankedMember, top: [RankedMember], report: WeekReport, book: NameBook) -> Insight {
        let metric = report.metric
        let mine = metric.value(me.stats)
        let title = "Gap analysis"
        let inTop = top.contains { $0.memberID == me.memberID }
        if !inTop, let third = top.last {
            let gap = metric.value(third.stats) - mine
            let percent = metric.value(third.stats) > 0 ? gap / metric.value(third.stats) * 100 : 0
            let who = book.name(third.memberID, rank: third.rank)
            let numbers = [
                "gap": gap, "gapPercent": percent, "targetRank": Double(third.rank), "rank": Double(me.rank),
            ]
            guard WeeklyStats.rankingKey(gap) > 0 else {
                return Insight(
                    kind: .gap, title: title, text: "You're level with \(who) on \(metric.noun).", numbers: numbers)
            }
            return Insight(
                kind: .gap, title: title,
                text: "You're \(gapText(gap, metric)) (\(Format.percent(percent))) behind \(who) on \(metric.noun).",
                numbers: numbers)
        }
        guard me.rank > 1 || top.contains(where: { $0.memberID != me.memberID && $0.rank == 1 }) else {
            let lead = top.first { $0.memberID != me.memberID }.map { mine - metric.value($0.stats) }
            var numbers: [String: Double] = ["gap": -(lead ?? 0), "gapPercent": 0, "rank": 1, "targetRank": 1]
            if let lead, let second = top.first(where: { $0.memberID != me.memberID }) {
                numbers["gapPercent"] = metric.value(second.stats) > 0 ? -lead / metric.value(second.stats) * 100 : 0
                return Insight(
                    kind: .gap, title: title,
                    text: "You're top of the board on \(metric.noun), \(gapText(lead, metric)) clear of "
                        + "\(book.name(second.memberID, rank: second.rank)).",
                    numbers: numbers)
            }
            return Insight(
                kind: .gap, title: title, text: "You're top of the board on \(metric.noun).", numbers: numbers)
        }
        // In the top 3 but not alone at the top: measure to the leader.
        let leader = top.first { $0.memberID != me.memberID } ?? me
        let gap = metric.value(leader.stats) - mine
        let percent = metric.value(leader.stats) > 0 ? gap / metric.value(leader.stats) * 100 : 0
        let numbers = ["gap": gap, "gapPercent": percent, "targetRank": 1.0, "rank": Double(me.rank)]
        guard WeeklyStats.rankingKey(gap) > 0 else {
            return Insight(
                kind: .gap, title: title,
                text: "You share the top spot on \(metric.noun) with \(book.name(leader.memberID, rank: 1)).",
                numbers: numbers)
        }
        return Insight(
            kind: .gap, title: title,
            text: "You're #\(me.rank), \(gapText(gap, metric)) behind \(book.name(leader.memberID, rank: leader.rank)) "
                + "at the top on \(metric.noun).",
            numbers: numbers)
    }

    /// The biggest relative edge the member has, on a compared metric, over a top-3 rider ranked above them.
    static func advantageInsight(_ me: RankedMember, top: [RankedMember], book: NameBook) -> Insight? {
        var best: (metric: Metric, rider: RankedMember, edge: Double)?
        // Riders closest to the member first, so equal edges name the nearest rival.
        for rider in top.reversed() where rider.rank < me.rank && rider.memberID != me.memberID {
            for metric in VersusTop3.comparedMetrics {
                let mine = metric.value(me.stats)
                let theirs = metric.value(rider.stats)
                guard WeeklyStats.rankingKey(mine) > WeeklyStats.rankingKey(theirs) else { continue }
                let edge = theirs > 0 ? mine / theirs - 1 : 10
                if edge > (best?.edge ?? 0) { best = (metric, rider, edge) }
            }
        }
        guard let best else { return nil }
        let mine = best.metric.value(me.stats)
        let theirs = best.metric.value(best.rider.stats)
        let whose = book.possessive(best.rider.memberID, rank: best.rider.rank)
        let comparative =
            switch best.metric {
            case .speed: "faster than"
            case .distance, .longestRide: "longer than"
            case .rides, .elevation, .movingTime: "more than"
            }
        let noun =
            switch best.metric {
            case .rides: "ride count"
            case .elevation: "climbing"
            default: best.metric.noun
            }
        return Insight(
            kind: .advantage, title: "Your advantage",
            text: "Your \(noun) (\(best.metric.spoken(mine))) is \(comparative) \(whose) "
                + "(\(best.metric.spoken(theirs))).",
            numbers: ["mine": mine, "theirs": theirs, "theirRank": Double(best.rider.rank)])
    }

    /// The member's way up, compared with the rider they chase: more rides or longer rides (pace, one long
    /// ride or hillier routes when ranking by speed, longest ride or elevation).
    static func pathUp(_ me: RankedMember, top: [RankedMember], report: WeekReport, book: NameBook) -> Insight {
        let title = "Your path up"
        let metric = report.metric
        let mine = WeeklyStats.rankingKey(metric.value(me.stats))
        let inTop = top.contains { $0.memberID == me.memberID }
        let target =
            inTop
            ? top.last { WeeklyStats.rankingKey(metric.value($0.stats)) > mine }
            : top.last
        guard let target, target.memberID != me.memberID else {
            return Insight(
                kind: .encouragement, title: title,
                text: "Stay consistent to hold the top spot — regular rides keep you there.",
                numbers: ["myRides": Double(me.stats.rides), "myRideLength": me.stats.averageRideDistance])
        }
        let who = book.name(target.memberID, rank: target.rank)
        let numbers = [
            "myRides": Double(me.stats.rides), "theirRides": Double(target.stats.rides),
            "myRideLength": me.stats.averageRideDistance, "theirRideLength": target.stats.averageRideDistance,
        ]
        let theirs = target.stats
        let text: String
        switch metric {
        case .speed:
            text =
                "Pace is your path up: \(who) averaged \(Format.speed(metresPerSecond: theirs.averageSpeed)) to your "
                + "\(Format.speed(metresPerSecond: me.stats.averageSpeed)) — a group ride helps."
        case .longestRide:
            text =
                "One longer ride is your path up: \(book.rankedPossessive(target.memberID, rank: target.rank)) "
                + "longest was \(Format.distanceKm(theirs.longestRide)) to your \(Format.distanceKm(me.stats.longestRide))."
        case .elevation where me.stats.rides >= theirs.rides:
            text =
                "Hillier routes are your path up: \(who) climbed \(Format.metres(theirs.elevation)) to your "
                + "\(Format.metres(me.stats.elevation))."
        default:
            if me.stats.rides < theirs.rides {
                text = "More rides = your path up: \(who) rode \(theirs.rides) times to your \(me.stats.rides)."
            } else if WeeklyStats.rankingKey(me.stats.averageRideDistance)
                < WeeklyStats.rankingKey(theirs.averageRideDistance)
            {
                text =
                    "Longer rides = your path up: \(who) averaged \(Format.distanceKm(theirs.averageRideDistance)) "
                    + "per ride to your \(Format.distanceKm(me.stats.averageRideDistance))."
            } else {
                text = "Keep the consistency going — you're closing in on \(who)."
            }
        }
        return Insight(kind: .encouragement, title: title, text: text, numbers: numbers)
    }
}
