import Foundation
import Plot
import ServerKit
import WebUI

/// What the pair page needs to know.
struct PairModel: Sendable, Equatable {
    /// The rider has a ride in progress (the page links back to it).
    var rideInProgress: Bool
}

/// `/zone2/pair`: one button per device type opens the browser's chooser (`radio.js`, Web Bluetooth), then shows
/// the device's name, battery and live watts or bpm as a sign of life; remembered devices come back through
/// `getDevices()` where the browser has it. Without Web Bluetooth the page says so and offers the simulator.
enum PairView {
    static func render(_ model: PairModel) -> String {
        Zone2Layout.page(
            title: "Pair devices", section: .ride, stylesheets: ["zone2-live.css"], scripts: ["radio.js"],
            bodyClass: "zone2-pair", bodyData: [("page", "pair")],
            main: .group(
                .h1(.text("Pair your trainer and strap")),
                .if(
                    model.rideInProgress,
                    Components.notice("A ride is in progress.", kind: "info")),
                .if(
                    model.rideInProgress,
                    .p(.a(.class("button"), .link(Zone2PageURL.ride.path()), .text("Back to the ride")))),
                .div(
                    .class("notice notice-error"), .id("bt-unsupported"), .attr("role", "alert"),
                    .attr("hidden", "hidden"),
                    .text(
                        "This browser can't connect to a trainer. Use Chrome or Edge on a computer or an Android "
                            + "phone.")),
                .div(
                    .class("notice notice-error"), .id("bt-insecure"), .attr("role", "alert"),
                    .attr("hidden", "hidden"),
                    .text(
                        "Bluetooth needs a secure page: open JustZone2 over https:// (or on this computer at "
                            + "http://localhost).")),
                .element(
                    named: "noscript",
                    nodes: [
                        Components.notice(
                            "Pairing needs JavaScript and Web Bluetooth (Chrome or Edge). The simulator works in "
                                + "every browser.", kind: "info")
                    ]),
                .div(
                    .class("pair-grid"),
                    device(
                        "trainer", title: "Smart trainer",
                        help: "An FTMS trainer (Wahoo KICKR, Tacx, Elite, Zwift Hub…).",
                        unit: "W"),
                    device(
                        "hrm", title: "Heart-rate strap", help: "Any Bluetooth heart-rate strap or watch broadcasting.",
                        unit: "bpm")),
                .section(
                    .class("card pair-next"),
                    .h2(.text("Then")),
                    .p(
                        .text("Start your ride on the home page. No trainer here? Choose "),
                        .a(.link(Zone2PageURL.home.path() + "#start"), .text("the simulator in the start form")),
                        .text(": the server rides a simulated trainer and strap, in any browser.")),
                    .p(.a(.class("button"), .link(Zone2PageURL.home.path() + "#start"), .text("Start a ride"))))))
    }

    static func device(_ key: String, title: String, help: String, unit: String) -> Node<HTML.BodyContext> {
        .section(
            .class("card pair-device"), .attr("data-device", key), .ariaLabel(title),
            .h2(.text(title)),
            .p(.class("muted"), .text(help)),
            .p(.class("pair-status"), .attr("data-field", "status"), .attr("role", "status"), .text("Not paired.")),
            .dl(
                .class("pair-facts"),
                .dt(.text("Name")), .dd(.attr("data-field", "name"), .text("—")),
                .dt(.text("Battery")), .dd(.attr("data-field", "battery"), .text("—")),
                .dt(.text(unit == "W" ? "Power" : "Heart rate")),
                .dd(.attr("data-field", "live"), .attr("data-unit", unit), .text("—"))),
            .p(
                .class("pair-actions"),
                .button(
                    .class("button"), .type(.button), .attr("data-scan", key), .attr("disabled", "disabled"),
                    .text(key == "trainer" ? "Scan for trainers" : "Scan for straps")),
                .button(
                    .class("button secondary"), .type(.button), .attr("data-forget", key), .attr("hidden", "hidden"),
                    .text("Forget"))))
    }
}
