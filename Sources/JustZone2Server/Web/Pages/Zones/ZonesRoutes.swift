import Foundation
import Hummingbird
import JustZone2
import ServerKit

extension Zone2PagesController {
    /// `GET /zone2/zones` shows the zones; `POST` saves them (a refused value: 400, the message next to its field,
    /// nothing saved).
    func zonesPage(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        guard request.method == .post else {
            let settings = try await app.session(request).rider?.settings ?? RiderSettings()
            let notice = request.uri.queryParameters.get("done") == "saved" ? "Zones saved." : nil
            return Zone2Pages.html(ZonesView.page(ZonesModel.build(settings: settings, notice: notice)))
        }
        let form = try await Zone2Pages.form(request, context)
        var input = ZonesModel.Input()
        input.maxHeartRate = form["maxhr"] ?? ""
        input.restingHeartRate = form["resthr"] ?? ""
        input.method = form["method"] ?? ""
        input.thresholdHeartRate = form["lthr"] ?? ""
        input.age = form["age"] ?? ""
        input.mafAdjustment = form["maf"] ?? "0"
        input.lower = form["lower"] ?? ""
        input.upper = form["upper"] ?? ""
        let existing = try await app.session(request).rider
        switch ZonesModel.read(input, into: existing?.settings ?? RiderSettings()) {
        case .failure(let errors):
            let model = ZonesModel.build(
                settings: existing?.settings ?? RiderSettings(), input: input, errors: errors.fields)
            return Zone2Pages.html(ZonesView.page(model), status: .badRequest)
        case .success(var settings):
            let (rider, cookie) = try await app.sessionCreatingRider(request, context)
            settings.welcomed = true
            try await app.riders.save(settings, rider: rider.id)
            return Zone2Pages.seeOther(
                Zone2PageURL.zones.path(query: "?done=saved"), setCookies: cookie.map { [$0] } ?? [])
        }
    }
}
