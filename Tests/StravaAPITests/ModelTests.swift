import Foundation
import Testing

@testable import StravaAPI

@Suite("Dates")
struct DateTests {
    @Test(
        "ISO 8601 with and without fractional seconds and offsets",
        arguments: [
            ("2026-03-18T07:30:00Z", 1_773_819_000.0),
            ("2026-03-18T07:30:00.000Z", 1_773_819_000.0),
            ("2026-03-18T07:30:00.5Z", 1_773_819_000.5),
            ("2026-03-18T08:30:00+01:00", 1_773_819_000.0),
            ("2026-03-18T02:30:00-0500", 1_773_819_000.0),
            ("2026-03-18 07:30:00", 1_773_819_000.0),
            ("2026-03-18T07:30Z", 1_773_819_000.0),
            ("2026-03-18", 1_773_792_000.0),
            ("1969-12-31T23:59:59Z", -1.0),
        ])
    func parses(text: String, seconds: Double) {
        #expect(StravaDecoding.date(fromISO8601: text)?.timeIntervalSince1970 == seconds)
    }

    @Test(
        "invalid ISO 8601 is rejected",
        arguments: [
            "", "2026-3-18T07:30:00Z", "2026-02-30T07:30:00Z", "2026-03-18T24:00:00Z", "2026-03-18T07:30:00Q",
            "2026-03-18T07:30:00.Z", "yesterday", "2026-03-18T07:30:00Zjunk",
        ])
    func rejects(text: String) {
        #expect(StravaDecoding.date(fromISO8601: text) == nil)
    }

    @Test("formatting writes UTC with milliseconds only when needed")
    func formats() {
        #expect(
            StravaDecoding.iso8601String(from: Date(timeIntervalSince1970: 1_773_819_000)) == "2026-03-18T07:30:00Z")
        #expect(
            StravaDecoding.iso8601String(from: Date(timeIntervalSince1970: 1_773_819_000.25))
                == "2026-03-18T07:30:00.250Z")
        #expect(StravaDecoding.iso8601String(from: Date(timeIntervalSince1970: -1)) == "1969-12-31T23:59:59Z")
        #expect(StravaDecoding.iso8601String(from: Date(timeIntervalSince1970: 951_782_400)) == "2000-02-29T00:00:00Z")
    }

    @Test("the decoder and encoder round-trip dates")
    func roundTrip() throws {
        struct Box: Codable, Equatable {
            var date: Date
        }
        let box = Box(date: Date(timeIntervalSince1970: 1_773_819_000))
        let data = try StravaDecoding.encoder().encode(box)
        #expect(String(decoding: data, as: UTF8.self) == #"{"date":"2026-03-18T07:30:00Z"}"#)
        #expect(try StravaDecoding.decoder().decode(Box.self, from: data) == box)
        let fractional = Data(#"{"date":"2026-03-18T07:30:00.123Z"}"#.utf8)
        #expect(
            try StravaDecoding.decoder().decode(Box.self, from: fractional).date.timeIntervalSince1970
                == 1_773_819_000.123)
    }
}

@Suite("Activity and token models")
struct ActivityModelTests {
    @Test("a SummaryActivity from Strava decodes, ignoring unknown fields")
    func decodesActivity() throws {
        let activity = try StravaDecoding.decoder().decode(
            SummaryActivity.self, from: Data(Fixtures.activityJSON(id: 154_504_250_376, sportType: "VirtualRide").utf8))
        #expect(
            activity
                == SummaryActivity(
                    id: 154_504_250_376, name: "Morning Ride", type: "Ride", sportType: "VirtualRide",
                    startDate: try Fixtures.date("2026-03-18T07:30:00Z"), startDateLocal: "2026-03-18T08:30:00Z",
                    timezone: "(GMT+01:00) Europe/Zurich", distance: 24931.4, movingTime: 4500, elapsedTime: 4500,
                    totalElevationGain: 0, averageSpeed: 5.54, maxSpeed: 11, averageWatts: 175.2, kilojoules: 788.4,
                    averageHeartrate: 128.3, trainer: true, commute: false, manual: false, visibility: "everyone",
                    athlete: AthleteRef(id: 134815)))
        #expect(activity.resolvedSportType == "VirtualRide")
    }

    @Test("a sparse activity decodes with defaults, and a plain JSONDecoder works too")
    func sparseActivity() throws {
        let json = #"{"id":5,"start_date":"2026-03-18T07:30:00.000Z","moving_time":61.6,"type":"Run"}"#
        let activity = try JSONDecoder().decode(SummaryActivity.self, from: Data(json.utf8))
        #expect(activity.name == "")
        #expect(activity.distance == 0)
        #expect(activity.movingTime == 62)
        #expect(activity.elapsedTime == 0)
        #expect(activity.trainer == nil)
        #expect(activity.resolvedSportType == "Run")
    }

    @Test("resolved sport type falls back from sport_type to type to Workout")
    func resolvedSportType() throws {
        let date = Fixtures.now
        func make(_ sportType: String?, _ type: String?) -> SummaryActivity {
            SummaryActivity(
                id: 1, name: "", type: type, sportType: sportType, startDate: date, distance: 0, movingTime: 0,
                elapsedTime: 0, totalElevationGain: 0)
        }
        #expect(make("GravelRide", "Ride").resolvedSportType == "GravelRide")
        #expect(make(nil, "Ride").resolvedSportType == "Ride")
        #expect(make("", "Walk").resolvedSportType == "Walk")
        #expect(make(nil, nil).resolvedSportType == "Workout")
    }

    @Test("an activity round-trips through Strava's JSON keys with any encoder")
    func activityRoundTrip() throws {
        let activity = SummaryActivity(
            id: 9, name: "Évening \"ride\"", sportType: "Ride", startDate: try Fixtures.date("2026-03-18T17:00:00Z"),
            distance: 1000, movingTime: 100, elapsedTime: 120, totalElevationGain: 5, commute: true,
            athlete: AthleteRef(id: 3))
        let data = try StravaDecoding.encoder().encode(activity)
        let text = String(decoding: data, as: UTF8.self)
        #expect(text.contains(#""start_date":"2026-03-18T17:00:00Z""#))
        #expect(text.contains(#""total_elevation_gain":5"#))
        #expect(try StravaDecoding.decoder().decode(SummaryActivity.self, from: data) == activity)
        #expect(try JSONDecoder().decode(SummaryActivity.self, from: JSONEncoder().encode(activity)) == activity)
    }

    @Test("missing id or a bad date fails decoding")
    func invalidActivity() {
        #expect(throws: DecodingError.self) {
            try StravaDecoding.decoder().decode(
                SummaryActivity.self, from: Data(#"{"start_date":"2026-03-18T07:30:00Z"}"#.utf8))
        }
        #expect(throws: DecodingError.self) {
            try StravaDecoding.decoder().decode(SummaryActivity.self, from: Data(#"{"id":1,"start_date":"soon"}"#.utf8))
        }
    }

    @Test("token expiry helpers")
    func tokenExpiry() throws {
        let token = try StravaDecoding.decoder().decode(TokenResponse.self, from: Data(Fixtures.tokenRefreshJSON.utf8))
        #expect(token.expirationDate == Date(timeIntervalSince1970: 1_773_850_050))
        #expect(!token.needsRefresh(at: Fixtures.now))
        #expect(token.needsRefresh(at: token.expirationDate.addingTimeInterval(-60)))
        let data = try StravaDecoding.encoder().encode(token)
        #expect(String(decoding: data, as: UTF8.self).contains(#""refresh_token":"b5c569""#))
    }
}

@Suite("Webhook events")
struct WebhookTests {
    func decode(_ json: String) throws -> WebhookEvent {
        try StravaWebhook.decodeEvent(Data(json.utf8))
    }

    @Test("activity create")
    func create() throws {
        let event = try decode(
            """
            {"aspect_type":"create","event_time":1773819000,"object_id":1360128428,"object_type":"activity",
             "owner_id":134815,"subscription_id":120475,"updates":{}}
            """)
        #expect(
            event
                == WebhookEvent(
                    objectType: .activity, objectID: 1_360_128_428, aspectType: .create, updates: [:], ownerID: 134815,
                    subscriptionID: 120475, eventTime: 1_773_819_000))
        #expect(!event.isDeauthorization)
        #expect(event.eventDate == Date(timeIntervalSince1970: 1_773_819_000))
    }

    @Test("activity update with title, type and private")
    func update() throws {
        let event = try decode(
            """
            {"aspect_type":"update","event_time":1516126040,"object_id":1360128428,"object_type":"activity",
             "owner_id":134815,"subscription_id":120475,
             "updates":{"title":"Messy","type":"Ride","private":"true"}}
            """)
        #expect(event.aspectType == .update)
        #expect(event.updates == ["title": "Messy", "type": "Ride", "private": "true"])
        #expect(!event.isDeauthorization)
    }

    @Test("activity delete without updates")
    func delete() throws {
        let event = try decode(
            """
            {"aspect_type":"delete","event_time":1516126040,"object_id":1360128428,"object_type":"activity",
             "owner_id":134815,"subscription_id":120475}
            """)
        #expect(event.aspectType == .delete)
        #expect(event.updates.isEmpty)
    }

    @Test("athlete deauthorization")
    func deauthorize() throws {
        let event = try decode(
            """
            {"aspect_type":"update","event_time":1516126040,"object_id":134815,"object_type":"athlete",
             "owner_id":134815,"subscription_id":120475,"updates":{"authorized":"false"}}
            """)
        #expect(event.objectType == .athlete)
        #expect(event.isDeauthorization)
    }

    @Test("bool, number and null update values are tolerated")
    func scalarUpdates() throws {
        let event = try decode(
            """
            {"aspect_type":"update","event_time":1516126040,"object_id":134815,"object_type":"athlete",
             "owner_id":134815,"subscription_id":120475,
             "updates":{"authorized":false,"private":true,"count":3,"ratio":1.5,"gone":null,"nested":{"a":1}}}
            """)
        #expect(event.updates == ["authorized": "false", "private": "true", "count": "3", "ratio": "1.5"])
        #expect(event.isDeauthorization)
    }

    @Test("null or non-object updates read as none")
    func oddUpdates() throws {
        for updates in ["null", "[]", #""x""#] {
            let event = try decode(
                """
                {"aspect_type":"update","event_time":1,"object_id":2,"object_type":"activity","owner_id":3,
                 "subscription_id":4,"updates":\(updates)}
                """)
            #expect(event.updates.isEmpty)
        }
    }

    @Test("an unknown object type or missing field is a decoding error")
    func invalid() {
        #expect(throws: StravaError.self) {
            try decode(
                #"{"aspect_type":"create","event_time":1,"object_id":2,"object_type":"club","owner_id":3,"subscription_id":4}"#
            )
        }
        #expect(throws: StravaError.decoding("webhook event: missing owner_id at top level")) {
            try decode(
                #"{"aspect_type":"create","event_time":1,"object_id":2,"object_type":"activity","subscription_id":4}"#)
        }
        #expect(throws: StravaError.self) { try decode("not json") }
    }

    @Test("an event round-trips through JSON")
    func roundTrip() throws {
        let event = WebhookEvent(
            objectType: .athlete, objectID: 1, aspectType: .update, updates: ["authorized": "false"], ownerID: 1,
            subscriptionID: 2, eventTime: 3)
        let data = try StravaDecoding.encoder().encode(event)
        #expect(try StravaWebhook.decodeEvent(data) == event)
        #expect(String(decoding: data, as: UTF8.self).contains(#""object_type":"athlete""#))
    }

    @Test("the subscription challenge is echoed only for the right verify token")
    func challenge() throws {
        let query = [
            "hub.mode": "subscribe", "hub.challenge": "15f7d1a91c1f40f8a748fd134752feb3", "hub.verify_token": "STRAVA",
        ]
        let body = try #require(StravaWebhook.challengeResponse(query: query, expectedVerifyToken: "STRAVA"))
        let decoded = try JSONDecoder().decode([String: String].self, from: body)
        #expect(decoded == ["hub.challenge": "15f7d1a91c1f40f8a748fd134752feb3"])
        #expect(StravaWebhook.challengeResponse(query: query, expectedVerifyToken: "OTHER") == nil)
        #expect(StravaWebhook.challengeResponse(query: query, expectedVerifyToken: "") == nil)
        var wrongMode = query
        wrongMode["hub.mode"] = "unsubscribe"
        #expect(StravaWebhook.challengeResponse(query: wrongMode, expectedVerifyToken: "STRAVA") == nil)
    }
}

@Suite("Error bodies")
struct ErrorBodyTests {
    @Test("Strava's error JSON is summarised in one line")
    func summary() {
        #expect(
            StravaError.errorDetail(status: 429, body: Data(Fixtures.rateLimitBody.utf8))
                == "Rate Limit Exceeded: Application rate limit exceeded")
        #expect(StravaError.errorDetail(status: 400, body: Data(#"{"message":"Bad Request"}"#.utf8)) == "Bad Request")
        #expect(StravaError.errorDetail(status: 500, body: Data()) == "HTTP 500")
        #expect(StravaError.errorDetail(status: 502, body: Data("Bad\ngateway".utf8)) == "HTTP 502: Bad gateway")
        #expect(StravaError.errorDetail(status: 400, body: Data(#"{"other":1}"#.utf8)) == #"HTTP 400: {"other":1}"#)
    }

    @Test("the configuration description hides the secret")
    func redactedConfiguration() {
        #expect(!Fixtures.configuration.description.contains("s3cr3t"))
        #expect(Fixtures.configuration.apiBaseURL.absoluteString == "https://www.strava.com/api/v3")
        #expect(Fixtures.configuration.oauthBaseURL.absoluteString == "https://www.strava.com/oauth")
    }
}
