import Foundation
import SQLKit
import ServerKit
import SportsTime

/// Travellers: anonymous owners of trips, visits and polls, known by a bearer token (only its hash is stored).
struct TravellerRepository: Sendable {
    let database: Database

    /// A new traveller; returns its id and the token to keep (shown once).
    func create(now: Date = Date()) async throws -> (id: String, token: String) {
        let id = UUID().uuidString.lowercased()
        let token = Tokens.random()
        try await database.run { db in
            try await db.raw(
                """
                INSERT INTO st_travellers (id, token_hash, created_ms)
                VALUES (\(bind: id), \(bind: Tokens.sha256(token)), \(bind: now.epochMilliseconds))
                """
            ).run()
        }
        return (id, token)
    }

    /// The traveller holding `token`.
    func find(token: String) async throws -> String? {
        try await database.run { db in
            try await db.raw("SELECT id FROM st_travellers WHERE token_hash = \(bind: Tokens.sha256(token))").first()
                .map { try $0.decode(column: "id", as: String.self) }
        }
    }

    /// Deletes the traveller and everything they own.
    func delete(_ id: String) async throws {
        try await database.transaction { db in
            for table in ["st_trips", "st_visits"] {
                try await db.raw("DELETE FROM \(unsafeRaw: table) WHERE traveller_id = \(bind: id)").run()
            }
            try await db.raw(
                "DELETE FROM st_votes WHERE poll_id IN (SELECT id FROM st_polls WHERE owner_id = \(bind: id))"
            ).run()
            try await db.raw("DELETE FROM st_polls WHERE owner_id = \(bind: id)").run()
            try await db.raw("DELETE FROM st_votes WHERE voter_id = \(bind: "t:" + id)").run()
            try await db.raw("DELETE FROM st_travellers WHERE id = \(bind: id)").run()
        }
    }
}

/// A saved trip as stored: the body is the trip's JSON.
struct StoredTrip: Sendable, Equatable {
    var id: String
    var name: String
    var createdAt: Date
    var body: Data
}

/// Saved trips of a traveller.
struct TripRepository: Sendable {
    let database: Database

    func insert(_ trip: StoredTrip, traveller: String) async throws {
        let body = String(decoding: trip.body, as: UTF8.self)
        try await database.run { db in
            try await db.raw(
                """
                INSERT INTO st_trips (id, traveller_id, name, created_ms, body)
                VALUES (\(bind: trip.id), \(bind: traveller), \(bind: trip.name),
                        \(bind: trip.createdAt.epochMilliseconds), \(bind: body))
                """
            ).run()
        }
    }

    func list(traveller: String) async throws -> [StoredTrip] {
        try await database.run { db in
            try await db.raw(
                """
                SELECT id, name, created_ms, body FROM st_trips WHERE traveller_id = \(bind: traveller)
                ORDER BY created_ms DESC, id
                """
            ).all().map(Self.trip)
        }
    }

    func find(_ id: String, traveller: String) async throws -> StoredTrip? {
        try await database.run { db in
            try await db.raw(
                """
                SELECT id, name, created_ms, body FROM st_trips
                WHERE id = \(bind: id) AND traveller_id = \(bind: traveller)
                """
            ).first().map(Self.trip)
        }
    }

    /// Deletes a trip; false when the traveller has no such trip.
    func delete(_ id: String, traveller: String) async throws -> Bool {
        try await database.transaction { db in
            let found = try await db.raw(
                "SELECT id FROM st_trips WHERE id = \(bind: id) AND traveller_id = \(bind: traveller)"
            ).first()
            guard found != nil else { return false }
            try await db.raw("DELETE FROM st_trips WHERE id = \(bind: id)").run()
            return true
        }
    }

    /// How many trips the traveller has saved.
    func count(traveller: String) async throws -> Int {
        try await database.run { db in
            try await db.raw("SELECT COUNT(*) AS n FROM st_trips WHERE traveller_id = \(bind: traveller)").first()
                .map { try $0.decode(column: "n", as: Int.self) } ?? 0
        }
    }

    static func trip(_ row: any SQLRow) throws -> StoredTrip {
        StoredTrip(
            id: try row.decode(column: "id", as: String.self), name: try row.decode(column: "name", as: String.self),
            createdAt: Date(epochMilliseconds: try row.decode(column: "created_ms", as: Int64.self)),
            body: Data(try row.decode(column: "body", as: String.self).utf8))
    }
}

/// Stadium visits of a traveller.
struct VisitRepository: Sendable {
    let database: Database

    func insert(_ visit: StadiumVisit, traveller: String, now: Date = Date()) async throws {
        try await database.run { db in
            try await db.raw(
                """
                INSERT INTO st_visits (id, traveller_id, venue_id, visit_date, league, game_id, note, created_ms)
                VALUES (\(bind: visit.id), \(bind: traveller), \(bind: visit.venue.rawValue),
                        \(bind: visit.date.description), \(bind: visit.league?.rawValue),
                        \(bind: visit.gameID?.rawValue), \(bind: visit.note),
                        \(bind: now.epochMilliseconds))
                """
            ).run()
        }
    }

    func list(traveller: String) async throws -> [StadiumVisit] {
        try await database.run { db in
            try await db.raw(
                """
                SELECT id, venue_id, visit_date, league, game_id, note FROM st_visits
                WHERE traveller_id = \(bind: traveller) ORDER BY visit_date, id
                """
            ).all().compactMap { row -> StadiumVisit? in
                guard let date = LocalDate(try row.decode(column: "visit_date", as: String.self)) else { return nil }
                return StadiumVisit(
                    id: try row.decode(column: "id", as: String.self),
                    venue: VenueID(rawValue: try row.decode(column: "venue_id", as: String.self)), date: date,
                    league: try row.decode(column: "league", as: String?.self).flatMap(League.init(rawValue:)),
                    gameID: try row.decode(column: "game_id", as: String?.self).map(GameID.init(rawValue:)),
                    note: try row.decode(column: "note", as: String?.self))
            }
        }
    }

    func delete(_ id: String, traveller: String) async throws -> Bool {
        try await database.transaction { db in
            let found = try await db.raw(
                "SELECT id FROM st_visits WHERE id = \(bind: id) AND traveller_id = \(bind: traveller)"
            ).first()
            guard found != nil else { return false }
            try await db.raw("DELETE FROM st_visits WHERE id = \(bind: id)").run()
            return true
        }
    }
}

/// A stored poll: the options (with their itineraries) as JSON.
struct StoredPoll: Sendable, Equatable {
    var id: String
    var shareToken: String
    var owner: String
    var title: String
    var body: Data
    var createdAt: Date
    var closedAt: Date?
}

/// Why a vote was not stored.
enum VoteStoreError: Error, Equatable {
    case closed
    case unknownPoll
}

/// Trip polls and their votes.
struct PollRepository: Sendable {
    let database: Database

    func insert(_ poll: StoredPoll) async throws {
        let body = String(decoding: poll.body, as: UTF8.self)
        try await database.run { db in
            try await db.raw(
                """
                INSERT INTO st_polls (id, share_token, owner_id, title, body, created_ms, closed_ms)
                VALUES (\(bind: poll.id), \(bind: poll.shareToken), \(bind: poll.owner), \(bind: poll.title),
                        \(bind: body), \(bind: poll.createdAt.epochMilliseconds), NULL)
                """
            ).run()
        }
    }

    func find(shareToken: String) async throws -> StoredPoll? {
        try await database.run { db in
            try await db.raw(
                """
                SELECT id, share_token, owner_id, title, body, created_ms, closed_ms FROM st_polls
                WHERE share_token = \(bind: shareToken)
                """
            ).first().map(Self.poll)
        }
    }

    /// Votes of a poll: voter → option.
    func votes(poll: String) async throws -> [(voter: String, option: String, castAt: Date)] {
        try await database.run { db in
            try await db.raw(
                "SELECT voter_id, option_id, cast_ms FROM st_votes WHERE poll_id = \(bind: poll) ORDER BY cast_ms"
            ).all().map { row in
                (
                    try row.decode(column: "voter_id", as: String.self),
                    try row.decode(column: "option_id", as: String.self),
                    Date(epochMilliseconds: try row.decode(column: "cast_ms", as: Int64.self))
                )
            }
        }
    }

    /// Stores a vote, or changes the voter's earlier one (one vote per voter, changeable while the poll is open) —
    /// checked in the same transaction. On PostgreSQL the poll row is read `FOR SHARE`, so a close (which updates
    /// that row) waits for the vote or the vote sees the close; the primary key (poll, voter) holds against
    /// concurrent first votes on several instances (the loser changes the stored vote instead). Storage failures
    /// are reported as such.
    func vote(poll: String, voter: String, option: String, now: Date = Date()) async throws -> VoteStoreError? {
        let lock = database.kind == .postgres ? " FOR SHARE" : ""
        let store = { (insertFirst: Bool) async throws -> VoteStoreError? in
            try await database.transaction { db -> VoteStoreError? in
                guard
                    let row = try await db.raw(
                        "SELECT closed_ms FROM st_polls WHERE id = \(bind: poll)\(unsafeRaw: lock)"
                    ).first()
                else { return .unknownPoll }
                if try row.decode(column: "closed_ms", as: Int64?.self) != nil { return .closed }
                let existing = try await db.raw(
                    "SELECT 1 AS one FROM st_votes WHERE poll_id = \(bind: poll) AND voter_id = \(bind: voter)"
                ).first()
                if existing != nil || !insertFirst {
                    try await db.raw(
                        """
                        UPDATE st_votes SET option_id = \(bind: option), cast_ms = \(bind: now.epochMilliseconds)
                        WHERE poll_id = \(bind: poll) AND voter_id = \(bind: voter)
                        """
                    ).run()
                } else {
                    try await db.raw(
                        """
                        INSERT INTO st_votes (poll_id, voter_id, option_id, cast_ms)
                        VALUES (\(bind: poll), \(bind: voter), \(bind: option), \(bind: now.epochMilliseconds))
                        """
                    ).run()
                }
                return nil
            }
        }
        do {
            return try await store(true)
        } catch {
            // A concurrent first vote of the same (poll, voter) loses on the primary key: then change that vote.
            let stored = try await database.run { db in
                try await db.raw(
                    "SELECT 1 AS one FROM st_votes WHERE poll_id = \(bind: poll) AND voter_id = \(bind: voter)"
                ).first()
            }
            guard stored != nil else { throw error }
            return try await store(false)
        }
    }

    /// The option `voter` chose in `poll`, if they voted.
    func choice(poll: String, voter: String) async throws -> String? {
        try await database.run { db in
            try await db.raw(
                "SELECT option_id FROM st_votes WHERE poll_id = \(bind: poll) AND voter_id = \(bind: voter)"
            ).first().map { try $0.decode(column: "option_id", as: String.self) }
        }
    }

    /// The polls `owner` created, newest first.
    func list(owner: String) async throws -> [StoredPoll] {
        try await database.run { db in
            try await db.raw(
                """
                SELECT id, share_token, owner_id, title, body, created_ms, closed_ms FROM st_polls
                WHERE owner_id = \(bind: owner) ORDER BY created_ms DESC, id
                """
            ).all().map(Self.poll)
        }
    }

    /// Closes a poll its owner holds (one UPDATE, which takes the row lock votes share); false when not theirs or
    /// unknown. Closing a closed poll keeps its first closing time.
    func close(shareToken: String, owner: String, now: Date = Date()) async throws -> Bool {
        try await database.transaction { db in
            let found = try await db.raw(
                "SELECT id FROM st_polls WHERE share_token = \(bind: shareToken) AND owner_id = \(bind: owner)"
            ).first()
            guard found != nil else { return false }
            try await db.raw(
                """
                UPDATE st_polls SET closed_ms = \(bind: now.epochMilliseconds)
                WHERE share_token = \(bind: shareToken) AND owner_id = \(bind: owner) AND closed_ms IS NULL
                """
            ).run()
            return true
        }
    }

    static func poll(_ row: any SQLRow) throws -> StoredPoll {
        StoredPoll(
            id: try row.decode(column: "id", as: String.self),
            shareToken: try row.decode(column: "share_token", as: String.self),
            owner: try row.decode(column: "owner_id", as: String.self),
            title: try row.decode(column: "title", as: String.self),
            body: Data(try row.decode(column: "body", as: String.self).utf8),
            createdAt: Date(epochMilliseconds: try row.decode(column: "created_ms", as: Int64.self)),
            closedAt: try row.decode(column: "closed_ms", as: Int64?.self).map(Date.init(epochMilliseconds:)))
    }
}
