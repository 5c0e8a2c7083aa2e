import Foundation
import SQLKit
import ServerKit
import SportsTime

extension SportsTimeSchema {
    /// Real road times between venues (an imported matrix, or OSRM answers cached), used by every planner where
    /// present (`source` says where a row came from).
    static let roadTimes = Migration(id: "sportstime-004-road-times") { _ in
        [
            """
            CREATE TABLE st_road_times (
                from_venue TEXT NOT NULL,
                to_venue TEXT NOT NULL,
                minutes DOUBLE PRECISION NOT NULL,
                miles DOUBLE PRECISION NOT NULL,
                source TEXT NOT NULL,
                updated_ms BIGINT NOT NULL,
                PRIMARY KEY (from_venue, to_venue)
            )
            """,
            // A running tour search's share done, for the page's progress bar.
            "ALTER TABLE st_tours ADD COLUMN progress DOUBLE PRECISION",
        ]
    }
}

/// The road-time matrix in `st_road_times`.
struct RoadTimeRepository: Sendable {
    let database: Database

    /// Stores `legs` (replacing the same pairs) in one transaction.
    func store(_ legs: [RoadLeg], source: String, now: Date = Date()) async throws {
        guard !legs.isEmpty else { return }
        let stamp = Int64(now.timeIntervalSince1970 * 1000)
        try await database.transaction { db in
            for chunk in stride(from: 0, to: legs.count, by: 200).map({ Array(legs[$0..<min(legs.count, $0 + 200)]) }) {
                try await db.raw(
                    """
                    DELETE FROM st_road_times WHERE from_venue || '|' || to_venue IN \
                    (\(binds: chunk.map { "\($0.from.rawValue)|\($0.to.rawValue)" }))
                    """
                ).run()
                for leg in chunk {
                    try await db.raw(
                        """
                        INSERT INTO st_road_times (from_venue, to_venue, minutes, miles, source, updated_ms)
                        VALUES (\(bind: leg.from.rawValue), \(bind: leg.to.rawValue), \(bind: leg.minutes), \
                        \(bind: leg.miles), \(bind: source), \(bind: stamp))
                        """
                    ).run()
                }
            }
        }
    }

    /// Every stored leg.
    func all() async throws -> [RoadLeg] {
        try await database.run { db in
            try await db.raw("SELECT from_venue, to_venue, minutes, miles FROM st_road_times").all().map { row in
                RoadLeg(
                    from: VenueID(rawValue: try row.decode(column: "from_venue", as: String.self)),
                    to: VenueID(rawValue: try row.decode(column: "to_venue", as: String.self)),
                    minutes: try row.decode(column: "minutes", as: Double.self),
                    miles: try row.decode(column: "miles", as: Double.self))
            }
        }
    }

    /// Stored legs.
    func count() async throws -> Int {
        try await database.run { db in
            try await db.raw("SELECT COUNT(*) AS n FROM st_road_times").first()?.decode(column: "n", as: Int.self) ?? 0
        }
    }
}

extension SportsTimeApp {
    /// Imports a road-time CSV (from, to, minutes, miles by venue id or name): the good rows are stored, the bad ones
    /// reported.
    public func importRoadTimes(csv: String, source: String) async throws -> RoadMatrixImport {
        let catalog = try await currentCatalog()
        let result = RoadMatrixImport.read(csv: csv, catalog: catalog)
        try await roadTimes.store(result.legs, source: source)
        return result
    }

    /// The stored road matrix over the current catalogue (nil when none is stored).
    public func roadMatrix() async throws -> RoadMatrix? {
        let legs = try await roadTimes.all()
        guard !legs.isEmpty else { return nil }
        return RoadMatrix(legs: legs, catalog: try await currentCatalog(), source: "road matrix (database)")
    }
}
