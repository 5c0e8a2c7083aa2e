import Foundation

/// A professional league whose games a trip can include.
public enum League: String, Codable, Sendable, CaseIterable, Comparable {
    case mlb, nba, nhl, nfl, mls, wnba, nwsl

    /// The league's usual name, e.g. "MLB".
    public var displayName: String { rawValue.uppercased() }

    /// How long a game usually takes, door to door for a fan (the notes: allow ~3.5–4 h).
    public var typicalGameDuration: TimeInterval {
        switch self {
        case .mlb: 3.5 * 3600
        case .nfl: 4 * 3600
        case .nba, .nhl, .wnba: 3 * 3600
        case .mls, .nwsl: 2.5 * 3600
        }
    }

    public static func < (a: Self, b: Self) -> Bool {
        allCases.firstIndex(of: a) ?? 0 < allCases.firstIndex(of: b) ?? 0
    }

    /// Parses "mlb", "MLB", "nba" … (the CLI and API accept any case).
    public init?(text: String) { self.init(rawValue: text.lowercased().trimmingCharacters(in: .whitespaces)) }
}

/// A part of North America the route filters know: east of 85° W, 85–102° W, west of 102° W.
public enum Region: String, Codable, Sendable, CaseIterable {
    case east, central, west

    /// The region a point lies in (by longitude; international venues fall back by longitude too).
    public static func of(_ coordinate: Coordinate) -> Region {
        if coordinate.longitude >= -85 { return .east }
        if coordinate.longitude >= -102 { return .central }
        return .west
    }
}
