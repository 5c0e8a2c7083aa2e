import Foundation
import Plot
import TodayInSwitzerland
import WebUI

/// The widget page: renders a ``WidgetModel`` as one compact card.
enum WidgetView {
    static func main(_ m: WidgetModel) -> Node<HTML.BodyContext> {
        let l = m.language
        return .section(
            .class("card widget-card"), .attr("aria-labelledby", "widget-title"),
            .attr("data-refresh-seconds", String(WidgetModel.refreshSeconds)),
            .h1(
                .id("widget-title"), .class("widget-city"),
                .safeText(l.t("Today in \(m.cityName)", "Heute in \(m.cityName)"))),
            .div(
                .class("widget-weather"),
                .span(.class("widget-icon"), .attribute(named: "aria-hidden", value: "true"), .text(m.weatherIcon)),
                .unwrap(m.temperature) { .span(.class("widget-temp"), .text($0)) },
                .span(.class("widget-desc"), .safeText(m.weatherText))),
            .unwrap(m.headline) { headline in
                .p(
                    .class("widget-headline"),
                    m.headlineURL.map { .a(.link($0), .attr("rel", "noopener"), .safeText(headline)) }
                        ?? .safeText(headline),
                    .unwrap(m.headlineSource) { .span(.class("widget-source"), .safeText(" — \($0)")) })
            },
            .p(
                .class("widget-transport"),
                .span(
                    .class("status-dot status-\(m.transportStatus)"), .attribute(named: "aria-hidden", value: "true")),
                .safeText("🚆 \(m.transport)")),
            .if(
                !m.places.isEmpty,
                .div(
                    .class("widget-sun"),
                    .h2(
                        .a(
                            .link(m.sunshineURL),
                            .safeText(l.t("☀️ Sunniest this weekend", "☀️ Am sonnigsten am Wochenende")))),
                    .ol(
                        .forEach(m.places) { place in
                            .li(
                                .span(.class("widget-place"), .safeText(place.name)),
                                .span(.class("widget-hours"), .safeText(place.hours)),
                                .span(.class("widget-drive"), .safeText("🚗 \(place.drive)")))
                        }))),
            .a(.class("button widget-open"), .link(m.appURL), .safeText(l.t("Open full app", "App öffnen"))))
    }
}
