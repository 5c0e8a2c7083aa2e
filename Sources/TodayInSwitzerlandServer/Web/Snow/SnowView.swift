import Foundation
import Plot
import TodayInSwitzerland
import WebUI

/// Renders ``SnowModel``.
enum SnowView {
    static func main(_ model: SnowModel, _ l: Language) -> Node<HTML.BodyContext> {
        .div(
            .class("forecast-page snow-page"),
            .h1(.safeText(model.title)),
            .p(.class("page-subtitle"), .safeText(model.subtitle)),
            .p(
                .class("date-range"), .span(.attribute(named: "aria-hidden", value: "true"), .text("📅 ")),
                .safeText(model.dateRange)),
            SwissComponents.freshnessNotice(
                model.sourceState, what: l.t("Forecast", "Prognose"), now: model.renderedAt, l),
            .unwrap(model.alert) { alert in
                .div(
                    .class("powder-alert"), .attribute(named: "role", value: "note"),
                    .p(
                        .class("powder-title"), .span(.attribute(named: "aria-hidden", value: "true"), .text("🏔️ ")),
                        .strong(.safeText(alert.title))),
                    .p(.a(.link(alert.href), .safeText(alert.text))))
            },
            .div(
                .class("forecast-layout"),
                .div(
                    .class("forecast-map"),
                    .if(
                        !model.pins.isEmpty,
                        SwissMapView.svg(pins: model.pins, area: .switzerland, label: model.mapLabel, language: l)),
                    SunshineView.legend(model.legend, l)),
                .div(
                    .class("forecast-list"),
                    SwissComponents.chips(
                        model.filterChips, label: l.t("Filter by snowfall", "Nach Neuschnee filtern")),
                    SwissComponents.chips(model.sortChips, label: l.t("Sort", "Sortieren")),
                    .unwrap(model.emptyText) {
                        .p(.class("empty-note"), .attribute(named: "role", value: "status"), .safeText($0))
                    },
                    .ol(.class("forecast-cards"), .forEach(model.cards) { item in .li(card(item, l)) }),
                    .unwrap(model.showAll) { showAll in
                        .p(
                            .class("show-all"),
                            .a(
                                .class("button secondary"), .id("show-all"), .link(showAll.url),
                                .safeText(showAll.label)))
                    })))
    }

    static func card(_ card: SnowModel.Card, _ l: Language) -> Node<HTML.BodyContext> {
        .article(
            .class("forecast-card card snow-\(card.snowClass.rawValue)"),
            .id("card-\(card.id)"),
            .div(
                .class("forecast-head"),
                .span(.class("rank"), .safeText("#\(card.rank)")),
                .h3(.class("forecast-name"), .safeText(card.name)),
                .span(.class("region"), .safeText(card.region)),
                .p(
                    .class("forecast-total"),
                    .span(.attribute(named: "aria-hidden", value: "true"), .text(card.classIcon + " ")),
                    .strong(.safeText(card.weekTotal)),
                    .safeText(" " + l.t("fresh snow", "Neuschnee") + " · "),
                    .span(.class("class-label"), .safeText(card.classLabel)))),
            .div(.class("badges"), .forEach(card.badges) { .span(.class("badge"), .safeText($0)) }),
            .p(.class("visually-hidden"), .safeText(card.chartText)),
            .ol(
                .class("snow-week"), .attribute(named: "aria-hidden", value: "true"),
                .forEach(card.days) { day in
                    .li(
                        .class("snow-day"), .attr("title", "\(day.longLabel): \(day.snowfall), \(day.description)"),
                        .span(.class("snow-amount"), .safeText(day.snowfall.replacingOccurrences(of: " cm", with: ""))),
                        .span(
                            .class("snow-bar-track"),
                            .span(.class("snow-bar p\(day.percent / 5 * 5)"))),
                        .span(.class("wx-icon"), .text(day.icon)),
                        .span(.class("day-label"), .safeText(day.label)),
                        .span(.class("temps"), .safeText(day.temperatures)))
                }),
            .div(
                .class("event-actions"),
                .a(
                    .class("button secondary"), .link("#pin-\(card.id)"), .attr("data-pin", "pin-\(card.id)"),
                    .attr("aria-label", l.t("Show \(card.name) on the map", "\(card.name) auf der Karte zeigen")),
                    .safeText(l.t("On the map", "Auf der Karte"))),
                .a(
                    .class("button secondary"), .link(card.directionsURL), .attr("rel", "noopener"),
                    .attr("aria-label", l.t("Directions to \(card.name)", "Weg nach \(card.name)")),
                    .safeText(l.t("Directions", "Route")))))
    }
}
