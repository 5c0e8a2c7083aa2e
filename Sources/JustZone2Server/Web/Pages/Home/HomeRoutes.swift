import Foundation
import Hummingbird
import JustZone2
import ServerKit

extension Zone2PagesController {
    /// `/zone2`: a first visit (no rider, or neither the welcome page answered nor a ride) goes to `/zone2/welcome`.
    func homePage(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        guard let rider = try await app.session(request).rider else {
            return HTMLResponse.redirect(Zone2PageURL.welcome.path())
        }
        let rides = try await app.rides.list(rider: rider.id, limit: 200)
        // A rider who rode before answering (started from the pair page) is not sent back to the welcome page.
        guard rider.settings.welcomed || !rides.isEmpty else {
            return HTMLResponse.redirect(Zone2PageURL.welcome.path())
        }
        let model = HomeModel.build(
            settings: rider.settings, rides: rides, stravaConfigured: app.config.strava.isConfigured,
            stravaConnected: rider.stravaAthleteID != nil, now: now(), timeZone: timeZone,
            notice: Self.notice(request.uri.queryParameters.get("done")))
        return Zone2Pages.html(HomeView.page(model))
    }

    /// The message after a form that comes back home (`?done=…`).
    static func notice(_ code: String?) -> String? {
        switch code {
        case "zones": "Your Zone 2 is set. Ride!"
        case "saved": "The interrupted ride was saved."
        case "discarded": "The ride was discarded."
        case "deleted": "The ride was deleted."
        default: nil
        }
    }
}
