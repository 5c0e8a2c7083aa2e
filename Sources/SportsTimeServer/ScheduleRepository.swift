import Foundation
import SQLKit
import ServerKit
import SportsTime

/// Imported schedules: the games of each league as last imported, and a version that changes with every import so
/// every server instance reloads its catalogue.
struct ScheduleRepository: Sendable {
    let database: Database

    /// Stores `games` in one transaction and returns the new schedule version. Games are upserted by id, so files
    /// that each hold part of a league (one club's calendar) add up. With `replacingDays` — a whole-league feed
    /// read without problems — games of the leagues in `games` on the days the file covers that the file no longer
    /// lists (cancelled or rescheduled under a new id) are removed too.
    @discardableResult
    func store(_ games: [Game], replacingDays: Bool) async throws -> String {
        let version = UUID().uuidString
        guard !games.isEmpty else { return version }
        try await database.transaction { db in
            if replacingDays {
                for (league, leagueGames) in Dictionary(grouping: games, by: \.league) {
                    guard let first = leagueGames.map(\.localDate).min(), let last = leagueGames.map(\.localDate).max()
                    else { continue }
                    try await db.raw(
                        """
                        DELETE FROM st_games WHERE league = \(bind: league.rawValue)
                        AND local_date >= \(bind: first.description) AND local_date <= \(bind: last.description)
                        """
                    ).run()
                }
            }
            for chunk in stride(from: 0, to: games.count, by: 200) {
                let rows = games[chunk..<min(chunk + 200, games.count)]
                var insert = db.insert(into: "st_games").columns(
                    "id", "league", "home", "away", "venue", "start_ms", "local_date", "status", "doubleheader")
                for game in rows {
                    insert = insert.values(
                        SQLBind(game.id.rawValue), SQLBind(game.league.rawValue), SQLBind(game.home.rawValue),
                        SQLBind(game.away.rawValue), SQLBind(game.venue.rawValue),
                        SQLBind(game.start.epochMilliseconds), SQLBind(game.localDate.description),
                        SQLBind(game.status.rawValue), SQLBind(game.doubleheader))
                }
                // A game id imported again takes the newest row.
                try await db.raw(
                    "DELETE FROM st_games WHERE id IN (\(binds: rows.map(\.id.rawValue)))"
                ).run()
                try await insert.run()
            }
            try await db.raw("DELETE FROM st_meta WHERE key = 'schedule_version'").run()
            try await db.raw("INSERT INTO st_meta (key, value) VALUES ('schedule_version', \(bind: version))").run()
        }
        return version
    }

    /// The version of the imported schedules ("" before the first import).
    func version() async throws -> String {
        try await database.run { db in
            try await db.raw("SELECT value FROM st_meta WHERE key = 'schedule_version'").first()
                .map { try $0.decode(column: "value", as: String.self) } ?? ""
        }
    }

    /// Every imported game (rows that no longer decode — e.g. a league removed from the code — are skipped).
    func all() async throws -> [Game] {
        try await database.run { db in
            try await db.raw(
                "SELECT id, league, home, away, venue, start_ms, local_date, status, doubleheader FROM st_games"
            ).all().compactMap { row -> Game? in
                guard let league = League(rawValue: try row.decode(column: "league", as: String.self)),
                    let date = LocalDate(try row.decode(column: "local_date", as: String.self)),
                    let status = GameStatus(rawValue: try row.decode(column: "status", as: String.self))
                else { return nil }
                return Game(
                    id: GameID(rawValue: try row.decode(column: "id", as: String.self)), league: league,
                    home: TeamID(rawValue: try row.decode(column: "home", as: String.self)),
                    away: TeamID(rawValue: try row.decode(column: "away", as: String.self)),
                    venue: VenueID(rawValue: try row.decode(column: "venue", as: String.self)),
                    start: Date(epochMilliseconds: try row.decode(column: "start_ms", as: Int64.self)),
                    localDate: date, status: status,
                    doubleheader: try row.decode(column: "doubleheader", as: Int?.self))
            }
        }
    }

    /// Imported games per league.
    func counts() async throws -> [League: Int] {
        try await database.run { db in
            var counts: [League: Int] = [:]
            for row in try await db.raw("SELECT league, COUNT(*) AS n FROM st_games GROUP BY league").all() {
                if let league = League(rawValue: try row.decode(column: "league", as: String.self)) {
                    counts[league] = try row.decode(column: "n", as: Int.self)
                }
            }
            return counts
        }
    }
}
