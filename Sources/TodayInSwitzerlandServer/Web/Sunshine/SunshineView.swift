import Foundation
import Plot
import TodayInSwitzerland
import WebUI

/// Renders ``SunshineModel``.
enum SunshineView {
    static func main(_ model: SunshineModel, _ l: Language) -> Node<HTML.BodyContext> {
        .div(
            .class("forecast-page sunshine-page"),
            .h1(.safeText(model.title)),
            .p(.class("page-subtitle"), .safeText(model.subtitle)),
            .p(
                .class("date-range"), .span(.attribute(named: "aria-hidden", value: "true"), .text("📅 ")),
                .safeText(model.dateRange)),
            SwissComponents.freshnessNotice(
                model.sourceState, what: l.t("Forecast", "Prognose"), now: model.renderedAt, l),
            .div(
                .class("forecast-layout"),
                .div(
                    .class("forecast-map"),
                    .if(
                        !model.pins.isEmpty,
                        SwissMapView.svg(pins: model.pins, area: .switzerland, label: model.mapLabel, language: l)),
                    legend(model.legend, l)),
                .div(
                    .class("forecast-list"),
                    SwissComponents.chips(model.filterChips, label: l.t("Filter by sunshine", "Nach Sonne filtern")),
                    SwissComponents.chips(model.sortChips, label: l.t("Sort", "Sortieren")),
                    .unwrap(model.escape) { escape in
                        .p(
                            .class("escape-nudge"), .attribute(named: "role", value: "note"),
                            .span(.attribute(named: "aria-hidden", value: "true"), .text("🚗☀️ ")),
                            .a(.link(escape.href), .safeText(escape.text)))
                    },
                    .unwrap(model.baseline) { card($0, l) },
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

    static func legend(_ entries: [SunshineModel.LegendEntry], _ l: Language) -> Node<HTML.BodyContext> {
        .ul(
            .class("map-legend"), .attr("aria-label", l.t("Legend", "Legende")),
            .forEach(entries) { entry in
                .li(
                    .span(.class("legend-dot pin-\(entry.kind)"), .attribute(named: "aria-hidden", value: "true")),
                    .span(.attribute(named: "aria-hidden", value: "true"), .text(entry.icon + " ")),
                    .safeText(entry.text))
            })
    }

    static func card(_ card: SunshineModel.Card, _ l: Language) -> Node<HTML.BodyContext> {
        .article(
            .class("forecast-card card sun-\(card.sunClass.rawValue)\(card.isBaseline ? " baseline" : "")"),
            .id("card-\(card.id)"),
            .div(
                .class("forecast-head"),
                .if(
                    card.isBaseline,
                    .span(.class("rank baseline-tag"), .safeText(l.t("📍 Your city", "📍 Deine Stadt"))),
                    else: .unwrap(card.rank) { .span(.class("rank"), .safeText("#\($0)")) }),
                .h3(.class("forecast-name"), .safeText(card.name)),
                .span(.class("region"), .safeText(card.region)),
                .p(
                    .class("forecast-total"),
                    .span(.attribute(named: "aria-hidden", value: "true"), .text(card.classIcon + " ")),
                    .strong(.safeText(card.hoursTotal)),
                    .safeText(" " + l.t("of sun", "Sonne") + " · "),
                    .span(.class("class-label"), .safeText(card.classLabel)))),
            .unwrap(card.drive) {
                .div(
                    .class("badges"),
                    .span(
                        .class("badge"), .span(.attribute(named: "aria-hidden", value: "true"), .text("🚗 ")),
                        .safeText($0)))
            },
            .ul(
                .class("sun-days"),
                .forEach(card.days) { day in
                    .li(
                        .class("sun-day"),
                        .p(
                            .class("sun-day-head"),
                            .abbr(.class("day-label"), .attr("title", day.longLabel), .safeText(day.label)),
                            .span(
                                .class("wx-icon"), .attr("title", day.description),
                                .attribute(named: "aria-hidden", value: "true"), .text(day.icon)),
                            .span(.class("visually-hidden"), .safeText(day.description + ", ")),
                            .span(.class("temps"), .safeText(day.temperatures)),
                            .span(.class("day-hours"), .safeText("☀️ " + day.hours)),
                            .unwrap(day.rain) { .span(.class("rain"), .safeText("💧 " + $0)) }),
                        // One element per hour, lit (<b>) or not (<i>): 29 places × 3 days × 15 hours stay small.
                        .div(
                            .class("timeline"), .attribute(named: "aria-hidden", value: "true"),
                            .raw(day.timeline.map { $0.sunny ? "<b></b>" : "<i></i>" }.joined())),
                        .p(.class("visually-hidden"), .safeText(day.timelineText)))
                }),
            .if(
                !card.days.isEmpty,
                .div(
                    .class("timeline-scale"), .attribute(named: "aria-hidden", value: "true"),
                    .span(.text("6 h")), .span(.text("13 h")), .span(.text("20 h")))),
            .if(
                !card.highlights.isEmpty,
                .details(
                    .class("highlights"),
                    .summary(.safeText(l.t("Things to do there", "Was man dort unternehmen kann"))),
                    .ul(
                        .forEach(card.highlights) { highlight in
                            .li(
                                .strong(.safeText(highlight.name)),
                                .safeText(
                                    " (\(highlight.indoor ? l.t("indoor", "drinnen") : l.t("outdoor", "draussen"))) — \(highlight.description) "
                                ),
                                .a(
                                    .link(highlight.directionsURL), .attr("rel", "noopener"),
                                    .attr(
                                        "aria-label", l.t("Directions to \(highlight.name)", "Weg zu \(highlight.name)")
                                    ),
                                    .safeText(l.t("Directions", "Route"))))
                        }))),
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
