import Foundation

/// A family activity (the original's curated, seasonal and stay-home items), with the original's JSON keys.
public struct Activity: Codable, Sendable, Hashable, Identifiable {
    /// `animals|museum|indoor-play|playground|nature|outdoor|event|seasonal|stayhome`.
    public enum Category: String, Codable, Sendable, CaseIterable {
        case animals, museum, indoorPlay = "indoor-play", playground, nature, outdoor, event, seasonal, stayhome
    }

    public var id: String
    /// The city id, or nil for stay-home items (any city).
    public var city: String?
    public var name: String
    public var nameDE: String
    public var description: String
    public var descriptionDE: String
    public var indoor: Bool
    /// "2-5 years".
    public var ageRange: String
    /// "1-2 hours", "30 min", "Half day" …
    public var duration: String
    /// "CHF 12 adults, children free", "Free" …
    public var price: String?
    public var priceDE: String?
    public var url: String?
    public var category: Category
    public var lat: Double?
    public var lon: Double?
    public var minAge: Int?
    public var maxAge: Int?
    /// "Tue & Fri 6:00-11:00", "Weekends", "Various days".
    public var recurring: String?
    /// "spring|summer|autumn|winter" for seasonal items.
    public var season: String?
    public var availableMonths: [Int]?
    public var free: Bool?
    /// Stay-home only: `sensory|art|active|pretend|kitchen`.
    public var subcategory: String?
    public var materials: String?
    public var materialsDE: String?

    public init(
        id: String, city: String?, name: String, nameDE: String, description: String, descriptionDE: String,
        indoor: Bool, ageRange: String, duration: String, price: String? = nil, priceDE: String? = nil,
        url: String? = nil, category: Category, lat: Double? = nil, lon: Double? = nil, minAge: Int? = nil,
        maxAge: Int? = nil, recurring: String? = nil, season: String? = nil, availableMonths: [Int]? = nil,
        free: Bool? = nil, subcategory: String? = nil, materials: String? = nil, materialsDE: String? = nil
    ) {
        self.id = id
        self.city = city
        self.name = name
        self.nameDE = nameDE
        self.description = description
        self.descriptionDE = descriptionDE
        self.indoor = indoor
        self.ageRange = ageRange
        self.duration = duration
        self.price = price
        self.priceDE = priceDE
        self.url = url
        self.category = category
        self.lat = lat
        self.lon = lon
        self.minAge = minAge
        self.maxAge = maxAge
        self.recurring = recurring
        self.season = season
        self.availableMonths = availableMonths
        self.free = free
        self.subcategory = subcategory
        self.materials = materials
        self.materialsDE = materialsDE
    }
}

/// A dated event in a city.
public struct CityEvent: Codable, Sendable, Hashable, Identifiable {
    public var id: String
    public var name: String
    public var nameDE: String
    public var city: String
    public var startDate: CivilDate
    public var endDate: CivilDate
    public var description: String
    public var descriptionDE: String
    public var toddlerFriendly: Bool
    public var free: Bool
    /// "" when there is none (as the original).
    public var url: String

    public init(
        id: String, name: String, nameDE: String, city: String, startDate: CivilDate, endDate: CivilDate,
        description: String, descriptionDE: String, toddlerFriendly: Bool, free: Bool, url: String = ""
    ) {
        self.id = id
        self.name = name
        self.nameDE = nameDE
        self.city = city
        self.startDate = startDate
        self.endDate = endDate
        self.description = description
        self.descriptionDE = descriptionDE
        self.toddlerFriendly = toddlerFriendly
        self.free = free
        self.url = url
    }
}

/// A deal, free offer or tip.
public struct Deal: Codable, Sendable, Hashable, Identifiable {
    public enum Category: String, Codable, Sendable, CaseIterable { case museum, outdoor, transport, family, seasonal }
    public enum Kind: String, Codable, Sendable, CaseIterable { case free, deal, tip }

    public var id: String
    public var name: String
    public var nameDE: String
    public var description: String
    public var descriptionDE: String
    public var category: Category
    public var type: Kind
    /// A city id or "all".
    public var city: String
    public var url: String?
    public var recurring: String?
    public var savings: String?
    public var validMonths: [Int]?

    public init(
        id: String, name: String, nameDE: String, description: String, descriptionDE: String, category: Category,
        type: Kind, city: String, url: String? = nil, recurring: String? = nil, savings: String? = nil,
        validMonths: [Int]? = nil
    ) {
        self.id = id
        self.name = name
        self.nameDE = nameDE
        self.description = description
        self.descriptionDE = descriptionDE
        self.category = category
        self.type = type
        self.city = city
        self.url = url
        self.recurring = recurring
        self.savings = savings
        self.validMonths = validMonths
    }
}

/// Something to do at a sunshine destination.
public struct Highlight: Codable, Sendable, Hashable {
    public var name: String
    public var nameDE: String
    /// e.g. "lake", "hike", "museum", "old-town", "food", "viewpoint".
    public var type: String
    public var description: String
    public var descriptionDE: String
    public var indoor: Bool
    public var lat: Double
    public var lon: Double

    public init(
        name: String, nameDE: String, type: String, description: String, descriptionDE: String, indoor: Bool,
        lat: Double, lon: Double
    ) {
        self.name = name
        self.nameDE = nameDE
        self.type = type
        self.description = description
        self.descriptionDE = descriptionDE
        self.indoor = indoor
        self.lat = lat
        self.lon = lon
    }
}

/// A place of the sunshine ranking (the original's 29, Zürich the baseline) or of the snow ranking (22 resorts).
public struct Destination: Codable, Sendable, Hashable, Identifiable {
    public var id: String
    public var name: String
    public var nameDE: String
    public var lat: Double
    public var lon: Double
    public var region: String
    public var regionDE: String
    /// Driving minutes from Zürich.
    public var driveMinutes: Int
    /// Resorts: village altitude in metres.
    public var altitude: Int?
    /// Only Zürich in the sunshine list.
    public var isBaseline: Bool?
    public var highlights: [Highlight]?

    public init(
        id: String, name: String, nameDE: String, lat: Double, lon: Double, region: String, regionDE: String,
        driveMinutes: Int, altitude: Int? = nil, isBaseline: Bool? = nil, highlights: [Highlight]? = nil
    ) {
        self.id = id
        self.name = name
        self.nameDE = nameDE
        self.lat = lat
        self.lon = lon
        self.region = region
        self.regionDE = regionDE
        self.driveMinutes = driveMinutes
        self.altitude = altitude
        self.isBaseline = isBaseline
        self.highlights = highlights
    }
}

/// A fact for a day of the year.
public struct HistoryFact: Codable, Sendable, Hashable {
    /// "M-D" without padding, e.g. "2-7" (as the original).
    public var day: String
    public var year: Int
    public var event: String
    public var eventDE: String

    public init(day: String, year: Int, event: String, eventDE: String) {
        self.day = day
        self.year = year
        self.event = event
        self.eventDE = eventDE
    }
}

/// A school holiday period.
public struct SchoolHoliday: Codable, Sendable, Hashable {
    public var name: String
    public var nameDE: String
    public var startDate: CivilDate
    public var endDate: CivilDate
    /// Always "schoolHoliday" (the original's shape).
    public var type: String

    public init(name: String, nameDE: String, startDate: CivilDate, endDate: CivilDate) {
        self.name = name
        self.nameDE = nameDE
        self.startDate = startDate
        self.endDate = endDate
        type = "schoolHoliday"
    }
}
