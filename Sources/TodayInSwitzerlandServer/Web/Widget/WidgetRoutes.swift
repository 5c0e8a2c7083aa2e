import Foundation
import Hummingbird
import ServerKit
import TodayInSwitzerland

extension SwissWebController {
    /// `/swiss/app/widget`: the compact card; reloads itself every 5 minutes (meta refresh without JavaScript).
    func widgetPage(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        let prefs = SwissPrefs.resolve(request)
        let time = now
        async let newsPart = newsForPage(prefs)
        async let sunshinePart = sunshineForPage(prefs)
        let model = WidgetModel.make(news: await newsPart, sunshine: await sunshinePart, prefs: prefs)
        return Self.html(
            SwissLayout.page(
                title: prefs.language.t("Widget", "Widget"), section: nil, prefs: prefs, now: time,
                currentURL: Self.currentURL(request), stylesheets: ["swiss-today.css"], scripts: ["swiss-today.js"],
                bodyClass: "widget-page", noscriptRefreshSeconds: WidgetModel.refreshSeconds,
                main: WidgetView.main(model)))
    }
}
