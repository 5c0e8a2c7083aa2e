import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import Plot
import ServerKit
import TestSupport
import Testing
import TodayInSwitzerland
import WebUI

@testable import TodayInSwitzerlandServer

@Suite("Swiss web app: settings cookie, links, maps")
struct WebSettingsTests {
    @Test("the cookie keeps city, language and theme; damaged parts fall back one by one")
    func cookie() {
        let prefs = SwissPrefs(city: City.find("basel")!, language: .de, theme: .dark)
        #expect(prefs.cookieValue == "basel.de.dark")
        #expect(SwissPrefs(cookie: prefs.cookieValue) == prefs)
        #expect(SwissPrefs(cookie: nil) == .standard)
        let damaged = SwissPrefs(cookie: "atlantis.fr.neon")
        #expect(damaged.city.id == "zurich" && damaged.language == .en && damaged.theme == .system)
        #expect(SwissPrefs(cookie: "bern").city.id == "bern")
        #expect(prefs.setCookie(secure: true).hasSuffix("; Secure"))
        #expect(!prefs.setCookie(secure: false).contains("Secure"))
    }

    @Test("links carry the city and language, so pages are shareable and cached per city and language")
    func links() {
        let prefs = SwissPrefs(city: City.find("luzern")!, language: .de, theme: .system)
        #expect(
            prefs.link(.activities, [("q", "Zoo & Park")])
                == "/swiss/app/activities?city=luzern&lang=de&q=Zoo%20%26%20Park")
        #expect(
            prefs.link(.calendarFeed, parameters: ["city": "luzern"]).hasPrefix(
                "/swiss/app/calendar/luzern/events.ics?"))
    }

    @Test("a settings form: unknown values are refused with the valid ones named; partial forms keep the rest")
    func settingsForm() {
        var form = FormData()
        form.fields = [("city", "Mars")]
        guard case .failure(let error) = SettingsModel.apply(form: form, to: .standard) else {
            Issue.record("an unknown city was accepted")
            return
        }
        #expect(error.message.contains("Zürich") && error.message.contains("Winterthur"))
        form.fields = [("lang", "fr")]
        #expect((try? SettingsModel.apply(form: form, to: .standard).get()) == nil)
        form.fields = [("theme", "dark")]
        let themed = try? SettingsModel.apply(form: form, to: SwissPrefs(cookie: "bern.de.light")).get()
        #expect(themed?.cookieValue == "bern.de.dark")
    }

    @Test(
        "after saving, only a page of this app is a return target; its city and language are replaced",
        arguments: [
            ("/swiss/app/activities?q=zoo&city=zurich", "/swiss/app/activities?city=basel&lang=en&q=zoo"),
            ("/swiss/app", "/swiss/app?city=basel&lang=en"),
            ("//evil.example/swiss/app", "/swiss/app/settings?city=basel&lang=en&saved=1"),
            ("https://evil.example/swiss/app", "/swiss/app/settings?city=basel&lang=en&saved=1"),
            ("/swiss/apple", "/swiss/app/settings?city=basel&lang=en&saved=1"),
            ("/clubs/demo", "/swiss/app/settings?city=basel&lang=en&saved=1"),
            ("/swiss/app/\\evil", "/swiss/app/settings?city=basel&lang=en&saved=1"),
        ])
    func returnURL(value: String, expected: String) {
        let prefs = SwissPrefs(city: City.find("basel")!, language: .en, theme: .system)
        #expect(SettingsModel.returnURL(value, prefs: prefs) == expected)
    }

    @Test("POST settings sets the cookie and returns; a foreign origin is refused; the next page renders in German")
    func settingsRoute() async throws {
        let fakes = try await FakeSwissUpstreams.start()
        do {
            let app = try await SwissRouteTests.app(fakes)
            try await SwissRouteTests.serve(app) { client in
                let body = ByteBuffer(string: "city=bern&lang=de&theme=dark&return=%2Fswiss%2Fapp%2Fsettings")
                // No Origin header: what curl and old browsers send (a foreign one is refused below).
                let form: HTTPFields = [.contentType: "application/x-www-form-urlencoded"]
                var cookie = ""
                try await client.execute(
                    uri: "/swiss/app/settings", method: .post, headers: form, body: body
                ) { response in
                    #expect(response.status == .seeOther)
                    #expect(response.headers[.location] == "/swiss/app/settings?city=bern&lang=de&saved=1")
                    cookie = response.headers[.setCookie]?.split(separator: ";").first.map(String.init) ?? ""
                }
                #expect(cookie == "swiss_prefs=bern.de.dark")
                try await client.execute(
                    uri: "/swiss/app/settings", method: .post,
                    headers: [.contentType: "application/x-www-form-urlencoded", .origin: "https://evil.example"],
                    body: body
                ) { response in
                    #expect(response.status == .forbidden)
                    #expect(response.headers[.setCookie] == nil)
                }
                try await client.execute(uri: "/swiss/app/settings", method: .get, headers: [.cookie: cookie]) {
                    response in
                    let html = String(buffer: response.body)
                    #expect(response.status == .ok)
                    #expect(html.contains("lang=\"de\"") && html.contains("data-theme=\"dark\""))
                    #expect(html.contains("<option value=\"bern\" selected>"))
                    #expect(response.headers[.vary] == "Cookie")
                    #expect(
                        response.headers[HTTPField.Name("Content-Security-Policy")!]?.contains("script-src 'self'")
                            == true,
                        "pages carry the strict policy the house pattern gives every page")
                }
                // The query wins over the cookie for one page (shared links), without changing the cookie.
                try await client.execute(uri: "/swiss/app/settings?lang=en", method: .get, headers: [.cookie: cookie]) {
                    response in
                    #expect(String(buffer: response.body).contains("lang=\"en\""))
                    #expect(response.headers[.setCookie] == nil)
                }
                try await client.execute(
                    uri: "/swiss/app/settings", method: .post,
                    headers: [.contentType: "application/x-www-form-urlencoded"],
                    body: ByteBuffer(string: "city=atlantis")
                ) { response in
                    #expect(response.status == .badRequest)
                    #expect(String(buffer: response.body).contains("Unknown city"))
                }
            }
        } catch {
            await fakes.stop()
            throw error
        }
        await fakes.stop()
    }

    @Test("map pins are links with names; pins outside the area are counted, not drawn")
    func map() {
        let zurich = City.find("zurich")!.location
        let pins = [
            SwissMapPin(id: "zoo", point: zurich, label: "Zoo Zürich", href: "#card-zoo"),
            SwissMapPin(
                id: "far", point: TodayInSwitzerland.GeoPoint(lat: 40, lon: -3), label: "Madrid", href: "#card-far"),
        ]
        let html = SwissMapView.svg(pins: pins, area: .switzerland, label: "Activities", language: .en).render()
        #expect(html.contains("<a href=\"#card-zoo\" id=\"pin-zoo\""))
        #expect(html.contains("aria-label=\"Zoo Zürich\""))
        #expect(!html.contains("Madrid\""))
        #expect(html.contains("1 more outside the map"))
        #expect(html.contains("class=\"map-land\" d=\"M"), "the country outline is drawn")
        let city = SwissMapView.svg(
            pins: pins, area: .around([zurich], minimumKm: 10), label: "Near", language: .de
        ).render()
        #expect(city.contains("1 weitere ausserhalb der Karte"))
    }
}
