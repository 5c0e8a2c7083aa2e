import Foundation

/// One generated insight card.
///
/// `numbers` carries the figures behind the text for clients that render their own layout. Values are
/// SI (metres, seconds, m/s, counts, percent). Keys by kind:
///
/// | kind | keys |
/// |---|---|
/// | `rank` | `rank`, `activeMembers`, `value` (the ranking metric) |
/// | `weekOverWeek` | `current`, `previous`, `percent` (absent when last week was 0) |
/// | `personalBest` | `value`, `weeks` |
/// | `streak` | `weeks` |
/// | `coachingTip` | behind: `gap`, `targetRank`, `suggestion` (m, rides, m of climbing, s, or m/s to gain), `suggestedRides`; leading: `lead` (absent when alone); first ride: `suggestion` (m), `rank`, `activeMembers`; low week: `suggestion`, `suggestedRides`, `baselineDistance` |
/// | `gap` | versus top 3: `gap` (≥ 0 behind), `gapPercent`, `targetRank`, `rank`; low week: `distance`, `rides`, `clubMedianDistance`, `clubMedianRides`, `clubMedianSpeed` |
/// | `strength` | `rank`, `activeMembers`, `value` |
/// | `advantage` | `mine`, `theirs`, `theirRank` |
/// | `lowWeekCause` | `rides`, `baselineRides`, `rideLength`, `baselineRideLength`, `speed`, `baselineSpeed`, `distance`, `baselineDistance`, `ratio` (the cause's this-week ÷ baseline; absent for a steady week), `baselineWeeks` (0 when the baseline is the club median) |
/// | `encouragement` | `weeks` (streak, when ≥ 2), or versus top 3: `myRides`, `theirRides`, `myRideLength`, `theirRideLength` |
/// | `noActivity` | `activeMembers` |
public struct Insight: Sendable, Equatable, Codable {
    /// What the insight is about.
    public enum Kind: String, Sendable, Codable {
        case rank, weekOverWeek, personalBest, streak, coachingTip, gap, strength, advantage, lowWeekCause,
            encouragement, noActivity
    }

    /// What the insight is about.
    public var kind: Kind
    /// Short heading: "My rank", "Coaching tip".
    public var title: String
    /// One or two sentences, addressed to the member ("you"); other riders by first name.
    public var text: String
    /// The figures behind the text (see the table above).
    public var numbers: [String: Double]

    /// An insight from its parts.
    public init(kind: Kind, title: String, text: String, numbers: [String: Double] = [:]) {
        self.kind = kind
        self.title = title
        self.text = text
        self.numbers = numbers
    }
}

/// The member against the week's top 3 on one metric.
public struct MetricComparison: Sendable, Equatable, Codable {
    /// The metric compared.
    public var metric: Metric
    /// The member's value (0 when inactive).
    public var mine: Double
    /// The values of the week's #1, #2 and #3 (by the report's ranking metric) on this metric.
    public var top: [Double]
    /// The last of `top` minus `mine`: ≥ 0 means behind.
    public var gapToThird: Double
    /// `gapToThird` as a percentage of the third's value; 0 when that value is 0.
    public var gapPercent: Double

    /// A comparison from its parts.
    public init(metric: Metric, mine: Double, top: [Double], gapToThird: Double, gapPercent: Double) {
        self.metric = metric
        self.mine = mine
        self.top = top
        self.gapToThird = gapToThird
        self.gapPercent = gapPercent
    }
}

/// The "Me vs Top 3" view.
public struct VersusTop3: Sendable, Equatable, Codable {
    /// The metrics compared, in display order.
    public static let comparedMetrics: [Metric] = [.distance, .rides, .speed, .elevation]

    /// The week's first three rows by the report's metric.
    public var top: [RankedMember]
    /// The member's row; nil when inactive.
    public var me: RankedMember?
    /// One per ``comparedMetrics``.
    public var comparisons: [MetricComparison]
    /// The compared metric where the member ranks best in the club (ties: display order); nil when inactive.
    public var strongestMetric: Metric?
    /// Gap, strength, advantage and path-up cards (or no-activity and first-ride cards).
    public var insights: [Insight]

    /// A comparison view from its parts.
    public init(
        top: [RankedMember], me: RankedMember?, comparisons: [MetricComparison], strongestMetric: Metric?,
        insights: [Insight]
    ) {
        self.top = top
        self.me = me
        self.comparisons = comparisons
        self.strongestMetric = strongestMetric
        self.insights = insights
    }
}

/// Turns a week's report and history into coaching copy: specific, numeric, and never shaming.
public enum InsightsEngine {
    // MARK: My stats

    /// "My Stats": rank, week-over-week change, personal best (if any), streak (≥ 2 weeks) and a coaching
    /// tip; for an inactive member, a no-activity card, any streak to keep alive and a first-ride tip.
    public static func myStats(
        for id: MemberID, report: WeekReport, history: MemberHistory, names: [MemberID: String]
    )
        -> [Insight]
    {
        let book = NameBook(names)
        let weekIndex = history.weekIndex(of: report.week)
        let active = report.members.count
        guard let me = report.ranked(id) else {
            var insights: [Insight] = []
            let isCurrent = weekIndex.map { $0 == history.weeks.count - 1 } ?? true
            insights.append(
                Insight(
                    kind: .noActivity, title: "No rides yet",
                    text: isCurrent
                        ? "No counted rides for \(report.week.range) yet — there's still time."
                        : "No counted rides in the week of \(report.week.range).",
                    numbers: ["activeMembers": Double(active)]))
            if let weekIndex, isCurrent {
                let streak = history.streak(id, endingAt: weekIndex)
                if streak >= 2 {
                    insights.append(
                        Insight(
                            kind: .streak, title: "Keep your streak going",
                            text: "You've ridden \(streak) weeks in a row — a ride this week keeps it going.",
                            numbers: ["weeks": Double(streak)]))
                }
            }
            insights.append(firstRideTip(report))
            return insights
        }

        let metric = report.metric
        var insights: [Insight] = []
        let value = metric.value(me.stats)
        insights.append(
            Insight(
                kind: .rank, title: "My rank", text: "#\(me.rank) of \(active) active",
                numbers: ["rank": Double(me.rank), "activeMembers": Double(active), "value": value]))

        insights.append(weekOverWeek(me, metric: metric))

        if let weekIndex, let best = bestPersonalBest(id, history: history, at: weekIndex, preferring: metric) {
            insights.append(
                Insight(
                    kind: .personalBest, title: "Personal best",
                    text: "\(best.text): \(best.metric.spoken(best.value)).",
                    numbers: ["value": best.value, "weeks": Double(best.weeks)]))
        }

        if let weekIndex {
            let streak = history.streak(id, endingAt: weekIndex)
            if streak >= 2 {
                insights.append(
                    Insight(
                        kind: .streak, title: "\(streak)-week streak",
                        text: "You've ridden \(streak) weeks in a row — consistency is what builds fitness.",
                        numbers: ["weeks": Double(streak)]))
            }
        }

        insights.append(coachingTip(me, report: report, book: book))
        return insights
    }

    static func weekOverWeek(_ me: RankedMember, metric: Metric) -> Insight {
        let current = metric.value(me.stats)
        let previous = metric.value(me.previous)
        let trend = me.trend(for: metric)
        var numbers = ["current": current, "previous": previous]
        if let percent = trend.percent { numbers["percent"] = percent }
        let now = metric.spoken(current)
        let text =
            switch trend.direction {
            case .up, .down: "\(now) this week, \(trend.text) on last week's \(metric.spoken(previous))."
            case .flat: "\(now) this week, level with last week."
            case .new: "\(now) this week, up from no rides last week."
            case .none: "No \(metric.noun) logged this week or last."
            }
        return Insight(kind: .weekOverWeek, title: "Week over week", text: text, numbers: numbers)
    }

    /// The personal best worth celebrating: the ranking metric's when there is one, else the one covering
    /// the most weeks. Only bests that beat an earlier non-zero week count, so a first ride or a first climb
    /// after flat weeks is not called a personal best.
    static func bestPersonalBest(
        _ id: MemberID, history: MemberHistory, at weekIndex: Int, preferring metric: Metric
    )
        -> PersonalBest?
    {
        let series = history.series(id)
        func meaningful(_ best: PersonalBest) -> Bool {
            let first = weekIndex - best.weeks + 1
            guard first >= 0, first < weekIndex else { return false }
            return series[first..<weekIndex].contains { best.metric.value($0) > 0 }
        }
        if let best = history.personalBest(id, metric: metric, at: weekIndex), meaningful(best) { return best }
        var best: PersonalBest?
        for candidate in Metric.allCases where candidate != metric {
            guard let found = history.personalBest(id, metric: candidate, at: weekIndex), meaningful(found) else {
                continue
            }
            if found.weeks > (best?.weeks ?? 0) { best = found }
        }
        return best
    }

    static func coachingTip(_ me: RankedMember, report: WeekReport, book: NameBook) -> Insight {
        let metric = report.metric
        let mine = WeeklyStats.rankingKey(metric.value(me.stats))
        let title = "Coaching tip"

        guard me.rank > 1 else {
            let others = report.members.filter { $0.memberID != me.memberID }
            if let level = others.first(where: { $0.rank == 1 }) {
                return Insight(
                    kind: .coachingTip, title: title,
                    text: "You share the top spot on \(metric.noun) with \(book.name(level.memberID, rank: 1)) — "
                        + "one more ride would put you clear.",
                    numbers: ["lead": 0])
            }
            guard let second = others.first else {
                return Insight(
                    kind: .coachingTip, title: title,
                    text: "You're the only rider on the board this week — great start, keep it rolling.")
            }
            let lead = metric.value(me.stats) - metric.value(second.stats)
            return Insight(
                kind: .coachingTip, title: title,
                text: "You're #1, \(gapText(lead, metric)) ahead of \(book.name(second.memberID, rank: second.rank)) "
                    + "on \(metric.noun) — keep it up.",
                numbers: ["lead": lead])
        }

        // The rider directly ahead: the lowest value still above mine.
        guard
            let target = report.members.last(where: { WeeklyStats.rankingKey(metric.value($0.stats)) > mine })
        else {
            return Insight(kind: .coachingTip, title: title, text: "Keep riding — every ride moves you up the board.")
        }
        let who = book.name(target.memberID, rank: target.rank)
        let theirs = metric.value(target.stats)
        let gap = max(0, theirs - metric.value(me.stats))
        var numbers: [String: Double] = ["gap": gap, "targetRank": Double(target.rank)]
        let text: String
        switch metric {
        case .distance:
            let plan = ridePlan(coveringKm: max(gap / 1000, displayedKm(gap)))
            numbers["suggestion"] = Double(plan.km * plan.count) * 1000
            numbers["suggestedRides"] = Double(plan.count)
            text = "You're \(gapText(gap, metric)) behind \(who) — \(plan.text) would close it."
        case .longestRide:
            let km = nextStep(above: max(theirs / 1000, displayedKm(theirs)), step: 5)
            numbers["suggestion"] = Double(km) * 1000
            numbers["suggestedRides"] = 1
            text =
                "Your longest ride is \(gapText(gap, metric)) short of \(book.rankedPossessive(target.memberID, rank: target.rank)) — "
                + "one \(km) km ride would beat it."
        case .rides:
            let rides = SafeNumbers.roundedInt(gap) + 1
            numbers["suggestion"] = Double(rides)
            numbers["suggestedRides"] = Double(rides)
            text =
                "You're \(Metric.rides.format(gap)) behind \(who) — \(rides) more \(rides == 1 ? "ride" : "rides") "
                + "would move you past."
        case .elevation:
            let climb = nextStep(above: max(gap, Double(SafeNumbers.roundedInt(gap))), step: 50)
            numbers["suggestion"] = Double(climb)
            numbers["suggestedRides"] = 1
            text =
                "You're \(Format.metres(gap)) of climbing behind \(who) — one hilly ride with "
                + "\(Format.metres(Double(climb))) of climbing would close it."
        case .movingTime:
            let minutes = nextStep(above: gap / 60, step: 15)
            numbers["suggestion"] = Double(minutes * 60)
            text =
                "You're \(minutesText(gap)) of riding behind \(who) — \(minutesText(Double(minutes * 60))) more "
                + "in the saddle would close it."
        case .speed:
            numbers["suggestion"] = gap
            text =
                "Your avg speed is \(SafeNumbers.fixed(gap * 3.6, decimals: 1)) km/h behind \(book.rankedPossessive(target.memberID, rank: target.rank)) — "
                + "a group ride or a flatter route is an easy way to lift it."
        }
        return Insight(kind: .coachingTip, title: title, text: text, numbers: numbers)
    }

    /// The tip for a member with no ride this week: a typical ride and where it would put them.
    static func firstRideTip(_ report: WeekReport) -> Insight {
        guard !report.members.isEmpty else {
            return Insight(
                kind: .coachingTip, title: "Coaching tip",
                text:
                    "Nobody has logged a ride yet this week — your first ride puts you straight to the top of the board.",
                numbers: ["rank": 1, "activeMembers": 1])
        }
        let typical = SafeNumbers.median(report.activities.map { SafeNumbers.nonNegative($0.distance) / 1000 })
        let km = max(10, nextStep(above: typical, step: 5))
        let metres = Double(km) * 1000
        let rank = 1 + report.members.filter { WeeklyStats.rankingKey($0.stats.distance) > metres }.count
        let total = report.members.count + 1
        return Insight(
            kind: .coachingTip, title: "Coaching tip",
            text: "One \(km) km ride would put you #\(rank) of \(total) on distance this week — every ride counts.",
            numbers: ["suggestion": metres, "rank": Double(rank), "activeMembers": Double(total)])
    }

    // MARK: Versus top 3

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

    // MARK: Lowest week

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

    static func lowestPerformer(_ report: WeekReport) -> MemberID? {
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

    // MARK: Helpers

    /// The smallest multiple of `step` strictly above `value` (37 → 40, 40 → 45, 0 → 5).
    static func nextStep(above value: Double, step: Int) -> Int {
        let steps = SafeNumbers.floorInt(SafeNumbers.nonNegative(value) / Double(step)) + 1
        return steps * step
    }

    /// The km shown for a distance gap (whole km from 10 km, else one decimal), as a number.
    static func displayedKm(_ metres: Double) -> Double {
        let km = SafeNumbers.nonNegative(metres) / 1000
        return km >= 10 ? km.rounded() : SafeNumbers.round(km, decimals: 1)
    }

    static func gapText(_ value: Double, _ metric: Metric) -> String {
        switch metric {
        case .distance, .longestRide: Format.distanceKm(value, decimals: abs(value) >= 10_000 ? 0 : 1)
        case .movingTime: minutesText(value)
        default: metric.spoken(value)
        }
    }

    /// "40 minutes", "1h 5m".
    static func minutesText(_ seconds: Double) -> String {
        let whole = SafeNumbers.roundedInt(SafeNumbers.nonNegative(seconds))
        if whole < 3600 {
            let minutes = max(1, SafeNumbers.roundedInt(Double(whole) / 60))
            return minutes == 1 ? "1 minute" : "\(minutes) minutes"
        }
        return Format.duration(whole)
    }

    /// Rides of a multiple of 5 km that together cover the distance: one ride up to 100 km, else several
    /// of about 80 km at most (up to ten rides).
    static func ridePlan(coveringKm km: Double) -> (count: Int, km: Int, text: String) {
        let single = nextStep(above: km, step: 5)
        let count = single <= 100 ? 1 : min(10, SafeNumbers.floorInt((km / 80).rounded(.up)))
        let each = count == 1 ? single : nextStep(above: km / Double(count), step: 5)
        let text = count == 1 ? "one \(each) km ride" : "\(numberWord(count)) \(each) km rides"
        return (count, each, text)
    }

    static func numberWord(_ n: Int) -> String {
        let words = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"]
        return words.indices.contains(n) ? words[n] : String(n)
    }

    /// First names for insight text.
    struct NameBook {
        var names: [MemberID: String]

        init(_ names: [MemberID: String]) { self.names = names }

        /// The first word of the member's name, or nil when unknown.
        func firstName(_ id: MemberID) -> String? {
            guard let full = names[id]?.trimmingCharacters(in: .whitespacesAndNewlines), !full.isEmpty else {
                return nil
            }
            return full.split(whereSeparator: \.isWhitespace).first.map(String.init)
        }

        /// "#3 Roisin", or "#3" when the name is unknown.
        func name(_ id: MemberID, rank: Int) -> String {
            firstName(id).map { "#\(rank) \($0)" } ?? "#\(rank)"
        }

        /// "#3 Roisin's", or "#3's" when the name is unknown.
        func rankedPossessive(_ id: MemberID, rank: Int) -> String { name(id, rank: rank) + "'s" }

        /// "Roisin's", or "#3's" when the name is unknown.
        func possessive(_ id: MemberID, rank: Int) -> String {
            (firstName(id) ?? "#\(rank)") + "'s"
        }
    }
}

extension Metric {
    /// A value for a sentence: like ``format(_:)`` but elevation in full metres (`"1,200m"`, not `"1.2k"`).
    func spoken(_ value: Double) -> String {
        self == .elevation ? Format.metres(value) : format(value)
    }

    /// The metric as the subject of "… is your strongest metric".
    var strengthName: String { self == .rides ? "Ride count" : title }
}

extension MemberHistory {
    /// The index of the week in ``weeks``, matched by start instant.
    func weekIndex(of week: Week) -> Int? {
        index(of: week) ?? weeks.firstIndex { $0.start == week.start }
    }
}
