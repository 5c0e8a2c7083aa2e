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
        .header(
            .class("zone2-header"),
            .div(
                .class("zone2-header-inner"),
                .p(
                    .class("zone2-brand"),
                    .a(
                        .href(Zone2PageURL.home.path()),
                        .span(.attribute(named: "aria-hidden", value: "true"), .text("💚")),
                        .text("JustZone2")))))
    }

    /// The views of the app; the current one marked.
    static func nav(current: Zone2Section) -> Node<HTML.BodyContext> {
        .nav(
            .class("zone2-nav"), .ariaLabel("JustZone2"),
            .ul(
                .forEach(Zone2Section.allCases) { section in
                    .li(
                        .a(
                            .href(section.url), .attr("data-section", section.rawValue),
                            .if(section == current, .attribute(named: "aria-current", value: "page")),
                            .span(.class("icon"), .attribute(named: "aria-hidden", value: "true"), .text(section.icon)),
                            .span(.safeText(section.name))))
                }))
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
