import Foundation
import Plot
import ServerKit
import SportsTime
import WebUI

/// Renders ``ScheduleModel``.
enum ScheduleView {
    static func page(_ model: ScheduleModel, prefs: TripsPrefs) -> String {
        let main: Node<HTML.BodyContext> = .group(
            .h1(.text(model.venue.map { "Schedule: \($0.name)" } ?? "Schedule")),
            filters(model),
            .unwrap(model.venue) { venueCard($0) },
            .if(
                !model.demoLeagues.isEmpty,
                .div(
                    .class("notice notice-info demo-banner"), .attribute(named: "role", value: "note"),
                    .safeText(
                        "Demo schedule: "
                            + model.demoLeagues.map(\.displayName).joined(separator: ", ")
                            + " games are generated for planning practice, not the real season. "
                            + "Import the real schedule to plan real trips."))),
            .unwrap(model.mustSeePlanURL) { url in
                .p(
                    .class("must-see-bar"),
                    .safeText(
                        "\(model.filters.games.count) must-see game\(model.filters.games.count == 1 ? "" : "s") picked. "
                    ),
                    .a(.class("button"), .link(url), .text("Plan around them")))
            },
            .if(model.problems.isEmpty, results(model)))
        return TripsLayout.page(
            title: model.venue.map { "Schedule: \($0.name)" } ?? "Schedule", section: .schedule, prefs: prefs,
            stylesheets: ["sportstime-more.css"], main: main)
    }

    static func filters(_ model: ScheduleModel) -> Node<HTML.BodyContext> {
        .form(
            .class("card filters schedule-filters"), .method(.get), .action(TripsPageURL.schedule.path()),
            .attr("aria-label", "Filter the schedule"),
            .if(
                !model.problems.isEmpty,
                .div(
                    .class("notice notice-error"), .attribute(named: "role", value: "alert"),
                    .text("Some filters need a fix: see the fields marked below."))),
            .div(
                .class("filter-grid"),
                MoreFields.select(
                    id: "schedule-league", name: "league", label: "League", choices: model.leagueChoices,
                    selected: model.filters.league.lowercased(), error: model.problem("league")),
                MoreFields.select(
                    id: "schedule-team", name: "team", label: "Team", choices: model.teamChoices,
                    selected: model.filters.team.lowercased(), error: model.problem("team")),
                MoreFields.select(
                    id: "schedule-venue", name: "venue", label: "Venue", choices: model.venueChoices,
                    selected: model.filters.venue, error: model.problem("venue")),
                MoreFields.input(
                    id: "schedule-from", name: "from", label: "From", type: "date", value: model.filters.from,
                    error: model.problem("from")),
                MoreFields.input(
                    id: "schedule-to", name: "to", label: "To", type: "date", value: model.filters.to,
                    error: model.problem("to"))),
            .raw(
                model.filters.games.isEmpty
                    ? "" : MoreFields.hidden("games", model.filters.games.joined(separator: ","))),
            .p(
                .class("form-actions"),
                .button(.type(.submit), .class("button"), .text("Show games")),
                .a(.class("button secondary"), .href(TripsPageURL.schedule.path()), .text("Reset"))))
    }

    static func venueCard(_ venue: ScheduleModel.VenueCard) -> Node<HTML.BodyContext> {
        .section(
            .class("card venue-card"), .attr("aria-labelledby", "venue-title"),
            .h2(.id("venue-title"), .safeText(venue.name)),
            .p(.class("hint"), .safeText("\(venue.place) · times in \(venue.timeZone)")),
            .element(
                named: "dl",
                nodes: [
                    .unwrap(venue.capacity) { capacity in
                        .group(.element(named: "dt", text: "Capacity"), .element(named: "dd", text: capacity))
                    },
                    .element(named: "dt", text: "Home of"),
                    .element(
                        named: "dd", text: venue.teams.isEmpty ? "No home team" : venue.teams.joined(separator: ", ")),
                    .element(named: "dt", text: "Former names"),
                    .element(
                        named: "dd",
                        text: venue.formerNames.isEmpty ? "None on record" : venue.formerNames.joined(separator: "; ")),
                ]),
            .p(.a(.href(TripsPageURL.newVisit.path() + "?venue=\(venue.id)"), .text("Log a visit here"))))
    }

    static func results(_ model: ScheduleModel) -> Node<HTML.BodyContext> {
        guard model.matching > 0 else {
            return Components.emptyState(
                title: "No games: widen the dates.",
                message: "Nothing matches these filters between \(model.filters.from) and \(model.filters.to).",
                icon: "📅")
        }
        let first = model.offset + 1
        let last = model.offset + model.rowCount
        return .section(
            .class("schedule-results"), .attr("aria-labelledby", "results-title"),
            .h2(
                .id("results-title"), .class("results-count"),
                .safeText(
                    model.matching > model.rowCount
                        ? "Games \(first)–\(last) of \(model.matching)"
                        : "\(model.matching) game\(model.matching == 1 ? "" : "s")")),
            .forEach(model.days) { day in
                .section(
                    .class("schedule-day"), .id("day-\(day.date)"),
                    .h3(.safeText(day.title)),
                    .ul(
                        .class("game-list"),
                        .forEach(day.rows) { row in gameRow(row) }))
            },
            .nav(
                .class("pager"), .ariaLabel("Pages"),
                .unwrap(model.firstURL) { .a(.class("button secondary"), .link($0), .text("← First page")) },
                .unwrap(model.nextURL) { .a(.class("button"), .link($0), .attr("rel", "next"), .text("Next page →")) }))
    }

    static func gameRow(_ row: ScheduleModel.Row) -> Node<HTML.ListContext> {
        .li(
            .class("game-row\(row.status != nil ? " is-off" : "")"), .attr("data-game", row.id),
            .div(
                .class("game-main"),
                .p(
                    .class("game-time"), .safeText(row.time)),
                .p(
                    .class("game-matchup"), TripsComponents.league(row.league), .text(" "),
                    .strong(.safeText(row.matchup)),
                    .unwrap(row.status) { status in
                        .group(
                            .text(" "),
                            .span(.class("badge status-\(status.rawValue)"), .safeText(status.rawValue.capitalized)))
                    }),
                .p(
                    .class("game-venue hint"),
                    .a(
                        .link(TripsPageURL.schedule.path() + "?venue=\(row.venueID)"), .safeText(row.venue)),
                    .safeText(" · \(row.city)"))),
            .div(
                .class("game-actions"),
                .if(
                    row.status == nil,
                    .group(
                        .a(
                            .class("button secondary"), .link(row.planURL),
                            .text("Plan around this game")),
                        .if(
                            row.isPicked,
                            .span(.class("badge picked"), .text("✓ Must-see")),
                            else: .a(
                                .class("button secondary"), .link(row.mustSeeURL),
                                .text("Add to must-see"))))),
                .if(
                    row.isPast,
                    MoreFields.postButton(
                        action: TripsPageURL.visits.path(),
                        fields: [
                            ("venue", row.venueID), ("date", row.date.description), ("league", row.league.rawValue),
                            ("game", row.id),
                        ], label: "I was there"))))
    }
}
