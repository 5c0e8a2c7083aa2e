import ClubWeekly
import Foundation
import Plot
import WebUI

/// The frame of every Club Weekly page: tricolour, header with the club's name and links, main, footer.
enum ClubLayout {
    static let assets = WebAssets(prefix: "/assets/clubweekly/", bundle: .module, folder: "Resources/web")

    static func page(
        title: String, header: ClubHeaderModel?, renderedAt: String? = nil, bodyClass: String = "",
        bodyData: [(String, String)] = [], noscriptRefreshSeconds: Int? = nil,
        strings: ClubWeeklyStrings = .en, main: Node<HTML.BodyContext>
    ) -> String {
        let meta = PageMeta(
            title: header.map { "\(title) · \($0.name)" } ?? title,
            description: strings.valueProposition, strings: strings.web,
            manifestURL: header.map { ClubWeeklyURL.manifest($0.slug).path },
            stylesheets: [assets.url("clubweekly.css")], scripts: [assets.url("clubweekly.js")], bodyClass: bodyClass,
            bodyData: bodyData + [("error-title", strings.web.somethingWentWrong), ("retry-label", strings.web.retry)],
            renderedAt: renderedAt, noscriptRefreshSeconds: noscriptRefreshSeconds,
            // The TV board fills a screen on the clubhouse wall: no navigation there.
            section: bodyClass.split(separator: " ").contains("tv") ? nil : .clubWeekly)
        return PageShell.render(
            meta,
            body: .group(
                siteHeader(header, strings: strings),
                .element(named: "main", nodes: [.id("main"), .class("container"), main]),
                .footer(
                    .class("site-footer"),
                    .p(.safeText("\(strings.appName) · \(strings.consent)")))))
    }

    static func siteHeader(_ header: ClubHeaderModel?, strings s: ClubWeeklyStrings) -> Node<HTML.BodyContext> {
        guard let header else {
            return .header(
                .class("site-header"), Components.tricolour(["#0055A4", "#FFFFFF", "#EF4135"]),
                .div(.class("bar"), .span(.class("brand"), .safeText(s.appName))))
        }
        let slug = header.slug
        return .header(
            .class("site-header"),
            Components.tricolour(header.colours),
            .div(
                .class("bar"),
                .a(.class("brand"), .link(ClubWeeklyURL.dashboard(slug).path), .safeText(header.name)),
                .span(.class("spacer")),
                .nav(
                    .class("header-links"), .ariaLabel(s.clubLinksLabel),
                    .a(.class("wide-only"), .link(ClubWeeklyURL.tv(slug).path), .safeText(s.tvBoard)),
                    .a(.link(ClubWeeklyURL.settings(slug).path), .safeText(s.settings)),
                    .a(.link(ClubWeeklyURL.admin(slug).path), .safeText(s.admin)),
                    header.viewer.signedIn
                        ? .form(
                            .class("inline"), .method(.post), .action(ClubWeeklyURL.signOut(slug).path),
                            .button(.type(.submit), .safeText(s.signOut)))
                        : .a(.link(ClubWeeklyURL.join(slug).path), .safeText(s.signIn)))))
    }
}
