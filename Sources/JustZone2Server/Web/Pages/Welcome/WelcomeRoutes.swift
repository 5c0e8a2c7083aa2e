import Foundation
import Hummingbird
import JustZone2
import ServerKit

extension Zone2PagesController {
    /// `GET /zone2/welcome` shows the form; `POST` with `action=set` (age or max HR) saves the zones, `action=later`
    /// only remembers the visit. Either creates the rider (and its cookie) when the browser has none.
    func welcomePage(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        guard request.method == .post else {
            return Zone2Pages.html(WelcomeView.page(WelcomeModel()))
        }
        let form = try await Zone2Pages.form(request, context)
        var answer: WelcomeModel.Answer?
        if form["action"] != "later" {
            switch WelcomeModel.read(age: form["age"], maxHeartRate: form["maxhr"]) {
            case .failure(let model): return Zone2Pages.html(WelcomeView.page(model), status: .badRequest)
            case .success(let value): answer = value
            }
        }
        let (rider, cookie) = try await app.sessionCreatingRider(request, context)
        var settings = rider.settings
        settings.welcomed = true
        if let answer {
            settings.maxHeartRate = answer.maxHeartRate
            settings.zoneMethod = RiderZones.Method.welcome.rawValue
            settings.zoneLower = answer.zone.lower
            settings.zoneUpper = answer.zone.upper
        }
        try await app.riders.save(settings, rider: rider.id)
        return Zone2Pages.seeOther(
            Zone2PageURL.home.path(query: answer == nil ? "" : "?done=zones"), setCookies: cookie.map { [$0] } ?? [])
    }
}
