import Foundation
import Plot
import ServerKit
import SportsTime
import WebUI

/// Two or three options side by side, day by day: a column per option, a row per trip day, totals at the bottom.
struct CompareModel: Sendable, Equatable {
    struct Column: Sendable, Equatable {
        var rank: Int
        var title: String
        var openURL: String
        var totals: [String]
    }

    struct Row: Sendable, Equatable {
        var date: LocalDate
        var label: String
        /// Per column: the day's items ("7:10 PM · Yankees @ Red Sox"), empty when the option has no such day.
        var cells: [[String]]
    }

    var columns: [Column]
    var rows: [Row]
    var totalLabels: [String]
    var backURL: String

    /// Why a compare request is refused (400).
    enum Problem: Error, Equatable {
        case badRanks(String)
    }

    /// The ranks of `ranks=1,3` or `ranks=1&ranks=3`: 2–3 distinct numbers within `available`.
    static func ranks(_ texts: [String], available: Int) throws(Problem) -> [Int] {
        let parts = texts.flatMap { $0.split(separator: ",") }.map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty }
        var ranks: [Int] = []
        for part in parts {
            guard let rank = Int(part), rank >= 1 else {
                throw .badRanks("'\(part)' is not an option number.")
            }
            guard rank <= available else {
                throw .badRanks(
                    "There is no option \(rank): this plan has \(available) option\(available == 1 ? "" : "s").")
            }
            if !ranks.contains(rank) { ranks.append(rank) }
        }
        guard (2...3).contains(ranks.count) else {
            throw .badRanks("Tick two or three options to compare (you chose \(ranks.count)).")
        }
        return ranks
    }

    static func build(query: PlanQuery, options: [ItineraryOption], ranks: [Int], prefs: TripsPrefs) -> CompareModel {
        let chosen = ranks.compactMap { rank in options.first { $0.rank == rank } }
        let dates = Array(Set(chosen.flatMap { $0.days.map(\.date) })).sorted()
        let rows = dates.map { date in
            Row(
                date: date, label: TripsComponents.day(date),
                cells: chosen.map { option in
                    guard let day = option.days.first(where: { $0.date == date }) else { return [] }
                    let items = day.items.map { item in
                        [item.time, item.text].compactMap { $0 }.joined(separator: " · ")
                    }
                    return items.isEmpty ? ["\(day.kind.rawValue.capitalized) · night in \(day.overnight)"] : items
                })
        }
        let columns = chosen.map { option in
            Column(
                rank: option.rank, title: "Option \(option.rank)",
                openURL: TripsPageURL.option.path(["rank": String(option.rank)], query: query.queryString),
                totals: [
                    String(option.totals.games), String(option.totals.distinctVenues), String(option.totals.days),
                    prefs.distance(miles: option.totals.miles), TripsComponents.hours(option.totals.drivingHours),
                    String(option.totals.restDays),
                ])
        }
        return CompareModel(
            columns: columns, rows: rows, totalLabels: ["Games", "Venues", "Days", "Distance", "Driving", "Rest days"],
            backURL: TripsPageURL.options.path(query: query.queryString))
    }
}

enum CompareView {
    static func page(_ model: CompareModel, prefs: TripsPrefs) -> String {
        let title = "Compare " + model.columns.map(\.title).joined(separator: " and ")
        return TripsLayout.page(
            title: title, section: .plan, prefs: prefs, stylesheets: ["sportstime-plan.css"],
            main: .group(
                .h1(.safeText(title)),
                .p(.a(.link(model.backURL), .text("Back to all options"))),
                .div(
                    .class("data-table-wrap"),
                    .table(
                        .class("data compare-table"),
                        .caption(.class("visually-hidden"), .safeText("\(title), day by day")),
                        .thead(
                            .tr(
                                .th(.attr("scope", "col"), .text("Day")),
                                .forEach(model.columns) { column in
                                    .th(.attr("scope", "col"), .a(.link(column.openURL), .safeText(column.title)))
                                })),
                        .tbody(
                            .forEach(model.rows) { row in
                                .tr(
                                    .th(.attr("scope", "row"), .safeText(row.label)),
                                    .forEach(row.cells) { cell in
                                        .td(
                                            cell.isEmpty
                                                ? .span(.class("hint"), .text("not on this trip"))
                                                : .ul(.class("compare-items"), .forEach(cell) { .li(.safeText($0)) }))
                                    })
                            }),
                        .tfoot(
                            .forEach(Array(model.totalLabels.enumerated())) { index, label in
                                .tr(
                                    .th(.attr("scope", "row"), .safeText("Total \(label.lowercased())")),
                                    .forEach(model.columns) { column in
                                        .td(.safeText(index < column.totals.count ? column.totals[index] : ""))
                                    })
                            })))))
    }

    /// A refused compare (400): what was wrong and the way back.
    static func refused(_ message: String, backURL: String, prefs: TripsPrefs) -> String {
        TripsLayout.page(
            title: "Cannot compare", section: .plan, prefs: prefs, stylesheets: ["sportstime-plan.css"],
            main: .section(
                .class("card failure"), .attr("data-failure", "badRanks"), .attr("role", "alert"),
                .h1(.text("Cannot compare these options")),
                .p(.class("failure-message"), .safeText(message)),
                .p(.a(.class("button"), .link(backURL), .text("Back to the options")))))
    }
}
