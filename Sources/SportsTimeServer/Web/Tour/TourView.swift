import Foundation
import Plot
import ServerKit
import SportsTime
import WebUI

/// Renders ``TourModel``.
enum TourView {
    static func page(_ model: TourModel, prefs: TripsPrefs) -> String {
        var computing = false
        if case .computing = model.status { computing = true }
        let main: Node<HTML.BodyContext> = .group(
            .h1("Every park in one trip"),
            .p(
                .class("hint"),
                .text(
                    "The shortest road trip we can find that sees one game at every venue of a league, under your "
                        + "travel rules. Each result states its rules and a proven lower bound, so you see how far "
                        + "from the best possible it can at most be.")),
            status(model),
            form(model))
        return TripsLayout.page(
            title: "Every park", section: .tour, prefs: prefs, stylesheets: ["sportstime-more.css"],
            scripts: ["sportstime-more.js"], head: .init(noscriptRefreshSeconds: computing ? 5 : nil), main: main)
    }

    static func status(_ model: TourModel) -> Node<HTML.BodyContext> {
        switch model.status {
        case .form: return .empty
        case .notStarted:
            return Components.notice("This tour has not been computed yet: start the search below.", kind: "info")
        case .computing(let state, let message, let elapsed):
            let phase = state == "queued" ? "Queued" : "Searching"
            return .section(
                .class("card tour-progress"), .attr("data-tour-status", model.statusURL ?? ""),
                .attr("aria-labelledby", "tour-state"),
                .h2(.id("tour-state"), .text("Computing…")),
                .raw(
                    "<progress id=\"tour-bar\" aria-label=\"Search progress\""
                        + (state == "queued" ? " max=\"1\" value=\"0\"" : "") + "></progress>"),
                .p(
                    .flag("data-tour-message"), .attribute(named: "role", value: "status"),
                    .safeText("\(phase). \(message)" + (elapsed.map { " (\($0) s so far)" } ?? ""))),
                .p(
                    .class("hint"),
                    .text("The search runs on the server: you can leave this page and come back. "),
                    .a(.link(TripsPageURL.tour.path() + model.requestQuery), .text("Refresh"))))
        case .noTour(let message):
            return Components.notice(message, kind: "error")
        case .done(let result):
            return .section(
                .class("tour-result"), .attr("aria-labelledby", "tour-result-title"),
                .h2(.id("tour-result-title"), .safeText("\(result.venues) venues in \(result.days) days")),
                .p(.class("badge"), .safeText(result.gap ?? "Best found, not proven shortest")),
                .div(
                    .class("stat-row"),
                    Components.statCard(label: "Days", value: String(result.days)),
                    .if(
                        result.duration != nil,
                        Components.statCard(label: "First pitch to last out", value: result.duration ?? "")),
                    .if(result.bound != nil, Components.statCard(label: "Lower bound", value: result.bound ?? "")),
                    Components.statCard(label: "Distance", value: result.distance),
                    Components.statCard(label: "Driving", value: result.driving),
                    Components.statCard(label: "Venues", value: String(result.venues))),
                .p(.safeText(result.span)),
                details(result),
                map(result),
                saveForm(model, result),
                .h2(.text("Day by day")),
                .ul(
                    .class("tour-days"),
                    .forEach(result.itinerary) { day in
                        .li(
                            .class("tour-day"), .id(day.id),
                            .h3(.safeText(day.title)),
                            .forEach(day.lines) { .p(.safeText($0)) },
                            .if(!day.overnight.isEmpty, .p(.class("hint"), .safeText("Night: \(day.overnight)"))))
                    }))
        }
    }

    /// The rules, road times and bound of a result.
    static func details(_ result: TourModel.Result) -> Node<HTML.BodyContext> {
        .dl(
            .class("tour-facts"),
            .dt(.text("Rules")), .dd(.safeText(result.rules)),
            .if(result.roads != nil, .group(.dt(.text("Road times")), .dd(.safeText(result.roads ?? "")))),
            .if(
                result.boundMethod != nil,
                .group(.dt(.text("Lower bound")), .dd(.safeText("\(result.bound ?? ""): \(result.boundMethod ?? "")"))))
        )
    }

    /// "Save to my trips" for tours with an itinerary (both rules: a continuous tour is saved with its drives running
    /// straight through).
    static func saveForm(_ model: TourModel, _ result: TourModel.Result) -> Node<HTML.BodyContext> {
        guard result.map != nil else { return .empty }
        return .form(
            .method(.post), .action(TripsPageURL.tour.path() + model.requestQuery),
            .raw(MoreFields.hidden("save", "1")),
            .button(.type(.submit), .class("button"), .text("Save to my trips")))
    }

    static func map(_ result: TourModel.Result) -> Node<HTML.BodyContext> {
        guard let map = result.map else { return .empty }
        return .element(
            named: "figure",
            nodes: [
                .class("map-figure"),
                TripMap.svg(map, width: 640, height: 400, id: "tour-map"),
                .element(
                    named: "figcaption",
                    nodes: [.class("hint"), .text("Straight lines between stops, not roads.")]),
            ])
    }

    static func form(_ model: TourModel) -> Node<HTML.BodyContext> {
        let input = model.input
        return .form(
            .class("card tour-form"), .method(.post), .action(TripsPageURL.tour.path()),
            .h2(.text("Search")),
            .if(
                !model.errors.isEmpty,
                .raw(
                    Components.notice("Some settings need a fix: see the fields marked below.", kind: "error").render())
            ),
            .div(
                .class("filter-grid"),
                MoreFields.select(
                    id: "tour-league", name: "league", label: "League", choices: model.leagueChoices,
                    selected: input.league.lowercased(), error: model.errors["league"]),
                MoreFields.input(
                    id: "tour-season", name: "season", label: "Season (year it starts)", type: "number",
                    value: input.season, error: model.errors["season"], extra: " min=\"1900\" max=\"2100\""),
                MoreFields.select(
                    id: "tour-rules", name: "rules", label: "Travel rules", choices: TourModel.rulesChoices,
                    selected: input.rules, error: model.errors["rules"]),
                MoreFields.input(
                    id: "tour-drivers", name: "drivers", label: "Drivers", type: "number", value: input.drivers,
                    error: model.errors["drivers"], extra: " min=\"1\" max=\"3\""),
                MoreFields.input(
                    id: "tour-hours", name: "hours", label: "Hours per driver a day", type: "number",
                    value: input.hours, error: model.errors["hours"], extra: " min=\"2\" max=\"12\" step=\"0.5\""),
                MoreFields.input(
                    id: "tour-start", name: "start", label: "Start and end city (optional)", value: input.start,
                    error: model.errors["start"]),
                MoreFields.input(
                    id: "tour-game", name: "game", label: "Game length, hours (optional)", type: "number",
                    value: input.game, error: model.errors["game"],
                    extra: " min=\"1\" max=\"6\" step=\"0.25\" placeholder=\"3\""),
                MoreFields.input(
                    id: "tour-buffer", name: "buffer", label: "Buffer before a game, hours (optional)",
                    type: "number", value: input.buffer, error: model.errors["buffer"],
                    extra:
                        " min=\"0\" max=\"12\" step=\"0.25\" placeholder=\"0 or 1\" title=\"Default: 0 continuous, 1 daily\""
                )),
            .details(
                .class("tour-window"), .if(!input.from.isEmpty || !input.to.isEmpty, .flag("open")),
                .summary(.text("First day window (optional, faster)")),
                .div(
                    .class("filter-grid"),
                    MoreFields.input(
                        id: "tour-from", name: "from", label: "Earliest first day", type: "date", value: input.from,
                        error: model.errors["from"]),
                    MoreFields.input(
                        id: "tour-to", name: "to", label: "Latest first day", type: "date", value: input.to,
                        error: model.errors["to"]))),
            .p(
                .class("form-actions"),
                .button(.type(.submit), .class("button"), .text("Find the tour"))))
    }
}
