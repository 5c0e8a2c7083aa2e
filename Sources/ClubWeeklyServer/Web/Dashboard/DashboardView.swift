import ClubWeekly
import Foundation
import Plot
import WebUI

/// Renders the dashboard page and its tab fragments.
enum DashboardView {
    static func page(_ model: DashboardModel, strings s: ClubWeeklyStrings = .en) -> String {
        ClubLayout.page(
            title: s.tabs[model.state.tab]?.label ?? s.dashboardTitle, header: model.header,
            renderedAt: model.renderedAt,
            bodyClass: "dashboard", strings: s,
            main: .div(.id("dashboard"), .class("dashboard-body"), body(model, strings: s)))
    }

    /// Everything below the header: week picker, tabs and the tab's panel. Scripts swap this whole region, so the
    /// week links and tab links always carry the state that is on screen.
    static func body(_ model: DashboardModel, strings s: ClubWeeklyStrings) -> Node<HTML.BodyContext> {
        .group(
            .unwrap(model.notice) { Components.notice($0, kind: "info") },
            weekPicker(model.weekPicker, slug: model.header.slug, strings: s),
            Components.linkBar(model.tabs, label: s.viewsLabel, target: "#dashboard", style: "tabs"),
            .section(
                .id("panel"), .class("panel"), .attr("data-tab", model.state.tab.rawValue),
                panel(model.panel, strings: s)))
    }

    /// The HTML a script swaps into `#dashboard`.
    static func fragment(_ model: DashboardModel, strings s: ClubWeeklyStrings = .en) -> String {
        body(model, strings: s).render()
    }

    static func weekPicker(
        _ model: WeekPickerModel, slug: String, strings s: ClubWeeklyStrings
    ) -> Node<HTML.BodyContext> {
        .div(
            .class("week-picker"),
            .h1(.class("week-label"), .safeText(model.label)),
            .div(
                .class("week-controls"),
                model.previousURL.map { url in
                    .a(
                        .class("button secondary"), .link(url), .attr("rel", "prev"), .attr("data-key", "previous"),
                        .span(.attribute(named: "aria-hidden", value: "true"), .text("‹ ")), .safeText(s.previousWeek))
                }
                    ?? .span(
                        .class("button secondary is-disabled"), .attribute(named: "aria-disabled", value: "true"),
                        .safeText(s.previousWeek)),
                .form(
                    .class("week-select"), .method(.get), .action(ClubWeeklyURL.dashboard(slug).path),
                    .label(.for("week-select"), .class("visually-hidden"), .safeText(s.chooseWeek)),
                    .select(
                        .id("week-select"), .attr("name", "week"),
                        .forEach(model.options) { option in
                            .choice(String(option.offset), option.label, selected: option.offset == model.selected)
                        }),
                    .forEach(model.keep) { name, value in .input(.type(.hidden), .name(name), .attr("value", value)) },
                    .button(.type(.submit), .class("button secondary"), .safeText(s.go))),
                model.nextURL.map { url in
                    .a(
                        .class("button secondary"), .link(url), .attr("rel", "next"), .attr("data-key", "next"),
                        .safeText(s.nextWeek), .span(.attribute(named: "aria-hidden", value: "true"), .text(" ›")))
                } ?? .empty))
    }

    static func panel(_ panel: PanelModel, strings s: ClubWeeklyStrings) -> Node<HTML.BodyContext> {
        switch panel {
        case .charts(let model): charts(model, strings: s)
        case .table(let model): table(model, strings: s)
        case .rides(let model): rides(model, strings: s)
        case .insights(let model): insights(model, strings: s)
        case .empty(let title, let message, let action):
            Components.emptyState(title: title, message: message, action: action)
        }
    }

    static func trend(_ trend: TrendBadge, strings s: ClubWeeklyStrings) -> Node<HTML.BodyContext> {
        let direction = Components.TrendDirection(rawValue: trend.direction.rawValue) ?? .none
        let spoken: String
        switch direction {
        case .up: spoken = s.trendUp(Format.percent(trend.percent ?? 0))
        case .down: spoken = s.trendDown(Format.percent(abs(trend.percent ?? 0)))
        case .flat: spoken = s.trendFlat
        case .new: spoken = s.trendNew
        case .none: spoken = s.trendNone
        }
        return Components.trend(direction, text: trend.text.isEmpty ? "–" : trend.text, spoken: spoken)
    }

    // MARK: Charts

    static func charts(_ model: ChartsModel, strings s: ClubWeeklyStrings) -> Node<HTML.BodyContext> {
        .div(
            .class("charts"),
            .div(
                .class("stat-grid"),
                .forEach(model.cards) { card in
                    Components.statCard(
                        label: card.label, value: card.value,
                        detail: .group(
                            trend(card.trend, strings: s),
                            .span(
                                .class("stat-note"),
                                .safeText(
                                    " "
                                        + card.detail.replacingOccurrences(of: card.trend.text, with: "")
                                        .trimmingCharacters(in: .whitespaces)))),
                        id: "card-\(card.key.rawValue)")
                }),
            Components.linkBar(
                model.metricPicker, label: s.metricPickerLabel, target: "#dashboard", style: "segmented"),
            .div(.class("card"), .h2(.safeText(model.bars.title)), .raw(model.bars.html())),
            .div(
                .class("grid-2"),
                .div(.class("card"), .h2(.safeText(model.donut.title)), .raw(model.donut.html())),
                .div(
                    .class("card"),
                    .h2(.safeText("\(s.topRiders) — \(model.metricLabel)")),
                    .ol(
                        .class("list rankings"),
                        .forEach(model.rankings) { row in
                            .li(
                                .class("row\(row.isMe ? " is-me" : "")"), .attr("data-member", row.memberID),
                                .span(
                                    .class("rank"),
                                    row.medal.map {
                                        .group(
                                            .span(.attribute(named: "aria-hidden", value: "true"), .text($0)),
                                            .span(.class("visually-hidden"), .safeText(s.rankLabel(row.rank))))
                                    }
                                        ?? .span(.safeText("\(row.rank)."))),
                                Components.avatar(initials: row.initials, hue: row.hue),
                                .span(.class("grow name"), .safeText(row.name)),
                                .span(.class("value"), .safeText(row.value)),
                                trend(row.trend, strings: s))
                        }))))
    }

    // MARK: Table

    static func table(_ model: TableModel, strings s: ClubWeeklyStrings) -> Node<HTML.BodyContext> {
        .div(
            .class("table-view"), .attribute(named: "data-sort-scope"),
            .p(
                .class("visually-hidden"), .attribute(named: "aria-live", value: "polite"),
                .attribute(named: "data-sort-status"),
                .safeText(s.sortedBy(model.sortStatus))),
            .div(
                .class("data-table-wrap"),
                .table(
                    .class("data weekly-table"), .attribute(named: "data-sortable"),
                    .caption(.class("visually-hidden"), .safeText(s.tableCaption)),
                    .thead(
                        .tr(
                            .forEach(model.columns) { column in
                                .th(
                                    .attribute(named: "scope", value: "col"),
                                    .unwrap(column.key) { .attr("data-sort", $0.rawValue) },
                                    .unwrap(column.sortedDirection) { .attr("aria-sort", $0) },
                                    .if(column.sortedDirection != nil, .class("is-sorted")),
                                    .if(column.key != nil, .attr("data-sort-first", column.firstDirection)),
                                    .attr("data-label", column.title),
                                    column.url.map { url in
                                        .a(
                                            .link(url), .attr("title", s.sortBy(column.title)),
                                            .safeText(column.label),
                                            .span(
                                                .class("sort-indicator"),
                                                .attribute(named: "aria-hidden", value: "true")))
                                    } ?? .span(.attr("title", column.title), .safeText(column.label)))
                            })),
                    .tbody(
                        .forEach(model.rows) { row in
                            .tr(
                                .class(
                                    ([row.isTop ? "is-top" : "", row.isMe ? "is-me" : ""]).filter { !$0.isEmpty }
                                        .joined(separator: " ")),
                                .attr("data-member", row.memberID),
                                .forEach(Array(row.cells.enumerated())) { index, cell in
                                    if index == 0 {
                                        return .td(
                                            .attr("data-value", cell.sortValue), .attribute(named: "data-rank"),
                                            .safeText(cell.text))
                                    }
                                    if index == 1 {
                                        return .th(
                                            .attribute(named: "scope", value: "row"),
                                            .attr("data-value", cell.sortValue),
                                            .span(
                                                .class("rider"),
                                                Components.avatar(initials: row.initials, hue: row.hue),
                                                .safeText(cell.text)),
                                            .if(row.isMe, .span(.class("you-badge"), .text(s.youBadge))))
                                    }
                                    if let trendValue = cell.trend {
                                        return .td(.attr("data-value", cell.sortValue), trend(trendValue, strings: s))
                                    }
                                    return .td(.attr("data-value", cell.sortValue), .safeText(cell.text))
                                })
                        }))))
    }

    // MARK: Rides

    static func rides(_ model: RidesModel, strings s: ClubWeeklyStrings) -> Node<HTML.BodyContext> {
        .div(
            .class("rides"),
            .div(
                .class("rides-toolbar"),
                .p(.class("rides-summary"), .safeText(model.summary)),
                .form(
                    .method(.get), .class("rides-filter"),
                    .forEach(model.filterKeep) { name, value in
                        .input(.type(.hidden), .name(name), .attr("value", value))
                    },
                    .label(.for("ride-member"), .text(s.memberFilterLabel)),
                    .select(
                        .id("ride-member"), .attr("name", "member"),
                        .choice("", s.everyone),
                        .forEach(model.members) { member in
                            .choice(member.id, member.name, selected: member.id == model.selectedMember)
                        }),
                    .button(.type(.submit), .class("button secondary"), .text(s.filter))),
                Components.linkBar(model.orderLinks, label: s.sortRidesLabel, target: "#dashboard", style: "segmented")),
            model.cards.isEmpty
                ? Components.emptyState(
                    title: s.noMemberRidesTitle, message: s.noMemberRidesMessage, action: nil)
                : .ul(
                    .class("ride-list"),
                    .forEach(model.cards) { card in
                        .li(
                            .class("ride-card card"),
                            .div(
                                .class("ride-head"),
                                Components.avatar(initials: card.initials, hue: card.hue),
                                .div(
                                    .class("grow"),
                                    .p(.class("ride-member"), .safeText(card.memberName)),
                                    .p(.class("ride-when"), .safeText(card.when))),
                                .span(
                                    .class("sport-badge"),
                                    .span(.attribute(named: "aria-hidden", value: "true"), .text(card.emoji + " ")),
                                    .safeText(card.sportLabel))),
                            .p(.class("ride-title"), .safeText(card.title)),
                            .div(
                                .class("ride-stats"),
                                stat(s.statDistance, card.distance), stat(card.paceLabel, card.pace),
                                stat(s.statElevation, card.elevation), stat(s.statTime, card.movingTime)),
                            .if(
                                !card.tags.isEmpty,
                                .p(.class("ride-tags"), .safeText(card.tags.joined(separator: " · ")))))
                    }),
            .unwrap(model.more) { more in
                .p(
                    .class("more"),
                    .a(.class("button secondary"), .link(more.url), .attr("data-key", "more"), .safeText(more.label)))
            })
    }

    static func stat(_ label: String, _ value: String) -> Node<HTML.BodyContext> {
        .div(.class("ride-stat"), .span(.class("k"), .safeText(label)), .span(.class("v"), .safeText(value)))
    }

    // MARK: Insights

    static func insights(_ model: InsightsModel, strings s: ClubWeeklyStrings) -> Node<HTML.BodyContext> {
        .div(
            .class("insights"),
            Components.linkBar(model.modes, label: s.insightsModeLabel, target: "#dashboard", style: "segmented"),
            .form(
                .method(.get), .class("rider-picker"),
                .forEach(model.keep) { name, value in .input(.type(.hidden), .name(name), .attr("value", value)) },
                .label(.for("insights-rider"), .text(model.mode == .lowest ? s.riderToAnalyse : s.insightsFor)),
                .select(
                    .id("insights-rider"), .attr("name", model.riderField),
                    .if(model.mode == .lowest, .choice("", s.weeksLowest)),
                    .forEach(model.riderOptions) { rider in
                        .choice(rider.id, rider.name, selected: rider.id == model.selectedRider)
                    }),
                .button(.type(.submit), .class("button secondary"), .text(s.show))),
            .unwrap(model.perspectiveNotice) { .p(.class("hint"), .safeText($0)) },
            .if(
                !model.tiles.isEmpty,
                .div(
                    .class("stat-grid"),
                    .forEach(model.tiles) { tile in
                        Components.statCard(label: tile.label, value: tile.value, detail: .safeText(tile.detail))
                    })),
            .forEach(model.comparisons) { chart in
                .div(.class("card"), .h2(.safeText(chart.title)), .raw(chart.html()))
            },
            .if(
                model.cards.isEmpty,
                Components.emptyState(title: s.noInsightsTitle, message: s.noInsightsMessage, action: nil)),
            .ul(
                .class("insight-cards"),
                .forEach(model.cards) { card in
                    .li(
                        .class("card insight insight-\(card.kind)\(card.highlight ? " is-highlight" : "")"),
                        .h3(
                            .span(.attribute(named: "aria-hidden", value: "true"), .text(card.icon + " ")),
                            .safeText(card.title)),
                        .p(.safeText(card.text)))
                }))
    }
}
