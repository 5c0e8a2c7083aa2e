import Foundation
import HTTPTypes
import Hummingbird
import SQLKit
import ServerKit

/// A rider's settings: what the zones, the goal and the ride form start from.
public struct RiderSettings: Sendable, Equatable, Codable {
    /// Maximum heart rate (bpm), from the welcome page's age or typed in.
    public var maxHeartRate: Int?
    public var restingHeartRate: Int?
    /// Functional threshold power (W): power Zone 2 is 56–75 % of it.
    public var ftp: Int?
    /// The core's zone method the rider chose (`Zone2Method` case name), and its resulting Zone 2 (bpm).
    public var zoneMethod: String?
    public var zoneLower: Int?
    public var zoneUpper: Int?
    /// Inputs of the zone methods: lactate-threshold heart rate (Friel, Coggan), age and MAF adjustment (MAF).
    public var thresholdHeartRate: Int?
    public var age: Int?
    public var mafAdjustment: Int?
    /// Weekly Zone 2 goal in minutes.
    public var weeklyGoalMinutes: Int = 150
    /// The ride form's last choices.
    public var lastWatts: Int = 140
    public var lastMinutes: Int = 60
    public var warmUp: Bool = true
    public var heartRateGuided: Bool = false
    /// Whether the welcome page was answered (or skipped).
    public var welcomed: Bool = false

    public init() {}

    /// Reads stored settings; a field missing (an older row) keeps its default.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init()
        maxHeartRate = try c.decodeIfPresent(Int.self, forKey: .maxHeartRate)
        restingHeartRate = try c.decodeIfPresent(Int.self, forKey: .restingHeartRate)
        ftp = try c.decodeIfPresent(Int.self, forKey: .ftp)
        zoneMethod = try c.decodeIfPresent(String.self, forKey: .zoneMethod)
        zoneLower = try c.decodeIfPresent(Int.self, forKey: .zoneLower)
        zoneUpper = try c.decodeIfPresent(Int.self, forKey: .zoneUpper)
        thresholdHeartRate = try c.decodeIfPresent(Int.self, forKey: .thresholdHeartRate)
        age = try c.decodeIfPresent(Int.self, forKey: .age)
        mafAdjustment = try c.decodeIfPresent(Int.self, forKey: .mafAdjustment)
        weeklyGoalMinutes = try c.decodeIfPresent(Int.self, forKey: .weeklyGoalMinutes) ?? weeklyGoalMinutes
        lastWatts = try c.decodeIfPresent(Int.self, forKey: .lastWatts) ?? lastWatts
        lastMinutes = try c.decodeIfPresent(Int.self, forKey: .lastMinutes) ?? lastMinutes
        warmUp = try c.decodeIfPresent(Bool.self, forKey: .warmUp) ?? warmUp
        heartRateGuided = try c.decodeIfPresent(Bool.self, forKey: .heartRateGuided) ?? heartRateGuided
        welcomed = try c.decodeIfPresent(Bool.self, forKey: .welcomed) ?? welcomed
    }
}

/// A rider as the pages see them.
public struct Rider: Sendable, Equatable {
    public var id: String
    public var settings: RiderSettings
    /// The Strava athlete once connected.
    public var stravaAthleteID: Int64?
}

/// Riders: anonymous owners of rides, known by a token in the `jz2_rider` cookie (only its hash is stored), linked
/// to a Strava athlete once they connect.
struct RiderStore: Sendable {
    let database: Database

    /// The cookie holding a rider's token.
    static let cookie = "jz2_rider"
    /// Cookie lifetime: 400 days, the most browsers keep.
    static let maxAge = 400 * 24 * 3600

    /// A new rider; returns it with the token to put in the cookie.
    func create(now: Date = Date()) async throws -> (rider: Rider, token: String) {
        let rider = Rider(id: UUID().uuidString.lowercased(), settings: RiderSettings())
        let token = Tokens.random()
        let settings = try Self.encode(rider.settings)
        try await database.run { db in
            try await db.raw(
                """
                INSERT INTO jz2_riders (id, token_hash, created_ms, settings)
                VALUES (\(bind: rider.id), \(bind: Tokens.sha256(token)), \(bind: now.epochMilliseconds),
                        \(bind: settings))
                """
            ).run()
        }
        return (rider, token)
    }

    /// The rider holding `token`.
    func find(token: String) async throws -> Rider? {
        try await database.run { db in
            try await db.raw(
                """
                SELECT id, settings, strava_athlete_id FROM jz2_riders
                WHERE token_hash = \(bind: Tokens.sha256(token))
                """
            ).first().map(Self.rider)
        }
    }

    /// The rider `id`.
    func find(id: String) async throws -> Rider? {
        try await database.run { db in
            try await db.raw("SELECT id, settings, strava_athlete_id FROM jz2_riders WHERE id = \(bind: id)")
                .first().map(Self.rider)
        }
    }

    /// Saves the rider's settings.
    func save(_ settings: RiderSettings, rider: String) async throws {
        let text = try Self.encode(settings)
        try await database.run { db in
            try await db.raw("UPDATE jz2_riders SET settings = \(bind: text) WHERE id = \(bind: rider)").run()
        }
    }

    /// Links (or with nil unlinks) a Strava athlete and their encrypted tokens.
    func setStrava(athleteID: Int64?, encryptedTokens: String?, rider: String) async throws {
        try await database.run { db in
            try await db.raw(
                """
                UPDATE jz2_riders SET strava_athlete_id = \(bind: athleteID), strava_tokens = \(bind: encryptedTokens)
                WHERE id = \(bind: rider)
                """
            ).run()
        }
    }

    /// The rider's encrypted Strava tokens, if connected.
    func stravaTokens(rider: String) async throws -> String? {
        try await database.run { db in
            try await db.raw("SELECT strava_tokens FROM jz2_riders WHERE id = \(bind: rider)").first()
                .flatMap {
                    try $0.decodeNil(column: "strava_tokens")
                        ? nil : $0.decode(column: "strava_tokens", as: String.self)
                }
        }
    }

    static func rider(_ row: any SQLRow) throws -> Rider {
        let text = try row.decode(column: "settings", as: String.self)
        let settings = (try? JSONDecoder().decode(RiderSettings.self, from: Data(text.utf8))) ?? RiderSettings()
        let athlete: Int64? =
            try row.decodeNil(column: "strava_athlete_id")
            ? nil : try row.decode(column: "strava_athlete_id", as: Int64.self)
        return Rider(id: try row.decode(column: "id", as: String.self), settings: settings, stravaAthleteID: athlete)
    }

    static func encode(_ settings: RiderSettings) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return String(decoding: try encoder.encode(settings), as: UTF8.self)
    }

    /// The `Set-Cookie` value holding `token` (or clearing the cookie when nil).
    static func setCookie(_ token: String?, secure: Bool) -> String {
        let flags = "Path=/; HttpOnly; SameSite=Lax\(secure ? "; Secure" : "")"
        guard let token else { return "\(cookie)=; Max-Age=0; \(flags)" }
        return "\(cookie)=\(token); Max-Age=\(maxAge); \(flags)"
    }
}
