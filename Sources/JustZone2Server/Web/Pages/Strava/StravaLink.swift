import Foundation
import JustZone2
import ServerKit
import StravaAPI

/// A rider's Strava tokens as sealed in `jz2_riders.strava_tokens` (one JSON value, encrypted with the server's
/// key): the access token, the refresh token Strava issued last, when the access token expires.
struct StravaLinkTokens: Codable, Sendable, Equatable {
    var accessToken: String
    var refreshToken: String
    var expiresAt: Int64
    var athleteName: String?
    var scope: String?

    /// Whether the access token expires within five minutes of `now`.
    func needsRefresh(at now: Date) -> Bool { Double(expiresAt) - now.timeIntervalSince1970 <= 300 }
}

/// Why the rider's Strava could not be used; `message` is what the page says.
enum StravaLinkError: Error, Equatable {
    case notConfigured, notConnected, noKey, refused(String), timedOut, unreachable(String)

    var message: String {
        switch self {
        case .notConfigured: "Strava is not set up on this server (STRAVA_CLIENT_ID and STRAVA_CLIENT_SECRET)."
        case .notConnected: "Connect Strava first."
        case .noKey: "This server has no key to keep Strava tokens safe; ask its operator."
        case .refused(let detail): "Strava refused: \(detail). Connect Strava again."
        case .timedOut: "Strava did not answer in time; try again in a moment."
        case .unreachable(let detail): "Strava could not be reached (\(detail)); try again later."
        }
    }

    static func from(_ error: StravaError) -> StravaLinkError {
        switch error {
        case .unauthorized(let detail), .forbidden(let detail): .refused(detail)
        case .badRequest(_, let detail): .refused(detail)
        case .timedOut: .timedOut
        case .rateLimited: .unreachable("its rate limit is reached")
        default: .unreachable(error.message)
        }
    }
}

extension JustZone2App {
    /// The scopes the web app asks for: read the rider's rides (history) and upload new ones.
    static let stravaScopes = ["read", "activity:read_all", "activity:write"]

    /// The rider's Strava tokens, decrypted; nil when not connected (or sealed under another key).
    func stravaLink(rider: String) async throws -> StravaLinkTokens? {
        guard let sealed = try await riders.stravaTokens(rider: rider), let cipher,
            let text = try? cipher.open(sealed)
        else { return nil }
        return try? JSONDecoder().decode(StravaLinkTokens.self, from: Data(text.utf8))
    }

    /// Stores the athlete and their tokens, sealed.
    func storeStrava(athlete: Int64, tokens: StravaLinkTokens, rider: String) async throws {
        guard let cipher else { throw StravaLinkError.noKey }
        let text = String(decoding: try JSONEncoder().encode(tokens), as: UTF8.self)
        try await riders.setStrava(athleteID: athlete, encryptedTokens: try cipher.seal(text), rider: rider)
    }

    /// A valid access token for the rider, refreshed first when it expires within five minutes (the new pair is
    /// stored at once: Strava retires the old refresh token).
    func stravaAccessToken(rider: Rider, now: Date = Date()) async throws -> String {
        guard config.strava.isConfigured else { throw StravaLinkError.notConfigured }
        guard let athlete = rider.stravaAthleteID, var tokens = try await stravaLink(rider: rider.id) else {
            throw StravaLinkError.notConnected
        }
        guard tokens.needsRefresh(at: now) else { return tokens.accessToken }
        let fresh: TokenResponse
        do throws(StravaError) {
            fresh = try await client.refresh(refreshToken: tokens.refreshToken)
        } catch {
            throw StravaLinkError.from(error)
        }
        tokens.accessToken = fresh.accessToken
        tokens.refreshToken = fresh.refreshToken
        tokens.expiresAt = fresh.expiresAt
        try await storeStrava(athlete: athlete, tokens: tokens, rider: rider.id)
        return tokens.accessToken
    }
}
