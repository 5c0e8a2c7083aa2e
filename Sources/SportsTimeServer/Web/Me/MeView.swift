import Foundation
import Plot
import ServerKit
import SportsTime
import WebUI

/// `/trips/me` and `/trips/restore`: the device's identity, its recovery link, settings, forgetting the device and
/// deleting everything; restoring an identity from a recovery link.
enum MeView {
    struct Model: Sendable, Equatable {
        /// Whether this browser holds a traveller identity.
        var hasIdentity: Bool
        var tripCount: Int
        /// The absolute recovery link, when there is an identity.
        var recoveryLink: String?
        var prefs: TripsPrefs
        /// Venue cities for the home-city suggestions.
        var cities: [String]
        var notice: String?
    }

    static func model(
        travellerID: String?, token: String?, tripCount: Int, origin: String, prefs: TripsPrefs, cities: [String],
        notice: String?
    ) -> Model {
        let link = (travellerID != nil ? token : nil).map {
            origin + TripsPageURL.restore.path() + RoutePath.query([("key", $0)])
        }
        return Model(
            hasIdentity: travellerID != nil, tripCount: tripCount, recoveryLink: link, prefs: prefs,
            cities: Array(Set(cities)).sorted(), notice: notice)
    }

    static func render(_ model: Model) -> String {
        TripsLayout.page(
            title: "Settings", section: .me, prefs: model.prefs, stylesheets: ["sportstime-trip.css"],
            scripts: ["sportstime-trip.js"], bodyClass: "trips-me",
            main: .group(
                .h1(.text("Settings and your trips")),
                .unwrap(model.notice) { Components.notice($0, kind: "success") },
                identity(model),
                settings(model),
                dangerZone(model)))
    }

    static func identity(_ model: Model) -> Node<HTML.BodyContext> {
        .section(
            .class("card identity"), .ariaLabel("This device"),
            .h2(.text("This device")),
            .unwrap(model.recoveryLink) { link in
                recovery(link: link, tripCount: model.tripCount)
            },
            .if(
                model.recoveryLink == nil,
                .p(
                    .attr("data-identity", "no"),
                    .text(
                        "This browser holds no trips yet. Saving a trip creates your identity here; if you saved trips "
                            + "on another device, open its recovery link (Settings there) on this one."))))
    }

    static func recovery(link: String, tripCount: Int) -> Node<HTML.BodyContext> {
        let mailto =
            "mailto:?subject=" + RoutePath.encode("My SportsTime trips") + "&body="
            + RoutePath.encode("Open my SportsTime trips: \(link)")
        return .group(
            .p(
                .attr("data-identity", "yes"),
                .safeText(
                    "This browser holds your trips (\(tripCount) saved). There is no account or password: "
                        + "keep this recovery link to open them on another device or after clearing cookies.")),
            .div(
                .class("field"),
                .label(.for("recovery-link"), .text("Recovery link (keep it private)")),
                .input(
                    .type(.text), .id("recovery-link"), .attr("value", link), .flag("readonly"),
                    .attr("spellcheck", "false"))),
            .p(
                .class("action-row"),
                .button(
                    .type(.button), .class("button js-only"), .attr("data-copy", "recovery-link"),
                    .text("Copy link")),
                .a(
                    .class("button"),
                    .link(mailto),
                    .text("Email it to myself"))),
            .p(.class("copy-status muted"), .attribute(named: "aria-live", value: "polite")))
    }

    static func settings(_ model: Model) -> Node<HTML.BodyContext> {
        let prefs = model.prefs
        return .section(
            .class("card settings"), .ariaLabel("Settings"),
            .h2(.text("Settings")),
            .form(
                .method(.post), .action(TripsPageURL.me.path()),
                .input(.type(.hidden), .name("action"), .attr("value", "settings")),
                .fieldset(
                    .element(named: "legend", nodes: [.text("Distances in")]),
                    .forEach(TripsPrefs.Units.allCases) { units in
                        .label(
                            .class("choice"),
                            .input(
                                .type(.radio), .name("units"), .attr("value", units.rawValue),
                                .checked(prefs.units == units)),
                            .text(units == .mi ? " Miles" : " Kilometres"))
                    }),
                .div(
                    .class("field"),
                    .label(.for("home-city"), .text("Home city (trips start here by default)")),
                    .input(
                        .type(.text), .id("home-city"), .name("home"), .attr("value", prefs.homeCity),
                        .attr("list", "home-cities"), .attr("maxlength", "80"), .attr("autocomplete", "off")),
                    .element(
                        named: "datalist",
                        nodes: [
                            .id("home-cities"),
                            .forEach(model.cities) { city in .raw("<option value=\"\(HTMLEscape.attribute(city))\">") },
                        ])),
                .fieldset(
                    .element(named: "legend", nodes: [.text("Leagues the planner ticks first (none: all)")]),
                    .forEach(League.allCases) { league in
                        .label(
                            .class("choice"),
                            .input(
                                .type(.checkbox), .name("leagues"), .attr("value", league.rawValue),
                                .checked(prefs.leagues.contains(league))),
                            .text(" " + league.displayName))
                    }),
                .fieldset(
                    .element(named: "legend", nodes: [.text("Theme")]),
                    .forEach(TripsPrefs.Theme.allCases) { theme in
                        .label(
                            .class("choice"),
                            .input(
                                .type(.radio), .name("theme"), .attr("value", theme.rawValue),
                                .checked(prefs.theme == theme)),
                            .text(" " + theme.rawValue.capitalized))
                    }),
                .button(.type(.submit), .class("button primary"), .text("Save settings"))))
    }

    static func dangerZone(_ model: Model) -> Node<HTML.BodyContext> {
        guard model.hasIdentity else { return .empty }
        return .section(
            .class("card danger-zone"), .ariaLabel("Leave or delete"),
            .h2(.text("Leave or delete")),
            .form(
                .method(.post), .action(TripsPageURL.me.path()),
                .input(.type(.hidden), .name("action"), .attr("value", "forget")),
                .p(
                    .text(
                        "Forget this device: this browser stops opening your trips. They stay on the server; your "
                            + "recovery link brings them back.")),
                .button(.type(.submit), .class("button"), .text("Forget this device"))),
            .form(
                .method(.post), .action(TripsPageURL.me.path()),
                .input(.type(.hidden), .name("action"), .attr("value", "delete-all")),
                .p(.text("Delete all my data: every trip, visit and poll, for good. The recovery link stops working.")),
                .label(
                    .class("choice"),
                    .input(.type(.checkbox), .name("confirm"), .attr("value", "1"), .required(true)),
                    .text(" I understand this can't be undone")),
                .button(.type(.submit), .class("button danger"), .text("Delete all my data"))))
    }

    // MARK: Restore

    static func restore(
        key: String?, currentLink: String?, prefs: TripsPrefs, message: String? = nil
    ) -> String {
        TripsLayout.page(
            title: "Open your trips", section: nil, prefs: prefs, stylesheets: ["sportstime-trip.css"],
            scripts: ["sportstime-trip.js"],
            main: .section(
                .class("card restore"),
                .h1(.text("Open your trips on this device")),
                .unwrap(message) { message in
                    .div(.class("notice notice-error"), .attribute(named: "role", value: "alert"), .safeText(message))
                },
                .unwrap(key) { key in
                    .group(
                        .p(.text("This recovery link opens the trips saved with it, in this browser.")),
                        .unwrap(currentLink) { link in
                            .div(
                                .class("notice notice-info restore-warning"),
                                .attribute(named: "role", value: "status"),
                                .p(
                                    .text(
                                        "This browser already holds other trips. Opening this link replaces them here. "
                                            + "Keep their own recovery link to get them back:")),
                                .p(.code(.safeText(link))))
                        },
                        .form(
                            .method(.post), .action(TripsPageURL.restore.path()), .attr("data-clear-offline", ""),
                            .input(.type(.hidden), .name("key"), .attr("value", key)),
                            .button(.type(.submit), .class("button primary"), .text("Open my trips here"))))
                },
                .if(
                    key == nil,
                    .group(
                        .p(
                            .text(
                                "SportsTime has no accounts: the browser that saves a trip holds it. To open your trips "
                                    + "on another device, copy the recovery link from Settings on the device that saved "
                                    + "them, and open it here.")),
                        .p(.a(.class("button"), .link(TripsPageURL.me.path()), .text("Settings"))))),
                .p(.a(.link(TripsPageURL.home.path()), .text("My trips")))))
    }
}
