import Foundation
import HTTPTypes
import Hummingbird
import JustZone2
import ServerKit
import StravaAPI

extension Zone2PagesController {
    /// The cookie holding the OAuth `state` of a connect in progress and the rider who started it.
    static let oauthCookie = "jz2_oauth"

    static func oauthCookieValue(_ value: String?, secure: Bool) -> String {
        let flags = "Path=/zone2/strava; HttpOnly; SameSite=Lax\(secure ? "; Secure" : "")"
        guard let value else { return "\(oauthCookie)=; Max-Age=0; \(flags)" }
        return "\(oauthCookie)=\(value); Max-Age=900; \(flags)"
    }

    /// Where Strava sends the rider back.
    var stravaRedirectURI: String { app.config.baseURL + Zone2PageURL.stravaCallback.path() }

    /// `/zone2/strava/connect`: to Strava's authorize page with a one-time `state` bound to this rider (kept in a
    /// short-lived cookie and checked on return).
    func stravaConnect(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        let settings = Zone2PageURL.settings.path()
        guard app.config.strava.isConfigured else {
            return HTMLResponse.redirect(settings + "?strava=unavailable#strava")
        }
        guard app.cipher != nil else { return HTMLResponse.redirect(settings + "?strava=nokey#strava") }
        guard let rider = try await app.session(request).rider else {
            return HTMLResponse.redirect(Zone2PageURL.welcome.path())
        }
        let state = Tokens.random(bytes: 24)
        let url = app.client.authorizeURL(
            redirectURI: stravaRedirectURI, scope: JustZone2App.stravaScopes, state: state)
        var headers: HTTPFields = [.location: url.absoluteString, .cacheControl: "no-store"]
        headers.append(
            HTTPField(
                name: .setCookie,
                value: Self.oauthCookieValue("\(state).\(rider.id)", secure: request.isSecure(context: context))))
        return Response(status: .found, headers: headers)
    }

    /// `/zone2/strava/callback?code=…&state=…&scope=…` (or `error=access_denied`): exchanges the code and stores
    /// the athlete and their tokens, sealed. Only the browser and rider that started the connect get through.
    func stravaCallback(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        let query = request.uri.queryParameters
        let clear = Self.oauthCookieValue(nil, secure: request.isSecure(context: context))
        func back(_ code: String) -> Response {
            Zone2Pages.seeOther(Zone2PageURL.settings.path(query: "?strava=\(code)#strava"), setCookies: [clear])
        }
        let cookie = request.cookies[Self.oauthCookie]?.value ?? ""
        let parts = cookie.split(separator: ".", maxSplits: 1).map(String.init)
        guard parts.count == 2, let state = query.get("state"), state == parts[0],
            let rider = try await app.session(request).rider, rider.id == parts[1]
        else { return back("state") }
        if query.get("error") != nil { return back("denied") }
        guard let code = query.get("code"), !code.isEmpty, code.count <= 512 else { return back("denied") }
        let token: TokenResponse
        do throws(StravaError) {
            token = try await app.client.exchange(code: code)
        } catch {
            switch StravaLinkError.from(error) {
            case .timedOut: return back("timeout")
            case .refused: return back("refused")
            default: return back("unreachable")
            }
        }
        guard let athlete = token.athlete else { return back("refused") }
        let name = [athlete.firstname, athlete.lastname].compactMap { $0 }.joined(separator: " ")
        let tokens = StravaLinkTokens(
            accessToken: token.accessToken, refreshToken: token.refreshToken, expiresAt: token.expiresAt,
            athleteName: name.isEmpty ? nil : String(name.prefix(80)), scope: query.get("scope"))
        try await app.storeStrava(athlete: athlete.id, tokens: tokens, rider: rider.id)
        return back("connected")
    }

    /// `POST /zone2/strava/disconnect`: forgets the rider's tokens (and tells Strava, without waiting more than a
    /// few seconds for it).
    func stravaDisconnect(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        _ = try await Zone2Pages.form(request, context)
        guard let rider = try await app.session(request).rider else {
            return Zone2Pages.seeOther(Zone2PageURL.settings.path())
        }
        if let tokens = try await app.stravaLink(rider: rider.id) {
            let client = app.client
            _ = await withinDeadline(3) { try? await client.deauthorize(accessToken: tokens.accessToken) }
        }
        try await app.riders.setStrava(athleteID: nil, encryptedTokens: nil, rider: rider.id)
        return Zone2Pages.seeOther(Zone2PageURL.settings.path(query: "?strava=disconnected#strava"))
    }

    /// The settings page's line after a connect or disconnect (`?strava=…`): the text and whether it is an error.
    static func stravaNotice(_ code: String?) -> (text: String, error: Bool)? {
        switch code {
        case "connected": ("Strava is connected: your rides can be uploaded.", false)
        case "disconnected": ("Strava is disconnected; its tokens are deleted from this server.", false)
        case "denied": ("Strava was not connected: the authorisation was cancelled.", true)
        case "state": ("That Strava sign-in expired or came from another browser; connect again.", true)
        case "timeout": ("Strava did not answer in time; try connecting again in a moment.", true)
        case "refused": ("Strava refused the connection; try again.", true)
        case "unreachable": ("Strava could not be reached; try again later.", true)
        case "unavailable": ("Strava is not set up on this server.", true)
        case "nokey": ("This server has no key to keep Strava tokens safe; ask its operator.", true)
        default: nil
        }
    }
}
