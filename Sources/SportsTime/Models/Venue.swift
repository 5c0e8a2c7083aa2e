import Foundation

/// A former or alternative name of a venue, valid between two dates (either end open).
public struct VenueAlias: Codable, Sendable, Hashable {
    public var name: String
    /// First day the name was used; nil = always.
    public var validFrom: LocalDate?
    /// Last day the name was used; nil = still used.
    public var validUntil: LocalDate?

    public init(name: String, validFrom: LocalDate? = nil, validUntil: LocalDate? = nil) {
        self.name = name
        self.validFrom = validFrom
        self.validUntil = validUntil
    }

    /// Whether the name was in use on `date` (any date when `date` is nil).
    public func isValid(on date: LocalDate?) -> Bool {
        guard let date else { return true }
        if let validFrom, date < validFrom { return false }
        if let validUntil, date > validUntil { return false }
        return true
    }
}

/// A stadium, arena or ballpark.
public struct Venue: Codable, Sendable, Hashable, Identifiable {
    public var id: VenueID
    /// The current name.
    public var name: String
    /// Former names (renames, with dates) and other spellings.
    public var aliases: [VenueAlias]
    public var city: String
    /// State or province code ("MA", "ON"); for venues abroad the region's usual name.
    public var region: String
    /// ISO 3166-1 alpha-2 ("US", "CA", "MX", "JP", "GB" …).
    public var country: String
    public var coordinate: Coordinate
    /// IANA time zone, e.g. "America/New_York".
    public var timeZone: String
    public var capacity: Int?

    public init(
        id: VenueID, name: String, aliases: [VenueAlias] = [], city: String, region: String, country: String,
        coordinate: Coordinate, timeZone: String, capacity: Int? = nil
    ) {
        self.id = id
        self.name = name
        self.aliases = aliases
        self.city = city
        self.region = region
        self.country = country
        self.coordinate = coordinate
        self.timeZone = timeZone
        self.capacity = capacity
    }

    /// The venue's time zone (UTC if the identifier is unknown — the catalogue's validation reports that).
    public var zone: TimeZone { TimeZone(identifier: timeZone) ?? TimeZone(secondsFromGMT: 0) ?? .current }

    /// The route filters' region of the venue.
    public var routeRegion: Region { Region.of(coordinate) }

    /// "Boston, MA".
    public var place: String { "\(city), \(region)" }
}
