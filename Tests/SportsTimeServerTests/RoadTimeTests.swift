import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import NIOCore
import ServerKit
import SportsTime
import TestSupport
import Testing

@testable import SportsTimeServer

@Suite("Road times: the stored matrix and the OSRM table client")
struct RoadTimeTests {
    static var logger: Logger {
        var logger = Logger(label: "test")
        logger.logLevel = .critical
        return logger
    }

    static func venues() throws -> [Venue] {
        let catalog = try Catalog.bundled()
        return try ["fenway-park", "yankee-stadium", "citi-field"].map {
            try #require(catalog.venue(VenueID(rawValue: $0)))
        }
    }

    /// A fake OSRM server on 127.0.0.1 answering `/table/v1/driving/...` with `body` (and `status`), after `delay`.
    static func withFakeOSRM(
        status: HTTPResponse.Status = .ok, body: String, delay: Duration = .zero,
        _ test: @Sendable (String) async throws -> Void
    ) async throws {
        let router = Router()
        router.get("table/v1/driving/:points") { request, _ -> Response in
            #expect(request.uri.query?.contains("annotations=duration,distance") == true)
            if delay > .zero { try await Task.sleep(for: delay) }
            return Response(status: status, body: .init(byteBuffer: ByteBuffer(string: body)))
        }
        try await Application(router: router).test(.live) { client in
            let port = try #require(client.port)
            try await test("http://127.0.0.1:\(port)")
        }
    }

    static let okTable = """
        {"code":"Ok","durations":[[0,13020.5,12600],[13100,0,1080],[12700,1100,0]],
         "distances":[[0,314000.2,305000],[315000,0,16000],[306000,15800,0]],
         "sources":[],"destinations":[]}
        """

    @Test("OSRM's table answer becomes legs in minutes and miles")
    func table() async throws {
        let venues = try Self.venues()
        try await Self.withFakeOSRM(body: Self.okTable) { base in
            let outcome = await OSRMRoadTimes(
                baseURL: base, client: UpstreamHTTPClient(logger: Self.logger)
            ).table(venues)
            #expect(outcome.problem == nil)
            #expect(outcome.legs.count == 6)
            let first = try #require(outcome.legs.first)
            #expect(first.from == "fenway-park" && first.to == "yankee-stadium")
            #expect(abs(first.minutes - 13020.5 / 60) < 1e-9)
            #expect(abs(first.miles - 314000.2 / 1609.344) < 1e-9)
        }
    }

    @Test(
        "Errors and missing routes fall back to the estimator and say so",
        arguments: [
            (
                HTTPResponse.Status.ok,
                #"{"code":"InvalidQuery","message":"Query string malformed close to position 3"}"#,
                "InvalidQuery"
            ),
            (.internalServerError, "oops", "without a table"),
            (
                .ok, #"{"code":"Ok","durations":[[0,null,5],[6,0,7],[8,9,0]],"distances":[[0,1,5],[6,0,7],[8,9,0]]}"#,
                "no route for 1 legs"
            ),
        ])
    func failures(status: HTTPResponse.Status, body: String, expected: String) async throws {
        let venues = try Self.venues()
        try await Self.withFakeOSRM(status: status, body: body) { base in
            let outcome = await OSRMRoadTimes(
                baseURL: base, client: UpstreamHTTPClient(logger: Self.logger)
            ).table(venues)
            #expect(outcome.problem?.contains(expected) == true, "\(outcome.problem ?? "nil")")
            #expect(outcome.legs.count == (expected.hasPrefix("no route") ? 5 : 0))
        }
    }

    @Test("A server that answers too late times out; the legs are estimated")
    func timeout() async throws {
        let venues = try Self.venues()
        try await Self.withFakeOSRM(body: Self.okTable, delay: .seconds(2)) { base in
            let client = UpstreamHTTPClient(timeout: .milliseconds(200), maxAttempts: 1, logger: Self.logger)
            let outcome = await OSRMRoadTimes(baseURL: base, client: client).table(venues)
            #expect(outcome.legs.isEmpty)
            #expect(outcome.problem?.contains("did not answer") == true)
        }
        let refused = await OSRMRoadTimes(
            baseURL: "http://127.0.0.1:1", client: UpstreamHTTPClient(maxAttempts: 1, logger: Self.logger)
        ).table(venues)
        #expect(refused.problem?.contains("estimated") == true)
    }

    @Test("The trip planners use the imported matrix: a planned leg takes its miles from it")
    func plannersUseTheMatrix() async throws {
        let database = try await TestDatabases.make(.sqlite)
        try await Migrator(SportsTimeApp.migrations).migrate(database)
        let app = try SportsTimeApp(database: database, logger: Self.logger)
        let preferences = TripPreferences(
            planningMode: .dateRange, sports: [.mlb], startDate: LocalDate("2026-06-01"),
            endDate: LocalDate("2026-06-07"), numberOfDrivers: 2)
        let before = try await app.plan(preferences, start: "Boston").get()
        let legs = before.flatMap(\.legs).filter { $0.fromVenueId != nil && $0.toVenueId != nil }
        #expect(!legs.isEmpty)
        // Same hours (so the same trips stay feasible), 7 more miles than estimated.
        var rows = ["from,to,minutes,miles"]
        var imported: [String: Double] = [:]
        for leg in legs {
            guard let from = leg.fromVenueId, let to = leg.toVenueId, imported[from.rawValue + ">" + to.rawValue] == nil
            else { continue }
            let miles = (leg.miles + 7).rounded()
            // Both ways (the router reads one direction per pair).
            for (a, b) in [(from, to), (to, from)] {
                imported[a.rawValue + ">" + b.rawValue] = miles
                rows.append("\(a.rawValue),\(b.rawValue),\(leg.drivingHours * 60),\(miles)")
            }
        }
        _ = try await app.importRoadTimes(csv: rows.joined(separator: "\n"), source: "test")
        let after = try await app.plan(preferences, start: "Boston").get()
        var matched = 0
        for leg in after.flatMap(\.legs) {
            guard let from = leg.fromVenueId, let to = leg.toVenueId,
                let miles = imported[from.rawValue + ">" + to.rawValue]
            else { continue }
            #expect(abs(leg.miles - miles) < 1e-9, "\(from) → \(to)")
            matched += 1
        }
        #expect(matched > 0)
        #expect(try await app.plannerEstimator().roads != nil)
    }

    @Test("An imported matrix is stored (bad rows reported), read back and used by the planners' estimator")
    func importAndStore() async throws {
        let database = try await TestDatabases.make(.sqlite)
        try await Migrator(SportsTimeApp.migrations).migrate(database)
        let app = try SportsTimeApp(database: database, logger: Self.logger)
        let csv = """
            from,to,minutes,miles
            fenway-park,yankee-stadium,215,195
            Yankee Stadium,fenway-park,216,196
            fenway-park,nowhere,1,1
            """
        let result = try await app.importRoadTimes(csv: csv, source: "test")
        #expect(result.legs.count == 2)
        #expect(result.problems.map(\.line) == [4])
        // Importing again replaces the pairs.
        _ = try await app.importRoadTimes(csv: "from,to,minutes,miles\nfenway-park,yankee-stadium,200,190", source: "t")
        #expect(try await app.roadTimes.count() == 2)
        let matrix = try #require(try await app.roadMatrix())
        let venues = try Self.venues()
        let leg = TravelEstimator().with(roads: matrix).leg(from: venues[0].coordinate, to: venues[1].coordinate)
        #expect(leg.miles == 190 && abs(leg.drivingHours - 200 / 60) < 1e-12)
        // OSRM is asked only for the missing pairs and its answers are cached.
        try await Self.withFakeOSRM(body: Self.okTable) { base in
            let (withOSRM, problem) = try await app.roadMatrix(
                for: venues.map(\.id), osrmURL: base)
            #expect(problem == nil)
            #expect(withOSRM?.count == 6)
        }
        #expect(try await app.roadTimes.count() == 6)
    }
}
