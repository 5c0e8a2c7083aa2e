import Foundation
import Testing

@testable import StravaAPI

@Suite("OAuth requests")
struct OAuthTests {
    @Test("authorize URL carries client id, redirect, code response, prompt, comma-separated scope and state")
    func authorizeURL() throws {
        let client = Fixtures.client(FakeTransport())
        let url = client.authorizeURL(
            redirectURI: "https://club.example/strava/callback?next=/a&b", state: "xyz 1",
            approvalPrompt: "force")
        let components = try #require(URLComponents(url: url, resolvingAgainstBaseURL: false))
        #expect(components.scheme == "https")
        #expect(components.host == "www.strava.com")
        #expect(components.path == "/oauth/authorize")
        let request = HTTPRequest(url: url)
        #expect(
            request.queryItems == [
                "client_id": "12345",
                "redirect_uri": "https://club.example/strava/callback?next=/a&b",
                "response_type": "code",
                "approval_prompt": "force",
                "scope": "read,activity:read_all",
                "state": "xyz 1",
            ])
    }

    @Test("code exchange posts the form to oauth/token and decodes tokens and athlete")
    func exchange() async throws {
        let transport = FakeTransport([Fixtures.response(200, Fixtures.tokenExchangeJSON)])
        let governor = RecordingGovernor()
        let token = try await Fixtures.client(transport, governor: governor).exchange(code: "abc&def")
        #expect(token.accessToken == "a4b945687g")
        #expect(token.refreshToken == "e5n567567")
        #expect(token.expiresAt == 1_773_850_050)
        #expect(token.expiresIn == 21600)
        #expect(token.tokenType == "Bearer")
        #expect(token.scope == nil)
        #expect(token.athlete?.id == 134815)
        #expect(token.athlete?.firstname == "Marianne")
        #expect(token.athlete?.profileMedium == "https://example.org/medium.jpg")

        let request = try #require(await transport.requests.first)
        #expect(request.method == "POST")
        #expect(request.url.absoluteString == "https://www.strava.com/oauth/token")
        #expect(request.header("content-type") == "application/x-www-form-urlencoded")
        #expect(
            request.form == [
                "client_id": "12345", "client_secret": "s3cr3t&=+", "code": "abc&def",
                "grant_type": "authorization_code",
            ])
        #expect(await governor.calls == [.acquire(.write), .record(status: 200, kind: .write)])
    }

    @Test("refresh posts grant_type=refresh_token and decodes a response without athlete")
    func refresh() async throws {
        let transport = FakeTransport([Fixtures.response(200, Fixtures.tokenRefreshJSON)])
        let token = try await Fixtures.client(transport).refresh(refreshToken: "old-refresh")
        #expect(token.accessToken == "a9b723")
        #expect(token.refreshToken == "b5c569")
        #expect(token.athlete == nil)
        let request = try #require(await transport.requests.first)
        #expect(
            request.form == [
                "client_id": "12345", "client_secret": "s3cr3t&=+", "grant_type": "refresh_token",
                "refresh_token": "old-refresh",
            ])
    }

    @Test("a refused refresh token is a bad request with Strava's message")
    func refreshRejected() async throws {
        let body = """
            {"message":"Bad Request","errors":[{"resource":"RefreshToken","field":"refresh_token","code":"invalid"}]}
            """
        let transport = FakeTransport([Fixtures.response(400, body)])
        await #expect(
            throws: StravaError.badRequest(status: 400, message: "Bad Request: RefreshToken refresh_token invalid")
        ) {
            try await Fixtures.client(transport).refresh(refreshToken: "stale")
        }
    }

    @Test("revoke sends HTTP Basic client credentials and the token in the body")
    func revoke() async throws {
        let transport = FakeTransport([Fixtures.response(200, "{}")])
        try await Fixtures.client(transport).revoke(accessToken: "tok en")
        let request = try #require(await transport.requests.first)
        #expect(request.method == "POST")
        #expect(request.url.absoluteString == "https://www.strava.com/oauth/revoke")
        let expected = Data("12345:s3cr3t&=+".utf8).base64EncodedString()
        #expect(request.header("Authorization") == "Basic \(expected)")
        #expect(request.form == ["token": "tok en"])
        #expect(String(decoding: request.body ?? Data(), as: UTF8.self) == "token=tok%20en")
    }

    @Test("revoke treats 401 and 404 as already revoked", arguments: [401, 404])
    func revokeAlreadyGone(status: Int) async throws {
        let transport = FakeTransport([Fixtures.response(status, #"{"message":"Authorization Error"}"#)])
        try await Fixtures.client(transport).revoke(accessToken: "gone")
        #expect(await transport.requests.count == 1)
    }

    @Test("revoke still fails on a server error")
    func revokeServerError() async throws {
        let transport = FakeTransport([Fixtures.response(503, "")])
        await #expect(throws: StravaError.server(status: 503, message: "HTTP 503")) {
            try await Fixtures.client(transport).revoke(accessToken: "tok")
        }
    }

    @Test("legacy deauthorize posts access_token")
    func deauthorize() async throws {
        let transport = FakeTransport([Fixtures.response(200, #"{"access_token":"tok"}"#)])
        try await Fixtures.client(transport).deauthorize(accessToken: "tok")
        let request = try #require(await transport.requests.first)
        #expect(request.url.absoluteString == "https://www.strava.com/oauth/deauthorize")
        #expect(request.form == ["access_token": "tok"])
    }
}

@Suite("Activity requests")
struct ActivityRequestTests {
    @Test("athlete activities: bearer token, after and before as epoch seconds, page and per_page")
    func athleteActivitiesRequest() async throws {
        let transport = FakeTransport([Fixtures.response(200, Fixtures.activitiesJSON([1, 2]))])
        let governor = RecordingGovernor()
        let after = try Fixtures.date("2026-03-01T00:00:00Z")
        let before = try Fixtures.date("2026-03-08T00:00:00.750Z")
        let activities = try await Fixtures.client(transport, governor: governor).athleteActivities(
            accessToken: "tok", after: after, before: before, page: 3, perPage: 50)
        #expect(activities.map(\.id) == [1, 2])
        let request = try #require(await transport.requests.first)
        #expect(request.method == "GET")
        #expect(request.url.path == "/api/v3/athlete/activities")
        #expect(
            request.queryItems == ["after": "1772323200", "before": "1772928000", "page": "3", "per_page": "50"])
        #expect(request.header("Authorization") == "Bearer tok")
        #expect(request.body == nil)
        #expect(await governor.calls == [.acquire(.read), .record(status: 200, kind: .read)])
    }

    @Test("without dates the query has only page and per_page, clamped to Strava's bounds")
    func athleteActivitiesClamped() async throws {
        let transport = FakeTransport([Fixtures.response(200, "[]")])
        _ = try await Fixtures.client(transport).athleteActivities(
            accessToken: "tok", after: nil, before: nil, page: 0, perPage: 500)
        let request = try #require(await transport.requests.first)
        #expect(request.queryItems == ["page": "1", "per_page": "200"])
    }

    @Test("paging continues while pages are full and stops at a short page")
    func pagingStopsAtShortPage() async throws {
        let transport = FakeTransport([
            Fixtures.response(200, Fixtures.activitiesJSON([1, 2])),
            Fixtures.response(200, Fixtures.activitiesJSON([3, 4])),
            Fixtures.response(200, Fixtures.activitiesJSON([5])),
        ])
        let all = try await Fixtures.client(transport).allAthleteActivities(
            accessToken: "tok", after: Fixtures.now.addingTimeInterval(-86_400), perPage: 2)
        #expect(all.map(\.id) == [1, 2, 3, 4, 5])
        let pages = await transport.requests.map { $0.queryItems["page"] }
        #expect(pages == ["1", "2", "3"])
    }

    @Test("paging stops at an empty page")
    func pagingStopsAtEmptyPage() async throws {
        let transport = FakeTransport([
            Fixtures.response(200, Fixtures.activitiesJSON([1, 2])),
            Fixtures.response(200, "[]"),
        ])
        let all = try await Fixtures.client(transport).allAthleteActivities(accessToken: "tok", after: nil, perPage: 2)
        #expect(all.count == 2)
        #expect(await transport.requests.count == 2)
    }

    @Test("paging stops after maxPages")
    func pagingStopsAtMaxPages() async throws {
        let transport = FakeTransport([
            Fixtures.response(200, Fixtures.activitiesJSON([1, 2])),
            Fixtures.response(200, Fixtures.activitiesJSON([3, 4])),
            Fixtures.response(200, Fixtures.activitiesJSON([5, 6])),
        ])
        let all = try await Fixtures.client(transport).allAthleteActivities(
            accessToken: "tok", after: nil, perPage: 2, maxPages: 2)
        #expect(all.map(\.id) == [1, 2, 3, 4])
        #expect(await transport.requests.count == 2)
    }

    @Test("an error on a later page is thrown, not swallowed")
    func pagingError() async throws {
        let transport = FakeTransport([
            Fixtures.response(200, Fixtures.activitiesJSON([1, 2])),
            Fixtures.response(500, #"{"message":"Internal Server Error"}"#),
        ])
        await #expect(throws: StravaError.server(status: 500, message: "Internal Server Error")) {
            try await Fixtures.client(transport).allAthleteActivities(accessToken: "tok", after: nil, perPage: 2)
        }
    }

    @Test("one activity by id")
    func activityByID() async throws {
        let transport = FakeTransport([Fixtures.response(200, Fixtures.activityJSON(id: 987_654_321_012))])
        let activity = try await Fixtures.client(transport).activity(id: 987_654_321_012, accessToken: "tok")
        #expect(activity.id == 987_654_321_012)
        #expect(activity.athlete == AthleteRef(id: 134815))
        let request = try #require(await transport.requests.first)
        #expect(request.url.absoluteString == "https://www.strava.com/api/v3/activities/987654321012")
    }

    @Test("a configured base URL (with a trailing slash) is used for API and OAuth")
    func configuredBaseURL() async throws {
        let configuration = StravaConfiguration(
            clientID: "1", clientSecret: "2", apiBaseURL: try #require(URL(string: "http://127.0.0.1:9999/api/v3/")),
            oauthBaseURL: try #require(URL(string: "http://127.0.0.1:9999/oauth")))
        let transport = FakeTransport([
            Fixtures.response(200, Fixtures.activityJSON(id: 7)), Fixtures.response(200, Fixtures.tokenRefreshJSON),
        ])
        let client = Fixtures.client(transport, configuration: configuration)
        _ = try await client.activity(id: 7, accessToken: "tok")
        _ = try await client.refresh(refreshToken: "r")
        let urls = await transport.requests.map(\.url.absoluteString)
        #expect(urls == ["http://127.0.0.1:9999/api/v3/activities/7", "http://127.0.0.1:9999/oauth/token"])
        #expect(
            client.authorizeURL(redirectURI: "x", state: "s").absoluteString.hasPrefix(
                "http://127.0.0.1:9999/oauth/authorize?"))
    }
}

@Suite("Error mapping")
struct ErrorMappingTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var status: Int
        var body: String
        var expected: StravaError
        var testDescription: String { "HTTP \(status)" }
    }

    static let cases: [Case] = [
        Case(
            status: 401,
            body:
                #"{"message":"Authorization Error","errors":[{"resource":"Athlete","field":"access_token","code":"invalid"}]}"#,
            expected: .unauthorized("Authorization Error: Athlete access_token invalid")),
        Case(
            status: 403,
            body: #"{"message":"Forbidden","errors":[{"resource":"Application","field":"","code":"inactive"}]}"#,
            expected: .forbidden("Forbidden: Application inactive")),
        Case(
            status: 404,
            body: #"{"message":"Record Not Found","errors":[{"resource":"Activity","field":"id","code":"invalid"}]}"#,
            expected: .notFound("Record Not Found: Activity id invalid")),
        Case(
            status: 422, body: "not json at all",
            expected: .badRequest(status: 422, message: "HTTP 422: not json at all")),
        Case(status: 500, body: "<html><body>oops</body></html>", expected: .server(status: 500, message: "HTTP 500")),
        Case(status: 502, body: "", expected: .server(status: 502, message: "HTTP 502")),
    ]

    @Test("statuses map to typed errors with Strava's message", arguments: cases)
    func statusMapping(testCase: Case) async throws {
        let transport = FakeTransport([Fixtures.response(testCase.status, testCase.body)])
        let governor = RecordingGovernor()
        let client = Fixtures.client(transport, governor: governor)
        await #expect(throws: testCase.expected) {
            try await client.activity(id: 1, accessToken: "tok")
        }
        #expect(await governor.calls == [.acquire(.read), .record(status: testCase.status, kind: .read)])
    }

    @Test("429 with Strava's body waits for the next quarter hour and is recorded")
    func tooManyRequests() async throws {
        let transport = FakeTransport([
            Fixtures.response(429, Fixtures.rateLimitBody, limit: "200,2000", usage: "201,950")
        ])
        let governor = RecordingGovernor()
        await #expect(throws: StravaError.rateLimited(until: try Fixtures.date("2026-03-18T10:15:00Z"))) {
            try await Fixtures.client(transport, governor: governor).activity(id: 1, accessToken: "tok")
        }
        #expect(await governor.calls == [.acquire(.read), .record(status: 429, kind: .read)])
    }

    @Test("429 when the daily budget is spent waits for midnight UTC")
    func tooManyRequestsDaily() async throws {
        let transport = FakeTransport([
            Fixtures.response(
                429, Fixtures.rateLimitBody,
                headers: ["X-ReadRateLimit-Limit": "100,1000", "X-ReadRateLimit-Usage": "40,1001"],
                limit: "200,2000", usage: "40,1500")
        ])
        await #expect(throws: StravaError.rateLimited(until: try Fixtures.date("2026-03-19T00:00:00Z"))) {
            try await Fixtures.client(transport).athleteActivities(
                accessToken: "tok", after: nil, before: nil, page: 1, perPage: 30)
        }
    }

    @Test("garbage JSON in a 200 is a decoding error naming what was read")
    func garbageJSON() async throws {
        let transport = FakeTransport([
            Fixtures.response(200, "{\"id\": 1, \"name\": \"x\""),
            Fixtures.response(200, #"[{"id":1,"name":"x"}]"#),
        ])
        let client = Fixtures.client(transport)
        do {
            _ = try await client.activity(id: 1, accessToken: "tok")
            Issue.record("expected a decoding error")
        } catch {
            guard case .decoding(let message) = error else {
                Issue.record("unexpected \(error)")
                return
            }
            #expect(message.hasPrefix("activity 1:"))
        }
        do {
            _ = try await client.athleteActivities(accessToken: "tok", after: nil, before: nil, page: 1, perPage: 30)
            Issue.record("expected a decoding error")
        } catch {
            #expect(error == .decoding("athlete activities: missing start_date at [0]"))
        }
    }

    @Test("a transport failure is a retryable transport error")
    func transportFailure() async throws {
        let transport = FakeTransport(failure: FakeTransport.ConnectionRefused())
        let governor = RecordingGovernor()
        do {
            _ = try await Fixtures.client(transport, governor: governor).activity(id: 1, accessToken: "tok")
            Issue.record("expected a transport error")
        } catch {
            #expect(error == .transport("connection refused"))
            #expect(error.isRetryable)
        }
        #expect(await governor.calls == [.acquire(.read)])
    }

    @Test("a governor refusal sends nothing")
    func governorRefusal() async throws {
        let until = try Fixtures.date("2026-03-18T10:15:00Z")
        let transport = FakeTransport([Fixtures.response(200, "[]")])
        await #expect(throws: StravaError.rateLimited(until: until)) {
            try await Fixtures.client(transport, governor: RecordingGovernor(refuseUntil: until))
                .athleteActivities(accessToken: "tok", after: nil, before: nil, page: 1, perPage: 30)
        }
        #expect(await transport.requests.isEmpty)
    }

    @Test("after a 429 the in-memory governor refuses further calls until the boundary")
    func inMemoryGovernorBlocksAfter429() async throws {
        let transport = FakeTransport([
            Fixtures.response(429, Fixtures.rateLimitBody, usage: "200,900"), Fixtures.response(200, "[]"),
        ])
        let governor = InMemoryRateLimitGovernor(now: { Fixtures.now })
        let client = Fixtures.client(transport, governor: governor)
        let until = try Fixtures.date("2026-03-18T10:15:00Z")
        await #expect(throws: StravaError.rateLimited(until: until)) {
            try await client.activity(id: 1, accessToken: "tok")
        }
        await #expect(throws: StravaError.rateLimited(until: until)) {
            try await client.activity(id: 2, accessToken: "tok")
        }
        #expect(await transport.requests.count == 1)
        #expect(await governor.state.blockedUntil == until)
        #expect(await governor.state.overallUsageDaily == 900)
    }

    @Test("retryability and messages")
    func retryability() throws {
        #expect(StravaError.server(status: 500, message: "x").isRetryable)
        #expect(StravaError.transport("timeout").isRetryable)
        #expect(!StravaError.unauthorized("x").isRetryable)
        #expect(!StravaError.badRequest(status: 400, message: "x").isRetryable)
        #expect(!StravaError.rateLimited(until: Fixtures.now).isRetryable)
        #expect(!StravaError.decoding("x").isRetryable)
        #expect(StravaError.unauthorized("Authorization Error").message.contains("reconnect"))
        #expect(
            StravaError.rateLimited(until: try Fixtures.date("2026-03-18T10:15:00Z")).message
                .contains("2026-03-18T10:15:00Z"))
        #expect(StravaError.from(response: HTTPResponse(status: 204), at: Fixtures.now) == nil)
    }
}
