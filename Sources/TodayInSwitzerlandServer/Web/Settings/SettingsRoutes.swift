import Foundation
import Hummingbird
import Plot
import ServerKit
import TodayInSwitzerland
import WebUI

/// The settings page: city, language and theme, kept in the `swiss_prefs` cookie (the server renders the right
/// page on the first request) and mirrored to localStorage by `swiss.js` for offline use.
extension SwissWebController {
    func settingsPage(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        if request.method == .post { return try await saveSettings(request, context) }
        let prefs = SwissPrefs.resolve(request)
        let saved = request.uri.queryParameters.get("saved") == "1"
        return Self.html(
            SettingsView.page(
                SettingsModel(prefs: prefs, saved: saved), now: now, currentURL: Self.currentURL(request)))
    }

    /// Stores the posted settings and goes back to the page the form came from (only a page of this app).
    func saveSettings(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        guard request.isSameOrigin(context: context) else {
            throw HTTPError(.forbidden, message: "Settings can only be changed from this site's own pages.")
        }
        let form = try await request.collectForm(limit: 16 * 1024)
        var prefs = SwissPrefs(cookie: request.cookies[SwissPrefs.cookieName]?.value)
        let update = SettingsModel.apply(form: form, to: prefs)
        switch update {
        case .failure(let error):
            return Self.html(
                SettingsView.page(
                    SettingsModel(prefs: prefs, error: error.message), now: now,
                    currentURL: SwissPageURL.settings.path()),
                status: .badRequest)
        case .success(let updated): prefs = updated
        }
        let target = SettingsModel.returnURL(form["return"], prefs: prefs)
        return Self.seeOther(target, setCookie: prefs.setCookie(secure: request.isSecure(context: context)))
    }
}
