import Foundation
import Testing

@testable import WebUI

/// Helpers shared by the chart tests.
enum ChartFixtures {
    static let evil = "\"><script>alert(1)</script>"

    static func riders(_ count: Int, highlight: Int? = nil) -> [ChartDatum] {
        (0..<count).map { index in
            let value = Double((index * 37) % 150) + 3.5
            return ChartDatum(
                label: "R\(index)", fullLabel: "Rider Number \(index)", value: value, valueText: "\(Int(value)) km",
                highlight: index == highlight)
        }
    }

    static func bar(_ data: [ChartDatum], id: String = "bars") -> String {
        BarChart(
            title: "Distance", description: "Kilometres per rider", data: data, labelHeader: "Rider",
            valueHeader: "Distance", id: id
        ).html()
    }

    static func donut(_ data: [ChartDatum], id: String = "donut") -> String {
        DonutChart(
            title: "Share", description: "Share of the club", data: data, centerValue: "847 km",
            centerLabel: "total club", labelHeader: "Rider", valueHeader: "Distance", id: id
        ).html()
    }

    static func compare(_ rows: [ChartDatum], id: String = "compare") -> String {
        ComparisonBars(
            title: "You vs the club", description: "Your distance against the club", rows: rows,
            labelHeader: "Who", valueHeader: "Distance", id: id
        ).html()
    }

    static func line(_ points: [ChartDatum], id: String = "line") -> String {
        LineChart(title: "History", description: "Weekly distance", points: points, id: id).html()
    }

    static func all(_ data: [ChartDatum]) -> [String] {
        [bar(data), donut(data), compare(data), line(data)]
    }

    /// Number of non-overlapping occurrences of `needle` in `haystack`.
    static func count(_ needle: String, in haystack: String) -> Int {
        haystack.components(separatedBy: needle).count - 1
    }

    /// Values of every `name="…"` attribute.
    static func attributes(_ name: String, in html: String) -> [String] {
        html.components(separatedBy: " \(name)=\"").dropFirst().compactMap { $0.split(separator: "\"").first }
            .map(String.init)
    }

    /// The numbers of an SVG path `d`, in order, per command letter.
    static func pathCommands(_ d: String) -> [(command: Character, numbers: [Double])] {
        var result: [(Character, [Double])] = []
        var current = ""
        func flushNumber() {
            if !current.isEmpty, let value = Double(current), !result.isEmpty {
                result[result.count - 1].1.append(value)
            }
            current = ""
        }
        for character in d {
            if character.isLetter {
                flushNumber()
                result.append((character, []))
            } else if character == " " {
                flushNumber()
            } else {
                current.append(character)
            }
        }
        flushNumber()
        return result
    }
}

@Suite("SVG charts")
struct ChartTests {
    typealias F = ChartFixtures

    @Test("escape handles all five special characters and drops control characters")
    func escapeFunction() {
        #expect(SVG.escape("a&b<c>d\"e'f") == "a&amp;b&lt;c&gt;d&quot;e&#39;f")
        #expect(SVG.escape("plain text · ü") == "plain text · ü")
        #expect(SVG.escape("a\u{0}b\u{7}c\nd") == "abc\nd")
    }

    @Test("a script label is escaped in text, attributes and the data table of every chart")
    func escapingEverywhere() {
        let datum = ChartDatum(label: F.evil, fullLabel: F.evil, value: 5, valueText: F.evil, highlight: true)
        let htmls = [
            BarChart(
                title: F.evil, description: F.evil, data: [datum], labelHeader: F.evil, valueHeader: F.evil, id: F.evil
            ).html(),
            DonutChart(
                title: F.evil, description: F.evil, data: [datum], centerValue: F.evil, centerLabel: F.evil,
                labelHeader: F.evil, valueHeader: F.evil, id: F.evil
            ).html(),
            ComparisonBars(
                title: F.evil, description: F.evil, rows: [datum], labelHeader: F.evil, valueHeader: F.evil, id: F.evil
            ).html(),
            LineChart(
                title: F.evil, description: F.evil, points: [datum], id: F.evil, labelHeader: F.evil,
                valueHeader: F.evil
            ).html(),
            LineChart.sparkline(values: [1, 2], label: F.evil),
        ]
        let escaped = "&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"
        for html in htmls {
            #expect(!html.contains("<script"))
            #expect(!html.contains("\"><script"))
            #expect(html.contains(escaped))
        }
        // In an attribute (the tooltip) and in the table.
        #expect(htmls[0].contains("data-tip=\"\(escaped) · \(escaped)\""))
        #expect(htmls[0].contains("<th scope=\"row\">\(escaped)</th><td>\(escaped)</td>"))
        #expect(htmls[0].contains("<caption>\(escaped)</caption>"))
        #expect(htmls[0].contains("<th scope=\"col\">\(escaped)</th>"))
        #expect(htmls[4].contains("aria-label=\"\(escaped)\""))
        // The id is reduced to a safe token.
        #expect(htmls[0].contains("<figure class=\"chart chart-bar\" id=\"chart----script-alert-1---script-\">"))
    }

    @Test("empty data renders a figure with the empty text and no svg")
    func emptyData() {
        for html in F.all([]) {
            #expect(html.hasPrefix("<figure class=\"chart chart-"))
            #expect(html.hasSuffix("</figure>"))
            #expect(html.contains("<p class=\"chart-empty\">No data for this week.</p>"))
            #expect(!html.contains("<svg"))
        }
        let custom = BarChart(
            title: "t", description: "d", data: [], labelHeader: "l", valueHeader: "v", id: "x",
            emptyText: "Nothing <yet>"
        ).html()
        #expect(
            custom
                == "<figure class=\"chart chart-bar\" id=\"x\"><p class=\"chart-empty\">Nothing &lt;yet&gt;</p></figure>"
        )
        #expect(LineChart.sparkline(values: [], label: "none").hasPrefix("<svg class=\"sparkline\""))
    }

    @Test("a single datum donut draws a full ring")
    func singleDatumDonut() throws {
        let html = F.donut([ChartDatum(label: "A", value: 42, valueText: "42 km")])
        let d = try #require(F.attributes("d", in: html).first)
        let commands = F.pathCommands(d)
        let arcs = commands.filter { $0.command == "A" }
        #expect(arcs.count == 4)  // two outer half arcs, two inner
        let c = DonutChart.center
        let r = DonutChart.outerRadius
        #expect(commands.first?.numbers == [c, c - r])
        #expect(arcs[0].numbers.suffix(2) == [c, c + r])
        #expect(arcs[1].numbers.suffix(2) == [c, c - r])
        #expect(html.contains("100%"))
        #expect(html.contains(">847 km</text>"))
        #expect(html.contains(">total club</text>"))
    }

    @Test("a 25/75 donut's first segment ends at 3 o'clock")
    func donutArcGeometry() throws {
        let html = F.donut([
            ChartDatum(label: "A", value: 25, valueText: "25"), ChartDatum(label: "B", value: 75, valueText: "75"),
        ])
        let paths = F.attributes("d", in: html)
        #expect(paths.count == 2)
        let first = F.pathCommands(try #require(paths.first))
        let c = DonutChart.center
        let r = DonutChart.outerRadius
        let start = try #require(first.first)
        #expect(start.command == "M")
        #expect(abs(start.numbers[0] - c) < 0.01 && abs(start.numbers[1] - (c - r)) < 0.01)
        let arc = try #require(first.first { $0.command == "A" })
        #expect(arc.numbers.count == 7)
        #expect(arc.numbers[3] == 0)  // small arc
        #expect(arc.numbers[4] == 1)  // clockwise
        #expect(abs(arc.numbers[5] - (c + r)) < 0.01)
        #expect(abs(arc.numbers[6] - c) < 0.01)
        // The second, larger segment uses the large-arc flag and ends back at 12 o'clock.
        let second = F.pathCommands(paths[1])
        let secondArc = try #require(second.first { $0.command == "A" })
        #expect(secondArc.numbers[3] == 1)
        #expect(abs(secondArc.numbers[5] - c) < 0.01 && abs(secondArc.numbers[6] - (c - r)) < 0.01)
        #expect(html.contains("<td>25%</td>") && html.contains("<td>75%</td>"))
    }

    @Test("donut skips zero segments and colours by hue or palette")
    func donutSegments() {
        let html = F.donut([
            ChartDatum(label: "A", value: 10, valueText: "10", hue: 210),
            ChartDatum(label: "B", value: 0, valueText: "0"),
            ChartDatum(label: "C", value: .nan, valueText: "?"),
            ChartDatum(label: "D", value: 10, valueText: "10", hue: -30),
        ])
        #expect(F.count("<g class=\"mark", in: html) == 2)
        #expect(html.contains("fill=\"hsl(210 55% 45%)\""))
        #expect(html.contains("fill=\"hsl(330 55% 45%)\""))
        #expect(F.count("<li", in: html) == 4)
        #expect(F.count("<svg class=\"swatch\" width=\"12\" height=\"12\"", in: html) == 4)
    }

    @Test("zero, NaN, infinite and negative values never produce nan or inf")
    func badNumbers() {
        let values: [Double] = [0, .nan, .infinity, -.infinity, -5, .greatestFiniteMagnitude, 1e-300, 0]
        let data = values.map { ChartDatum(label: "x", value: $0, valueText: "v") }
        let zeros = [0.0, .nan, -1].map { ChartDatum(label: "z", value: $0, valueText: "0 km") }
        let outputs =
            F.all(data) + F.all(zeros) + [
                LineChart.sparkline(values: values, label: "s"), LineChart.sparkline(values: [.nan], label: "s"),
            ]
        for html in outputs {
            let lower = html.lowercased()
            #expect(!lower.contains("nan"))
            #expect(!lower.contains("inf"))
            for name in ["x", "y", "width", "height", "cx", "cy", "r"] {
                for value in F.attributes(name, in: html) {
                    #expect(Double(value) != nil && !value.contains("e"), "\(name)=\(value)")
                }
            }
        }
        // A huge finite value is the full bar, not an overflow to 0.
        let compare = F.compare(data)
        #expect(compare.contains("<rect class=\"bar\" x=\"150\" y=\"164\" width=\"386\""))
        // All zero: no bars, but the labels are drawn.
        let zeroBars = F.bar(zeros)
        #expect(!zeroBars.contains("<rect"))
        #expect(F.count(">z</text>", in: zeroBars) == 3)
        #expect(!F.donut(zeros).contains("<path d="))
    }

    @Test("number formatting uses at most two decimals and a dot in every locale")
    func numberFormatting() {
        #expect(SVG.number(0) == "0")
        #expect(SVG.number(-0.0) == "0")
        #expect(SVG.number(-0.001) == "0")
        #expect(SVG.number(12) == "12")
        #expect(SVG.number(12.5) == "12.5")
        #expect(SVG.number(1234.567) == "1234.57")
        #expect(SVG.number(0.125) == "0.13")
        #expect(SVG.number(3.05) == "3.05")
        #expect(SVG.number(-7.1) == "-7.1")
        #expect(SVG.number(.nan) == "0")
        #expect(SVG.number(.infinity) == "0")
        #expect(SVG.number(1e300) == "1000000000000")
        // Numeric attributes never use a comma or more than two decimals.
        let html = F.bar(F.riders(7)) + F.donut(F.riders(7)) + F.line(F.riders(7))
        let numeric = ["x", "y", "width", "height", "cx", "cy", "r"].flatMap { F.attributes($0, in: html) }
        #expect(!numeric.isEmpty)
        for value in numeric {
            #expect(Double(value) != nil, "\(value)")
            #expect(!value.contains(","))
            #expect((value.split(separator: ".").dropFirst().first?.count ?? 0) <= 2)
        }
        for d in F.attributes("d", in: html) {
            #expect(!d.contains(","))
        }
    }

    @Test("the highlighted bar gets is-top")
    func highlightedBar() {
        let html = F.bar(F.riders(5, highlight: 2))
        #expect(F.count("class=\"mark is-top\"", in: html) == 1)
        #expect(html.contains("<g class=\"mark is-top\" data-tip=\"Rider Number 2 · "))
        let compare = F.compare(F.riders(3, highlight: 1))
        #expect(compare.contains("<g class=\"mark is-you\" data-tip=\"Rider Number 1 · "))
    }

    @Test("bars are drawn in the given order, not re-sorted")
    func barOrder() {
        let data = [3.0, 9, 1, 5].enumerated().map {
            ChartDatum(label: "L\($0.offset)", fullLabel: "F\($0.offset)", value: $0.element, valueText: "v")
        }
        let html = F.bar(data)
        let tips = F.attributes("data-tip", in: html)
        #expect(tips == ["F0 · v", "F1 · v", "F2 · v", "F3 · v"])
        let xs = F.attributes("x", in: html.components(separatedBy: "<g class=\"bars\">")[1]).prefix(4)
            .compactMap(Double.init)
        #expect(xs == xs.sorted())
        let heights = F.attributes("height", in: html).compactMap(Double.init)
        #expect(heights.count == 4)
        #expect(heights[1] == BarChart.plotHeight)  // the max is full height
        #expect(heights[0] < heights[1] && heights[2] < heights[0] && heights[3] < heights[1])
    }

    @Test("more than 30 bars shows every k-th label, rotated")
    func thinnedLabels() {
        let few = F.bar(F.riders(10))
        #expect(F.count("<text x=", in: few.components(separatedBy: "<g class=\"labels\"")[1]) == 10)
        #expect(!few.contains("rotate("))

        let thirty = F.bar(F.riders(30))
        #expect(F.count("rotate(-45", in: thirty) == 30)

        let many = F.bar(F.riders(100))
        let labels = many.components(separatedBy: "<g class=\"labels\"")[1]
        let step = BarChart.labelStep(count: 100)
        #expect(step > 1)
        #expect(F.count("<text", in: labels) == (100 + step - 1) / step)
        #expect(F.count("<text", in: labels) <= 30)
        #expect(labels.contains(">R0<") && labels.contains(">R\(step)<") && !labels.contains(">R1<"))
        #expect(F.count("<g class=\"mark", in: many) == 100)
    }

    @Test("output is deterministic")
    func deterministic() {
        let data = F.riders(25, highlight: 4)
        for _ in 0..<3 {
            #expect(F.all(data) == F.all(data))
        }
        #expect(
            LineChart.sparkline(values: [1, 2, 3], label: "a") == LineChart.sparkline(values: [1, 2, 3], label: "a"))
    }

    @Test("the data table lists every row of every chart")
    func tableFallback() {
        let data = F.riders(40)
        for html in F.all(data) {
            let table = html.components(separatedBy: "<details class=\"chart-data\">")
            #expect(table.count == 2)
            let body = table[1]
            #expect(body.hasPrefix("<summary>Data table</summary><table><caption>"))
            #expect(F.count("<tr>", in: body) == data.count + 1)
            for datum in data {
                #expect(body.contains("<tr><th scope=\"row\">\(datum.fullLabel)</th><td>\(datum.valueText)</td>"))
            }
        }
        #expect(F.donut(data).contains("<th scope=\"col\">Share</th>"))
    }

    @Test("svg title and desc ids match aria-labelledby and come first")
    func ariaIDs() throws {
        for (index, html) in F.all(F.riders(3)).enumerated() {
            let id = ["bars", "donut", "compare", "line"][index]
            #expect(html.contains("id=\"\(id)\""))
            let labelledBy = try #require(F.attributes("aria-labelledby", in: html).first)
            #expect(labelledBy == "\(id)-title \(id)-desc")
            #expect(
                html.contains(
                    "role=\"img\" aria-labelledby=\"\(labelledBy)\" preserveAspectRatio=\"xMidYMid meet\"><title id=\"\(id)-title\">"
                ))
            #expect(html.contains("</title><desc id=\"\(id)-desc\">"))
            #expect(!html.contains(" style="))
        }
    }

    @Test("mark groups carry data-tip and a native title tooltip")
    func markTooltips() {
        for html in F.all(F.riders(4)) {
            #expect(html.contains("<g class=\"mark\" data-tip=\"Rider Number 0 · 3 km"))
            #expect(html.contains("\"><title>Rider Number 0 · 3 km"))
            #expect(html.contains("<div class=\"chart-tooltip\" aria-hidden=\"true\"></div>"))
        }
    }

    @Test("a 100-bar chart stays small and huge inputs don't trap")
    func sizeAndStress() {
        let hundred = F.bar(F.riders(100))
        #expect(hundred.utf8.count < 25_000)
        let huge = String(repeating: "Å<é", count: 20_000)
        let big = (0..<1000).map {
            ChartDatum(label: huge, fullLabel: "F\($0)", value: Double($0), valueText: "\($0)", highlight: $0 == 999)
        }
        for html in F.all(big) {
            #expect(html.hasSuffix("</figure>"))
            #expect(!html.contains("\(huge.prefix(20))"))  // axis labels are truncated and escaped
        }
        let spark = LineChart.sparkline(values: (0..<1000).map(Double.init), label: huge)
        #expect(spark.hasSuffix("</svg>"))
    }

    @Test("sparkline is an accessible inline svg")
    func sparkline() {
        let svg = LineChart.sparkline(values: [1, 4, 2], label: "Last weeks")
        #expect(svg.hasPrefix("<svg class=\"sparkline\""))
        #expect(svg.contains("role=\"img\" aria-label=\"Last weeks\""))
        #expect(svg.contains("d=\"M2 17L50 2L98 12\""))
        #expect(LineChart.sparkline(values: [3], label: "one").contains("<circle"))
    }

    @Test("truncation and DOM ids are safe")
    func helpers() {
        #expect(SVG.truncate("Sarah Murphy", to: 6) == "Sarah…")
        #expect(SVG.truncate("Sarah", to: 5) == "Sarah")
        #expect(SVG.truncate("", to: 0) == "")
        #expect(SVG.domID("week-12") == "week-12")
        #expect(SVG.domID("") == "chart-")
        #expect(SVG.domID("12 a") == "chart-12-a")
    }
}
