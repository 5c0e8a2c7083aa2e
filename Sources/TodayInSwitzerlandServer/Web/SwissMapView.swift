import Foundation
import Plot
import ServerKit
import Synchronization
import TodayInSwitzerland
import WebUI

/// A place on a map: a circle that is a link to the place's card on the same page.
struct SwissMapPin: Sendable, Equatable {
    /// Unique on the page; the pin's element id is `pin-<id>`.
    var id: String
    var point: TodayInSwitzerland.GeoPoint
    /// The accessible name ("Zoo Zürich, 4.2 h of sun").
    var label: String
    /// Where the pin leads: usually `#card-<id>`.
    var href: String
    /// Radius in view-box units (a size class of the data: hours of sun, cm of snow).
    var radius: Double = 7
    /// A class suffix for the colour (`pin-sunny`, `pin-open`, …); styled by the page's CSS.
    var kind: String = ""
    /// A short text drawn inside large pins ("6h").
    var text: String? = nil
}

/// What a map shows.
enum SwissMapArea: Sendable, Equatable {
    /// The whole country.
    case switzerland
    /// The bounding box of these points, at least `minimumKm` across (a city's surroundings).
    case around([TodayInSwitzerland.GeoPoint], minimumKm: Double)
}

/// Maps without tiles: Switzerland's outline and lakes (Natural Earth) drawn as SVG, with pins as links. The
/// projection and placement are WebUI's tested `MapFrame` and `spreadPins`.
enum SwissMapView {
    static let width = 640.0
    static let height = 420.0

    /// The outline and lakes, loaded once. A missing resource leaves the map without outline, never fails a page.
    static let outlines: GeoOutlines? = try? GeoOutlines.switzerland()
    /// The country's outline as a path, for the whole-country frame (computed once).
    static let countryFrame: MapFrame = MapFrame(
        projection: .switzerland, fitting: outlines?.points(kind: "country") ?? [], width: width, height: height,
        margin: 10)
    static let countryPaths: (country: String, lakes: String) = paths(in: countryFrame)

    /// The outline and lakes as paths in `frame`, remembered for the last frames drawn (a city's maps reuse a few
    /// frames; projecting the outline costs more than the rest of a page).
    static func paths(in frame: MapFrame) -> (country: String, lakes: String) {
        // Two placed points fix the frame's scale and offset.
        let a = frame.place(WebUI.GeoPoint(longitude: 6, latitude: 46))
        let b = frame.place(WebUI.GeoPoint(longitude: 10, latitude: 47.5))
        let key = String(format: "%.2f %.2f %.2f %.2f", a.x, a.y, b.x, b.y)
        if let known = drawn.withLock({ $0[key] }) { return known }
        let features = outlines?.features ?? []
        let paths = (
            frame.path(features.filter { $0.kind == "country" }.flatMap(\.rings)),
            frame.path(features.filter { $0.kind == "lake" }.flatMap(\.rings))
        )
        drawn.withLock { drawn in
            if drawn.count >= 64 { drawn.removeAll() }
            drawn[key] = paths
        }
        return paths
    }

    private static let drawn = Mutex<[String: (country: String, lakes: String)]>([:])

    static func webPoint(_ point: TodayInSwitzerland.GeoPoint) -> WebUI.GeoPoint {
        WebUI.GeoPoint(longitude: point.lon, latitude: point.lat)
    }

    /// The frame of `area`.
    static func frame(_ area: SwissMapArea) -> MapFrame {
        switch area {
        case .switzerland: return countryFrame
        case .around(let points, let minimumKm):
            guard !points.isEmpty else { return countryFrame }
            let lats = points.map(\.lat)
            let lons = points.map(\.lon)
            let midLat = ((lats.min() ?? 0) + (lats.max() ?? 0)) / 2
            let midLon = ((lons.min() ?? 0) + (lons.max() ?? 0)) / 2
            // Half the minimum span in degrees (1° latitude ≈ 111 km; longitude shrinks with cos(latitude)).
            let halfLat = minimumKm / 2 / 111
            let halfLon = minimumKm / 2 / (111 * cos(midLat * .pi / 180))
            let corners = [
                WebUI.GeoPoint(longitude: midLon - halfLon, latitude: midLat - halfLat),
                WebUI.GeoPoint(longitude: midLon + halfLon, latitude: midLat + halfLat),
            ]
            return MapFrame(
                projection: .switzerland, fitting: points.map(webPoint) + corners, width: width, height: height,
                margin: 24)
        }
    }

    /// The map as an inline SVG figure: `label` names it for screen readers; each pin is a link with its label.
    static func svg(
        pins: [SwissMapPin], area: SwissMapArea, label: String, language: Language, id: String = "map"
    ) -> Node<HTML.BodyContext> {
        let frame = frame(area)
        let (country, lakes) = area == .switzerland ? countryPaths : paths(in: frame)
        let visible = pins.filter { frame.contains(webPoint($0.point)) }
        let placed = spreadPins(
            visible.map { frame.place(webPoint($0.point)) }, spacing: 12, width: width, height: height)
        var svg =
            "<svg class=\"swiss-map\" id=\"\(id)\" viewBox=\"0 0 \(Int(width)) \(Int(height))\" role=\"group\" "
            + "aria-label=\"\(HTMLEscape.attribute(label))\">"
            + "<path class=\"map-land\" d=\"\(country)\"/><path class=\"map-lake\" d=\"\(lakes)\"/>"
        for (pin, point) in zip(visible, placed) {
            let x = (point.x * 10).rounded() / 10
            let y = (point.y * 10).rounded() / 10
            svg +=
                "<a href=\"\(HTMLEscape.attribute(pin.href))\" id=\"pin-\(HTMLEscape.attribute(pin.id))\" "
                + "class=\"map-pin\(pin.kind.isEmpty ? "" : " pin-\(HTMLEscape.attribute(pin.kind))")\" "
                + "data-card=\"card-\(HTMLEscape.attribute(pin.id))\" aria-label=\"\(HTMLEscape.attribute(pin.label))\">"
                + "<title>\(HTMLEscape.text(pin.label))</title>"
                + "<circle cx=\"\(x)\" cy=\"\(y)\" r=\"\(pin.radius)\"/>"
            if let text = pin.text {
                svg +=
                    "<text x=\"\(x)\" y=\"\(y)\" dy=\".35em\" text-anchor=\"middle\" aria-hidden=\"true\">"
                    + "\(HTMLEscape.text(text))</text>"
            }
            svg += "</a>"
        }
        svg += "</svg>"
        let hidden = pins.count - visible.count
        let caption =
            hidden > 0
            ? "<figcaption class=\"hint\">"
                + HTMLEscape.text(
                    language.t("\(hidden) more outside the map", "\(hidden) weitere ausserhalb der Karte"))
                + "</figcaption>" : ""
        return .raw("<figure class=\"map-figure\">\(svg)\(caption)</figure>")
    }
}
