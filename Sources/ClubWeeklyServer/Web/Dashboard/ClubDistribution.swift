import ClubWeekly
import Foundation
import WebUI

/// What the charts tab shows beside the ranking: the donut of shares in a small club; in a big one, where the donut
/// would be one "others" segment, how the whole club spreads over bands of the metric with the viewer marked.
enum ShareChart: Equatable, Sendable {
    case donut(DonutChart)
    case distribution(DistributionModel)
}

/// A big club's week as a histogram (riders per band of the metric, "you" marked) and the sentences that read it.
struct DistributionModel: Equatable, Sendable {
    var chart: HistogramChart
    /// Shown under the chart: the busiest band, the median rider, where the viewer stands, the top 10's share.
    var notes: [String]
}

/// Bands of equal width over the week's values, with open bands for the few below or above them.
struct ValueBands: Equatable, Sendable {
    /// The lower edge of the first regular band.
    var start: Double
    var width: Double
    /// Regular bands.
    var count: Int
    /// A band for values under `start` comes first.
    var openBelow: Bool
    /// A band for values from `end` up comes last.
    var openAbove: Bool

    var end: Double { start + width * Double(count) }
    /// Every band, open ones included.
    var total: Int { count + (openBelow ? 1 : 0) + (openAbove ? 1 : 0) }

    /// The band a value falls in, from 0 to `total - 1`.
    func index(of value: Double) -> Int {
        let value = value.isFinite ? value : 0
        if value < start { return 0 }
        let regular = Int(min(Double(count), ((value - start) / width).rounded(.down)))
        let index = (openBelow ? 1 : 0) + regular
        return min(index, total - 1)
    }

    /// About `target` bands of a "nice" width (1, 2, 2.5 or 5 times a power of ten) from the 5th to the 95th
    /// percentile of `sorted`, so that the few extreme riders get an open band instead of stretching the axis (a
    /// week's climbing is skewed: at 260 riders the 98th percentile is 4,091 m, the 95th 2,489 m, the median 693 m).
    /// Counts (rides) are whole numbers from 1 up; other values start at 0 unless the club's low end is far from it.
    static func fitting(_ sorted: [Double], counts: Bool, target: Int = 8) -> ValueBands {
        guard let lowest = sorted.first, let highest = sorted.last else {
            return ValueBands(start: 0, width: 1, count: 1, openBelow: false, openAbove: false)
        }
        func quantile(_ q: Double) -> Double { sorted[Int((Double(sorted.count - 1) * q).rounded(.down))] }
        let low = quantile(0.05)
        let high = quantile(0.95)
        var start: Double
        var width: Double
        if counts {
            start = 1
            width = max(1, nice((high - start + 1) / Double(target), whole: true))
        } else {
            width = nice(max(high - low, 1e-9) / Double(target), whole: false)
            start = (low / width).rounded(.down) * width
            if start <= 2 * width {
                start = 0
                width = nice(max(high, 1e-9) / Double(target), whole: false)
            }
        }
        let count = max(1, Int(((high - start) / width).rounded(.down)) + 1)
        return ValueBands(
            start: start, width: width, count: count, openBelow: lowest < start,
            openAbove: highest >= start + width * Double(count))
    }

    /// The smallest 1, 2, 2.5 or 5 times a power of ten at or above `raw` (2.5 only where it stays whole).
    static func nice(_ raw: Double, whole: Bool) -> Double {
        guard raw.isFinite, raw > 0 else { return 1 }
        var power = pow(10, (log10(raw)).rounded(.down))
        while true {
            for step in [1, 2, 2.5, 5] {
                let candidate = step * power
                if step == 2.5 && (candidate < 10 || whole && candidate.rounded() != candidate) { continue }
                if candidate >= raw * (1 - 1e-9) { return candidate }
            }
            power *= 10
        }
    }
}

extension DashboardBuilder {
    /// A club with more active riders than this sees the distribution instead of the donut.
    static let donutRiders = 40
    /// How many riders the distribution's share sentence counts as the top.
    static let distributionTop = 10

    /// The chart beside the ranking: the donut while the club is small enough for its segments to say something.
    static func shareChart(_ input: Input, active: [RiderRow], donut: () -> DonutChart) -> ShareChart {
        active.count > donutRiders ? .distribution(distribution(input, active: active)) : .donut(donut())
    }

    /// How the week's active riders spread over bands of the selected metric, the viewer's band marked.
    static func distribution(_ input: Input, active: [RiderRow]) -> DistributionModel {
        let s = input.strings
        let metric = input.state.metric
        let counts = metric == .rides
        let values = active.map { metricValue($0, metric) }
        let sorted = values.sorted()
        let bands = ValueBands.fitting(sorted, counts: counts)
        var tally = [Int](repeating: 0, count: bands.total)
        for value in values { tally[bands.index(of: value)] += 1 }
        let mine = input.viewer.memberID.flatMap { id in active.first { $0.memberID == id } }
        let myBand = mine.map { bands.index(of: metricValue($0, metric)) }
        let labels = bandLabels(bands, metric: metric, strings: s)
        let bins = tally.enumerated().map { index, count in
            HistogramChart.Bin(
                label: labels.short[index], fullLabel: labels.full[index], count: count,
                countText: s.big.riderCount(count), isMarked: index == myBand)
        }
        let label = s.metricLabels[metric.rawValue] ?? metric.title
        let noun = s.metricNouns[metric.rawValue] ?? metric.noun

        var notes: [String] = []
        if let busiest = tally.indices.max(by: { tally[$0] < tally[$1] }) {
            notes.append(s.big.busiestBand(labels.full[busiest], tally[busiest], active.count))
        }
        if !sorted.isEmpty {
            notes.append(s.big.medianRider(metricText(SafeNumbers.median(sorted), metric, strings: s)))
        }
        if let mine {
            let value = metricValue(mine, metric)
            let below = values.filter { $0 < value }.count
            let percent = Int((Double(below) / Double(active.count) * 100).rounded(.down))
            notes.append(s.big.youStand(metricText(value, metric, strings: s), percent))
        }
        // A share of average speeds means nothing (as in the donut).
        if metric != .speed, active.count > distributionTop {
            let byValue = values.sorted(by: >)
            // The club's total as its summary card shows it (the riders' values are rounded one by one).
            let summary = input.report.summary
            let total: Double =
                switch metric {
                case .distance: summary.distance / 1000
                case .rides: Double(summary.rides)
                case .elevation: summary.elevation
                case .movingTime: Double(summary.movingTime)
                case .speed, .longestRide: byValue.reduce(0, +)
                }
            if total > 0 {
                let top = byValue.prefix(distributionTop).reduce(0, +)
                let totalText =
                    metric == .rides
                    ? s.big.rideTotal(Int(total))
                    : metric == .distance
                        ? Format.distanceKm(total * 1000, decimals: 0) : metricText(total, metric, strings: s)
                notes.append(s.big.topShare(distributionTop, DonutChart.percentText(top / total), totalText))
            }
        }
        let chart = HistogramChart(
            title: "\(s.big.distributionTitle) — \(label)",
            description: ([s.big.distributionDescription(noun, active.count, input.report.week.label)] + notes)
                .joined(separator: " "),
            bins: bins, edgeLabels: labels.edges, marker: mine == nil ? nil : s.big.youMarker,
            caption: labels.edges == nil && bands.width == 1
                ? s.big.ridesCaption
                : s.big.bandCaption(
                    metric == .rides
                        ? s.big.rideTotal(Int(bands.width))
                        : bandNumber(bands.width) + (s.big.units[metric.rawValue] ?? "")),
            labelHeader: label, valueHeader: s.big.ridersHeader, id: "spread-\(metric.rawValue)")
        return DistributionModel(chart: chart, notes: notes)
    }

    /// A band edge or width: "1,000", "2.5", "0.5".
    static func bandNumber(_ value: Double) -> String {
        guard value.isFinite else { return "0" }
        return value.rounded() == value ? BigClubStrings.grouped(Int(value)) : fixed1(value)
    }

    /// Each band's short label (under the bar, for counts), its words, and the edge labels (for other values).
    static func bandLabels(
        _ bands: ValueBands, metric: Metric, strings s: ClubWeeklyStrings
    ) -> (short: [String], full: [String], edges: [String]?) {
        let unit = s.big.units[metric.rawValue] ?? ""
        let number = bandNumber
        let regular = (0..<bands.count).map { bands.start + bands.width * Double($0) }
        if metric == .rides {
            // Whole numbers: "3" is the band of 3 rides, "1–2" of 1 or 2 when the bands are wider.
            var short = regular.map { low in
                bands.width == 1 ? number(low) : "\(number(low))–\(number(low + bands.width - 1))"
            }
            var full = regular.map { low in
                bands.width == 1
                    ? s.rideCount(Int(low))
                    : s.big.rideRange(number(low), number(low + bands.width - 1))
            }
            if bands.openAbove {
                short.append("\(number(bands.end))+")
                full.append(s.big.ridesOrMore(number(bands.end)))
            }
            return (short, full, nil)
        }
        var full = regular.map { s.big.band(number($0), number($0 + bands.width), unit) }
        var edges = (regular + [bands.end]).map(number)
        if bands.openBelow {
            full.insert(s.big.under(number(bands.start), unit), at: 0)
            edges.insert("", at: 0)
        }
        if bands.openAbove {
            full.append(s.big.orMore(number(bands.end), unit))
            edges.append("")
        }
        return (full, full, edges)
    }
}
