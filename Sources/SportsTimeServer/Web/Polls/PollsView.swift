import Foundation
import Plot
import ServerKit
import SportsTime
import WebUI

/// Renders the poll list, the new-poll form and a poll.
enum PollsView {
    static func list(_ model: PollListModel, prefs: TripsPrefs) -> String {
        let main: Node<HTML.BodyContext> = .group(
            .h1("My polls"),
            .p(
                .class("hint"),
                .text(
                    "Ask your group which trip to take: tick 2–5 options (or saved trips) and choose “Create a poll”.")),
            .if(
                model.rows.isEmpty,
                Components.emptyState(
                    title: "No polls yet",
                    message: "Plan a trip, then make a poll of the options you like, or of your saved trips.",
                    action: ("Plan a trip", TripsSection.plan.url), icon: "🗳️"),
                else: .ul(
                    .class("poll-list"),
                    .forEach(model.rows) { row in
                        .li(
                            .class("card poll-row"),
                            .div(
                                .p(.a(.link(row.url), .strong(.safeText(row.title)))),
                                .p(.class("hint"), .safeText("Created \(row.created)"))),
                            .p(
                                .span(.class("badge"), .safeText(row.isClosed ? "Closed" : "Open")),
                                .safeText(" \(row.votes) vote\(row.votes == 1 ? "" : "s")")))
                    })))
        return TripsLayout.page(
            title: "My polls", section: .polls, prefs: prefs, stylesheets: ["sportstime-more.css"], main: main)
    }

    static func newPoll(_ model: NewPollModel, prefs: TripsPrefs) -> String {
        var labels = ""
        for (index, option) in model.options.enumerated() {
            let id = "poll-label-\(index + 1)"
            let error = model.labelErrors[index]
            labels +=
                "<div class=\"field\"><label for=\"\(id)\">Option \(index + 1) label</label>"
                + "<p class=\"hint\" id=\"\(id)-hint\">\(HTMLEscape.text(option.summary))</p>"
                + "<input type=\"text\" id=\"\(id)\" name=\"label\" maxlength=\"80\" required"
                + " value=\"\(HTMLEscape.attribute(option.label))\"\(MoreFields.described(id, error: error, hint: true))>"
                + MoreFields.error(id, error) + "</div>"
        }
        let main: Node<HTML.BodyContext> = .group(
            .h1("New poll"),
            .unwrap(model.sourceError) { Components.notice($0, kind: "error") },
            .if(!model.savedTrips.isEmpty, tripPicker(model)),
            .if(
                !model.canCreate,
                .if(
                    model.savedTrips.isEmpty,
                    Components.emptyState(
                        title: "Nothing to vote on yet",
                        message:
                            "Tick 2–5 options on a list of trip options (or 2–5 saved trips), then create the poll.",
                        action: ("Plan a trip", TripsSection.plan.url), icon: "🗳️")),
                else: .form(
                    .class("card poll-form"), .method(.post), .action(TripsPageURL.newPoll.path()),
                    .raw(model.source.map { MoreFields.hidden($0.0, $0.1) }.joined()),
                    MoreFields.input(
                        id: "poll-title", name: "title", label: "Question", value: model.title,
                        error: model.titleError, extra: " maxlength=\"\(PollRules.maximumTitleLength)\" required"),
                    .fieldset(
                        .class("poll-labels"),
                        .element(named: "legend", text: "Options (up to 80 characters each)"),
                        .raw(labels)),
                    .p(
                        .class("form-actions"),
                        .button(.type(.submit), .class("button"), .text("Create the poll"))))))
        return TripsLayout.page(
            title: "New poll", section: .polls, prefs: prefs, stylesheets: ["sportstime-more.css"], main: main)
    }

    /// Ticks 2–5 of the traveller's saved trips (a GET form: the page comes back with their labels).
    static func tripPicker(_ model: NewPollModel) -> Node<HTML.BodyContext> {
        let boxes = model.savedTrips.map { trip in
            "<label class=\"checkbox\"><input type=\"checkbox\" name=\"trips\" value=\"\(HTMLEscape.attribute(trip.id))\""
                + "\(trip.checked ? " checked" : "")>\(HTMLEscape.text(trip.name))</label>"
        }
        return .form(
            .class("card poll-pick"), .method(.get), .action(TripsPageURL.newPoll.path()),
            .fieldset(
                .class("poll-labels"),
                .element(named: "legend", text: "Your saved trips: tick 2 to 5"),
                .raw("<div class=\"checkbox-grid\">\(boxes.joined())</div>")),
            .p(
                .class("form-actions"),
                .button(.type(.submit), .class("button secondary"), .text("Use the ticked trips"))))
    }

    static func poll(_ model: PollPageModel, prefs: TripsPrefs) -> String {
        let action = TripsPageURL.poll.path(["token": model.token])
        let main: Node<HTML.BodyContext> = .group(
            .h1(.safeText(model.title)),
            .unwrap(model.error) { Components.notice($0, kind: "error") },
            .unwrap(model.notice) { Components.notice($0, kind: "success") },
            .if(
                model.isClosed,
                .p(
                    .class("notice notice-info poll-state"), .attribute(named: "role", value: "status"),
                    .safeText(
                        model.winner.map { "This poll is closed. Winner: \($0)." }
                            ?? (model.total == 0
                                ? "This poll is closed. Nobody voted."
                                : "This poll is closed, with a tie: \(model.leaderLabels.joined(separator: ", ")).")))),
            .unwrap(model.myChoiceLabel) { .p(.class("my-vote"), .strong(.safeText("You voted for \($0)."))) },
            .if(model.showResults, results(model)),
            .if(!model.isClosed, voteForm(model, action: action), else: optionCards(model)),
            .if(model.isOwner, ownerTools(model, action: action)))
        return TripsLayout.page(
            title: model.title, section: .polls, prefs: prefs, stylesheets: ["sportstime-more.css"],
            scripts: ["sportstime-more.js"], main: main)
    }

    static func results(_ model: PollPageModel) -> Node<HTML.BodyContext> {
        .section(
            .class("card poll-results"), .attr("aria-labelledby", "results-title"), .flag("data-live-tally"),
            .attribute(named: "aria-live", value: "polite"),
            .h2(.id("results-title"), .safeText("Results: \(model.total) vote\(model.total == 1 ? "" : "s")")),
            .if(
                !model.isClosed && model.total > 0,
                .p(
                    .safeText(
                        model.isTie
                            ? "Tie between \(model.leaderLabels.joined(separator: " and "))."
                            : "Leading: \(model.leaderLabels.joined(separator: ", ")).")
                )),
            .forEach(model.options) { option in
                .div(
                    .class("tally-row\(option.isLeader ? " is-leader" : "")"), .attr("data-option", option.id),
                    .p(
                        .class("tally-label"),
                        .safeText(
                            "\(option.label): \(option.votes) vote\(option.votes == 1 ? "" : "s") (\(option.percent) %)"
                                + (option.isLeader ? (model.isClosed && !model.isTie ? " · winner" : " · leading") : "")
                        )),
                    .raw(
                        "<progress class=\"tally-bar\" max=\"100\" value=\"\(option.percent)\" aria-hidden=\"true\"></progress>"
                    ))
            },
            .if(
                !model.isClosed,
                .p(
                    .class("hint"),
                    .a(.href(TripsPageURL.poll.path(["token": model.token])), .text("Refresh")),
                    .text(" (updates every 15 s with JavaScript)."))))
    }

    static func optionCard(_ option: PollPageModel.Option, input: String = "") -> Node<HTML.BodyContext> {
        .div(
            .class("card poll-option"),
            .raw(input),
            .unwrap(option.map) { map in
                TripMap.svg(map, width: 320, height: 200, compact: true, id: "poll-map-\(option.id)")
            },
            .p(.class("hint"), .safeText(option.summary)),
            .p(.safeText("\(option.games) games · \(option.days) days · \(option.distance)")))
    }

    static func optionCards(_ model: PollPageModel) -> Node<HTML.BodyContext> {
        .div(
            .class("poll-options"),
            .forEach(model.options) { optionCard($0, input: "<h3>\(HTMLEscape.text($0.label))</h3>") })
    }

    static func voteForm(_ model: PollPageModel, action: String) -> Node<HTML.BodyContext> {
        .form(
            .class("poll-vote"), .method(.post), .action(action),
            .fieldset(
                .class("poll-labels"),
                .element(named: "legend", text: model.myChoice == nil ? "Your vote" : "Change your vote"),
                .div(
                    .class("poll-options"),
                    .forEach(model.options) { option in
                        .raw(
                            optionCard(
                                option,
                                input:
                                    "<label class=\"poll-choice\"><input type=\"radio\" name=\"option\" required"
                                    + " value=\"\(HTMLEscape.attribute(option.id))\"\(model.myChoice == option.id ? " checked" : "")>"
                                    + "\(HTMLEscape.text(option.label))</label>"
                            ).render())
                    })),
            .p(
                .class("form-actions"),
                .button(
                    .type(.submit), .class("button"), .text(model.myChoice == nil ? "Vote" : "Change my vote"))))
    }

    static func ownerTools(_ model: PollPageModel, action: String) -> Node<HTML.BodyContext> {
        .section(
            .class("card owner-tools"), .attr("aria-labelledby", "owner-title"),
            .h2(.id("owner-title"), .text("Your poll")),
            .unwrap(model.shareURL) { url in
                .div(
                    .class("share-link"),
                    .raw(
                        "<label for=\"poll-share\" class=\"visually-hidden\">Share link</label>"
                            + "<input type=\"text\" id=\"poll-share\" readonly value=\"\(HTMLEscape.attribute(url))\">"
                            + "<button type=\"button\" class=\"button secondary\" hidden data-share-url=\"\(HTMLEscape.attribute(url))\">Share…</button>"
                    ))
            },
            .p(
                .class("hint"),
                .text("Anyone with the link can vote once; they can change their vote until you close the poll.")),
            .p(
                .class("form-actions"),
                .if(
                    !model.isClosed,
                    MoreFields.postButton(
                        action: action, fields: [("close", "1")], label: "Close the poll", className: "button secondary"
                    )),
                .if(
                    model.isClosed && model.winner != nil,
                    MoreFields.postButton(
                        action: action, fields: [("save", "1")], label: "Save the winner to my trips",
                        className: "button"))))
    }
}
