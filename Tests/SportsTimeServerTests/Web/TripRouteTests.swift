import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import NIOCore
import ServerKit
import SportsTime
import TestSupport
import Testing

@testable import SportsTimeServer

/// The trip pages through the app's router over a test database: save, view, rename, share, calendar, PDF, edit,
/// delete, settings and restore; bad input never answers 500.
@Suite("SportsTime web: trip routes")
struct TripRouteTests {
    static let query = "mode=date-range&sports=mlb&from=2026-06-01&to=2026-06-05&start=Boston"
    static let form: HTTPFields = [.contentType: "application/x-www-form-urlencoded"]

    func withApp(_ test: @Sendable (SportsTimeApp, any TestClientProtocol) async throws -> Void) async throws {
        let database = try await TestDatabases.make(.sqlite)
        try await Migrator(sharedMigrations + SportsTimeApp.migrations).migrate(database)
        var logger = Logger(label: "test")
        logger.logLevel = .warning
        let app = try SportsTimeApp(database: database, logger: logger, now: SportsTimeRouteTests.now)
        let router = Router(context: AppRequestContext.self)
        app.addRoutes(to: router)
        try await Application(router: router).test(.router) { client in try await test(app, client) }
    }

    static func text(_ response: TestResponse) -> String { String(buffer: response.body) }

    static func body(_ pairs: [(String, String)]) -> ByteBuffer {
        ByteBuffer(string: pairs.map { "\($0)=\(RoutePath.encode($1))" }.joined(separator: "&"))
    }

    /// The first capture of `pattern` in `text`.
    static func capture(_ pattern: String, in text: String) -> String? {
        guard let regex = try? NSRegularExpression(pattern: pattern),
            let match = regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)),
            let range = Range(match.range(at: 1), in: text)
        else { return nil }
        return String(text[range])
    }

    /// Saves option 1 of ``query``: the trip's id and the traveller's cookie.
    static func save(
        _ client: any TestClientProtocol, name: String = "Boston week"
    ) async throws -> (
        id: String, cookie: String
    ) {
        let page = try await client.execute(uri: "/trips/options/1?\(query)", method: .get)
        #expect(page.status == .ok)
        let sig = try #require(capture("name=\"sig\" value=\"([0-9a-f]{16})\"", in: text(page)))
        var pairs = query.split(separator: "&").map { pair -> (String, String) in
            let parts = pair.split(separator: "=", maxSplits: 1)
            return (String(parts[0]), String(parts[1]))
        }
        pairs += [("rank", "1"), ("name", name), ("sig", sig)]
        let saved = try await client.execute(uri: "/trips/saved", method: .post, headers: form, body: body(pairs))
        #expect(saved.status == .seeOther)
        let location = try #require(saved.headers[.location])
        let id = try #require(capture("/trips/saved/([0-9a-f-]+)", in: location))
        let setCookie = try #require(saved.headers[.setCookie])
        let token = try #require(capture("st_traveller=([^;]+)", in: setCookie))
        return (id, "st_traveller=\(token)")
    }

    @Test("an option page offers saving; saving answers 303 with the cookie; the saved page lists the games")
    func saveAndView() async throws {
        try await withApp { _, client in
            let (id, cookie) = try await Self.save(client)
            let page = try await client.execute(uri: "/trips/saved/\(id)", method: .get, headers: [.cookie: cookie])
            let html = Self.text(page)
            #expect(page.status == .ok && html.contains("Boston week") && html.contains("id=\"day-2026-06-0"))
            #expect(html.contains("entry-game") && html.contains("EDT") && html.contains("class=\"trip-map\""))
            // A foreign browser (no cookie, or another traveller) gets the 404 page with the restore link.
            let foreign = try await client.execute(uri: "/trips/saved/\(id)", method: .get)
            #expect(foreign.status == .notFound && Self.text(foreign).contains("/trips/restore"))
            let unknown = try await client.execute(
                uri: "/trips/saved/nope", method: .get, headers: [.cookie: cookie])
            #expect(unknown.status == .notFound)
        }
    }

    @Test("a stale signature is not saved: the page links to the current options")
    func staleSignature() async throws {
        try await withApp { _, client in
            var pairs: [(String, String)] = Self.query.split(separator: "&").map {
                let parts = $0.split(separator: "=", maxSplits: 1)
                return (String(parts[0]), String(parts[1]))
            }
            pairs += [("rank", "1"), ("name", "x"), ("sig", "0000000000000000")]
            let response = try await client.execute(
                uri: "/trips/saved", method: .post, headers: Self.form, body: Self.body(pairs))
            #expect(response.status == .conflict && Self.text(response).contains("/trips/options?mode=date-range"))
            #expect(response.headers[.setCookie] == nil)
        }
    }

    @Test("rename, share (read-only, no-referrer), calendar, PDF, revoke → 404, delete → 404")
    func ownerActions() async throws {
        try await withApp { _, client in
            let (id, cookie) = try await Self.save(client)
            let owner: HTTPFields = [.cookie: cookie, .contentType: "application/x-www-form-urlencoded"]
            let renamed = try await client.execute(
                uri: "/trips/saved/\(id)/rename", method: .post, headers: owner,
                body: Self.body([("name", "Renamed <trip>")]))
            #expect(renamed.status == .seeOther)
            let tooLong = try await client.execute(
                uri: "/trips/saved/\(id)/rename", method: .post, headers: owner,
                body: Self.body([("name", String(repeating: "x", count: 121))]))
            #expect(tooLong.status == .badRequest)
            let shared = try await client.execute(uri: "/trips/saved/\(id)/share", method: .post, headers: owner)
            #expect(shared.status == .seeOther)
            let page = Self.text(
                try await client.execute(uri: "/trips/saved/\(id)", method: .get, headers: [.cookie: cookie]))
            #expect(page.contains("Renamed &lt;trip&gt;"))
            let link = try #require(Self.capture("(/trips/shared/[A-Za-z0-9_-]+)\"", in: page))
            let view = try await client.execute(uri: link, method: .get)
            #expect(view.status == .ok && view.headers[.referrerPolicy] == "no-referrer")
            #expect(view.headers[HTTPField.Name("X-Robots-Tag")!]?.contains("noindex") == true)
            #expect(Self.text(view).contains("read-only") && !Self.text(view).contains("/rename"))
            let ics = try await client.execute(uri: link + "/calendar.ics", method: .get)
            #expect(ics.headers[.contentType] == "text/calendar; charset=utf-8")
            let saved = try await client.execute(
                uri: "/trips/saved/\(id)/calendar.ics", method: .get, headers: [.cookie: cookie])
            let calendar = Self.text(saved)
            let games =
                Self.text(try await client.execute(uri: "/trips/saved/\(id)", method: .get, headers: [.cookie: cookie]))
                .components(separatedBy: "class=\"entry entry-game\"").count - 1
            #expect(games > 0)
            #expect(calendar.components(separatedBy: "SUMMARY:Drive").count - 1 >= 1)
            #expect(
                calendar.components(separatedBy: "BEGIN:VEVENT").count - 1
                    - (calendar.components(separatedBy: "SUMMARY:Drive").count - 1) == games)
            let pdf = try await client.execute(
                uri: "/trips/saved/\(id)/itinerary.pdf", method: .get, headers: [.cookie: cookie])
            #expect(pdf.headers[.contentType] == "application/pdf" && Self.text(pdf).hasPrefix("%PDF-1.4"))
            let print = try await client.execute(uri: link + "/print", method: .get)
            #expect(print.status == .ok && !Self.text(print).contains("class=\"trips-nav\""))
            let revoked = try await client.execute(
                uri: "/trips/saved/\(id)/share", method: .post, headers: owner, body: Self.body([("revoke", "1")]))
            #expect(revoked.status == .seeOther)
            #expect(try await client.execute(uri: link, method: .get).status == .notFound)
            #expect(try await client.execute(uri: link + "/itinerary.pdf", method: .get).status == .notFound)
            let confirm = try await client.execute(
                uri: "/trips/saved/\(id)/delete", method: .get, headers: [.cookie: cookie])
            #expect(confirm.status == .ok && Self.text(confirm).contains("data-page=\"confirm-delete\""))
            let deleted = try await client.execute(uri: "/trips/saved/\(id)/delete", method: .post, headers: owner)
            #expect(deleted.status == .seeOther && deleted.headers[.location] == "/trips")
            #expect(
                try await client.execute(uri: "/trips/saved/\(id)", method: .get, headers: [.cookie: cookie]).status
                    == .notFound)
        }
    }

    @Test(
        "edits: add a stop on day 2 and move it; remove a game updates totals; an impossible game is explained, not saved"
    )
    func edits() async throws {
        try await withApp { app, client in
            let (id, cookie) = try await Self.save(client)
            let owner: HTTPFields = [.cookie: cookie, .contentType: "application/x-www-form-urlencoded"]
            let items = "/trips/saved/\(id)/items"
            let traveller = try #require(try await app.travellers.find(token: String(cookie.dropFirst(13))))
            let initial = try #require(try await app.trips.record(id, traveller: traveller))
            let initialBody = try SportsTimeApp.decoder().decode(SavedTripBody.self, from: initial.trip.body)
            try #require(initialBody.option.days.count >= 2)
            let day2 = initialBody.option.days[1].date.description
            let added = try await client.execute(
                uri: items, method: .post, headers: owner,
                body: Self.body([("op", "add-item"), ("day", day2), ("kind", "meal"), ("title", "Lunch at Joe's")]))
            #expect(added.status == .seeOther)
            let itemID = try #require(Self.capture("#item-([A-Za-z0-9]+)", in: added.headers[.location] ?? ""))
            let before = try #require(try await app.trips.record(id, traveller: traveller))
            #expect(CustomItem.decode(before.customItems).first?.slot ?? 0 > 0)
            let up = try await client.execute(
                uri: items, method: .post, headers: owner,
                body: Self.body([("op", "move-item"), ("item", itemID), ("direction", "up")]))
            #expect(up.status == .seeOther)
            let owner2 = traveller
            let after = try #require(try await app.trips.record(id, traveller: owner2))
            #expect(
                CustomItem.decode(after.customItems).first.map { $0.slot }
                    == (CustomItem.decode(before.customItems).first?.slot).map { $0 - 1 })
            // An impossible game (the farthest candidate) is refused with the engine's reason and not saved.
            let candidates = Self.text(
                try await client.execute(uri: "/trips/saved/\(id)/edit", method: .get, headers: [.cookie: cookie]))
            let regex = try NSRegularExpression(pattern: "<option value=\"([^\"]+)\" data-miles=\"([0-9]+)\"")
            let matches = regex.matches(in: candidates, range: NSRange(candidates.startIndex..., in: candidates))
            let far = try #require(
                matches.map { m -> (String, Int) in
                    let ns = candidates as NSString
                    return (ns.substring(with: m.range(at: 1)), Int(ns.substring(with: m.range(at: 2))) ?? 0)
                }.max { $0.1 < $1.1 })
            #expect(far.1 > 1000)
            let refused = try await client.execute(
                uri: items, method: .post, headers: owner, body: Self.body([("op", "add-game"), ("game", far.0)]))
            #expect(refused.status == .unprocessableContent && Self.text(refused).contains("data-failure="))
            let unchanged = try #require(try await app.trips.record(id, traveller: owner2))
            #expect(unchanged.trip.body == after.trip.body)
            // Removing a game: one game fewer in the totals.
            let body = try SportsTimeApp.decoder().decode(SavedTripBody.self, from: after.trip.body)
            if body.option.games.count > 1 {
                let removed = try await client.execute(
                    uri: items, method: .post, headers: owner,
                    body: Self.body([("op", "remove-game"), ("game", body.option.games[0].gameId.rawValue)]))
                #expect(removed.status == .seeOther)
                let newBody = try SportsTimeApp.decoder().decode(
                    SavedTripBody.self, from: try #require(try await app.trips.record(id, traveller: owner2)).trip.body)
                #expect(newBody.option.totals.games == body.option.totals.games - 1)
            }
            let bogus = try await client.execute(
                uri: items, method: .post, headers: owner, body: Self.body([("op", "explode")]))
            #expect(bogus.status == .unprocessableContent)
            let badTitle = try await client.execute(
                uri: items, method: .post, headers: owner,
                body: Self.body([("op", "add-item"), ("day", day2), ("kind", "meal"), ("title", "")]))
            #expect(badTitle.status == .unprocessableContent && Self.text(badTitle).contains("1 to 80"))
        }
    }

    @Test("settings page shows the recovery link; restore sets the cookie; forget and delete clear it")
    func meAndRestore() async throws {
        try await withApp { app, client in
            let (id, cookie) = try await Self.save(client)
            let token = String(cookie.dropFirst("st_traveller=".count))
            let me = Self.text(try await client.execute(uri: "/trips/me", method: .get, headers: [.cookie: cookie]))
            #expect(
                me.contains("/trips/restore?key=\(RoutePath.encode(token))") && me.contains("data-identity=\"yes\""))
            let confirm = try await client.execute(uri: "/trips/restore?key=\(RoutePath.encode(token))", method: .get)
            #expect(confirm.headers[.cacheControl] == "no-store" && confirm.headers[.referrerPolicy] == "same-origin")
            let restored = try await client.execute(
                uri: "/trips/restore", method: .post, headers: Self.form, body: Self.body([("key", token)]))
            #expect(
                restored.status == .seeOther && restored.headers[.setCookie]?.hasPrefix("st_traveller=\(token)") == true
            )
            let wrong = try await client.execute(
                uri: "/trips/restore", method: .post, headers: Self.form, body: Self.body([("key", "nope")]))
            #expect(wrong.status == .notFound && Self.text(wrong).contains("open any trips"))
            let settings = try await client.execute(
                uri: "/trips/me", method: .post, headers: Self.form,
                body: Self.body([
                    ("action", "settings"), ("units", "km"), ("home", "Chicago"), ("leagues", "nba"), ("theme", "dark"),
                ]))
            #expect(settings.headers[.setCookie]?.hasPrefix("st_prefs=") == true)
            let delete = try await client.execute(
                uri: "/trips/me", method: .post,
                headers: [.cookie: cookie, .contentType: "application/x-www-form-urlencoded"],
                body: Self.body([("action", "delete-all"), ("confirm", "1")]))
            #expect(delete.status == .seeOther && delete.headers[.setCookie]?.contains("Max-Age=0") == true)
            #expect(try await app.travellers.find(token: token) == nil)
            #expect(try await app.trips.record(id, traveller: "x") == nil)
            let refused = try await client.execute(
                uri: "/trips/restore", method: .post, headers: Self.form, body: Self.body([("key", token)]))
            #expect(refused.status == .notFound)
        }
    }

    @Test("bad input answers 4xx pages, never 500")
    func badInput() async throws {
        try await withApp { _, client in
            let cases: [(String, HTTPRequest.Method, String?)] = [
                ("/trips/options/9?\(Self.query)", .get, nil),
                ("/trips/options/abc?\(Self.query)", .get, nil),
                ("/trips/options/1?mode=date-range&sports=cricket", .get, nil),
                ("/trips/options/1?mode=date-range&sports=mlb&from=2026-06-01&to=2026-06-05&start=Atlantis", .get, nil),
                ("/trips/options/1/calendar.ics?sports=mlb&from=2026-06-05&to=2026-06-01", .get, nil),
                ("/trips/saved", .post, "rank=x&sig=%zz"),
                ("/trips/saved/x/items", .post, "op=add-item"),
                ("/trips/shared/bad", .get, nil),
                ("/trips/shared/bad/itinerary.pdf", .get, nil),
                ("/trips/restore", .post, "key="),
                ("/trips/me", .post, "action=bogus"),
            ]
            for (uri, method, body) in cases {
                let response = try await client.execute(
                    uri: uri, method: method, headers: Self.form, body: body.map { ByteBuffer(string: $0) })
                #expect((400..<500).contains(response.status.code), "\(uri) answered \(response.status)")
            }
        }
    }
}
