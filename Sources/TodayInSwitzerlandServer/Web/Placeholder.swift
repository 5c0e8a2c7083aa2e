import Foundation
import Hummingbird
import Plot
import ServerKit
import TodayInSwitzerland
import WebUI

// Scaffolding while the pages are built in parallel (issue 13): each page's helper replaces its area's
// `…Routes.swift`; this file goes when the last placeholder does.
extension SwissWebController {
    func placeholder(_ request: Request, section: SwissSection) -> Response {
        let prefs = SwissPrefs.resolve(request)
        let l = prefs.language
        return Self.html(
            SwissLayout.page(
                title: section.name(l), section: section, prefs: prefs, now: now, currentURL: Self.currentURL(request),
                main: .group(
                    .h1(.safeText(section.name(l))),
                    Components.emptyState(
                        title: l.t("Coming soon", "Bald verfügbar"),
                        message: l.t("This view is being built.", "Diese Ansicht entsteht gerade."), icon: section.icon)
                )))
    }
}
