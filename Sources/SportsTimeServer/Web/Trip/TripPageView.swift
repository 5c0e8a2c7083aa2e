import Foundation
import Plot
import ServerKit
import SportsTime
import WebUI

/// The trip page's HTML: totals, route map and one card per day; the actions of its mode. The edit page and the
/// printable page reuse its parts.
enum TripPageView {
    /// The trip page of `model`.
    static func render(
        _ model: TripPageModel, prefs: TripsPrefs, notice: String? = nil, renderedAt: String? = nil
    )
        -> String
    {
        TripsLayout.page(
            title: model.name, section: section(model), prefs: prefs,
            stylesheets: ["sportstime-trip.css"], scripts: ["sportstime-trip.js"], bodyClass: "trip-page",
            renderedAt: renderedAt, main: main(model, prefs: prefs, notice: notice))
    }

    /// The nav entry a trip page sits under: the owner's trips, the planner for options, none for shared trips.
    static func section(_ model: TripPageModel) -> TripsSection? {
        switch model.mode {
        case .owner: .home
        case .option: .plan
        case .shared: nil
        }
    }

    static func main(_ model: TripPageModel, prefs: TripsPrefs, notice: String?) -> Node<HTML.BodyContext> {
        .group(
            header(model),
            .unwrap(notice) { Components.notice($0, kind: "success") },
            quickActions(model),
            modeBar(model),
            changedGames(model),
            totals(model),
            .div(
                .class("trip-layout"),
                mapFigure(model),
                .section(
                    .class("trip-days"), .ariaLabel("Day by day"),
                    .forEach(model.days) { day(day: $0, editing: nil) })),
            .if(model.isOwner, ownerActions(model)))
    }

    static func mapFigure(_ model: TripPageModel) -> Node<HTML.BodyContext> {
        .element(
            named: "figure",
            nodes: [
                .class("map-figure trip-map-figure"),
                TripMap.svg(model.map, id: "trip-map"),
                .element(
                    named: "figcaption",
                    nodes: [.class("map-caption"), .text("Straight lines between stops, not roads.")]),
            ])
    }

    static func header(_ model: TripPageModel) -> Node<HTML.BodyContext> {
        .header(
            .class("trip-head"),
            .h1(.id("trip-name"), .safeText(model.name)),
            .p(.class("trip-subtitle"), .safeText(model.subtitle)),
            .if(
                !model.flags.isEmpty,
                .p(
                    .class("trip-flag-summary"),
                    .span(.attribute(named: "aria-hidden", value: "true"), .text("⚠️ ")),
                    .safeText(
                        "\(model.flags.count) thing\(model.flags.count == 1 ? "" : "s") to check: see the days marked ⚠️."
                    ))))
    }

    /// What the visitor can do here: save an option, or read that a shared trip is read-only.
    static func modeBar(_ model: TripPageModel) -> Node<HTML.BodyContext> {
        switch model.mode {
        case .option(let rank, let query, let signature):
            let pairs = query.map { ($0.key, $0.value) }
            return .section(
                .class("card trip-save no-print"), .ariaLabel("Save this trip"),
                .p(
                    .safeText("Option \(rank) of your search, not saved yet. "),
                    .a(.link(TripsPageURL.options.path() + RoutePath.query(pairs)), .text("Back to all options"))),
                .form(
                    .class("save-form"), .method(.post), .action(TripsPageURL.saved.path()),
                    .forEach(query) { hidden($0.key, $0.value) },
                    hidden("rank", String(rank)), hidden("sig", signature),
                    .div(
                        .class("field"),
                        .label(.for("save-name"), .text("Trip name")),
                        .input(
                            .type(.text), .id("save-name"), .name("name"), .attr("value", model.name),
                            .attribute(named: "maxlength", value: "120"), .required(true))),
                    .button(.type(.submit), .class("button primary"), .text("Save trip"))),
                .p(
                    .class("muted"),
                    .a(
                        .link(TripsPageURL.optionCalendar.path(["rank": String(rank)]) + RoutePath.query(pairs)),
                        .text("Add to calendar (.ics)")),
                    .text(
                        " · Saving needs no account: this browser keeps your trips, and Settings gives you a link to open them elsewhere."
                    )))
        case .shared:
            return .section(
                .class("card trip-shared no-print"),
                .p(
                    .text("A trip shared with you, read-only. "),
                    .a(.link(TripsSection.plan.url), .text("Plan your own"))),
                .p(
                    .a(.link(sharedLink(model, .sharedCalendar)), .text("Calendar (.ics)")), .text(" · "),
                    .a(.link(sharedLink(model, .sharedPrint)), .text("Printable page")), .text(" · "),
                    .a(.link(sharedLink(model, .sharedPDF)), .text("PDF"))))
        case .owner:
            return .empty
        }
    }

    static func sharedLink(_ model: TripPageModel, _ route: TripsPageURL) -> String {
        guard case .shared(let token) = model.mode else { return "" }
        return route.path(["token": token])
    }

    static func changedGames(_ model: TripPageModel) -> Node<HTML.BodyContext> {
        guard !model.changedGames.isEmpty else { return .empty }
        return .section(
            .class("notice notice-error changed-games"), .attribute(named: "role", value: "alert"),
            .h2(.text("The schedule changed since you saved this trip")),
            .ul(
                .forEach(model.changedGames) { game in
                    .li(.attr("data-game", game.gameID), .strong(.safeText(game.matchup)), .safeText(" " + game.text))
                }),
            .if(
                model.isOwner,
                .p(.text("Open Edit to remove these games, or plan again with the same dates."))))
    }

    static func totals(_ model: TripPageModel) -> Node<HTML.BodyContext> {
        .section(
            .class("stat-grid trip-totals"), .ariaLabel("Totals"),
            .forEach(model.totals) { Components.statCard(label: $0.label, value: $0.value) })
    }

    /// The controls of the edit page around a day's entries.
    struct EditContext: Sendable {
        var tripID: String
        var days: [TripPageModel.Day]
    }

    static func day(day: TripPageModel.Day, editing: EditContext?) -> Node<HTML.BodyContext> {
        .article(
            .class("card trip-day day-\(day.kind.rawValue)"), .id(day.anchor), .attr("data-day", day.date.description),
            .attribute(named: "tabindex", value: "-1"),
            .header(
                .class("day-head"),
                .h2(.safeText("Day \(day.number) · \(day.label)")),
                .span(
                    .class("badge day-kind"),
                    .span(.attribute(named: "aria-hidden", value: "true"), .text(day.kind.icon)),
                    .safeText(day.kind.title))),
            .forEach(day.flags) { flag in
                .p(
                    .class("day-flag flag-\(flag.kind.rawValue)"), .attr("data-flag", flag.kind.rawValue),
                    .span(.attribute(named: "aria-hidden", value: "true"), .text("⚠️ ")),
                    .safeText(flag.text))
            },
            .if(
                day.entries.isEmpty,
                .p(.class("muted day-empty"), .text("Nothing planned: a day to rest or explore."))),
            .ol(
                .class("day-items"),
                .forEach(day.entries.indices) { index in
                    entry(day.entries[index], day: day, index: index, editing: editing)
                }),
            .p(
                .class("day-overnight"),
                .span(.attribute(named: "aria-hidden", value: "true"), .text("🌙 ")),
                .safeText("Night: \(day.overnight.isEmpty ? "—" : day.overnight)"),
                .if(
                    day.drivingHours > 0,
                    .span(.class("muted"), .safeText(" · \(TripsComponents.hours(day.drivingHours)) driving")))),
            .unwrap(editing) { addItemForm($0, day: day) })
    }

    static func entry(
        _ entry: TripPageModel.Entry, day: TripPageModel.Day, index: Int, editing: EditContext?
    ) -> Node<HTML.ListContext> {
        let icon: String =
            switch entry.kind {
            case .game: "🏟️"
            case .drive: "🚗"
            case .custom: entry.customKind?.icon ?? "📝"
            }
        let itemID: String? =
            switch entry.kind {
            case .custom: entry.id.map { "item-\($0)" }
            case .game: entry.id.map { "game-\($0)" }
            case .drive: nil
            }
        return .li(
            .class("entry entry-\(entry.kind.rawValue)"), .unwrap(itemID) { .id($0) },
            .unwrap(entry.id) { .attr("data-id", $0) },
            .if(editing != nil && entry.kind == .custom && entry.movable, .attr("data-movable", "true")),
            .span(.class("entry-icon"), .attribute(named: "aria-hidden", value: "true"), .text(icon)),
            .div(
                .class("entry-body"),
                .p(
                    .class("entry-title"),
                    .unwrap(entry.time) { .span(.class("entry-time"), .safeText($0 + " ")) },
                    .unwrap(entry.customKind) { .span(.class("visually-hidden"), .safeText($0.title + ": ")) },
                    .strong(.safeText(entry.title)),
                    .unwrap(entry.league) { .group(.text(" "), TripsComponents.league($0)) }),
                .unwrap(entry.detail) { .p(.class("entry-detail muted"), .safeText($0)) }),
            .unwrap(editing) { entryControls(entry, day: day, editing: $0) })
    }

    static func entryControls(
        _ entry: TripPageModel.Entry, day: TripPageModel.Day, editing: EditContext
    ) -> Node<HTML.BodyContext> {
        let action = TripsPageURL.savedItems.path(["id": editing.tripID])
        guard let id = entry.id else { return .empty }
        switch entry.kind {
        case .game:
            return .div(
                .class("entry-controls"),
                .form(
                    .method(.post), .action(action), hidden("op", "remove-game"), hidden("game", id),
                    .button(
                        .type(.submit), .class("button small danger"),
                        .attr("aria-label", "Remove game \(entry.title)"), .text("Remove game"))))
        case .custom:
            return .div(
                .class("entry-controls"),
                .if(
                    entry.movable,
                    .group(
                        moveButton(action, id: id, direction: "up", label: "Up", title: entry.title),
                        moveButton(action, id: id, direction: "down", label: "Down", title: entry.title))),
                .if(!entry.movable, .span(.class("muted small"), .text("Placed by its time"))),
                .form(
                    .class("move-day"), .method(.post), .action(action), hidden("op", "move-item"), hidden("item", id),
                    .label(.for("move-\(id)"), .class("visually-hidden"), .safeText("Move “\(entry.title)” to day")),
                    .select(
                        .id("move-\(id)"), .attr("name", "day"),
                        .forEach(editing.days) { other in
                            .choice(other.date.description, "Day \(other.number)", selected: other.date == day.date)
                        }),
                    .button(.type(.submit), .class("button small"), .text("Move"))),
                .form(
                    .method(.post), .action(action), hidden("op", "remove-item"), hidden("item", id),
                    .button(
                        .type(.submit), .class("button small danger"), .attr("aria-label", "Remove \(entry.title)"),
                        .text("Remove"))))
        case .drive:
            return .empty
        }
    }

    static func moveButton(
        _ action: String, id: String, direction: String, label: String, title: String
    )
        -> Node<HTML.BodyContext>
    {
        .form(
            .class("move-form"), .method(.post), .action(action), hidden("op", "move-item"), hidden("item", id),
            hidden("direction", direction),
            .button(
                .type(.submit), .class("button small"), .attr("data-move", direction),
                .attr("aria-label", "Move “\(title)” \(direction)"), .text(label)))
    }

    static func addItemForm(_ editing: EditContext, day: TripPageModel.Day) -> Node<HTML.BodyContext> {
        let prefix = "add-\(day.date)"
        return .element(
            named: "details",
            nodes: [
                .class("add-item"),
                .element(named: "summary", nodes: [.text("Add a stop to day \(day.number)")]),
                .form(
                    .method(.post), .action(TripsPageURL.savedItems.path(["id": editing.tripID])),
                    hidden("op", "add-item"), hidden("day", day.date.description),
                    .div(
                        .class("field-row"),
                        .div(
                            .class("field"),
                            .label(.for("\(prefix)-kind"), .text("Kind")),
                            .select(
                                .id("\(prefix)-kind"), .attr("name", "kind"),
                                .forEach(CustomItem.Kind.allCases) { .choice($0.rawValue, $0.title) })),
                        .div(
                            .class("field"),
                            .label(.for("\(prefix)-time"), .text("Time (optional)")),
                            .input(.type(.time), .id("\(prefix)-time"), .name("time")))),
                    .div(
                        .class("field"),
                        .label(.for("\(prefix)-title"), .text("Title")),
                        .input(
                            .type(.text), .id("\(prefix)-title"), .name("title"), .required(true),
                            .attribute(named: "maxlength", value: "\(CustomItem.titleLimit)"))),
                    .div(
                        .class("field"),
                        .label(.for("\(prefix)-place"), .text("Place (optional)")),
                        .input(
                            .type(.text), .id("\(prefix)-place"), .name("place"),
                            .attribute(named: "maxlength", value: "\(CustomItem.noteLimit)"))),
                    .div(
                        .class("field"),
                        .label(.for("\(prefix)-note"), .text("Note (optional)")),
                        .input(
                            .type(.text), .id("\(prefix)-note"), .name("note"),
                            .attribute(named: "maxlength", value: "\(CustomItem.noteLimit)"))),
                    .button(.type(.submit), .class("button primary small"), .text("Add stop"))),
            ])
    }

    /// The owner's most used actions as a row of links under the title (the forms are at the bottom).
    static func quickActions(_ model: TripPageModel) -> Node<HTML.BodyContext> {
        guard case .owner(let id, _) = model.mode else { return .empty }
        let p = ["id": id]
        let links: [(String, String)] = [
            ("✏️ Edit", TripsPageURL.savedEdit.path(p)), ("📅 Calendar", TripsPageURL.savedCalendar.path(p)),
            ("🖨️ Print", TripsPageURL.savedPrint.path(p)), ("📄 PDF", TripsPageURL.savedPDF.path(p)),
            ("🔗 Share", "#share"), ("⚙️ Rename or delete", "#manage"),
        ]
        return .nav(
            .class("trip-quick-actions no-print"), .ariaLabel("Trip actions"),
            .ul(.forEach(links) { link in .li(.a(.link(link.1), .safeText(link.0))) }))
    }

    static func ownerActions(_ model: TripPageModel) -> Node<HTML.BodyContext> {
        guard case .owner(let id, let token) = model.mode else { return .empty }
        let p = ["id": id]
        return .section(
            .class("card trip-actions no-print"), .id("manage"), .ariaLabel("Manage this trip"),
            .h2(.text("Manage this trip")),
            .ul(
                .class("action-links"),
                .li(.a(.class("button"), .link(TripsPageURL.savedEdit.path(p)), .text("✏️ Edit stops and games"))),
                .li(.a(.class("button"), .link(TripsPageURL.savedCalendar.path(p)), .text("📅 Calendar (.ics)"))),
                .li(.a(.class("button"), .link(TripsPageURL.savedPrint.path(p)), .text("🖨️ Printable page"))),
                .li(.a(.class("button"), .link(TripsPageURL.savedPDF.path(p)), .text("📄 PDF itinerary"))),
                .li(
                    .a(
                        .class("button"), .link(TripsPageURL.newPoll.path() + RoutePath.query([("trips", id)])),
                        .text("🗳️ Create a poll")))),
            .form(
                .class("rename-form"), .method(.post), .action(TripsPageURL.savedRename.path(p)),
                .div(
                    .class("field"),
                    .label(.for("rename-name"), .text("Trip name")),
                    .input(
                        .type(.text), .id("rename-name"), .name("name"), .attr("value", model.name), .required(true),
                        .attribute(named: "maxlength", value: "120"))),
                .button(.type(.submit), .class("button"), .text("Rename"))),
            .div(
                .class("share-box"), .id("share"),
                .h3(.text("Share")),
                .unwrap(token) { token in
                    .group(
                        .p(.text("Anyone with this link can read the trip (not edit it):")),
                        .p(
                            .input(
                                .type(.text), .id("share-link"),
                                .attr("value", TripsPageURL.shared.path(["token": token])),
                                .flag("readonly"), .attr("aria-label", "Share link"), .attr("data-absolute", "")),
                            .button(
                                .type(.button), .class("button small js-only"), .attr("data-copy", "share-link"),
                                .text("Copy"))),
                        .p(.a(.link(TripsPageURL.shared.path(["token": token])), .text("Open the shared page"))))
                },
                .form(
                    .method(.post), .action(TripsPageURL.savedShare.path(p)),
                    .if(token != nil, hidden("revoke", "1")),
                    .button(
                        .type(.submit), .class(token == nil ? "button" : "button danger"),
                        .text(token == nil ? "Create a share link" : "Revoke the share link")))),
            .p(
                .class("delete-row"),
                .a(.class("danger-link"), .link(TripsPageURL.savedDelete.path(p)), .text("Delete this trip…"))))
    }

    static func hidden(_ name: String, _ value: String) -> Node<HTML.FormContext> {
        .input(.type(.hidden), .name(name), .attr("value", value))
    }
}
