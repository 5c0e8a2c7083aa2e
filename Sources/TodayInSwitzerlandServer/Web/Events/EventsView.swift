import Foundation
import Plot
import TodayInSwitzerland
import WebUI

/// Renders ``EventsModel``: the month grid (a real table), the selected day, filter chips, the month's list and the
/// calendar feed.
enum EventsView {
    static func main(_ model: EventsModel, _ l: Language) -> Node<HTML.BodyContext> {
        .div(
            .class("events-page"), .attr("data-kind", model.kind.rawValue),
            .h1(.safeText(model.title)),
            .div(
                .class("events-layout"),
                .section(
                    .class("events-calendar card"), .ariaLabel(l.t("Calendar", "Kalender")),
                    monthNav(model, l),
                    grid(model, l),
                    legend(model, l)),
                dayDetail(model, l)),
            .section(
                .class("events-list-section"), .id("list"), .ariaLabel(model.listHeading),
                .h2(.safeText(model.listHeading)),
                SwissComponents.chips(model.chips, label: l.t("Show", "Anzeigen")),
                .if(
                    model.list.isEmpty,
                    .p(.class("empty-note"), .safeText(model.emptyListText)),
                    else: .ul(
                        .class("event-items"),
                        .forEach(model.list) {
                            .li(.class("event-li"), .attr("data-kind", $0.kind.rawValue), item($0, l))
                        })),
                .p(.class("empty-note js-empty"), .flag("hidden"), .safeText(model.emptyListText))),
            feed(model, l))
    }

    static func monthNav(_ model: EventsModel, _ l: Language) -> Node<HTML.BodyContext> {
        .div(
            .class("month-nav"),
            .a(
                .class("button secondary month-step"), .link(model.previousURL),
                .attr("aria-label", model.previousLabel),
                .attr("rel", "prev"), .span(.attribute(named: "aria-hidden", value: "true"), .text("‹"))),
            .h2(.class("month-label"), .id("month-label"), .safeText(model.monthLabel)),
            .a(
                .class("button secondary month-step"), .link(model.nextURL), .attr("aria-label", model.nextLabel),
                .attr("rel", "next"), .span(.attribute(named: "aria-hidden", value: "true"), .text("›"))),
            .unwrap(model.todayURL) {
                .a(.class("button secondary today-link"), .link($0), .safeText(l.t("Today", "Heute")))
            })
    }

    static func grid(_ model: EventsModel, _ l: Language) -> Node<HTML.BodyContext> {
        .table(
            .class("cal-grid"), .attr("aria-labelledby", "month-label"),
            .thead(
                .tr(
                    .forEach(model.weekdays) { day in
                        .th(.attr("scope", "col"), .abbr(.attr("title", day.long), .safeText(day.short)))
                    })),
            .tbody(
                .forEach(model.weeks) { week in
                    .tr(.forEach(week) { cell in .td(dayCell(cell)) })
                }))
    }

    static func dayCell(_ cell: EventsModel.DayCell) -> Node<HTML.BodyContext> {
        var classes = ["cal-day"]
        if !cell.inMonth { classes.append("outside") }
        if cell.isToday { classes.append("today") }
        if cell.isSelected { classes.append("selected") }
        if cell.isWeekend { classes.append("weekend") }
        return .a(
            .class(classes.joined(separator: " ")), .link(cell.url), .attr("data-date", cell.date.description),
            .if(cell.isToday, .attribute(named: "aria-current", value: "date")),
            .span(.class("cal-num"), .attribute(named: "aria-hidden", value: "true"), .text("\(cell.day)")),
            .span(.class("visually-hidden"), .safeText(cell.spoken)),
            .span(
                .class("cal-markers"), .attribute(named: "aria-hidden", value: "true"),
                .forEach(cell.markers) { marker in
                    .span(.class("marker marker-\(marker.kind.rawValue)"), .text(marker.kind.symbol))
                }))
    }

    static func legend(_ model: EventsModel, _ l: Language) -> Node<HTML.BodyContext> {
        .ul(
            .class("cal-legend"), .attr("aria-label", l.t("Legend", "Legende")),
            .forEach(model.legend) { marker in
                .li(
                    .span(
                        .class("marker marker-\(marker.kind.rawValue)"),
                        .attribute(named: "aria-hidden", value: "true"),
                        .text(marker.kind.symbol)),
                    .safeText(" \(marker.text)"))
            })
    }

    static func dayDetail(_ model: EventsModel, _ l: Language) -> Node<HTML.BodyContext> {
        let detail = model.detail
        return .section(
            .class("day-detail card"), .id("day"), .attr("aria-labelledby", "day-heading"),
            .h2(.id("day-heading"), .safeText(detail.heading)),
            SwissComponents.freshnessNotice(
                model.weatherState, what: l.t("Weather", "Wetter"), now: model.renderedAt, l),
            .unwrap(detail.advice) { advice in
                .p(
                    .class("weather-advice"),
                    .span(.class("advice-icon"), .attribute(named: "aria-hidden", value: "true"), .text(advice.icon)),
                    .span(.safeText(advice.weather + " — ")),
                    .a(.link(advice.link), .strong(.safeText(advice.text))))
            },
            .forEach(detail.sections) { section in
                .div(
                    .class("day-section"), .attr("data-kind", section.kind.rawValue),
                    .h3(
                        .span(
                            .class("marker marker-\(section.kind.rawValue)"),
                            .attribute(named: "aria-hidden", value: "true"), .text(section.kind.symbol)),
                        .safeText(" " + section.heading)),
                    .ul(.class("event-items"), .forEach(section.items) { .li(item($0, l)) }))
            },
            .unwrap(detail.emptyText) { .p(.class("empty-note"), .safeText($0)) })
    }

    static func item(_ item: EventsModel.Item, _ l: Language) -> Node<HTML.BodyContext> {
        .article(
            .class("event-item kind-\(item.kind.rawValue)"), .id(item.anchor),
            .div(
                .class("event-head"),
                .span(
                    .class("marker marker-\(item.kind.rawValue)"), .attribute(named: "aria-hidden", value: "true"),
                    .text(item.kind.symbol)),
                .h3(.class("event-title"), .safeText(item.title))),
            .p(
                .class("event-when"),
                .span(.class("visually-hidden"), .safeText(item.kind.name(l) + ": ")),
                .safeText(item.when)),
            .if(!item.description.isEmpty, .p(.class("event-desc"), .safeText(item.description))),
            .if(
                !item.badges.isEmpty,
                .div(
                    .class("badges"),
                    .forEach(item.badges) { badge in
                        .span(
                            .class("badge"), .span(.attribute(named: "aria-hidden", value: "true"), .text(badge.icon)),
                            .safeText(" " + badge.text))
                    })),
            .div(
                .class("event-actions"),
                .unwrap(item.icsURL) { url in
                    .a(
                        .class("button secondary"), .link(url), .flag("download"),
                        .attr(
                            "aria-label", l.t("Add \(item.title) to calendar", "\(item.title) zum Kalender hinzufügen")),
                        .span(.attribute(named: "aria-hidden", value: "true"), .text("📅 ")),
                        .safeText(l.t("Add to calendar", "Zum Kalender")))
                },
                .unwrap(item.website) { url in
                    .a(
                        .class("button secondary"), .link(url), .attr("rel", "noopener"),
                        .attr("aria-label", l.t("Website of \(item.title)", "Website von \(item.title)")),
                        .safeText(l.t("Website", "Website")))
                },
                .unwrap(item.directionsURL) { url in
                    .a(
                        .class("button secondary"), .link(url), .attr("rel", "noopener"),
                        .attr("aria-label", l.t("Directions to \(item.title)", "Weg zu \(item.title)")),
                        .safeText(l.t("Directions", "Route")))
                }))
    }

    static func feed(_ model: EventsModel, _ l: Language) -> Node<HTML.BodyContext> {
        .section(
            .class("calendar-feed card"), .attr("aria-labelledby", "feed-heading"),
            .h2(.id("feed-heading"), .safeText(l.t("Subscribe to this calendar", "Diesen Kalender abonnieren"))),
            .p(
                .safeText(
                    l.t(
                        "All upcoming events, public holidays and school holidays of this city in your calendar app; it updates itself.",
                        "Alle kommenden Anlässe, Feiertage und Schulferien dieser Stadt in deiner Kalender-App; sie aktualisiert sich selbst."
                    ))),
            .div(
                .class("event-actions"),
                .unwrap(model.feed.webcalURL) { url in
                    .a(.class("button"), .link(url), .safeText(l.t("Subscribe (webcal)", "Abonnieren (webcal)")))
                },
                .a(
                    .class("button secondary"), .link(model.feed.downloadURL), .flag("download"),
                    .safeText(l.t("Download .ics", ".ics herunterladen")))))
    }
}
