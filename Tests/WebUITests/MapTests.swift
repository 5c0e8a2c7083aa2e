import Foundation
import Testing
import WebUI

@Suite("Maps without tiles")
struct MapTests {
    static let zurich = GeoPoint(longitude: 8.5417, latitude: 47.3769)
    static let geneva = GeoPoint(longitude: 6.1432, latitude: 46.2044)
    static let lugano = GeoPoint(longitude: 8.9511, latitude: 46.0037)
    static let basel = GeoPoint(longitude: 7.5886, latitude: 47.5596)

    @Test("Switzerland's outline and lakes load from the module's resources, with German names")
    func swissOutlines() throws {
        let outlines = try GeoOutlines.switzerland()
        let country = try #require(outlines.features.first { $0.kind == "country" })
        #expect(country.name == "Switzerland" && country.nameDE == "Schweiz")
        #expect(outlines.features.filter { $0.kind == "lake" }.count == 13)
        #expect(outlines.features.contains { $0.nameDE == "Zürichsee" || $0.name == "Lake Zurich" })
        let points = outlines.points(kind: "country")
        #expect((5.9...6.0).contains(points.map(\.longitude).min() ?? 0), "Geneva's tip is the west end")
        #expect((10.4...10.5).contains(points.map(\.longitude).max() ?? 0))
    }

    @Test("North America: states and provinces with their codes, Mexico, large lakes")
    func northAmerica() throws {
        let outlines = try GeoOutlines.northAmerica()
        let codes = Set(outlines.features.compactMap(\.code))
        for code in ["CA", "NY", "TX", "ON", "QC", "BC"] { #expect(codes.contains(code), "\(code)") }
        #expect(outlines.features.contains { $0.kind == "country" && $0.name == "Mexico" })
        #expect(outlines.features.contains { $0.kind == "lake" })
    }

    @Test("a Swiss frame keeps the compass: Geneva west, Basel north, Lugano south, all inside the drawing")
    func swissFrame() throws {
        let frame = MapFrame(
            projection: .switzerland, fitting: try GeoOutlines.switzerland().points(kind: "country"), width: 600,
            height: 400)
        let (z, g, l, b) = (
            frame.place(Self.zurich), frame.place(Self.geneva), frame.place(Self.lugano),
            frame.place(Self.basel)
        )
        #expect(g.x < b.x && b.x < z.x && z.x < l.x)
        #expect(b.y < z.y && z.y < g.y && g.y < l.y)
        for city in [Self.zurich, Self.geneva, Self.lugano, Self.basel] { #expect(frame.contains(city)) }
        #expect(!frame.contains(GeoPoint(longitude: 2.35, latitude: 48.86)), "Paris is off the map")
        // Equal scale on both axes: 1° of latitude is as long as 1°/cos(46.8°) of longitude.
        let north = frame.place(GeoPoint(longitude: 8, latitude: 47))
        let south = frame.place(GeoPoint(longitude: 8, latitude: 46))
        let east = frame.place(GeoPoint(longitude: 8 + 1 / cos(46.8 * .pi / 180), latitude: 46))
        #expect(abs((south.y - north.y) - (east.x - south.x)) < 1e-6)
    }

    @Test("the frame fills the box on the limiting axis and centres the other, with the margin")
    func fitting() {
        let corners = [GeoPoint(longitude: 0, latitude: 0), GeoPoint(longitude: 10, latitude: 5)]
        let frame = MapFrame(
            projection: .equirectangular(standardLatitude: 0), fitting: corners, width: 220, height: 220, margin: 10)
        let low = frame.place(corners[0])
        let high = frame.place(corners[1])
        #expect(abs(low.x - 10) < 1e-9 && abs(high.x - 210) < 1e-9, "width limits: margin to margin")
        #expect(abs((low.y + high.y) / 2 - 110) < 1e-9, "centred vertically")
        #expect(abs((low.y - high.y) - 100) < 1e-9, "same scale: 5° tall is half of 10° wide")
    }

    @Test("Albers equal-area: the US keeps its shape (Seattle north-west of Miami) and equal areas stay equal")
    func albers() {
        let projection = MapProjection.northAmerica
        let seattle = projection.project(GeoPoint(longitude: -122.33, latitude: 47.61))
        let miami = projection.project(GeoPoint(longitude: -80.19, latitude: 25.76))
        #expect(seattle.x < miami.x && seattle.y > miami.y)
        let centre = projection.project(GeoPoint(longitude: -96, latitude: 23))
        #expect(abs(centre.x) < 1e-9 && abs(centre.y) < 1e-9, "the origin")
        func area(_ lon: Double, _ lat: Double) -> Double {
            // A 1°×1° cell as a projected quadrilateral (shoelace).
            let corners = [(lon, lat), (lon + 1, lat), (lon + 1, lat + 1), (lon, lat + 1)].map {
                projection.project(GeoPoint(longitude: $0.0, latitude: $0.1))
            }
            var sum = 0.0
            for index in corners.indices {
                let (a, b) = (corners[index], corners[(index + 1) % corners.count])
                sum += a.x * b.y - b.x * a.y
            }
            return abs(sum) / 2
        }
        // Same latitude band, far-apart longitudes: equal area (and cos-latitude smaller further north).
        #expect(abs(area(-120, 40) - area(-75, 40)) / area(-75, 40) < 1e-6)
        let ratio = area(-100, 60) / area(-100, 30)
        #expect(abs(ratio - cos(60.5 * .pi / 180) / cos(30.5 * .pi / 180)) < 0.01)
    }

    @Test("paths: one M…Z per ring, rounded, duplicates and collapsed rings dropped")
    func paths() {
        let frame = MapFrame(
            projection: .equirectangular(standardLatitude: 0),
            fitting: [GeoPoint(longitude: 0, latitude: 0), GeoPoint(longitude: 10, latitude: 10)], width: 100,
            height: 100, margin: 0)
        let square = [(0.0, 0.0), (10, 0), (10, 10), (0, 10), (0, 0)].map {
            GeoPoint(longitude: $0.0, latitude: $0.1)
        }
        #expect(frame.path([square]) == "M0 100L100 100L100 0L0 0Z")
        let speck = [(5.0, 5.0), (5.001, 5.0), (5.0, 5.001), (5.0, 5.0)].map {
            GeoPoint(longitude: $0.0, latitude: $0.1)
        }
        #expect(frame.path([speck]).isEmpty, "a ring smaller than the rounding disappears")
        #expect(frame.path([square, speck, square]).components(separatedBy: "Z").count == 3)
        let third = [(0.0, 0.0), (10.0 / 3, 0), (0, 10.0 / 3)].map { GeoPoint(longitude: $0.0, latitude: $0.1) }
        #expect(frame.path([third]) == "M0 100L33.3 100L0 66.7Z")
    }

    @Test("pins that would overlap are spread apart, the first stays put, all stay in the box")
    func pins() {
        let pins = [MapPoint(x: 50, y: 50), MapPoint(x: 50, y: 50), MapPoint(x: 52, y: 50), MapPoint(x: 99, y: 99)]
        let spread = spreadPins(pins, spacing: 10, width: 100, height: 100)
        #expect(spread[0] == pins[0])
        for i in spread.indices {
            #expect((0...100).contains(spread[i].x) && (0...100).contains(spread[i].y))
            for j in spread.indices where j < i {
                let distance =
                    ((spread[i].x - spread[j].x) * (spread[i].x - spread[j].x)
                    + (spread[i].y - spread[j].y) * (spread[i].y - spread[j].y)).squareRoot()
                #expect(
                    distance >= 10 - 1e-6 || spread[i].x == 0 || spread[i].x == 100 || spread[i].y == 100,
                    "pins \(j) and \(i) overlap")
            }
        }
        #expect(
            spreadPins([MapPoint(x: 5, y: 5), MapPoint(x: 40, y: 5)], spacing: 10, width: 100, height: 100)
                == [MapPoint(x: 5, y: 5), MapPoint(x: 40, y: 5)], "far-apart pins do not move")
    }

    @Test("bad outline files are refused with the file named")
    func malformed() {
        for text in [
            "{}", "not json",
            #"{"features":[{"properties":{"kind":"lake","name":"X"},"geometry":{"type":"Polygon","coordinates":[[[200,0],[1,1],[0,1]]]}}]}"#,
            #"{"features":[{"properties":{"kind":"lake","name":"X"},"geometry":{"type":"Point","coordinates":[[[1,0],[1,1],[0,1]]]}}]}"#,
        ] {
            #expect(throws: GeoOutlines.LoadError.malformed("test")) {
                try GeoOutlines.parse(Data(text.utf8), name: "test")
            }
        }
    }
}

/// Writes both maps as SVG files when `MAP_SVG_OUT` names a directory, to look at them (not run otherwise).
@Suite("Map previews")
struct MapPreviewTests {
    @Test(
        "Switzerland and North America drawn as SVG",
        .enabled(if: ProcessInfo.processInfo.environment["MAP_SVG_OUT"] != nil))
    func preview() throws {
        let directory = try #require(ProcessInfo.processInfo.environment["MAP_SVG_OUT"])
        for (name, outlines, projection) in [
            ("switzerland", try GeoOutlines.switzerland(), MapProjection.switzerland),
            ("north-america", try GeoOutlines.northAmerica(), MapProjection.northAmerica),
        ] {
            let frame = MapFrame(
                projection: projection, fitting: outlines.points(kind: name == "switzerland" ? "country" : nil),
                width: 800, height: 520)
            let shapes = outlines.features.map { feature in
                let fill = feature.kind == "lake" ? "#9cc9ec" : "#eef1ea"
                return
                    "<path d=\"\(frame.path(feature.rings))\" fill=\"\(fill)\" stroke=\"#667\" stroke-width=\"0.6\" fill-rule=\"evenodd\"/>"
            }
            let ordered = shapes.enumerated().sorted { a, b in
                (outlines.features[a.offset].kind == "lake" ? 1 : 0)
                    < (outlines.features[b.offset].kind == "lake" ? 1 : 0)
            }.map(\.element)
            let svg =
                "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 800 520\" width=\"800\" height=\"520\">"
                + "<rect width=\"800\" height=\"520\" fill=\"#fff\"/>" + ordered.joined() + "</svg>"
            try Data(svg.utf8).write(to: URL(fileURLWithPath: "\(directory)/\(name).svg"))
        }
    }
}
