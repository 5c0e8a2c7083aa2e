import Foundation
import Plot
import SportsTime
import WebUI

/// One marker on a SportsTime map.
struct TripMapMarker: Sendable, Equatable {
    enum Kind: String, Sendable {
        /// A numbered stop of a trip.
        case stop
        /// A trip's start or end (a square).
        case start, end
        /// A night on the road between stops (a small dot).
        case overnight
        /// A venue the traveller has been to (filled, ticked) or not yet (hollow).
        case visited, unvisited
    }

    var kind: Kind
    var latitude: Double
    var longitude: Double
    /// Drawn in the marker ("3", "2·5"); nil for plain dots.
    var label: String?
    /// The accessible name and tooltip ("3 · Boston: Fenway Park, Sat 13 Jun").
    var name: String
    /// Where the marker leads (`#day-2026-06-13`), if anywhere.
    var href: String?
}

/// What a map shows: markers, the straight route between them in order, and the words for screen readers.
struct TripMapModel: Sendable, Equatable {
    /// `<title>`, e.g. "Route map".
    var title: String
    /// `<desc>`, e.g. "Boston → New York → Philadelphia, 310 mi".
    var summary: String
    var markers: [TripMapMarker]
    /// The route's points in driving order (start, stops, end); drawn as dashed straight legs.
    var route: [Coordinate] = []
}

/// Maps of trips and venues without tiles: Natural Earth's US states, Canadian provinces, Mexico and lakes drawn
/// as SVG in the Albers equal-area projection, clipped to the trip and simplified to its scale, with markers that
/// link to the page's days. Legs are straight lines and say so.
enum TripMap {
    /// The continent the maps draw; venues outside it (London, Mexico City is inside) are listed under the map.
    static let continent = (west: -126.0, east: -64.0, south: 17.0, north: 57.0)

    /// One outline ring projected once (x east, y north) with its bounding box, and what it is.
    struct Ring: Sendable {
        var points: [(x: Double, y: Double)]
        var minX: Double, maxX: Double, minY: Double, maxY: Double
        /// `US`, `CA`, `MX` or `lake`.
        var layer: String
    }

    /// Every outline ring, projected at start-up. A missing resource leaves maps without land, never fails a page.
    static let rings: [Ring] = {
        guard let outlines = try? GeoOutlines.northAmerica() else { return [] }
        let projection = MapProjection.northAmerica
        return outlines.features.flatMap { feature -> [Ring] in
            let layer = feature.kind == "lake" ? "lake" : (feature.country ?? (feature.kind == "country" ? "MX" : "US"))
            return feature.rings.map { ring in
                let points = ring.map { projection.project($0) }
                return Ring(
                    points: points, minX: points.map(\.x).min() ?? 0, maxX: points.map(\.x).max() ?? 0,
                    minY: points.map(\.y).min() ?? 0, maxY: points.map(\.y).max() ?? 0, layer: layer)
            }
        }
    }()

    /// Whether a point lies in the drawn continent.
    static func onContinent(latitude: Double, longitude: Double) -> Bool {
        (continent.west...continent.east).contains(longitude) && (continent.south...continent.north).contains(latitude)
    }

    /// The frame showing `points` with 10 % padding, at least ~250 miles across, in `width` × `height`.
    static func frame(fitting points: [Coordinate], width: Double, height: Double) -> MapFrame {
        var bounds = points.map { WebUI.GeoPoint(longitude: $0.longitude, latitude: $0.latitude) }
        if bounds.isEmpty {
            bounds = [
                .init(longitude: continent.west, latitude: continent.south),
                .init(longitude: continent.east, latitude: continent.north),
            ]
        }
        // ~250 miles: 3.6° of latitude, and as much east–west at the points' latitude.
        let midLatitude = bounds.map(\.latitude).reduce(0, +) / Double(bounds.count)
        let midLongitude = bounds.map(\.longitude).reduce(0, +) / Double(bounds.count)
        let halfLongitude = 1.8 / max(0.2, cos(midLatitude * .pi / 180))
        bounds += [
            .init(longitude: midLongitude - halfLongitude, latitude: midLatitude - 1.8),
            .init(longitude: midLongitude + halfLongitude, latitude: midLatitude + 1.8),
        ]
        return MapFrame(
            projection: .northAmerica, fitting: bounds, width: width, height: height, margin: width * 0.1)
    }

    /// The land and lakes of `frame` as paths per layer (`US`, `CA`, `MX`, `lake`), clipped to the view box and
    /// simplified to what the scale shows.
    static func land(in frame: MapFrame) -> [(layer: String, path: String)] {
        let pad = 4.0
        var paths: [String: [String]] = [:]
        for ring in rings {
            let low = frame.place(projected: (ring.minX, ring.minY))
            let high = frame.place(projected: (ring.maxX, ring.maxY))
            // y flips: the ring's box is low.x…high.x × high.y…low.y on the drawing.
            guard high.x >= -pad, low.x <= frame.width + pad, low.y >= -pad, high.y <= frame.height + pad else {
                continue
            }
            let placed = ring.points.map { frame.place(projected: $0) }
            let clipped = MapGeometry.clip(
                placed, minX: -pad, minY: -pad, maxX: frame.width + pad, maxY: frame.height + pad)
            let simple = MapGeometry.simplify(clipped, tolerance: 0.6)
            var points: [MapPoint] = []
            for point in simple {
                let rounded = MapPoint(x: (point.x * 10).rounded() / 10, y: (point.y * 10).rounded() / 10)
                if points.last != rounded { points.append(rounded) }
            }
            guard points.count >= 3 else { continue }
            let d = points.enumerated().map { "\($0 == 0 ? "M" : "L")\(number($1.x)) \(number($1.y))" }.joined()
            paths[ring.layer, default: []].append(d + "Z")
        }
        return ["US", "CA", "MX", "lake"].compactMap { layer in
            paths[layer].map { (layer, $0.joined()) }
        }
    }

    /// The map as inline SVG (`role="img"`, with `<title>` and `<desc>`), markers as links with `data-tip`; points
    /// off the continent listed after it. `compact` maps (cards) leave out labels beside markers.
    static func svg(
        _ model: TripMapModel, width: Double = 640, height: Double = 400, compact: Bool = false,
        id: String? = nil
    ) -> Node<HTML.BodyContext> {
        let inside = model.markers.filter { onContinent(latitude: $0.latitude, longitude: $0.longitude) }
        let outside = model.markers.filter { !onContinent(latitude: $0.latitude, longitude: $0.longitude) }
        let route = model.route.filter { onContinent(latitude: $0.latitude, longitude: $0.longitude) }
        let frame = frame(
            fitting: inside.map { Coordinate(latitude: $0.latitude, longitude: $0.longitude) } + route, width: width,
            height: height)
        let place = { (latitude: Double, longitude: Double) in
            frame.place(WebUI.GeoPoint(longitude: longitude, latitude: latitude))
        }
        let routePoints = route.map { place($0.latitude, $0.longitude) }
        let radius = compact ? 9.0 : 11.0
        var svg =
            "<svg class=\"trip-map\(compact ? " compact" : "")\" viewBox=\"0 0 \(number(width)) \(number(height))\""
        svg += " role=\"img\" aria-labelledby=\"\(id ?? "map")-title \(id ?? "map")-desc\""
        if let id { svg += " id=\"\(HTMLEscape.attribute(id))\"" }
        svg += "><title id=\"\(id ?? "map")-title\">\(HTMLEscape.text(model.title))</title>"
        svg += "<desc id=\"\(id ?? "map")-desc\">\(HTMLEscape.text(model.summary))</desc>"
        svg += "<rect class=\"map-sea\" width=\"\(number(width))\" height=\"\(number(height))\"/>"
        for (layer, path) in land(in: frame) {
            svg += "<path class=\"map-land map-\(layer.lowercased())\" d=\"\(path)\"/>"
        }
        if routePoints.count > 1 {
            let d = routePoints.enumerated().map { "\($0 == 0 ? "M" : "L")\(number($1.x)) \(number($1.y))" }.joined()
            svg += "<path class=\"map-route\" d=\"\(d)\"><title>Straight lines between stops, not roads</title></path>"
        }
        // Stops last, so they sit on top; overnights first.
        let order: [TripMapMarker.Kind] = [.overnight, .unvisited, .visited, .start, .end, .stop]
        let sorted = inside.sorted {
            (order.firstIndex(of: $0.kind) ?? 0) < (order.firstIndex(of: $1.kind) ?? 0)
        }
        var labelBoxes: [(Double, Double, Double, Double)] = []
        for marker in sorted {
            let p = place(marker.latitude, marker.longitude)
            var shape: String
            switch marker.kind {
            case .overnight:
                shape = "<circle r=\"3.5\" cx=\"\(number(p.x))\" cy=\"\(number(p.y))\"/>"
            case .start, .end:
                let s = radius * 1.5
                shape =
                    "<rect x=\"\(number(p.x - s / 2))\" y=\"\(number(p.y - s / 2))\" width=\"\(number(s))\" height=\"\(number(s))\" rx=\"2\"/>"
            case .visited, .unvisited:
                shape = "<circle r=\"\(number(radius * 0.7))\" cx=\"\(number(p.x))\" cy=\"\(number(p.y))\"/>"
                if marker.kind == .visited {
                    shape +=
                        "<path class=\"tick\" d=\"M\(number(p.x - 3.5)) \(number(p.y))l2.5 2.5l4.5-5\"/>"
                }
            case .stop:
                // Wide enough for "2·5" and "12".
                let r = max(radius, 3.2 * Double(marker.label?.count ?? 1) + 4)
                shape = "<circle r=\"\(number(r))\" cx=\"\(number(p.x))\" cy=\"\(number(p.y))\"/>"
            }
            if let label = marker.label, marker.kind == .stop {
                shape +=
                    "<text class=\"stop-number\" x=\"\(number(p.x))\" y=\"\(number(p.y + 3.5))\" text-anchor=\"middle\">\(HTMLEscape.text(label))</text>"
            }
            if !compact, marker.kind == .stop || marker.kind == .start || marker.kind == .end {
                let text = shortName(marker.name)
                let textWidth = Double(text.count) * 6.2 + 2
                // Right of the marker, or left of it where the right runs off the drawing.
                let right = p.x + radius + 2 + textWidth < width
                let left = right ? p.x + radius + 2 : p.x - radius - 2 - textWidth
                let box = (left, p.y - 7, left + textWidth, p.y + 5)
                let collides = labelBoxes.contains { other in
                    box.0 < other.2 && other.0 < box.2 && box.1 < other.3 && other.1 < box.3
                }
                if !collides, box.0 >= 0 {
                    labelBoxes.append(box)
                    shape +=
                        "<text class=\"map-label\" x=\"\(number(right ? box.0 : box.2))\" y=\"\(number(p.y + 4))\""
                        + "\(right ? "" : " text-anchor=\"end\"")>\(HTMLEscape.text(text))</text>"
                }
            }
            let body =
                "<g class=\"map-marker marker-\(marker.kind.rawValue)\" data-tip=\"\(HTMLEscape.attribute(marker.name))\">"
                + "<title>\(HTMLEscape.text(marker.name))</title>\(shape)</g>"
            if let href = marker.href {
                svg +=
                    "<a href=\"\(HTMLEscape.attribute(href))\" aria-label=\"\(HTMLEscape.attribute(marker.name))\">\(body)</a>"
            } else {
                svg += body
            }
        }
        svg += "</svg>"
        return .group(
            .raw(svg),
            .if(
                !outside.isEmpty,
                .p(
                    .class("map-outside"),
                    .text("Not on the map: " + outside.map(\.name).joined(separator: "; ") + "."))))
    }

    /// The part of a marker's name before " · " or ":" (its city), for the label beside it.
    static func shortName(_ name: String) -> String {
        let afterNumber = name.split(separator: "·", maxSplits: 1).last.map(String.init) ?? name
        let city = afterNumber.split(separator: ":", maxSplits: 1).first.map(String.init) ?? afterNumber
        return city.trimmingCharacters(in: .whitespaces)
    }

    /// A coordinate without a trailing `.0`.
    static func number(_ value: Double) -> String {
        let rounded = (value * 10).rounded() / 10
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(format: "%.1f", rounded)
    }
}

extension TripMap {
    /// The map of a trip: numbered stops in visit order (a venue seen again is "2·5"), the start and end, the
    /// nights on the road, and the straight legs between them. Markers link to `#day-<date>`.
    static func model(
        for option: ItineraryOption, start: TripLocation? = nil, end: TripLocation? = nil,
        title: String = "Route map", units: TripsPrefs = .standard
    ) -> TripMapModel {
        let games = option.games.sorted { $0.start < $1.start }
        // Consecutive games at one venue are one stop.
        var stops: [(game: PlannedGame, dates: [LocalDate])] = []
        for game in games {
            if let last = stops.last, last.game.venueId == game.venueId {
                stops[stops.count - 1].dates.append(game.localDate)
            } else {
                stops.append((game, [game.localDate]))
            }
        }
        var numbers: [VenueID: [Int]] = [:]
        for (index, stop) in stops.enumerated() { numbers[stop.game.venueId, default: []].append(index + 1) }
        var markers: [TripMapMarker] = []
        var route: [Coordinate] = []
        if let start {
            markers.append(
                TripMapMarker(
                    kind: .start, latitude: start.coordinate.latitude, longitude: start.coordinate.longitude,
                    label: nil, name: "Start: \(start.name)", href: nil))
            route.append(start.coordinate)
        }
        for (index, stop) in stops.enumerated() {
            route.append(Coordinate(latitude: stop.game.latitude, longitude: stop.game.longitude))
            // A venue seen again keeps one marker, numbered with every visit ("2·5").
            let visits = numbers[stop.game.venueId] ?? [index + 1]
            guard visits.first == index + 1 else { continue }
            let days = stops.filter { $0.game.venueId == stop.game.venueId }.flatMap(\.dates)
            markers.append(
                TripMapMarker(
                    kind: .stop, latitude: stop.game.latitude, longitude: stop.game.longitude,
                    label: visits.map(String.init).joined(separator: "·"),
                    name:
                        "\(visits.map(String.init).joined(separator: "·")) · \(stop.game.city): \(stop.game.venueName), "
                        + days.map(TripsComponents.day).joined(separator: ", "),
                    href: "#day-\(stop.dates[0])"))
        }
        if let end {
            markers.append(
                TripMapMarker(
                    kind: .end, latitude: end.coordinate.latitude, longitude: end.coordinate.longitude, label: nil,
                    name: "End: \(end.name)", href: nil))
            route.append(end.coordinate)
        }
        for leg in option.legs {
            for night in leg.overnightStops {
                markers.append(
                    TripMapMarker(
                        kind: .overnight, latitude: night.latitude, longitude: night.longitude, label: nil,
                        name: "Night \(night.name), \(TripsComponents.day(night.date))",
                        href: "#day-\(night.date)"))
            }
        }
        var cities: [String] = []
        for stop in stops where cities.last != stop.game.city { cities.append(stop.game.city) }
        let summary =
            ([start?.name].compactMap { $0 } + cities + [end?.name].compactMap { $0 }).joined(separator: " → ")
            + ", \(units.distance(miles: option.totals.miles))"
        return TripMapModel(title: title, summary: summary, markers: markers, route: route)
    }
}
