import Foundation
import Hummingbird
import ServerKit
import TodayInSwitzerland

extension SwissWebController {
    /// `/swiss/app`: the Today page (`?tab=` opens a news category without JavaScript).
    func todayPage(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        let prefs = SwissPrefs.resolve(request)
        let time = now
        let news = await app.newsResponse(city: prefs.city, language: prefs.language, refresh: false)
        let model = TodayModel.make(news: news, now: time, prefs: prefs, tab: request.uri.queryParameters.get("tab"))
        return Self.html(
            SwissLayout.page(
                title: prefs.language.t("Today in \(prefs.cityName)", "Heute in \(prefs.cityName)"), section: .today,
                prefs: prefs, now: time, currentURL: Self.currentURL(request), stylesheets: ["swiss-today.css"],
                scripts: ["swiss-today.js"], main: TodayView.main(model, now: time)))
    }
}
