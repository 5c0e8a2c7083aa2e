import ClubWeekly
import Foundation
import Logging
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

    /// Rebuilds the rollups of clubs that have none yet or older ones (after the migration that added them, or rows
    /// written around the server); a club at a time, logged.
    func rebuildStaleRollups() async throws {
        let stale = try await database.run { db in try await WeekRollups.staleClubs(on: db) }
        for club in stale {
            let rows = try await database.transaction { db in try await WeekRollups.rebuild(club: club, on: db) }
            logger.notice("weekly rollups rebuilt", metadata: ["club": "\(club)", "member weeks": "\(rows)"])
        }
    }
}

extension Duration {
    /// The duration in seconds, as a floating-point value.
    var seconds: Double { Double(components.seconds) + Double(components.attoseconds) / 1e18 }
}
