import ClubhouseBasics
import Foundation

/// The original worker's `GET /club-data` payload (W4 shape), for the existing iOS client.
///
/// Rules (section 2 of `dcc-club-data-api.md`): one row per member with at least one counted
/// activity; `totalDistance` is the sum of raw km rounded to 0.1 at the end; `totalElevation` sums
/// each activity's rounded elevation; `avgSpeed` is the distance-weighted mean of unrounded per-ride
/// speeds rounded to 0.1; members are sorted by rounded `totalDistance` descending, ties in order of
/// their first activity. Keys are encoded in the worker's order by ``encode(to:)``, but Foundation's
/// `JSONEncoder` does not keep key order on every platform: serve ``jsonData()``, which does.
public struct ClubDataFeed: Sendable, Equatable, Codable {
    /// When the payload was computed, ISO-8601 UTC with milliseconds: `"2026-03-21T20:00:00.000Z"`.
    public var lastFetchedAt: String
    /// ``Week/shortLabel``: `"w/c 16 Mar"`.
    public var weekLabel: String
    /// ``Week/firstDay``: `yyyy-MM-dd`.
    public var weekStart: String
    /// ``Week/lastDay``: `yyyy-MM-dd`.
    public var weekEnd: String
    /// Number of member rows.
    public var memberCount: Int
    /// Sum of `rideCount` over members.
    public var totalActivities: Int
    /// `"strava"`, `"import"` or `"demo"` when every counted activity has that source (`"strava"` when
    /// there are none), `"mixed"` otherwise.
    public var dateSource: String
    /// Members who joined the club (can be more than `memberCount`).
    public var enrolledCount: Int
    /// Rows of members with at least one counted activity, by rounded distance descending.
    public var members: [Member]

    /// A feed from its parts. Prefer ``build(week:activities:members:counting:enrolledCount:now:)``.
    public init(
        lastFetchedAt: String, weekLabel: String, weekStart: String, weekEnd: String, memberCount: Int,
        totalActivities: Int, dateSource: String, enrolledCount: Int, members: [Member]
    ) {
        self.lastFetchedAt = lastFetchedAt
        self.weekLabel = weekLabel
        self.weekStart = weekStart
        self.weekEnd = weekEnd
        self.memberCount = memberCount
        self.totalActivities = totalActivities
        self.dateSource = dateSource
        self.enrolledCount = enrolledCount
        self.members = members
    }

    /// One member row.
    public struct Member: Sendable, Equatable, Codable {
        /// ``Format/privacyName(firstName:lastName:)``: `"Sarah M."`.
        public var name: String
        /// Counted activities.
        public var rideCount: Int
        /// km, 1 decimal: Σ raw km rounded at the end.
        public var totalDistance: Double
        /// m: Σ of each activity's rounded elevation.
        public var totalElevation: Int
        /// s.
        public var totalMovingTime: Int
        /// km/h, 1 decimal: distance-weighted mean of unrounded per-ride speeds; 0 without distance.
        public var avgSpeed: Double
        /// ``Format/duration(_:)`` of `totalMovingTime`: `"1h 40m"`, `"30m"`.
        public var movingTimeFormatted: String
        /// In start order.
        public var activities: [Activity]

        /// A row from its parts.
        public init(
            name: String, rideCount: Int, totalDistance: Double, totalElevation: Int, totalMovingTime: Int,
            avgSpeed: Double, movingTimeFormatted: String, activities: [Activity]
        ) {
            self.name = name
            self.rideCount = rideCount
            self.totalDistance = totalDistance
            self.totalElevation = totalElevation
            self.totalMovingTime = totalMovingTime
            self.avgSpeed = avgSpeed
            self.movingTimeFormatted = movingTimeFormatted
            self.activities = activities
        }

        enum CodingKeys: String, CodingKey {
            case name, rideCount, totalDistance, totalElevation, totalMovingTime, avgSpeed, movingTimeFormatted
            case activities
        }

        /// Encodes the keys in the W4 order.
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(name, forKey: .name)
            try container.encode(rideCount, forKey: .rideCount)
            try container.encode(totalDistance, forKey: .totalDistance)
            try container.encode(totalElevation, forKey: .totalElevation)
            try container.encode(totalMovingTime, forKey: .totalMovingTime)
            try container.encode(avgSpeed, forKey: .avgSpeed)
            try container.encode(movingTimeFormatted, forKey: .movingTimeFormatted)
            try container.encode(activities, forKey: .activities)
        }

        var json: OrderedJSON {
            .object([
                ("name", .string(name)), ("rideCount", .int(rideCount)), ("totalDistance", .number(totalDistance)),
                ("totalElevation", .int(totalElevation)), ("totalMovingTime", .int(totalMovingTime)),
                ("avgSpeed", .number(avgSpeed)), ("movingTimeFormatted", .string(movingTimeFormatted)),
                ("activities", .array(activities.map(\.json))),
            ])
        }
    }

    /// One activity of a member row.
    public struct Activity: Sendable, Equatable, Codable {
        /// Title.
        public var name: String
        /// km, 1 decimal.
        public var distance: Double
        /// s.
        public var movingTime: Int
        /// m, rounded.
        public var elevationGain: Int
        /// km/h, 1 decimal; 0 without moving time.
        public var averageSpeed: Double
        /// Legacy Strava `type` (never null): ``ClubDataFeed/legacyType(for:)``.
        public var type: String
        /// Strava `sport_type`.
        public var sportType: String
        /// Start, ISO-8601 UTC without milliseconds: `"2026-03-18T07:30:00Z"`.
        public var startDate: String

        /// An activity from its parts.
        public init(
            name: String, distance: Double, movingTime: Int, elevationGain: Int, averageSpeed: Double, type: String,
            sportType: String, startDate: String
        ) {
            self.name = name
            self.distance = distance
            self.movingTime = movingTime
            self.elevationGain = elevationGain
            self.averageSpeed = averageSpeed
            self.type = type
            self.sportType = sportType
            self.startDate = startDate
        }

        enum CodingKeys: String, CodingKey {
            case name, distance, movingTime, elevationGain, averageSpeed, type, sportType, startDate
        }

        /// Encodes the keys in the worker's order.
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(name, forKey: .name)
            try container.encode(distance, forKey: .distance)
            try container.encode(movingTime, forKey: .movingTime)
            try container.encode(elevationGain, forKey: .elevationGain)
            try container.encode(averageSpeed, forKey: .averageSpeed)
            try container.encode(type, forKey: .type)
            try container.encode(sportType, forKey: .sportType)
            try container.encode(startDate, forKey: .startDate)
        }

        var json: OrderedJSON {
            .object([
                ("name", .string(name)), ("distance", .number(distance)), ("movingTime", .int(movingTime)),
                ("elevationGain", .int(elevationGain)), ("averageSpeed", .number(averageSpeed)),
                ("type", .string(type)), ("sportType", .string(sportType)), ("startDate", .string(startDate)),
            ])
        }
    }

    enum CodingKeys: String, CodingKey {
        case lastFetchedAt, weekLabel, weekStart, weekEnd, memberCount, totalActivities, dateSource, enrolledCount
        case members
    }

    /// Encodes the keys in the worker's order (kept by encoders that keep order; see ``jsonData()``).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(lastFetchedAt, forKey: .lastFetchedAt)
        try container.encode(weekLabel, forKey: .weekLabel)
        try container.encode(weekStart, forKey: .weekStart)
        try container.encode(weekEnd, forKey: .weekEnd)
        try container.encode(memberCount, forKey: .memberCount)
        try container.encode(totalActivities, forKey: .totalActivities)
        try container.encode(dateSource, forKey: .dateSource)
        try container.encode(enrolledCount, forKey: .enrolledCount)
        try container.encode(members, forKey: .members)
    }

    /// The payload as compact JSON with keys in the worker's order, like `JSON.stringify`:
    /// whole numbers without a decimal point (`40`), no escaped slashes, UTF-8.
    public func jsonData() -> Data { Data(jsonString().utf8) }

    /// ``jsonData()`` as a string.
    public func jsonString() -> String {
        var output = ""
        OrderedJSON.object([
            ("lastFetchedAt", .string(lastFetchedAt)), ("weekLabel", .string(weekLabel)),
            ("weekStart", .string(weekStart)), ("weekEnd", .string(weekEnd)), ("memberCount", .int(memberCount)),
            ("totalActivities", .int(totalActivities)), ("dateSource", .string(dateSource)),
            ("enrolledCount", .int(enrolledCount)), ("members", .array(members.map(\.json))),
        ]).write(to: &output)
        return output
    }

    /// Builds the payload of `week` from the club's activities (others are ignored).
    ///
    /// Only activities of a counted sport type inside the week count, once per (member, external id).
    /// Rows are per member, named with ``Format/privacyName(firstName:lastName:)``; activities of members
    /// not in `members` (who left the club) are left out. Activities are listed in start order.
    public static func build(
        week: Week, activities: [ClubWeekly.Activity], members: [ClubWeekly.Member], counting sportTypes: Set<String>,
        enrolledCount: Int, now: Date
    ) -> ClubDataFeed {
        var memberByID: [MemberID: ClubWeekly.Member] = [:]
        for member in members where memberByID[member.id] == nil { memberByID[member.id] = member }

        let counted = WeeklyStats.countedActivities(activities, in: week, counting: sportTypes)
            .filter { memberByID[$0.memberID] != nil }
            .sorted { a, b in
                if a.startDate != b.startDate { return a.startDate < b.startDate }
                if a.memberID != b.memberID { return a.memberID.rawValue < b.memberID.rawValue }
                return a.externalID < b.externalID
            }

        // Rows in order of each member's first activity: the worker's object insertion order.
        var order: [MemberID] = []
        var grouped: [MemberID: [ClubWeekly.Activity]] = [:]
        for activity in counted {
            if grouped[activity.memberID] == nil { order.append(activity.memberID) }
            grouped[activity.memberID, default: []].append(activity)
        }

        let rows = order.compactMap { id -> Member? in
            guard let member = memberByID[id], let list = grouped[id] else { return nil }
            return row(name: Format.privacyName(firstName: member.firstName, lastName: member.lastName), list)
        }
        // Stable: equal rounded distances keep insertion order.
        let sorted = rows.enumerated().sorted { a, b in
            a.element.totalDistance != b.element.totalDistance
                ? a.element.totalDistance > b.element.totalDistance : a.offset < b.offset
        }.map(\.element)

        let sources = Set(counted.map(\.source))
        let dateSource = sources.count > 1 ? "mixed" : (sources.first ?? .strava).rawValue

        return ClubDataFeed(
            lastFetchedAt: ISOTime.string(now, milliseconds: true), weekLabel: week.shortLabel,
            weekStart: week.firstDay, weekEnd: week.lastDay, memberCount: sorted.count,
            totalActivities: sorted.reduce(0) { SafeNumbers.add($0, $1.rideCount) }, dateSource: dateSource,
            enrolledCount: max(0, enrolledCount), members: sorted)
    }

    /// The legacy Strava `type` of a `sport_type`, which the iOS client requires (non-null):
    /// `GravelRide` and `MountainBikeRide` → `Ride`, `EMountainBikeRide` → `EBikeRide`, `TrailRun` → `Run`,
    /// types that exist as legacy types map to themselves, anything else → `Workout`.
    public static func legacyType(for sportType: String) -> String {
        switch sportType {
        case "MountainBikeRide", "GravelRide": "Ride"
        case "EMountainBikeRide": "EBikeRide"
        case "TrailRun": "Run"
        case _ where legacyTypes.contains(sportType): sportType
        default: "Workout"
        }
    }

    /// Strava's legacy `ActivityType` values.
    static let legacyTypes: Set<String> = [
        "AlpineSki", "BackcountrySki", "Canoeing", "Crossfit", "EBikeRide", "Elliptical", "Golf", "Handcycle", "Hike",
        "IceSkate", "InlineSkate", "Kayaking", "Kitesurf", "NordicSki", "Ride", "RockClimbing", "RollerSki", "Rowing",
        "Run", "Sail", "Skateboard", "Snowboard", "Snowshoe", "Soccer", "StairStepper", "StandUpPaddling", "Surfing",
        "Swim", "Velomobile", "VirtualRide", "VirtualRun", "Walk", "WeightTraining", "Wheelchair", "Windsurf",
        "Workout", "Yoga",
    ]

    private static func row(name: String, _ activities: [ClubWeekly.Activity]) -> Member {
        var rawKm = 0.0
        var weighted = 0.0
        var elevation = 0
        var movingTime = 0
        var items: [Activity] = []
        for activity in activities {
            let km = SafeNumbers.nonNegative(activity.distance) / 1000
            let seconds = SafeNumbers.nonNegative(activity.movingTime)
            let kmh = seconds > 0 ? km / Double(seconds) * 3600 : 0
            rawKm += km
            weighted += kmh * km
            let climb = SafeNumbers.roundedInt(SafeNumbers.nonNegative(activity.elevationGain))
            elevation = SafeNumbers.add(elevation, climb)
            movingTime = SafeNumbers.add(movingTime, seconds)
            items.append(
                Activity(
                    name: activity.name, distance: SafeNumbers.round(km, decimals: 1), movingTime: seconds,
                    elevationGain: climb, averageSpeed: SafeNumbers.round(kmh, decimals: 1),
                    type: legacyType(for: activity.sportType), sportType: activity.sportType,
                    startDate: ISOTime.string(activity.startDate, milliseconds: false)))
        }
        return Member(
            name: name, rideCount: activities.count, totalDistance: SafeNumbers.round(rawKm, decimals: 1),
            totalElevation: elevation, totalMovingTime: movingTime,
            avgSpeed: rawKm > 0 ? SafeNumbers.round(weighted / rawKm, decimals: 1) : 0,
            movingTimeFormatted: Format.duration(movingTime), activities: items)
    }
}

/// A JSON value whose objects keep their key order, written like JavaScript's `JSON.stringify`.
enum OrderedJSON {
    case string(String)
    case number(Double)
    case int(Int)
    case array([OrderedJSON])
    case object([(String, OrderedJSON)])

    func write(to output: inout String) {
        switch self {
        case .string(let text): JSONText.appendQuoted(text, to: &output, controlEscapes: .short)
        case .int(let value): output += String(value)
        case .number(let value): output += JSONText.number(value)
        case .array(let items):
            output += "["
            for (index, item) in items.enumerated() {
                if index > 0 { output += "," }
                item.write(to: &output)
            }
            output += "]"
        case .object(let pairs):
            output += "{"
            for (index, pair) in pairs.enumerated() {
                if index > 0 { output += "," }
                JSONText.appendQuoted(pair.0, to: &output, controlEscapes: .short)
                output += ":"
                pair.1.write(to: &output)
            }
            output += "}"
        }
    }
}
