import Foundation
import ServerKit
import SportsTime

/// A short fingerprint of an option's games, sent with the save form: when the schedule changed between showing an
/// option and saving it, re-planning gives other games and the signature no longer matches.
enum OptionSignature {
    /// The first 16 hex characters of the SHA-256 of the option's game ids joined by ",".
    static func of(_ option: ItineraryOption) -> String {
        String(Tokens.sha256(option.games.map(\.gameId.rawValue).joined(separator: ",")).prefix(16))
    }
}
