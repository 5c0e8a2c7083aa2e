import Foundation
import Plot
import ServerKit
import WebUI

/// The frame of every JustZone2 page: the Clubhouse header with the app switcher, the app's header, the view
/// navigation, the page and the footer.
enum Zone2Layout {
    /// The app's own stylesheets and scripts (`Resources/web`), served under `/assets/zone2/`.
    static let assets = WebAssets(prefix: "/assets/zone2/", bundle: .module, folder: "Resources/web")

    /// The whole document of a page. `stylesheets`/`scripts` are names in ``assets`` after `zone2.css` and
    /// `zone2.js`.
    static func page(
        title: String, section: Zone2Section?, stylesheets: [String] = [], scripts: [String] = [],
        bodyClass: String = "", bodyData: [(String, String)] = [], renderedAt: String? = nil,
        description: String? = nil, noscriptRefreshSeconds: Int? = nil, main: Node<HTML.BodyContext>
    ) -> String {
        let meta = PageMeta(
            title: "\(title) · JustZone2",
            description: description
                ?? "Zone 2 training on your smart trainer: ERG or heart-rate-guided power, recording, Strava upload.",
            themeColor: "#15803d", manifestURL: Zone2PageURL.manifest.path(),
            stylesheets: (["zone2.css"] + stylesheets).map(assets.url),
            scripts: (["zone2.js"] + scripts).map(assets.url), bodyClass: "zone2 " + bodyClass,
            bodyData: bodyData, renderedAt: renderedAt, noscriptRefreshSeconds: noscriptRefreshSeconds,
            section: .justZone2)
        return PageShell.render(
            meta,
            body: .group(
                header(),
                .unwrap(section) { nav(current: $0) },
                .element(named: "main", nodes: [.id("main"), .class("container zone2-main"), main]),
                footer()))
    }

    static func header() -> Node<HTML.BodyContext> {
        AppFrame.header(app: "zone2", AppFrame.brand(icon: "💚", name: "JustZone2", url: Zone2PageURL.home.path()))
    }

    /// The views of the app; the current one marked.
    static func nav(current: Zone2Section) -> Node<HTML.BodyContext> {
        AppFrame.sectionNav(
            app: "zone2", label: "JustZone2",
            sections: Zone2Section.allCases.map {
                AppFrame.Section(key: $0.rawValue, url: $0.url, icon: $0.icon, name: $0.name, isCurrent: $0 == current)
            })
    }

    static func footer() -> Node<HTML.BodyContext> {
        .footer(
            .class("site-footer"),
            .p(
                .text(
                    "Riding with a trainer needs Web Bluetooth: Chrome or Edge on a computer or an Android phone. "
                        + "History, zones, settings and the simulator work in every browser.")))
    }
}
