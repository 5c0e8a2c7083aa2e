import Foundation
import HTTPTypes
import Hummingbird
import ServerKit

/// The browser's traveller identity: the token of `POST /api/trips/travellers` in the `st_traveller` cookie
/// (HttpOnly, SameSite=Lax, 400 days, renewed on each visit). Pages read it; the first save, visit or poll creates
/// it (never a GET). The cookie's path is `/` so the Clubhouse home page can show the next trip.
struct TravellerSession: Sendable {
    /// The traveller's id, when the request carries a known token.
    var travellerID: String?
    /// The token the request carried (known or not).
    var token: String?

    /// Cookie lifetime: 400 days, the most browsers keep.
    static let maxAge = 400 * 24 * 3600

    /// The `Set-Cookie` value holding `token` (or clearing the cookie when nil).
    static func cookie(_ token: String?, secure: Bool) -> String {
        let flags = "Path=/; HttpOnly; SameSite=Lax\(secure ? "; Secure" : "")"
        guard let token else { return "\(SportsTimeApp.travellerCookie)=; Max-Age=0; \(flags)" }
        return "\(SportsTimeApp.travellerCookie)=\(token); Max-Age=\(maxAge); \(flags)"
    }
}

extension SportsTimeApp {
    /// The traveller of a page request, from the `st_traveller` cookie (unknown or missing: no traveller).
    func session(_ request: Request) async throws -> TravellerSession {
        guard let token = request.cookies[Self.travellerCookie]?.value, !token.isEmpty, token.count <= 200 else {
            return TravellerSession(travellerID: nil, token: nil)
        }
        return TravellerSession(travellerID: try await travellers.find(token: token), token: token)
    }

    /// The traveller of a form POST, created (with a new cookie in `setCookie`) when the browser has none yet.
    func sessionCreatingTraveller(
        _ request: Request, _ context: AppRequestContext
    ) async throws -> (id: String, setCookie: String?) {
        let session = try await session(request)
        if let id = session.travellerID { return (id, nil) }
        let created = try await travellers.create()
        return (created.id, TravellerSession.cookie(created.token, secure: request.isSecure(context: context)))
    }
}
