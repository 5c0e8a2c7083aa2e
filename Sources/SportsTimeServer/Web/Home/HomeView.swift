import Foundation
import Plot
import SportsTime
import WebUI

/// The home page's view.
enum HomeView {
    static func page(_ model: HomeModel, prefs: TripsPrefs) -> String {
        TripsLayout.page(
            title: "My trips", section: .home, prefs: prefs, stylesheets: ["sportstime-plan.css"],
            main: .group(
                .h1(.text("My trips")),
                trips(model),
                .section(
                    .attr("aria-labelledby", "modes-heading"),
                    .h2(.id("modes-heading"), .text("Plan a trip")),
                    .div(
                        .class("mode-cards"),
                        .forEach(model.modes) { mode in
                            .a(
                                .class("mode-card"), .link(mode.url), .attr("data-mode", mode.slug),
                                .strong(.safeText(mode.title)), .span(.safeText(mode.summary)))
                        })),
                suggestions(model)))
    }

    static func trips(_ model: HomeModel) -> Node<HTML.BodyContext> {
        guard !model.trips.isEmpty else {
            return Components.emptyState(
                title: "Plan your first trip",
                message: "Trips you save appear here, the next one first with a countdown.",
                action: ("Plan a trip", TripsSection.plan.url), icon: "🏟️")
        }
        return .ul(
            .class("trip-list"), .id("my-trips"),
            .forEach(Array(model.trips.enumerated())) { index, trip in
                .li(
                    .if(index == 0 && trip.countdown != nil, .span(.class("badge"), .text("Next trip"))),
                    .a(.link(trip.url), .safeText(trip.name)),
                    .span(.class("hint"), .safeText(trip.dates)),
                    .unwrap(trip.countdown) { .span(.class("countdown"), .safeText($0)) },
                    .span(.class("hint"), .safeText(trip.summary)))
            })
    }

    static func chips(_ chips: [HomeModel.Chip], label: String) -> Node<HTML.BodyContext> {
        .nav(
            .class("chips"), .ariaLabel(label),
            .forEach(chips) { chip in
                .a(
                    .link(chip.url), .if(chip.current, .attribute(named: "aria-current", value: "page")),
                    .safeText(chip.label))
            })
    }

    static func suggestions(_ model: HomeModel) -> Node<HTML.BodyContext> {
        .section(
            .id("suggestions"), .attr("aria-labelledby", "suggestions-heading"),
            .h2(.id("suggestions-heading"), .safeText("Trips from \(model.homeCity) in \(model.monthLabel)")),
            .if(
                model.homeCityIsDefault,
                .p(
                    .class("hint"),
                    .safeText("We use \(model.homeCity) until you choose a home city. "),
                    .a(.link(model.settingsURL), .text("Set your home city")))),
            chips(model.months, label: "Month"),
            chips(model.leagueChips, label: "Sport"),
            .unwrap(model.suggestionsProblem) { Components.notice($0, kind: "info") },
            model.suggestions.isEmpty && model.suggestionsProblem == nil
                ? Components.emptyState(
                    title: "No suggestions", message: "Try another month or league.", icon: "🗓️")
                : .div(
                    .class("home-grid"),
                    .forEach(Array(model.suggestions.enumerated())) { index, suggestion in
                        .article(
                            .class("card suggestion-card"),
                            .h3(.safeText(suggestion.title)),
                            .p(.class("hint"), .safeText(suggestion.dates)),
                            .div(.class("badges"), .forEach(suggestion.leagues) { TripsComponents.league($0) }),
                            OptionsView.mapFigure(
                                TripMap.svg(
                                    suggestion.map, width: 400, height: 250, compact: true,
                                    id: "suggestion-map-\(index)")),
                            .p(.safeText(suggestion.totals)),
                            .a(
                                .class("button"), .link(suggestion.openURL),
                                .safeText("See options"), .attr("aria-label", "See options for \(suggestion.title)")))
                    }))
    }
}
