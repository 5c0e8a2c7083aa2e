import Foundation

/// The languages every user-visible string comes in.
public enum Language: String, Codable, Sendable, CaseIterable {
    case en, de

    /// Parses `en`/`de` (any case); nil for anything else.
    public init?(query: String) { self.init(rawValue: query.lowercased()) }
}

/// A text in English and German.
public struct LocalizedText: Codable, Sendable, Hashable {
    public var en: String
    public var de: String

    public init(en: String, de: String) {
        self.en = en
        self.de = de
    }

    /// The text in `language`.
    public func text(_ language: Language) -> String { language == .de ? de : en }
}

/// A WGS84 position in degrees.
public struct GeoPoint: Codable, Sendable, Hashable {
    public var lat: Double
    public var lon: Double

    public init(lat: Double, lon: Double) {
        self.lat = lat
        self.lon = lon
    }

    /// Great-circle distance in kilometres (haversine, mean Earth radius 6,371 km).
    public func kilometres(to other: GeoPoint) -> Double {
        let radius = 6371.0
        let φ1 = lat * .pi / 180
        let φ2 = other.lat * .pi / 180
        let dφ = (other.lat - lat) * .pi / 180
        let dλ = (other.lon - lon) * .pi / 180
        let a = sin(dφ / 2) * sin(dφ / 2) + cos(φ1) * cos(φ2) * sin(dλ / 2) * sin(dλ / 2)
        return 2 * radius * asin(min(1, sqrt(a)))
    }
}

/// The 26 cantons (ISO 3166-2:CH codes without the prefix).
public enum Canton: String, Codable, Sendable, CaseIterable {
    case AG, AI, AR, BE, BL, BS, FR, GE, GL, GR, JU, LU, NE, NW, OW, SG, SH, SO, SZ, TG, TI, UR, VD, VS, ZG, ZH
}

/// A city the app covers.
public struct City: Codable, Sendable, Hashable, Identifiable {
    public var id: String
    public var name: String
    public var nameDE: String
    public var canton: Canton
    public var location: GeoPoint
    /// Stations whose departure boards make the transport status (transport.opendata.ch names).
    public var stations: [String]

    public init(id: String, name: String, nameDE: String, canton: Canton, location: GeoPoint, stations: [String]) {
        self.id = id
        self.name = name
        self.nameDE = nameDE
        self.canton = canton
        self.location = location
        self.stations = stations
    }

    /// The seven cities, in the original's order.
    public static let all: [City] = [
        City(
            id: "zurich", name: "Zürich", nameDE: "Zürich", canton: .ZH, location: GeoPoint(lat: 47.3769, lon: 8.5417),
            stations: ["Zürich Stadelhofen", "Zürich Hardbrücke"]),
        City(
            id: "basel", name: "Basel", nameDE: "Basel", canton: .BS, location: GeoPoint(lat: 47.5596, lon: 7.5886),
            stations: ["Basel SBB"]),
        City(
            id: "bern", name: "Bern", nameDE: "Bern", canton: .BE, location: GeoPoint(lat: 46.9480, lon: 7.4474),
            stations: ["Bern"]),
        City(
            id: "geneva", name: "Geneva", nameDE: "Genf", canton: .GE, location: GeoPoint(lat: 46.2044, lon: 6.1432),
            stations: ["Genève"]),
        City(
            id: "lausanne", name: "Lausanne", nameDE: "Lausanne", canton: .VD,
            location: GeoPoint(lat: 46.5197, lon: 6.6323), stations: ["Lausanne"]),
        City(
            id: "luzern", name: "Luzern", nameDE: "Luzern", canton: .LU, location: GeoPoint(lat: 47.0502, lon: 8.3093),
            stations: ["Luzern"]),
        City(
            id: "winterthur", name: "Winterthur", nameDE: "Winterthur", canton: .ZH,
            location: GeoPoint(lat: 47.4984, lon: 8.7235), stations: ["Winterthur"]),
    ]

    /// The city with `id`, nil when unknown.
    public static func find(_ id: String) -> City? { all.first { $0.id == id } }
}
