import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import JustZone2
import NIOCore
import NIOFoundationCompat
import ServerKit
import StravaAPI
import TestSupport
import Testing

@testable import JustZone2Server

/// Strava from the pages, against the fake: connect (state bound to the rider's browser), callback (tokens sealed),
/// refresh, upload with its states, a Strava activity's page, disconnect; not configured or unreachable → a clear
/// message, never a hang.
@Suite("JustZone2 pages: Strava")
struct PagesStravaTests {
    /// Connects the rider through the pages: connect → (the athlete approves on Strava) → callback.
    static func connect(
        _ client: any TestClientProtocol, strava: FakeStrava, cookie: String, athlete: Int64 = 42
    ) async throws -> TestResponse {
        let connect = try await client.execute(uri: "/zone2/strava/connect", method: .get, headers: [.cookie: cookie])
        #expect(connect.status == .found)
        let location = try #require(connect.headers[.location])
        #expect(location.hasPrefix(strava.oauthBaseURL + "/authorize?"))
        #expect(location.contains("activity%3Awrite") || location.contains("activity:write"))
        let state = try #require(Pages.capture("state=([^&]+)", in: location))
        let oauth = try #require(connect.headers[.setCookie]?.split(separator: ";").first.map(String.init))
        let code = await strava.state.authorize(athlete: athlete)
        return try await client.execute(
            uri: "/zone2/strava/callback?state=\(state)&code=\(code)&scope=read,activity:write",
            method: .get, headers: [.cookie: "\(cookie); \(oauth)"])
    }

    @Test("connect and callback store the athlete with sealed tokens; a foreign state or browser is refused")
    func connectFlow() async throws {
        let strava = try await FakeStrava.start()
        defer { Task { await strava.stop() } }
        try await Pages.withApp(strava: strava) { app, client in
            let (cookie, id) = try await Pages.rider(client, app: app)
            // Without the state cookie (another browser) nothing is stored.
            let code = await strava.state.authorize(athlete: 42)
            let forged = try await client.execute(
                uri: "/zone2/strava/callback?state=abc&code=\(code)", method: .get, headers: [.cookie: cookie])
            #expect(forged.headers[.location] == "/zone2/settings?strava=state#strava")
            #expect(try await app.riders.find(id: id)?.stravaAthleteID == nil)

            let callback = try await Self.connect(client, strava: strava, cookie: cookie)
            #expect(callback.status == .seeOther)
            #expect(callback.headers[.location] == "/zone2/settings?strava=connected#strava")
            #expect(try await app.riders.find(id: id)?.stravaAthleteID == 42)
            let sealed = try #require(try await app.riders.stravaTokens(rider: id))
            #expect(!sealed.contains("access") && !sealed.contains("refresh"), "tokens are sealed")
            let tokens = try #require(try await app.stravaLink(rider: id))
            #expect(tokens.athleteName == "Rider Test")

            let settings = Pages.text(
                try await client.execute(
                    uri: "/zone2/settings?strava=connected", method: .get, headers: [.cookie: cookie]))
            #expect(settings.contains("Strava is connected") && settings.contains("Disconnect Strava"))

            // A cancelled authorisation.
            let connect = try await client.execute(
                uri: "/zone2/strava/connect", method: .get, headers: [.cookie: cookie])
            let state = try #require(Pages.capture("state=([^&]+)", in: connect.headers[.location] ?? ""))
            let oauth = try #require(connect.headers[.setCookie]?.split(separator: ";").first.map(String.init))
            let denied = try await client.execute(
                uri: "/zone2/strava/callback?state=\(state)&error=access_denied", method: .get,
                headers: [.cookie: "\(cookie); \(oauth)"])
            #expect(denied.headers[.location] == "/zone2/settings?strava=denied#strava")

            // Disconnect forgets the tokens.
            var headers = Pages.form
            headers[.cookie] = cookie
            let disconnect = try await client.execute(uri: "/zone2/strava/disconnect", method: .post, headers: headers)
            #expect(disconnect.headers[.location] == "/zone2/settings?strava=disconnected#strava")
            #expect(try await app.riders.stravaTokens(rider: id) == nil)
            #expect(try await app.riders.find(id: id)?.stravaAthleteID == nil)
        }
    }

    @Test("upload: pending → uploading → uploaded with View on Strava; sending again follows the same upload")
    func upload() async throws {
        let strava = try await FakeStrava.start()
        defer { Task { await strava.stop() } }
        await strava.state.setUploadProcessingPolls(0)
        try await Pages.withApp(strava: strava) { app, client in
            let (cookie, id) = try await Pages.rider(client, app: app)
            let ride = try await Pages.storeRide(app, rider: id, start: Pages.monday)
            let before = Pages.text(
                try await client.execute(uri: "/zone2/rides/\(ride.id)", method: .get, headers: [.cookie: cookie]))
            #expect(before.contains("Connect with Strava"), "no Strava yet: the connect prompt")
            _ = try await Self.connect(client, strava: strava, cookie: cookie)
            let ready = Pages.text(
                try await client.execute(uri: "/zone2/rides/\(ride.id)", method: .get, headers: [.cookie: cookie]))
            #expect(ready.contains("Upload to Strava") && !ready.contains("data-auto-upload"))
            let summary = Pages.text(
                try await client.execute(
                    uri: "/zone2/rides/\(ride.id)/summary", method: .get, headers: [.cookie: cookie]))
            #expect(summary.contains("data-auto-upload=\"10\""), "after a ride: the 10-s countdown (script)")

            let upload = try await client.execute(
                uri: "/zone2/rides/\(ride.id)/upload", method: .post, headers: [.cookie: cookie])
            #expect(upload.status == .seeOther)
            let uploaded = try #require(try await app.rides.find(ride.id, rider: id))
            #expect(uploaded.uploadState == "uploaded" && uploaded.stravaActivityID != nil, "\(uploaded)")
            let page = Pages.text(
                try await client.execute(uri: "/zone2/rides/\(ride.id)", method: .get, headers: [.cookie: cookie]))
            #expect(page.contains("View on Strava") && page.contains("https://www.strava.com/activities/"))
            #expect(await strava.state.counts.count("POST", "/api/v3/uploads") == 1)

            // A second ride sent twice through the service: the ledger follows the first upload.
            let second = try await Pages.storeRide(app, rider: id, start: Pages.monday.addingTimeInterval(86_400))
            let data = try #require(try await app.rideData(second.id, rider: id))
            let token = try #require(try await app.stravaLink(rider: id)).accessToken
            let file = UploadFile(
                dataType: "fit", data: Pages.fit(data.samples, start: second.startedAt), trainer: true,
                externalID: "jz2-\(second.id)")
            let uploader = StravaUploader(client: app.uploadClient, sleep: { _ in })
            let first = await app.sendRide(second, file: file, accessToken: token, uploader: uploader)
            let again = await app.sendRide(second, file: file, accessToken: token, uploader: uploader)
            #expect(first.uploadState == "uploaded" && again.stravaActivityID == first.stravaActivityID)
            #expect(await strava.state.counts.count("POST", "/api/v3/uploads") == 2)
        }
    }

    @Test("a refused file is 'failed' with Strava's message; an expired token is refreshed first")
    func uploadFailureAndRefresh() async throws {
        let strava = try await FakeStrava.start()
        defer { Task { await strava.stop() } }
        try await Pages.withApp(strava: strava) { app, client in
            let (cookie, id) = try await Pages.rider(client, app: app)
            _ = try await Self.connect(client, strava: strava, cookie: cookie)
            let ride = try await Pages.storeRide(app, rider: id, start: Pages.monday)
            let token = try #require(try await app.stravaLink(rider: id)).accessToken
            let bad = UploadFile(dataType: "fit", data: Data("nope".utf8), trainer: true, externalID: "jz2-bad")
            let failed = await app.sendRide(
                ride, file: bad, accessToken: token, uploader: StravaUploader(client: app.uploadClient, sleep: { _ in })
            )
            #expect(failed.uploadState == "failed" && failed.uploadMessage == "Improperly formatted data.")
            let page = Pages.text(
                try await client.execute(uri: "/zone2/rides/\(ride.id)", method: .get, headers: [.cookie: cookie]))
            #expect(page.contains("The last upload failed: Improperly formatted data.") && page.contains("Try again"))

            // A token about to expire is refreshed and the new pair stored.
            var tokens = try #require(try await app.stravaLink(rider: id))
            tokens.expiresAt = Int64(Date().timeIntervalSince1970) + 60
            try await app.storeStrava(athlete: 42, tokens: tokens, rider: id)
            let rider = try #require(try await app.riders.find(id: id))
            let fresh = try await app.stravaAccessToken(rider: rider)
            #expect(fresh != tokens.accessToken)
            #expect(try await app.stravaLink(rider: id)?.accessToken == fresh)
        }
    }

    @Test("a Strava activity of the rider is shown like a ride (read-only); someone else's or an unknown one is 404")
    func activityPage() async throws {
        let strava = try await FakeStrava.start()
        defer { Task { await strava.stop() } }
        try await Pages.withApp(strava: strava) { app, client in
            let (cookie, _) = try await Pages.rider(client, app: app)
            let samples = Pages.samples(minutes: 30)
            let activity = SummaryActivity(
                id: 555, name: "Zwift Zone 2", type: "VirtualRide", sportType: "VirtualRide", startDate: Pages.monday,
                distance: 20_000, movingTime: samples.count, elapsedTime: samples.count, totalElevationGain: 0)
            await strava.state.put(activity, athlete: 42)
            await strava.state.putStreams(
                ActivityStreams(
                    time: samples.map { Int($0.elapsed) }, heartrate: samples.map { $0.heartRate ?? 0 },
                    watts: samples.map { $0.power ?? 0 }, cadence: samples.map { $0.cadence ?? 0 }),
                activity: 555)
            let before = try await client.execute(
                uri: "/zone2/activities/555", method: .get, headers: [.cookie: cookie])
            #expect(before.status == .notFound, "not connected")
            _ = try await Self.connect(client, strava: strava, cookie: cookie)
            let page = try await client.execute(uri: "/zone2/activities/555", method: .get, headers: [.cookie: cookie])
            let html = Pages.text(page)
            #expect(page.status == .ok && html.contains("Zwift Zone 2") && html.contains("View on Strava"))
            #expect(html.contains("steady part") && !html.contains("action=\"/zone2/rides/strava-555/trim\""))
            // The history lists it under "On Strava" (an outdoor ride not named like Zone 2 is left out).
            let outdoor = SummaryActivity(
                id: 556, name: "Commute", sportType: "Ride", startDate: Date().addingTimeInterval(-3600),
                distance: 5000,
                movingTime: 900, elapsedTime: 900, totalElevationGain: 0)
            var recent = activity
            recent.startDate = Date().addingTimeInterval(-7200)
            await strava.state.put(recent, athlete: 42)
            await strava.state.put(outdoor, athlete: 42)
            let history = Pages.text(
                try await client.execute(uri: "/zone2/rides", method: .get, headers: [.cookie: cookie]))
            #expect(history.contains("On Strava") && history.contains("href=\"/zone2/activities/555\""))
            #expect(!history.contains("/zone2/activities/556"))
            let listed = await strava.state.counts.count("GET", "/api/v3/athlete/activities")
            _ = try await client.execute(uri: "/zone2/rides", method: .get, headers: [.cookie: cookie])
            #expect(
                await strava.state.counts.count("GET", "/api/v3/athlete/activities") == listed,
                "the list is kept a few minutes")
            let missing = try await client.execute(
                uri: "/zone2/activities/999", method: .get, headers: [.cookie: cookie])
            #expect(missing.status == .notFound)
            let junk = try await client.execute(uri: "/zone2/activities/abc", method: .get, headers: [.cookie: cookie])
            #expect(junk.status == .notFound)
        }
    }

    @Test("Strava not configured: connect says so, the ride page offers downloads only")
    func notConfigured() async throws {
        try await Pages.withApp(configured: false) { app, client in
            let (cookie, id) = try await Pages.rider(client, app: app)
            let connect = try await client.execute(
                uri: "/zone2/strava/connect", method: .get, headers: [.cookie: cookie])
            #expect(connect.headers[.location] == "/zone2/settings?strava=unavailable#strava")
            let settings = Pages.text(
                try await client.execute(
                    uri: "/zone2/settings?strava=unavailable", method: .get, headers: [.cookie: cookie]))
            #expect(settings.contains("Strava is not set up on this server"))
            let ride = try await Pages.storeRide(app, rider: id, start: Pages.monday)
            let page = Pages.text(
                try await client.execute(uri: "/zone2/rides/\(ride.id)", method: .get, headers: [.cookie: cookie]))
            #expect(page.contains("Strava is not set up on this server") && !page.contains("Upload to Strava"))
        }
    }
}

/// Strava gone (its port closed): every page that asks it answers at once with a message, never a hang or a 500.
@Suite("JustZone2 pages: Strava unreachable")
struct PagesStravaDownTests {
    @Test("callback, history, activity page and upload say Strava could not be reached")
    func unreachable() async throws {
        let strava = try await FakeStrava.start()
        await strava.stop()
        try await Pages.withApp(strava: strava) { app, client in
            let (cookie, id) = try await Pages.rider(client, app: app)
            let connect = try await client.execute(
                uri: "/zone2/strava/connect", method: .get, headers: [.cookie: cookie])
            let state = try #require(Pages.capture("state=([^&]+)", in: connect.headers[.location] ?? ""))
            let oauth = try #require(connect.headers[.setCookie]?.split(separator: ";").first.map(String.init))
            let callback = try await client.execute(
                uri: "/zone2/strava/callback?state=\(state)&code=abc", method: .get,
                headers: [.cookie: "\(cookie); \(oauth)"])
            #expect(callback.headers[.location] == "/zone2/settings?strava=unreachable#strava")

            // A rider connected earlier whose token has expired: refreshing fails, the pages say so.
            let tokens = StravaLinkTokens(accessToken: "a", refreshToken: "r", expiresAt: 1)
            try await app.storeStrava(athlete: 42, tokens: tokens, rider: id)
            let history = try await client.execute(uri: "/zone2/rides", method: .get, headers: [.cookie: cookie])
            #expect(history.status == .ok && Pages.text(history).contains("Strava could not be reached"))
            let activity = try await client.execute(
                uri: "/zone2/activities/5", method: .get, headers: [.cookie: cookie])
            #expect(activity.status == .badGateway && Pages.text(activity).contains("Strava could not be reached"))
            let ride = try await Pages.storeRide(app, rider: id, start: Pages.monday)
            let upload = try await client.execute(
                uri: "/zone2/rides/\(ride.id)/upload", method: .post, headers: [.cookie: cookie])
            #expect(upload.status == .seeOther)
            let failed = try #require(try await app.rides.find(ride.id, rider: id))
            #expect(failed.uploadState == "failed" && failed.uploadMessage?.contains("could not be reached") == true)
        }
    }
}
