import Foundation
import JustZone2
import Plot
import ServerKit
import WebUI

/// The home page's view.
enum HomeView {
    static func page(_ model: HomeModel) -> String {
        Zone2Layout.page(
            title: "Ride", section: .ride, stylesheets: ["zone2-pages.css"], scripts: ["zone2-pages.js"],
            main: .group(
                .h1(.text("Zone 2")),
                .unwrap(model.notice) { Components.notice($0, kind: "success") },
                inProgress(model),
                week(model),
                start(model),
                rides(model),
                strava(model)))
    }

    static func inProgress(_ model: HomeModel) -> Node<HTML.BodyContext> {
        .group(
            .unwrap(model.liveRideURL) { url in
                .section(
                    .class("card rejoin"), .id("ride-in-progress"), .attr("aria-labelledby", "rejoin-heading"),
                    .h2(.id("rejoin-heading"), .text("Ride in progress")),
                    .p(
                        .text(
                            "Your ride is still running on the server. Rejoin it to see it and to reconnect the trainer."
                        )),
                    .a(.class("button"), .link(url), .text("Rejoin ride")))
            },
            .forEach(model.interrupted) { ride in
                .section(
                    .class("card interrupted"), .attr("aria-label", "Interrupted ride"),
                    .h2(.text("Recover workout?")),
                    .p(.safeText("The ride of \(ride.when) (\(ride.duration)) stopped before its end.")),
                    .div(
                        .class("actions"),
                        Zone2Fields.postButton(action: ride.resumeURL, label: "Resume"),
                        Zone2Fields.postButton(action: ride.saveURL, label: "Save as is", style: "button secondary"),
                        .a(.class("button danger"), .link(ride.discardURL), .text("Discard"))))
            })
    }

    static func week(_ model: HomeModel) -> Node<HTML.BodyContext> {
        .section(
            .class("card week-goal"), .id("week"), .attr("aria-labelledby", "week-heading"),
            .h2(.id("week-heading"), .safeText("This week · \(model.weekLabel)")),
            .p(
                .class("goal-figures"),
                .strong(.class("big"), .text("\(model.weekMinutes)")),
                .safeText(
                    " of \(model.goalMinutes) min in Zone 2 · \(model.ridesThisWeek) ride\(model.ridesThisWeek == 1 ? "" : "s")"
                )),
            .element(
                named: "progress",
                nodes: [
                    .class("goal-bar"), .attr("max", "100"), .attr("value", String(model.percent)),
                    .attr("aria-label", "Weekly Zone 2 goal: \(model.percent) %"), .text("\(model.percent) %"),
                ]),
            .p(
                .class("hint"),
                .text(model.percent >= 100 ? "Goal reached. " : ""),
                .a(.link(Zone2PageURL.settings.path() + "#goal"), .text("Change the weekly goal"))))
    }

    static func start(_ model: HomeModel) -> Node<HTML.BodyContext> {
        let form = model.form
        return .section(
            .class("card start-ride"), .id("start"), .attr("aria-labelledby", "start-heading"),
            .h2(.id("start-heading"), .text("Start a ride")),
            .p(
                .class("hint bt-hint"), .id("bluetooth-hint"),
                .text(
                    "Riding with your trainer needs Web Bluetooth: Chrome or Edge on a computer or an Android phone "
                        + "(Safari, Firefox and iPhones can't). Every browser can ride with the simulator. "),
                .a(.link(Zone2PageURL.pair.path()), .text("Pair trainer and strap"))),
            .form(
                .method(.post), .action(Zone2PageURL.startRide.path()), .class("start-form"),
                Zone2Fields.radios(
                    name: "mode", legend: "Mode",
                    choices: [
                        ("erg", "ERG: hold a fixed power"),
                        ("hr", "Heart-rate guided: power follows your Zone 2" + (form.zone.map { " (\($0))" } ?? "")),
                    ], selected: form.heartRateGuided ? "hr" : "erg",
                    hint: form.zone == nil ? "Heart-rate guided rides need your Zone 2: set it under Zones." : nil),
                .div(
                    .class("field-row"),
                    Zone2Fields.number(
                        id: "start-watts", name: "watts", label: "Power (ERG target, or start in heart-rate mode)",
                        value: String(form.watts), range: 60...300, step: 5, unit: "W", required: true),
                    Zone2Fields.number(
                        id: "start-minutes", name: "minutes", label: "Duration of the main part",
                        value: String(form.minutes), range: 5...180, step: 5, unit: "min", required: true)),
                Zone2Fields.checkbox(
                    name: "warmup", label: "5-minute warm-up and cool-down at half power", checked: form.warmUp),
                Zone2Fields.radios(
                    name: "source", legend: "Trainer",
                    choices: [
                        ("bridge", "My trainer and strap, through Bluetooth in this tab"),
                        ("simulator", "The simulator (any browser, no trainer needed)"),
                    ], selected: "bridge"),
                .button(.type(.submit), .class("button primary big-button"), .text("Start ride"))))
    }

    static func rides(_ model: HomeModel) -> Node<HTML.BodyContext> {
        .section(
            .id("last-rides"), .attr("aria-labelledby", "rides-heading"),
            .h2(.id("rides-heading"), .text("Last rides")),
            model.rides.isEmpty
                ? Components.emptyState(
                    title: "No rides yet",
                    message: "Your rides appear here when they end. You can also import FIT, TCX or GPX files.",
                    action: ("Import rides", Zone2PageURL.rides.path() + "#import"), icon: "💚")
                : .group(
                    RideList.list(model.rides),
                    .p(.a(.link(Zone2PageURL.rides.path()), .text("All rides and weekly totals →")))))
    }

    static func strava(_ model: HomeModel) -> Node<HTML.BodyContext> {
        .section(
            .class("card strava-status"), .id("strava"), .attr("aria-labelledby", "strava-heading"),
            .h2(.id("strava-heading"), .text("Strava")),
            stravaBody(model))
    }

    static func stravaBody(_ model: HomeModel) -> Node<HTML.BodyContext> {
        if model.stravaConnected {
            return .p(
                .text("Connected: rides can be uploaded from their page. "),
                .a(.link(Zone2PageURL.settings.path() + "#strava"), .text("Manage")))
        }
        if !model.stravaConfigured {
            return .p(
                .class("hint"),
                .text("Strava is not set up on this server; rides stay here and download as FIT or TCX."))
        }
        return .p(
            .text("Connect Strava to upload your rides. "),
            .a(.class("button strava"), .link(Zone2PageURL.stravaConnect.path()), .text("Connect with Strava")))
    }
}

/// The list of rides the home and history pages share.
enum RideList {
    static func list(_ rows: [HomeModel.RideRow]) -> Node<HTML.BodyContext> {
        .ul(
            .class("ride-list"),
            .forEach(rows) { row in
                .li(
                    .a(
                        .link(row.url), .class("ride-row"),
                        .span(.class("ride-title"), .safeText(row.title)),
                        .unwrap(row.badge) { .span(.class("badge"), .safeText($0)) },
                        .span(.class("ride-when"), .safeText(row.when)),
                        .span(
                            .class("ride-figures"),
                            .safeText("\(row.duration) · \(row.power) · \(row.heartRate)"))))
            })
    }
}
