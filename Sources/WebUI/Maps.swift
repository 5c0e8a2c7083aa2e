import Foundation

/// A point on the Earth in degrees (WGS84).
public struct GeoPoint: Sendable, Equatable {
    /// Degrees east of Greenwich.
    public var longitude: Double
    /// Degrees north of the equator.
    public var latitude: Double

    /// A point from its longitude and latitude in degrees.
    public init(longitude: Double, latitude: Double) {
        self.longitude = longitude
        self.latitude = latitude
    }
}

/// A point on the drawing, in SVG user units (x to the right, y downwards).
public struct MapPoint: Sendable, Equatable {
    /// Units to the right of the left edge.
    public var x: Double
    /// Units below the top edge.
    public var y: Double

    /// A point from its coordinates.
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }
}

/// Flattens longitude and latitude onto a plane (x east, y north, arbitrary units).
public enum MapProjection: Sendable, Equatable {
    /// Equirectangular with the x axis scaled by cos(`standardLatitude`): right for a small country such as
    /// Switzerland (46.8°).
    case equirectangular(standardLatitude: Double)
    /// Albers equal-area conic: right for the United States and Canada (standard parallels 29.5° and 45.5°,
    /// centred on −96°, origin 23° N).
    case albers(parallels: (Double, Double), centralMeridian: Double, originLatitude: Double)

    /// Switzerland's projection.
    public static let switzerland = MapProjection.equirectangular(standardLatitude: 46.8)
    /// North America's projection.
    public static let northAmerica = MapProjection.albers(
        parallels: (29.5, 45.5), centralMeridian: -96, originLatitude: 23)

    /// The point on the plane, y pointing north.
    public func project(_ point: GeoPoint) -> (x: Double, y: Double) {
        switch self {
        case .equirectangular(let standard):
            return (point.longitude * cos(standard * .pi / 180), point.latitude)
        case .albers(let parallels, let centralMeridian, let originLatitude):
            let radians = Double.pi / 180
            let (phi1, phi2) = (parallels.0 * radians, parallels.1 * radians)
            let n = (sin(phi1) + sin(phi2)) / 2
            let c = cos(phi1) * cos(phi1) + 2 * n * sin(phi1)
            let rho0 = sqrt(c - 2 * n * sin(originLatitude * radians)) / n
            let rho = sqrt(max(0, c - 2 * n * sin(point.latitude * radians))) / n
            let theta = n * (point.longitude - centralMeridian) * radians
            // Scaled to degrees of latitude near the centre, so frames and strokes behave like the other case.
            return (rho * sin(theta) / radians, (rho0 - rho * cos(theta)) / radians)
        }
    }

    public static func == (lhs: MapProjection, rhs: MapProjection) -> Bool {
        switch (lhs, rhs) {
        case (.equirectangular(let a), .equirectangular(let b)): a == b
        case (.albers(let p, let m, let o), .albers(let q, let n, let r)): p == q && m == n && o == r
        default: false
        }
    }
}

/// Fits projected geography into an SVG view box: the same scale on both axes, centred, with a margin.
public struct MapFrame: Sendable, Equatable {
    /// The projection used for every point.
    public var projection: MapProjection
    /// Width of the view box.
    public var width: Double
    /// Height of the view box.
    public var height: Double
    let scale: Double
    let offsetX: Double
    let offsetY: Double

    /// A frame showing every point of `bounds` (projected) inside `width` × `height` with `margin` units around.
    public init(
        projection: MapProjection, fitting bounds: [GeoPoint], width: Double, height: Double, margin: Double = 8
    ) {
        self.projection = projection
        self.width = width
        self.height = height
        let projected = bounds.map(projection.project)
        let minX = projected.map(\.x).min() ?? 0
        let maxX = projected.map(\.x).max() ?? 1
        let minY = projected.map(\.y).min() ?? 0
        let maxY = projected.map(\.y).max() ?? 1
        let spanX = max(maxX - minX, 1e-9)
        let spanY = max(maxY - minY, 1e-9)
        scale = min((width - 2 * margin) / spanX, (height - 2 * margin) / spanY)
        // Centre the drawing: the unused space is split evenly.
        offsetX = (width - spanX * scale) / 2 - minX * scale
        offsetY = (height - spanY * scale) / 2 + maxY * scale
    }

    /// Where `point` lands on the drawing.
    public func place(_ point: GeoPoint) -> MapPoint {
        let (x, y) = projection.project(point)
        return MapPoint(x: x * scale + offsetX, y: offsetY - y * scale)
    }

    /// Where a point already projected with ``projection`` lands (for outlines projected once and drawn in many
    /// frames).
    public func place(projected point: (x: Double, y: Double)) -> MapPoint {
        MapPoint(x: point.x * scale + offsetX, y: offsetY - point.y * scale)
    }

    /// Whether `point` lands inside the view box.
    public func contains(_ point: GeoPoint) -> Bool {
        let placed = place(point)
        return (0...width).contains(placed.x) && (0...height).contains(placed.y)
    }

    /// An SVG path (`M … L … Z` per ring) of polygon rings, coordinates rounded to 0.1 unit; rings that collapse
    /// to fewer than three distinct points at this scale are left out.
    public func path(_ rings: [[GeoPoint]]) -> String {
        var parts: [String] = []
        for ring in rings {
            var points: [MapPoint] = []
            for point in ring {
                let placed = place(point)
                let rounded = MapPoint(x: (placed.x * 10).rounded() / 10, y: (placed.y * 10).rounded() / 10)
                if points.last != rounded { points.append(rounded) }
            }
            if points.count > 1, points.first == points.last { points.removeLast() }
            guard points.count >= 3 else { continue }
            let commands = points.enumerated().map { index, point in
                "\(index == 0 ? "M" : "L")\(Self.number(point.x)) \(Self.number(point.y))"
            }
            parts.append(commands.joined() + "Z")
        }
        return parts.joined()
    }

    /// A coordinate without a trailing `.0`.
    static func number(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(format: "%.1f", value)
    }
}

/// Spreads map pins that would overlap: each pin keeps its place unless it comes closer than `spacing` to a pin
/// placed before it, then it moves the shortest way out along the line between them (straight down when they
/// coincide), staying inside `0…width` × `0…height`. Pins earlier in the list (the more important ones) move least.
public func spreadPins(_ pins: [MapPoint], spacing: Double, width: Double, height: Double) -> [MapPoint] {
    var placed: [MapPoint] = []
    for pin in pins {
        var point = pin
        // A few passes settle a pin pushed from one neighbour into another.
        for _ in 0..<8 {
            var moved = false
            for other in placed {
                let dx = point.x - other.x
                let dy = point.y - other.y
                let distance = (dx * dx + dy * dy).squareRoot()
                guard distance < spacing else { continue }
                let (ux, uy) = distance < 1e-9 ? (0.0, 1.0) : (dx / distance, dy / distance)
                point = MapPoint(x: other.x + ux * spacing, y: other.y + uy * spacing)
                moved = true
            }
            point = MapPoint(x: min(max(point.x, 0), width), y: min(max(point.y, 0), height))
            if !moved { break }
        }
        placed.append(point)
    }
    return placed
}

/// Outlines of countries, states and lakes from the GeoJSON files in the module's resources.
public struct GeoOutlines: Sendable {
    /// One outlined feature.
    public struct Feature: Sendable, Equatable {
        /// `country`, `state` or `lake`.
        public var kind: String
        /// English name.
        public var name: String
        /// German name, where the file has one.
        public var nameDE: String?
        /// Postal code of a US state or Canadian province.
        public var code: String?
        /// The ISO country code of a state or province (`US`, `CA`), where the file has one.
        public var country: String? = nil
        /// Polygons, each a list of rings (the first the outline, the others holes).
        public var polygons: [[[GeoPoint]]]

        /// Every ring of every polygon, for ``MapFrame/path(_:)`` (holes drawn with the even-odd rule).
        public var rings: [[GeoPoint]] { polygons.flatMap { $0 } }
    }

    /// The features in file order.
    public var features: [Feature]

    /// Why an outline file could not be read.
    public enum LoadError: Error, Equatable {
        case missing(String)
        case malformed(String)
    }

    /// Switzerland and its lakes.
    public static func switzerland() throws(LoadError) -> GeoOutlines { try load("switzerland") }
    /// US states, Canadian provinces, Mexico and the large lakes.
    public static func northAmerica() throws(LoadError) -> GeoOutlines { try load("north-america") }

    static func load(_ name: String) throws(LoadError) -> GeoOutlines {
        guard let url = Bundle.module.url(forResource: name, withExtension: "geojson", subdirectory: "Geo"),
            let data = try? Data(contentsOf: url)
        else { throw .missing(name) }
        return try parse(data, name: name)
    }

    /// Reads a GeoJSON FeatureCollection of Polygon and MultiPolygon features.
    public static func parse(_ data: Data, name: String = "outline") throws(LoadError) -> GeoOutlines {
        struct Collection: Decodable {
            struct Feature: Decodable {
                struct Properties: Decodable {
                    var kind: String
                    var name: String
                    var nameDE: String?
                    var code: String?
                    var country: String?
                }
                struct Geometry: Decodable {
                    var type: String
                    var coordinates: Coordinates
                }
                var properties: Properties
                var geometry: Geometry
            }
            var features: [Feature]
        }
        /// Polygon (`[[[lon, lat]]]`) or MultiPolygon (`[[[[lon, lat]]]]`) coordinates.
        enum Coordinates: Decodable {
            case polygon([[[Double]]])
            case multiPolygon([[[[Double]]]])
            init(from decoder: any Decoder) throws {
                let container = try decoder.singleValueContainer()
                if let polygon = try? container.decode([[[Double]]].self) {
                    self = .polygon(polygon)
                } else {
                    self = .multiPolygon(try container.decode([[[[Double]]]].self))
                }
            }
        }
        let collection: Collection
        do {
            collection = try JSONDecoder().decode(Collection.self, from: data)
        } catch {
            throw .malformed(name)
        }
        var features: [Feature] = []
        for feature in collection.features {
            let raw: [[[[Double]]]]
            switch (feature.geometry.type, feature.geometry.coordinates) {
            case ("Polygon", .polygon(let polygon)): raw = [polygon]
            case ("MultiPolygon", .multiPolygon(let polygons)): raw = polygons
            default: throw .malformed(name)
            }
            var polygons: [[[GeoPoint]]] = []
            for polygon in raw {
                var rings: [[GeoPoint]] = []
                for ring in polygon {
                    var points: [GeoPoint] = []
                    for pair in ring {
                        guard pair.count >= 2, (-180...180).contains(pair[0]), (-90...90).contains(pair[1]) else {
                            throw .malformed(name)
                        }
                        points.append(GeoPoint(longitude: pair[0], latitude: pair[1]))
                    }
                    rings.append(points)
                }
                polygons.append(rings)
            }
            features.append(
                Feature(
                    kind: feature.properties.kind, name: feature.properties.name, nameDE: feature.properties.nameDE,
                    code: feature.properties.code, country: feature.properties.country, polygons: polygons))
        }
        return GeoOutlines(features: features)
    }

    /// Every point of every feature of `kind` (all kinds when nil), e.g. to fit a frame to a country.
    public func points(kind: String? = nil) -> [GeoPoint] {
        features.filter { kind == nil || $0.kind == kind }.flatMap { $0.rings.flatMap { $0 } }
    }
}
