import Foundation
import JustZone2
import Plot
import ServerKit
import WebUI

/// The settings page's view.
enum SettingsView {
    static func page(_ model: SettingsModel) -> String {
        Zone2Layout.page(
            title: "Settings", section: .settings, stylesheets: ["zone2-pages.css"],
            main: .group(
                .h1(.text("Settings")),
                .unwrap(model.notice) { Components.notice($0.text, kind: $0.error ? "error" : "success") },
                training(model),
                strava(model),
                simulator(),
                diagnostics(model)))
    }

    static func training(_ model: SettingsModel) -> Node<HTML.BodyContext> {
        .section(
            .class("card"), .id("ftp"), .attr("aria-labelledby", "training-heading"),
            .h2(.id("training-heading"), .text("Training")),
            .if(
                !model.errors.isEmpty,
                Components.notice("Nothing was saved: correct the fields marked below.", kind: "error")),
            .form(
                .method(.post), .action(Zone2PageURL.settings.path()), .class("settings-form"),
                .div(
                    .class("field-row"),
                    Zone2Fields.number(
                        id: "settings-ftp", name: "ftp", label: "FTP (functional threshold power)", value: model.ftp,
                        range: SettingsModel.ftps, unit: "W", error: model.errors["ftp"],
                        hint: model.powerZone.map { "Power Zone 2: \($0) (56–75 % of FTP)" }
                            ?? "Power Zone 2 is 56–75 % of it."),
                    .div(
                        .id("goal"),
                        Zone2Fields.number(
                            id: "settings-goal", name: "goal", label: "Weekly Zone 2 goal", value: model.goal,
                            range: SettingsModel.goals, step: 5, unit: "min", error: model.errors["goal"],
                            required: true))),
                .button(.type(.submit), .class("button primary"), .text("Save settings"))),
            .p(
                .class("hint"), .text("Heart-rate zones are set under "),
                .a(.link(Zone2PageURL.zones.path()), .text("Zones")), .text(".")))
    }

    static func strava(_ model: SettingsModel) -> Node<HTML.BodyContext> {
        .section(
            .class("card"), .id("strava"), .attr("aria-labelledby", "strava-heading"),
            .h2(.id("strava-heading"), .text("Strava")),
            stravaBody(model))
    }

    static func stravaBody(_ model: SettingsModel) -> Node<HTML.BodyContext> {
        if model.stravaConnected {
            return .group(
                .p(
                    .safeText(
                        "Connected\(model.stravaAthlete.map { " as \($0)" } ?? ""). Rides upload from their page.")),
                Zone2Fields.postButton(
                    action: Zone2PageURL.stravaDisconnect.path(), label: "Disconnect Strava", style: "button secondary")
            )
        }
        guard model.stravaConfigured else {
            return .p(
                .class("hint"),
                .text("Strava is not set up on this server: rides stay here and download as FIT or TCX."))
        }
        return .group(
            .p(
                .text(
                    "Connect Strava to upload your rides and see your indoor rides from Strava. Tokens are kept encrypted on this server."
                )),
            .a(.class("button strava"), .link(Zone2PageURL.stravaConnect.path()), .text("Connect with Strava")))
    }

    /// What happened on the rider's bridge lately: where to look when a trainer or strap misbehaves.
    static func diagnostics(_ model: SettingsModel) -> Node<HTML.BodyContext> {
        .section(
            .class("card"), .id("diagnostics"), .attr("aria-labelledby", "diagnostics-heading"),
            .h2(.id("diagnostics-heading"), .text("Bluetooth diagnostics")),
            .p(
                .class("muted"),
                .text(
                    "Your rides' tabs, trainer and strap on this server since it started, newest first (the last "
                        + "\(BridgeEventLog.perRider)).")),
            model.events.isEmpty
                ? .p(.text("Nothing yet: start a ride and its connections show here."))
                : .ol(
                    .class("event-log"),
                    .forEach(model.events) { event in
                        .li(.element(named: "time", text: event.time), .text(" "), .span(.text(event.text)))
                    }))
    }

    static func simulator() -> Node<HTML.BodyContext> {
        .section(
            .class("card"), .attr("aria-labelledby", "demo-heading"),
            .h2(.id("demo-heading"), .text("No trainer at hand?")),
            .p(
                .text(
                    "Choose “The simulator” when you start a ride: the server rides a simulated trainer and strap, in any browser. "
                ),
                .a(.link(Zone2PageURL.home.path() + "#start"), .text("Start a ride"))))
    }
}
