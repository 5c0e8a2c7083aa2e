import Foundation

/// Identifies a club. Stable for the club's lifetime; slugs may change, ids never do.
public struct ClubID: RawRepresentable, Hashable, Codable, Sendable, CustomStringConvertible {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }
    public var description: String { rawValue }
}

/// Identifies a member of one club.
public struct MemberID: RawRepresentable, Hashable, Codable, Sendable, CustomStringConvertible {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }
    public var description: String { rawValue }
}

/// Day of the week, numbered like `Calendar`'s `weekday` (Sunday = 1 … Saturday = 7).
public enum Weekday: Int, Codable, Sendable, CaseIterable, Hashable {
    case sunday = 1, monday, tuesday, wednesday, thursday, friday, saturday

    /// Lower-case English name, as used in configuration and JSON (`"monday"`).
    public var name: String {
        switch self {
        case .sunday: "sunday"
        case .monday: "monday"
        case .tuesday: "tuesday"
        case .wednesday: "wednesday"
        case .thursday: "thursday"
        case .friday: "friday"
        case .saturday: "saturday"
        }
    }

    /// Parses `"monday"`, `"Mon"`, `"1"`… (case-insensitive); nil when unknown.
    public init?(name: String) {
        let lowered = name.lowercased()
        if let number = Int(lowered), let day = Weekday(rawValue: number) {
            self = day
            return
        }
        guard let day = Weekday.allCases.first(where: { $0.name == lowered || $0.name.prefix(3) == lowered })
        else { return nil }
        self = day
    }
}

/// Strava sport types that count as cycling (the original worker's list).
public enum SportTypes {
    public static let cycling: Set<String> = [
        "Ride", "MountainBikeRide", "GravelRide", "EBikeRide", "EMountainBikeRide", "VirtualRide", "Handcycle",
        "Velomobile",
    ]
    /// Sport types shown with a pace (min/km) rather than a speed.
    public static let paced: Set<String> = ["Run", "TrailRun", "VirtualRun", "Walk", "Hike"]
}

/// A club's colours: the tricolour bar at the top of every page (hex `#RRGGBB`).
public struct ClubColors: Codable, Sendable, Equatable {
    public var first: String
    public var second: String
    public var third: String
    public init(first: String, second: String, third: String) {
        self.first = first
        self.second = second
        self.third = third
    }
    /// The French tricolour of the spec (blue, white, red).
    public static let tricolore = ClubColors(first: "#0055A4", second: "#FFFFFF", third: "#EF4135")

    /// Whether every colour is a `#RRGGBB` hex string.
    public var isValid: Bool {
        [first, second, third].allSatisfy { value in
            value.count == 7 && value.first == "#" && value.dropFirst().allSatisfy(\.isHexDigit)
        }
    }
}

/// A club: the unit of isolation. Weeks are computed in its time zone from its week-start day.
public struct Club: Codable, Sendable, Equatable, Identifiable {
    public var id: ClubID
    public var name: String
    /// URL-safe short name (`[a-z0-9-]`), unique.
    public var slug: String
    /// IANA time zone identifier, e.g. `Europe/Dublin`.
    public var timeZoneIdentifier: String
    public var weekStart: Weekday
    /// Strava `sport_type` values that count toward the leaderboard.
    public var countedSportTypes: Set<String>
    public var colors: ClubColors
    /// Whether the week feed (`/club-data`) can be read without the club code.
    public var isFeedPublic: Bool
    public var createdAt: Date

    public init(
        id: ClubID, name: String, slug: String, timeZoneIdentifier: String, weekStart: Weekday = .monday,
        countedSportTypes: Set<String> = SportTypes.cycling, colors: ClubColors = .tricolore,
        isFeedPublic: Bool = false, createdAt: Date
    ) {
        self.id = id
        self.name = name
        self.slug = slug
        self.timeZoneIdentifier = timeZoneIdentifier
        self.weekStart = weekStart
        self.countedSportTypes = countedSportTypes
        self.colors = colors
        self.isFeedPublic = isFeedPublic
        self.createdAt = createdAt
    }

    /// The club's time zone; UTC if the identifier is unknown (validated on input, so only for old rows).
    public var timeZone: TimeZone { TimeZone(identifier: timeZoneIdentifier) ?? .gmt }

    /// Whether a slug is acceptable: 2–40 characters of `a-z`, `0-9` and `-`, not starting or ending with `-`.
    public static func isValidSlug(_ slug: String) -> Bool {
        guard (2...40).contains(slug.count), slug.first != "-", slug.last != "-" else { return false }
        return slug.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" }
    }
}

/// A rider in a club.
public struct Member: Codable, Sendable, Equatable, Identifiable {
    public var id: MemberID
    public var clubID: ClubID
    public var firstName: String
    public var lastName: String
    /// Strava athlete id when the member connected Strava.
    public var stravaAthleteID: Int64?
    public var joinedAt: Date

    public init(
        id: MemberID, clubID: ClubID, firstName: String, lastName: String, stravaAthleteID: Int64? = nil,
        joinedAt: Date
    ) {
        self.id = id
        self.clubID = clubID
        self.firstName = firstName
        self.lastName = lastName
        self.stravaAthleteID = stravaAthleteID
        self.joinedAt = joinedAt
    }

    /// "Sarah Murphy" (TV board).
    public var fullName: String {
        [firstName, lastName].filter { !$0.isEmpty }.joined(separator: " ")
    }
}

/// Where an activity came from. Its date is always the real start time reported by that source.
public enum ActivitySource: String, Codable, Sendable, CaseIterable {
    /// Strava API (per-member sync or webhook).
    case strava
    /// Strava bulk export (`activities.csv`) uploaded by the member.
    case `import`
    /// Generated demo data.
    case demo
}

/// One activity of a member.
public struct Activity: Codable, Sendable, Equatable {
    public var memberID: MemberID
    public var source: ActivitySource
    /// The source's id (Strava activity id for both API and export rows, so both dedupe to one).
    public var externalID: String
    public var startDate: Date
    /// Strava `sport_type` identifier, e.g. `Ride`, `GravelRide`, `Run`.
    public var sportType: String
    /// Metres.
    public var distance: Double
    /// Seconds.
    public var movingTime: Int
    /// Seconds.
    public var elapsedTime: Int
    /// Metres.
    public var elevationGain: Double
    public var name: String
    public var trainer: Bool
    public var commute: Bool

    public init(
        memberID: MemberID, source: ActivitySource, externalID: String, startDate: Date, sportType: String,
        distance: Double, movingTime: Int, elapsedTime: Int, elevationGain: Double, name: String,
        trainer: Bool = false, commute: Bool = false
    ) {
        self.memberID = memberID
        self.source = source
        self.externalID = externalID
        self.startDate = startDate
        self.sportType = sportType
        self.distance = distance
        self.movingTime = movingTime
        self.elapsedTime = elapsedTime
        self.elevationGain = elevationGain
        self.name = name
        self.trainer = trainer
        self.commute = commute
    }

    /// Average moving speed in m/s; 0 when the moving time is 0.
    public var averageSpeed: Double { movingTime > 0 ? distance / Double(movingTime) : 0 }
}
