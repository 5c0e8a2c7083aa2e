import Foundation

/// A donut chart of shares, e.g. each rider's part of the club's distance, with a legend below it.
///
/// Segments are drawn from 12 o'clock clockwise in data order; zero values are skipped and a single
/// non-zero value draws a full ring. The centre shows `centerValue` and `centerLabel`.
public struct DonutChart: Sendable, Equatable {
    /// Chart title, used in the svg `<title>` and the table caption.
    public var title: String
    /// Longer description, used in the svg `<desc>`.
    public var description: String
    /// The segments, in drawing order.
    public var data: [ChartDatum]
    /// Large text in the centre, e.g. "847 km".
    public var centerValue: String
    /// Small text under `centerValue`, e.g. "total club".
    public var centerLabel: String
    /// Header of the table's label column, e.g. "Rider".
    public var labelHeader: String
    /// Header of the table's value column, e.g. "Distance".
    public var valueHeader: String
    /// Header of the table's share column.
    public var shareHeader: String
    /// Unique DOM id prefix (sanitised with ``SVG/domID(_:)``).
    public var id: String
    /// Text shown instead of the chart when `data` is empty.
    public var emptyText: String
    /// Summary of the collapsible data table.
    public var tableSummary: String

    /// Creates a donut chart.
    public init(
        title: String, description: String, data: [ChartDatum], centerValue: String, centerLabel: String,
        labelHeader: String, valueHeader: String, id: String, shareHeader: String = "Share",
        emptyText: String = "No data for this week.", tableSummary: String = "Data table"
    ) {
        self.title = title
        self.description = description
        self.data = data
        self.centerValue = centerValue
        self.centerLabel = centerLabel
        self.labelHeader = labelHeader
        self.valueHeader = valueHeader
        self.shareHeader = shareHeader
        self.id = id
        self.emptyText = emptyText
        self.tableSummary = tableSummary
    }

    // Geometry of the viewBox, in user units.
    static let size = 240.0
    static let center = 120.0
    static let outerRadius = 110.0
    static let innerRadius = 72.0

    /// Each datum's share of the total in 0...1 (0 when the total is 0).
    static func shares(of data: [ChartDatum]) -> [Double] {
        // Relative to the max first, so that the sum of huge values cannot overflow to infinity.
        let ratios = SVG.ratios(data.map(\.value))
        let total = ratios.reduce(0, +)
        guard total > 0 else { return ratios }
        return ratios.map { $0 / total }
    }

    /// A share as a whole percentage, "<1%" for tiny non-zero shares.
    public static func percentText(_ share: Double) -> String {
        let percent = share * 100
        if percent > 0 && percent < 0.5 { return "<1%" }
        return SVG.number(percent.rounded()) + "%"
    }

    /// The point at `fraction` (0...1) of a turn clockwise from 12 o'clock on a circle of `radius`.
    static func point(_ fraction: Double, radius: Double) -> (x: Double, y: Double) {
        let angle = 2 * Double.pi * fraction
        return (center + radius * sin(angle), center - radius * cos(angle))
    }

    /// The path of the ring segment from `start` to `end` (fractions of a turn).
    static func segmentPath(from start: Double, to end: Double, into w: inout SVGWriter) {
        let c = center
        let outer = outerRadius
        let inner = innerRadius
        if end - start >= 0.9999 {
            // A full ring: two half arcs outside, two inside in the opposite direction.
            w.raw("M")
            pair(c, c - outer, &w)
            arc(outer, large: true, sweep: true, c, c + outer, &w)
            arc(outer, large: true, sweep: true, c, c - outer, &w)
            w.raw("ZM")
            pair(c, c - inner, &w)
            arc(inner, large: true, sweep: false, c, c + inner, &w)
            arc(inner, large: true, sweep: false, c, c - inner, &w)
            w.raw("Z")
            return
        }
        let large = end - start > 0.5
        let outerStart = point(start, radius: outer)
        let outerEnd = point(end, radius: outer)
        let innerEnd = point(end, radius: inner)
        let innerStart = point(start, radius: inner)
        w.raw("M")
        pair(outerStart.x, outerStart.y, &w)
        arc(outer, large: large, sweep: true, outerEnd.x, outerEnd.y, &w)
        w.raw("L")
        pair(innerEnd.x, innerEnd.y, &w)
        arc(inner, large: large, sweep: false, innerStart.x, innerStart.y, &w)
        w.raw("Z")
    }

    private static func pair(_ x: Double, _ y: Double, _ w: inout SVGWriter) {
        w.num(x)
        w.raw(" ")
        w.num(y)
    }

    private static func arc(_ r: Double, large: Bool, sweep: Bool, _ x: Double, _ y: Double, _ w: inout SVGWriter) {
        w.raw("A")
        w.num(r)
        w.raw(" ")
        w.num(r)
        w.raw(large ? " 0 1 " : " 0 0 ")
        w.raw(sweep ? "1 " : "0 ")
        pair(x, y, &w)
    }

    /// The chart as an HTML `<figure>`.
    public func html() -> String {
        let domID = SVG.domID(id)
        var w = SVGWriter(capacity: 1536 + data.count * 420)
        guard !data.isEmpty else {
            w.emptyFigure(kind: "donut", id: domID, text: emptyText)
            return w.out
        }
        let shares = Self.shares(of: data)
        let percents = shares.map(Self.percentText)

        w.openFigure(kind: "donut", id: domID)
        w.openSVG(id: domID, width: Self.size, height: Self.size, title: title, description: description)
        w.raw("<circle class=\"track\"")
        w.attr("cx", Self.center)
        w.attr("cy", Self.center)
        w.attr("r", (Self.outerRadius + Self.innerRadius) / 2)
        w.attr("stroke-width", Self.outerRadius - Self.innerRadius)
        w.raw(" fill=\"none\"/><g class=\"segments\">")
        var start = 0.0
        for (index, datum) in data.enumerated() where shares[index] > 0 {
            let end = min(1, start + shares[index])
            w.openMark(tip: SVGWriter.tip(datum, extra: percents[index]), extraClass: datum.highlight ? "is-top" : nil)
            w.raw("<path d=\"")
            Self.segmentPath(from: start, to: end, into: &w)
            w.raw("\"")
            w.attr("fill", SVG.color(hue: datum.hue, index: index))
            w.raw("/></g>")
            start = end
        }
        w.raw("</g><text class=\"center-value\" text-anchor=\"middle\"")
        w.attr("x", Self.center)
        w.attr("y", Self.center + 4)
        w.raw(">")
        w.text(SVG.truncate(centerValue, to: 12))
        w.raw("</text><text class=\"center-label\" text-anchor=\"middle\"")
        w.attr("x", Self.center)
        w.attr("y", Self.center + 24)
        w.raw(">")
        w.text(SVG.truncate(centerLabel, to: 18))
        w.raw("</text>")
        w.closeSVG()

        // Legend: swatch, label, value, share.
        w.raw("<ul class=\"chart-legend\">")
        for (index, datum) in data.enumerated() {
            w.raw(datum.highlight ? "<li class=\"is-top\">" : "<li>")
            w.raw(
                "<svg class=\"swatch\" width=\"12\" height=\"12\" viewBox=\"0 0 12 12\" aria-hidden=\"true\" "
                    + "focusable=\"false\"><rect width=\"12\" height=\"12\" rx=\"2\"")
            w.attr("fill", SVG.color(hue: datum.hue, index: index))
            w.raw("/></svg><span class=\"legend-label\">")
            w.text(SVG.truncate(datum.label, to: 32))
            w.raw("</span><span class=\"legend-value\">")
            w.text(datum.valueText)
            w.raw("</span><span class=\"legend-share\">")
            w.text(percents[index])
            w.raw("</span></li>")
        }
        w.raw("</ul>")

        w.dataTable(
            summary: tableSummary, caption: title, headers: [labelHeader, valueHeader, shareHeader],
            rows: data.enumerated().map { [$0.element.fullLabel, $0.element.valueText, percents[$0.offset]] })
        w.raw("</figure>")
        return w.out
    }
}
