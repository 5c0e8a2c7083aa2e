import ClubWeekly
import Foundation
import Plot
import WebUI

/// The clubhouse TV board: full names, large type, stats and leaderboard, rotating to the rides.
struct TVModel: Equatable, Sendable {
    struct Ride: Equatable, Sendable {
        var name: String
        var initials: String
        var hue: Int
        var when: String
        var emoji: String
        var title: String
        var distance: String
        var pace: String
        var elevation: String
    }
    var header: ClubHeaderModel
    var weekLabel: String
    var subtitle: String
    var distance: String
    var distanceTrend: WeekView.TrendView
    var elevation: String
    var activeMembers: String
    var leaderboard: [RankingRow]
    var rides: [Ride]
    var dataVersion: Int64
    /// First day of the shown week; with the data version it tells the board when to redraw.
    var weekFirstDay: String
    var isEmpty: Bool
}

enum TVBuilder {
    static let leaderboardSize = 10
    static let ridesShown = 9

    static func model(
        club: Club, view: WeekView, viewer: Viewer, dataVersion: Int64, strings s: ClubWeeklyStrings = .en
    ) -> TVModel {
        let byID = Dictionary(view.members.map { ($0.memberId, $0) }, uniquingKeysWith: { a, _ in a })
        let summary = view.summary
        let rides = summary.rides
        let leaderboard = view.members.prefix(leaderboardSize).map { row in
            RankingRow(
                memberID: row.memberId, rank: row.rank,
                medal: row.rank <= 3 ? DashboardBuilder.medals[row.rank - 1] : nil, name: row.fullName,
                fullName: row.fullName, initials: row.initials, hue: row.hue,
                value: Format.distanceKm(row.distanceKm * 1000, decimals: 0), trend: row.trend, isMe: false)
        }
        return TVModel(
            header: ClubHeaderModel(
                slug: club.slug, name: club.name,
                colours: [club.colors.first, club.colors.second, club.colors.third], viewer: viewer),
            weekLabel: view.week.label,
            subtitle: s.tvSubtitle(rides, summary.activeMembers),
            distance: Format.distanceKm(summary.distanceKm * 1000, decimals: 0),
            distanceTrend: summary.trends["distance"] ?? WeekView.TrendView(Trend(direction: .none, percent: nil)),
            elevation: Format.metres(Double(summary.elevationM)), activeMembers: "\(summary.activeMembers)",
            leaderboard: Array(leaderboard),
            rides: view.activities.prefix(ridesShown).map { activity in
                let member = byID[activity.memberId]
                return TVModel.Ride(
                    name: member?.fullName ?? activity.memberName, initials: member?.initials ?? "?",
                    hue: member?.hue ?? Format.colorHash(activity.memberName), when: activity.startLocal,
                    emoji: activity.emoji, title: activity.title,
                    distance: "\(DashboardBuilder.fixed1(activity.distanceKm)) km",
                    pace: activity.pace, elevation: "\(activity.elevationM)m")
            }, dataVersion: dataVersion, weekFirstDay: view.week.firstDay, isEmpty: view.activities.isEmpty)
    }
}

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
                            }))),
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
