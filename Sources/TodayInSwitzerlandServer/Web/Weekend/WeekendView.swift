import Foundation
import Plot
import TodayInSwitzerland
import WebUI

/// The Weekend page: renders a ``WeekendModel``.
enum WeekendView {
    static func main(_ m: WeekendModel, now: Date) -> Node<HTML.BodyContext> {
        let l = m.language
        return .group(
            .div(
                .class("weekend-head"),
                .h1(.safeText(l.t("Weekend planner", "Wochenendplaner"))),
                .a(
                    .class("button weekend-shuffle"), .link(m.shuffleURL), .attr("rel", "nofollow"),
                    .span(.attribute(named: "aria-hidden", value: "true"), .text("🔀 ")),
                    .safeText(l.t("Shuffle", "Neu mischen")))),
            .p(
                .class("hint"),
                .safeText(
                    l.t(
                        "Ideas for the family in \(m.cityName), picked for the weather. Shuffle for another plan; the link keeps it.",
                        "Ideen für die Familie in \(m.cityName), passend zum Wetter. Neu mischen für einen anderen Plan; der Link behält ihn."
                    ))),
            SwissComponents.freshnessNotice(m.weatherState, what: l.t("Forecast", "Vorhersage"), now: now, l),
            .div(.class("weekend-days"), .forEach(m.days) { day($0, l) }))
    }

    static func day(_ d: WeekendModel.Day, _ l: Language) -> Node<HTML.BodyContext> {
        .section(
            .class("card weekend-day"), .id(d.id), .attr("aria-labelledby", "\(d.id)-title"),
            .div(
                .class("weekend-day-head"),
                .h2(
                    .id("\(d.id)-title"),
                    .span(.class("weekend-weekday"), .safeText(d.weekday)),
                    .span(.class("weekend-date"), .safeText(d.date))),
                .div(
                    .class("weekend-weather"),
                    .unwrap(d.weatherIcon) {
                        .span(.class("weekend-icon"), .attribute(named: "aria-hidden", value: "true"), .text($0))
                    },
                    .unwrap(d.weatherText) { .span(.class("visually-hidden"), .safeText($0)) },
                    .unwrap(d.temperatures) { .span(.class("weekend-temps"), .safeText($0)) },
                    .if(
                        d.temperatures == nil,
                        .span(
                            .class("weekend-noforecast"),
                            .safeText(l.t("No forecast yet", "Noch keine Vorhersage")))))),
            .forEach(d.holidays) { name in .p(.class("weekend-holiday"), .safeText("🎉 \(name)")) },
            d.picks.isEmpty
                ? .p(.safeText(l.t("No ideas for this day.", "Keine Ideen für diesen Tag.")))
                : .ul(
                    .class("weekend-picks"),
                    .forEach(d.picks) { pick in
                        .li(
                            .class("weekend-pick"),
                            .p(.class("weekend-slot"), .safeText(pick.slot)),
                            .h3(
                                .span(.attribute(named: "aria-hidden", value: "true"), .text("\(pick.emoji) ")),
                                pick.url.map { .a(.link($0), .attr("rel", "noopener"), .safeText(pick.name)) }
                                    ?? .safeText(pick.name)),
                            .p(.safeText(pick.description)),
                            .p(
                                .class("badges"),
                                .span(.class("badge"), .safeText(pick.place)),
                                .span(.class("badge"), .safeText("⏱ \(pick.duration)")),
                                .unwrap(pick.price) { .span(.class("badge"), .safeText("💰 \($0)")) }))
                    }))
    }
}
