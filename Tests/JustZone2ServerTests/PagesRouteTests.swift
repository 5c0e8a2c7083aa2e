import ActivityFiles
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import JustZone2
import NIOCore
import NIOFoundationCompat
import ServerKit
import TestSupport
import Testing

@testable import JustZone2Server

/// The pages through the app's router over a test database: first visit, home, welcome, zones, settings, a ride's
/// page, trim, downloads, delete, interrupted rides, import; bad ids and other riders' rides are 404, bad forms 400
/// with the message, never a 500.
@Suite("JustZone2 pages: routes")
struct PagesRouteTests {
    @Test("a first visit goes to the welcome page; 'Set my zones' creates the rider and its zones; home shows them")
    func firstVisit() async throws {
        try await Pages.withApp { app, client in
            let first = try await client.execute(uri: "/zone2", method: .get)
            #expect(first.status == .seeOther && first.headers[.location] == "/zone2/welcome")
            let welcome = try await client.execute(uri: "/zone2/welcome", method: .get)
            #expect(welcome.status == .ok && Pages.text(welcome).contains("Set my zones"))
            #expect(welcome.headers[.setCookie] == nil, "GET never creates a rider")

            let bad = try await client.execute(
                uri: "/zone2/welcome", method: .post, headers: Pages.form,
                body: Pages.body([("age", "7"), ("action", "set")]))
            #expect(bad.status == .badRequest && Pages.text(bad).contains("Enter an age from 13 to 99."))
            #expect(bad.headers[.setCookie] == nil, "a refused form creates nothing")

            let (cookie, id) = try await Pages.rider(client, app: app)
            let rider = try #require(try await app.riders.find(id: id))
            #expect(
                rider.settings.maxHeartRate == 180 && rider.settings.zoneLower == 106 && rider.settings.zoneUpper == 140
            )
            let home = try await client.execute(uri: "/zone2", method: .get, headers: [.cookie: cookie])
            let html = Pages.text(home)
            #expect(home.status == .ok && html.contains("This week") && html.contains("action=\"/zone2/rides/start\""))
            #expect(
                html.contains("name=\"watts\"") && html.contains("value=\"simulator\"") && html.contains("106–140 bpm"))

            // A rider who has not answered goes to the welcome page until their first ride.
            let (fresh, token) = try await app.riders.create()
            let unwelcomed = try await client.execute(
                uri: "/zone2", method: .get, headers: [.cookie: "jz2_rider=\(token)"])
            #expect(unwelcomed.status == .seeOther && unwelcomed.headers[.location] == "/zone2/welcome")
            try await Pages.storeRide(app, rider: fresh.id, start: Pages.monday)
            let rode = try await client.execute(uri: "/zone2", method: .get, headers: [.cookie: "jz2_rider=\(token)"])
            #expect(rode.status == .ok)

            // "Later" only remembers the visit.
            let later = try await client.execute(
                uri: "/zone2/welcome", method: .post, headers: Pages.form, body: Pages.body([("action", "later")]))
            #expect(later.status == .seeOther && later.headers[.setCookie] != nil)
        }
    }

    @Test("home: this week's Zone 2 minutes, the last rides, a live ride to rejoin, an interrupted one to recover")
    func home() async throws {
        try await Pages.withApp { app, client in
            let (cookie, id) = try await Pages.rider(client, app: app)
            try await Pages.storeRide(app, rider: id, start: Date().addingTimeInterval(-3600), minutes: 30)
            let interrupted = try await Pages.storeRide(
                app, rider: id, start: Date().addingTimeInterval(-7200), minutes: 10, status: .interrupted)
            try await Pages.storeRide(app, rider: id, start: Date().addingTimeInterval(-60), minutes: 5, status: .live)
            let html = Pages.text(try await client.execute(uri: "/zone2", method: .get, headers: [.cookie: cookie]))
            #expect(html.contains("Rejoin ride") && html.contains("href=\"/zone2/ride\""))
            #expect(html.contains("action=\"/zone2/rides/\(interrupted.id)/resume\""))
            #expect(html.contains("action=\"/zone2/rides/\(interrupted.id)/save\""))
            #expect(html.contains("Zone 2 Workout") && html.contains("class=\"ride-list\""))
        }
    }

    @Test("a ride's page and summary: figures, chart, zones, trim, files; bad ids and other riders' rides are 404")
    func ridePage() async throws {
        try await Pages.withApp { app, client in
            let (cookie, id) = try await Pages.rider(client, app: app)
            let ride = try await Pages.storeRide(app, rider: id, start: Pages.monday)
            let page = try await client.execute(
                uri: "/zone2/rides/\(ride.id)", method: .get, headers: [.cookie: cookie])
            let html = Pages.text(page)
            #expect(page.status == .ok)
            for part in [
                "Efficiency factor", "Pw:HR decoupling", "Time in Zone 2", "HR drift", "class=\"zone-band\"",
                "id=\"zone-distribution\"", "action=\"/zone2/rides/\(ride.id)/trim\"", "ride.fit", "ride.tcx",
                "Use the steady part", "Strava is not set up",
            ] {
                #expect(html.contains(part), "\(part)")
            }
            let chart = try await client.execute(
                uri: "/zone2/rides/\(ride.id)/chart.svg", method: .get, headers: [.cookie: cookie])
            let svg = Pages.text(chart)
            #expect(chart.status == .ok && chart.headers[.contentType]?.hasPrefix("image/svg+xml") == true)
            #expect(svg.hasPrefix("<?xml") && svg.contains("<svg xmlns=\"http://www.w3.org/2000/svg\""))
            #expect(svg.contains("<style>") && svg.hasSuffix("</svg>\n") && !svg.contains("<figure"))
            let summary = try await client.execute(
                uri: "/zone2/rides/\(ride.id)/summary", method: .get, headers: [.cookie: cookie])
            #expect(summary.status == .ok && Pages.text(summary).contains("Workout Complete!"))

            let other = try await Pages.rider(client, app: app)
            for (uri, headers) in [
                ("/zone2/rides/\(ride.id)", [HTTPField.Name.cookie: other.cookie]),
                ("/zone2/rides/\(ride.id)", [:]),
                ("/zone2/rides/no-such-ride", [.cookie: cookie]),
                ("/zone2/rides/%3Cscript%3E", [.cookie: cookie]),
                ("/zone2/rides/\(ride.id)/ride.fit", [.cookie: other.cookie]),
                ("/zone2/rides/\(ride.id)/chart.svg", [.cookie: other.cookie]),
                ("/zone2/rides/\(ride.id)/delete", [.cookie: other.cookie]),
            ] {
                let response = try await client.execute(
                    uri: uri, method: .get,
                    headers: HTTPFields(headers.map { HTTPField(name: $0.key, value: $0.value) }))
                #expect(response.status == .notFound, "\(uri)")
            }
            let foreignDelete = try await client.execute(
                uri: "/zone2/rides/\(ride.id)/delete", method: .post, headers: [.cookie: other.cookie])
            #expect(foreignDelete.status == .notFound)
            #expect(try await app.rides.find(ride.id, rider: id) != nil)
        }
    }

    @Test("trim: bad times are refused with the message; a trim changes the figures and the downloads; reset")
    func trim() async throws {
        try await Pages.withApp { app, client in
            let (cookie, id) = try await Pages.rider(client, app: app)
            let ride = try await Pages.storeRide(app, rider: id, start: Pages.monday, minutes: 40)
            var headers = Pages.form
            headers[.cookie] = cookie
            let trimURI = "/zone2/rides/\(ride.id)/trim"
            for (pairs, message) in [
                ([("start", "five"), ("end", "30:00")], "Write the start as minutes:seconds"),
                ([("start", "10:00"), ("end", "10:30")], "Keep at least one minute"),
                ([("start", "0:00"), ("end", "99:00")], "The ride ends at"),
            ] {
                let bad = try await client.execute(
                    uri: trimURI, method: .post, headers: headers, body: Pages.body(pairs))
                #expect(bad.status == .badRequest && Pages.text(bad).contains(message), "\(pairs)")
            }
            #expect(try await app.rides.find(ride.id, rider: id)?.trimStart == nil, "nothing saved")

            let saved = try await client.execute(
                uri: trimURI, method: .post, headers: headers, body: Pages.body([("start", "5:00"), ("end", "45:00")]))
            #expect(saved.status == .seeOther)
            let trimmed = try #require(try await app.rides.find(ride.id, rider: id))
            #expect(trimmed.trimStart == 300 && trimmed.trimEnd == 2700 && trimmed.duration == 2401)
            let fit = try await client.execute(
                uri: "/zone2/rides/\(ride.id)/ride.fit", method: .get, headers: [.cookie: cookie])
            #expect(fit.status == .ok && fit.headers[.contentDisposition]?.contains(".fit") == true)
            let activity = try FITReader.activity(from: Data(buffer: fit.body))
            #expect(activity.samples.count == 2401)
            let tcx = try await client.execute(
                uri: "/zone2/rides/\(ride.id)/ride.tcx", method: .get, headers: [.cookie: cookie])
            #expect(try TCXReader.activity(from: Data(buffer: tcx.body)).samples.count == 2401)

            let suggested = try await client.execute(
                uri: trimURI, method: .post, headers: headers, body: Pages.body([("suggested", "1")]))
            #expect(suggested.status == .seeOther)
            let steady = try #require(try await app.rides.find(ride.id, rider: id))
            #expect(
                (240...360).contains(steady.trimStart ?? 0) && (2640...2760).contains(steady.trimEnd ?? 0), "\(steady)")

            _ = try await client.execute(
                uri: trimURI, method: .post, headers: headers, body: Pages.body([("reset", "1")]))
            let whole = try #require(try await app.rides.find(ride.id, rider: id))
            #expect(whole.trimStart == nil && whole.trimEnd == nil && whole.duration == 3000)
        }
    }

    @Test("delete asks first, then deletes; an interrupted ride is saved as is (FIT written) or discarded")
    func deleteAndRecover() async throws {
        try await Pages.withApp { app, client in
            let (cookie, id) = try await Pages.rider(client, app: app)
            let ride = try await Pages.storeRide(app, rider: id, start: Pages.monday)
            let confirm = try await client.execute(
                uri: "/zone2/rides/\(ride.id)/delete", method: .get, headers: [.cookie: cookie])
            #expect(confirm.status == .ok && Pages.text(confirm).contains("Delete this ride?"))
            let deleted = try await client.execute(
                uri: "/zone2/rides/\(ride.id)/delete", method: .post, headers: [.cookie: cookie])
            #expect(deleted.status == .seeOther && deleted.headers[.location] == "/zone2/rides?done=deleted")
            #expect(try await app.rides.find(ride.id, rider: id) == nil)

            let stopped = try await Pages.storeRide(
                app, rider: id, start: Pages.monday, minutes: 12, status: .interrupted)
            let detail = Pages.text(
                try await client.execute(uri: "/zone2/rides/\(stopped.id)", method: .get, headers: [.cookie: cookie]))
            #expect(detail.contains("Resume") && detail.contains("Save as is"))
            let save = try await client.execute(
                uri: "/zone2/rides/\(stopped.id)/save", method: .post, headers: [.cookie: cookie])
            #expect(save.status == .seeOther)
            let finished = try #require(try await app.rides.find(stopped.id, rider: id))
            #expect(finished.status == .finished && finished.duration == 1320)
            let file = try #require(try await app.rides.file(stopped.id, rider: id))
            #expect(try FITReader.activity(from: file).samples.count == 1320)
            #expect(try await app.rides.checkpoint(stopped.id, rider: id) == nil)

            let other = try await Pages.storeRide(app, rider: id, start: Pages.monday, minutes: 5, status: .interrupted)
            let discard = try await client.execute(
                uri: "/zone2/rides/\(other.id)/delete", method: .post, headers: [.cookie: cookie])
            #expect(discard.headers[.location] == "/zone2?done=discarded")
        }
    }

    @Test("import: a FIT made with FITWriter, a TCX and a GPX are imported; a duplicate and garbage are refused")
    func importFiles() async throws {
        try await Pages.withApp { app, client in
            let (cookie, id) = try await Pages.rider(client, app: app)
            let samples = Pages.samples(minutes: 20)
            let fit = Pages.fit(samples, start: Pages.monday)
            let tcx = TCXWriter.data(for: Pages.activity(samples, start: Pages.monday.addingTimeInterval(86_400)))
            let gpx = Data(
                """
                <?xml version="1.0"?><gpx version="1.1" creator="test" xmlns="http://www.topografix.com/GPX/1/1"><trk><name>Gravel</name><trkseg>
                <trkpt lat="47.0" lon="8.0"><time>2026-11-25T08:00:00Z</time></trkpt>
                <trkpt lat="47.001" lon="8.001"><time>2026-11-25T08:00:10Z</time></trkpt>
                <trkpt lat="47.002" lon="8.002"><time>2026-11-25T08:00:20Z</time></trkpt>
                </trkseg></trk></gpx>
                """.utf8)
            var (headers, body) = Pages.multipart([
                ("morning.fit", fit), ("evening.tcx", tcx), ("track.gpx", gpx), ("notes.txt", Data("hello".utf8)),
                ("again.fit", fit),
            ])
            headers[.cookie] = cookie
            let response = try await client.execute(
                uri: "/zone2/rides/import", method: .post, headers: headers, body: body)
            let html = Pages.text(response)
            #expect(response.status == .ok)
            #expect(html.contains("class=\"import-imported\"><strong>morning.fit</strong>"))
            #expect(html.contains("<strong>evening.tcx</strong>: <a"))
            #expect(html.contains("<strong>track.gpx</strong>"))
            #expect(html.contains("class=\"import-refused\"><strong>notes.txt</strong>: not a ride file"))
            #expect(html.contains("class=\"import-duplicate\"><strong>again.fit</strong>"))
            let rides = try await app.rides.list(rider: id)
            #expect(rides.count == 3 && rides.allSatisfy { $0.source == .imported })
            for ride in rides {
                let file = try #require(try await app.rides.file(ride.id, rider: id))
                #expect(Zone2Tools.fileType(of: file) == "fit", "imports are kept as FIT")
            }

            // The drag-and-drop script: one file, JSON back.
            var (jsonHeaders, single) = Pages.multipart([("morning.fit", fit)])
            jsonHeaders[.cookie] = cookie
            jsonHeaders[.accept] = "application/json"
            let json = try await client.execute(
                uri: "/zone2/rides/import", method: .post, headers: jsonHeaders, body: single)
            #expect(json.status == .unprocessableContent)
            let object = try JSONSerialization.jsonObject(with: Data(buffer: json.body)) as? [String: Any]
            let results = object?["results"] as? [[String: Any]]
            #expect(results?.first?["outcome"] as? String == "duplicate")

            // Nothing chosen: 400 with the message.
            var (emptyHeaders, empty) = Pages.multipart([])
            emptyHeaders[.cookie] = cookie
            let none = try await client.execute(
                uri: "/zone2/rides/import", method: .post, headers: emptyHeaders, body: empty)
            #expect(none.status == .badRequest && Pages.text(none).contains("Choose one or more"))
        }
    }

    @Test("history: filters, weekly totals, the charts; zones and settings refuse bad values next to the field")
    func historyZonesSettings() async throws {
        try await Pages.withApp { app, client in
            let (cookie, id) = try await Pages.rider(client, app: app)
            try await Pages.storeRide(app, rider: id, start: Date().addingTimeInterval(-86_400), source: .simulator)
            try await Pages.storeRide(app, rider: id, start: Date().addingTimeInterval(-3 * 86_400), source: .bridge)
            let all = Pages.text(
                try await client.execute(uri: "/zone2/rides", method: .get, headers: [.cookie: cookie]))
            #expect(all.contains("Rides (2)") && all.contains("id=\"rides-scatter\"") && all.contains("Weekly totals"))
            let simulated = Pages.text(
                try await client.execute(
                    uri: "/zone2/rides?source=simulator&period=4w", method: .get, headers: [.cookie: cookie]))
            #expect(simulated.contains("Rides (1)"))
            let odd = try await client.execute(
                uri: "/zone2/rides?period=%3Cx%3E&status=zzz", method: .get, headers: [.cookie: cookie])
            #expect(odd.status == .ok, "unknown filters fall back to the defaults")

            var headers = Pages.form
            headers[.cookie] = cookie
            let badZones = try await client.execute(
                uri: "/zone2/zones", method: .post, headers: headers,
                body: Pages.body([("maxhr", "180"), ("resthr", "190"), ("method", "heartRateReserve")]))
            #expect(
                badZones.status == .badRequest
                    && Pages.text(badZones).contains("Enter a resting heart rate from 30 to 100 bpm."))
            let karvonen = try await client.execute(
                uri: "/zone2/zones", method: .post, headers: headers,
                body: Pages.body([("maxhr", "180"), ("resthr", "50"), ("method", "heartRateReserve")]))
            #expect(karvonen.status == .seeOther)
            let rider = try #require(try await app.riders.find(id: id))
            #expect(
                rider.settings.zoneLower == 128 && rider.settings.zoneUpper == 141
                    && rider.settings.zoneMethod == "heartRateReserve")
            let zones = Pages.text(
                try await client.execute(uri: "/zone2/zones", method: .get, headers: [.cookie: cookie]))
            #expect(zones.contains("128–141 bpm") && zones.contains("Friel"))

            let badSettings = try await client.execute(
                uri: "/zone2/settings", method: .post, headers: headers,
                body: Pages.body([("ftp", "9000"), ("goal", "150")]))
            #expect(
                badSettings.status == .badRequest && Pages.text(badSettings).contains("Enter an FTP from 50 to 600 W"))
            #expect(try await app.riders.find(id: id)?.settings.ftp == nil, "nothing saved")
            let settings = try await client.execute(
                uri: "/zone2/settings", method: .post, headers: headers,
                body: Pages.body([("ftp", "250"), ("goal", "200")]))
            #expect(settings.status == .seeOther)
            let page = Pages.text(
                try await client.execute(uri: "/zone2/settings", method: .get, headers: [.cookie: cookie]))
            #expect(page.contains("Power Zone 2: 140–188 W") && page.contains("value=\"200\""))

            // A form from another site changes nothing.
            var foreign = headers
            foreign[.origin] = "https://evil.example"
            let forged = try await client.execute(
                uri: "/zone2/settings", method: .post, headers: foreign,
                body: Pages.body([("ftp", "100"), ("goal", "30")]))
            #expect(forged.status == .forbidden)
        }
    }
}
