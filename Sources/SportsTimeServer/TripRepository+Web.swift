import Foundation
import SQLKit
import ServerKit
import SportsTime

/// A saved trip with what the web pages add to it: its share token and the traveller's own stops.
struct WebTripRecord: Sendable, Equatable {
    var trip: StoredTrip
    /// The read-only share link's token, when the trip is shared.
    var shareToken: String?
    /// The custom items as stored (JSON array of ``CustomItem``), nil when none were ever added.
    var customItems: Data?
}

extension TripRepository {
    /// The traveller's trip with its share token and custom items.
    func record(_ id: String, traveller: String) async throws -> WebTripRecord? {
        try await database.run { db in
            try await db.raw(
                """
                SELECT id, name, created_ms, body, share_token, custom_items FROM st_trips
                WHERE id = \(bind: id) AND traveller_id = \(bind: traveller)
                """
            ).first().map(Self.record)
        }
    }

    /// The trip shared under `token` (anyone holding the link may read it).
    func shared(token: String) async throws -> WebTripRecord? {
        try await database.run { db in
            try await db.raw(
                """
                SELECT id, name, created_ms, body, share_token, custom_items FROM st_trips
                WHERE share_token = \(bind: token)
                """
            ).first().map(Self.record)
        }
    }

    /// Renames a trip; false when the traveller has no such trip.
    func rename(_ id: String, traveller: String, to name: String) async throws -> Bool {
        try await update(id, traveller: traveller) { db in
            try await db.raw("UPDATE st_trips SET name = \(bind: name) WHERE id = \(bind: id)").run()
        }
    }

    /// Sets (or with nil removes) the share token; false when the traveller has no such trip.
    func setShareToken(_ id: String, traveller: String, token: String?) async throws -> Bool {
        try await update(id, traveller: traveller) { db in
            try await db.raw("UPDATE st_trips SET share_token = \(bind: token) WHERE id = \(bind: id)").run()
        }
    }

    /// Replaces the trip's body (its itinerary) and custom items in one statement; false when there is no such trip.
    func update(_ id: String, traveller: String, body: Data, customItems: Data?) async throws -> Bool {
        let text = String(decoding: body, as: UTF8.self)
        let items = customItems.map { String(decoding: $0, as: UTF8.self) }
        return try await update(id, traveller: traveller) { db in
            try await db.raw(
                "UPDATE st_trips SET body = \(bind: text), custom_items = \(bind: items) WHERE id = \(bind: id)"
            ).run()
        }
    }

    private func update(
        _ id: String, traveller: String, _ change: @escaping @Sendable (any SQLDatabase) async throws -> Void
    ) async throws -> Bool {
        try await database.transaction { db in
            let found = try await db.raw(
                "SELECT id FROM st_trips WHERE id = \(bind: id) AND traveller_id = \(bind: traveller)"
            ).first()
            guard found != nil else { return false }
            try await change(db)
            return true
        }
    }

    static func record(_ row: any SQLRow) throws -> WebTripRecord {
        WebTripRecord(
            trip: try trip(row), shareToken: try row.decode(column: "share_token", as: String?.self),
            customItems: try row.decode(column: "custom_items", as: String?.self).map { Data($0.utf8) })
    }
}
