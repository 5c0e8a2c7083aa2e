import Foundation

/// Maps Strava's sport-type display names (as in the bulk export) and API identifiers to API identifiers.
public enum StravaSportType {
    /// Every `sport_type` identifier the API documents.
    public static let allIdentifiers: [String] = [
        "AlpineSki", "BackcountrySki", "Badminton", "Basketball", "Canoeing", "Cricket", "Crossfit", "Dance",
        "EBikeRide", "EMountainBikeRide", "Elliptical", "Golf", "GravelRide", "Handcycle",
        "HighIntensityIntervalTraining", "Hike", "IceSkate", "InlineSkate", "Kayaking", "Kitesurf",
        "MountainBikeRide", "NordicSki", "Padel", "Pickleball", "Pilates", "Racquetball", "Ride", "RockClimbing",
        "RollerSki", "Rowing", "Run", "Sail", "Skateboard", "Snowboard", "Snowshoe", "Soccer", "Squash",
        "StairStepper", "StandUpPaddling", "Surfing", "Swim", "TableTennis", "Tennis", "TrailRun", "Velomobile",
        "VirtualRide", "VirtualRow", "VirtualRun", "Volleyball", "Walk", "WeightTraining", "Wheelchair",
        "Windsurf", "Workout", "Yoga",
    ]

    /// Display names and older spellings that do not reduce to an identifier by dropping spaces and hyphens.
    private static let aliases: [String: String] = [
        "canoe": "Canoeing",
        "kayak": "Kayaking",
        "hiit": "HighIntensityIntervalTraining",
        "rockclimb": "RockClimbing",
        "climbing": "RockClimbing",
        "row": "Rowing",
        "surf": "Surfing",
        "footballsoccer": "Soccer",
        "football": "Soccer",
        "standuppaddle": "StandUpPaddling",
        "sup": "StandUpPaddling",
        "stairs": "StairStepper",
        "iceskating": "IceSkate",
        "inlineskating": "InlineSkate",
        "nordicskiing": "NordicSki",
        "crosscountryski": "NordicSki",
        "alpineskiing": "AlpineSki",
        "backcountryskiing": "BackcountrySki",
        "ebike": "EBikeRide",
        "emtb": "EMountainBikeRide",
        "emountainbike": "EMountainBikeRide",
        "mountainbike": "MountainBikeRide",
        "mtb": "MountainBikeRide",
        "gravel": "GravelRide",
        "virtualcycling": "VirtualRide",
        "swimming": "Swim",
        "running": "Run",
        "walking": "Walk",
        "hiking": "Hike",
        "cycling": "Ride",
        "bike": "Ride",
        "weights": "WeightTraining",
        "tabletennispingpong": "TableTennis",
        "windsurfing": "Windsurf",
        "kitesurfing": "Kitesurf",
        "snowboarding": "Snowboard",
        "snowshoeing": "Snowshoe",
        "sailing": "Sail",
        "skateboarding": "Skateboard",
        "rollerskiing": "RollerSki",
        "wheelchairrace": "Wheelchair",
    ]

    private static let table: [String: String] = {
        var table: [String: String] = [:]
        for identifier in allIdentifiers {
            table[key(identifier)] = identifier
        }
        for (alias, identifier) in aliases {
            table[alias] = identifier
        }
        return table
    }()

    /// The API identifier for a display name ("Virtual Ride" → "VirtualRide", "E-Bike Ride" → "EBikeRide")
    /// or an identifier (returned as is); nil when unknown.
    public static func identifier(for displayOrIdentifier: String) -> String? {
        let normalized = key(displayOrIdentifier)
        guard !normalized.isEmpty else { return nil }
        return table[normalized]
    }

    /// The identifier for a known name, else the name's words joined in upper camel case
    /// ("Stand Up Paddle Board" → "StandUpPaddleBoard"), else nil for a name without letters or digits.
    public static func bestIdentifier(for displayOrIdentifier: String) -> String? {
        if let known = identifier(for: displayOrIdentifier) { return known }
        let words = displayOrIdentifier.split { !$0.isLetter && !$0.isNumber }
        guard !words.isEmpty else { return nil }
        return words.map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    }

    private static func key(_ text: String) -> String {
        String(text.lowercased().unicodeScalars.filter { CharacterSet.alphanumerics.contains($0) })
    }
}
