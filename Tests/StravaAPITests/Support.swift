import Foundation
import Testing

@testable import StravaAPI

/// An in-process fake of Strava's HTTP endpoints: answers from a queue of canned responses and records requests.
actor FakeTransport: HTTPTransport {
    struct Exhausted: Error, CustomStringConvertible {
        var description: String { "no canned response left" }
    }
    struct ConnectionRefused: Error, CustomStringConvertible {
        var description: String { "connection refused" }
    }

    private(set) var requests: [HTTPRequest] = []
    private var responses: [HTTPResponse]
    private let failure: (any Error)?

    init(_ responses: [HTTPResponse] = [], failure: (any Error)? = nil) {
        self.responses = responses
        self.failure = failure
    }

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        requests.append(request)
        if let failure { throw failure }
        guard !responses.isEmpty else { throw Exhausted() }
        return responses.removeFirst()
    }
}

/// A governor that records the order of calls and can refuse.
actor RecordingGovernor: RateLimitGovernor {
    enum Call: Equatable {
        case acquire(RequestKind)
        case record(status: Int, kind: RequestKind)
    }

    private(set) var calls: [Call] = []
    private let refuseUntil: Date?

    init(refuseUntil: Date? = nil) {
        self.refuseUntil = refuseUntil
    }

    func acquire(_ kind: RequestKind) async throws(StravaError) {
        calls.append(.acquire(kind))
        if let refuseUntil { throw .rateLimited(until: refuseUntil) }
    }

    func record(_ response: HTTPResponse, kind: RequestKind) async {
        calls.append(.record(status: response.status, kind: kind))
    }
}

enum Fixtures {
    /// 2026-03-18 10:07:30 UTC, a Wednesday.
    static let now = Date(timeIntervalSince1970: 1_773_828_450)

    static let configuration = StravaConfiguration(clientID: "12345", clientSecret: "s3cr3t&=+")

    static func date(_ text: String) throws -> Date {
        try #require(StravaDecoding.date(fromISO8601: text), "bad fixture date \(text)")
    }

    static func response(
        _ status: Int = 200, _ body: String = "", headers: [String: String] = [:], limit: String = "200,2000",
        usage: String = "10,100"
    ) -> HTTPResponse {
        var all = ["Content-Type": "application/json", "X-RateLimit-Limit": limit, "X-RateLimit-Usage": usage]
        all.merge(headers) { _, new in new }
        return HTTPResponse(status: status, headers: all, body: Data(body.utf8))
    }

    static func client(
        _ transport: FakeTransport, governor: any RateLimitGovernor = RecordingGovernor(),
        configuration: StravaConfiguration = Fixtures.configuration
    ) -> StravaClient {
        StravaClient(configuration: configuration, transport: transport, governor: governor, now: { Fixtures.now })
    }

    static func activityJSON(id: Int64, name: String = "Morning Ride", sportType: String = "Ride") -> String {
        """
        {"resource_state":2,"athlete":{"id":134815,"resource_state":1},"name":"\(name)","distance":24931.4,
         "moving_time":4500,"elapsed_time":4500,"total_elevation_gain":0,"type":"Ride","sport_type":"\(sportType)",
         "workout_type":null,"id":\(id),"start_date":"2026-03-18T07:30:00Z",
         "start_date_local":"2026-03-18T08:30:00Z","timezone":"(GMT+01:00) Europe/Zurich","utc_offset":3600,
         "achievement_count":0,"kudos_count":3,"map":{"id":"a\(id)","summary_polyline":null},"trainer":true,
         "commute":false,"manual":false,"private":false,"visibility":"everyone","flagged":false,
         "average_speed":5.54,"max_speed":11,"average_watts":175.2,"kilojoules":788.4,"device_watts":true,
         "has_heartrate":true,"average_heartrate":128.3,"max_heartrate":151}
        """
    }

    static func activitiesJSON(_ ids: [Int64]) -> String {
        "[" + ids.map { activityJSON(id: $0) }.joined(separator: ",") + "]"
    }

    static let tokenExchangeJSON = """
        {"token_type":"Bearer","expires_at":1773850050,"expires_in":21600,
         "refresh_token":"e5n567567","access_token":"a4b945687g",
         "athlete":{"id":134815,"username":"marianne","resource_state":2,"firstname":"Marianne","lastname":"T.",
                    "city":"Zürich","country":"Switzerland","sex":"F","premium":true,"summit":true,
                    "profile_medium":"https://example.org/medium.jpg","profile":"https://example.org/large.jpg"}}
        """

    static let tokenRefreshJSON = """
        {"token_type":"Bearer","access_token":"a9b723","expires_at":1773850050,"expires_in":20566,
         "refresh_token":"b5c569"}
        """

    static let rateLimitBody = """
        {"message":"Rate Limit Exceeded","errors":[{"resource":"Application","field":"rate limit","code":"exceeded"}]}
        """
}

extension HTTPRequest {
    /// The query items of the URL, decoded.
    var queryItems: [String: String] {
        var result: [String: String] = [:]
        for item in URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems ?? [] {
            result[item.name] = item.value ?? ""
        }
        return result
    }

    /// The form-encoded body, decoded.
    var form: [String: String] {
        var result: [String: String] = [:]
        for (name, value) in FormEncoding.decode(String(decoding: body ?? Data(), as: UTF8.self)) {
            result[name] = value
        }
        return result
    }
}
