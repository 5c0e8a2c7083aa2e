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

@Suite("SportsTime web: plan pages through the app")
struct PlanPagesRouteTests {
    func withApp(_ test: @Sendable (SportsTimeApp, any TestClientProtocol) async throws -> Void) async throws {
        let app = try await SportsTimeRouteTests.app()
        let router = Router(context: AppRequestContext.self)
        app.addRoutes(to: router)
        try await Application(router: router).test(.router) { client in try await test(app, client) }
    }

    static func page(_ client: any TestClientProtocol, _ uri: String) async throws -> (HTTPResponse.Status, String) {
        let response = try await client.execute(uri: uri, method: .get)
        return (response.status, String(buffer: response.body))
    }

    /// Two games the engine cannot connect with one driver at 8 h a day (a driving-limit failure) but can with two:
    /// Boston, then a home game of another team the next day.
    static func drivingLimitPair(_ app: SportsTimeApp) async throws -> (PlanQuery, PlanningFailure)? {
        let catalog = try await app.currentCatalog()
        let june = catalog.games.filter {
            $0.league == .mlb && $0.localDate.year == 2026 && $0.localDate.month == 6
        }
        let boston = june.filter { $0.home.rawValue == "mlb-bos" }.sorted { $0.start < $1.start }
        for first in boston.prefix(10) {
            let next = june.filter { $0.localDate == first.localDate.adding(days: 1) && $0.home != first.home }
            for second in next {
                var query = PlanQuery()
                query.mode = .gameFirst
                query.games = [first.id, second.id]
                query.hours = 8
                guard case .failure(let failure) = try await app.plan(query.preferences),
                    case .drivingExceedsLimit = failure
                else { continue }
                var two = query
                two.drivers = 2
                guard case .success = try await app.plan(two.preferences) else { continue }
                return (query, failure)
            }
        }
        return nil
    }

    @Test("applying 'add a driver' to a driving-limit failure plans")
    func addDriverPlans() async throws {
        try await withApp { app, client in
            let (query, failure) = try #require(try await Self.drivingLimitPair(app))
            let fix = try #require(FailureAdvice.fixes(for: failure, query: query).first { $0.key == "add-driver" })
            let fixed = try #require(fix.query)
            guard case .success(let options) = try await app.plan(fixed.preferences) else {
                Issue.record("the fixed query did not plan")
                return
            }
            #expect(!options.isEmpty)
            let (status, body) = try await Self.page(client, TripsPageURL.options.path(query: query.queryString))
            #expect(status == .unprocessableContent && body.contains("data-failure=\"drivingExceedsLimit\""))
            #expect(body.contains("data-fix=\"add-driver\""))
            let (fixedStatus, fixedBody) = try await Self.page(client, fix.url)
            #expect(fixedStatus == .ok && fixedBody.contains("class=\"card option-card\""))
            print("driving-limit query:", query.queryString)
        }
    }

    @Test("each of the five modes gives options over the demo schedule")
    func fiveModes() async throws {
        try await withApp { app, client in
            let catalog = try await app.currentCatalog()
            let boston = catalog.games.filter {
                $0.home.rawValue == "mlb-bos" && $0.localDate.year == 2026 && $0.localDate.month == 6
            }.sorted { $0.start < $1.start }
            let games = boston.prefix(2).map(\.id.rawValue).joined(separator: ",")
            let queries = [
                "mode=date-range&sports=mlb&from=2026-06-01&to=2026-06-07&start=Boston",
                "mode=game-first&games=\(games)",
                "mode=locations&sports=mlb&from=2026-06-01&to=2026-06-07&start=Boston&end=New%20York",
                "mode=follow-team&team=mlb-bos&from=2026-06-01&to=2026-06-10",
                "mode=team-first&teams=mlb-bos&teams=mlb-nyy&from=2026-06-01&to=2026-06-30",
            ]
            for query in queries {
                let (status, body) = try await Self.page(client, "/trips/options?" + query)
                #expect(status == .ok, "\(query)")
                #expect(body.contains("class=\"card option-card\""), "\(query)")
                #expect(body.contains("name=\"sig\"") && body.contains("action=\"/trips/saved\""))
            }
            let (_, teamFirst) = try await Self.page(client, "/trips/options?" + queries[4])
            #expect(teamFirst.contains("When each window falls"))
            // Without dates team-first plans the next 30 days (the pages' clock is the real one: a team in season).
            let month = Calendar(identifier: .gregorian).component(.month, from: Date())
            let team = (4...9).contains(month) ? "mlb-bos" : "nba-bos"
            let (undated, undatedBody) = try await Self.page(client, "/trips/options?mode=team-first&teams=\(team)")
            #expect(undated == .ok && undatedBody.contains("these windows fall in the next 30 days"))
            let (compare, compareBody) = try await Self.page(client, "/trips/options/compare?\(queries[0])&ranks=1,2")
            #expect(compare == .ok && compareBody.contains("Compare Option 1 and Option 2"))
            let (badCompare, badBody) = try await Self.page(client, "/trips/options/compare?\(queries[0])&ranks=1,99")
            #expect(badCompare == .badRequest && badBody.contains("There is no option 99"))
        }
    }

    @Test("bad input is a page with the message, never a 500")
    func badInput() async throws {
        try await withApp { _, client in
            let cases: [(String, HTTPResponse.Status, String)] = [
                ("mode=follow-team&team=mlb-nope&from=2026-06-01&to=2026-06-10", .badRequest, "unknownTeam"),
                (
                    "mode=date-range&sports=mlb&from=2026-06-10&to=2026-06-01", .unprocessableContent,
                    "is before the start"
                ),
                ("mode=date-range&sports=mlb&from=2026-06-01&to=2026-07-10", .badRequest, "tooManyDays"),
                ("mode=date-range&sports=mlb&from=2031-06-01&to=2031-06-07", .unprocessableContent, "noGamesInRange"),
                (
                    "mode=game-first&games=" + (1...200).map { "g\($0)" }.joined(separator: ","), .badRequest,
                    "tooManyGames"
                ),
                ("mode=date-range&sports=mlb&from=2026-06-01&to=2026-06-07&start=Bostn", .badRequest, "Boston, MA"),
                ("mode=date-range&sports=cricket&drivers=9", .unprocessableContent, "Drivers must be 1 to 4"),
                ("mode=locations&sports=mlb&from=2026-06-01&to=2026-06-07", .unprocessableContent, "missingLocations"),
                ("mode=date-range&sports=mlb", .unprocessableContent, "missingDateRange"),
                (
                    "mode=game-first&games=mlb-gen-2026-979&from=2026-07-01&to=2026-07-05", .unprocessableContent,
                    "dateRangeViolation"
                ),
                (
                    "mode=game-first&games=mlb-gen-2026-979,mlb-gen-2026-986&repeat=0", .unprocessableContent,
                    "repeatCityViolation"
                ),
                ("mode=team-first&from=2026-06-01&to=2026-06-20", .unprocessableContent, "missingTeamSelection"),
            ]
            for (query, status, text) in cases {
                let (got, body) = try await Self.page(client, "/trips/options?" + query)
                #expect(got == status, "\(query)")
                #expect(body.contains(text), "\(query)")
                #expect(body.contains("<form") && body.contains("id=\"field-"), "the form comes back: \(query)")
            }
        }
    }

    @Test("wizard pages: each mode renders its form; unknown modes are 404; the home page needs no identity")
    func wizardAndHome() async throws {
        try await withApp { _, client in
            for mode in PlanningMode.allCases {
                let (status, body) = try await Self.page(client, "/trips/new/\(mode.slug)")
                #expect(status == .ok && body.contains("data-mode=\"\(mode.slug)\""))
            }
            let (missing, missingBody) = try await Self.page(client, "/trips/new/nowhere")
            #expect(missing == .notFound && missingBody.contains("No such planning mode"))
            #expect(missingBody.contains("href=\"/trips/new/team-first\""))
            let (_, prefilled) = try await Self.page(client, "/trips/new/date-range?from=2026-06-01&drivers=3")
            #expect(prefilled.contains("value=\"2026-06-01\"") && prefilled.contains("<option value=\"3\" selected>"))
            // Next year's July (demo seasons cover last year to next year): suggestions never start in the past.
            let year = Calendar(identifier: .gregorian).component(.year, from: Date()) + 1
            let home = try await client.execute(uri: "/trips?month=\(year)-07&league=mlb", method: .get)
            #expect(home.status == .ok && home.headers[.setCookie] == nil)
            let body = String(buffer: home.body)
            #expect(body.contains("Trips from Boston in July \(year)") && body.contains("suggestion-card"))
            let (_, past) = try await Self.page(client, "/trips?month=\(year - 2)-07&league=mlb")
            #expect(!past.contains("suggestion-card"), "no suggestion for a month already past")
            #expect(body.contains("Plan your first trip"))
        }
    }

    @Test("home lists the traveller's trips, the upcoming one first with a countdown; settings prefill the wizard")
    func homeWithTrips() async throws {
        try await withApp { app, client in
            let traveller = try await app.travellers.create()
            for (name, from, to) in [
                ("Past trip", "2026-06-01", "2026-06-04"), ("Future trip", "2027-06-01", "2027-06-04"),
            ] {
                var query = PlanQuery()
                query.sports = [.mlb]
                query.from = LocalDate(from)
                query.to = LocalDate(to)
                guard case .success(let options) = try await app.plan(query.preferences, start: "Boston") else {
                    Issue.record("no plan for \(name)")
                    return
                }
                _ = try await app.storeTrip(
                    name: name, option: options[0], preferences: query.preferences, owner: traveller.id)
            }
            let home = try await client.execute(
                uri: "/trips", method: .get, headers: [.cookie: "st_traveller=\(traveller.token)"])
            let body = String(buffer: home.body)
            let future = try #require(body.range(of: "Future trip"))
            let past = try #require(body.range(of: "Past trip"))
            #expect(future.lowerBound < past.lowerBound && body.contains("Next trip"))
            #expect(body.contains("class=\"countdown\"") && body.contains("/trips/saved/"))

            let prefs = TripsPrefs(units: .km, homeCity: "Chicago", leagues: [.nba], theme: .system)
            let wizard = try await client.execute(
                uri: "/trips/new/date-range", method: .get, headers: [.cookie: "st_prefs=\(prefs.cookieValue)"])
            let form = String(buffer: wizard.body)
            #expect(form.contains("value=\"Chicago\"") && form.contains("Starting from your home city"))
            #expect(form.contains("value=\"nba\" id=\"sport-nba\" checked"))
            let suggestions = try await client.execute(
                uri: "/trips?month=2026-07", method: .get, headers: [.cookie: "st_prefs=\(prefs.cookieValue)"])
            #expect(String(buffer: suggestions.body).contains("Trips from Chicago in July 2026"))
        }
    }

    @Test("the wizard goes step by step, each a GET carrying the answers so far; a bad answer sends back to its step")
    func steps() async throws {
        try await withApp { _, client in
            // A fresh wizard starts at step 1: only the sports, then "Next" to the wizard itself with step 2.
            let (_, first) = try await Self.page(client, "/trips/new/date-range")
            #expect(first.contains("data-step=\"1\"") && first.contains("Step 1 of 3"))
            #expect(first.contains("id=\"field-sports\"") && !first.contains("id=\"field-from\""))
            #expect(first.contains("action=\"/trips/new/date-range\"") && first.contains("name=\"step\" value=\"2\""))
            #expect(first.contains("id=\"plan-next\"") && !first.contains("id=\"plan-submit\""))

            // Step 2 carries the sports as a hidden answer and offers Back to step 1 with them.
            let (_, second) = try await Self.page(client, "/trips/new/date-range?sports=mlb&step=2")
            #expect(second.contains("data-step=\"2\"") && second.contains("id=\"field-from\""))
            #expect(second.contains("<input type=\"hidden\" name=\"sports\" value=\"mlb\""))
            #expect(!second.contains("id=\"field-sports\""))
            #expect(second.contains("step=1") && second.contains(">Back<"))

            // The last step goes to the options, with every earlier answer carried.
            let (_, last) = try await Self.page(
                client, "/trips/new/date-range?sports=mlb&from=2026-06-01&to=2026-06-05&start=Boston&step=3")
            #expect(last.contains("action=\"/trips/options\"") && last.contains("id=\"plan-submit\""))
            for pair in ["name=\"from\" value=\"2026-06-01\"", "name=\"start\" value=\"Boston\"", "name=\"mode\""] {
                #expect(last.contains(pair), "\(pair)")
            }
            #expect(last.contains("id=\"field-drivers\""))

            // An answer that cannot be read keeps the traveller on its step, as typed, with the message.
            let (_, back) = try await Self.page(client, "/trips/new/date-range?sports=mlb&from=June&step=3")
            #expect(back.contains("data-step=\"2\"") && back.contains("value=\"June\"") && back.contains("field-error"))

            // Every question on one page, on request or when a link brings answers without a step.
            let (_, all) = try await Self.page(client, "/trips/new/date-range?step=all")
            #expect(
                !all.contains("data-step=") && all.contains("id=\"field-sports\"") && all.contains("id=\"field-from\""))
            let (_, linked) = try await Self.page(client, "/trips/new/date-range?from=2026-06-01")
            #expect(!linked.contains("data-step=") && linked.contains("id=\"field-drivers\""))
        }
    }

    @Test("step numbers: out-of-range ones clamp, garbage shows everything")
    func stepNumbers() {
        #expect(WizardModel.step(requested: "9", raw: [("step", "9")], problems: [], mode: .followTeam) == 3)
        #expect(WizardModel.step(requested: "0", raw: [("step", "0")], problems: [], mode: .teamFirst) == 1)
        #expect(WizardModel.step(requested: "two", raw: [], problems: [], mode: .dateRange) == nil)
        #expect(WizardModel.step(requested: nil, raw: [], problems: [], mode: .dateRange) == 1)
        #expect(WizardModel.step(requested: nil, raw: [("mode", "x")], problems: [], mode: .dateRange) == 1)
        let faulty = [PlanQuery.Problem(field: .hours, message: "bad")]
        #expect(WizardModel.step(requested: "3", raw: [("step", "3")], problems: faulty, mode: .locations) == 3)
        let early = [PlanQuery.Problem(field: .start, message: "bad")]
        #expect(WizardModel.step(requested: "3", raw: [("step", "3")], problems: early, mode: .locations) == 1)
    }
}
