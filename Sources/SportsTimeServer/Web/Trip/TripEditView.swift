import Foundation
import Plot
import ServerKit
import SportsTime
import WebUI

/// The edit page: each day with Up/Down/Move/Remove forms on the traveller's stops, Remove on games, an add-stop
/// form per day and an add-a-game form; a refused edit is explained at the top (`data-failure`).
enum TripEditView {
    /// A game that can be added, with its label.
    struct Candidate: Sendable, Equatable {
        var id: String
        var label: String
        /// Miles from the nearest venue of the trip.
        var miles: Int
    }

    static func render(
        _ model: TripPageModel, tripID: String, candidates: [Candidate], refusal: TripEditor.Refusal?,
        notice: String?, prefs: TripsPrefs
    ) -> String {
        let editing = TripPageView.EditContext(tripID: tripID, days: model.days)
        let back = TripsPageURL.savedTrip.path(["id": tripID])
        return TripsLayout.page(
            title: "Edit \(model.name)", section: .home, prefs: prefs, stylesheets: ["sportstime-trip.css"],
            scripts: ["sportstime-trip.js"], bodyClass: "trip-edit",
            main: .group(
                .header(
                    .class("trip-head"),
                    .p(.a(.link(back), .text("← Back to the trip"))),
                    .h1(.safeText("Edit “\(model.name)”")),
                    .p(
                        .class("muted"),
                        .text(
                            "Remove games or add one: the route is checked again under your driving limit, and an "
                                + "impossible change is explained and not saved. Your own stops (meals, hotels, sights, "
                                + "notes) never change the drives."))),
                .div(
                    .id("edit-status"), .attribute(named: "aria-live", value: "polite"),
                    .unwrap(refusal) { refusal in
                        .div(
                            .class("notice notice-error edit-refusal"), .attribute(named: "role", value: "alert"),
                            .attr("data-failure", refusal.code), .safeText(refusal.message))
                    },
                    .unwrap(notice) { Components.notice($0, kind: "success") }),
                TripPageView.totals(model),
                .div(
                    .class("trip-layout"),
                    TripPageView.mapFigure(model),
                    .section(
                        .class("trip-days"), .ariaLabel("Day by day"), .attr("data-edit-trip", tripID),
                        .forEach(model.days) { TripPageView.day(day: $0, editing: editing) })),
                addGame(tripID: tripID, candidates: candidates)))
    }

    static func addGame(tripID: String, candidates: [Candidate]) -> Node<HTML.BodyContext> {
        .section(
            .class("card add-game"), .ariaLabel("Add a game"),
            .h2(.text("Add a game")),
            .if(
                candidates.isEmpty,
                .p(.class("muted"), .text("No other games of your leagues fall within the trip's dates."))),
            .if(
                !candidates.isEmpty,
                .form(
                    .method(.post), .action(TripsPageURL.savedItems.path(["id": tripID])),
                    TripPageView.hidden("op", "add-game"),
                    .div(
                        .class("field"),
                        .label(.for("add-game"), .text("Game (nearest first)")),
                        .select(
                            .id("add-game"), .attr("name", "game"),
                            .forEach(candidates) { candidate in
                                .raw(
                                    "<option value=\"\(HTMLEscape.attribute(candidate.id))\" data-miles=\"\(candidate.miles)\">"
                                        + "\(HTMLEscape.text(candidate.label))</option>")
                            })),
                    .button(.type(.submit), .class("button primary"), .text("Add the game")))))
    }
}
