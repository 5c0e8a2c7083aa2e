import Foundation
import Hummingbird
import ServerKit
import TodayInSwitzerland

extension SwissWebController {
    /// `/swiss/app/deals`: `?type=free|deal|tip` filters (anything else shows all).
    func dealsPage(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        let prefs = SwissPrefs.resolve(request)
        let time = now
        let type = request.uri.queryParameters.get("type").flatMap(Deal.Kind.init(rawValue:))
        let model = DealsModel.make(deals: app.places.deals, today: CivilDate(time), prefs: prefs, type: type)
        return Self.html(
            SwissLayout.page(
                title: prefs.language.t("Best deals", "Beste Angebote"), section: .deals, prefs: prefs, now: time,
                currentURL: Self.currentURL(request), stylesheets: ["swiss-today.css"], main: DealsView.main(model)))
    }
}
