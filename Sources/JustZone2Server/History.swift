import Foundation
import JustZone2
import SQLKit
import ServerKit
import StravaAPI

/// JustZone2's tables. Times are epoch milliseconds (UTC).
enum JustZone2Schema {
    static let migrations: [Migration] = [
        Migration(id: "jz2-0001-stream-cache") { _ in
            [
                """
                CREATE TABLE jz2_stream_cache (
                    activity_id BIGINT PRIMARY KEY,
                    athlete_id BIGINT NOT NULL,
                    body TEXT NOT NULL,
                    fetched_at BIGINT NOT NULL
                )
                """
            ]
        },
        // Rides sent to Strava: the upload id once Strava has the file, the activity once it is processed.
        Migration(
            id: "jz2-0002-uploads",
            [
                """
                CREATE TABLE jz2_uploads (
                    upload_key TEXT PRIMARY KEY,
                    upload_id BIGINT NOT NULL,
                    activity_id BIGINT,
                    created_at BIGINT NOT NULL)
                """
            ]),
    ]
}

/// Rides uploaded to Strava, keyed by the ride's `external_id` and the file's SHA-256: uploading the same ride again
/// (a retry after a crash or a timeout) follows the recorded upload instead of POSTing the file a second time.
struct UploadLedger: Sendable {
    let database: Database

    struct Entry: Sendable, Equatable {
        var uploadID: Int64
        var activityID: Int64?
    }

    static func key(externalID: String, data: Data) -> String {
        "\(externalID):\(Tokens.sha256(data))"
    }

    func find(_ key: String) async throws -> Entry? {
        try await database.run { db in
            try await db.raw("SELECT upload_id, activity_id FROM jz2_uploads WHERE upload_key = \(bind: key)").first()
                .map {
                    Entry(
                        uploadID: try $0.decode(column: "upload_id", as: Int64.self),
                        activityID: try $0.decode(column: "activity_id", as: Int64?.self))
                }
        }
    }

    /// Records Strava's upload id as soon as Strava has the file.
    func started(_ key: String, uploadID: Int64, now: Date = Date()) async throws {
        try await database.run { db in
            try await db.raw(
                """
                INSERT INTO jz2_uploads (upload_key, upload_id, created_at)
                VALUES (\(bind: key), \(bind: uploadID), \(bind: now.epochMilliseconds))
                ON CONFLICT (upload_key) DO UPDATE SET upload_id = excluded.upload_id, activity_id = NULL
                """
            ).run()
        }
    }

    /// Records the activity the upload became (or duplicates).
    func finished(_ key: String, activityID: Int64) async throws {
        try await database.run { db in
            try await db.raw(
                "UPDATE jz2_uploads SET activity_id = \(bind: activityID) WHERE upload_key = \(bind: key)"
            ).run()
        }
    }

    /// Forgets an upload Strava refused, so a corrected file can be sent.
    func forget(_ key: String) async throws {
        try await database.run { db in
            try await db.raw("DELETE FROM jz2_uploads WHERE upload_key = \(bind: key)").run()
        }
    }
}

/// Strava activity streams kept in the database: a ride's series never change after upload, so each is fetched
/// once.
struct StreamCache: Sendable {
    let database: Database

    func find(_ activity: Int64, athlete: Int64) async throws -> ActivityStreams? {
        let body = try await database.run { db in
            try await db.raw(
                """
                SELECT body FROM jz2_stream_cache
                WHERE activity_id = \(bind: activity) AND athlete_id = \(bind: athlete)
                """
            ).first().map { try $0.decode(column: "body", as: String.self) }
        }
        return body.flatMap { try? JSONDecoder().decode(ActivityStreams.self, from: Data($0.utf8)) }
    }

    func store(_ streams: ActivityStreams, activity: Int64, athlete: Int64, now: Date) async throws {
        let body = String(decoding: try JSONEncoder().encode(streams), as: UTF8.self)
        try await database.transaction { db in
            try await db.raw("DELETE FROM jz2_stream_cache WHERE activity_id = \(bind: activity)").run()
            try await db.raw(
                """
                INSERT INTO jz2_stream_cache (activity_id, athlete_id, body, fetched_at)
                VALUES (\(bind: activity), \(bind: athlete), \(bind: body), \(bind: now.epochMilliseconds))
                """
            ).run()
        }
    }
}

/// One ride of the history.
struct HistoryRide: Encodable, Sendable {
    var id: Int64
    var name: String
    var start: Date
    var movingTime: Int
    var sportType: String
    var averageHeartRate: Double?
    var averagePower: Double?
    var timeInZone: TimeInterval?
    var efficiencyFactor: Double?
    var decoupling: Double?
    var streams: ActivityStreams
}

/// The athlete's indoor rides of the last `days` days with their streams and Zone 2 numbers.
struct Zone2History: Sendable {
    let client: StravaClient
    let cache: StreamCache
    var now: @Sendable () -> Date = Date.init

    /// Indoor rides: virtual rides, or rides marked as ridden on a trainer.
    static func isIndoorRide(_ activity: SummaryActivity) -> Bool {
        let type = activity.sportType ?? activity.type ?? ""
        return type == "VirtualRide" || (type.hasSuffix("Ride") && activity.trainer == true)
    }

    func rides(accessToken: String, days: Int, zone: HeartRateZone?) async throws -> [HistoryRide] {
        let athlete = try await client.athlete(accessToken: accessToken)
        let after = now().addingTimeInterval(-Double(days) * 86_400)
        let activities = try await client.allAthleteActivities(accessToken: accessToken, after: after, maxPages: 5)
            .filter(Self.isIndoorRide).sorted { $0.startDate > $1.startDate }
        var rides: [HistoryRide] = []
        for activity in activities {
            let streams: ActivityStreams
            if let cached = try await cache.find(activity.id, athlete: athlete.id) {
                streams = cached
            } else {
                streams = try await client.streams(activityID: activity.id, accessToken: accessToken)
                try await cache.store(streams, activity: activity.id, athlete: athlete.id, now: now())
            }
            let samples = streams.time.indices.map { index in
                RecordedSample(
                    elapsed: Double(streams.time[index]), power: streams.watts?[index],
                    cadence: streams.cadence?[index], heartRate: streams.heartrate?[index])
            }
            let analysis = WorkoutAnalyzer.analyze(samples, zone: zone)
            rides.append(
                HistoryRide(
                    id: activity.id, name: activity.name, start: activity.startDate, movingTime: activity.movingTime,
                    sportType: activity.sportType ?? activity.type ?? "Ride",
                    averageHeartRate: analysis.averageHeartRate ?? activity.averageHeartrate,
                    averagePower: analysis.averagePower ?? activity.averageWatts, timeInZone: analysis.timeInZone,
                    efficiencyFactor: analysis.efficiencyFactor, decoupling: analysis.decoupling, streams: streams))
        }
        return rides
    }
}
