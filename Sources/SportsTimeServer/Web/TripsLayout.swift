import Foundation
import Plot
import ServerKit
import WebUI

/// The frame of every SportsTime page: the Clubhouse header with the app switcher, the app's header, the view
/// navigation, the page and the footer naming the data's limits.
enum TripsLayout {
    /// The app's own stylesheets and scripts (`Resources/web`), served under `/assets/sportstime/`.
    static let assets = WebAssets(prefix: "/assets/sportstime/", bundle: .module, folder: "Resources/web")

    /// The whole document of a page. `stylesheets`/`scripts` are names in ``assets`` after `sportstime.css` and
    /// `sportstime.js`. `renderedAt` turns on the offline banner for pages the service worker keeps.
    static func page(
        title: String, section: TripsSection?, prefs: TripsPrefs, stylesheets: [String] = [],
        scripts: [String] = [], bodyClass: String = "", bodyData: [(String, String)] = [],
        renderedAt: String? = nil, head: PageHead = .init(), main: Node<HTML.BodyContext>
    ) -> String {
        let meta = PageMeta(
            title: "\(title) · SportsTime",
            description: head.description
                ?? "Plan multi-stop sports road trips over real MLB, NBA, NHL, NFL and MLS schedules.",
            themeColor: "#1d4ed8", manifestURL: TripsPageURL.manifest.path(),
            stylesheets: (["sportstime.css"] + stylesheets).map(assets.url),
            scripts: (["sportstime.js"] + scripts).map(assets.url), bodyClass: ("sportstime " + bodyClass),
            bodyData: bodyData, renderedAt: renderedAt, section: .sportsTime,
            theme: prefs.theme == .system ? nil : prefs.theme.rawValue)
        var withHead = meta
        withHead.openGraph = head.openGraph
        withHead.noscriptRefreshSeconds = head.noscriptRefreshSeconds
        return PageShell.render(
            withHead,
            body: .group(
                header(),
                .unwrap(section) { nav(current: $0) },
                .element(named: "main", nodes: [.id("main"), .class("container trips-main"), main]),
                footer()))
    }

    /// Extras some pages put in the head's place: a description (share pages) and Open Graph tags (as body meta).
    struct PageHead: Sendable {
        var description: String? = nil
        /// Open Graph tags for link previews (the progress page's share card).
        var openGraph: [(property: String, content: String)] = []
        /// Without JavaScript, reload the page every this many seconds (a job still computing).
        var noscriptRefreshSeconds: Int? = nil
    }

    static func header() -> Node<HTML.BodyContext> {
        AppFrame.header(
            app: "trips", AppFrame.brand(icon: "🏟️", name: "SportsTime", url: TripsPageURL.home.path()),
            .a(.class("button"), .href(TripsSection.plan.url), .text("Plan a trip")))
    }

    /// The views of the app; the current one marked.
    static func nav(current: TripsSection) -> Node<HTML.BodyContext> {
        AppFrame.sectionNav(
            app: "trips", label: "SportsTime",
            sections: TripsSection.allCases.map {
                AppFrame.Section(key: $0.rawValue, url: $0.url, icon: $0.icon, name: $0.name, isCurrent: $0 == current)
            })
    }

    static func footer() -> Node<HTML.BodyContext> {
        .footer(
            .class("site-footer"),
            .p(
                .text(
                    "Driving times are estimates from straight-line distance, not road routing. "
                        + "Game times are in each venue's local time. Maps: Natural Earth.")))
    }
}
