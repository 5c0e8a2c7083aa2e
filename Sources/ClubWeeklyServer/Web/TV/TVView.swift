import ClubWeekly
import Foundation
import Plot
import WebUI

/// Renders the TV board page and the board fragment its script swaps in.
enum TVView {
    static func page(_ model: TVModel, renderedAt: String, strings s: ClubWeeklyStrings = .en) -> String {
        let slug = model.header.slug
        return ClubLayout.page(
            title: s.tvBoard, header: nil, renderedAt: renderedAt, bodyClass: "tv",
            bodyData: [
                ("version-url", ClubWeeklyURL.tvVersion(slug).path), ("board-url", ClubWeeklyURL.tvFragment(slug).path),
                ("data-version", "\(model.dataVersion)/\(model.weekFirstDay)"), ("rotate-seconds", "20"),
            ],
            noscriptRefreshSeconds: 300,
            strings: s,
            main: .div(.id("board"), .class("tv-board"), board(model, strings: s)))
    }

    static func fragment(_ model: TVModel, strings s: ClubWeeklyStrings = .en) -> String {
        board(model, strings: s).render()
    }

    static func board(_ model: TVModel, strings s: ClubWeeklyStrings) -> Node<HTML.BodyContext> {
        .group(
            Components.tricolour(model.header.colours),
            .header(
                .class("tv-header"),
                .div(
                    .h1(.safeText(model.header.name)),
                    .p(.class("tv-sub"), .safeText("\(model.weekLabel) · \(model.subtitle)"))),
                .div(
                    .class("tv-tabs"), .attribute(named: "role", value: "tablist"), .ariaLabel(s.tvViewsLabel),
                    .button(
                        .type(.button), .id("tv-tab-stats"), .attribute(named: "role", value: "tab"),
                        .attr("aria-controls", "tv-stats"), .attr("aria-selected", "true"), .attr("data-view", "stats"),
                        .text(s.tvLeaderboardTab)),
                    .button(
                        .type(.button), .id("tv-tab-rides"), .attribute(named: "role", value: "tab"),
                        .attr("aria-controls", "tv-rides"), .attr("aria-selected", "false"),
                        .attr("data-view", "rides"), .text(s.tvRidesTab)))),
            .section(
                .id("tv-stats"), .class("tv-view is-active"), .attribute(named: "role", value: "tabpanel"),
                .attr("aria-labelledby", "tv-tab-stats"),
                .div(
                    .class("tv-cards"),
                    .div(
                        .class("tv-card"), .p(.class("tv-card-label"), .text(s.tvTotalDistance)),
                        .p(.class("tv-big"), .safeText(model.distance)),
                        DashboardView.trend(model.distanceTrend, strings: s)),
                    .div(
                        .class("tv-card"), .p(.class("tv-card-label"), .text(s.tvTotalElevation)),
                        .p(.class("tv-big"), .safeText(model.elevation))),
                    .div(
                        .class("tv-card"), .p(.class("tv-card-label"), .text(s.tvActiveMembers)),
                        .p(.class("tv-big"), .safeText(model.activeMembers)))),
                .div(
                    .class("tv-leaderboard"),
                    .h2(.text(s.tvLeaderboardTitle)),
                    model.isEmpty
                        ? .p(.class("tv-empty"), .text(s.tvNoRides))
                        : .ol(
                            .class("tv-list"),
                            .forEach(model.leaderboard) { row in
                                .li(
                                    .span(.class("tv-rank"), .safeText(row.medal ?? "\(row.rank).")),
                                    Components.avatar(initials: row.initials, hue: row.hue, large: true),
                                    .span(.class("tv-name"), .safeText(row.name)),
                                    .span(.class("tv-value"), .safeText(row.value)),
                                    DashboardView.trend(row.trend, strings: s))
                            }),
                    .unwrap(model.moreRiders) { .p(.class("tv-more"), .safeText($0)) })),
            .section(
                .id("tv-rides"), .class("tv-view"), .attribute(named: "role", value: "tabpanel"),
                .attr("aria-labelledby", "tv-tab-rides"),
                model.rides.isEmpty
                    ? .p(.class("tv-empty"), .text(s.tvNoRidesList))
                    : .ul(
                        .class("tv-rides"),
                        .forEach(model.rides) { ride in
                            .li(
                                .class("tv-ride"),
                                .div(
                                    .class("tv-ride-head"),
                                    Components.avatar(initials: ride.initials, hue: ride.hue, large: true),
                                    .div(
                                        .p(.class("tv-ride-name"), .safeText(ride.name)),
                                        .p(.class("tv-ride-when"), .safeText(ride.when)))),
                                .p(
                                    .class("tv-ride-title"),
                                    .span(.attribute(named: "aria-hidden", value: "true"), .text(ride.emoji + " ")),
                                    .safeText(ride.title)),
                                .p(
                                    .class("tv-ride-stats"),
                                    .safeText("\(ride.distance) · \(ride.pace) · \(ride.elevation)")))
                        })))
    }
}
