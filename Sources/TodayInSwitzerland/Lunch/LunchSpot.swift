import Foundation

/// A place to eat from OpenStreetMap, with the original `/lunch` spot keys.
///
/// Encoding writes every key of the original (`null` where it sent `null`); `distanceKm` only when a point was
/// given, as the route branch did.
public struct LunchSpot: Codable, Sendable, Hashable, Identifiable {
    /// The OSM `amenity` values the app asks for.
    public enum Amenity: String, Codable, Sendable, CaseIterable {
        case restaurant, cafe
        case fastFood = "fast_food"
    }

    /// `"osm-<node id>"` for nodes (as the original), `"osm-way-<id>"` for buildings mapped as ways.
    public var id: String
    /// The `name` tag.
    public var name: String
    /// Latitude in degrees (a way's centre for ways).
    public var lat: Double
    /// Longitude in degrees.
    public var lon: Double
    /// restaurant, cafe or fast_food.
    public var amenity: Amenity
    /// The raw `cuisine` tag (`"pizza;italian"`).
    public var cuisine: String?
    /// The group of the cuisine (``CuisineCategory/categorize(amenity:cuisine:dietVegetarian:dietVegan:)``).
    public var cuisineCategory: CuisineCategory
    /// `phone` or `contact:phone`.
    public var phone: String?
    /// `website` or `contact:website`.
    public var website: String?
    /// The raw `opening_hours` tag.
    public var openingHours: String?
    /// Open at some moment 11:00–14:00 on the day the list was made; nil when the tag is missing or unreadable.
    public var openForLunch: Bool?
    /// The raw `wheelchair` tag (`yes`, `limited`, `no`).
    public var wheelchair: String?
    /// `outdoor_seating=yes`.
    public var outdoorSeating: Bool
    /// `takeaway=yes|only`.
    public var takeaway: Bool
    /// The raw `diet:vegetarian` tag (`yes`, `only`, `no` …), a string as the iOS client expects.
    public var vegetarian: String?
    /// The raw `diet:vegan` tag.
    public var vegan: String?
    /// Kilometres from the point asked about, rounded to 0.01; nil without a point.
    public var distanceKm: Double?

    /// A spot from its fields.
    public init(
        id: String, name: String, lat: Double, lon: Double, amenity: Amenity, cuisine: String? = nil,
        cuisineCategory: CuisineCategory = .other, phone: String? = nil, website: String? = nil,
        openingHours: String? = nil, openForLunch: Bool? = nil, wheelchair: String? = nil,
        outdoorSeating: Bool = false, takeaway: Bool = false, vegetarian: String? = nil, vegan: String? = nil,
        distanceKm: Double? = nil
    ) {
        self.id = id
        self.name = name
        self.lat = lat
        self.lon = lon
        self.amenity = amenity
        self.cuisine = cuisine
        self.cuisineCategory = cuisineCategory
        self.phone = phone
        self.website = website
        self.openingHours = openingHours
        self.openForLunch = openForLunch
        self.wheelchair = wheelchair
        self.outdoorSeating = outdoorSeating
        self.takeaway = takeaway
        self.vegetarian = vegetarian
        self.vegan = vegan
        self.distanceKm = distanceKm
    }

    /// Where the spot is.
    public var location: GeoPoint { GeoPoint(lat: lat, lon: lon) }

    /// The cuisine tag split on `;` and `,`, trimmed and lowercased (`"Pizza; middle_eastern"` →
    /// `["pizza", "middle_eastern"]`).
    public var cuisineTokens: [String] { CuisineCategory.tokens(of: cuisine) }

    /// Vegetarian food: `diet:vegetarian` or `diet:vegan` is yes or only, or the cuisine is vegetarian or vegan.
    public var isVegetarianFriendly: Bool {
        let diet = [vegetarian, vegan].compactMap { $0?.trimmingCharacters(in: .whitespaces).lowercased() }
        return diet.contains("yes") || diet.contains("only") || cuisineTokens.contains("vegetarian")
            || cuisineTokens.contains("vegan")
    }

    private enum CodingKeys: String, CodingKey {
        case id, name, lat, lon, amenity, cuisine, cuisineCategory, phone, website, openingHours, openForLunch
        case wheelchair, outdoorSeating, takeaway, vegetarian, vegan, distanceKm
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.decode(String.self, forKey: .id)
        name = try c.decode(String.self, forKey: .name)
        lat = try c.decode(Double.self, forKey: .lat)
        lon = try c.decode(Double.self, forKey: .lon)
        amenity = try c.decode(Amenity.self, forKey: .amenity)
        cuisine = try c.decodeIfPresent(String.self, forKey: .cuisine)
        let category = try c.decodeIfPresent(String.self, forKey: .cuisineCategory)
        cuisineCategory = category.flatMap { CuisineCategory(rawValue: $0.lowercased()) } ?? .other
        phone = try c.decodeIfPresent(String.self, forKey: .phone)
        website = try c.decodeIfPresent(String.self, forKey: .website)
        openingHours = try c.decodeIfPresent(String.self, forKey: .openingHours)
        openForLunch = try c.decodeIfPresent(Bool.self, forKey: .openForLunch)
        wheelchair = try c.decodeIfPresent(String.self, forKey: .wheelchair)
        outdoorSeating = try c.decodeIfPresent(Bool.self, forKey: .outdoorSeating) ?? false
        takeaway = try c.decodeIfPresent(Bool.self, forKey: .takeaway) ?? false
        vegetarian = try c.decodeIfPresent(String.self, forKey: .vegetarian)
        vegan = try c.decodeIfPresent(String.self, forKey: .vegan)
        distanceKm = try c.decodeIfPresent(Double.self, forKey: .distanceKm)
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(id, forKey: .id)
        try c.encode(name, forKey: .name)
        try c.encode(lat, forKey: .lat)
        try c.encode(lon, forKey: .lon)
        try c.encode(amenity, forKey: .amenity)
        try c.encode(cuisine, forKey: .cuisine)
        try c.encode(cuisineCategory, forKey: .cuisineCategory)
        try c.encode(phone, forKey: .phone)
        try c.encode(website, forKey: .website)
        try c.encode(openingHours, forKey: .openingHours)
        try c.encode(openForLunch, forKey: .openForLunch)
        try c.encode(wheelchair, forKey: .wheelchair)
        try c.encode(outdoorSeating, forKey: .outdoorSeating)
        try c.encode(takeaway, forKey: .takeaway)
        try c.encode(vegetarian, forKey: .vegetarian)
        try c.encode(vegan, forKey: .vegan)
        try c.encodeIfPresent(distanceKm, forKey: .distanceKm)
    }
}

/// The cuisine groups of the lunch list (lowercase on the wire, as the original; compare case-insensitively).
public enum CuisineCategory: String, Codable, Sendable, CaseIterable {
    case swiss, italian, asian, kebab, cafe, vegetarian, fastfood, international, other

    /// The name shown to people.
    public var label: LocalizedText {
        switch self {
        case .swiss: LocalizedText(en: "Swiss", de: "Schweizer Küche")
        case .italian: LocalizedText(en: "Italian", de: "Italienisch")
        case .asian: LocalizedText(en: "Asian", de: "Asiatisch")
        case .kebab: LocalizedText(en: "Kebab & Middle Eastern", de: "Kebab & Orientalisch")
        case .cafe: LocalizedText(en: "Café", de: "Café")
        case .vegetarian: LocalizedText(en: "Vegetarian", de: "Vegetarisch")
        case .fastfood: LocalizedText(en: "Fast food", de: "Fast Food")
        case .international: LocalizedText(en: "International", de: "International")
        case .other: LocalizedText(en: "Other", de: "Andere")
        }
    }

    /// The original's keyword map: a cuisine token (whole) → its category.
    public static let keywords: [String: CuisineCategory] = {
        let groups: [(CuisineCategory, [String])] = [
            (.swiss, ["swiss", "schweizer", "fondue", "raclette"]),
            (.italian, ["italian", "pizza", "pasta"]),
            (.asian, ["chinese", "japanese", "thai", "vietnamese", "indian", "korean", "sushi", "asian", "ramen"]),
            (.kebab, ["kebab", "turkish", "döner", "lebanese", "middle_eastern", "falafel"]),
            (.cafe, ["coffee_shop", "coffee", "cake", "pastry"]),
            (.vegetarian, ["vegetarian", "vegan"]),
            (.fastfood, ["burger", "sandwich"]),
            (.international, ["international", "european", "french", "german", "spanish", "mexican", "american"]),
        ]
        var map: [String: CuisineCategory] = [:]
        for (category, words) in groups {
            for word in words { map[word] = category }
        }
        return map
    }()

    /// A cuisine tag split on `;` and `,` only (so `middle_eastern` and `coffee_shop` stay whole), trimmed,
    /// lowercased, Unicode-normalised, inner spaces as `_`; empty tokens dropped.
    public static func tokens(of cuisine: String?) -> [String] {
        guard let cuisine else { return [] }
        return cuisine.split(whereSeparator: { $0 == ";" || $0 == "," }).compactMap { part in
            let token = part.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
                .precomposedStringWithCanonicalMapping
                .split(whereSeparator: \.isWhitespace).joined(separator: "_")
            return token.isEmpty ? nil : token
        }
    }

    /// The original's rules, first match wins: a café is `cafe`; `diet:vegetarian` or `diet:vegan` = only is
    /// `vegetarian`; else the first cuisine token in the keyword map; else fast food is `fastfood`; else any
    /// cuisine is `international`; else `other`.
    public static func categorize(
        amenity: LunchSpot.Amenity, cuisine: String?, dietVegetarian: String?, dietVegan: String?
    ) -> CuisineCategory {
        if amenity == .cafe { return .cafe }
        let only = [dietVegetarian, dietVegan].contains {
            $0?.trimmingCharacters(in: .whitespaces).lowercased() == "only"
        }
        if only { return .vegetarian }
        let tokens = tokens(of: cuisine)
        if let category = tokens.lazy.compactMap({ keywords[$0] }).first { return category }
        if amenity == .fastFood { return .fastfood }
        return tokens.isEmpty ? .other : .international
    }
}
