import Foundation

/// Why an Overpass answer gave no lunch spots.
public enum LunchError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The body is not Overpass JSON (`{"elements": [...]}`); the decoder's detail.
    case invalidOverpassResponse(String)

    /// A message that says what was expected.
    public var description: String {
        switch self {
        case .invalidOverpassResponse(let detail):
            "The Overpass answer is not the expected JSON ({\"elements\": [...]}): \(detail)."
        }
    }
}

/// What to keep of a lunch list, and around which point.
public struct LunchFilter: Sendable, Hashable {
    /// Only spots whose opening hours say they are open now.
    public var openNow: Bool
    /// Only spots open at some moment 11:00–14:00 today.
    public var openForLunch: Bool
    /// Only spots with outdoor seating.
    public var outdoor: Bool
    /// Only spots with vegetarian food (``LunchSpot/isVegetarianFriendly``).
    public var vegetarian: Bool
    /// A cuisine category (`"Italian"`, `"fastfood"`) or a cuisine token (`"pizza"`), any case; nil for all.
    public var cuisine: String?
    /// Sort by distance from this point and fill `distanceKm`.
    public var near: GeoPoint?
    /// With `near`: only spots at most this many kilometres away.
    public var radiusKm: Double?
    /// Keep at most this many spots (after sorting); nil or 0 for all.
    public var limit: Int?

    /// A filter; the defaults keep everything in the given order.
    public init(
        openNow: Bool = false, openForLunch: Bool = false, outdoor: Bool = false, vegetarian: Bool = false,
        cuisine: String? = nil, near: GeoPoint? = nil, radiusKm: Double? = nil, limit: Int? = nil
    ) {
        self.openNow = openNow
        self.openForLunch = openForLunch
        self.outdoor = outdoor
        self.vegetarian = vegetarian
        self.cuisine = cuisine
        self.near = near
        self.radiusKm = radiusKm
        self.limit = limit
    }
}

/// The `/lunch` answer: `{spots, center:{lat,lon}, city:{id,name}, timestamp}` (the iOS client needs only `spots`).
public struct LunchResponse: Codable, Sendable, Hashable {
    /// The city the list is for.
    public struct City: Codable, Sendable, Hashable {
        /// "zurich".
        public var id: String
        /// "Zürich".
        public var name: String

        /// A city reference from its fields.
        public init(id: String, name: String) {
            self.id = id
            self.name = name
        }
    }

    /// The spots, in Overpass order or by distance.
    public var spots: [LunchSpot]
    /// The point searched around.
    public var center: GeoPoint
    /// The city, when the search was around a city centre.
    public var city: City?
    /// When the list was made (ISO 8601).
    public var timestamp: String?

    /// A response from its fields.
    public init(spots: [LunchSpot], center: GeoPoint, city: City? = nil, timestamp: String? = nil) {
        self.spots = spots
        self.center = center
        self.city = city
        self.timestamp = timestamp
    }
}

/// Lunch spots from OpenStreetMap through the Overpass API: the query, the answer's parsing and the filters.
public enum LunchSpots {
    /// The original's search radius around a city centre, in metres.
    public static let defaultRadiusMetres = 3000

    /// The Overpass QL for restaurants, cafés and fast food within `radiusMetres` (clamped to 1–50,000) of
    /// `center`: nodes and ways (buildings, with their centre), `[out:json][timeout:25]`.
    public static func query(center: GeoPoint, radiusMetres: Int = defaultRadiusMetres) -> String {
        let radius = min(max(radiusMetres, 1), 50_000)
        let around = "(around:\(radius),\(coordinate(center.lat)),\(coordinate(center.lon)))"
        let filter = #"["amenity"~"^(restaurant|cafe|fast_food)$"]"#
        return """
            [out:json][timeout:25];
            (
              node\(filter)\(around);
              way\(filter)\(around);
            );
            out center;
            """
    }

    private static func coordinate(_ value: Double) -> String {
        guard value.isFinite else { return "0" }
        return String(format: "%.6f", value)
    }

    /// The spots in an Overpass answer, in its order: elements without a name, a position or one of the three
    /// amenities are dropped; `openForLunch` is computed for `today` (holidays from `isHoliday`).
    public static func parse(
        overpassJSON: Data, today: CivilDate, isHoliday: (CivilDate) -> Bool = { _ in false }
    ) throws(LunchError) -> [LunchSpot] {
        let answer: OverpassAnswer
        do {
            answer = try JSONDecoder().decode(OverpassAnswer.self, from: overpassJSON)
        } catch {
            throw .invalidOverpassResponse(Self.describe(error))
        }
        return answer.elements.compactMap { spot(from: $0, today: today, isHoliday: isHoliday) }
    }

    private static func describe(_ error: any Error) -> String {
        switch error {
        case DecodingError.dataCorrupted(let context): context.debugDescription
        case DecodingError.keyNotFound(let key, _): "missing \"\(key.stringValue)\""
        case DecodingError.typeMismatch(_, let context): context.debugDescription
        case DecodingError.valueNotFound(_, let context): context.debugDescription
        default: String(describing: error)
        }
    }

    static func spot(from element: OverpassElement, today: CivilDate, isHoliday: (CivilDate) -> Bool) -> LunchSpot? {
        let tags = element.tags
        func tag(_ key: String) -> String? {
            guard let value = tags[key]?.trimmingCharacters(in: .whitespacesAndNewlines), !value.isEmpty else {
                return nil
            }
            return value
        }
        guard let name = tag("name"), let amenityTag = tag("amenity"),
            let amenity = LunchSpot.Amenity(rawValue: amenityTag.lowercased()),
            let position = element.position, let id = element.spotID
        else { return nil }
        let cuisine = tag("cuisine")
        let openingHours = tag("opening_hours")
        let vegetarian = tag("diet:vegetarian")
        let vegan = tag("diet:vegan")
        return LunchSpot(
            id: id, name: name, lat: position.lat, lon: position.lon, amenity: amenity, cuisine: cuisine,
            cuisineCategory: CuisineCategory.categorize(
                amenity: amenity, cuisine: cuisine, dietVegetarian: vegetarian, dietVegan: vegan),
            phone: tag("phone") ?? tag("contact:phone"), website: tag("website") ?? tag("contact:website"),
            openingHours: openingHours,
            openForLunch: OpeningHours.openForLunch(tag: openingHours, on: today, isHoliday: isHoliday),
            wheelchair: tag("wheelchair"), outdoorSeating: tag("outdoor_seating")?.lowercased() == "yes",
            takeaway: ["yes", "only"].contains(tag("takeaway")?.lowercased()), vegetarian: vegetarian, vegan: vegan)
    }

    /// The spots that pass `filter`, at `now`: sorted by distance with `distanceKm` filled when `filter.near` is
    /// set, otherwise in their order; then cut to `filter.limit`.
    public static func filter(
        _ spots: [LunchSpot], by filter: LunchFilter, now: SwissTime,
        isHoliday: (CivilDate) -> Bool = { _ in false }
    ) -> [LunchSpot] {
        let cuisine = filter.cuisine?.trimmingCharacters(in: .whitespaces).lowercased()
            .precomposedStringWithCanonicalMapping
        var result = spots.filter { spot in
            if filter.outdoor, !spot.outdoorSeating { return false }
            if filter.vegetarian, !spot.isVegetarianFriendly { return false }
            if let cuisine, !cuisine.isEmpty, spot.cuisineCategory.rawValue != cuisine,
                !spot.cuisineTokens.contains(cuisine)
            {
                return false
            }
            if filter.openNow || filter.openForLunch {
                guard let hours = OpeningHours.parse(spot.openingHours) else { return false }
                if filter.openNow, hours.isOpen(at: now, holiday: isHoliday) != true { return false }
                if filter.openForLunch, hours.openForLunch(on: now.date, isHoliday: isHoliday) != true { return false }
            }
            return true
        }
        if let near = filter.near {
            result = sortedByDistance(result, from: near)
            if let radius = filter.radiusKm { result = result.filter { ($0.distanceKm ?? 0) <= radius } }
        }
        if let limit = filter.limit, limit > 0, result.count > limit { result = Array(result.prefix(limit)) }
        return result
    }

    /// The spots with `distanceKm` from `point` (rounded to 0.01 km), nearest first (ties keep their order).
    public static func sortedByDistance(_ spots: [LunchSpot], from point: GeoPoint) -> [LunchSpot] {
        spots.enumerated().map { offset, spot in
            var spot = spot
            let distance = point.kilometres(to: spot.location)
            spot.distanceKm = distance.isFinite ? (distance * 100).rounded() / 100 : nil
            return (offset, distance.isFinite ? distance : .infinity, spot)
        }
        .sorted { ($0.1, $0.0) < ($1.1, $1.0) }
        .map(\.2)
    }
}

/// An Overpass JSON answer; only `elements` is required.
struct OverpassAnswer: Decodable {
    let elements: [OverpassElement]
}

/// One Overpass element, read leniently: a malformed element loses its fields instead of failing the answer.
struct OverpassElement: Decodable {
    let type: String?
    let id: Int64?
    let lat: Double?
    let lon: Double?
    let center: GeoPoint?
    let tags: [String: String]

    private enum CodingKeys: String, CodingKey { case type, id, lat, lon, center, tags }

    init(from decoder: any Decoder) throws {
        // Never throws: an element that is not an object becomes an empty element (dropped later), so one bad
        // element cannot fail the whole answer.
        guard let c = try? decoder.container(keyedBy: CodingKeys.self) else {
            (type, id, lat, lon, center, tags) = (nil, nil, nil, nil, nil, [:])
            return
        }
        type = try? c.decodeIfPresent(String.self, forKey: .type)
        id = try? c.decodeIfPresent(Int64.self, forKey: .id)
        lat = try? c.decodeIfPresent(Double.self, forKey: .lat)
        lon = try? c.decodeIfPresent(Double.self, forKey: .lon)
        center = try? c.decodeIfPresent(GeoPoint.self, forKey: .center)
        let raw = (try? c.decodeIfPresent([String: LenientString].self, forKey: .tags)) ?? nil
        tags = (raw ?? [:]).compactMapValues(\.value)
    }

    /// The node's own position, or a way's or relation's centre (`out center`); nil when missing or impossible.
    var position: GeoPoint? {
        let point =
            type == "node" || center == nil ? lat.flatMap { lat in lon.map { GeoPoint(lat: lat, lon: $0) } } : center
        guard let point, point.lat.isFinite, point.lon.isFinite, abs(point.lat) <= 90, abs(point.lon) <= 180 else {
            return nil
        }
        return point
    }

    /// `osm-<id>` for nodes (the original's ids), `osm-way-<id>` and `osm-relation-<id>` otherwise.
    var spotID: String? {
        guard let id else { return nil }
        switch type {
        case nil, "node": return "osm-\(id)"
        case .some(let kind): return "osm-\(kind)-\(id)"
        }
    }
}

/// A JSON value read as text when it is a string or a number, nil otherwise.
struct LenientString: Decodable {
    let value: String?

    init(from decoder: any Decoder) throws {
        let c = try decoder.singleValueContainer()
        if let text = try? c.decode(String.self) {
            value = text
        } else if let number = try? c.decode(Double.self) {
            value = number == number.rounded() && abs(number) < 1e15 ? String(Int64(number)) : String(number)
        } else {
            value = nil
        }
    }
}
