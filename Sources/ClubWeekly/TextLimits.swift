import Foundation

/// The longest text Club Weekly stores in each free-text field, and how many rows one import may hold.
///
/// Every way in applies these (imports and Strava sync shorten activity names and report it; the API and forms refuse
/// longer input with a message), and an app on another platform links the same values. A length counts characters as
/// people see them, and a text must also stay within ``bytesPerCharacter`` UTF-8 bytes per allowed character: one
/// "character" built from thousands of combining marks is refused or shortened like a long text.
public enum TextLimits {
    /// An activity's title; Strava's own editor stops at 255 characters.
    public static let activityName = 255
    /// A member's first name.
    public static let firstName = 40
    /// A member's last name.
    public static let lastName = 40
    /// A club's display name.
    public static let clubName = 80
    /// A Strava sport type identifier such as `EMountainBikeRide` (the longest Strava has is 23 characters).
    public static let sportType = 64
    /// How many sport types a club may count.
    public static let countedSportTypes = 64
    /// An activity's id at its source (Strava ids are 64-bit integers: at most 20 digits).
    public static let externalID = 32
    /// Data rows one export file may hold (ten rides a day for thirteen years); larger files are refused whole.
    public static let rowsPerImport = 50_000
    /// UTF-8 bytes allowed per allowed character.
    public static let bytesPerCharacter = 4

    /// Whether `text` is at most `limit` characters (and `limit × 4` UTF-8 bytes) long.
    public static func fits(_ text: String, _ limit: Int) -> Bool {
        // The byte count is O(1) for native strings: a huge text is rejected without walking its characters.
        text.utf8.count <= limit * bytesPerCharacter && text.count <= limit
    }

    /// `text` when it ``fits(_:_:)``, else its beginning, cut between characters, with "…" at the end (the whole
    /// result within the limit).
    public static func truncate(_ text: String, to limit: Int) -> String {
        if fits(text, limit) { return text }
        let ellipsis = "…"
        let characterBudget = max(0, limit - 1)
        let byteBudget = max(0, limit * bytesPerCharacter - ellipsis.utf8.count)
        var result = ""
        var characters = 0
        var bytes = 0
        for character in text {
            let size = character.utf8.count
            guard characters < characterBudget, bytes + size <= byteBudget else { break }
            result.append(character)
            characters += 1
            bytes += size
        }
        return result + ellipsis
    }
}
