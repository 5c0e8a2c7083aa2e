import Foundation
import JustZone2
import Plot
import WebUI

/// One point of the ride page's live chart: riding second, power, heart rate.
struct LiveChartPoint: Sendable, Equatable {
    var t: Int
    var power: Int?
    var heartRate: Int?

    /// The recording so far, thinned to at most `limit` points (the page adds one a second from then on).
    static func points(from samples: [RecordedSample], limit: Int = 600) -> [LiveChartPoint] {
        let step = max(1, (samples.count + limit - 1) / limit)
        return stride(from: 0, to: samples.count, by: step).map { index in
            let sample = samples[index]
            return LiveChartPoint(t: Int(sample.elapsed), power: sample.power, heartRate: sample.heartRate)
        }
    }
}

/// The ride page's chart: power and heart rate over the whole plan, with the Zone 2 band, as SVG drawn here (the
/// page without JavaScript) and redrawn by `ride.js` from the same geometry (`data-*` attributes) as states come.
enum LiveChart {
    static let width = 600.0
    static let height = 200.0
    /// Heart-rate axis, bpm.
    static let heartRange = 60.0...200.0

    static func powerTop(_ points: [LiveChartPoint], target: Int) -> Double {
        let highest = points.compactMap(\.power).max() ?? 0
        return Double(max(300, Int(Double(max(highest, target)) * 1.2 / 50) * 50 + 50))
    }

    static func x(_ t: Int, total: Double) -> Double { total > 0 ? min(width, Double(t) / total * width) : 0 }
    static func yPower(_ watts: Int, top: Double) -> Double { height - min(1, Double(watts) / top) * height }
    static func yHeart(_ bpm: Int) -> Double {
        let fraction = (Double(bpm) - heartRange.lowerBound) / (heartRange.upperBound - heartRange.lowerBound)
        return height - min(1, max(0, fraction)) * height
    }

    static func line(_ points: [LiveChartPoint], total: Double, value: (LiveChartPoint) -> Double?) -> String {
        points.compactMap { point in
            value(point).map { String(format: "%.1f,%.1f", x(point.t, total: total), $0) }
        }.joined(separator: " ")
    }

    static func render(
        _ points: [LiveChartPoint], total: Double, target: Int, zone: (lower: Int, upper: Int)?
    ) -> Node<HTML.BodyContext> {
        let top = powerTop(points, target: target)
        let encoded = points.map { "\($0.t),\($0.power.map(String.init) ?? ""),\($0.heartRate.map(String.init) ?? "")" }
            .joined(separator: ";")
        let band: Node<HTML.BodyContext> = .unwrap(zone) { zone in
            let upper = yHeart(zone.upper)
            return .element(
                named: "rect",
                nodes: [
                    .attr("class", "zone-band"), .attr("x", "0"), .attr("y", String(format: "%.1f", upper)),
                    .attr("width", String(format: "%.0f", width)),
                    .attr("height", String(format: "%.1f", yHeart(zone.lower) - upper)),
                ])
        }
        let description =
            "Power (green) and heart rate (red) so far"
            + (zone.map { ", with Zone 2 (\($0.lower)–\($0.upper) bpm) shaded" } ?? "") + "."
        return .element(
            named: "svg",
            nodes: [
                .attr("class", "ride-chart"), .attr("id", "ride-chart"), .attr("role", "img"),
                .attr("viewBox", "0 0 \(Int(width)) \(Int(height))"), .attr("preserveAspectRatio", "none"),
                .attr("aria-labelledby", "ride-chart-title ride-chart-desc"),
                .attr("data-total", String(Int(total))), .attr("data-power-top", String(Int(top))),
                .attr("data-points", encoded),
                .element(named: "title", nodes: [.attr("id", "ride-chart-title"), .text("Live chart")]),
                .element(named: "desc", nodes: [.attr("id", "ride-chart-desc"), .text(description)]),
                band,
                .element(
                    named: "polyline",
                    nodes: [
                        .attr("class", "power-line"), .attr("fill", "none"),
                        .attr("points", line(points, total: total) { $0.power.map { yPower($0, top: top) } }),
                    ]),
                .element(
                    named: "polyline",
                    nodes: [
                        .attr("class", "heart-line"), .attr("fill", "none"),
                        .attr("points", line(points, total: total) { $0.heartRate.map(yHeart) }),
                    ]),
            ])
    }
}
