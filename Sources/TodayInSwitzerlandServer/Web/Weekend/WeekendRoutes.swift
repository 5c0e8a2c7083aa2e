import Foundation
import Hummingbird
import Plot
import ServerKit
import TodayInSwitzerland
import WebUI

extension SwissWebController {
    /// `/swiss/app/weekend`: `?seed=N` shows the plan of shuffle N (the same seed, the same plan); the Shuffle link
    /// carries a new seed whose plan differs from the one shown. A seed that is not a number 0…999,999,999 is a 400.
    func weekendPage(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        let prefs = SwissPrefs.resolve(request)
        let l = prefs.language
        let time = now
        let seed: Int
        switch WeekendSeed.parse(request.uri.queryParameters.get("seed")) {
        case .failure(let error):
            return Self.html(
                SwissLayout.page(
                    title: l.t("Weekend planner", "Wochenendplaner"), section: .weekend, prefs: prefs, now: time,
                    currentURL: Self.currentURL(request),
                    main: .group(
                        .h1(.safeText(l.t("Weekend planner", "Wochenendplaner"))),
                        Components.notice(error.message, kind: "error"),
                        .p(.a(.link(prefs.link(.weekend)), .safeText(l.t("Show the plan", "Plan anzeigen")))))),
                status: .badRequest)
        case .success(let value): seed = value ?? 0
        }
        let inputs = await app.weekendInputs(city: prefs.city, refresh: false)
        let model = WeekendModel.make(
            weekend: app.weekendResponse(city: prefs.city, language: l, inputs: inputs, seed: seed), prefs: prefs,
            nextSeed: app.shuffleSeed(city: prefs.city, inputs: inputs, current: seed))
        return Self.html(
            SwissLayout.page(
                title: l.t("Weekend planner", "Wochenendplaner"), section: .weekend, prefs: prefs, now: time,
                currentURL: Self.currentURL(request), stylesheets: ["swiss-today.css"],
                main: WeekendView.main(model, now: time)))
    }
}
