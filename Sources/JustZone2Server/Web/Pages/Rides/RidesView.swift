import Foundation
import JustZone2
import Plot
import ServerKit
import WebUI

/// The history page's view.
enum RidesView {
    static func page(_ model: RidesModel) -> String {
        Zone2Layout.page(
            title: "Rides", section: .rides, stylesheets: ["zone2-pages.css"], scripts: ["zone2-pages.js"],
            main: .group(
                .h1(.text("Rides")),
                .unwrap(model.notice) { Components.notice($0, kind: "success") },
                // After an import (no script) its results come first; otherwise the form waits at the end.
                .if(!model.imports.isEmpty || model.importError != nil, importSection(model)),
                filters(model),
                charts(model),
                weeks(model),
                list(model),
                strava(model),
                .if(model.imports.isEmpty && model.importError == nil, importSection(model))))
    }

    static func filters(_ model: RidesModel) -> Node<HTML.BodyContext> {
        let filter = model.filter
        let base = Zone2PageURL.rides.path()
        return .section(
            .class("filters"), .attr("aria-label", "Filters"),
            Components.linkBar(
                RidesModel.Filter.Period.allCases.map { period in
                    Components.LinkItem(
                        label: period.label, url: base + filter.query(period: period),
                        isCurrent: filter.period == period,
                        key: period.rawValue)
                }, label: "Period (zooms the charts)", target: "", style: "segmented"),
            Components.linkBar(
                RidesModel.Filter.Source.allCases.map { source in
                    Components.LinkItem(
                        label: source.label, url: base + filter.query(source: source),
                        isCurrent: filter.source == source,
                        key: source.rawValue)
                }, label: "Source", target: "", style: "segmented"),
            Components.linkBar(
                RidesModel.Filter.Status.allCases.map { status in
                    Components.LinkItem(
                        label: status.label, url: base + filter.query(status: status),
                        isCurrent: filter.status == status,
                        key: status.rawValue)
                }, label: "Status", target: "", style: "segmented"))
    }

    static func charts(_ model: RidesModel) -> Node<HTML.BodyContext> {
        .section(
            .class("history-charts"), .attr("aria-labelledby", "charts-heading"),
            .h2(.id("charts-heading"), .text("Trend")),
            .raw(model.scatter.html()),
            .if(
                !model.leftOut.isEmpty,
                .p(
                    .class("muted"),
                    .text(
                        "Left out of this chart as unusual heart rate (a strap that slipped, say); the list keeps "
                            + "them: " + model.leftOut.joined(separator: ", ") + "."))),
            .div(
                .class("grid-2"),
                .div(.h3(.text("Average power")), .raw(model.powerLine.html())),
                .div(.h3(.text("Average heart rate")), .raw(model.heartRateLine.html()))))
    }

    static func weeks(_ model: RidesModel) -> Node<HTML.BodyContext> {
        .section(
            .attr("aria-labelledby", "weeks-heading"),
            .h2(.id("weeks-heading"), .text("Weekly totals")),
            .raw(model.weekChart.html()),
            .div(
                .class("data-table-wrap"),
                .table(
                    .class("data weeks-table"),
                    .thead(.tr(.th(.text("Week of")), .th(.text("Rides")), .th(.text("Time")), .th(.text("Zone 2")))),
                    .tbody(
                        .forEach(model.weeks.filter { $0.rides > 0 }) { week in
                            .tr(
                                .th(.attr("scope", "row"), .safeText(week.label)), .td(.text("\(week.rides)")),
                                .td(.safeText(week.time)), .td(.text("\(week.zone2Minutes) min")))
                        }))))
    }

    static func list(_ model: RidesModel) -> Node<HTML.BodyContext> {
        .section(
            .id("ride-list"), .attr("aria-labelledby", "list-heading"),
            .h2(.id("list-heading"), .text("Rides (\(model.rows.count))")),
            model.rows.isEmpty
                ? Components.emptyState(
                    title: "No rides here", message: "No ride matches these filters. Ride, or import your files below.",
                    action: ("Start a ride", Zone2PageURL.home.path() + "#start"), icon: "💚")
                : RideList.list(model.rows))
    }

    static func strava(_ model: RidesModel) -> Node<HTML.BodyContext> {
        guard !model.stravaRows.isEmpty || model.stravaNote != nil else { return .empty }
        return .section(
            .id("strava-rides"), .attr("aria-labelledby", "strava-heading"),
            .h2(.id("strava-heading"), .text("On Strava")),
            .unwrap(model.stravaNote) { Components.notice($0, kind: "error") },
            .if(!model.stravaRows.isEmpty, RideList.list(model.stravaRows)))
    }

    static func importSection(_ model: RidesModel) -> Node<HTML.BodyContext> {
        .section(
            .class("card import"), .id("import"), .attr("aria-labelledby", "import-heading"),
            .h2(.id("import-heading"), .text("Import rides")),
            .p(
                .class("hint"),
                .text(
                    "FIT, TCX or GPX files from a bike computer, a watch or another app, up to "
                        + "\(RideImport.fileLimit >> 20) MB each. A ride already here (same start within a minute and "
                        + "same length) is skipped.")),
            .unwrap(model.importError) { Components.notice($0, kind: "error") },
            importResults(model.imports),
            .form(
                .method(.post), .action(Zone2PageURL.importRides.path()), .enctype(.multipartData),
                .class("import-form"), .id("import-form"),
                .div(
                    .class("drop-zone"), .attr("data-drop-zone", ""),
                    .label(.for("import-files"), .text("Choose files")),
                    .input(
                        .type(.file), .id("import-files"), .name("files"), .attr("multiple", "multiple"),
                        .attr("accept", ".fit,.tcx,.gpx,application/vnd.ant.fit,application/gpx+xml")),
                    .p(.class("hint js-only"), .text("or drop them here"))),
                .button(.type(.submit), .class("button"), .text("Import"))),
            .ul(.class("import-results js-results"), .attr("aria-live", "polite")))
    }

    static func importResults(_ results: [RidesModel.ImportResult]) -> Node<HTML.BodyContext> {
        guard !results.isEmpty else { return .empty }
        return .ul(
            .class("import-results"), .attr("role", "status"),
            .forEach(results) { result in
                .li(
                    .class("import-\(result.outcome.rawValue)"),
                    .strong(.safeText(result.file)), .text(": "),
                    .unwrap(
                        result.url, { url in .a(.link(url), .safeText(result.message)) },
                        else: .safeText(result.message)))
            })
    }
}
