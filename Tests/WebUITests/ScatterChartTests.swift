import Foundation
import Testing

@testable import WebUI

@Suite("WebUI scatter chart")
struct ScatterChartTests {
    static func chart(_ points: [ScatterPoint], domain: ClosedRange<Double>? = nil) -> String {
        ScatterChart(
            title: "Rides", description: "Date and heart rate", points: points, id: "scatter", xDomain: domain,
            xTicks: [(0, "Mon"), (50, "Wed"), (500, "out")], yUnit: "bpm", legend: "Colour: power"
        ).html()
    }

    @Test("dots sized by size, shaded in five steps by shade, linked, with a data table in x order")
    func dots() {
        let points = [
            ScatterPoint(x: 100, y: 140, size: 3600, shade: 200, label: "Late", valueText: "140 bpm", url: "/r/2"),
            ScatterPoint(x: 0, y: 120, size: 900, shade: 100, label: "Early", valueText: "120 bpm", url: "/r/1"),
        ]
        let html = Self.chart(points)
        #expect(html.hasPrefix("<figure class=\"chart chart-scatter\" id=\"scatter\">"))
        #expect(html.contains("role=\"img\"") && html.contains("<title id=\"scatter-title\">Rides</title>"))
        #expect(html.contains("class=\"mark shade-4\"") && html.contains("class=\"mark shade-0\""))
        #expect(html.contains("<a href=\"/r/1\">") && html.contains("r=\"12\"") && html.contains("r=\"7.5\""))
        #expect(html.contains(">Mon</text>") && html.contains(">Wed</text>") && !html.contains(">out</text>"))
        #expect(html.contains("<figcaption class=\"scatter-legend\">Colour: power</figcaption>"))
        let early = html.range(of: "<th scope=\"row\">Early</th>")
        let late = html.range(of: "<th scope=\"row\">Late</th>")
        #expect(early != nil && late != nil && early!.lowerBound < late!.lowerBound)
    }

    @Test("the domain zooms: points outside it are left out; nothing to show is the empty state; text is escaped")
    func zoomAndEmpty() {
        let points = [
            ScatterPoint(x: 10, y: 130, label: "In", valueText: "a"),
            ScatterPoint(x: 90, y: 150, label: "Out", valueText: "b"),
            ScatterPoint(x: .nan, y: 150, label: "Bad", valueText: "c"),
        ]
        let zoomed = Self.chart(points, domain: 0...50)
        #expect(zoomed.contains(">In</th>") && !zoomed.contains(">Out</th>") && !zoomed.contains(">Bad</th>"))
        let empty = Self.chart(points, domain: 200...300)
        #expect(empty.contains("class=\"chart-empty\"") && !empty.contains("<svg"))
        let evil = Self.chart([ScatterPoint(x: 1, y: 1, label: "\"><script>", valueText: "x")])
        #expect(!evil.contains("<script>") && evil.contains("&lt;script&gt;"))
        #expect(ScatterChart.step(5, low: 0, high: 10) == 2 && ScatterChart.step(10, low: 0, high: 10) == 4)
        #expect(ScatterChart.step(3, low: 3, high: 3) == 2)
    }

    @Test("one point: the four y labels are distinct (the range is at least 6 wide)")
    func onePointLabels() {
        let range = ScatterChart.yRange([116.4])
        let labels = (0...3).map { step in
            Int((range.upperBound - (range.upperBound - range.lowerBound) * Double(step) / 3).rounded())
        }
        #expect(Set(labels).count == 4, "\(labels)")
    }
}
