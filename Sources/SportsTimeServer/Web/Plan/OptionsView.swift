import Foundation
import Plot
import ServerKit
import SportsTime
import WebUI

/// The options page: a comparison table (tick options to compare or to start a poll), the team-first timeline, and
/// one card per option with its map, totals, games, score and actions.
enum OptionsView {
    static func page(_ model: OptionsModel, prefs: TripsPrefs) -> String {
        TripsLayout.page(
            title: model.title, section: .plan, prefs: prefs, stylesheets: ["sportstime-plan.css"],
            main: .group(
                .h1(.safeText(model.title)),
                .p(
                    .class("lead"),
                    .a(.link(model.wizardURL), .text("Change the answers")),
                    .text(" · Distances and driving times are straight-line estimates, not roads.")),
                .if(!model.windows.isEmpty, timeline(model)),
                table(model),
                .div(.class("option-cards"), .forEach(model.cards) { card($0) })))
    }

    /// The comparison table inside the compare/poll form (GET, so it works without JavaScript).
    static func table(_ model: OptionsModel) -> Node<HTML.BodyContext> {
        let cards = Dictionary(uniqueKeysWithValues: model.cards.map { ($0.rank, $0) })
        let order = model.tableOrder.compactMap { cards[$0] }
        return .element(
            named: "form",
            nodes: [
                .id("compare-form"), .class("compare-form"), .attr("method", "get"),
                .attr("action", TripsPageURL.compare.path()),
                .forEach(model.queryItems) { .input(.type(.hidden), .name($0.name), .attr("value", $0.value)) },
                .div(
                    .class("table-view"), .attribute(named: "data-sort-scope"), .attr("role", "group"),
                    .attr("aria-label", "Options to compare"),
                    .p(
                        .class("visually-hidden"), .attribute(named: "aria-live", value: "polite"),
                        .attribute(named: "data-sort-status"),
                        .safeText("Sorted by \(model.sort.title) \(model.descending ? "↓" : "↑")")),
                    .div(
                        .class("data-table-wrap"),
                        .table(
                            .class("data options-table"), .attribute(named: "data-sortable"),
                            .caption(.safeText("Compare the options (tick two or three)")),
                            .thead(
                                .tr(
                                    .th(.attr("scope", "col"), .text("Tick")),
                                    .forEach(OptionsModel.SortKey.allCases) { key in
                                        .th(
                                            .attr("scope", "col"), .attr("data-sort", key.rawValue),
                                            .attr("data-label", key.title),
                                            .attr(
                                                "data-sort-first",
                                                key == .rank || key == .miles || key == .hours
                                                    ? "ascending" : "descending"),
                                            .if(
                                                key == model.sort,
                                                .attr("aria-sort", model.descending ? "descending" : "ascending")),
                                            .a(.link(sortURL(model, key)), .safeText(key.title)))
                                    })),
                            .tbody(
                                .forEach(order) { card in
                                    .tr(
                                        .td(
                                            .label(
                                                .class("tick"),
                                                .input(
                                                    .type(.checkbox), .name("ranks"), .attr("value", String(card.rank)),
                                                    .attr("id", "tick-\(card.rank)")),
                                                .span(.class("visually-hidden"), .safeText("Option \(card.rank)")))),
                                        .td(
                                            .attr("data-value", String(card.rank)),
                                            .a(.link("#option-\(card.rank)"), .safeText("Option \(card.rank)"))),
                                        .td(.attr("data-value", String(card.games)), .text(String(card.games))),
                                        .td(.attr("data-value", String(card.venues)), .text(String(card.venues))),
                                        .td(.attr("data-value", String(card.days)), .text(String(card.days))),
                                        .td(
                                            .attr("data-value", OptionsModel.number(card.miles)),
                                            .safeText(card.distance)),
                                        .td(
                                            .attr("data-value", OptionsModel.number(card.drivingHours)),
                                            .safeText(card.driving)),
                                        .td(.attr("data-value", String(card.restDays)), .text(String(card.restDays))))
                                })))),
                .div(
                    .class("compare-actions"),
                    .button(.type(.submit), .class("button"), .id("compare-submit"), .text("Compare ticked")),
                    .element(
                        named: "button",
                        nodes: [
                            .attr("type", "submit"), .class("button secondary"), .id("poll-submit"),
                            .attr("formaction", TripsPageURL.newPoll.path()), .text("Start a poll from ticked"),
                        ])),
            ])
    }

    static func sortURL(_ model: OptionsModel, _ key: OptionsModel.SortKey) -> String {
        let descending =
            key == model.sort ? !model.descending : !(key == .rank || key == .miles || key == .hours)
        let items = model.query.items + [("sort", key.rawValue), ("dir", descending ? "desc" : "asc")]
        return TripsPageURL.options.path(query: RoutePath.query(items)) + "#compare-form"
    }

    /// Team-first windows on one line of time (SVG bars, with the same list as text).
    static func timeline(_ model: OptionsModel) -> Node<HTML.BodyContext> {
        let rowHeight = 22.0
        let height = rowHeight * Double(model.windows.count) + 8
        var svg =
            "<svg class=\"timeline\" viewBox=\"0 0 600 \(OptionsModel.number(height))\" role=\"img\" "
            + "aria-labelledby=\"timeline-title\" preserveAspectRatio=\"none\">"
            + "<title id=\"timeline-title\">Windows from \(HTMLEscape.text(model.timelineStart)) to "
            + "\(HTMLEscape.text(model.timelineEnd))</title>"
        for (index, window) in model.windows.enumerated() {
            let x = 4 + window.offset * 592
            let width = max(6, window.width * 592)
            let y = 4 + Double(index) * rowHeight
            svg +=
                "<a href=\"#option-\(window.rank)\"><rect x=\"\(OptionsModel.number(x))\" y=\"\(OptionsModel.number(y))\" "
                + "width=\"\(OptionsModel.number(width))\" height=\"16\" rx=\"4\" class=\"timeline-bar\">"
                + "<title>\(HTMLEscape.text(window.label))</title></rect></a>"
        }
        svg += "</svg>"
        return .section(
            .class("card timeline-card"), .attr("aria-labelledby", "timeline-heading"),
            .h2(.id("timeline-heading"), .text("When each window falls")),
            .div(
                .class("timeline-axis"), .span(.safeText(model.timelineStart)), .span(.safeText(model.timelineEnd))),
            .raw(svg),
            .ol(
                .class("timeline-list"),
                .forEach(model.windows) { window in
                    .li(.a(.link("#option-\(window.rank)"), .safeText(window.label)))
                }))
    }

    static func card(_ card: OptionsModel.Card) -> Node<HTML.BodyContext> {
        .article(
            .class("card option-card"), .id("option-\(card.rank)"), .attr("data-rank", String(card.rank)),
            .attr("aria-labelledby", "option-\(card.rank)-title"),
            .header(
                .class("option-head"),
                .h2(.id("option-\(card.rank)-title"), .safeText("Option \(card.rank): \(card.route)")),
                .p(.class("option-dates"), .safeText(card.dates)),
                .div(.class("badges"), .forEach(card.leagues) { TripsComponents.league($0) })),
            .div(
                .class("option-body"),
                OptionsView.mapFigure(
                    TripMap.svg(card.map, width: 480, height: 300, compact: true, id: "option-map-\(card.rank)")),
                .div(
                    totals(card),
                    .p(.class("option-ends"), .strong(.text("First stop: ")), .safeText(card.firstStop)),
                    .p(.class("option-ends"), .strong(.text("Last stop: ")), .safeText(card.lastStop)))),
            .details(
                .summary(.safeText("\(card.games) game\(card.games == 1 ? "" : "s")")),
                .ol(
                    .class("option-games"),
                    .forEach(card.gameLines) {
                        .li(.attr("data-home", $0.home), .attr("data-away", $0.away), .safeText($0.text))
                    })),
            .details(
                .summary(.safeText("Why this rank (score \(card.score))")),
                .ul(
                    .class("score-breakdown"),
                    .forEach(card.breakdown) { pair in
                        .li(.span(.class("total-label"), .safeText(pair.name)), .strong(.safeText(pair.value)))
                    })),
            .div(
                .class("option-actions"),
                .a(.class("button"), .link(card.openURL), .safeText("Open option \(card.rank)")),
                .a(
                    .class("button secondary"), .link(card.calendarURL),
                    .safeText("Calendar (.ics)"), .attr("aria-label", "Calendar file of option \(card.rank)")),
                .element(
                    named: "form",
                    nodes: [
                        .class("save-form"), .attr("method", "post"), .attr("action", TripsPageURL.saved.path()),
                        .forEach(card.saveFields) {
                            .input(.type(.hidden), .name($0.name), .attr("value", $0.value))
                        },
                        .label(.for("save-name-\(card.rank)"), .text("Trip name")),
                        .input(
                            .type(.text), .id("save-name-\(card.rank)"), .name("name"), .attr("value", card.name),
                            .attr("maxlength", "120")),
                        .button(
                            .type(.submit), .class("button"), .safeText("Save option \(card.rank)")),
                    ])))
    }

    static func totals(_ card: OptionsModel.Card) -> Node<HTML.BodyContext> {
        let pairs: [(String, String)] = [
            ("Games", String(card.games)), ("Venues", String(card.venues)), ("Days", String(card.days)),
            ("Distance", card.distance), ("Driving", card.driving), ("Rest days", String(card.restDays)),
        ]
        return .ul(
            .class("option-totals"),
            .forEach(pairs) { pair in
                .li(.span(.class("total-label"), .safeText(pair.0)), .strong(.safeText(pair.1)))
            })
    }

    /// A map in its frame (`<figure>`).
    static func mapFigure(_ map: Node<HTML.BodyContext>) -> Node<HTML.BodyContext> {
        .element(named: "figure", nodes: [.class("map-figure"), map])
    }

    // MARK: - Failures

    /// The failure box above the prefilled wizard: code, message and fixes.
    static func failure(
        code: String, title: String, message: String, fixes: [Fix], detail: [String] = []
    ) -> Node<HTML.BodyContext> {
        .section(
            .class("card failure"), .attr("data-failure", code), .attr("role", "alert"),
            .attr("aria-labelledby", "failure-title"),
            .h2(.id("failure-title"), .safeText(title)),
            .p(.class("failure-message"), .safeText(message)),
            .if(!detail.isEmpty, .ul(.class("failure-detail"), .forEach(detail) { .li(.safeText($0)) })),
            .if(
                !fixes.isEmpty,
                .group(
                    .h3(.text("Try this")),
                    .ul(
                        .class("fixes"),
                        .forEach(fixes) { fix in
                            .li(.a(.link(fix.url), .attr("data-fix", fix.key), .safeText(fix.label)))
                        }))))
    }

    /// The planner was busy: reload once by itself, then offer a button.
    static func busy(retryURL: String, willRetry: Bool, prefs: TripsPrefs) -> String {
        TripsLayout.page(
            title: "The planner is busy", section: .plan, prefs: prefs, stylesheets: ["sportstime-plan.css"],
            main: .group(
                .h1(.text("The planner is busy")),
                .p(
                    .safeText(
                        willRetry
                            ? "Many trips are being planned right now. This page tries again in 2 seconds."
                            : "Still busy. Try again in a few seconds.")),
                .a(.class("button"), .link(retryURL), .text("Try again"))))
    }
}
