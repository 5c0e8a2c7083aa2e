import Foundation
import Plot
import TodayInSwitzerland
import WebUI

/// The Deals page: renders a ``DealsModel``.
enum DealsView {
    static func main(_ m: DealsModel) -> Node<HTML.BodyContext> {
        let l = m.language
        return .group(
            .h1(.safeText(l.t("Best deals", "Beste Angebote"))),
            .p(
                .class("hint"),
                .safeText(
                    l.t(
                        "Free entry, family passes and money-saving tips in \(m.cityName) and all of Switzerland.",
                        "Gratis-Eintritte, Familienpässe und Spartipps in \(m.cityName) und der ganzen Schweiz."))),
            .nav(
                .class("chips deals-chips"), .attr("aria-label", l.t("Type of deal", "Art des Angebots")),
                .forEach(m.chips) { chip in
                    .a(
                        .link(chip.url), .attr("data-type", chip.key),
                        .if(chip.isCurrent, .attribute(named: "aria-current", value: "page")),
                        .span(.safeText(chip.label)), .span(.class("count"), .text("\(chip.count)")))
                }),
            m.cards.isEmpty
                ? .p(
                    .class("deals-empty"), .attr("role", "status"),
                    .safeText(l.t("No deals match this filter.", "Keine Angebote für diesen Filter.")))
                : .ul(.class("deals-list"), .forEach(m.cards) { card($0, l) }))
    }

    static func card(_ c: DealsModel.Card, _ l: Language) -> Node<HTML.ListContext> {
        // Savings and recurrence texts exist in English only.
        let english: Node<HTML.BodyContext> = l == .de ? .attr("lang", "en") : .empty
        return .li(
            .class("card deal-card deal-\(c.type.rawValue)"), .id("deal-\(c.id)"), .attr("data-type", c.type.rawValue),
            .h2(
                .span(.class("deal-emoji"), .attribute(named: "aria-hidden", value: "true"), .text(c.emoji)),
                c.url.map { .a(.link($0), .attr("rel", "noopener"), .safeText(c.name)) } ?? .safeText(c.name)),
            .p(.safeText(c.description)),
            .p(
                .class("badges"),
                .span(.class("badge deal-type deal-type-\(c.type.rawValue)"), .safeText(c.typeLabel)),
                .unwrap(c.savings) { .span(.class("badge"), english, .safeText("💰 \($0)")) },
                .unwrap(c.recurring) { .span(.class("badge"), english, .safeText("🔄 \($0)")) },
                .unwrap(c.scope) { .span(.class("badge"), .safeText("🇨🇭 \($0)")) }))
    }
}
