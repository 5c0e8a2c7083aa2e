import Foundation
import ServerKit
import SportsTime

/// A stop of the traveller's own on a saved trip: a meal, hotel, sight or note on one day, at a time or not. Items
/// without a time sit at a `slot` among the day's games and drives (after that many of them); items with a time are
/// placed by it. Stops never change drives: places are words, not waypoints.
struct CustomItem: Codable, Sendable, Equatable {
    enum Kind: String, Codable, Sendable, CaseIterable {
        case meal, hotel, sight, note

        /// The kind's name on pages.
        var title: String {
            switch self {
            case .meal: "Meal"
            case .hotel: "Hotel"
            case .sight: "Sight"
            case .note: "Note"
            }
        }

        /// A decorative emoji.
        var icon: String {
            switch self {
            case .meal: "🍽️"
            case .hotel: "🛏️"
            case .sight: "📸"
            case .note: "📝"
            }
        }
    }

    /// Short random hex, unique within the trip.
    var id: String
    var day: LocalDate
    /// Minutes after local midnight, if the stop has a time.
    var minute: Int?
    var kind: Kind
    var title: String
    var place: String?
    var note: String?
    /// Untimed items: how many of the day's games and drives come before it.
    var slot: Int = 0

    /// The longest title.
    static let titleLimit = 80
    /// The longest place or note.
    static let noteLimit = 200
    /// The most custom items on one trip.
    static let perTripLimit = 100

    /// "19:30".
    var timeText: String? {
        minute.map { String(format: "%02d:%02d", $0 / 60, $0 % 60) }
    }

    /// Minutes of "HH:MM" (00:00–23:59), nil otherwise.
    static func minute(of text: String) -> Int? {
        let parts = text.split(separator: ":")
        guard parts.count == 2, parts[0].count <= 2, parts[1].count == 2, let h = Int(parts[0]),
            let m = Int(parts[1]), (0...23).contains(h), (0...59).contains(m)
        else { return nil }
        return h * 60 + m
    }

    /// The stored list (empty for nil or unreadable data: a stale column never breaks a page).
    static func decode(_ data: Data?) -> [CustomItem] {
        guard let data else { return [] }
        return (try? JSONDecoder().decode([CustomItem].self, from: data)) ?? []
    }

    static func encode(_ items: [CustomItem]) -> Data {
        (try? JSONEncoder().encode(items)) ?? Data("[]".utf8)
    }

    /// A new item id.
    static func newID() -> String { String(Tokens.random(bytes: 6).filter { $0.isLetter || $0.isNumber }.prefix(8)) }
}
