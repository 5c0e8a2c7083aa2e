import ClubWeekly
import Foundation
import Logging
import SQLKit
import ServerKit

extension ClubWeeklyApp {
    /// `clubhouse club rollups rebuild`: recomputes the weekly rollups of one club (by slug) or of every club from
    /// their activities, each club in one transaction; returns one line per club.
    public func rebuildRollups(clubSlug: String?) async throws -> [String] {
        let records: [ClubRecord]
        if let clubSlug {
            guard let record = try await clubs.find(slug: clubSlug) else {
                throw CLIError("No club with slug '\(clubSlug)'.")
            }
            records = [record]
        } else {
            records = try await clubs.all()
        }
        var lines: [String] = []
        for record in records {
            let started = ContinuousClock.now
            let rows = try await database.transaction { db in
                try await WeekRollups.rebuild(club: record.club.id, on: db)
            }
            let seconds = (ContinuousClock.now - started).seconds
            lines.append(
                "Rebuilt the rollups of '\(record.club.slug)': \(rows) member weeks in \(String(format: "%.1f", seconds)) s."
            )
        }
        return lines
    }

}

/// The background job that rebuilds one club's rollups a member at a time
/// (``WeekRollups/rebuildInSteps(club:database:stopping:)``): queued at start-up for stale clubs and when a big club's time
/// zone, week start or counted sport types change. Until it ends, the club's weeks are computed from activities.
enum RollupJob {
    static let kind = "clubweekly.rollups.rebuild"

    struct Payload: Codable { var club: String }

    /// Queues the club's rebuild (once: a rebuild already queued absorbs it, one running runs again after).
    static func enqueue(club: ClubID, on db: any SQLDatabase) async throws {
        let payload = String(decoding: try JSONEncoder().encode(Payload(club: club.rawValue)), as: UTF8.self)
        try await JobQueue.enqueue(
            on: db, kind: kind, payload: payload, dedupeKey: "\(kind):\(club.rawValue)", runAt: Date(), maxAttempts: 8)
    }

    /// Queues a rebuild of the rollups of clubs that have none yet or older ones (after the migration that added
    /// them, or rows written around the server): the server serves meanwhile. Returns the clubs queued.
    @discardableResult
    static func queueStale(database: Database) async throws -> [ClubID] {
        try await database.transaction { db in
            let stale = try await WeekRollups.staleClubs(on: db)
            for club in stale { try await enqueue(club: club, on: db) }
            return stale
        }
    }

    /// The job's handler. A rebuild stops between two members once `stopping` says so (by default: the server's
    /// graceful shutdown has begun, so a 5,000-member rebuild does not hold the shutdown up for minutes) and is
    /// deferred to run again from the start, here after a restart or on another instance.
    static func handler(
        database: Database, logger: Logger, stopping: @escaping @Sendable () -> Bool = { JobRunner.isStopping }
    ) -> JobRunner.Handler {
        { job in
            guard let payload = try? JSONDecoder().decode(Payload.self, from: Data(job.payload.utf8)) else {
                return .done
            }
            let started = ContinuousClock.now
            guard
                let members = try await WeekRollups.rebuildInSteps(
                    club: ClubID(payload.club), database: database, stopping: stopping)
            else {
                logger.notice(
                    "weekly rollups rebuild stopped by the shutdown; it runs again",
                    metadata: ["club": "\(payload.club)"])
                return .deferred(until: Date())
            }
            logger.notice(
                "weekly rollups rebuilt",
                metadata: [
                    "club": "\(payload.club)", "members": "\(members)",
                    "seconds": "\(String(format: "%.1f", (ContinuousClock.now - started).seconds))",
                ])
            return .done
        }
    }
}

extension Duration {
    /// The duration in seconds, as a floating-point value.
    var seconds: Double { Double(components.seconds) + Double(components.attoseconds) / 1e18 }
}
