import Foundation
import JustZone2
import Plot
import ServerKit
import WebUI

/// The zones page's view.
enum ZonesView {
    static func page(_ model: ZonesModel) -> String {
        Zone2Layout.page(
            title: "Zones", section: .zones, stylesheets: ["zone2-pages.css"],
            main: .group(
                .h1(.text("Heart-rate zones")),
                .unwrap(model.notice) { Components.notice($0, kind: "success") },
                .if(
                    !model.errors.isEmpty,
                    Components.notice("Nothing was saved: correct the fields marked below.", kind: "error")),
                current(model),
                form(model),
                methods(model)))
    }

    static func current(_ model: ZonesModel) -> Node<HTML.BodyContext> {
        .section(
            .class("card zones-current"), .id("current"), .attr("aria-labelledby", "current-heading"),
            .h2(.id("current-heading"), .text("Your zones")),
            model.bands.isEmpty
                ? .p(.text("No Zone 2 yet: fill in your heart rate below and choose a method."))
                : .table(
                    .class("zone-table"),
                    .thead(.tr(.th(.text("Zone")), .th(.text("Name")), .th(.text("Heart rate")))),
                    .tbody(
                        .forEach(model.bands) { band in
                            .tr(
                                .class("zone-\(band.number)\(band.number == 2 ? " is-top" : "")"),
                                .th(.attr("scope", "row"), .text("Z\(band.number)")),
                                .td(.safeText(band.name)),
                                .td(
                                    .safeText(band.number == 1 ? "< \(band.upper.map { $0 + 1 } ?? 0) bpm" : band.range)
                                ))
                        })),
            .unwrap(model.powerZone) { .p(.strong(.text("Power Zone 2: ")), .safeText($0)) },
            .if(
                model.powerZone == nil,
                .p(
                    .class("hint"), .text("Add your FTP in "),
                    .a(.link(Zone2PageURL.settings.path() + "#ftp"), .text("Settings")),
                    .text(" to see your power Zone 2 (56–75 % of FTP)."))))
    }

    static func form(_ model: ZonesModel) -> Node<HTML.BodyContext> {
        let input = model.input
        let e = model.errors
        return .section(
            .class("card"), .attr("aria-labelledby", "edit-heading"),
            .h2(.id("edit-heading"), .text("Set Zone 2")),
            .form(
                .method(.post), .action(Zone2PageURL.zones.path()), .class("zones-form"),
                .div(
                    .class("field-row"),
                    Zone2Fields.number(
                        id: "zones-maxhr", name: "maxhr", label: "Maximum heart rate", value: input.maxHeartRate,
                        range: ZonesModel.heartRates, unit: "bpm", error: e["maxhr"]),
                    Zone2Fields.number(
                        id: "zones-resthr", name: "resthr", label: "Resting heart rate", value: input.restingHeartRate,
                        range: ZonesModel.restingRates, unit: "bpm", error: e["resthr"])),
                Zone2Fields.radios(
                    name: "method", legend: "Zone 2 from",
                    choices: RiderZones.Method.allCases.map { ($0.rawValue, $0.label) }, selected: input.method,
                    error: e["method"]),
                .div(
                    .class("field-row"),
                    Zone2Fields.number(
                        id: "zones-lthr", name: "lthr", label: "Threshold heart rate (Friel, Coggan)",
                        value: input.thresholdHeartRate, range: ZonesModel.thresholds, unit: "bpm", error: e["lthr"]),
                    Zone2Fields.number(
                        id: "zones-age", name: "age", label: "Age (MAF)", value: input.age, range: ZonesModel.ages,
                        unit: "years", error: e["age"]),
                    Zone2Fields.number(
                        id: "zones-maf", name: "maf", label: "MAF adjustment", value: input.mafAdjustment,
                        range: ZonesModel.adjustments, error: e["maf"],
                        hint:
                            "−10 recovering from illness, −5 injured or inconsistent, 0 training steadily, +5 two years of progress"
                    )),
                .div(
                    .class("field-row"),
                    Zone2Fields.number(
                        id: "zones-lower", name: "lower", label: "My own bounds: from", value: input.lower,
                        range: 30...230, unit: "bpm", error: e["lower"]),
                    Zone2Fields.number(
                        id: "zones-upper", name: "upper", label: "to", value: input.upper, range: 30...230, unit: "bpm",
                        error: e["upper"])),
                .button(.type(.submit), .class("button primary"), .text("Save zones"))))
    }

    static func methods(_ model: ZonesModel) -> Node<HTML.BodyContext> {
        .section(
            .attr("aria-labelledby", "methods-heading"),
            .h2(.id("methods-heading"), .text("What each method gives you")),
            .div(
                .class("methods-wrap"),
                .table(
                    .class("zone-table methods-table"),
                    .thead(.tr(.th(.text("Method")), .th(.text("Zone 2")))),
                    .tbody(
                        .forEach(model.methods) { row in
                            .tr(
                                .if(row.isCurrent, .class("is-top")),
                                .th(
                                    .attr("scope", "row"), .safeText(row.method.label), .if(row.isCurrent, .text(" ✓"))),
                                .td(.safeText(row.zone)))
                        }))))
    }
}
