import Foundation
import JustZone2
import SQLKit
import ServerKit

/// A ride as stored: recorded live (through the bridge or the simulator) or imported from a file.
public struct StoredRide: Sendable, Equatable {
    /// Where the ride came from.
    public enum Source: String, Sendable, Codable { case bridge, simulator, imported }
    /// `live` while the engine rides it; `interrupted` when it stopped without finishing (server restart, tab gone
    /// at the plan's end is still `finished`); `finished` once its file is written.
    public enum Status: String, Sendable, Codable { case live, interrupted, finished }

    public var id: String
    public var riderID: String
    public var startedAt: Date
    public var source: Source
    public var status: Status
    /// "Zone 2 Workout" by default (the original's title: the dominant zone).
    public var name: String
    /// Riding time in seconds (pauses excluded).
    public var duration: Int
    public var averagePower: Int?
    public var averageHeartRate: Int?
    public var maxHeartRate: Int?
    /// Seconds with heart rate inside the rider's Zone 2 when the ride was saved.
    public var zone2Seconds: Int?
    /// The kept part, in seconds from the start; nil keeps the whole ride.
    public var trimStart: Int?
    public var trimEnd: Int?
    /// `pending`, `uploading`, `uploaded`, `failed`; nil = never sent.
    public var uploadState: String?
    /// Strava's message for a failure, or the duplicate's explanation.
    public var uploadMessage: String?
    public var stravaActivityID: Int64?

    public init(
        id: String, riderID: String, startedAt: Date, source: Source, status: Status, name: String = "Zone 2 Workout",
        duration: Int = 0
    ) {
        self.id = id
        self.riderID = riderID
        self.startedAt = startedAt
        self.source = source
        self.status = status
        self.name = name
        self.duration = duration
    }
}

/// Rides of riders: metadata columns for lists and totals, the FIT file once finished, the checkpoint (the
/// recording's JSON) while live. Every read and write names the rider, so one rider never sees another's ride.
struct RideStore: Sendable {
    let database: Database

    private static let columns = """
        id, rider_id, started_ms, source, status, name, duration_s, average_power, average_hr, max_hr, zone2_s,
        trim_start_s, trim_end_s, upload_state, upload_message, strava_activity_id
        """

    /// Stores a new ride with its file (finished or imported) or its first checkpoint (live).
    func insert(_ ride: StoredRide, file: Data? = nil, checkpoint: Data? = nil, now: Date = Date()) async throws {
        let bytes = file.map { [UInt8]($0) }
        let text = checkpoint.map { String(decoding: $0, as: UTF8.self) }
        try await database.run { db in
            try await db.raw(
                """
                INSERT INTO jz2_rides (\(unsafeRaw: Self.columns), file, checkpoint, updated_ms)
                VALUES (\(bind: ride.id), \(bind: ride.riderID), \(bind: ride.startedAt.epochMilliseconds),
                        \(bind: ride.source.rawValue), \(bind: ride.status.rawValue), \(bind: ride.name),
                        \(bind: ride.duration), \(bind: ride.averagePower), \(bind: ride.averageHeartRate),
                        \(bind: ride.maxHeartRate), \(bind: ride.zone2Seconds), \(bind: ride.trimStart),
                        \(bind: ride.trimEnd), \(bind: ride.uploadState), \(bind: ride.uploadMessage),
                        \(bind: ride.stravaActivityID), \(bind: bytes), \(bind: text), \(bind: now.epochMilliseconds))
                """
            ).run()
        }
    }

    /// The rider's rides started in `range` (all when nil), newest first.
    func list(rider: String, startedIn range: Range<Date>? = nil, limit: Int = 500) async throws -> [StoredRide] {
        let from = range?.lowerBound.epochMilliseconds ?? Int64.min
        let to = range?.upperBound.epochMilliseconds ?? Int64.max
        return try await database.run { db in
            try await db.raw(
                """
                SELECT \(unsafeRaw: Self.columns) FROM jz2_rides
                WHERE rider_id = \(bind: rider) AND started_ms >= \(bind: from) AND started_ms < \(bind: to)
                ORDER BY started_ms DESC, id LIMIT \(bind: limit)
                """
            ).all().map(Self.ride)
        }
    }

    /// The rider's ride `id`.
    func find(_ id: String, rider: String) async throws -> StoredRide? {
        try await database.run { db in
            try await db.raw(
                "SELECT \(unsafeRaw: Self.columns) FROM jz2_rides WHERE id = \(bind: id) AND rider_id = \(bind: rider)"
            ).first().map(Self.ride)
        }
    }

    /// The ride's file: FIT (recorded rides, and imports: a FIT as sent, TCX and GPX converted).
    func file(_ id: String, rider: String) async throws -> Data? {
        try await database.run { db in
            guard
                let row = try await db.raw(
                    "SELECT file FROM jz2_rides WHERE id = \(bind: id) AND rider_id = \(bind: rider)"
                ).first(), !(try row.decodeNil(column: "file"))
            else { return nil }
            return Data(try row.decode(column: "file", as: [UInt8].self))
        }
    }

    /// The live ride's last checkpoint (the recording's JSON).
    func checkpoint(_ id: String, rider: String) async throws -> Data? {
        try await database.run { db in
            guard
                let row = try await db.raw(
                    "SELECT checkpoint FROM jz2_rides WHERE id = \(bind: id) AND rider_id = \(bind: rider)"
                ).first(), !(try row.decodeNil(column: "checkpoint"))
            else { return nil }
            return Data(try row.decode(column: "checkpoint", as: String.self).utf8)
        }
    }

    /// Replaces the live ride's checkpoint (and its running duration).
    func saveCheckpoint(_ id: String, rider: String, checkpoint: Data, duration: Int, now: Date = Date()) async throws {
        let text = String(decoding: checkpoint, as: UTF8.self)
        try await database.run { db in
            try await db.raw(
                """
                UPDATE jz2_rides SET checkpoint = \(bind: text), duration_s = \(bind: duration),
                    updated_ms = \(bind: now.epochMilliseconds)
                WHERE id = \(bind: id) AND rider_id = \(bind: rider)
                """
            ).run()
        }
    }

    /// Saves the ride's metadata (and, when given, its file; a finished ride drops its checkpoint).
    func update(_ ride: StoredRide, file: Data? = nil, now: Date = Date()) async throws {
        let bytes = file.map { [UInt8]($0) }
        try await database.transaction { db in
            try await db.raw(
                """
                UPDATE jz2_rides SET status = \(bind: ride.status.rawValue), name = \(bind: ride.name),
                    duration_s = \(bind: ride.duration), average_power = \(bind: ride.averagePower),
                    average_hr = \(bind: ride.averageHeartRate), max_hr = \(bind: ride.maxHeartRate),
                    zone2_s = \(bind: ride.zone2Seconds), trim_start_s = \(bind: ride.trimStart),
                    trim_end_s = \(bind: ride.trimEnd), upload_state = \(bind: ride.uploadState),
                    upload_message = \(bind: ride.uploadMessage), strava_activity_id = \(bind: ride.stravaActivityID),
                    updated_ms = \(bind: now.epochMilliseconds)
                WHERE id = \(bind: ride.id) AND rider_id = \(bind: ride.riderID)
                """
            ).run()
            if let bytes {
                try await db.raw(
                    "UPDATE jz2_rides SET file = \(bind: bytes) WHERE id = \(bind: ride.id) AND rider_id = \(bind: ride.riderID)"
                ).run()
            }
            if ride.status == .finished {
                try await db.raw(
                    "UPDATE jz2_rides SET checkpoint = NULL WHERE id = \(bind: ride.id) AND rider_id = \(bind: ride.riderID)"
                ).run()
            }
        }
    }

    /// Deletes a ride; false when the rider has no such ride.
    @discardableResult
    func delete(_ id: String, rider: String) async throws -> Bool {
        try await database.transaction { db in
            guard
                try await db.raw("SELECT id FROM jz2_rides WHERE id = \(bind: id) AND rider_id = \(bind: rider)")
                    .first() != nil
            else { return false }
            try await db.raw("DELETE FROM jz2_rides WHERE id = \(bind: id)").run()
            return true
        }
    }

    /// Renews the lease of live rides `ids` (their `updated_ms`): the instance riding them is alive.
    func renewLeases(_ ids: [String], now: Date = Date()) async throws {
        guard !ids.isEmpty else { return }
        try await database.run { db in
            try await db.update("jz2_rides").set("updated_ms", to: now.epochMilliseconds)
                .where("id", .in, ids).where("status", .equal, StoredRide.Status.live.rawValue).run()
        }
    }

    /// Rides marked live whose lease was last renewed before `time` (no instance rides them any more).
    func live(leaseBefore time: Date) async throws -> [StoredRide] {
        try await database.run { db in
            try await db.raw(
                """
                SELECT \(unsafeRaw: Self.columns) FROM jz2_rides
                WHERE status = 'live' AND updated_ms < \(bind: time.epochMilliseconds)
                """
            ).all().map(Self.ride)
        }
    }

    /// Rides still marked live (a server restart left them): the engine resumes or finishes them.
    func live() async throws -> [StoredRide] {
        try await database.run { db in
            try await db.raw("SELECT \(unsafeRaw: Self.columns) FROM jz2_rides WHERE status = 'live'")
                .all().map(Self.ride)
        }
    }

    static func ride(_ row: any SQLRow) throws -> StoredRide {
        func optional<T: Decodable>(_ column: String, _ type: T.Type) throws -> T? {
            try row.decodeNil(column: column) ? nil : try row.decode(column: column, as: type)
        }
        var ride = StoredRide(
            id: try row.decode(column: "id", as: String.self),
            riderID: try row.decode(column: "rider_id", as: String.self),
            startedAt: Date(epochMilliseconds: try row.decode(column: "started_ms", as: Int64.self)),
            source: StoredRide.Source(rawValue: try row.decode(column: "source", as: String.self)) ?? .imported,
            status: StoredRide.Status(rawValue: try row.decode(column: "status", as: String.self)) ?? .interrupted,
            name: try row.decode(column: "name", as: String.self),
            duration: try row.decode(column: "duration_s", as: Int.self))
        ride.averagePower = try optional("average_power", Int.self)
        ride.averageHeartRate = try optional("average_hr", Int.self)
        ride.maxHeartRate = try optional("max_hr", Int.self)
        ride.zone2Seconds = try optional("zone2_s", Int.self)
        ride.trimStart = try optional("trim_start_s", Int.self)
        ride.trimEnd = try optional("trim_end_s", Int.self)
        ride.uploadState = try optional("upload_state", String.self)
        ride.uploadMessage = try optional("upload_message", String.self)
        ride.stravaActivityID = try optional("strava_activity_id", Int64.self)
        return ride
    }
}

extension StoredRide {
    /// Fills the list's figures (riding time, averages, maximum heart rate, time in `zone`) from the ride's
    /// samples (the same analysis `clubhouse zone2 analyze` prints).
    public mutating func summarize(_ samples: [RecordedSample], zone: HeartRateZone?) {
        let analysis = WorkoutAnalyzer.analyze(samples, zone: zone)
        duration = Int(analysis.recordedTime.rounded())
        averagePower = analysis.averagePower.map { Int($0.rounded()) }
        averageHeartRate = analysis.averageHeartRate.map { Int($0.rounded()) }
        maxHeartRate = analysis.maximumHeartRate
        zone2Seconds = analysis.timeInZone.map { Int($0.rounded()) }
    }
}
