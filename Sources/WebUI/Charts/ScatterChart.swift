import Foundation

/// One point of a ``ScatterChart``.
public struct ScatterPoint: Sendable, Equatable {
    /// Position on the x axis (e.g. seconds since 1970).
    public var x: Double
    /// Position on the y axis.
    public var y: Double
    /// What the dot's area stands for (e.g. a ride's duration); dots are sized by it relative to the largest.
    public var size: Double
    /// What the dot's colour stands for (e.g. average power): shaded in five steps from the lowest to the highest.
    public var shade: Double
    /// Row label in the data table and tooltip, e.g. "Mon 23 Nov".
    public var label: String
    /// The values as text, e.g. "131 bpm · 142 W · 1 h 05 min".
    public var valueText: String
    /// Where the dot links to, if anywhere.
    public var url: String?

    /// A point.
    public init(
        x: Double, y: Double, size: Double = 1, shade: Double = 0, label: String, valueText: String, url: String? = nil
    ) {
        self.x = x
        self.y = y
        self.size = size
        self.shade = shade
        self.label = label
        self.valueText = valueText
        self.url = url
    }
}

/// A scatter (bubble) chart: points at (x, y), dot area by `size`, colour in five shades by `shade`, e.g. rides as
/// date × average heart rate, coloured by power and sized by duration.
///
/// The x axis spans `xDomain` (points outside it are left out: range buttons zoom by passing a narrower domain) or
/// the points' range; the y axis spans the points' values with a margin, with four labelled grid lines.
public struct ScatterChart: Sendable, Equatable {
    /// Chart title (svg `<title>`, table caption).
    public var title: String
    /// Longer description (svg `<desc>`).
    public var description: String
    public var points: [ScatterPoint]
    /// Unique DOM id prefix.
    public var id: String
    /// The x range shown; nil fits the points.
    public var xDomain: ClosedRange<Double>?
    /// Labels under the x axis at positions in x units.
    public var xTicks: [(position: Double, label: String)]
    /// Unit after the y axis's numbers, e.g. "bpm".
    public var yUnit: String
    /// Headers of the data table's two columns.
    public var labelHeader: String
    public var valueHeader: String
    /// What the colours and sizes mean, shown under the chart.
    public var legend: String?
    public var emptyText: String
    public var tableSummary: String

    /// A scatter chart.
    public init(
        title: String, description: String, points: [ScatterPoint], id: String, xDomain: ClosedRange<Double>? = nil,
        xTicks: [(position: Double, label: String)] = [], yUnit: String = "", labelHeader: String = "Date",
        valueHeader: String = "Values", legend: String? = nil, emptyText: String = "Nothing to show yet.",
        tableSummary: String = "Data table"
    ) {
        self.title = title
        self.description = description
        self.points = points
        self.id = id
        self.xDomain = xDomain
        self.xTicks = xTicks
        self.yUnit = yUnit
        self.labelHeader = labelHeader
        self.valueHeader = valueHeader
        self.legend = legend
        self.emptyText = emptyText
        self.tableSummary = tableSummary
    }

    public static func == (a: ScatterChart, b: ScatterChart) -> Bool {
        a.title == b.title && a.description == b.description && a.points == b.points && a.id == b.id
            && a.xDomain == b.xDomain && a.xTicks.map(\.position) == b.xTicks.map(\.position)
            && a.xTicks.map(\.label) == b.xTicks.map(\.label) && a.yUnit == b.yUnit && a.legend == b.legend
    }

    static let width = 640.0
    static let height = 260.0
    /// Room for the top label with its unit ("148 bpm").
    static let left = 58.0
    static let right = 16.0
    static let top = 14.0
    static let plotHeight = 206.0
    static let minRadius = 3.0
    static let maxRadius = 12.0

    /// The points drawn: finite and inside the x domain.
    var visible: [ScatterPoint] {
        points.filter { $0.x.isFinite && $0.y.isFinite && (xDomain?.contains($0.x) ?? true) }
    }

    /// The y range drawn: the values with 10 % of their spread (at least 3) above and below, so the four labelled
    /// grid lines are at least 2 apart and never read the same (one ride used to label 117, 117, 116).
    static func yRange(_ values: [Double]) -> ClosedRange<Double> {
        guard let low = values.min(), let high = values.max() else { return 0...1 }
        let pad = Swift.max(3, (high - low) * 0.1)
        return (low - pad)...(high + pad)
    }

    /// Shade step 0…4 of `value` between `low` and `high`.
    static func step(_ value: Double, low: Double, high: Double) -> Int {
        guard high > low, value.isFinite else { return 2 }
        return Swift.min(4, Swift.max(0, Int(((value - low) / (high - low) * 5).rounded(.down))))
    }

    /// The chart as an HTML `<figure>`.
    public func html() -> String {
        let domID = SVG.domID(id)
        let shown = visible
        var w = SVGWriter(capacity: 2048 + shown.count * 300)
        guard !shown.isEmpty else {
            w.emptyFigure(kind: "scatter", id: domID, text: emptyText)
            return w.out
        }
        let xs = shown.map(\.x)
        let domain = xDomain ?? ((xs.min() ?? 0)...(xs.max() ?? 1))
        let span = domain.upperBound - domain.lowerBound
        let plotWidth = Self.width - Self.left - Self.right
        func x(_ value: Double) -> Double {
            span > 0 ? Self.left + plotWidth * (value - domain.lowerBound) / span : Self.left + plotWidth / 2
        }
        let yRange = Self.yRange(shown.map(\.y))
        let baseline = Self.top + Self.plotHeight
        func y(_ value: Double) -> Double {
            baseline - Self.plotHeight * (value - yRange.lowerBound) / (yRange.upperBound - yRange.lowerBound)
        }
        let largest = shown.map { SVG.clean($0.size) }.max() ?? 0
        let shades = shown.map(\.shade).filter(\.isFinite)
        let lowShade = shades.min() ?? 0
        let highShade = shades.max() ?? 0

        w.openFigure(kind: "scatter", id: domID)
        w.openSVG(id: domID, width: Self.width, height: Self.height, title: title, description: description)
        // Four lines at thirds: the bottom one is the axis (no baseline of its own).
        w.grid(
            left: Self.left, right: Self.width - Self.right, top: Self.top, plotHeight: Self.plotHeight * 4 / 3,
            lines: 4, baseline: nil)
        w.raw("<g class=\"labels\" text-anchor=\"end\">")
        for step in 0...3 {
            let value = yRange.upperBound - (yRange.upperBound - yRange.lowerBound) * Double(step) / 3
            w.raw("<text")
            w.attr("x", Self.left - 6)
            w.attr("y", Self.top + Self.plotHeight * Double(step) / 3 + 4)
            w.raw(">")
            w.text(String(Int(value.rounded())) + (step == 0 && !yUnit.isEmpty ? " " + yUnit : ""))
            w.raw("</text>")
        }
        w.raw("</g><g class=\"labels\" text-anchor=\"middle\">")
        for tick in xTicks where domain.contains(tick.position) {
            w.raw("<text")
            w.attr("x", x(tick.position))
            w.attr("y", baseline + 20)
            w.raw(">")
            w.text(SVG.truncate(tick.label, to: 10))
            w.raw("</text>")
        }
        w.raw("</g><g class=\"dots\">")
        // Largest first, so small dots stay on top and clickable.
        for point in shown.sorted(by: { SVG.clean($0.size) > SVG.clean($1.size) }) {
            let ratio = largest > 0 ? (SVG.clean(point.size) / largest).squareRoot() : 0.5
            let radius = Self.minRadius + (Self.maxRadius - Self.minRadius) * ratio
            let tip = point.label + " · " + point.valueText
            if let url = point.url {
                w.raw("<a")
                w.attr("href", url)
                w.raw(">")
            }
            w.openMark(tip: tip, extraClass: "shade-\(Self.step(point.shade, low: lowShade, high: highShade))")
            w.raw("<circle")
            w.attr("cx", x(point.x))
            w.attr("cy", y(point.y))
            w.attr("r", radius)
            w.raw("/></g>")
            if point.url != nil { w.raw("</a>") }
        }
        w.raw("</g>")
        w.closeSVG()
        if let legend {
            w.raw("<figcaption class=\"scatter-legend\">")
            w.text(legend)
            w.raw("</figcaption>")
        }
        w.dataTable(
            summary: tableSummary, caption: title, headers: [labelHeader, valueHeader],
            rows: shown.sorted { $0.x < $1.x }.map { [$0.label, $0.valueText] })
        w.raw("</figure>")
        return w.out
    }
}
