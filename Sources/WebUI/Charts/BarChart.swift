import Foundation

/// A vertical bar chart, e.g. the week's distance per rider, drawn in the given order.
///
/// Bar heights are relative to the largest value; the highlighted bar gets `class="mark is-top"`.
/// Axis labels are horizontal for a few bars, rotated for more, and only every k-th label is shown
/// when there are more than 30 bars.
public struct BarChart: Sendable, Equatable {
    /// Chart title, used in the svg `<title>` and the table caption.
    public var title: String
    /// Longer description, used in the svg `<desc>`.
    public var description: String
    /// The bars, in display order (the chart does not sort them).
    public var data: [ChartDatum]
    /// Header of the table's label column, e.g. "Rider".
    public var labelHeader: String
    /// Header of the table's value column, e.g. "Distance".
    public var valueHeader: String
    /// Unique DOM id prefix (sanitised with ``SVG/domID(_:)``).
    public var id: String
    /// Text shown instead of the chart when `data` is empty.
    public var emptyText: String
    /// Summary of the collapsible data table.
    public var tableSummary: String

    /// Creates a bar chart.
    public init(
        title: String, description: String, data: [ChartDatum], labelHeader: String, valueHeader: String,
        id: String, emptyText: String = "No data for this week.", tableSummary: String = "Data table"
    ) {
        self.title = title
        self.description = description
        self.data = data
        self.labelHeader = labelHeader
        self.valueHeader = valueHeader
        self.id = id
        self.emptyText = emptyText
        self.tableSummary = tableSummary
    }

    // Geometry of the viewBox, in user units.
    static let width = 640.0
    static let marginX = 8.0
    static let plotHeight = 200.0
    /// Up to this many bars, labels are horizontal and values are printed above the bars.
    static let horizontalLabelLimit = 13
    /// Up to this many bars every label is shown; above it only every k-th.
    static let allLabelsLimit = 30
    static let charWidth = 6.6

    /// Every how many bars a label is drawn.
    static func labelStep(count: Int) -> Int {
        count > allLabelsLimit ? (count + allLabelsLimit - 1) / allLabelsLimit : 1
    }

    /// The chart as an HTML `<figure>`.
    public func html() -> String {
        let domID = SVG.domID(id)
        var w = SVGWriter(capacity: 1024 + data.count * 240)
        guard !data.isEmpty else {
            w.emptyFigure(kind: "bar", id: domID, text: emptyText)
            return w.out
        }
        let count = data.count
        let ratios = SVG.ratios(data.map(\.value))
        let horizontal = count <= Self.horizontalLabelLimit
        let rotatedChars = 12
        // Rotated labels hang down-left from their bar, so leave room for the first one.
        let left = horizontal ? Self.marginX : Self.marginX + Double(rotatedChars) * Self.charWidth * 0.71 - 8
        let plotWidth = Self.width - left - Self.marginX
        let slot = plotWidth / Double(count)
        let barWidth = slot * 0.7
        let top = horizontal ? 22.0 : 8.0
        let baseline = top + Self.plotHeight
        let bottom = horizontal ? 24.0 : Double(rotatedChars) * Self.charWidth * 0.71 + 18
        let height = baseline + bottom
        let horizontalChars = max(1, Int((slot - 4) / Self.charWidth))

        w.openFigure(kind: "bar", id: domID)
        w.openSVG(id: domID, width: Self.width, height: height, title: title, description: description)

        // Grid lines at 25 % steps and the baseline.
        w.grid(
            left: left, right: Self.width - Self.marginX, top: top, plotHeight: Self.plotHeight, lines: 4,
            baseline: baseline)

        // Bars.
        w.raw("<g class=\"bars\">")
        for (index, datum) in data.enumerated() where ratios[index] > 0 {
            let barHeight = max(1, Self.plotHeight * ratios[index])
            let x = left + slot * Double(index) + (slot - barWidth) / 2
            w.openMark(tip: SVGWriter.tip(datum), extraClass: datum.highlight ? "is-top" : nil)
            w.raw("<rect")
            w.attr("x", x)
            w.attr("y", baseline - barHeight)
            w.attr("width", barWidth)
            w.attr("height", barHeight)
            w.raw("/></g>")
        }
        w.raw("</g>")

        // Values above the bars, when there is room.
        if horizontal {
            w.raw("<g class=\"values\" text-anchor=\"middle\">")
            for (index, datum) in data.enumerated() {
                let barHeight = ratios[index] > 0 ? max(1, Self.plotHeight * ratios[index]) : 0
                w.raw("<text")
                w.attr("x", left + slot * (Double(index) + 0.5))
                w.attr("y", baseline - barHeight - 6)
                w.raw(">")
                w.text(SVG.truncate(datum.valueText, to: horizontalChars))
                w.raw("</text>")
            }
            w.raw("</g>")
        }

        // Axis labels: horizontal, or rotated and thinned.
        let step = Self.labelStep(count: count)
        w.raw(horizontal ? "<g class=\"labels\" text-anchor=\"middle\">" : "<g class=\"labels\" text-anchor=\"end\">")
        for index in stride(from: 0, to: count, by: step) {
            let datum = data[index]
            let x = left + slot * (Double(index) + 0.5)
            w.raw(datum.highlight ? "<text class=\"is-top\"" : "<text")
            if horizontal {
                w.attr("x", x)
                w.attr("y", baseline + 16)
                w.raw(">")
                w.text(SVG.truncate(datum.label, to: horizontalChars))
            } else {
                let y = baseline + 10
                w.attr("x", x)
                w.attr("y", y)
                w.raw(" transform=\"rotate(-45 ")
                w.num(x)
                w.raw(" ")
                w.num(y)
                w.raw(")\">")
                w.text(SVG.truncate(datum.label, to: rotatedChars))
            }
            w.raw("</text>")
        }
        w.raw("</g>")
        w.closeSVG()

        w.dataTable(
            summary: tableSummary, caption: title, headers: [labelHeader, valueHeader],
            rows: data.map { [$0.fullLabel, $0.valueText] })
        w.raw("</figure>")
        return w.out
    }
}
