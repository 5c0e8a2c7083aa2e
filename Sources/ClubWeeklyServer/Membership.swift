import ClubWeekly
import Foundation
import ServerKit

/// The rules about members and club access that several routes share (the JSON API, the pages and the original
/// worker's routes), so each rule lives once.
struct Membership: Sendable {
    let members: MemberRepository
    let accounts: StravaAccountRepository
    let sessions: SessionStore
    let sync: StravaSync
    let clubService: ClubService
    let now: @Sendable () -> Date

    /// What happens to a departing member's Strava authorisation.
    enum StravaLink: Sendable {
        /// Revoke it at Strava and forget the tokens (the member leaves on the web, or an admin removes them).
        case revoke
        /// Forget the tokens but leave the authorisation alone: the original app's `/leave` is called by the app
        /// that holds the same token and keeps using it for its own Strava features, so revoking it there would sign
        /// the app out of Strava.
        case keepAuthorised
    }

    /// A first or last name that cannot be stored.
    struct InvalidName: Error {
        /// What the person should type instead.
        static let message =
            "First name must be 1–\(TextLimits.firstName) characters, last name at most \(TextLimits.lastName)."
    }

    /// Removes `member` from `club`: their activities (by cascade), their sessions, and their Strava link as
    /// `strava` says. Tokens are deleted once no other club membership uses them.
    func remove(_ member: Member, from club: ClubID, strava: StravaLink) async throws {
        if strava == .revoke { try await sync.disconnect(member: member) }
        try await members.delete(member.id, in: club)
        if strava == .keepAuthorised, let athlete = member.stravaAthleteID,
            try await members.members(athlete: athlete).isEmpty
        {
            try await accounts.delete(athlete)
        }
        try await sessions.deleteAll(scope: club.rawValue, subject: member.id.rawValue)
    }

    /// Adds a member named by the visitor (one who imports files rather than connecting Strava) and starts their
    /// session with `role`; returns the member and the session token. Names are trimmed and must fit
    /// ``TextLimits`` (the first name not empty), else ``InvalidName``.
    func join(club: ClubID, firstName: String, lastName: String, role: String) async throws -> (Member, String) {
        guard TextLimits.fits(firstName, 4 * TextLimits.firstName), TextLimits.fits(lastName, 4 * TextLimits.lastName)
        else { throw InvalidName() }  // Not worth trimming megabytes of padding.
        let first = firstName.trimmingCharacters(in: .whitespacesAndNewlines)
        let last = lastName.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !first.isEmpty, TextLimits.fits(first, TextLimits.firstName), TextLimits.fits(last, TextLimits.lastName)
        else { throw InvalidName() }
        let member = Member(
            id: MemberID(UUID().uuidString.lowercased()), clubID: club, firstName: first, lastName: last,
            joinedAt: now())
        try await members.insert(member)
        let token = try await sessions.create(scope: club.rawValue, subject: member.id.rawValue, role: role)
        return (member, token)
    }

    /// Rotates the club code (to `chosen`, or a generated one) and signs everyone out: a rotated code is usually a
    /// leaked one. Returns the new code; the caller starts the admin's new session.
    func rotateCode(_ club: Club, to chosen: String?) async throws -> String {
        let code = try await clubService.rotateCode(club, to: chosen)
        try await sessions.deleteAll(scope: club.id.rawValue)
        return code
    }

    /// Sets the admin password and ends every other admin session (a new password is usually a leaked one); the
    /// session `keeping` stays signed in.
    func setAdminPassword(_ club: Club, password: String, keeping token: String?) async throws {
        try await clubService.setAdminPassword(club, password: password)
        try await sessions.deleteAll(scope: club.id.rawValue, role: "admin", keeping: token)
    }
}
