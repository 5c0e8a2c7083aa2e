import Foundation
import Hummingbird
import ServerKit
import TodayInSwitzerland

/// The sunshine page ("Where is the sun?").
extension SwissWebController {
    /// `GET /swiss/app/sunshine?filter=all|sunny|partly|cloudy&sort=hours|drive&all=1`.
    func sunshinePage(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        let prefs = SwissPrefs.resolve(request)
        let parameters = request.uri.queryParameters
        let query: SunshineQuery
        switch SunshineQuery.parse(
            filter: parameters.get("filter"), sort: parameters.get("sort"), all: parameters.get("all"))
        {
        case .failure(let error):
            return invalidQueryPage(request, prefs: prefs, section: .sunshine, message: error.message)
        case .success(let value): query = value
        }
        let time = now
        let response = await sunshineForPage(prefs)
        let model = SunshineModel.make(
            destinations: response.destinations, weekend: response.weekendDates,
            sourceState: response.sources["openMeteo"], query: query, prefs: prefs, now: time)
        return Self.html(
            SwissLayout.page(
                title: model.title, section: .sunshine, prefs: prefs, now: time, currentURL: Self.currentURL(request),
                stylesheets: ["swiss-calendar.css"], scripts: ["swiss-calendar.js"], bodyClass: "swiss-sunshine",
                main: SunshineView.main(model, prefs.language)))
    }
}
