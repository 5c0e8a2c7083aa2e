import Foundation
import Hummingbird
import JustZone2
import ServerKit

extension Zone2PagesController {
    /// `GET /zone2/settings` shows them; `POST` saves FTP and the weekly goal (a refused value: 400, the message
    /// next to its field, nothing saved).
    func settingsPage(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        let existing = try await app.session(request).rider
        let athlete = try await existing.asyncMap { try await app.stravaLink(rider: $0.id)?.athleteName }
        func model(
            _ settings: RiderSettings, typed: (String, String)? = nil, errors: [String: String] = [:]
        )
            -> SettingsModel
        {
            SettingsModel.build(
                settings: settings, stravaConfigured: app.config.strava.isConfigured,
                stravaConnected: existing?.stravaAthleteID != nil, stravaAthlete: athlete ?? nil,
                typed: typed.map { (ftp: $0.0, goal: $0.1) }, errors: errors,
                notice: request.method == .get
                    ? Self.stravaNotice(request.uri.queryParameters.get("strava"))
                        ?? (request.uri.queryParameters.get("done") == "saved" ? ("Settings saved.", false) : nil)
                    : nil)
        }
        guard request.method == .post else {
            var page = model(existing?.settings ?? RiderSettings())
            if let existing {
                page.events = app.live.events.entries(rider: existing.id).map {
                    (Zone2Format.dateTimeSeconds($0.at, timeZone: timeZone), $0.text)
                }
            }
            return Zone2Pages.html(SettingsView.page(page))
        }
        let form = try await Zone2Pages.form(request, context)
        let ftp = form["ftp"] ?? ""
        let goal = form["goal"] ?? ""
        switch SettingsModel.read(ftp: ftp, goal: goal, into: existing?.settings ?? RiderSettings()) {
        case .failure(let errors):
            let page = SettingsView.page(
                model(existing?.settings ?? RiderSettings(), typed: (ftp, goal), errors: errors.fields))
            return Zone2Pages.html(page, status: .badRequest)
        case .success(var settings):
            let (rider, cookie) = try await app.sessionCreatingRider(request, context)
            settings.welcomed = true
            try await app.riders.save(settings, rider: rider.id)
            return Zone2Pages.seeOther(
                Zone2PageURL.settings.path(query: "?done=saved"), setCookies: cookie.map { [$0] } ?? [])
        }
    }
}

extension Optional {
    /// `map` with an async transform.
    func asyncMap<T>(_ transform: (Wrapped) async throws -> T) async rethrows -> T? {
        guard let value = self else { return nil }
        return try await transform(value)
    }
}
