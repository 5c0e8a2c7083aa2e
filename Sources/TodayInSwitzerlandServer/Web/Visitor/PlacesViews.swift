import Foundation
import Plot
import TodayInSwitzerland
import WebUI

/// Pieces the Activities and Lunch views share: chips, badges and the visitor's forms (save, delete, rate).
/// Every form posts to the page itself with `do`, `id` and `return` (the page with its filters, for the redirect);
/// `swiss-places.js` sends them without a reload.
enum PlacesViews {
    static func chips(_ links: [ActivitiesModel.Link], label: String) -> Node<HTML.BodyContext> {
        SwissComponents.chips(
            links.map { Components.LinkItem(label: $0.label, url: $0.href, isCurrent: $0.current, key: $0.key) },
            label: label)
    }

    static func badges(_ badges: [ActivitiesModel.Badge]) -> Node<HTML.BodyContext> {
        .ul(
            .class("badges"),
            .forEach(badges) { badge in .li(.class("badge badge-\(badge.kind)"), .safeText(badge.text)) })
    }

    static func hidden(_ name: String, _ value: String) -> Node<HTML.FormContext> {
        .input(.type(.hidden), .name(name), .attr("value", value))
    }

    /// The heart: a toggle button (`aria-pressed`) with a constant name, in a form that saves or forgets.
    static func saveForm(
        id: String, name: String, saved: Bool, action: String, returnURL: String, _ language: Language
    ) -> Node<HTML.BodyContext> {
        .form(
            .class("save-form"), .method(.post), .action(action), .attr("data-places-form", "save"),
            hidden("do", saved ? "unsave" : "save"), hidden("id", id), hidden("return", returnURL),
            .button(
                .type(.submit), .class("heart"), .attr("aria-pressed", saved ? "true" : "false"),
                .attr("aria-label", language.t("Save \(name)", "\(name) merken")),
                .span(.attribute(named: "aria-hidden", value: "true"), .text(saved ? "♥" : "♡"))))
    }

    /// Deletes the visitor's own item.
    static func deleteForm(
        id: String, name: String, action: String, returnURL: String, _ language: Language
    ) -> Node<HTML.BodyContext> {
        .form(
            .class("delete-form"), .method(.post), .action(action),
            hidden("do", "delete"), hidden("id", id), hidden("return", returnURL),
            .button(
                .type(.submit), .class("link-button"),
                .attr("aria-label", language.t("Delete \(name)", "\(name) löschen")),
                .safeText(language.t("🗑 Delete", "🗑 Löschen"))))
    }

    /// An external link that opens in a new tab.
    static func external(_ url: String, _ label: String, accessibleName: String) -> Node<HTML.BodyContext> {
        .a(
            .link(url), .attr("target", "_blank"), .attr("rel", "noopener noreferrer"),
            .attr("aria-label", accessibleName), .safeText(label))
    }

    /// A confirmation or refusal after a change (an announced status line).
    static func notice(_ text: String?, error: Bool = false) -> Node<HTML.BodyContext> {
        .unwrap(text) { Components.notice($0, kind: error ? "error" : "success") }
    }

    /// The live region scripts announce changes in.
    static var liveRegion: Node<HTML.BodyContext> {
        .p(
            .class("visually-hidden places-status"), .attribute(named: "role", value: "status"),
            .attribute(named: "aria-live", value: "polite"))
    }
}
