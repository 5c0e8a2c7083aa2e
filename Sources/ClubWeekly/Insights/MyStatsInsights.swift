import Foundation

// "My Stats": rank, week-over-week, personal best, streak and coaching tips.
extension InsightsEngine {
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
}
