import Foundation

/// Identifies a club. Stable for the club's lifetime; slugs may change, ids never do.
public struct ClubID: RawRepresentable, Hashable, Codable, Sendable, CustomStringConvertible {
    /// The id text: a lower-case UUID for clubs the server creates.
    public let rawValue: String
    /// Wraps a stored id string (used by `Codable` and `RawRepresentable`).
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Wraps an id string, e.g. one read from a route parameter.
    public init(_ rawValue: String) { self.rawValue = rawValue }
    /// The raw id, for logs and string interpolation.
    public var description: String { rawValue }
}

/// Identifies a member of one club.
public struct MemberID: RawRepresentable, Hashable, Codable, Sendable, CustomStringConvertible {
    /// The id text: a lower-case UUID, or `demo-N` for seeded riders; also a member session's subject.
    public let rawValue: String
    /// Wraps a stored id string (used by `Codable` and `RawRepresentable`).
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Wraps an id string, e.g. one read from a route parameter or a session subject.
    public init(_ rawValue: String) { self.rawValue = rawValue }
    /// The raw id, for logs and string interpolation.
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
    /// Cycling sport types: the default ``Club/countedSportTypes`` of a new club.
    public static let cycling: Set<String> = [
        "Ride", "MountainBikeRide", "GravelRide", "EBikeRide", "EMountainBikeRide", "VirtualRide", "Handcycle",
        "Velomobile",
    ]
    /// Sport types shown with a pace (min/km) rather than a speed.
    public static let paced: Set<String> = ["Run", "TrailRun", "VirtualRun", "Walk", "Hike"]
}

/// A club's colours: the tricolour bar at the top of every page (hex `#RRGGBB`).
public struct ClubColors: Codable, Sendable, Equatable {
    /// First band of the bar (blue in ``tricolore``), `#RRGGBB`.
    public var first: String
    /// Middle band of the bar (white in ``tricolore``), `#RRGGBB`.
    public var second: String
    /// Last band of the bar (red in ``tricolore``), `#RRGGBB`.
    public var third: String
    /// Colours from three strings, not validated here: check ``isValid`` before storing them.
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
    /// Permanent identifier; unlike ``slug`` it never changes.
    public var id: ClubID
    /// Display name shown on the club's pages, e.g. `Demo Cycling Club`.
    public var name: String
    /// URL-safe short name (`[a-z0-9-]`), unique.
    public var slug: String
    /// IANA time zone identifier, e.g. `Europe/Dublin`.
    public var timeZoneIdentifier: String
    /// Day every week of the club starts on, at local midnight in ``timeZone``.
    public var weekStart: Weekday
    /// Strava `sport_type` values that count toward the leaderboard.
    public var countedSportTypes: Set<String>
    /// Colours of the tricolour bar on the club's pages.
    public var colors: ClubColors
    /// Whether the week feed (`/club-data`) can be read without the club code.
    public var isFeedPublic: Bool
    /// When the club was created; with its oldest activity, this bounds how far back weeks can be viewed.
    public var createdAt: Date

    /// A club; by default weeks start on Monday, cycling counts, colours are the tricolore and the feed is private.
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
    /// Permanent identifier; also the subject of the member's sessions.
    public var id: MemberID
    /// The one club this member belongs to.
    public var clubID: ClubID
    /// Given name, shown in full everywhere.
    public var firstName: String
    /// Family name; may be empty. Public views show only its initial (`Sarah M.`).
    public var lastName: String
    /// Strava athlete id when the member connected Strava.
    public var stravaAthleteID: Int64?
    /// When the member was added to the club (kept when they later connect Strava).
    public var joinedAt: Date

    /// A member; `stravaAthleteID` stays nil until they connect Strava.
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
    /// The member who did the activity.
    public var memberID: MemberID
    /// Where this row came from (API, export upload or demo data).
    public var source: ActivitySource
    /// The source's id (Strava activity id for both API and export rows, so both dedupe to one).
    public var externalID: String
    /// Real start instant reported by the source; decides which club week (in the club's time zone) it counts in.
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
    /// Title the athlete gave the activity.
    public var name: String
    /// Done on an indoor trainer (Strava's `trainer` flag).
    public var trainer: Bool
    /// Marked as a commute on Strava.
    public var commute: Bool

    /// An activity; distances in metres, times in seconds; `trainer` and `commute` default to false.
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
