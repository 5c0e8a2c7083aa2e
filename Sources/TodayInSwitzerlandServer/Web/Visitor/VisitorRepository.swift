import Foundation
import SQLKit
import ServerKit
import TodayInSwitzerland

/// The visitors' saved, own and rated items (tables `sw_visitors` and `sw_visitor_items`), on SQLite and PostgreSQL.
///
/// Every query is keyed by the visitor id, so one visitor can never read or change another's items. Changes return
/// `.failure` with a ``VisitorItemError`` for what the visitor can fix (limits, bad input) and throw only for
/// database errors. A change marks the visitor as seen; visitors unseen for ``VisitorID/lifetime`` (their cookie has
/// expired) are pruned with their items.
struct VisitorRepository: Sendable {
    let database: Database
    let now: @Sendable () -> Date

    init(database: Database, now: @escaping @Sendable () -> Date = Date.init) {
        self.database = database
        self.now = now
    }

    /// Saved and rated lunch spots and saved activities are one flag per id; these are the two "saved" kinds.
    enum SavedKind: Sendable {
        case activity, lunch

        var kind: VisitorItemKind { self == .activity ? .savedActivity : .savedLunch }
    }

    // MARK: Reading

    /// Everything `visitor` keeps; ``VisitorItems/none`` for nil.
    func items(for visitor: VisitorID?) async throws -> VisitorItems {
        guard let visitor else { return .none }
        let rows = try await database.run { db in
            try await db.raw(
                """
                SELECT kind, item_id, name, description, price, cuisine, indoor, stars FROM sw_visitor_items
                WHERE visitor_id = \(bind: visitor.rawValue) ORDER BY created_ms, item_id
                """
            ).all()
        }
        var items = VisitorItems()
        for row in rows {
            let id = try row.decode(column: "item_id", as: String.self)
            switch VisitorItemKind(rawValue: try row.decode(column: "kind", as: String.self)) {
            case .savedActivity: items.savedActivities.insert(id)
            case .savedLunch: items.savedLunch.insert(id)
            case .customActivity:
                items.customActivities.append(
                    CustomActivity(
                        id: id, name: try row.decode(column: "name", as: String.self),
                        description: try row.decode(column: "description", as: String.self),
                        indoor: try row.decode(column: "indoor", as: Int.self) != 0,
                        price: try row.decode(column: "price", as: String.self)))
            case .customLunch:
                items.customLunch.append(
                    CustomLunchSpot(
                        id: id, name: try row.decode(column: "name", as: String.self),
                        cuisine: try row.decode(column: "cuisine", as: String.self)))
            case .lunchRating:
                if let stars = try row.decode(column: "stars", as: Int?.self), (1...5).contains(stars) {
                    items.ratings[id] = stars
                }
            case nil: continue  // a kind of a later version: ignored, never an error
            }
        }
        return items
    }

    // MARK: Changing

    /// Saves (or, with `saved` false, forgets) the activity or spot `id`. Saving twice keeps one.
    func setSaved(
        _ saved: Bool, _ kind: SavedKind, id: String, for visitor: VisitorID
    ) async throws -> Result<Void, VisitorItemError> {
        guard VisitorText.isItemID(id) else { return .failure(.invalidID) }
        let kind = kind.kind
        if !saved {
            try await database.run { db in
                try await db.raw(
                    """
                    DELETE FROM sw_visitor_items WHERE visitor_id = \(bind: visitor.rawValue)
                    AND kind = \(bind: kind.rawValue) AND item_id = \(bind: id)
                    """
                ).run()
            }
            return .success(())
        }
        return try await insert(kind, id: id, for: visitor) { db, time in
            try await db.raw(
                """
                INSERT INTO sw_visitor_items (visitor_id, kind, item_id, created_ms)
                VALUES (\(bind: visitor.rawValue), \(bind: kind.rawValue), \(bind: id), \(bind: time))
                ON CONFLICT (visitor_id, kind, item_id) DO NOTHING
                """
            ).run()
        }
    }

    /// Adds an own activity after checking its texts against ``VisitorLimits``.
    func addActivity(
        name: String?, description: String?, indoor: Bool, price: String?, for visitor: VisitorID
    ) async throws -> Result<CustomActivity, VisitorItemError> {
        let activity: CustomActivity
        do throws(VisitorItemError) {
            activity = CustomActivity(
                id: Self.newID(), name: try VisitorText.clean(name, .name, limit: VisitorLimits.name, required: true),
                description: try VisitorText.clean(description, .description, limit: VisitorLimits.description),
                indoor: indoor, price: try VisitorText.clean(price, .price, limit: VisitorLimits.price))
        } catch {
            return .failure(error)
        }
        let result = try await insert(.customActivity, id: activity.id, for: visitor) { db, time in
            try await db.raw(
                """
                INSERT INTO sw_visitor_items (visitor_id, kind, item_id, name, description, price, indoor, created_ms)
                VALUES (\(bind: visitor.rawValue), \(bind: VisitorItemKind.customActivity.rawValue),
                    \(bind: activity.id), \(bind: activity.name), \(bind: activity.description),
                    \(bind: activity.price), \(bind: activity.indoor ? 1 : 0), \(bind: time))
                """
            ).run()
        }
        return result.map { activity }
    }

    /// Adds an own lunch spot after checking its texts against ``VisitorLimits``.
    func addLunchSpot(
        name: String?, cuisine: String?, for visitor: VisitorID
    ) async throws -> Result<CustomLunchSpot, VisitorItemError> {
        let spot: CustomLunchSpot
        do throws(VisitorItemError) {
            spot = CustomLunchSpot(
                id: Self.newID(), name: try VisitorText.clean(name, .name, limit: VisitorLimits.name, required: true),
                cuisine: try VisitorText.clean(cuisine, .cuisine, limit: VisitorLimits.cuisine))
        } catch {
            return .failure(error)
        }
        let result = try await insert(.customLunch, id: spot.id, for: visitor) { db, time in
            try await db.raw(
                """
                INSERT INTO sw_visitor_items (visitor_id, kind, item_id, name, cuisine, created_ms)
                VALUES (\(bind: visitor.rawValue), \(bind: VisitorItemKind.customLunch.rawValue), \(bind: spot.id),
                    \(bind: spot.name), \(bind: spot.cuisine), \(bind: time))
                """
            ).run()
        }
        return result.map { spot }
    }

    /// Deletes the visitor's own activity or spot `id`, with its saved mark and rating; `.notFound` when the
    /// visitor has no such item (another visitor's item included).
    func deleteOwn(
        _ kind: SavedKind, id: String, for visitor: VisitorID
    ) async throws -> Result<Void, VisitorItemError> {
        guard VisitorText.isItemID(id) else { return .failure(.notFound) }
        let own = kind == .activity ? VisitorItemKind.customActivity : .customLunch
        let found = try await database.transaction { db in
            let exists =
                try await db.raw(
                    """
                    SELECT item_id FROM sw_visitor_items WHERE visitor_id = \(bind: visitor.rawValue)
                    AND kind = \(bind: own.rawValue) AND item_id = \(bind: id)
                    """
                ).first() != nil
            guard exists else { return false }
            try await db.raw(
                """
                DELETE FROM sw_visitor_items WHERE visitor_id = \(bind: visitor.rawValue) AND item_id = \(bind: id)
                AND kind IN (\(bind: own.rawValue), \(bind: kind.kind.rawValue), \(bind: VisitorItemKind.lunchRating.rawValue))
                """
            ).run()
            return true
        }
        return found ? .success(()) : .failure(.notFound)
    }

    /// Rates lunch spot `id` with 1–5 `stars`; nil removes the rating.
    func rate(_ id: String, stars: Int?, for visitor: VisitorID) async throws -> Result<Void, VisitorItemError> {
        guard VisitorText.isItemID(id) else { return .failure(.invalidID) }
        guard let stars else {
            try await database.run { db in
                try await db.raw(
                    """
                    DELETE FROM sw_visitor_items WHERE visitor_id = \(bind: visitor.rawValue)
                    AND kind = \(bind: VisitorItemKind.lunchRating.rawValue) AND item_id = \(bind: id)
                    """
                ).run()
            }
            return .success(())
        }
        guard (1...5).contains(stars) else { return .failure(.invalidRating) }
        return try await insert(.lunchRating, id: id, for: visitor) { db, time in
            try await db.raw(
                """
                INSERT INTO sw_visitor_items (visitor_id, kind, item_id, stars, created_ms)
                VALUES (\(bind: visitor.rawValue), \(bind: VisitorItemKind.lunchRating.rawValue), \(bind: id),
                    \(bind: stars), \(bind: time))
                ON CONFLICT (visitor_id, kind, item_id) DO UPDATE SET stars = excluded.stars
                """
            ).run()
        }
    }

    /// Forgets visitors unseen for `age` (their cookie has expired) and their items.
    func prune(olderThan age: TimeInterval = VisitorID.lifetime) async throws {
        let cutoff = now().addingTimeInterval(-age).epochMilliseconds
        try await database.transaction { db in
            try await db.raw(
                """
                DELETE FROM sw_visitor_items WHERE visitor_id IN
                    (SELECT id FROM sw_visitors WHERE seen_ms < \(bind: cutoff))
                """
            ).run()
            try await db.raw("DELETE FROM sw_visitors WHERE seen_ms < \(bind: cutoff)").run()
        }
    }

    // MARK: Internals

    /// Runs `write` for a new item of `kind` in one transaction that first records the visitor (on PostgreSQL the
    /// upsert locks the visitor's row, so two parallel requests cannot both pass the cap) and refuses a new item
    /// beyond ``VisitorLimits/maxItems(_:)`` (an existing one may be written again).
    private func insert(
        _ kind: VisitorItemKind, id: String, for visitor: VisitorID,
        _ write: @escaping @Sendable (any SQLDatabase, Int64) async throws -> Void
    ) async throws -> Result<Void, VisitorItemError> {
        let time = now().epochMilliseconds
        let limit = VisitorLimits.maxItems(kind)
        let allowed = try await database.transaction { db in
            try await db.raw(
                """
                INSERT INTO sw_visitors (id, created_ms, seen_ms) VALUES (\(bind: visitor.rawValue), \(bind: time), \(bind: time))
                ON CONFLICT (id) DO UPDATE SET seen_ms = excluded.seen_ms
                """
            ).run()
            let present =
                try await db.raw(
                    """
                    SELECT item_id FROM sw_visitor_items WHERE visitor_id = \(bind: visitor.rawValue)
                    AND kind = \(bind: kind.rawValue) AND item_id = \(bind: id)
                    """
                ).first() != nil
            if !present {
                let count =
                    try await db.raw(
                        """
                        SELECT COUNT(*) AS n FROM sw_visitor_items
                        WHERE visitor_id = \(bind: visitor.rawValue) AND kind = \(bind: kind.rawValue)
                        """
                    ).first()?.decode(column: "n", as: Int.self) ?? 0
                if count >= limit { return false }
            }
            try await write(db, time)
            return true
        }
        return allowed ? .success(()) : .failure(.tooMany(kind, limit: limit))
    }

    /// `own-` and 12 random hexadecimal digits: unique enough per visitor, and never a catalogue or OSM id.
    static func newID() -> String {
        var generator = SystemRandomNumberGenerator()
        let hex = String(generator.next() & 0xFFFF_FFFF_FFFF, radix: 16)
        return "own-" + String(repeating: "0", count: 12 - hex.count) + hex
    }

    /// Migration `swiss-002-visitor`: the visitors and their items.
    static let migration = Migration(id: "swiss-002-visitor") { _ in
        [
            """
            CREATE TABLE sw_visitors (
                id TEXT PRIMARY KEY,
                created_ms BIGINT NOT NULL,
                seen_ms BIGINT NOT NULL
            )
            """,
            """
            CREATE TABLE sw_visitor_items (
                visitor_id TEXT NOT NULL REFERENCES sw_visitors (id) ON DELETE CASCADE,
                kind TEXT NOT NULL,
                item_id TEXT NOT NULL,
                name TEXT NOT NULL DEFAULT '',
                description TEXT NOT NULL DEFAULT '',
                price TEXT NOT NULL DEFAULT '',
                cuisine TEXT NOT NULL DEFAULT '',
                indoor INTEGER NOT NULL DEFAULT 0,
                stars INTEGER CHECK (stars BETWEEN 1 AND 5),
                created_ms BIGINT NOT NULL,
                PRIMARY KEY (visitor_id, kind, item_id)
            )
            """,
            "CREATE INDEX sw_visitors_seen ON sw_visitors (seen_ms)",
        ]
    }
}

extension SwissApp {
    /// The visitors' items, in the app's database.
    var visitors: VisitorRepository { VisitorRepository(database: cache.database, now: now) }
}
