import Foundation

/// A line with dots over evenly spaced points, e.g. a rider's weekly distance history.
///
/// The x position is the index of the point and its `label` the x-axis label (thinned when there are many);
/// the y axis runs from 0 to the largest value. Highlighted points get `class="mark is-top"`.
public struct LineChart: Sendable, Equatable {
    /// Chart title, used in the svg `<title>` and the table caption.
    public var title: String
    /// Longer description, used in the svg `<desc>`.
    public var description: String
    /// The points, left to right.
    public var points: [ChartDatum]
    /// Unique DOM id prefix (sanitised with ``SVG/domID(_:)``).
    public var id: String
    /// Header of the table's label column.
    public var labelHeader: String
    /// Header of the table's value column.
    public var valueHeader: String
    /// Text shown instead of the chart when `points` is empty.
    public var emptyText: String
    /// Summary of the collapsible data table.
    public var tableSummary: String

    /// Creates a line chart.
    public init(
        title: String, description: String, points: [ChartDatum], id: String, labelHeader: String = "Week",
        valueHeader: String = "Value", emptyText: String = "No data for this week.",
        tableSummary: String = "Data table"
    ) {
        self.title = title
        self.description = description
        self.points = points
        self.id = id
        self.labelHeader = labelHeader
        self.valueHeader = valueHeader
        self.emptyText = emptyText
        self.tableSummary = tableSummary
    }

    // Geometry of the viewBox, in user units.
    static let width = 640.0
    static let height = 240.0
    static let marginX = 32.0
    static let top = 12.0
    static let plotHeight = 196.0
    static let labelChars = 8
    static let maxLabels = 10

    /// Every how many points an x label is drawn.
    static func labelStep(count: Int) -> Int {
        count > maxLabels ? (count + maxLabels - 1) / maxLabels : 1
    }

    /// The chart as an HTML `<figure>`.
    public func html() -> String {
        let domID = SVG.domID(id)
        var w = SVGWriter(capacity: 1536 + points.count * 260)
        guard !points.isEmpty else {
            w.emptyFigure(kind: "line", id: domID, text: emptyText)
            return w.out
        }
        let count = points.count
        let ratios = SVG.ratios(points.map(\.value))
        let plotWidth = Self.width - 2 * Self.marginX
        let baseline = Self.top + Self.plotHeight
        let slot = count > 1 ? plotWidth / Double(count - 1) : plotWidth
        let xs = (0..<count).map { count > 1 ? Self.marginX + slot * Double($0) : Self.width / 2 }
        let ys = ratios.map { baseline - Self.plotHeight * $0 }
        let radius = min(4, max(1.5, slot / 3))

        w.openFigure(kind: "line", id: domID)
        w.openSVG(id: domID, width: Self.width, height: Self.height, title: title, description: description)
        w.grid(
            left: Self.marginX, right: Self.width - Self.marginX, top: Self.top, plotHeight: Self.plotHeight, lines: 4,
            baseline: baseline)

        if count > 1 {
            // Area under the line, then the line.
            w.raw("<path class=\"area\" d=\"M")
            w.num(xs[0])
            w.raw(" ")
            w.num(baseline)
            for index in 0..<count {
                w.raw("L")
                w.num(xs[index])
                w.raw(" ")
                w.num(ys[index])
            }
            w.raw("L")
            w.num(xs[count - 1])
            w.raw(" ")
            w.num(baseline)
            w.raw("Z\"/><path class=\"line\" fill=\"none\" d=\"")
            for index in 0..<count {
                w.raw(index == 0 ? "M" : "L")
                w.num(xs[index])
                w.raw(" ")
                w.num(ys[index])
            }
            w.raw("\"/>")
        }

        w.raw("<g class=\"dots\">")
        for (index, point) in points.enumerated() {
            w.openMark(tip: SVGWriter.tip(point), extraClass: point.highlight ? "is-top" : nil)
            w.raw("<circle")
            w.attr("cx", xs[index])
            w.attr("cy", ys[index])
            w.attr("r", radius)
            w.raw("/></g>")
        }
        w.raw("</g><g class=\"labels\" text-anchor=\"middle\">")
        for index in stride(from: 0, to: count, by: Self.labelStep(count: count)) {
            w.raw("<text")
            w.attr("x", xs[index])
            w.attr("y", baseline + 20)
            w.raw(">")
            w.text(SVG.truncate(points[index].label, to: Self.labelChars))
            w.raw("</text>")
        }
        w.raw("</g>")
        w.closeSVG()
        w.dataTable(
            summary: tableSummary, caption: title, headers: [labelHeader, valueHeader],
            rows: points.map { [$0.fullLabel, $0.valueText] })
        w.raw("</figure>")
        return w.out
    }

    /// A small inline sparkline (`<svg class="sparkline" role="img" aria-label="…">`) of `values`, scaled from 0
    /// to their maximum; non-finite and negative values count as 0. The last point is marked with a dot.
    public static func sparkline(values: [Double], label: String) -> String {
        let width = 100.0
        let height = 24.0
        let inset = 2.0
        var w = SVGWriter(capacity: 256 + values.count * 16)
        w.raw("<svg class=\"sparkline\" viewBox=\"0 0 100 24\" width=\"100\" height=\"24\" role=\"img\"")
        w.attr("aria-label", label)
        w.raw(">")
        let ratios = SVG.ratios(values)
        let count = ratios.count
        func x(_ index: Int) -> Double {
            count > 1 ? inset + (width - 2 * inset) * Double(index) / Double(count - 1) : width / 2
        }
        func y(_ ratio: Double) -> Double { height - inset - (height - 2 * inset) * ratio }
        if count > 1 {
            w.raw("<path class=\"spark-line\" fill=\"none\" d=\"")
            for (index, value) in ratios.enumerated() {
                w.raw(index == 0 ? "M" : "L")
                w.num(x(index))
                w.raw(" ")
                w.num(y(value))
            }
            w.raw("\"/>")
        }
        if let last = ratios.last {
            w.raw("<circle class=\"spark-dot\"")
            w.attr("cx", x(count - 1))
            w.attr("cy", y(last))
            w.raw(" r=\"2\"/>")
        }
        w.raw("</svg>")
        return w.out
    }
}
