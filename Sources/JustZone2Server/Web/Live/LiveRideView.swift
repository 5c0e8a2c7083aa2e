import Foundation
import JustZone2
import Plot
import ServerKit
import WebUI

/// What the ride page shows: the rider's ``RideState`` and the chart so far.
struct LiveRideModel: Sendable, Equatable {
    var state: RideState
    var chart: [LiveChartPoint]
    /// A command's refusal sent back by the form without JavaScript.
    var noticeFromQuery: String?
}

/// `/zone2/ride`: big readouts, the live chart, the controls (forms that work without JavaScript; `ride.js` sends
/// them over the socket instead), link status and the viewer's "Use this tab". `radio.js` holds the Bluetooth
/// links when this tab is the radio.
enum LiveRideView {
    static func render(_ model: LiveRideModel) -> String {
        let state = model.state
        let live = state.status == .live
        return Zone2Layout.page(
            title: live ? "Riding" : "Ride", section: .ride, stylesheets: ["zone2-live.css"],
            scripts: live ? ["radio.js", "ride.js"] : [], bodyClass: "zone2-ride",
            bodyData: [
                ("ride", state.ride ?? ""), ("source", state.source ?? ""), ("status", state.status.rawValue),
                ("bridge", Zone2PageURL.bridge.path()), ("state-url", Zone2PageURL.rideState.path()),
            ],
            noscriptRefreshSeconds: live ? 5 : nil,
            main: .group(
                .unwrap(model.noticeFromQuery) { Components.notice($0, kind: "error") },
                body(model)))
    }

    static func body(_ model: LiveRideModel) -> Node<HTML.BodyContext> {
        let state = model.state
        switch state.status {
        case .none:
            return Components.emptyState(
                title: "No ride in progress",
                message: "Start a ride on the home page: pair your trainer first, or try the simulator.",
                action: ("Start a ride", Zone2PageURL.home.path()), icon: "🚴")
        case .interrupted:
            return interrupted(state)
        case .finished:
            return .div(
                .class("card ride-ended"),
                .h1(.text("Ride saved")),
                .unwrap(state.next) { .p(.a(.class("button"), .link($0), .text("See the summary"))) })
        case .live:
            return live(model)
        }
    }

    static func interrupted(_ state: RideState) -> Node<HTML.BodyContext> {
        .div(
            .class("card ride-ended"),
            .h1(.text("Ride interrupted")),
            .p(.safeText(state.message ?? "The server restarted during your ride.")),
            .unwrap(state.ride) { id in
                .form(
                    .method(.post), .action(Zone2PageURL.rideResume.path(["id": id])),
                    .button(.class("button"), .type(.submit), .text("Resume the ride")))
            },
            .unwrap(state.next) { .p(.a(.link($0), .text("Save or discard it instead"))) })
    }

    static func live(_ model: LiveRideModel) -> Node<HTML.BodyContext> {
        let state = model.state
        let snapshot = state.snapshot
        let zone = state.zoneLower.flatMap { lower in state.zoneUpper.map { (lower: lower, upper: $0) } }
        return .group(
            .h1(.class("visually-hidden"), .text("Ride in progress")),
            links(state),
            .div(
                .class("ride-banner"), .id("reconnecting"), .attr("role", "status"), .attr("hidden", "hidden"),
                .text("Reconnecting to the server…")),
            viewerBar(state),
            pairBar(state),
            .p(
                .class("ride-message"), .id("ride-message"), .attr("role", "status"), .attr("aria-live", "polite"),
                .safeText(state.message ?? "")),
            readouts(state),
            .section(
                .class("card ride-chart-card"), .ariaLabel("Live chart"),
                LiveChart.render(
                    model.chart, total: snapshot?.total ?? 0, target: snapshot?.target ?? 0, zone: zone),
                .p(
                    .class("chart-key"),
                    .span(.class("key-power"), .text("Power")), .text(" "),
                    .span(.class("key-heart"), .text("Heart rate")), .text(" "),
                    .span(.class("key-zone"), .text("Zone 2")))),
            controls(state),
            .p(
                .class("ride-keys"), .id("ride-keys"),
                .text("Keys: ↑ or + raise, ↓ or − lower, space pauses and resumes, L marks a lap, Q ends the ride.")))
    }

    static func links(_ state: RideState) -> Node<HTML.BodyContext> {
        let snapshot = state.snapshot
        let simulated = state.source == StoredRide.Source.simulator.rawValue
        func link(_ key: String, _ name: String, _ up: Bool?) -> Node<HTML.ListContext> {
            let (mark, word) =
                switch up {
                case .some(true): ("up", "connected")
                case .some(false): ("down", "not connected")
                case .none: ("none", "not used")
                }
            return .li(
                .class("link link-\(mark)"), .attr("data-link", key),
                .span(.class("dot"), .attr("aria-hidden", "true")),
                .span(.text(name + ": ")), .span(.class("link-word"), .text(word)))
        }
        return .ul(
            .class("ride-links"), .attr("aria-label", "Connections"),
            link("server", "Server", true),
            link("trainer", simulated ? "Trainer (simulator)" : "Trainer", snapshot?.trainerConnected),
            link("strap", simulated ? "Strap (simulator)" : "Heart-rate strap", snapshot?.strapConnected))
    }

    static func viewerBar(_ state: RideState) -> Node<HTML.BodyContext> {
        .div(
            .class("ride-viewer"), .id("viewer-bar"), .attr("hidden", "hidden"),
            .p(.text("Another tab holds the Bluetooth links; this one shows the ride.")),
            .button(.class("button"), .type(.button), .id("take-over"), .text("Use this tab")))
    }

    static func pairBar(_ state: RideState) -> Node<HTML.BodyContext> {
        .div(
            .class("ride-pair"), .id("pair-bar"), .attr("hidden", "hidden"),
            .p(.id("pair-text"), .text("Choose your trainer to start riding.")),
            .button(.class("button"), .type(.button), .id("pair-trainer"), .text("Pair trainer")),
            .button(.class("button secondary"), .type(.button), .id("pair-strap"), .text("Pair strap")))
    }

    static func readouts(_ state: RideState) -> Node<HTML.BodyContext> {
        let snapshot = state.snapshot
        let heart = RideFormat.heartClass(snapshot?.heartRate, lower: state.zoneLower, upper: state.zoneUpper)
        func tile(
            _ key: String, _ label: String, _ value: String, unit: String, extra: String = ""
        ) -> Node<HTML.BodyContext> {
            .div(
                .class("readout readout-\(key) \(extra)"), .attr("data-readout", key),
                .p(.class("readout-label"), .text(label)),
                .p(
                    .class("readout-value"),
                    .span(.class("value"), .safeText(value)),
                    .if(!unit.isEmpty, .span(.class("unit"), .text(" " + unit)))))
        }
        let phase = snapshot.map { RideFormat.phase($0.phase) } ?? ""
        return .section(
            .class("ride-readouts"), .ariaLabel("Ride now"),
            tile("power", "Power", snapshot?.power.map(String.init) ?? "--", unit: "W", extra: "big"),
            tile(
                "heart", "Heart rate", snapshot?.heartRate.map(String.init) ?? "--", unit: "bpm", extra: "big " + heart),
            tile("target", "Target", snapshot.map { String($0.target) } ?? "--", unit: "W"),
            tile("cadence", "Cadence", snapshot?.cadence.map(String.init) ?? "--", unit: "rpm"),
            tile("elapsed", "Elapsed", RideFormat.clock(snapshot?.elapsed ?? 0), unit: ""),
            tile(
                "remaining", phase.isEmpty ? "Left" : "\(phase) left", RideFormat.clock(snapshot?.phaseRemaining ?? 0),
                unit: ""),
            .div(
                .class("ride-progress"),
                .label(.for("ride-progress"), .text("Progress")),
                .element(
                    named: "progress",
                    nodes: [
                        .attr("id", "ride-progress"), .attr("max", String(Int(snapshot?.total ?? 1))),
                        .attr("value", String(Int(snapshot?.elapsed ?? 0))),
                    ]),
                .p(
                    .class("ride-zone"), .id("ride-zone"),
                    .safeText(RideFormat.zoneText(lower: state.zoneLower, upper: state.zoneUpper, mode: state.mode)))))
    }

    static func controls(_ state: RideState) -> Node<HTML.BodyContext> {
        let paused = state.snapshot?.isPaused ?? false
        let heartMode = state.mode == "hr"
        let unit = heartMode ? "bpm" : "W"
        let step = heartMode ? 1 : 5
        return .section(
            .class("card ride-controls"), .ariaLabel("Controls"),
            .div(
                .class("control-row"),
                commandForm("adjust", value: "-\(step)", label: "−\(step) \(unit)", id: "cmd-down"),
                commandForm("adjust", value: "\(step)", label: "+\(step) \(unit)", id: "cmd-up")),
            .div(
                .class("control-row"),
                commandForm(
                    paused ? "resume" : "pause", value: nil, label: paused ? "Resume" : "Pause", id: "cmd-pause",
                    style: "secondary"),
                commandForm("lap", value: nil, label: "Lap", id: "cmd-lap", style: "secondary"),
                commandForm(
                    "mode", value: heartMode ? "0" : "1", label: heartMode ? "Switch to ERG" : "Zone targeting",
                    id: "cmd-mode", style: "secondary")),
            .element(
                named: "details",
                nodes: [
                    .class("end-ride"),
                    .element(named: "summary", nodes: [.text("End ride…")]),
                    .p(.text("The ride is saved as ridden so far.")),
                    commandForm("stop", value: nil, label: "End and save", id: "cmd-stop", style: "danger"),
                ]))
    }

    static func commandForm(
        _ action: String, value: String?, label: String, id: String, style: String? = nil
    ) -> Node<HTML.BodyContext> {
        .form(
            .method(.post), .action(Zone2PageURL.rideCommand.path()), .class("command-form"),
            .input(.type(.hidden), .name("action"), .value(action)),
            .unwrap(value) { .input(.type(.hidden), .name("value"), .value($0)) },
            .button(
                .class(style.map { "button \($0)" } ?? "button"), .type(.submit), .id(id),
                .attr("data-action", action), .attr("data-value", value ?? ""), .text(label)))
    }
}

/// Words and numbers of the ride page (the same rules as `ride.js`).
enum RideFormat {
    /// `1:02:03` or `12:05`.
    static func clock(_ seconds: TimeInterval) -> String {
        let total = max(0, Int(seconds.isFinite ? seconds : 0))
        let (h, m, s) = (total / 3600, total / 60 % 60, total % 60)
        return h > 0 ? String(format: "%d:%02d:%02d", h, m, s) : String(format: "%d:%02d", m, s)
    }

    static func phase(_ phase: WorkoutPlan.Phase) -> String {
        switch phase {
        case .warmUp: "Warm-up"
        case .main: "Interval"
        case .coolDown: "Cool-down"
        case .finished: "Done"
        }
    }

    /// `below`, `in` or `above` the zone (`none` without a reading or a zone).
    static func heartClass(_ bpm: Int?, lower: Int?, upper: Int?) -> String {
        guard let bpm, let lower, let upper else { return "hr-none" }
        return bpm < lower ? "hr-below" : bpm > upper ? "hr-above" : "hr-in"
    }

    static func zoneText(lower: Int?, upper: Int?, mode: String?) -> String {
        guard let lower, let upper else {
            return mode == "hr" ? "" : "ERG mode. Set your zones to see heart rate against Zone 2."
        }
        return (mode == "hr" ? "Zone targeting: " : "ERG mode · Zone 2: ") + "\(lower)–\(upper) bpm"
    }
}
