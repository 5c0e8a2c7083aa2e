import Foundation

/// A typed string identifier.
public protocol StringIdentifier: RawRepresentable, Hashable, Codable, Sendable, Comparable,
    ExpressibleByStringLiteral, CustomStringConvertible
where RawValue == String {
    init(rawValue: String)
}

extension StringIdentifier {
    public init(stringLiteral value: String) { self.init(rawValue: value) }
    public var description: String { rawValue }
    public static func < (a: Self, b: Self) -> Bool { a.rawValue < b.rawValue }
    public init(from decoder: any Decoder) throws {
        self.init(rawValue: try decoder.singleValueContainer().decode(String.self))
    }
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}

/// A venue's stable id, e.g. `fenway-park` (kept across renames; the name lives in ``Venue``).
public struct VenueID: StringIdentifier {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
}

/// A team's id: league and abbreviation, e.g. `mlb-bos`.
public struct TeamID: StringIdentifier {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    /// The id of `abbreviation` in `league`.
    public init(league: League, abbreviation: String) { rawValue = "\(league.rawValue)-\(abbreviation.lowercased())" }
}

/// A game's id: league and the source's own id, e.g. `mlb-776543`.
public struct GameID: StringIdentifier {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    /// The id of the source's `sourceID` in `league`.
    public init(league: League, sourceID: String) { rawValue = "\(league.rawValue)-\(sourceID)" }
}
