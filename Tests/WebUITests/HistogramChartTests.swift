import Foundation
import Testing

@testable import WebUI

@Suite("Histogram chart")
struct HistogramChartTests {
    static func bins(_ counts: [Int], marked: Int? = nil) -> [HistogramChart.Bin] {
        counts.enumerated().map { index, count in
            .init(
                label: "\(index + 1)", fullLabel: "\(index * 20)–\(index * 20 + 20) km", count: count,
                countText: "\(count) riders", isMarked: index == marked)
        }
    }

    static func chart(
        _ counts: [Int], marked: Int? = nil, edges: [String]? = nil, marker: String? = "You", title: String = "Spread"
    ) -> String {
        HistogramChart(
            title: title, description: "Riders per band", bins: bins(counts, marked: marked), edgeLabels: edges,
            marker: marker, labelHeader: "Distance", valueHeader: "Riders", id: "spread"
        ).html()
    }

    @Test("one bar per non-empty band, heights relative to the fullest; accessible svg and a data table of every band")
    func bars() {
        let html = Self.chart([10, 40, 0, 20])
        #expect(html.hasPrefix("<figure class=\"chart chart-histogram\" id=\"spread\">"))
        #expect(html.contains("role=\"img\" aria-labelledby=\"spread-title spread-desc\""))
        #expect(
            html.contains("<title id=\"spread-title\">Spread</title><desc id=\"spread-desc\">Riders per band</desc>"))
        let heights = ChartFixtures.attributes("height", in: html).compactMap(Double.init)
        #expect(heights == [42.5, 170, 85])
        // Each count above its bar; the empty band has none.
        #expect(html.contains("<g class=\"values\" text-anchor=\"middle\"><text x=\"55.5\" y=\"166.5\">10</text>"))
        #expect(!html.contains(">0</text>") && !html.contains("class=\"caption\""))
        #expect(ChartFixtures.count("<g class=\"mark\"", in: html) == 3)
        #expect(html.contains("data-tip=\"20–40 km · 40 riders\""))
        // The empty band is in the table, with its zero.
        #expect(html.contains("<th scope=\"row\">40–60 km</th><td>0 riders</td>"))
        #expect(!html.contains("class=\"marker\""))
    }

    @Test("the marked band is drawn as 'you' with the marker above it, kept inside the chart, and named in the table")
    func marker() {
        let html = Self.chart([10, 40, 0, 20], marked: 3)
        #expect(ChartFixtures.count("class=\"mark is-you\"", in: html) == 1)
        #expect(html.contains("data-tip=\"60–80 km · 20 riders · You\""))
        #expect(html.contains("<g class=\"marker\" aria-hidden=\"true\">"))
        #expect(html.contains(">You</text></g>"))
        #expect(html.contains("<th scope=\"row\">60–80 km (You)</th>"))
        // A long marker on the last band is pulled in from the right edge.
        let wide = Self.chart([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], marked: 9, marker: "You are here, Sarah")
        let markerX = (wide.components(separatedBy: "<g class=\"marker\"").last).flatMap {
            ChartFixtures.attributes("x", in: $0).first
        }.flatMap(Double.init)
        #expect(
            (markerX ?? 999) + Double("You are here, Sarah".count) * HistogramChart.charWidth / 2
                <= HistogramChart.width)
        // A marked band with nobody in it (the viewer is never there, but the chart must not trap) draws no bar.
        #expect(Self.chart([1, 0], marked: 1).contains("<g class=\"marker\""))
    }

    @Test("edge labels sit at the band edges and are thinned when they would touch; bar labels otherwise")
    func labels() {
        let edges = Self.chart([1, 2, 3], edges: ["0", "20", "40", ""])
        let labels = edges.components(separatedBy: "<g class=\"labels\"").last
        #expect(ChartFixtures.count("<text", in: labels ?? "") == 3)
        #expect(labels?.contains(">40</text>") == true && labels?.contains("x=\"14\"") == true)
        let counts = Self.chart([1, 2, 3], marked: 1)
        #expect(counts.contains("<text class=\"is-you\""))
        let many = Self.chart(Array(repeating: 3, count: 40), edges: (0...40).map { "\($0 * 1000)" })
        let drawn = ChartFixtures.count(
            "<text", in: many.components(separatedBy: "<g class=\"labels\"").last ?? "")
        #expect(drawn < 41 && drawn > 5)
        // A wrong number of edge labels falls back to bar labels.
        #expect(Self.chart([1, 2], edges: ["0"]).contains(">2</text>"))
    }

    @Test("the caption says what a bar counts; big counts are shortened above the bars")
    func captionAndCounts() {
        let html = HistogramChart(
            title: "Spread", description: "Riders per band", bins: Self.bins([4_563, 12_345, 999]),
            caption: "Riders per 50 km band", labelHeader: "Distance", valueHeader: "Riders", id: "spread"
        ).html()
        #expect(html.contains("<text class=\"caption\" text-anchor=\"middle\" x=\"180\""))
        #expect(html.contains(">Riders per 50 km band</text>"))
        #expect(html.contains(">4,563</text>") && html.contains(">12k</text>") && html.contains(">999</text>"))
        #expect(BinCount.short(1_000) == "1,000" && BinCount.short(0) == "0")
    }

    @Test("nothing in any band shows the empty text; user text is escaped")
    func emptyAndEscaping() {
        let empty = Self.chart([0, 0])
        #expect(empty.contains("chart-empty") && !empty.contains("<svg"))
        let evil = Self.chart([1], marked: 0, marker: ChartFixtures.evil, title: ChartFixtures.evil)
        #expect(!evil.contains("<script>"))
        #expect(evil.contains("&quot;&gt;&lt;script&gt;"))
    }
}
