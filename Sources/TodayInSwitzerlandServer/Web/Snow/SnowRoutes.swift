import Foundation
import Hummingbird
import ServerKit
import TodayInSwitzerland

/// The snow page ("Where is the snow?").
extension SwissWebController {
    /// `GET /swiss/app/snow?filter=all|heavy|moderate|light&sort=snowfall|drive&all=1`.
    func snowPage(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        let prefs = SwissPrefs.resolve(request)
        let parameters = request.uri.queryParameters
        let query: SnowQuery
        switch SnowQuery.parse(
            filter: parameters.get("filter"), sort: parameters.get("sort"), all: parameters.get("all"))
        {
        case .failure(let error):
            return invalidQueryPage(request, prefs: prefs, section: .snow, message: error.message)
        case .success(let value): query = value
        }
        let time = now
        let response = await app.pageMemo.value(
            "snow|\(prefs.language.rawValue)|\(CivilDate(time))", now: time,
            keep: { (snow: SnowResponse) in PageMemo.allFresh(snow.sources) && !snow.destinations.isEmpty }
        ) { await app.snowResponse(language: prefs.language, refresh: false) }
        let model = SnowModel.make(
            resorts: response.destinations, week: response.weekDates, sourceState: response.sources["openMeteo"],
            query: query, prefs: prefs, now: time)
        return Self.html(
            SwissLayout.page(
                title: model.title, section: .snow, prefs: prefs, now: time, currentURL: Self.currentURL(request),
                stylesheets: ["swiss-calendar.css"], scripts: ["swiss-calendar.js"], bodyClass: "swiss-snow",
                main: SnowView.main(model, prefs.language)))
    }
}
