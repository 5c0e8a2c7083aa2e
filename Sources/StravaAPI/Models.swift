import Foundation

/// An athlete as Strava summarises it inside tokens and activities.
public struct SummaryAthlete: Codable, Sendable, Equatable {
    /// Strava's athlete id.
    public var id: Int64
    /// First name, when the scope allows it.
    public var firstname: String?
    /// Last name, when the scope allows it.
    public var lastname: String?
    /// URL of the large profile picture.
    public var profile: String?
    /// URL of the medium profile picture.
    public var profileMedium: String?
    /// City from the athlete's profile.
    public var city: String?
    /// Country from the athlete's profile.
    public var country: String?

    /// Creates an athlete summary.
    public init(
        id: Int64, firstname: String? = nil, lastname: String? = nil, profile: String? = nil,
        profileMedium: String? = nil, city: String? = nil, country: String? = nil
    ) {
        self.id = id
        self.firstname = firstname
        self.lastname = lastname
        self.profile = profile
        self.profileMedium = profileMedium
        self.city = city
        self.country = country
    }

    enum CodingKeys: String, CodingKey {
        case id, firstname, lastname, profile, city, country
        case profileMedium = "profile_medium"
    }
}

/// A reference to an athlete by id, as activities carry it.
public struct AthleteRef: Codable, Sendable, Equatable {
    /// Strava's athlete id.
    public var id: Int64

    /// Creates a reference.
    public init(id: Int64) {
        self.id = id
    }
}

/// The answer of `POST /oauth/token` for both the code exchange and a refresh.
public struct TokenResponse: Codable, Sendable, Equatable {
    /// Usually `Bearer`.
    public var tokenType: String?
    /// The access token, valid for about six hours.
    public var accessToken: String
    /// The refresh token; store every one received because the previous one stops working.
    public var refreshToken: String
    /// When the access token expires, in seconds since 1970.
    public var expiresAt: Int64
    /// Seconds until expiry at the time of the answer.
    public var expiresIn: Int64?
    /// The athlete, sent on the code exchange only.
    public var athlete: SummaryAthlete?
    /// The granted scope. Strava does not send it in this body (it comes in the redirect's `scope` query
    /// parameter); the server fills it in before storing.
    public var scope: String?

    /// Creates a token response.
    public init(
        tokenType: String? = "Bearer", accessToken: String, refreshToken: String, expiresAt: Int64,
        expiresIn: Int64? = nil, athlete: SummaryAthlete? = nil, scope: String? = nil
    ) {
        self.tokenType = tokenType
        self.accessToken = accessToken
        self.refreshToken = refreshToken
        self.expiresAt = expiresAt
        self.expiresIn = expiresIn
        self.athlete = athlete
        self.scope = scope
    }

    /// The expiry as a date.
    public var expirationDate: Date { Date(timeIntervalSince1970: Double(expiresAt)) }

    /// Whether the access token expires within `margin` seconds of `now` and should be refreshed first.
    public func needsRefresh(at now: Date, margin: TimeInterval = 300) -> Bool {
        expirationDate.timeIntervalSince(now) <= margin
    }

    enum CodingKeys: String, CodingKey {
        case tokenType = "token_type"
        case accessToken = "access_token"
        case refreshToken = "refresh_token"
        case expiresAt = "expires_at"
        case expiresIn = "expires_in"
        case athlete, scope
    }
}

/// An activity as `GET /athlete/activities` and `GET /activities/{id}` return it.
///
/// Decoding is tolerant: unknown fields are ignored, fields Strava may omit are optional, and missing
/// numbers default to zero, so one odd activity does not stop a sync.
public struct SummaryActivity: Codable, Sendable, Equatable {
    /// Strava's activity id.
    public var id: Int64
    /// The activity's title.
    public var name: String
    /// The legacy activity type, such as `Ride`.
    public var type: String?
    /// The sport type, such as `GravelRide`; preferred over `type`.
    public var sportType: String?
    /// When the activity started, in UTC.
    public var startDate: Date
    /// The local wall-clock start as Strava sends it (with a misleading `Z`), such as `2026-03-18T08:30:00Z`.
    public var startDateLocal: String?
    /// The time zone as Strava describes it, such as `(GMT+01:00) Europe/Zurich`.
    public var timezone: String?
    /// Distance in metres.
    public var distance: Double
    /// Moving time in seconds.
    public var movingTime: Int
    /// Elapsed time in seconds.
    public var elapsedTime: Int
    /// Elevation gain in metres.
    public var totalElevationGain: Double
    /// Average speed in metres per second.
    public var averageSpeed: Double?
    /// Maximum speed in metres per second.
    public var maxSpeed: Double?
    /// Average power in watts.
    public var averageWatts: Double?
    /// Work in kilojoules.
    public var kilojoules: Double?
    /// Average heart rate in beats per minute.
    public var averageHeartrate: Double?
    /// Whether it was recorded on a trainer.
    public var trainer: Bool?
    /// Whether it is marked as a commute.
    public var commute: Bool?
    /// Whether it was entered manually.
    public var manual: Bool?
    /// `everyone`, `followers_only` or `only_me`.
    public var visibility: String?
    /// The owner.
    public var athlete: AthleteRef?

    /// Creates an activity.
    public init(
        id: Int64, name: String, type: String? = nil, sportType: String? = nil, startDate: Date,
        startDateLocal: String? = nil, timezone: String? = nil, distance: Double, movingTime: Int, elapsedTime: Int,
        totalElevationGain: Double, averageSpeed: Double? = nil, maxSpeed: Double? = nil,
        averageWatts: Double? = nil, kilojoules: Double? = nil, averageHeartrate: Double? = nil,
        trainer: Bool? = nil, commute: Bool? = nil, manual: Bool? = nil, visibility: String? = nil,
        athlete: AthleteRef? = nil
    ) {
        self.id = id
        self.name = name
        self.type = type
        self.sportType = sportType
        self.startDate = startDate
        self.startDateLocal = startDateLocal
        self.timezone = timezone
        self.distance = distance
        self.movingTime = movingTime
        self.elapsedTime = elapsedTime
        self.totalElevationGain = totalElevationGain
        self.averageSpeed = averageSpeed
        self.maxSpeed = maxSpeed
        self.averageWatts = averageWatts
        self.kilojoules = kilojoules
        self.averageHeartrate = averageHeartrate
        self.trainer = trainer
        self.commute = commute
        self.manual = manual
        self.visibility = visibility
        self.athlete = athlete
    }

    /// The sport type to use: `sportType`, else the legacy `type`, else `Workout`.
    public var resolvedSportType: String {
        if let sportType, !sportType.isEmpty { return sportType }
        if let type, !type.isEmpty { return type }
        return "Workout"
    }

    enum CodingKeys: String, CodingKey {
        case id, name, type, timezone, distance, trainer, commute, manual, visibility, athlete, kilojoules
        case sportType = "sport_type"
        case startDate = "start_date"
        case startDateLocal = "start_date_local"
        case movingTime = "moving_time"
        case elapsedTime = "elapsed_time"
        case totalElevationGain = "total_elevation_gain"
        case averageSpeed = "average_speed"
        case maxSpeed = "max_speed"
        case averageWatts = "average_watts"
        case averageHeartrate = "average_heartrate"
    }

    /// Decodes tolerantly; the start date is read as an ISO 8601 string whatever the decoder's date strategy.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.decode(Int64.self, forKey: .id)
        name = try c.decodeIfPresent(String.self, forKey: .name) ?? ""
        type = try c.decodeIfPresent(String.self, forKey: .type)
        sportType = try c.decodeIfPresent(String.self, forKey: .sportType)
        startDate = try c.decodeISODate(forKey: .startDate)
        startDateLocal = try c.decodeIfPresent(String.self, forKey: .startDateLocal)
        timezone = try c.decodeIfPresent(String.self, forKey: .timezone)
        distance = try c.decodeIfPresent(Double.self, forKey: .distance) ?? 0
        movingTime = try c.decodeLenientInt(forKey: .movingTime) ?? 0
        elapsedTime = try c.decodeLenientInt(forKey: .elapsedTime) ?? 0
        totalElevationGain = try c.decodeIfPresent(Double.self, forKey: .totalElevationGain) ?? 0
        averageSpeed = try c.decodeIfPresent(Double.self, forKey: .averageSpeed)
        maxSpeed = try c.decodeIfPresent(Double.self, forKey: .maxSpeed)
        averageWatts = try c.decodeIfPresent(Double.self, forKey: .averageWatts)
        kilojoules = try c.decodeIfPresent(Double.self, forKey: .kilojoules)
        averageHeartrate = try c.decodeIfPresent(Double.self, forKey: .averageHeartrate)
        trainer = try c.decodeIfPresent(Bool.self, forKey: .trainer)
        commute = try c.decodeIfPresent(Bool.self, forKey: .commute)
        manual = try c.decodeIfPresent(Bool.self, forKey: .manual)
        visibility = try c.decodeIfPresent(String.self, forKey: .visibility)
        athlete = try c.decodeIfPresent(AthleteRef.self, forKey: .athlete)
    }

    /// Encodes with Strava's keys; the start date is written as an ISO 8601 string whatever the encoder's strategy.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(id, forKey: .id)
        try c.encode(name, forKey: .name)
        try c.encodeIfPresent(type, forKey: .type)
        try c.encodeIfPresent(sportType, forKey: .sportType)
        try c.encode(ISO8601.format(startDate), forKey: .startDate)
        try c.encodeIfPresent(startDateLocal, forKey: .startDateLocal)
        try c.encodeIfPresent(timezone, forKey: .timezone)
        try c.encode(distance, forKey: .distance)
        try c.encode(movingTime, forKey: .movingTime)
        try c.encode(elapsedTime, forKey: .elapsedTime)
        try c.encode(totalElevationGain, forKey: .totalElevationGain)
        try c.encodeIfPresent(averageSpeed, forKey: .averageSpeed)
        try c.encodeIfPresent(maxSpeed, forKey: .maxSpeed)
        try c.encodeIfPresent(averageWatts, forKey: .averageWatts)
        try c.encodeIfPresent(kilojoules, forKey: .kilojoules)
        try c.encodeIfPresent(averageHeartrate, forKey: .averageHeartrate)
        try c.encodeIfPresent(trainer, forKey: .trainer)
        try c.encodeIfPresent(commute, forKey: .commute)
        try c.encodeIfPresent(manual, forKey: .manual)
        try c.encodeIfPresent(visibility, forKey: .visibility)
        try c.encodeIfPresent(athlete, forKey: .athlete)
    }
}

extension KeyedDecodingContainer {
    /// Reads an ISO 8601 string; falls back to the decoder's own date strategy for non-string values.
    func decodeISODate(forKey key: Key) throws -> Date {
        if let text = try? decode(String.self, forKey: key) {
            guard let date = ISO8601.parse(text) else {
                throw DecodingError.dataCorruptedError(
                    forKey: key, in: self, debugDescription: "Expected an ISO 8601 date, found \"\(text)\"")
            }
            return date
        }
        return try decode(Date.self, forKey: key)
    }

    /// Reads an integer that might have been sent as a floating-point number (`3600` or `3600.0`).
    func decodeLenientInt(forKey key: Key) throws -> Int? {
        if let value = try? decodeIfPresent(Int.self, forKey: key) { return value }
        guard let value = try decodeIfPresent(Double.self, forKey: key) else { return nil }
        guard value.isFinite, abs(value) < Double(Int32.max) else {
            throw DecodingError.dataCorruptedError(
                forKey: key, in: self, debugDescription: "Expected a whole number of seconds, found \(value)")
        }
        return Int(value.rounded())
    }
}
