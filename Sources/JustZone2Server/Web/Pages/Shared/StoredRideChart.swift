import Foundation
import JustZone2
import ServerKit
import WebUI

/// A ride's chart: power (30-s average) and heart rate over time, cadence faint behind, the Zone 2 band on the
/// heart-rate axis, and the trimmed-away ends shaded. SVG drawn here (WebUI's charts have no time axis with two
/// scales); accessible like them: `role="img"`, title, description and a data table of 5-minute averages.
struct StoredRideChart: Sendable, Equatable {
    var id: String
    var title: String
    var samples: [RecordedSample]
    var zone: HeartRateZone?
    /// The kept part (seconds); the rest is shaded. Nil keeps everything.
    var kept: ClosedRange<TimeInterval>?

    static let width = 640.0
    static let height = 260.0
    static let left = 52.0
    static let right = 40.0
    static let top = 12.0
    static let plotHeight = 212.0
    /// Most points per line (longer rides are averaged into buckets).
    static let maxPoints = 480

    /// One bucket of the lines: its time and averages.
    struct Point: Sendable, Equatable {
        var time: Double
        var power: Double?
        var heartRate: Double?
        var cadence: Double?
    }

    /// Power as a 30-s trailing average (the smoothing the original's chart used), one value per sample.
    static func smoothedPower(_ samples: [RecordedSample], window: TimeInterval = 30) -> [Double?] {
        var result: [Double?] = []
        result.reserveCapacity(samples.count)
        var start = 0
        var sum = 0.0
        var count = 0
        for (index, sample) in samples.enumerated() {
            if let power = sample.power {
                sum += Double(power)
                count += 1
            }
            while start < index && samples[start].elapsed <= sample.elapsed - window {
                if let power = samples[start].power {
                    sum -= Double(power)
                    count -= 1
                }
                start += 1
            }
            result.append(sample.power == nil || count == 0 ? nil : sum / Double(count))
        }
        return result
    }

    /// The samples averaged into at most `maxPoints` buckets of equal time.
    static func points(_ samples: [RecordedSample], maxPoints: Int = maxPoints) -> [Point] {
        guard let first = samples.first?.elapsed, let last = samples.last?.elapsed else { return [] }
        let smooth = smoothedPower(samples)
        let bucket = max(1, (last - first + 1) / Double(maxPoints))
        var points: [Point] = []
        var index = 0
        while index < samples.count {
            let start = samples[index].elapsed
            var powers: [Double] = []
            var rates: [Double] = []
            var cadences: [Double] = []
            while index < samples.count && samples[index].elapsed < start + bucket {
                if let power = smooth[index] { powers.append(power) }
                if let rate = samples[index].heartRate { rates.append(Double(rate)) }
                if let cadence = samples[index].cadence { cadences.append(Double(cadence)) }
                index += 1
            }
            func mean(_ values: [Double]) -> Double? {
                values.isEmpty ? nil : values.reduce(0, +) / Double(values.count)
            }
            points.append(Point(time: start, power: mean(powers), heartRate: mean(rates), cadence: mean(cadences)))
        }
        return points
    }

    func html() -> String {
        let domID = SVG.domID(id)
        let points = Self.points(samples)
        guard let first = points.first?.time, let last = points.last?.time, last > first else {
            return "<figure class=\"chart ride-chart\" id=\"\(domID)\"><p class=\"chart-empty\">"
                + "Too little data for a chart.</p></figure>"
        }
        let plotWidth = Self.width - Self.left - Self.right
        let baseline = Self.top + Self.plotHeight
        func x(_ time: Double) -> Double { Self.left + plotWidth * (time - first) / (last - first) }
        let maxPower = max(100, (points.compactMap(\.power).max() ?? 100) * 1.1)
        let rates = points.compactMap(\.heartRate)
        let lowRate = max(0, min(rates.min() ?? 80, Double(zone?.lower ?? 200)) - 10)
        let highRate = max(rates.max() ?? 160, Double(zone?.upper ?? 0)) + 10
        func yPower(_ value: Double) -> Double { baseline - Self.plotHeight * min(1, value / maxPower) }
        func yRate(_ value: Double) -> Double { baseline - Self.plotHeight * (value - lowRate) / (highRate - lowRate) }
        func yCadence(_ value: Double) -> Double { baseline - Self.plotHeight * min(1, value / 150) }
        func n(_ value: Double) -> String { SVG.number(value) }

        var out =
            "<figure class=\"chart ride-chart\" id=\"\(domID)\" data-start=\"\(n(first))\" data-end=\"\(n(last))\""
        out +=
            " data-left=\"\(n(Self.left))\" data-right=\"\(n(Self.width - Self.right))\" data-width=\"\(n(Self.width))\">"
        out += "<svg viewBox=\"0 0 \(n(Self.width)) \(n(Self.height))\" role=\"img\""
        out += " aria-labelledby=\"\(domID)-title \(domID)-desc\" preserveAspectRatio=\"xMidYMid meet\">"
        out += "<title id=\"\(domID)-title\">\(SVG.escape(title))</title>"
        out += "<desc id=\"\(domID)-desc\">\(SVG.escape(description(points)))</desc>"
        if let zone {
            let top = yRate(Double(zone.upper))
            let bottom = yRate(Double(zone.lower))
            out += "<rect class=\"zone-band\" x=\"\(n(Self.left))\" y=\"\(n(top))\" width=\"\(n(plotWidth))\""
            out +=
                " height=\"\(n(max(1, bottom - top)))\"><title>Zone 2: \(zone.lower)–\(zone.upper) bpm</title></rect>"
        }
        out += "<path class=\"grid\" d=\""
        for step in 0...4 {
            let y = Self.top + Self.plotHeight * Double(step) / 4
            out += "M\(n(Self.left)) \(n(y))H\(n(Self.width - Self.right))"
        }
        out += "\"/>"
        out += line(points.map { p in p.cadence.map { (x(p.time), yCadence($0)) } }, class: "cadence-line")
        out += line(points.map { p in p.power.map { (x(p.time), yPower($0)) } }, class: "power-line")
        out += line(points.map { p in p.heartRate.map { (x(p.time), yRate($0)) } }, class: "hr-line")
        if let kept {
            if kept.lowerBound > first {
                out += "<rect class=\"trimmed\" x=\"\(n(Self.left))\" y=\"\(n(Self.top))\""
                out += " width=\"\(n(max(0, x(kept.lowerBound) - Self.left)))\" height=\"\(n(Self.plotHeight))\"/>"
            }
            if kept.upperBound < last {
                let start = x(kept.upperBound)
                out += "<rect class=\"trimmed\" x=\"\(n(start))\" y=\"\(n(Self.top))\""
                out += " width=\"\(n(max(0, Self.width - Self.right - start)))\" height=\"\(n(Self.plotHeight))\"/>"
            }
        }
        // Axes: watts left, bpm right, minutes below.
        out += "<g class=\"labels\" text-anchor=\"end\">"
        for step in 0...4 {
            let value = maxPower * Double(4 - step) / 4
            out += "<text x=\"\(n(Self.left - 4))\" y=\"\(n(Self.top + Self.plotHeight * Double(step) / 4 + 4))\">"
            out += "\(Int(value.rounded()))\(step == 0 ? " W" : "")</text>"
        }
        out += "</g><g class=\"labels hr-labels\" text-anchor=\"start\">"
        for step in 0...4 {
            let value = highRate - (highRate - lowRate) * Double(step) / 4
            out +=
                "<text x=\"\(n(Self.width - Self.right + 4))\" y=\"\(n(Self.top + Self.plotHeight * Double(step) / 4 + 4))\">"
            out += "\(Int(value.rounded()))</text>"
        }
        out += "</g><g class=\"labels\" text-anchor=\"middle\">"
        let minutes = (last - first) / 60
        let every = [5.0, 10, 15, 30, 60].first { minutes / $0 <= 8 } ?? 60
        var tick = (first / 60 / every).rounded(.up) * every
        while tick * 60 <= last {
            out += "<text x=\"\(n(x(tick * 60)))\" y=\"\(n(baseline + 18))\">\(Int(tick)) min</text>"
            tick += every
        }
        out += "</g></svg>"
        out += "<p class=\"ride-chart-key\" aria-hidden=\"true\"><span class=\"key-power\">Power (30 s)</span>"
        out += "<span class=\"key-hr\">Heart rate</span><span class=\"key-cadence\">Cadence</span>"
        if zone != nil { out += "<span class=\"key-zone\">Zone 2</span>" }
        out += "</p>"
        out += table(domID)
        out += "</figure>"
        return out
    }

    /// The chart as a standalone SVG file (to keep or share): the same drawing with its colours inside, on white.
    func svgDocument() -> String? {
        let figure = html()
        guard let start = figure.range(of: "<svg "), let end = figure.range(of: "</svg>"),
            let close = figure[start.upperBound...].firstIndex(of: ">")
        else { return nil }
        let opening = figure[start.lowerBound..<close]
        let style = """
            <style>text{font:13px sans-serif;fill:#334155}.grid{stroke:#cbd5e1;fill:none}\
            .zone-band{fill:rgba(21,128,61,.14)}.power-line{stroke:#7c3aed;stroke-width:2}\
            .hr-line{stroke:#dc2626;stroke-width:2}.cadence-line{stroke:#64748b;opacity:.45}\
            .trimmed{fill:#0f172a;opacity:.12}.hr-labels text{fill:#dc2626}</style>
            """
        return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
            + opening.replacingOccurrences(
                of: "<svg ", with: "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"1280\" height=\"520\" ")
            + ">" + style + "<rect width=\"100%\" height=\"100%\" fill=\"#fff\"/>"
            + figure[figure.index(after: close)..<end.upperBound] + "\n"
    }

    func description(_ points: [Point]) -> String {
        let minutes = Int(((points.last?.time ?? 0) - (points.first?.time ?? 0)) / 60)
        var text = "Power and heart rate over \(minutes) minutes"
        if let zone { text += ", with Zone 2 (\(zone.lower)–\(zone.upper) bpm) shaded" }
        return text + ". The table below lists 5-minute averages."
    }

    /// A path through the points present; a missing value (dropout) breaks the line instead of bridging it.
    func line(_ coordinates: [(Double, Double)?], class name: String) -> String {
        var d = ""
        var drawing = false
        for coordinate in coordinates {
            guard let (x, y) = coordinate else {
                drawing = false
                continue
            }
            d += (drawing ? "L" : "M") + SVG.number(x) + " " + SVG.number(y)
            drawing = true
        }
        return d.isEmpty ? "" : "<path class=\"\(name)\" fill=\"none\" d=\"\(d)\"/>"
    }

    /// 5-minute averages as the chart's data table.
    func table(_ domID: String) -> String {
        var rows: [[String]] = []
        var bucket: [RecordedSample] = []
        var bucketStart = 0
        func flush() {
            guard !bucket.isEmpty else { return }
            func mean(_ values: [Int]) -> String {
                values.isEmpty ? "–" : String(Int((Double(values.reduce(0, +)) / Double(values.count)).rounded()))
            }
            rows.append([
                "\(bucketStart)–\(bucketStart + 5) min", mean(bucket.compactMap(\.power)),
                mean(bucket.compactMap(\.heartRate)), mean(bucket.compactMap(\.cadence)),
            ])
            bucket = []
        }
        for sample in samples {
            let start = Int(sample.elapsed / 300) * 5
            if start != bucketStart { flush() }
            bucketStart = start
            bucket.append(sample)
        }
        flush()
        var out = "<details class=\"chart-data\"><summary>Data table</summary><table><caption>"
        out += SVG.escape(title) + " (5-minute averages)</caption><thead><tr><th scope=\"col\">Time</th>"
        out +=
            "<th scope=\"col\">Power (W)</th><th scope=\"col\">Heart rate (bpm)</th><th scope=\"col\">Cadence (rpm)</th>"
        out += "</tr></thead><tbody>"
        for row in rows {
            out += "<tr><th scope=\"row\">\(row[0])</th><td>\(row[1])</td><td>\(row[2])</td><td>\(row[3])</td></tr>"
        }
        return out + "</tbody></table></details>"
    }
}
