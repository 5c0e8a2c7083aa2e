import Foundation

/// Why the engine could not plan a trip (the spec's `PlanningFailure`), with a message telling the user what to
/// change. Encodes as `{"code": "…", "message": "…", …details}` so the API can return it as is.
///
/// "No sports selected" maps to ``noGamesInRange``: with no sport there is no game to plan around, and the message
/// asks for a sport as well as wider dates or regions. An empty must-see list in game-first mode and unknown game
/// ids map there too.
public enum PlanningFailure: Error, Sendable, Equatable, Codable {
    /// No playable game of the chosen sports and regions falls within the dates (or no sport is selected).
    case noGamesInRange
    /// Games exist but no route connects them under the constraints.
    case noValidRoutes
    /// The mode needs a start and an end date (end on or after start) and did not get them.
    case missingDateRange
    /// Scenario C needs both a start and an end location.
    case missingLocations
    /// Scenario D needs a team to follow; scenario E needs at least one team.
    case missingTeamSelection
    /// These selected games fall outside the chosen date range.
    case dateRangeViolation(games: [GameID])
    /// The trip needs `hoursNeeded` of driving on one day, more than the daily `limit`.
    case drivingExceedsLimit(hoursNeeded: Double, limit: Double)
    /// The only routes visit `city` on more than one day while repeat cities are off.
    case repeatCityViolation(city: String)
    /// The only routes double back on themselves more than the route filters allow.
    case geographicBacktracking

    /// The case name, e.g. `noValidRoutes` (stable, for clients).
    public var code: String {
        switch self {
        case .noGamesInRange: "noGamesInRange"
        case .noValidRoutes: "noValidRoutes"
        case .missingDateRange: "missingDateRange"
        case .missingLocations: "missingLocations"
        case .missingTeamSelection: "missingTeamSelection"
        case .dateRangeViolation: "dateRangeViolation"
        case .drivingExceedsLimit: "drivingExceedsLimit"
        case .repeatCityViolation: "repeatCityViolation"
        case .geographicBacktracking: "geographicBacktracking"
        }
    }

    /// What went wrong and what to change, for the user.
    public var message: String {
        switch self {
        case .noGamesInRange:
            "No games match your dates, sports and regions. Select at least one sport, widen the dates or add regions."
        case .noValidRoutes:
            "No route connects these games under your settings. Allow more driving, add a driver, pick a busier "
                + "leisure level or widen the dates."
        case .missingDateRange:
            "Choose a start date and an end date (the end on or after the start)."
        case .missingLocations:
            "Choose both a start location and an end location."
        case .missingTeamSelection:
            "Choose a team to plan around."
        case .dateRangeViolation(let games):
            "\(games.count == 1 ? "A selected game falls" : "\(games.count) selected games fall") outside your dates "
                + "(\(games.map(\.rawValue).joined(separator: ", "))). Widen the dates or remove "
                + "\(games.count == 1 ? "it" : "them")."
        case .drivingExceedsLimit(let hours, let limit):
            "This trip needs \(Self.hours(hours)) of driving in one day but your limit is \(Self.hours(limit)). "
                + "Add a driver, allow more hours per driver or pick games closer together."
        case .repeatCityViolation(let city):
            "Every route visits \(city) on more than one day. Allow repeat cities or remove a game there."
        case .geographicBacktracking:
            "Every route doubles back on itself. Pick games in a more direct order or widen the dates."
        }
    }

    private static func hours(_ value: Double) -> String {
        let rounded = (value * 10).rounded() / 10
        return rounded == rounded.rounded() ? "\(Int(rounded)) h" : "\(rounded) h"
    }

    private enum CodingKeys: String, CodingKey {
        case code, message, games, hoursNeeded, limit, city
    }

    /// Encodes `code`, `message` and the case's details (`games`, `hoursNeeded`/`limit`, `city`).
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(code, forKey: .code)
        try c.encode(message, forKey: .message)
        switch self {
        case .dateRangeViolation(let games): try c.encode(games, forKey: .games)
        case .drivingExceedsLimit(let hours, let limit):
            try c.encode(hours, forKey: .hoursNeeded)
            try c.encode(limit, forKey: .limit)
        case .repeatCityViolation(let city): try c.encode(city, forKey: .city)
        default: break
        }
    }

    /// Decodes what ``encode(to:)`` writes (the message is recomputed).
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let code = try c.decode(String.self, forKey: .code)
        switch code {
        case "noGamesInRange": self = .noGamesInRange
        case "noValidRoutes": self = .noValidRoutes
        case "missingDateRange": self = .missingDateRange
        case "missingLocations": self = .missingLocations
        case "missingTeamSelection": self = .missingTeamSelection
        case "dateRangeViolation": self = .dateRangeViolation(games: try c.decode([GameID].self, forKey: .games))
        case "drivingExceedsLimit":
            self = .drivingExceedsLimit(
                hoursNeeded: try c.decode(Double.self, forKey: .hoursNeeded),
                limit: try c.decode(Double.self, forKey: .limit))
        case "repeatCityViolation": self = .repeatCityViolation(city: try c.decode(String.self, forKey: .city))
        case "geographicBacktracking": self = .geographicBacktracking
        default:
            throw DecodingError.dataCorruptedError(
                forKey: .code, in: c, debugDescription: "unknown planning failure code \(code)")
        }
    }
}
