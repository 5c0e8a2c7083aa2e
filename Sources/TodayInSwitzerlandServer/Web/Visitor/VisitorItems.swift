import Foundation
import TodayInSwitzerland

/// What a visitor keeps: saved activities and lunch spots, their own activities and spots, and lunch ratings.
struct VisitorItems: Sendable, Equatable {
    /// Ids of saved activities (catalogue or own).
    var savedActivities: Set<String> = []
    /// The visitor's own activities, oldest first.
    var customActivities: [CustomActivity] = []
    /// Ids of saved lunch spots (OpenStreetMap or own).
    var savedLunch: Set<String> = []
    /// The visitor's own lunch spots, oldest first.
    var customLunch: [CustomLunchSpot] = []
    /// Stars (1–5) by lunch spot id.
    var ratings: [String: Int] = [:]

    /// Nothing kept (a visitor without a cookie).
    static let none = VisitorItems()
}

/// An activity a visitor added ("Add your own"): kept on the server under their visitor id.
struct CustomActivity: Sendable, Equatable, Identifiable {
    /// `own-` and 12 hexadecimal digits.
    var id: String
    var name: String
    var description: String
    var indoor: Bool
    /// Free text such as "Free" or "CHF 10"; empty when not given.
    var price: String
}

/// A lunch spot a visitor added ("Add restaurant").
struct CustomLunchSpot: Sendable, Equatable, Identifiable {
    /// `own-` and 12 hexadecimal digits.
    var id: String
    var name: String
    /// Free text such as "Thai"; empty when not given.
    var cuisine: String
}

/// The kinds of stored items; each is capped per visitor (``VisitorLimits``).
enum VisitorItemKind: String, Sendable, CaseIterable {
    case savedActivity = "saved-activity"
    case customActivity = "custom-activity"
    case savedLunch = "saved-lunch"
    case customLunch = "custom-lunch"
    case lunchRating = "lunch-rating"
}

/// The limits on what a visitor may store: text lengths (in Unicode scalars, after trimming) and item counts.
enum VisitorLimits {
    /// An activity's or a spot's name.
    static let name = 80
    /// An activity's description.
    static let description = 500
    /// An activity's price text.
    static let price = 60
    /// A spot's cuisine text.
    static let cuisine = 60
    /// An item id sent by a form (catalogue ids are far shorter).
    static let itemID = 80

    /// At most this many items of `kind` per visitor: generous for a family, small enough that one cookie cannot
    /// fill the database.
    static func maxItems(_ kind: VisitorItemKind) -> Int {
        switch kind {
        case .savedActivity, .savedLunch: 300
        case .customActivity, .customLunch: 50
        case .lunchRating: 500
        }
    }
}

/// Why a visitor's change was refused; ``message(_:)`` tells them what to do, in their language.
enum VisitorItemError: Error, Sendable, Equatable {
    /// A required text is empty.
    case missing(Field)
    /// A text is over its limit.
    case tooLong(Field, limit: Int)
    /// A text holds control characters.
    case invalidText(Field)
    /// The visitor already keeps the most items of this kind.
    case tooMany(VisitorItemKind, limit: Int)
    /// An item id that cannot be an activity or spot id.
    case invalidID
    /// Stars outside 1–5.
    case invalidRating
    /// No such own item (or it belongs to someone else).
    case notFound

    /// The fields of the forms.
    enum Field: String, Sendable, Equatable {
        case name, description, price, cuisine

        func label(_ language: Language) -> String {
            switch self {
            case .name: language == .de ? "Name" : "Name"
            case .description: language == .de ? "Beschreibung" : "Description"
            case .price: language == .de ? "Preis" : "Price"
            case .cuisine: language == .de ? "Küche" : "Cuisine"
            }
        }
    }

    /// The message for a form or a JSON answer.
    func message(_ language: Language) -> String {
        let de = language == .de
        switch self {
        case .missing(let field):
            return de
                ? "\(field.label(.de)) fehlt — bitte ausfüllen." : "\(field.label(.en)) is missing — please fill it in."
        case .tooLong(let field, let limit):
            return de
                ? "\(field.label(.de)) ist zu lang: höchstens \(limit) Zeichen."
                : "\(field.label(.en)) is too long: at most \(limit) characters."
        case .invalidText(let field):
            return de
                ? "\(field.label(.de)) enthält unzulässige Steuerzeichen."
                : "\(field.label(.en)) contains control characters; please type plain text."
        case .tooMany(let kind, let limit):
            let what: String
            switch kind {
            case .savedActivity, .savedLunch: what = de ? "gemerkte Einträge" : "saved items"
            case .customActivity: what = de ? "eigene Aktivitäten" : "own activities"
            case .customLunch: what = de ? "eigene Restaurants" : "own restaurants"
            case .lunchRating: what = de ? "Bewertungen" : "ratings"
            }
            return de
                ? "Du hast schon \(limit) \(what) — lösche zuerst einen."
                : "You already have \(limit) \(what) — delete one first."
        case .invalidID:
            return de ? "Diesen Eintrag gibt es nicht." : "There is no such item."
        case .invalidRating:
            return de ? "Bewerte mit 1 bis 5 Sternen." : "Rate with 1 to 5 stars."
        case .notFound:
            return de
                ? "Diesen eigenen Eintrag gibt es nicht (mehr)."
                : "That item of yours does not exist (any more)."
        }
    }
}

/// Checks and tidies the texts of the "Add your own" forms.
enum VisitorText {
    /// `text` trimmed, with runs of whitespace (new lines included) made one space.
    /// - Throws: ``VisitorItemError`` when it is required and empty, over `limit` or holds control characters.
    static func clean(
        _ text: String?, _ field: VisitorItemError.Field, limit: Int, required: Bool = false
    ) throws(VisitorItemError) -> String {
        let raw = text ?? ""
        if raw.unicodeScalars.contains(where: {
            $0.properties.generalCategory == .control && !CharacterSet.whitespacesAndNewlines.contains($0)
        }) {
            throw .invalidText(field)
        }
        let words = raw.split(whereSeparator: { $0.isWhitespace })
        let cleaned = words.joined(separator: " ")
        if required && cleaned.isEmpty { throw .missing(field) }
        if cleaned.unicodeScalars.count > limit { throw .tooLong(field, limit: limit) }
        return cleaned
    }

    /// Whether `id` can be an activity or spot id: 1–80 of `a-z`, `0-9` and `-`, starting with a letter or digit.
    static func isItemID(_ id: String) -> Bool {
        guard let first = id.utf8.first, id.utf8.count <= VisitorLimits.itemID, first != UInt8(ascii: "-") else {
            return false
        }
        return id.utf8.allSatisfy { (0x61...0x7A).contains($0) || (0x30...0x39).contains($0) || $0 == 0x2D }
    }
}
