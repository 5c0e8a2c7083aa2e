import Foundation

/// A histogram: how many of something fall in each band of a value, e.g. how many riders rode 20–40 km this week,
/// with one band marked ("you are here").
///
/// Bars are drawn side by side in band order, their heights relative to the fullest band. The axis is labelled at the
/// band edges (`edgeLabels`, for continuous values: "0 20 40 …") or under each bar (`Bin.label`, for counts:
/// "1 2 3 …"). The marked band's bar gets `class="mark is-you"` and the `marker` text above it.
public struct HistogramChart: Sendable, Equatable {
    /// One band.
    public struct Bin: Sendable, Equatable {
        /// Short label under the bar, used when the chart has no `edgeLabels`: "3", "8+".
        public var label: String
        /// The band in words, for tooltips and the data table: "20–40 km", "200 km or more".
        public var fullLabel: String
        /// How many fall in the band.
        public var count: Int
        /// `count` formatted: "812 riders".
        public var countText: String
        /// Whether this is the band the marker points at.
        public var isMarked: Bool

        /// Creates a band.
        public init(label: String, fullLabel: String, count: Int, countText: String, isMarked: Bool = false) {
            self.label = label
            self.fullLabel = fullLabel
            self.count = count
            self.countText = countText
            self.isMarked = isMarked
        }
    }

    /// Chart title, used in the svg `<title>` and the table caption.
    public var title: String
    /// Longer description, used in the svg `<desc>`.
    public var description: String
    /// The bands, in order.
    public var bins: [Bin]
    /// Labels at the band edges (one more than `bins`; "" draws none); nil labels each bar with `Bin.label`.
    public var edgeLabels: [String]?
    /// Text above the marked band, e.g. "You".
    public var marker: String?
    /// A line under the axis labels that says what a bar counts and the band's unit: "Riders per 50 km band".
    public var caption: String?
    /// Header of the table's band column, e.g. "Distance".
    public var labelHeader: String
    /// Header of the table's count column, e.g. "Riders".
    public var valueHeader: String
    /// Unique DOM id prefix (sanitised with ``SVG/domID(_:)``).
    public var id: String
    /// Text shown instead of the chart when every band is empty.
    public var emptyText: String
    /// Summary of the collapsible data table.
    public var tableSummary: String

    /// Creates a histogram.
    public init(
        title: String, description: String, bins: [Bin], edgeLabels: [String]? = nil, marker: String? = nil,
        caption: String? = nil, labelHeader: String, valueHeader: String, id: String,
        emptyText: String = "No data for this week.",
        tableSummary: String = "Data table"
    ) {
        self.title = title
        self.description = description
        self.bins = bins
        self.edgeLabels = edgeLabels
        self.marker = marker
        self.caption = caption
        self.labelHeader = labelHeader
        self.valueHeader = valueHeader
        self.id = id
        self.emptyText = emptyText
        self.tableSummary = tableSummary
    }

    // Geometry of the viewBox, in user units: narrow, so that the text stays legible on a phone.
    static let width = 360.0
    static let marginX = 14.0
    /// Room above the fullest band for its count and the marker.
    static let top = 44.0
    static let plotHeight = 170.0
    static let charWidth = 7.0

    /// Every how many labels one is drawn so that labels of `chars` characters `spacing` apart do not touch.
    static func labelStep(spacing: Double, chars: Int) -> Int {
        let needed = Double(max(chars, 1)) * charWidth + 6
        guard spacing > 0 else { return 1 }
        return max(1, Int((needed / spacing).rounded(.up)))
    }

    /// The chart as an HTML `<figure>`.
    public func html() -> String {
        let domID = SVG.domID(id)
        var w = SVGWriter(capacity: 2048 + bins.count * 360)
        guard bins.contains(where: { $0.count > 0 }) else {
            w.emptyFigure(kind: "histogram", id: domID, text: emptyText)
            return w.out
        }
        let ratios = SVG.ratios(bins.map { Double($0.count) })
        let plotWidth = Self.width - 2 * Self.marginX
        let slot = plotWidth / Double(bins.count)
        let gap = min(4, slot * 0.12)
        let baseline = Self.top + Self.plotHeight
        let height = baseline + (caption == nil ? 24 : 42)
        func left(_ index: Int) -> Double { Self.marginX + slot * Double(index) }

        w.openFigure(kind: "histogram", id: domID)
        w.openSVG(id: domID, width: Self.width, height: height, title: title, description: description)

        // Grid lines at 25 % steps of the fullest band, and the baseline.
        w.grid(
            left: Self.marginX, right: Self.width - Self.marginX, top: Self.top, plotHeight: Self.plotHeight, lines: 4,
            baseline: baseline)

        // Bars; an empty band draws nothing, so its tooltip lives in the data table only.
        w.raw("<g class=\"bars\">")
        for (index, bin) in bins.enumerated() where ratios[index] > 0 {
            let barHeight = max(1, Self.plotHeight * ratios[index])
            let datum = ChartDatum(label: bin.label, fullLabel: bin.fullLabel, value: 0, valueText: bin.countText)
            w.openMark(
                tip: SVGWriter.tip(datum, extra: bin.isMarked ? marker : nil), extraClass: bin.isMarked ? "is-you" : nil
            )
            w.raw("<rect")
            w.attr("x", left(index) + gap / 2)
            w.attr("y", baseline - barHeight)
            w.attr("width", slot - gap)
            w.attr("height", barHeight)
            w.raw("/></g>")
        }
        w.raw("</g>")

        // Each band's count above its bar.
        let valueChars = max(1, Int((slot - 2) / Self.charWidth))
        w.raw("<g class=\"values\" text-anchor=\"middle\">")
        for (index, bin) in bins.enumerated() where bin.count > 0 {
            w.raw("<text")
            w.attr("x", left(index) + slot / 2)
            w.attr("y", baseline - max(1, Self.plotHeight * ratios[index]) - 5)
            w.raw(">")
            w.text(SVG.truncate(BinCount.short(bin.count), to: valueChars))
            w.raw("</text>")
        }
        w.raw("</g>")

        // The marker: a caret and its text above the marked band's count, kept inside the chart.
        if let marker, let index = bins.firstIndex(where: \.isMarked) {
            let barHeight = ratios[index] > 0 ? max(1, Self.plotHeight * ratios[index]) : 0
            let x = left(index) + slot / 2
            let tip = baseline - barHeight - (bins[index].count > 0 ? 18 : 3)
            let halfText = Double(marker.count) * Self.charWidth / 2 + 2
            let textX = min(max(x, Self.marginX + halfText), Self.width - Self.marginX - halfText)
            w.raw("<g class=\"marker\" aria-hidden=\"true\"><path d=\"M")
            w.num(x - 5)
            w.raw(" ")
            w.num(tip - 7)
            w.raw("L")
            w.num(x + 5)
            w.raw(" ")
            w.num(tip - 7)
            w.raw("L")
            w.num(x)
            w.raw(" ")
            w.num(tip)
            w.raw("Z\"/><text text-anchor=\"middle\"")
            w.attr("x", textX)
            w.attr("y", tip - 11)
            w.raw(">")
            w.text(marker)
            w.raw("</text></g>")
        }

        // Axis labels at the band edges, or under each bar; thinned when they would touch.
        if let edges = edgeLabels, edges.count == bins.count + 1 {
            let step = Self.labelStep(spacing: slot, chars: edges.map(\.count).max() ?? 1)
            w.raw("<g class=\"labels\" text-anchor=\"middle\">")
            for index in stride(from: 0, through: bins.count, by: step) where !edges[index].isEmpty {
                w.raw("<text")
                w.attr("x", left(index))
                w.attr("y", baseline + 16)
                w.raw(">")
                w.text(edges[index])
                w.raw("</text>")
            }
            w.raw("</g>")
        } else {
            let step = Self.labelStep(spacing: slot, chars: bins.map(\.label.count).max() ?? 1)
            w.raw("<g class=\"labels\" text-anchor=\"middle\">")
            for index in stride(from: 0, to: bins.count, by: step) {
                w.raw(bins[index].isMarked ? "<text class=\"is-you\"" : "<text")
                w.attr("x", left(index) + slot / 2)
                w.attr("y", baseline + 16)
                w.raw(">")
                w.text(SVG.truncate(bins[index].label, to: max(1, Int(slot * Double(step) / Self.charWidth))))
                w.raw("</text>")
            }
            w.raw("</g>")
        }
        if let caption {
            w.raw("<text class=\"caption\" text-anchor=\"middle\"")
            w.attr("x", Self.width / 2)
            w.attr("y", baseline + 36)
            w.raw(">")
            w.text(caption)
            w.raw("</text>")
        }
        w.closeSVG()

        w.dataTable(
            summary: tableSummary, caption: title, headers: [labelHeader, valueHeader],
            rows: bins.map { bin in
                [bin.isMarked ? bin.fullLabel + (marker.map { " (\($0))" } ?? "") : bin.fullLabel, bin.countText]
            })
        w.raw("</figure>")
        return w.out
    }
}

/// Counts as short as a bar's top has room for: 812, 4,563, 12k.
enum BinCount {
    static func short(_ count: Int) -> String {
        if count >= 10_000 { return "\(count / 1000)k" }
        guard count >= 1000 else { return String(count) }
        let text = String(count)
        return String(text.dropLast(3)) + "," + String(text.suffix(3))
    }
}
