import ActivityFiles
import AsyncHTTPClient
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import NIOCore
import NIOFoundationCompat
import ServerKit
import StravaAPI
import StravaServer
import TestSupport
import Testing

@testable import JustZone2Server

/// Records the sleeps of the uploader instead of sleeping.
actor SleepLog {
    var sleeps: [Duration] = []
    func add(_ duration: Duration) { sleeps.append(duration) }
}

@Suite("JustZone2 and Strava")
struct Zone2StravaTests {
    /// The app over the fake. `wait` is the interactive Strava budget: tests that are not about it get one no
    /// machine reaches (10 s ran out on a loaded CI machine: the history test took 12 s of work).
    func app(
        _ strava: FakeStrava?, configured: Bool = true, wait: TimeAmount = .seconds(600)
    ) async throws -> JustZone2App {
        let database = try await TestDatabases.make(.sqlite)
        try await Migrator(JustZone2App.migrations).migrate(database)
        var config = ServerConfig()
        if configured, let strava {
            config.strava.clientID = "12345"
            config.strava.clientSecret = "fake-secret"
            config.strava.apiBaseURL = strava.apiBaseURL
            config.strava.oauthBaseURL = strava.oauthBaseURL
        }
        var logger = Logger(label: "test")
        logger.logLevel = .warning
        let strava = try StravaServices(
            settings: config.strava, governor: InMemoryRateLimitGovernor(), logger: logger, interactiveBudget: wait)
        return JustZone2App(config: config, database: database, strava: strava, logger: logger)
    }

    func json(_ object: [String: Any]) -> ByteBuffer {
        ByteBuffer(data: (try? JSONSerialization.data(withJSONObject: object)) ?? Data())
    }

    @Test("token and refresh answer with Strava's token response; the secret never leaves the server")
    func tokens() async throws {
        let strava = try await FakeStrava.start()
        let zone2 = try await app(strava)
        let router = Router(context: AppRequestContext.self)
        zone2.addRoutes(to: router)
        let code = await strava.state.authorize(athlete: 42)
        try await Application(router: router).test(.router) { client in
            let token = try await client.execute(uri: "/zone2/token", method: .post, body: json(["code": code]))
            #expect(token.status == .ok)
            let body = try #require(try JSONSerialization.jsonObject(with: Data(buffer: token.body)) as? [String: Any])
            let refresh = try #require(body["refresh_token"] as? String)
            #expect(body["access_token"] is String && body["expires_at"] is Int)
            #expect((body["athlete"] as? [String: Any])?["id"] as? Int == 42)
            #expect(!String(buffer: token.body).contains("fake-secret"))

            // The answer carries every field the OpenAPI document requires of a token.
            let document = try await client.execute(uri: "/zone2/openapi.json", method: .get)
            let spec = try #require(
                try JSONSerialization.jsonObject(with: Data(buffer: document.body)) as? [String: Any])
            let schemas = (spec["components"] as? [String: Any])?["schemas"] as? [String: Any]
            let required = ((schemas?["Token"] as? [String: Any])?["required"] as? [String]) ?? []
            #expect(!required.isEmpty && required.allSatisfy { body[$0] != nil })

            let refreshed = try await client.execute(
                uri: "/zone2/refresh", method: .post, body: json(["refresh_token": refresh]))
            #expect(refreshed.status == .ok)

            for (path, body, message) in [
                ("/zone2/token", ["nope": "x"], "Missing code"), ("/zone2/refresh", [:], "Missing refresh_token"),
            ] {
                let bad = try await client.execute(uri: path, method: .post, body: json(body))
                #expect(bad.status == .badRequest)
                #expect(String(buffer: bad.body).contains(message))
            }
            let garbage = try await client.execute(uri: "/zone2/token", method: .post, body: ByteBuffer(string: "{"))
            #expect(garbage.status == .badRequest)
            let huge = try await client.execute(
                uri: "/zone2/token", method: .post, body: json(["code": String(repeating: "x", count: 20_000)]))
            #expect(huge.status == .contentTooLarge)
            #expect(String(buffer: huge.body).contains("larger than 16 kB"))
            let refused = try await client.execute(uri: "/zone2/token", method: .post, body: json(["code": "stolen"]))
            #expect(refused.status == .badRequest)
            #expect(String(buffer: refused.body).contains("Strava refused"))
        }
        await strava.stop()
    }

    @Test("history: indoor rides with streams and Zone 2 numbers, streams cached after the first fetch")
    func history() async throws {
        let strava = try await FakeStrava.start()
        let zone2 = try await app(strava)
        let router = Router(context: AppRequestContext.self)
        zone2.addRoutes(to: router)
        let code = await strava.state.authorize(athlete: 7)
        let now = Date()
        func ride(_ id: Int64, _ type: String, trainer: Bool, daysAgo: Double) -> SummaryActivity {
            SummaryActivity(
                id: id, name: "Ride \(id)", sportType: type, startDate: now.addingTimeInterval(-daysAgo * 86_400),
                distance: 30_000, movingTime: 3600, elapsedTime: 3600, totalElevationGain: 0, trainer: trainer)
        }
        for activity in [
            ride(1, "VirtualRide", trainer: false, daysAgo: 2), ride(2, "Ride", trainer: true, daysAgo: 1),
            ride(3, "Ride", trainer: false, daysAgo: 3), ride(4, "VirtualRide", trainer: false, daysAgo: 200),
        ] {
            await strava.state.put(activity, athlete: 7)
        }
        let series = ActivityStreams(
            time: Array(0..<600), heartrate: (0..<600).map { 110 + $0 / 20 }, watts: Array(repeating: 170, count: 600))
        await strava.state.putStreams(series, activity: 1)
        await strava.state.putStreams(series, activity: 2)
        try await Application(router: router).test(.router) { client in
            let token = try await client.execute(uri: "/zone2/token", method: .post, body: json(["code": code]))
            let access = try #require(
                (try JSONSerialization.jsonObject(with: Data(buffer: token.body)) as? [String: Any])?["access_token"]
                    as? String)
            let headers: HTTPFields = [.authorization: "Bearer \(access)"]
            let first = try await client.execute(
                uri: "/zone2/history?days=30&zone=120-130", method: .get, headers: headers)
            #expect(first.status == .ok)
            let body = try #require(try JSONSerialization.jsonObject(with: Data(buffer: first.body)) as? [String: Any])
            let rides = try #require(body["rides"] as? [[String: Any]])
            #expect(rides.map { $0["id"] as? Int } == [2, 1], "indoor rides of the last 30 days, newest first")
            #expect(rides.first?["timeInZone"] as? Double == 220)
            #expect((rides.first?["streams"] as? [String: Any])?["watts"] is [Int])
            let fetched = await strava.state.counts.count("GET", "/api/v3/activities/{id}/streams")
            #expect(fetched == 2)
            _ = try await client.execute(uri: "/zone2/history?days=30", method: .get, headers: headers)
            #expect(await strava.state.counts.count("GET", "/api/v3/activities/{id}/streams") == fetched)

            #expect(try await client.execute(uri: "/zone2/history", method: .get).status == .unauthorized)
            let wrong = try await client.execute(
                uri: "/zone2/history", method: .get, headers: [.authorization: "Bearer nope"])
            #expect(wrong.status == .unauthorized)
            for bad in ["days=0", "days=abc", "zone=130", "zone=150-120"] {
                let response = try await client.execute(uri: "/zone2/history?\(bad)", method: .get, headers: headers)
                #expect(response.status == .badRequest, "\(bad)")
            }
        }
        await strava.stop()
    }

    @Test("a Strava that accepts but never answers costs a user one bounded attempt and a 504; refused is a 502")
    func slowStrava() async throws {
        let strava = try await FakeStrava.start()
        let zone2 = try await app(strava, wait: .milliseconds(300))
        let router = Router(context: AppRequestContext.self)
        zone2.addRoutes(to: router)
        await strava.state.inject(.delay(.seconds(1)), times: 4)
        try await Application(router: router).test(.router) { client in
            let history = try await client.execute(
                uri: "/zone2/history", method: .get, headers: [.authorization: "Bearer some-token"])
            #expect(history.status == .gatewayTimeout)
            #expect(String(buffer: history.body).contains("did not answer within 0.3 s"))
            let token = try await client.execute(uri: "/zone2/token", method: .post, body: json(["code": "x"]))
            #expect(token.status == .gatewayTimeout)
            let refresh = try await client.execute(
                uri: "/zone2/refresh", method: .post, body: json(["refresh_token": "r"]))
            #expect(refresh.status == .gatewayTimeout)
        }
        // One attempt each: a user's call is never retried into a minute's wait.
        #expect(await strava.state.counts.total == 3)
        await strava.stop()

        // A Strava that refuses connections answers 502 at once.
        let gone = try await app(strava)
        let goneRouter = Router(context: AppRequestContext.self)
        gone.addRoutes(to: goneRouter)
        try await Application(router: goneRouter).test(.router) { client in
            let history = try await client.execute(
                uri: "/zone2/history", method: .get, headers: [.authorization: "Bearer some-token"])
            #expect(history.status == .badGateway)
        }
    }

    @Test("without a Strava app configured the endpoints say so")
    func notConfigured() async throws {
        let zone2 = try await app(nil, configured: false)
        let router = Router(context: AppRequestContext.self)
        zone2.addRoutes(to: router)
        try await Application(router: router).test(.router) { client in
            let response = try await client.execute(uri: "/zone2/token", method: .post, body: json(["code": "x"]))
            #expect(response.status == .serviceUnavailable)
            #expect(String(buffer: response.body).contains("STRAVA_CLIENT_ID"))
        }
    }

    @Test("uploader: a FIT ride becomes an activity, polled no faster than once a second; duplicates and bad files end")
    func uploads() async throws {
        let strava = try await FakeStrava.start()
        await strava.state.setUploadProcessingPolls(3)
        let code = await strava.state.authorize(athlete: 7)
        let client = try Self.patientClient(strava)
        let token = try await client.exchange(code: code)
        let log = SleepLog()
        let uploader = StravaUploader(client: client) { await log.add($0) }
        let start = Date(timeIntervalSince1970: 1_795_000_000)
        let ride = Activity(
            name: "Zone 2", sport: .cycling, subSport: .indoorCycling, startTime: start,
            samples: (0..<600).map {
                ActivitySample(time: start.addingTimeInterval(Double($0)), power: 180, heartRate: 130)
            })
        let file = UploadFile(dataType: "fit", data: FITWriter.data(for: ride), name: "Zone 2", externalID: "ride-1")

        let first = try await uploader.upload(file, accessToken: token.accessToken)
        guard case .created(let activity) = first else {
            Issue.record("expected a created activity, got \(first)")
            return
        }
        let sleeps = await log.sleeps
        #expect(sleeps.count == 4)
        #expect(sleeps.allSatisfy { $0 >= .seconds(1) })
        #expect(await strava.state.uploadedNames["ride-1"] == "Zone 2")

        let again = try await uploader.upload(file, accessToken: token.accessToken)
        #expect(again == .duplicate(activityID: activity, message: "ride-1.fit duplicate of activity \(activity)"))

        var empty = file
        empty.data = Data()
        empty.externalID = "ride-2"
        let bad = try await uploader.upload(empty, accessToken: token.accessToken)
        #expect(bad == .failed(message: "Improperly formatted data."))

        let impatient = StravaUploader(client: client, maxPolls: 1) { _ in }
        var slow = file
        slow.externalID = "ride-3"
        guard case .stillProcessing = try await impatient.upload(slow, accessToken: token.accessToken) else {
            Issue.record("a processing upload after the last poll is reported as such")
            return
        }
        await strava.stop()
    }

    /// A Strava client of the fake with a 60 s upstream timeout: generous, so that a loaded machine never turns these
    /// good paths into timeouts (the app's own client waits 20 s).
    static func patientClient(_ strava: FakeStrava) throws -> StravaClient {
        StravaClient(
            configuration: StravaConfiguration(
                clientID: "12345", clientSecret: "fake-secret",
                apiBaseURL: try #require(URL(string: strava.apiBaseURL)),
                oauthBaseURL: try #require(URL(string: strava.oauthBaseURL))),
            transport: UpstreamStravaTransport(
                client: UpstreamHTTPClient(client: .shared, timeout: .seconds(60), logger: Logger(label: "t"))),
            governor: InMemoryRateLimitGovernor())
    }

    @Test("zone2 upload: a ride file becomes an activity, the same file again is a duplicate, other files are refused")
    func uploadCommand() async throws {
        let strava = try await FakeStrava.start()
        await strava.state.setUploadProcessingPolls(1)
        let zone2 = try await app(strava)
        let code = await strava.state.authorize(athlete: 9)
        let patient = try Self.patientClient(strava)
        let token = try await patient.exchange(code: code)
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("jz2-upload-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let start = Date(timeIntervalSince1970: 1_795_000_000)
        let ride = Activity(
            name: "Zone 2", sport: .cycling, subSport: .indoorCycling, startTime: start,
            samples: (0..<120).map { ActivitySample(time: start.addingTimeInterval(Double($0)), power: 170) })
        let path = directory.appendingPathComponent("ride-42.fit").path
        try FITWriter.data(for: ride).write(to: URL(fileURLWithPath: path))
        let uploader = StravaUploader(client: patient) { _ in }
        let first = try await zone2.upload(
            fileAt: path, accessToken: token.accessToken, name: "Zone 2", uploader: uploader)
        #expect(first.hasPrefix("Uploaded: https://www.strava.com/activities/"))
        let second = try await zone2.upload(fileAt: path, accessToken: token.accessToken, name: nil, uploader: uploader)
        #expect(second.hasPrefix("Already on Strava: https://www.strava.com/activities/"))
        #expect(
            await strava.state.counts.count("POST", "/api/v3/uploads") == 1,
            "the same ride again is answered from the record, without a second POST")
        let text = directory.appendingPathComponent("notes.txt").path
        try Data("hello".utf8).write(to: URL(fileURLWithPath: text))
        await #expect(throws: Zone2ToolError.self) {
            try await zone2.upload(fileAt: text, accessToken: token.accessToken, name: nil, uploader: uploader)
        }
        #expect(await strava.state.counts.count("POST", "/api/v3/uploads") == 1, "a refused file spends no request")
        await strava.stop()
    }

    @Test("zone2 upload run again while Strava still processes the ride follows the first upload, never POSTs twice")
    func uploadResumes() async throws {
        let strava = try await FakeStrava.start()
        await strava.state.setUploadProcessingPolls(3)
        let zone2 = try await app(strava)
        let code = await strava.state.authorize(athlete: 9)
        let patient = try Self.patientClient(strava)
        let token = try await patient.exchange(code: code)
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("jz2-resume-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let start = Date(timeIntervalSince1970: 1_795_100_000)
        let ride = Activity(
            name: "Zone 2", sport: .cycling, subSport: .indoorCycling, startTime: start,
            samples: (0..<120).map { ActivitySample(time: start.addingTimeInterval(Double($0)), power: 165) })
        let path = directory.appendingPathComponent("ride-43.fit").path
        try FITWriter.data(for: ride).write(to: URL(fileURLWithPath: path))

        // The first run gives up while Strava is still processing (as a crash or timeout after the POST would).
        let impatient = StravaUploader(client: patient, maxPolls: 1) { _ in }
        let first = try await zone2.upload(
            fileAt: path, accessToken: token.accessToken, name: "Z2", uploader: impatient)
        #expect(first.hasPrefix("Strava is still processing upload "))
        // Run again: the recorded upload is followed to its activity; the file is not sent again.
        let patientUploader = StravaUploader(client: patient) { _ in }
        let second = try await zone2.upload(
            fileAt: path, accessToken: token.accessToken, name: "Z2", uploader: patientUploader)
        #expect(second.hasPrefix("Uploaded: https://www.strava.com/activities/"))
        let third = try await zone2.upload(
            fileAt: path, accessToken: token.accessToken, name: "Z2", uploader: patientUploader)
        #expect(third.hasPrefix("Already on Strava: https://www.strava.com/activities/"))
        #expect(await strava.state.counts.count("POST", "/api/v3/uploads") == 1)
        #expect(
            second.dropFirst("Uploaded: ".count)
                == third.dropFirst("Already on Strava: ".count).prefix(while: { $0 != " " }))

        // A changed file under the same name is another ride: it is sent.
        let other = Activity(
            name: "Zone 2", sport: .cycling, subSport: .indoorCycling, startTime: start.addingTimeInterval(86_400),
            samples: (0..<120).map { ActivitySample(time: start.addingTimeInterval(86_400 + Double($0)), power: 160) })
        try FITWriter.data(for: other).write(to: URL(fileURLWithPath: path))
        _ = try await zone2.upload(fileAt: path, accessToken: token.accessToken, name: "Z2", uploader: patientUploader)
        #expect(await strava.state.counts.count("POST", "/api/v3/uploads") == 2)
        await strava.stop()
    }

    @Test("duplicate messages name the existing activity in either of Strava's wordings")
    func duplicateParsing() {
        #expect(UploadStatus(id: 1, error: "a.fit duplicate of activity 123", status: "x").duplicateOf == 123)
        #expect(
            UploadStatus(id: 1, error: "Duplicate of <a href='/activities/456'>Morning</a>", status: "x").duplicateOf
                == 456)
        #expect(UploadStatus(id: 1, error: "Improperly formatted data.", status: "x").duplicateOf == nil)
        #expect(StravaUploader.delay(beforePoll: 0) == .seconds(1))
        #expect(StravaUploader.delay(beforePoll: 9) == .seconds(3))
    }
}
