import Foundation
import Plot
import ServerKit
import SportsTime
import WebUI

/// Renders the progress, visits, new-visit and achievements pages.
enum ProgressView {
    /// The links between the progress pages (the current one left out).
    static func actions(current: TripsPageURL) -> Node<HTML.BodyContext> {
        let links: [(TripsPageURL, String)] = [
            (.progress, "Progress"), (.visits, "My visits"), (.achievements, "Achievements"),
        ]
        return .p(
            .class("form-actions"),
            .a(.class("button"), .href(TripsPageURL.newVisit.path()), .text("Log a visit")),
            .forEach(links.filter { $0.0 != current }) { link in
                .a(.class("button secondary"), .href(link.0.path()), .text(link.1))
            })
    }

    static func page(_ model: ProgressModel, prefs: TripsPrefs, origin: String, renderedAt: String? = nil) -> String {
        let progress = model.progress
        let name = model.league.displayName
        let main: Node<HTML.BodyContext> = .group(
            .h1("Progress"),
            .unwrap(model.unknownLeague) {
                Components.notice("No league '\($0)': showing \(name).", kind: "error")
            },
            .nav(
                .class("chips league-tabs"), .ariaLabel("Leagues"),
                .forEach(model.tabs) { tab in
                    .a(
                        .link(tab.url), .attr("data-league", tab.league.rawValue),
                        .if(tab.isCurrent, .attribute(named: "aria-current", value: "page")),
                        .safeText("\(tab.league.displayName) \(tab.visited)/\(tab.total)"))
                }),
            .if(
                model.visitCount == 0,
                Components.emptyState(
                    title: "No visits yet",
                    message: "Log a visit, or tick “I was there” on a past game in the schedule.",
                    action: ("Log a visit", TripsPageURL.newVisit.path()), icon: "🏟️"),
                else: actions(current: .progress)),
            .div(
                .class("progress-grid"),
                .section(
                    .class("card progress-summary"), .attr("aria-labelledby", "summary-title"),
                    .h2(
                        .id("summary-title"),
                        .safeText("\(name): \(progress.visitedCount) of \(progress.totalCount) venues")),
                    .raw(model.donut.html()),
                    .if(progress.isComplete, .p(.class("notice notice-success"), .text("✓ Every venue visited!")))),
                .element(
                    named: "figure",
                    nodes: [
                        .class("map-figure progress-map"),
                        TripMap.svg(model.map, width: 640, height: 400, compact: true, id: "progress-map"),
                        .element(
                            named: "figcaption",
                            nodes: [
                                .class("hint"),
                                .text("● ✓ visited · ○ not yet. Select a venue for its schedule."),
                            ]),
                    ])),
            .section(
                .class("card"), .attr("aria-labelledby", "divisions-title"),
                .h2(.id("divisions-title"), .text("Divisions")),
                .ul(
                    .class("division-list"),
                    .forEach(progress.divisions) { division in
                        .li(
                            .class(division.isComplete ? "is-complete" : ""),
                            .span(
                                .class("division-mark"), .attribute(named: "aria-hidden", value: "true"),
                                .text(division.isComplete ? "✓" : "○")),
                            .strong(.safeText(division.name)),
                            .safeText(
                                " \(division.visitedCount)/\(division.totalCount)"
                                    + (division.isComplete ? " · complete" : "")))
                    })),
            .section(
                .class("card"), .attr("aria-labelledby", "remaining-title"),
                .h2(.id("remaining-title"), .safeText("Still to visit (\(progress.remaining.count))")),
                .if(
                    progress.remaining.isEmpty, .p(.text("None: you have seen them all.")),
                    else: .ul(
                        .class("remaining-list"),
                        .forEach(progress.remaining) { venue in
                            .li(
                                .a(
                                    .link(TripsPageURL.schedule.path() + "?venue=\(venue.venue.rawValue)"),
                                    .safeText(venue.name)),
                                .span(.class("hint"), .safeText(" · \(venue.place)")))
                        }))),
            .p(
                .a(.href(model.cardURL), .text("Share card (image)"))))
        let title = "\(name) progress: \(progress.visitedCount)/\(progress.totalCount) venues"
        return TripsLayout.page(
            title: "Progress", section: .progress, prefs: prefs, stylesheets: ["sportstime-more.css"],
            renderedAt: renderedAt,
            head: .init(
                description: title,
                openGraph: [
                    ("og:title", title), ("og:type", "website"), ("og:image", origin + model.cardURL),
                    ("og:image:width", "1200"), ("og:image:height", "630"),
                ]), main: main)
    }

    static func visits(_ model: VisitsModel, prefs: TripsPrefs, renderedAt: String? = nil) -> String {
        let main: Node<HTML.BodyContext> = .group(
            .h1("My visits"),
            .unwrap(model.notice) { Components.notice($0, kind: "success") },
            actions(current: .visits),
            .if(
                model.rows.isEmpty,
                Components.emptyState(
                    title: "No visits yet", message: "Log a visit, or tick “I was there” on a past game.",
                    action: ("Log a visit", TripsPageURL.newVisit.path()), icon: "🏟️"),
                else: .ul(
                    .class("visit-list"),
                    .forEach(model.rows) { row in
                        .li(
                            .class("card visit-row"), .attr("data-visit", row.id),
                            .div(
                                .p(.strong(.safeText(row.venue)), .span(.class("hint"), .safeText(" · \(row.place)"))),
                                .p(
                                    .safeText(row.date),
                                    .unwrap(row.league) { .group(.text(" "), .span(.class("badge"), .safeText($0))) },
                                    .unwrap(row.game) { .safeText(" · \($0)") }),
                                .unwrap(row.note) { .p(.class("hint visit-note"), .safeText($0)) }),
                            MoreFields.postButton(
                                action: TripsPageURL.visits.path(), fields: [("delete", row.id)], label: "Delete",
                                className: "button secondary",
                                accessibleLabel: "Delete the visit to \(row.venue) on \(row.date)"))
                    })))
        return TripsLayout.page(
            title: "My visits", section: .progress, prefs: prefs, stylesheets: ["sportstime-more.css"],
            renderedAt: renderedAt, main: main)
    }

    static func newVisit(_ model: NewVisitModel, prefs: TripsPrefs) -> String {
        let input = model.input
        let main: Node<HTML.BodyContext> = .group(
            .h1("Log a visit"),
            .if(
                !model.errors.isEmpty,
                Components.notice("The visit was not saved: see the fields marked below.", kind: "error")),
            .form(
                .class("card visit-form"), .method(.post), .action(TripsPageURL.visits.path()),
                .div(
                    .class("field venue-filter js-only"),
                    .raw(
                        "<label for=\"visit-venue-filter\">Filter venues</label>"
                            + "<input type=\"search\" id=\"visit-venue-filter\" data-filter-select=\"visit-venue\""
                            + " autocomplete=\"off\" placeholder=\"Type a name or city\">")),
                MoreFields.select(
                    id: "visit-venue", name: "venue", label: "Venue", choices: model.venueChoices,
                    selected: input.venue, error: model.errors["venue"], extra: " required"),
                MoreFields.input(
                    id: "visit-date", name: "date", label: "Date", type: "date", value: input.date,
                    error: model.errors["date"], extra: " required"),
                MoreFields.select(
                    id: "visit-league", name: "league", label: "League (optional)", choices: model.leagueChoices,
                    selected: input.league.lowercased(), error: model.errors["league"],
                    hint: "Without a league, a visit counts for every league playing at the venue."),
                .if(
                    model.gameChoices.isEmpty,
                    .group(
                        .raw(MoreFields.hidden("game", input.game)),
                        .unwrap(model.errors["game"]) { .p(.class("field-error"), .safeText($0)) },
                        .p(
                            .class("hint"),
                            .text("Choose a venue and a date, then “Show that day’s games” to pick the game."))),
                    else: MoreFields.select(
                        id: "visit-game", name: "game", label: "Game (optional)", choices: model.gameChoices,
                        selected: input.game, error: model.errors["game"])),
                MoreFields.textarea(
                    id: "visit-note", name: "note",
                    label: "Note (optional, up to \(NewVisitModel.noteLimit) characters)",
                    value: input.note, error: model.errors["note"], maxLength: NewVisitModel.noteLimit),
                .p(
                    .class("form-actions"),
                    .button(.type(.submit), .class("button"), .text("Save the visit")),
                    .button(
                        .type(.submit), .class("button secondary"), .attr("formmethod", "get"),
                        .attr("formaction", TripsPageURL.newVisit.path()), .attr("formnovalidate", "formnovalidate"),
                        .text("Show that day’s games")))))
        return TripsLayout.page(
            title: "Log a visit", section: .progress, prefs: prefs, stylesheets: ["sportstime-more.css"],
            scripts: ["sportstime-more.js"], main: main)
    }

    static func achievements(_ model: AchievementsModel, prefs: TripsPrefs, renderedAt: String? = nil) -> String {
        let main: Node<HTML.BodyContext> = .group(
            .h1("Achievements"),
            .if(
                !model.justEarned.isEmpty,
                .div(
                    .class("notice notice-success just-earned"), .attribute(named: "role", value: "status"),
                    .safeText("🎉 Just earned: " + model.justEarned.joined(separator: ", ") + "."))),
            .if(
                !model.hasVisits,
                Components.emptyState(
                    title: "Every badge is still locked",
                    message: "Log your first visit to earn “First visit”.",
                    action: ("Log a visit", TripsPageURL.newVisit.path()), icon: "🏅"),
                else: actions(current: .achievements)),
            .section(
                .attr("aria-labelledby", "earned-title"),
                .h2(.id("earned-title"), .safeText("Earned (\(model.earned.count))")),
                .if(
                    model.earned.isEmpty, .p(.class("hint"), .text("None yet.")),
                    else: .ul(
                        .class("badge-grid"),
                        .forEach(model.earned) { badge in
                            .li(
                                .class("card badge-card is-earned"), .attr("data-badge", badge.id),
                                .p(
                                    .class("badge-title"),
                                    .span(.attribute(named: "aria-hidden", value: "true"), .text("🏅 ")),
                                    .strong(.safeText(badge.title))),
                                .p(.class("hint"), .safeText(badge.description)),
                                .p(.safeText("Earned \(badge.earnedOn ?? "")")))
                        }))),
            .section(
                .attr("aria-labelledby", "locked-title"),
                .h2(.id("locked-title"), .safeText("Locked (\(model.locked.count))")),
                .ul(
                    .class("badge-grid"),
                    .forEach(model.locked) { badge in
                        .li(
                            .class("card badge-card is-locked"), .attr("data-badge", badge.id),
                            .p(
                                .class("badge-title"),
                                .span(.attribute(named: "aria-hidden", value: "true"), .text("🔒 ")),
                                .strong(.safeText(badge.title))),
                            .p(.class("hint"), .safeText(badge.description)),
                            .raw(
                                "<progress id=\"badge-\(HTMLEscape.attribute(badge.id))\" max=\"\(badge.target)\" value=\"\(badge.current)\""
                                    + " aria-label=\"\(HTMLEscape.attribute(badge.title)) progress\"></progress>"),
                            .p(.class("badge-count"), .safeText("\(badge.current) of \(badge.target)")))
                    })))
        return TripsLayout.page(
            title: "Achievements", section: .progress, prefs: prefs, stylesheets: ["sportstime-more.css"],
            renderedAt: renderedAt, main: main)
    }
}
