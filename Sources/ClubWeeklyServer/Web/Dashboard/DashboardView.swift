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
                shareCard(model.share),
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
                        }),
                    .unwrap(model.allRiders) { link in
                        .nav(
                            .class("more"), .attr("data-swap-target", "#dashboard"),
                            .a(
                                .link(link.url), .attr("data-key", "all-riders"),
                                .unwrap(link.fragmentURL) { .attr("data-fragment", $0) },
                                .safeText(link.label + " ›")))
                    })))
    }

    /// The donut card, or a big club's distribution with the sentences that read it.
    static func shareCard(_ share: ShareChart) -> Node<HTML.BodyContext> {
        switch share {
        case .donut(let donut):
            return .div(.class("card"), .h2(.safeText(donut.title)), .raw(donut.html()))
        case .distribution(let model):
            return .div(
                .class("card distribution"), .h2(.safeText(model.chart.title)), .raw(model.chart.html()),
                .ul(.class("distribution-notes"), .forEach(model.notes) { .li(.safeText($0)) }))
        }
    }

    // MARK: Table

    static func table(_ model: TableModel, strings s: ClubWeeklyStrings) -> Node<HTML.BodyContext> {
        .div(
            .class("table-view"), .attribute(named: "data-sort-scope"),
            .unwrap(model.search) { tableToolbar($0, jumpToMe: model.jumpToMe, strings: s) },
            .if(
                model.rows.isEmpty,
                Components.emptyState(title: s.big.noMatchesTitle, message: s.big.noMatchesMessage, action: nil)),
            .if(!model.rows.isEmpty, tableBody(model, strings: s)),
            .unwrap(model.pager) { pager($0, strings: s) })
    }

    /// The search form, its result and the link to the viewer's page.
    static func tableToolbar(
        _ search: TableModel.Search, jumpToMe: DashboardLink?, strings s: ClubWeeklyStrings
    ) -> Node<HTML.BodyContext> {
        .div(
            .class("table-toolbar"),
            .form(
                .method(.get), .class("table-search"), .attr("role", "search"),
                .forEach(search.keep) { name, value in .input(.type(.hidden), .name(name), .attr("value", value)) },
                .label(.for("table-search"), .safeText(s.big.searchLabel)),
                .input(
                    .type(.search), .id("table-search"), .name("q"), .attr("value", search.query),
                    .attr("placeholder", s.big.searchPlaceholder), .attr("autocomplete", "off"),
                    .attr("maxlength", String(DashboardState.maximumSearchLength))),
                .button(.type(.submit), .class("button secondary"), .safeText(s.big.search)),
                .unwrap(search.clearURL) { .a(.class("button secondary"), .link($0), .safeText(s.big.clearSearch)) }),
            .unwrap(jumpToMe) { link in
                .a(
                    .class("button secondary jump-to-me"), .link(link.url), .attr("data-key", "me"),
                    .safeText(link.label))
            },
            .unwrap(search.result) {
                .p(.class("table-result"), .attribute(named: "aria-live", value: "polite"), .safeText($0))
            })
    }

    /// Links between the table's pages; a script swaps the next page in, without it they navigate.
    static func pager(_ pager: TableModel.Pager, strings s: ClubWeeklyStrings) -> Node<HTML.BodyContext> {
        func link(_ item: Components.LinkItem?, _ label: String) -> Node<HTML.BodyContext> {
            guard let item else { return .empty }
            return .a(
                .class("button secondary"), .link(item.url), .attr("data-key", item.key),
                .unwrap(item.fragmentURL) { .attr("data-fragment", $0) }, .safeText(label))
        }
        return .nav(
            .class("pager"), .ariaLabel(s.big.pagesLabel), .attr("data-swap-target", "#dashboard"),
            link(pager.first, "« \(s.big.firstPage)"), link(pager.previous, "‹ \(s.big.previousPage)"),
            .span(.class("pager-status"), .safeText(pager.status)),
            link(pager.next, "\(s.big.nextPage) ›"), link(pager.last, "\(s.big.lastPage) »"),
            .p(.class("pager-shown"), .safeText(pager.shown)))
    }

    static func tableBody(_ model: TableModel, strings s: ClubWeeklyStrings) -> Node<HTML.BodyContext> {
        .group(
            .p(
                .class("visually-hidden"), .attribute(named: "aria-live", value: "polite"),
                .attribute(named: "data-sort-status"),
                .safeText(s.sortedBy(model.sortStatus))),
            .div(
                .class("data-table-wrap"),
                .if(!model.clientSorted, .attr("data-swap-target", "#dashboard")),
                .table(
                    .class("data weekly-table"), .if(model.clientSorted, .attribute(named: "data-sortable")),
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
                                            .unwrap(column.fragmentURL) { .attr("data-fragment", $0) },
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
                                .attr("data-member", row.memberID), .if(row.isMe && model.jumpToMe != nil, .id("you")),
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
                    .label(.for("ride-member"), .text(model.search == nil ? s.memberFilterLabel : s.big.searchLabel)),
                    memberFilter(model, strings: s),
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

    /// Every rider of the week in a select, or a name search in a club with more riders than a select can list.
    static func memberFilter(_ model: RidesModel, strings s: ClubWeeklyStrings) -> Node<HTML.FormContext> {
        guard let search = model.search else {
            return .select(
                .id("ride-member"), .attr("name", "member"),
                .choice("", s.everyone),
                .forEach(model.members) { member in
                    .choice(member.id, member.name, selected: member.id == model.selectedMember)
                })
        }
        return .input(
            .type(.search), .id("ride-member"), .name("q"), .attr("value", search),
            .attr("placeholder", s.big.searchPlaceholder), .attr("autocomplete", "off"),
            .attr("maxlength", String(DashboardState.maximumSearchLength)))
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
