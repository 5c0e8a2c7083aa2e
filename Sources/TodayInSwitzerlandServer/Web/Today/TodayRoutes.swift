import Foundation
import Hummingbird
import ServerKit
import TodayInSwitzerland

extension SwissWebController {
    /// `/swiss/app`: the Today page (`?tab=` opens a news category without JavaScript).
    func todayPage(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        let prefs = SwissPrefs.resolve(request)
        let time = now
        let news = await newsForPage(prefs)
        let model = TodayModel.make(news: news, now: time, prefs: prefs, tab: request.uri.queryParameters.get("tab"))
        return Self.html(
            SwissLayout.page(
                title: prefs.language.t("Today in \(prefs.cityName)", "Heute in \(prefs.cityName)"), section: .today,
                prefs: prefs, now: time, currentURL: Self.currentURL(request), stylesheets: ["swiss-today.css"],
                scripts: ["swiss-today.js"], main: TodayView.main(model, now: time)))
    }

    /// The briefing for a page, from the page memo when a fresh one is under a minute old.
    func newsForPage(_ prefs: SwissPrefs) async -> NewsResponse {
        await app.memoizedNews(city: prefs.city, language: prefs.language)
    }

    /// The weekend sunshine ranking for a page, from the page memo when a fresh one is under a minute old.
    func sunshineForPage(_ prefs: SwissPrefs) async -> SunshineResponse {
        await app.pageMemo.value(
            "sunshine|\(prefs.language.rawValue)|\(CivilDate(now))", now: now,
            keep: { (sunshine: SunshineResponse) in
                PageMemo.allFresh(sunshine.sources) && !sunshine.destinations.isEmpty
            }
        ) { await app.sunshineResponse(language: prefs.language, refresh: false) }
    }
}
