import Foundation
import SportsTime
import WebUI

/// The wizard's picture of the three regions: the lower 48 with the 85° W and 102° W meridians (straight in the
/// Albers projection) bounding West, Central and East. The checkboxes beside it are the control; the map explains.
enum RegionMap {
    /// The SVG, drawn once.
    static let svg: String = {
        let width = 480.0, height = 270.0
        let frame = MapFrame(
            projection: .northAmerica,
            fitting: [
                WebUI.GeoPoint(longitude: -124, latitude: 25), WebUI.GeoPoint(longitude: -67, latitude: 49),
                WebUI.GeoPoint(longitude: -124, latitude: 49), WebUI.GeoPoint(longitude: -67, latitude: 25),
                // Parallels bow south in the middle (Albers): keep the Gulf coast and Florida's tip in.
                WebUI.GeoPoint(longitude: -96, latitude: 25), WebUI.GeoPoint(longitude: -81, latitude: 24.5),
            ], width: width, height: height, margin: 8)
        func n(_ value: Double) -> String { TripMap.number(value) }
        var svg =
            "<svg class=\"trip-map region-map\" viewBox=\"0 0 \(n(width)) \(n(height))\" role=\"img\" "
            + "aria-labelledby=\"region-map-title\"><title id=\"region-map-title\">Regions: West of 102° W, "
            + "Central between 102° W and 85° W, East of 85° W</title>"
            + "<rect class=\"map-sea\" width=\"\(n(width))\" height=\"\(n(height))\"/>"
        for (layer, path) in TripMap.land(in: frame) {
            svg += "<path class=\"map-land map-\(layer.lowercased())\" d=\"\(path)\"/>"
        }
        for longitude in [-102.0, -85.0] {
            let points = stride(from: 24.0, through: 50.0, by: 2.0).map {
                frame.place(WebUI.GeoPoint(longitude: longitude, latitude: $0))
            }
            let d = points.enumerated().map { "\($0 == 0 ? "M" : "L")\(n($1.x)) \(n($1.y))" }.joined()
            svg += "<path class=\"region-line\" d=\"\(d)\"/>"
        }
        for (name, longitude) in [("West", -114.0), ("Central", -93.5), ("East", -78.0)] {
            let p = frame.place(WebUI.GeoPoint(longitude: longitude, latitude: 37))
            svg += "<text class=\"region-label\" x=\"\(n(p.x))\" y=\"\(n(p.y))\" text-anchor=\"middle\">\(name)</text>"
        }
        return svg + "</svg>"
    }()
}
