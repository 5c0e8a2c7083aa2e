import Foundation

/// Horizontal bars comparing a few values, e.g. you against the club average and the top rider.
///
/// Bars are scaled to the largest value; the highlighted row ("you") gets `class="mark is-you"`.
public struct ComparisonBars: Sendable, Equatable {
    /// Chart title, used in the svg `<title>` and the table caption.
    public var title: String
    /// Longer description, used in the svg `<desc>`.
    public var description: String
    /// The rows, top to bottom.
    public var rows: [ChartDatum]
    /// Header of the table's label column.
    public var labelHeader: String
    /// Header of the table's value column.
    public var valueHeader: String
    /// Unique DOM id prefix (sanitised with ``SVG/domID(_:)``).
    public var id: String
    /// Text shown instead of the chart when `rows` is empty.
    public var emptyText: String
    /// Summary of the collapsible data table.
    public var tableSummary: String

    /// Creates comparison bars.
    public init(
        title: String, description: String, rows: [ChartDatum], labelHeader: String, valueHeader: String,
        id: String, emptyText: String = "No data for this week.", tableSummary: String = "Data table"
    ) {
        self.title = title
        self.description = description
        self.rows = rows
        self.labelHeader = labelHeader
        self.valueHeader = valueHeader
        self.id = id
        self.emptyText = emptyText
        self.tableSummary = tableSummary
    }

    // Geometry of the viewBox, in user units.
    static let width = 640.0
    static let labelWidth = 150.0
    static let valueWidth = 104.0
    static let rowHeight = 30.0
    static let barHeight = 18.0
    static let padding = 8.0

    /// The chart as an HTML `<figure>`.
    public func html() -> String {
        let domID = SVG.domID(id)
        var w = SVGWriter(capacity: 1024 + rows.count * 400)
        guard !rows.isEmpty else {
            w.emptyFigure(kind: "compare", id: domID, text: emptyText)
            return w.out
        }
        let ratios = SVG.ratios(rows.map(\.value))
        let barX = Self.labelWidth
        let maxBarWidth = Self.width - Self.labelWidth - Self.valueWidth
        let height = Double(rows.count) * Self.rowHeight + 2 * Self.padding

        w.openFigure(kind: "compare", id: domID)
        w.openSVG(id: domID, width: Self.width, height: height, title: title, description: description)
        for (index, row) in rows.enumerated() {
            let top = Self.padding + Double(index) * Self.rowHeight + (Self.rowHeight - Self.barHeight) / 2
            let textY = top + Self.barHeight / 2 + 4
            let barWidth = ratios[index] > 0 ? max(1, maxBarWidth * ratios[index]) : 0
            w.openMark(tip: SVGWriter.tip(row), extraClass: row.highlight ? "is-you" : nil)
            w.raw("<rect class=\"track\"")
            w.attr("x", barX)
            w.attr("y", top)
            w.attr("width", maxBarWidth)
            w.attr("height", Self.barHeight)
            w.raw(" rx=\"3\"/>")
            if barWidth > 0 {
                w.raw("<rect class=\"bar\"")
                w.attr("x", barX)
                w.attr("y", top)
                w.attr("width", barWidth)
                w.attr("height", Self.barHeight)
                w.raw(" rx=\"3\"/>")
            }
            w.raw("<text class=\"label\" text-anchor=\"end\"")
            w.attr("x", barX - 8)
            w.attr("y", textY)
            w.raw(">")
            w.text(SVG.truncate(row.label, to: 20))
            w.raw("</text><text class=\"value\"")
            w.attr("x", barX + barWidth + 6)
            w.attr("y", textY)
            w.raw(">")
            w.text(SVG.truncate(row.valueText, to: 14))
            w.raw("</text></g>")
        }
        w.closeSVG()
        w.dataTable(
            summary: tableSummary, caption: title, headers: [labelHeader, valueHeader],
            rows: rows.map { [$0.fullLabel, $0.valueText] })
        w.raw("</figure>")
        return w.out
    }
}
