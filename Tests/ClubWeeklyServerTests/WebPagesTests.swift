import ClubWeekly
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import ServerKit
import TestSupport
import Testing

@testable import ClubWeeklyServer

func formBody(_ fields: [(String, String)]) -> ByteBuffer {
    var allowed = CharacterSet.alphanumerics
    allowed.insert(charactersIn: "-._~")
    let text = fields.map {
        "\($0.0)=\($0.1.addingPercentEncoding(withAllowedCharacters: allowed) ?? "")"
    }.joined(separator: "&")
    return ByteBuffer(string: text)
}

let formHeaders: HTTPFields = [.contentType: "application/x-www-form-urlencoded"]

func withCookie(_ cookie: String, _ extra: HTTPFields = [:]) -> HTTPFields {
    var fields = extra
    fields[.cookie] = cookie
    return fields
}

@Suite("Club Weekly web pages")
struct WebPagesTests {
    @Test("the public demo dashboard renders every tab, with a strict CSP and no inline script or style")
    func dashboardTabs() async throws {
        let harness = try await RouteHarness.make()
        try await harness.test { client in
            for (query, marker) in [
                ("", "figure class=\"chart chart-bar\""), ("?tab=table", "data-sortable"),
                ("?tab=rides", "ride-card"), ("?tab=insights", "insight-cards"),
                ("?tab=insights&mode=top3", "chart-compare"), ("?tab=insights&mode=lowest", "insight-cards"),
                ("?metric=elevation", "Top riders — Elevation"),
                ("?week=-2&tab=table&sort=rides&dir=asc", "aria-sort=\"ascending\""),
            ] {
                let page = try await client.execute(uri: "/clubs/demo\(query)", method: .get)
                #expect(page.status == .ok, "\(query)")
                #expect(page.headers[.contentType] == "text/html; charset=utf-8")
                let csp = try #require(page.headers[HTTPField.Name("Content-Security-Policy")!])
                #expect(csp.contains("script-src 'self'") && !csp.contains("unsafe-inline"))
                #expect(page.text.contains(marker), "\(query) lacks \(marker)")
                #expect(!page.text.contains("<script>") && !page.text.contains(" style=\""), "\(query)")
                #expect(page.text.contains("aria-current=\"page\""))
            }
            let fragment = try await client.execute(uri: "/clubs/demo/fragments/table?sort=name", method: .get)
            #expect(fragment.status == .ok)
            #expect(fragment.text.hasPrefix("<div class=\"week-picker\">"))
            #expect(fragment.text.contains("<section id=\"panel\" class=\"panel\" data-tab=\"table\">"))
            // The tab links in a fragment carry its state, so the week links and tabs never go stale.
            #expect(fragment.text.contains("href=\"/clubs/demo?week=-1&amp;tab=table&amp;sort=name&amp;dir=asc\""))
            #expect(!fragment.text.contains("<html"))
        }
    }

    @Test("bad query values get a 400 page that names the valid values, never a crash")
    func badQueries() async throws {
        let harness = try await RouteHarness.make()
        try await harness.test { client in
            for (query, expected) in [
                ("?tab=bogus", "charts, table, rides, insights"),
                ("?metric=watts", "distance, rides, speed, elevation"),
                ("?week=3", "week must be 0"), ("?week=abc", "week must be 0"), ("?week=-400", "out of range"),
                ("?sort=height", "Unknown sort"), ("?tab=table&dir=up", "dir must be"),
            ] {
                let page = try await client.execute(uri: "/clubs/demo\(query)", method: .get)
                #expect(page.status == .badRequest, "\(query)")
                #expect(page.text.contains(expected), "\(query)")
                #expect(page.text.contains("role=\"alert\""))
            }
            let missing = try await client.execute(uri: "/clubs/no-such-club", method: .get)
            #expect(missing.status == .notFound)
            #expect(missing.text.contains("No such club"))
            #expect(try await client.execute(uri: "/clubs/demo/fragments/bogus", method: .get).status == .notFound)
        }
    }

    @Test("a private club sends visitors to the join page; the right code signs in, a wrong one explains")
    func joinFlow() async throws {
        let harness = try await RouteHarness.make()
        let slug = harness.privateSlug
        try await harness.test { client in
            let redirect = try await client.execute(uri: "/clubs/\(slug)", method: .get)
            #expect(redirect.status == .seeOther)
            #expect(redirect.headers[.location] == "/clubs/\(slug)/join")
            #expect(try await client.execute(uri: "/clubs/\(slug)/tv", method: .get).status == .seeOther)
            #expect(
                try await client.execute(uri: "/clubs/\(slug)/fragments/charts", method: .get).status == .unauthorized)

            let join = try await client.execute(uri: "/clubs/\(slug)/join", method: .get)
            #expect(join.status == .ok)
            #expect(join.text.contains("Club activity data only · No routes shared"))
            #expect(join.text.contains("Harbour Wheelers"))
            // Without a Strava app, "Join & connect Strava" signs in and explains on the settings page.
            let connect = try await client.execute(
                uri: "/clubs/\(slug)/join", method: .post, headers: formHeaders,
                body: formBody([("code", harness.privateCode), ("next", "strava")]))
            #expect(connect.headers[.location] == "/clubs/\(slug)/strava/connect")
            let explained = try await client.execute(
                uri: "/clubs/\(slug)/strava/connect", method: .get, headers: withCookie(try #require(connect.cookie)))
            #expect(explained.headers[.location] == "/clubs/\(slug)/settings?strava=unavailable")

            let wrong = try await client.execute(
                uri: "/clubs/\(slug)/join", method: .post, headers: formHeaders,
                body: formBody([("code", "NOPE-NOPE-99")]))
            #expect(wrong.status == .unauthorized)
            #expect(wrong.text.contains("That club code is not right"))
            #expect(wrong.headers[.setCookie] == nil)

            // Lower case and spaces are forgiven, like the JSON API.
            let right = try await client.execute(
                uri: "/clubs/\(slug)/join", method: .post, headers: formHeaders,
                body: formBody([("code", harness.privateCode.lowercased()), ("next", "view")]))
            #expect(right.status == .seeOther)
            #expect(right.headers[.location] == "/clubs/\(slug)")
            let cookie = try #require(right.cookie)
            let dashboard = try await client.execute(uri: "/clubs/\(slug)", method: .get, headers: withCookie(cookie))
            #expect(dashboard.status == .ok)
            #expect(dashboard.text.contains("Sign out"))
            // A quiet new club shows its empty state rather than empty charts.
            #expect(dashboard.text.contains("No rides yet"))

            let out = try await client.execute(
                uri: "/clubs/\(slug)/signout", method: .post, headers: withCookie(cookie))
            #expect(out.status == .seeOther)
            #expect(out.headers[.clearSiteData] == "\"cache\", \"storage\"")
            #expect(out.headers[.location] == "/clubs/\(slug)/join?signed_out=1")
            let joinAgain = try await client.execute(uri: "/clubs/\(slug)/join?signed_out=1", method: .get)
            #expect(joinAgain.text.contains("data-clear-cache=\"true\""))
            #expect(
                try await client.execute(uri: "/clubs/\(slug)", method: .get, headers: withCookie(cookie)).status
                    == .seeOther)
        }
    }

    @Test("ten wrong codes lock the join form with the wait in minutes")
    func lockout() async throws {
        let harness = try await RouteHarness.make()
        try await harness.test { client in
            for _ in 0..<10 {
                _ = try await client.execute(
                    uri: "/clubs/\(harness.privateSlug)/join", method: .post, headers: formHeaders,
                    body: formBody([("code", "WRONG-CODE-11")]))
            }
            let locked = try await client.execute(
                uri: "/clubs/\(harness.privateSlug)/join", method: .post, headers: formHeaders,
                body: formBody([("code", harness.privateCode)]))
            #expect(locked.status == .tooManyRequests)
            #expect(locked.text.contains("Too many wrong codes. Try again in 15 minutes."))
            #expect(locked.headers[.retryAfter] != nil)
        }
    }

    @Test("forms posted from another site are refused")
    func crossSiteForms() async throws {
        let harness = try await RouteHarness.make()
        try await harness.test { client in
            var headers = formHeaders
            headers[.origin] = "https://evil.example"
            let response = try await client.execute(
                uri: "/clubs/\(harness.privateSlug)/join", method: .post, headers: headers,
                body: formBody([("code", harness.privateCode)]))
            #expect(response.status == .forbidden)
            #expect(response.headers[.setCookie] == nil)
        }
    }

    @Test("a member joins by name, imports a Strava export through a multipart form and sees the row report")
    func settingsImport() async throws {
        let harness = try await RouteHarness.make()
        let slug = harness.privateSlug
        try await harness.test { client in
            #expect(
                try await client.execute(uri: "/clubs/\(slug)/settings", method: .get).headers[.location]
                    == "/clubs/\(slug)/join")
            let cookie = try await harness.memberCookie(client)
            let blank = try await client.execute(
                uri: "/clubs/\(slug)/settings/name", method: .post, headers: withCookie(cookie, formHeaders),
                body: formBody([("firstName", "  "), ("lastName", "X")]))
            #expect(blank.status == .badRequest)
            #expect(blank.text.contains("First name must be 1–40 characters"))
            let joined = try await client.execute(
                uri: "/clubs/\(slug)/settings/name", method: .post, headers: withCookie(cookie, formHeaders),
                body: formBody([("firstName", "Róisín"), ("lastName", "<Farrell>")]))
            #expect(joined.status == .seeOther)
            let memberCookie = try #require(joined.cookie)
            let settings = try await client.execute(
                uri: "/clubs/\(slug)/settings?done=joined", method: .get, headers: withCookie(memberCookie))
            #expect(settings.text.contains("Signed in as Róisín &lt;Farrell&gt;"))
            #expect(settings.text.contains("data-section=\"import\""))

            let csv = """
                Activity ID,Activity Date,Activity Name,Activity Type,Elapsed Time,Distance,Moving Time,Elevation Gain
                101,"Nov 17, 2026, 7:32:00 AM",Morning Ride,Ride,3600,30.5,3500,210
                102,"not a date",Broken,Ride,3600,30.5,3500,210
                """
            let boundary = "----cwtest1234"
            var body = "--\(boundary)\r\nContent-Disposition: form-data; name=\"file\"; filename=\"activities.csv\"\r\n"
            body += "Content-Type: text/csv\r\n\r\n\(csv)\r\n--\(boundary)--\r\n"
            let imported = try await client.execute(
                uri: "/clubs/\(slug)/settings/import", method: .post,
                headers: withCookie(memberCookie, [.contentType: "multipart/form-data; boundary=\(boundary)"]),
                body: ByteBuffer(string: body))
            #expect(imported.status == .ok)
            #expect(imported.text.contains("Import result"))
            #expect(imported.text.contains("Import finished: 1 new activity."))
            #expect(imported.text.contains("<td>3</td>"), "the bad row is reported by its line")

            let empty = try await client.execute(
                uri: "/clubs/\(slug)/settings/import", method: .post,
                headers: withCookie(memberCookie, [.contentType: "multipart/form-data; boundary=\(boundary)"]),
                body: ByteBuffer(string: "--\(boundary)--\r\n"))
            #expect(empty.status == .badRequest)
            #expect(empty.text.contains("Choose a Strava export file"))

            let notConfirmed = try await client.execute(
                uri: "/clubs/\(slug)/settings/delete", method: .post, headers: withCookie(memberCookie, formHeaders),
                body: formBody([]))
            #expect(notConfirmed.status == .badRequest)
            let deleted = try await client.execute(
                uri: "/clubs/\(slug)/settings/delete", method: .post, headers: withCookie(memberCookie, formHeaders),
                body: formBody([("confirm", "yes")]))
            #expect(deleted.status == .seeOther)
            let club = try #require(try await harness.app.clubs.find(slug: slug)).club
            #expect(try await harness.app.members.members(of: club.id).isEmpty)
        }
    }

    @Test("the admin signs in, saves settings (with validation) and rotates the code")
    func admin() async throws {
        let harness = try await RouteHarness.make()
        let slug = harness.privateSlug
        try await harness.test { client in
            let member = try await harness.memberCookie(client)
            let form = try await client.execute(uri: "/clubs/\(slug)/admin", method: .get, headers: withCookie(member))
            #expect(form.text.contains("Admin password"))
            let wrong = try await client.execute(
                uri: "/clubs/\(slug)/admin/signin", method: .post, headers: formHeaders,
                body: formBody([("password", "nope")]))
            #expect(wrong.status == .unauthorized)
            #expect(wrong.text.contains("Wrong admin password."))
            let signedIn = try await client.execute(
                uri: "/clubs/\(slug)/admin/signin", method: .post, headers: formHeaders,
                body: formBody([("password", "correct horse battery")]))
            #expect(signedIn.status == .seeOther)
            let admin = try #require(signedIn.cookie)
            let page = try await client.execute(uri: "/clubs/\(slug)/admin", method: .get, headers: withCookie(admin))
            #expect(page.text.contains("data-section=\"members\""))
            #expect(page.text.contains(harness.privateCode))
            #expect(page.text.contains("<option value=\"Europe/Zurich\" selected>"))

            let settings: [(String, String)] = [
                ("name", "Harbour \"Wheelers\" <CC>"), ("colour0", "#112233"), ("colour1", "#ffffff"),
                ("colour2", "#00ff00"), ("timeZone", "America/New_York"), ("weekStart", "sunday"), ("sport", "Ride"),
                ("sport", "Run"), ("feedPublic", "yes"),
            ]
            let saved = try await client.execute(
                uri: "/clubs/\(slug)/admin/settings", method: .post, headers: withCookie(admin, formHeaders),
                body: formBody(settings))
            #expect(saved.status == .ok)
            #expect(saved.text.contains("Settings saved."))
            #expect(saved.text.contains("Harbour &quot;Wheelers&quot; &lt;CC&gt;"))
            #expect(!saved.text.contains("<CC>"))
            let club = try #require(try await harness.app.clubs.find(slug: slug)).club
            #expect(club.timeZoneIdentifier == "America/New_York")
            #expect(club.weekStart == .sunday)
            #expect(club.countedSportTypes == ["Ride", "Run"])
            #expect(club.isFeedPublic)

            for bad in [
                [("name", "X"), ("colour0", "red"), ("colour1", "#fff"), ("colour2", "#000"), ("sport", "Ride")],
                [
                    ("name", "X"), ("colour0", "#000"), ("colour1", "#fff"), ("colour2", "#000"),
                    ("timeZone", "Mars/Base"), ("sport", "Ride"),
                ],
                [("name", "X"), ("colour0", "#000"), ("colour1", "#fff"), ("colour2", "#000")],
                [("name", ""), ("colour0", "#000"), ("colour1", "#fff"), ("colour2", "#000"), ("sport", "Ride")],
            ] {
                let refused = try await client.execute(
                    uri: "/clubs/\(slug)/admin/settings", method: .post, headers: withCookie(admin, formHeaders),
                    body: formBody(bad))
                #expect(refused.status == .badRequest)
                #expect(refused.text.contains("notice-error"))
            }
            #expect(try #require(try await harness.app.clubs.find(slug: slug)).club.name == "Harbour \"Wheelers\" <CC>")

            let rotated = try await client.execute(
                uri: "/clubs/\(slug)/admin/code", method: .post, headers: withCookie(admin, formHeaders),
                body: formBody([("code", "HRBR-NEWC-4242")]))
            #expect(rotated.status == .ok)
            #expect(rotated.text.contains("The club code is now HRBRNEWC4242"))
            let newAdmin = try #require(rotated.cookie)
            // Everyone else, including the old admin session, is signed out.
            let old = try await client.execute(uri: "/clubs/\(slug)/admin", method: .get, headers: withCookie(admin))
            #expect(old.text.contains("Admin password"))
            #expect(
                try await client.execute(uri: "/clubs/\(slug)/admin", method: .get, headers: withCookie(newAdmin)).text
                    .contains("data-section=\"code\""))
        }
    }

    @Test("a new admin password signs the other admins out, keeps the one who changed it and members in")
    func passwordChangeSignsOtherAdminsOut() async throws {
        let harness = try await RouteHarness.make()
        let slug = harness.privateSlug
        try await harness.test { client in
            let first = try await harness.adminCookie(client)
            let second = try await harness.adminCookie(client)
            let member = try await harness.memberCookie(client)
            let saved = try await client.execute(
                uri: "/clubs/\(slug)/admin/settings", method: .post, headers: withCookie(first, formHeaders),
                body: formBody([
                    ("name", "Harbour Wheelers"), ("colour0", "#0055a4"), ("colour1", "#ffffff"),
                    ("colour2", "#ef4135"),
                    ("sport", "Ride"), ("adminPassword", "a much better passphrase"),
                ]))
            #expect(saved.status == .ok)
            let stillAdmin = try await client.execute(
                uri: "/clubs/\(slug)/admin", method: .get, headers: withCookie(first))
            #expect(stillAdmin.text.contains("data-section=\"code\""))
            let signedOut = try await client.execute(
                uri: "/clubs/\(slug)/admin", method: .get, headers: withCookie(second))
            #expect(signedOut.text.contains("id=\"password\""))
            #expect(
                try await client.execute(uri: "/clubs/\(slug)", method: .get, headers: withCookie(member)).status == .ok
            )
        }
    }

    @Test("TV board, its live-update version, the manifest, the service worker's files and cached assets")
    func tvManifestAssets() async throws {
        let harness = try await RouteHarness.make()
        try await harness.test { client in
            let tv = try await client.execute(uri: "/clubs/demo/tv", method: .get)
            #expect(tv.status == .ok)
            #expect(tv.text.contains("class=\"tv\""))
            #expect(tv.text.contains("data-rotate-seconds=\"20\""))
            #expect(tv.text.contains("Weekly leaderboard"))
            let version = try await client.execute(uri: "/clubs/demo/tv/version", method: .get)
            let before = try #require(version.json["version"] as? Int)
            #expect((version.json["week"] as? String)?.count == 10)
            let record = try #require(try await harness.app.clubs.find(slug: "demo"))
            let member = try #require(try await harness.app.members.members(of: record.club.id).first)
            try await harness.app.activities.upsert(
                [
                    Activity(
                        memberID: member.id, source: .strava, externalID: "tv-new", startDate: Date(),
                        sportType: "Ride", distance: 12_000, movingTime: 1800, elapsedTime: 1900, elevationGain: 50,
                        name: "Live ride")
                ], club: record.club.id, policy: .replace, now: Date())
            let unknown = try await client.execute(uri: "/clubs/nope/tv/version", method: .get)
            #expect(unknown.status == .notFound)
            try OpenAPIConformanceTests.expectConforms(unknown, "Error")
            try OpenAPIConformanceTests.expectConforms(version, "DataVersion")
            let privateVersion = try await client.execute(uri: "/clubs/\(harness.privateSlug)/tv/version", method: .get)
            #expect(privateVersion.status == .unauthorized)
            try OpenAPIConformanceTests.expectConforms(privateVersion, "Error")
            let after = try #require(
                try await client.execute(uri: "/clubs/demo/tv/version", method: .get).json["version"] as? Int)
            #expect(after > before)
            let board = try await client.execute(uri: "/clubs/demo/tv/board", method: .get)
            #expect(board.text.contains("Live ride"))

            let manifest = try await client.execute(uri: "/clubs/demo/manifest.webmanifest", method: .get)
            #expect(manifest.headers[.contentType] == "application/manifest+json")
            #expect(manifest.json["start_url"] as? String == "/clubs/demo")

            let page = try await client.execute(uri: "/clubs/demo", method: .get)
            let script = try #require(page.text.firstMatch(of: /\/assets\/clubweekly\/clubweekly\.js\?v=([0-9a-f]+)/))
            let asset = try await client.execute(uri: String(script.0), method: .get)
            #expect(asset.status == .ok)
            #expect(asset.headers[.cacheControl] == "public, max-age=31536000, immutable")
            let etag = try #require(asset.headers[.eTag])
            let again = try await client.execute(
                uri: String(script.0), method: .get, headers: [.ifNoneMatch: etag])
            #expect(again.status == .notModified)
            #expect(try await client.execute(uri: "/assets/clubweekly/nope.js", method: .get).status == .notFound)
        }
    }
}
