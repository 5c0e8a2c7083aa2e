import ClubWeekly
import Foundation
import HummingbirdBcrypt
import NIOPosix
import ServerKit

/// Errors of club management, each with a message for the person who caused it.
enum ClubError: Error, Equatable, CustomStringConvertible {
    case invalidName
    case invalidSlug(String)
    case slugTaken(String)
    case invalidTimeZone(String)
    case invalidCode
    case invalidColors
    case invalidSportTypes
    case weakPassword

    var description: String {
        switch self {
        case .invalidName: "Club name must be 1–\(TextLimits.clubName) characters."
        case .invalidSlug(let slug):
            "Slug '\(slug.prefix(60))' is invalid: use 2–40 lower-case letters, digits and dashes (not at either end)."
        case .slugTaken(let slug): "A club with slug '\(slug)' already exists: choose another name or pass --slug."
        case .invalidTimeZone(let zone): "'\(zone.prefix(60))' is not an IANA time zone (for example Europe/Dublin)."
        case .invalidCode:
            "Club codes must be at least 8 characters from \(ClubCodes.alphabet) (no 0/O, 1/I/L to avoid mix-ups)."
        case .invalidColors: "Colours must be three #RRGGBB hex values."
        case .invalidSportTypes:
            "Choose 1–\(TextLimits.countedSportTypes) counted sport types, each a Strava sport type such as Ride (letters only)."
        case .weakPassword: "Admin passwords must be at least 10 characters."
        }
    }

    var code: String {
        switch self {
        case .invalidName: "invalid_name"
        case .invalidSlug: "invalid_slug"
        case .slugTaken: "slug_taken"
        case .invalidTimeZone: "invalid_time_zone"
        case .invalidCode: "invalid_code"
        case .invalidColors: "invalid_colors"
        case .invalidSportTypes: "invalid_sport_types"
        case .weakPassword: "weak_password"
        }
    }
}

/// Club codes: at least 8 characters from an alphabet without look-alikes.
enum ClubCodes {
    static let alphabet = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"

    static func generate(length: Int = 10) -> String {
        let letters = Array(alphabet)
        var generator = SystemRandomNumberGenerator()
        return String((0..<length).map { _ in letters[Int.random(in: 0..<letters.count, using: &generator)] })
    }

    /// Upper-cases and drops spaces and dashes, so "k7mp-q2xr rt" matches "K7MPQ2XRRT".
    static func normalize(_ code: String) -> String {
        code.uppercased().filter { !$0.isWhitespace && $0 != "-" }
    }

    static func isValid(_ code: String) -> Bool {
        let normalized = normalize(code)
        return normalized.count >= 8 && normalized.count <= 64 && normalized.allSatisfy { alphabet.contains($0) }
    }
}

/// Creates and edits clubs, checks codes and admin passwords.
struct ClubService: Sendable {
    let clubs: ClubRepository
    let cipher: TokenCipher

    /// What `create` returns: the club and its plain code (shown once to whoever created it).
    struct Created: Sendable {
        var club: Club
        var code: String
    }

    func create(
        name: String, slug: String? = nil, timeZone: String, weekStart: Weekday = .monday, code: String? = nil,
        adminPassword: String? = nil, feedPublic: Bool = false, now: Date = Date()
    ) async throws -> Created {
        let trimmed = try Self.validName(name)
        let slug = slug ?? Self.slugify(trimmed)
        guard Club.isValidSlug(slug) else { throw ClubError.invalidSlug(slug) }
        guard TimeZone(identifier: timeZone) != nil else { throw ClubError.invalidTimeZone(timeZone) }
        let plainCode = code.map(ClubCodes.normalize) ?? ClubCodes.generate()
        guard ClubCodes.isValid(plainCode) else { throw ClubError.invalidCode }
        if try await clubs.find(slug: slug) != nil { throw ClubError.slugTaken(slug) }
        let club = Club(
            id: ClubID(UUID().uuidString.lowercased()), name: trimmed, slug: slug, timeZoneIdentifier: timeZone,
            weekStart: weekStart, isFeedPublic: feedPublic,
            // Stored with millisecond precision: return what a later read gives back.
            createdAt: Date(epochMilliseconds: now.epochMilliseconds))
        let passwordHash = try await adminPassword.asyncMap(Self.hashPassword)
        try await clubs.insert(
            ClubRecord(
                club: club, codeSealed: try cipher.seal(plainCode), codeHash: Tokens.sha256(plainCode),
                adminPasswordHash: passwordHash))
        return Created(club: club, code: plainCode)
    }

    /// The club name to store: trimmed, 1–``TextLimits/clubName`` characters.
    static func validName(_ name: String) throws(ClubError) -> String {
        // Megabytes of padding are refused before they are trimmed.
        guard TextLimits.fits(name, 4 * TextLimits.clubName) else { throw .invalidName }
        let trimmed = name.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty, TextLimits.fits(trimmed, TextLimits.clubName) else { throw .invalidName }
        return trimmed
    }

    /// The counted sport types to store: 1–``TextLimits/countedSportTypes`` identifiers of letters, each at most
    /// ``TextLimits/sportType`` long.
    static func validSportTypes(_ types: [String]) throws(ClubError) -> Set<String> {
        guard types.count <= 4 * TextLimits.countedSportTypes else { throw .invalidSportTypes }
        let cleaned = Set(types.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty })
        guard (1...TextLimits.countedSportTypes).contains(cleaned.count),
            cleaned.allSatisfy({ TextLimits.fits($0, TextLimits.sportType) && $0.allSatisfy(\.isLetter) })
        else { throw .invalidSportTypes }
        return cleaned
    }

    /// Whether `code` is this club's code (constant-time on the hash).
    func verify(code: String, for record: ClubRecord) -> Bool {
        Tokens.constantTimeEquals(Tokens.sha256(ClubCodes.normalize(code)), record.codeHash)
    }

    /// The club's current code in clear (admins and the start-up log of the demo club).
    func code(of record: ClubRecord) throws -> String {
        try cipher.open(record.codeSealed)
    }

    /// Replaces the code; returns the new one. Existing member sessions stay valid; the old code stops working.
    func rotateCode(_ club: Club, to newCode: String? = nil) async throws -> String {
        let code = newCode.map(ClubCodes.normalize) ?? ClubCodes.generate()
        guard ClubCodes.isValid(code) else { throw ClubError.invalidCode }
        try await clubs.setCode(club.id, sealed: try cipher.seal(code), hash: Tokens.sha256(code))
        return code
    }

    func setAdminPassword(_ club: Club, password: String) async throws {
        try await clubs.setAdminPassword(club.id, hash: try await Self.hashPassword(password))
    }

    func verifyAdmin(password: String, for record: ClubRecord) async -> Bool {
        guard let hash = record.adminPasswordHash else { return false }
        return (try? await NIOThreadPool.singleton.runIfActive { Bcrypt.verify(password, hash: hash) }) ?? false
    }

    static func hashPassword(_ password: String) async throws -> String {
        guard password.count >= 10 else { throw ClubError.weakPassword }
        return try await NIOThreadPool.singleton.runIfActive { Bcrypt.hash(password, cost: 10) }
    }

    /// "Dunboyne CC" → "dunboyne-cc".
    static func slugify(_ name: String) -> String {
        let folded = name.folding(options: [.diacriticInsensitive, .caseInsensitive], locale: Locale(identifier: "en"))
            .lowercased()
        var slug = ""
        for character in folded {
            if ("a"..."z").contains(character) || ("0"..."9").contains(character) {
                slug.append(character)
            } else if slug.last != "-" {
                slug.append("-")
            }
        }
        slug = String(slug.trimmingCharacters(in: CharacterSet(charactersIn: "-")).prefix(40))
        while slug.hasSuffix("-") { slug.removeLast() }
        return slug.count >= 2 ? slug : "club-\(slug)"
    }
}

extension Optional {
    func asyncMap<T>(_ transform: (Wrapped) async throws -> T) async rethrows -> T? {
        switch self {
        case .some(let value): try await transform(value)
        case .none: nil
        }
    }
}
