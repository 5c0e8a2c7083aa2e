import ActivityFiles
import ClubWeeklyServer
import ClubhouseBasics
import Configuration
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import JustZone2Server
import NIOCore
import NIOFoundationCompat
import ServerKit
import TestSupport
import Testing
import TodayInSwitzerlandServer

@testable import ClubhouseServer

@Suite("Clubhouse home page")
struct HomePageTests {
    static let now = Date(timeIntervalSince1970: 1_795_700_000)  // Thu 26 Nov 2026, 13:33 UTC

    static func input(
        club: ClubGlance?? = .some(nil), ride: RideGlance? = nil, swiss: SwissGlance? = nil, language: String = "en"
    ) -> HomeModel.Input {
        HomeModel.Input(
            language: language, now: now, timeZone: TimeZone(identifier: "Europe/Dublin") ?? .current, club: club,
            clubURL: "/clubs/demo", trip: .some(nil), ride: ride, swiss: swiss, swissURL: "/swiss/app")
    }

    @Test("a public club shows its leader and distance; a private one names no rider")
    func clubCard() {
        let open = ClubGlance(
            clubName: "Demo CC", url: "/clubs/demo", isPublic: true, leaderName: "Anna K.", leaderDistance: "182.4 km",
            clubDistance: "1,204 km", activeRiders: 9)
        let card = HomeModel.make(Self.input(club: .some(open))).cards[0]
        #expect(card.title == "Demo CC" && card.kicker == "Club Weekly")
        #expect(card.figures.map(\.value) == ["Anna K. · 182.4 km", "1,204 km", "9"])
        let closed = ClubGlance(clubName: "Private CC", url: "/clubs/p", isPublic: false)
        let hidden = HomeModel.make(Self.input(club: .some(closed))).cards[0]
        #expect(hidden.figures.isEmpty && hidden.message?.contains("private club") == true)
        let missing = HomeModel.make(Self.input(club: nil)).cards[0]
        #expect(missing.action == nil && missing.message?.contains("club create") == true)
    }

    @Test("an app that did not answer in time says so; nothing is made up")
    func lateGlances() {
        let model = HomeModel.make(Self.input())
        #expect(model.cards.map(\.id) == ["clubweekly", "sportstime", "justzone2", "swiss"])
        #expect(model.cards[0].message?.contains("in time") == true)
        #expect(model.cards[1].message?.contains("in time") == true)
        #expect(model.cards[3].message?.contains("in time") == true && model.cards[3].figures.isEmpty)
        #expect(model.cards[2].message?.contains("simulator") == true, "no rides: how to record one")
        #expect(model.cards[2].action?.1 == "/zone2")
    }

    @Test("the last ride is shown in the server's time zone; Swiss data that is stale is marked; German")
    func rideAndSwiss() {
        let ride = RideGlance(
            lastRide: .init(start: Self.now, duration: 45 * 60, averagePower: 152, averageHeartRate: 131),
            sessionsThisWeek: 2, minutesThisWeek: 95)
        let swiss = SwissGlance(
            cityName: "Bern", weatherIcon: "☀️", temperature: "7°", weatherText: "Sonnig", headline: "Schlagzeile",
            headlineSource: "SRF", headlineURL: nil, degraded: true)
        let model = HomeModel.make(Self.input(ride: ride, swiss: swiss, language: "de"))
        #expect(model.cards[2].figures[0].value.hasPrefix("Do. 26. Nov."), "\(model.cards[2].figures[0].value)")
        #expect(model.cards[2].figures[0].value.contains("13:33 · 45 min · 152 W · 131 bpm"))
        #expect(model.cards[2].figures[1].value == "2 · 95 min")
        #expect(model.cards[3].title == "Heute in Bern")
        #expect(model.cards[3].figures.map(\.value) == ["☀️ 7° Sonnig", "Schlagzeile — SRF"])
        #expect(model.cards[3].message?.contains("versuchen es weiter") == true)
    }

    @Test("rides: the newest is read, this week's counted, a damaged file skipped")
    func rideGlanceScan() throws {
        let directory = URL(fileURLWithPath: TestDatabases.temporaryFile("zone2"))
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        func ride(_ start: Date, minutes: Int, watts: Int) -> Data {
            let samples = (0..<(minutes * 60)).map {
                ActivitySample(time: start.addingTimeInterval(TimeInterval($0)), power: watts, heartRate: 130)
            }
            return FITWriter.data(for: Activity(startTime: start, samples: samples))
        }
        let monday = Date(timeIntervalSince1970: 1_795_392_000)  // Mon 23 Nov 2026 00:00 UTC
        try ride(monday.addingTimeInterval(-3600), minutes: 30, watts: 140).write(
            to: directory.appendingPathComponent("a.fit"))
        try ride(monday.addingTimeInterval(7 * 3600), minutes: 20, watts: 150).write(
            to: directory.appendingPathComponent("b.fit"))
        try ride(Self.now.addingTimeInterval(-3600), minutes: 40, watts: 160).write(
            to: directory.appendingPathComponent("c.fit"))
        try Data("not a fit file".utf8).write(to: directory.appendingPathComponent("d.fit"))
        let glance = RideGlance.scan(
            directory: directory, now: Self.now, timeZone: TimeZone(identifier: "UTC") ?? .current)
        #expect(glance.sessionsThisWeek == 2 && glance.minutesThisWeek == 60, "\(glance)")
        #expect(glance.lastRide?.averagePower == 160)
        let empty = RideGlance.scan(
            directory: directory.appendingPathComponent("none"), now: Self.now, timeZone: .current)
        #expect(empty.lastRide == nil && empty.sessionsThisWeek == 0)
    }

    @Test("GET / shows the four apps with the shared header; /clubweekly opens the default club")
    func homeRoute() async throws {
        try await AssembledClubhouse.test { client in
            try await client.execute(uri: "/", method: .get) { response in
                #expect(response.status == .ok)
                let html = String(buffer: response.body)
                for id in ["clubweekly", "sportstime", "justzone2", "swiss"] { #expect(html.contains("id=\"\(id)\"")) }
                #expect(html.contains("class=\"app-switcher\"") && html.contains("aria-current=\"page\""))
                #expect(html.contains("Demo Cycling Club"))
                #expect(
                    response.headers[HTTPField.Name("Content-Security-Policy")!]?.contains("script-src 'self'") == true)
            }
            try await client.execute(uri: "/clubweekly", method: .get) { response in
                #expect(response.status == .found)
                #expect(response.headers[.location] == "/clubs/demo")
            }
            try await client.execute(uri: "/clubs/demo", method: .get) { response in
                let html = String(buffer: response.body)
                #expect(html.contains("data-app=\"clubWeekly\" aria-current=\"page\""), "the switcher marks the app")
            }
        }
    }

    @Test("with every Swiss upstream dead the home page still answers, saying the weather is unavailable")
    func deadUpstreams() async throws {
        try await AssembledClubhouse.test(configure: { config in
            config.settings = ConfigReader(
                provider: EnvironmentVariablesProvider(environmentVariables: [
                    "SWISS_OPENMETEO_URL": "http://127.0.0.1:9", "SWISS_TRANSPORT_URL": "http://127.0.0.1:9",
                    "SWISS_FEEDS_URL": "http://127.0.0.1:9", "SWISS_OVERPASS_URL": "http://127.0.0.1:9/api",
                ]))
        }) { client in
            try await client.execute(uri: "/?lang=de", method: .get) { response in
                #expect(response.status == .ok)
                let html = String(buffer: response.body)
                #expect(html.contains("Wetter nicht verfügbar"), "a refused connection fails at once: no waiting")
                #expect(html.contains("lang=\"de\""))
            }
        }
    }

    @Test("a glance later than CLUBHOUSE_HOME_WAIT is not waited for: the page answers and says so")
    func lateGlanceRoute() async throws {
        let assembled = try await AssembledClubhouse.start()
        await assembled.upstreams.state.setDelay(5_000)  // the Swiss upstreams answer after 5 s; the page waits 0.2
        do {
            let app = try await buildApplication(assembled.runtime, homeWait: 0.2)
            try await app.test(.router) { client in
                try await client.execute(uri: "/", method: .get) { response in
                    #expect(response.status == .ok)
                    let html = String(buffer: response.body)
                    let swiss = try #require(html.range(of: "id=\"swiss\"")).upperBound
                    #expect(html[swiss...].contains("in time"), "the Swiss card says it did not answer in time")
                }
            }
        } catch {
            await assembled.stop()
            throw error
        }
        await assembled.stop()
    }

    @Test("a glance that is late, missing or present reads as such")
    func glanceStates() {
        #expect(ShellController.state(Int??.none) == .some(nil), "no answer in time")
        #expect(ShellController.state(Int??.some(nil)) == nil, "nothing to show")
        #expect(ShellController.state(Int??.some(5)) == .some(.some(5)))
    }

    @Test("with the SportsTime traveller cookie the home page shows the visitor's next saved trip")
    func nextSavedTrip() async throws {
        try await AssembledClubhouse.test { client in
            let created = try await client.execute(uri: "/api/trips/travellers", method: .post)
            let token = try #require(
                (try JSONSerialization.jsonObject(with: Data(buffer: created.body)) as? [String: Any])?["token"]
                    as? String)
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = TimeZone(identifier: "UTC") ?? .current
            let start = calendar.date(byAdding: .day, value: 30, to: Date()) ?? Date()
            let end = calendar.date(byAdding: .day, value: 5, to: start) ?? start
            let day = { (date: Date) in String(ISO8601DateFormatter().string(from: date).prefix(10)) }
            let planned = try await client.execute(
                uri: "/api/trips/plan", method: .post, headers: [.contentType: "application/json"],
                body: ByteBuffer(
                    string: #"{"sports":["nba","nhl","mlb","nfl","mls"],"startDate":"\#(day(start))","#
                        + #""endDate":"\#(day(end))","start":"New York"}"#))
            let plan = try #require(
                try JSONSerialization.jsonObject(with: Data(buffer: planned.body)) as? [String: Any])
            let option = try #require((plan["options"] as? [Any])?.first)
            let body = try JSONSerialization.data(withJSONObject: ["name": "Holiday hoops", "option": option])
            let saved = try await client.execute(
                uri: "/api/trips/saved", method: .post,
                headers: [.authorization: "Bearer \(token)", .contentType: "application/json"],
                body: ByteBuffer(bytes: body))
            #expect(saved.status == .created)
            try await client.execute(uri: "/", method: .get, headers: [.cookie: "st_traveller=\(token)"]) { response in
                let html = String(buffer: response.body)
                #expect(html.contains("Your next trip") && html.contains("Holiday hoops"))
            }
            try await client.execute(uri: "/", method: .get, headers: [.cookie: "st_traveller=forged"]) { response in
                let html = String(buffer: response.body)
                #expect(!html.contains("Your next trip"), "an unknown token shows no one's trip")
                #expect(response.status == .ok)
            }
        }
    }
}
