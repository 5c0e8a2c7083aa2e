import Foundation

/// An activity's time series (`GET /activities/{id}/streams?keys=time,heartrate,watts,cadence&key_by_type=true`).
/// Series the activity lacks are nil; all present series have the same length.
public struct ActivityStreams: Sendable, Equatable, Codable {
    /// Seconds since the start.
    public var time: [Int]
    /// Heart rate (bpm).
    public var heartrate: [Int]?
    /// Power (W).
    public var watts: [Int]?
    /// Cadence (rpm).
    public var cadence: [Int]?

    /// Streams from their series.
    public init(time: [Int], heartrate: [Int]? = nil, watts: [Int]? = nil, cadence: [Int]? = nil) {
        self.time = time
        self.heartrate = heartrate
        self.watts = watts
        self.cadence = cadence
    }

    /// Strava's keyed-by-type shape: `{"time": {"data": [...]}, "heartrate": {"data": [...]}, …}`.
    struct Keyed: Decodable {
        struct Series: Decodable { var data: [Double?] }
        var time: Series?
        var heartrate: Series?
        var watts: Series?
        var cadence: Series?
    }

    /// Whether the series line up (same length as `time`).
    public var isConsistent: Bool {
        [heartrate, watts, cadence].allSatisfy { $0 == nil || $0?.count == time.count }
    }
}

extension StravaClient {
    /// The time, heart-rate, power and cadence series of an activity (needs `activity:read`; private activities
    /// need `activity:read_all`).
    public func streams(activityID: Int64, accessToken: String) async throws(StravaError) -> ActivityStreams {
        let url = Self.url(
            configuration.apiBaseURL, path: "activities/\(activityID)/streams",
            query: [("keys", "time,heartrate,watts,cadence"), ("key_by_type", "true")])
        let response = try await send(
            HTTPRequest(
                url: url, headers: ["Authorization": "Bearer \(accessToken)", "Accept": "application/json"]))
        let keyed = try Self.decode(ActivityStreams.Keyed.self, from: response.body, what: "activity streams")
        func ints(_ series: ActivityStreams.Keyed.Series?) -> [Int]? {
            series.map { $0.data.map { value in value.flatMap { $0.isFinite ? Int($0.rounded()) : nil } ?? 0 } }
        }
        let streams = ActivityStreams(
            time: ints(keyed.time) ?? [], heartrate: ints(keyed.heartrate), watts: ints(keyed.watts),
            cadence: ints(keyed.cadence))
        guard streams.isConsistent else {
            throw .decoding("activity streams: series of different lengths")
        }
        return streams
    }
}
