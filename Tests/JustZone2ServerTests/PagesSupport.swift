import ActivityFiles
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import JustZone2
import Logging
import NIOCore
import NIOFoundationCompat
import ServerKit
import StravaAPI
import StravaServer
import TestSupport
import Testing

@testable import JustZone2Server

/// Builds the JustZone2 app over a fresh SQLite database (with a token key, optionally Strava's fake) and drives its
/// pages through the router; factories for rides and their files.
enum Pages {
    static let form: HTTPFields = [.contentType: "application/x-www-form-urlencoded"]
    /// Mon 23 Nov 2026 00:00 UTC.
    static let monday = Date(timeIntervalSince1970: 1_795_392_000)
    static let utc = TimeZone(identifier: "UTC") ?? .current

    static let snapshots = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
        "__Snapshots__")

    static func assertSnapshot(
        _ html: String, named name: String, sourceLocation: SourceLocation = #_sourceLocation
    )
        throws
    {
        try HTMLSnapshot.assertMatches(
            HTMLSnapshot.normalized(html), named: name, in: snapshots, sourceLocation: sourceLocation)
    }

    /// The app; Strava is the fake (`strava`), or `stravaURL` (a host that refuses, say), or not configured.
    static func app(
        strava: FakeStrava? = nil, stravaURL: String? = nil, configured: Bool = true
    ) async throws
        -> JustZone2App
    {
        let database = try await TestDatabases.make(.sqlite)
        try await Migrator(JustZone2App.migrations).migrate(database)
        var config = ServerConfig()
        config.publicURL = "http://localhost:8080"
        if configured, let base = strava?.baseURL ?? stravaURL {
            config.strava.clientID = "12345"
            config.strava.clientSecret = "fake-secret"
            config.strava.apiBaseURL = base + "/api/v3"
            config.strava.oauthBaseURL = base + "/oauth"
        }
        var logger = Logger(label: "test")
        logger.logLevel = .warning
        let services = try StravaServices(
            settings: config.strava, governor: InMemoryRateLimitGovernor(), logger: logger,
            // Generous: the fake Strava shares a loaded machine with the whole suite (its own time limits are
            // tested in StravaTests with a Strava that never answers).
            interactiveBudget: .seconds(60))
        return JustZone2App(
            config: config, database: database, strava: services,
            cipher: try TokenCipher(encodedKey: String(repeating: "ab", count: 32)),
            logger: logger)
    }

    /// Runs `test` against the app's routes.
    static func withApp(
        strava: FakeStrava? = nil, stravaURL: String? = nil, configured: Bool = true,
        _ test: @Sendable (JustZone2App, any TestClientProtocol) async throws -> Void
    ) async throws {
        let app = try await app(strava: strava, stravaURL: stravaURL, configured: configured)
        let router = Router(context: AppRequestContext.self)
        app.addRoutes(to: router)
        try await Application(router: router).test(.router) { client in try await test(app, client) }
    }

    static func text(_ response: TestResponse) -> String { String(buffer: response.body) }

    static func body(_ pairs: [(String, String)]) -> ByteBuffer {
        ByteBuffer(string: pairs.map { "\($0)=\(RoutePath.encode($1))" }.joined(separator: "&"))
    }

    /// A rider made through the welcome page (age 40 → max 180, Zone 2 106–140): its cookie header and id.
    static func rider(_ client: any TestClientProtocol, app: JustZone2App) async throws -> (cookie: String, id: String)
    {
        let response = try await client.execute(
            uri: "/zone2/welcome", method: .post, headers: form, body: body([("age", "40"), ("action", "set")]))
        #expect(response.status == .seeOther)
        let setCookie = try #require(response.headers[.setCookie])
        let token = try #require(setCookie.split(separator: ";").first.map { String($0) })
        let rider = try #require(
            try await app.riders.find(token: String(token.dropFirst("jz2_rider=".count))))
        return (token, rider.id)
    }

    /// A ride's samples: 5-min warm-up ramp, `minutes` at `watts` with heart rate drifting from 125 to 135, 5-min
    /// cool-down.
    static func samples(minutes: Int = 40, watts: Int = 150) -> [RecordedSample] {
        let main = minutes * 60
        return (0..<(main + 600)).map { second in
            let power: Int
            let heartRate: Int
            if second < 300 {
                power = watts / 2 + watts * second / 600
                heartRate = 100 + second / 12
            } else if second < 300 + main {
                power = watts + (second % 7) - 3
                heartRate = 125 + 10 * (second - 300) / main
            } else {
                power = watts / 2
                heartRate = 120
            }
            return RecordedSample(elapsed: Double(second), power: power, cadence: 88, heartRate: heartRate)
        }
    }

    /// A FIT file of `samples` starting at `start`.
    static func fit(_ samples: [RecordedSample], start: Date, name: String? = "Zone 2 ride") -> Data {
        FITWriter.data(for: activity(samples, start: start, name: name))
    }

    static func activity(_ samples: [RecordedSample], start: Date, name: String? = "Zone 2 ride") -> Activity {
        Activity(
            name: name, sport: .cycling, subSport: .indoorCycling, startTime: start,
            samples: samples.map {
                ActivitySample(
                    time: start.addingTimeInterval($0.elapsed), power: $0.power, heartRate: $0.heartRate,
                    cadence: $0.cadence)
            })
    }

    /// Stores a finished ride of `rider` with its FIT file; returns it.
    @discardableResult
    static func storeRide(
        _ app: JustZone2App, rider: String, start: Date, minutes: Int = 40, source: StoredRide.Source = .bridge,
        status: StoredRide.Status = .finished, id: String = UUID().uuidString.lowercased()
    ) async throws -> StoredRide {
        let samples = samples(minutes: minutes)
        var ride = StoredRide(id: id, riderID: rider, startedAt: start, source: source, status: status)
        ride.summarize(samples, zone: HeartRateZone(lower: 106, upper: 140))
        if status == .interrupted {
            var recording = WorkoutRecording(
                id: id, startedAt: start, plan: WorkoutPlan(mode: .erg(targetWatts: 150), duration: 3600),
                mainTargetWatts: 150)
            for sample in samples {
                recording.record(
                    power: sample.power, target: 150, cadence: sample.cadence, speed: nil, distance: nil,
                    heartRate: sample.heartRate)
            }
            try await app.rides.insert(ride, checkpoint: try JSONEncoder().encode(recording))
        } else {
            try await app.rides.insert(ride, file: fit(samples, start: start))
        }
        return ride
    }

    /// A multipart body with `files` (name, bytes) under the field `files`.
    static func multipart(
        _ files: [(String, Data)], boundary: String = "zone2-test-boundary"
    ) -> (HTTPFields, ByteBuffer) {
        var data = Data()
        for (name, bytes) in files {
            data.append(Data("--\(boundary)\r\n".utf8))
            data.append(
                Data("Content-Disposition: form-data; name=\"files\"; filename=\"\(name)\"\r\n".utf8))
            data.append(Data("Content-Type: application/octet-stream\r\n\r\n".utf8))
            data.append(bytes)
            data.append(Data("\r\n".utf8))
        }
        data.append(Data("--\(boundary)--\r\n".utf8))
        return ([.contentType: "multipart/form-data; boundary=\(boundary)"], ByteBuffer(bytes: data))
    }

    /// The first capture of `pattern` in `text`.
    static func capture(_ pattern: String, in text: String) -> String? {
        guard let regex = try? NSRegularExpression(pattern: pattern),
            let match = regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)),
            let range = Range(match.range(at: 1), in: text)
        else { return nil }
        return String(text[range])
    }
}
