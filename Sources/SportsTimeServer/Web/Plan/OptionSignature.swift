import Foundation
import ServerKit
import SportsTime

/// A short fingerprint of an option's games: the options page sends it with "Save" (`sig`), and the save handler,
/// which plans the query again, compares it to notice when an import has changed the option in between.
enum OptionSignature {
    /// The first 16 hex digits of the SHA-256 of the option's game ids in trip order, joined by commas.
    static func of(_ option: ItineraryOption) -> String {
        String(Tokens.sha256(option.games.map(\.gameId.rawValue).joined(separator: ",")).prefix(16))
    }
}
