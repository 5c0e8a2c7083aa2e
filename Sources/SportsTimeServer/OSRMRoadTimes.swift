import Foundation
import Logging
import NIOCore
import ServerKit
import SportsTime

/// Road times from a self-hosted OSRM server's `table` service
/// (`GET {base}/table/v1/driving/{lon,lat;…}?annotations=duration,distance`, answering
/// `{"code": "Ok", "durations": [[seconds]], "distances": [[metres]]}`), for the venues of a plan. Any failure — no
/// answer, a timeout, an HTTP error, a `code` other than `Ok`, a malformed body — gives no legs and a message, and the
/// planners fall back to the estimator.
public struct OSRMRoadTimes: Sendable {
    /// The server, e.g. `http://127.0.0.1:5000`.
    public var baseURL: String
    let client: UpstreamHTTPClient

    /// A client of the server at `baseURL` (10 s per call, 2 tries by default).
    public init(
        baseURL: String,
        client: UpstreamHTTPClient = UpstreamHTTPClient(
            timeout: .seconds(10), maxAttempts: 2, logger: Logger(label: "sportstime.osrm"))
    ) {
        self.baseURL = baseURL.hasSuffix("/") ? String(baseURL.dropLast()) : baseURL
        self.client = client
    }

    /// What a table request produced.
    public struct Outcome: Sendable, Equatable {
        /// Legs between every ordered pair of distinct venues OSRM could route.
        public var legs: [RoadLeg]
        /// Why some or all legs are missing (nil when all came back).
        public var problem: String?
    }

    /// The road times between `venues` (at most 100, OSRM's default table limit).
    public func table(_ venues: [Venue]) async -> Outcome {
        guard venues.count >= 2 else { return Outcome(legs: [], problem: nil) }
        guard venues.count <= 100 else {
            return Outcome(legs: [], problem: "OSRM: \(venues.count) venues is over the table limit of 100")
        }
        let points = venues.map { String(format: "%.6f,%.6f", $0.coordinate.longitude, $0.coordinate.latitude) }
        let text = "\(baseURL)/table/v1/driving/\(points.joined(separator: ";"))?annotations=duration,distance"
        guard let url = URL(string: text) else { return Outcome(legs: [], problem: "OSRM: \(baseURL) is not a URL") }
        let response: UpstreamResponse
        do {
            response = try await client.send(method: "GET", url: url, headers: ["Accept": "application/json"])
        } catch {
            return Outcome(legs: [], problem: "OSRM did not answer (\(error)); road times are estimated")
        }
        struct Table: Decodable {
            var code: String
            var message: String?
            var durations: [[Double?]]?
            var distances: [[Double?]]?
        }
        guard let table = try? JSONDecoder().decode(Table.self, from: response.body) else {
            return Outcome(
                legs: [], problem: "OSRM answered HTTP \(response.status) without a table; road times are estimated")
        }
        guard (200..<300).contains(response.status), table.code == "Ok", let durations = table.durations,
            let distances = table.distances, durations.count == venues.count, distances.count == venues.count
        else {
            let reason = table.message.map { "\(table.code): \($0)" } ?? table.code
            return Outcome(legs: [], problem: "OSRM refused the table (\(reason)); road times are estimated")
        }
        var legs: [RoadLeg] = []
        var missing = 0
        for (i, from) in venues.enumerated() {
            for (j, to) in venues.enumerated() where i != j {
                guard j < durations[i].count, j < distances[i].count, let seconds = durations[i][j],
                    let metres = distances[i][j], seconds > 0, metres > 0
                else {
                    missing += 1
                    continue
                }
                legs.append(RoadLeg(from: from.id, to: to.id, minutes: seconds / 60, miles: metres / 1609.344))
            }
        }
        return Outcome(
            legs: legs, problem: missing == 0 ? nil : "OSRM has no route for \(missing) legs; those are estimated")
    }
}

extension SportsTimeApp {
    /// The road matrix for `venues`: the stored one, completed from OSRM at `osrmURL` (answers cached in the
    /// database) when given. Returns the matrix (nil when none) and what went wrong, if anything.
    public func roadMatrix(for venues: [VenueID], osrmURL: String?) async throws -> (RoadMatrix?, String?) {
        var problem: String?
        if let osrmURL {
            let stored = try await roadTimes.all()
            let have = Set(stored.map { "\($0.from.rawValue)|\($0.to.rawValue)" })
            let wanted = Set(venues)
            let missing = venues.contains { a in
                wanted.contains { b in a != b && !have.contains("\(a.rawValue)|\(b.rawValue)") }
            }
            if missing {
                let catalog = try await currentCatalog()
                let outcome = await OSRMRoadTimes(baseURL: osrmURL).table(venues.compactMap { catalog.venue($0) })
                try await roadTimes.store(outcome.legs, source: "osrm")
                problem = outcome.problem
            }
        }
        return (try await roadMatrix(), problem)
    }
}
