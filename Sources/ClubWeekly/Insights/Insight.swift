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
