import ClubWeekly
import Foundation
import Plot
import WebUI

enum JoinView {
    static func page(_ model: JoinModel, strings s: ClubWeeklyStrings = .en) -> String {
        ClubLayout.page(
            title: s.signIn, header: model.header, bodyClass: "join",
            bodyData: model.clearOfflineCopies ? [("clear-cache", "true")] : [], strings: s,
            main: .div(
                .class("join-card card"),
                .div(
                    .class("branding"),
                    .p(.class("brand-mark"), .safeText(s.appName)),
                    .h1(.safeText(model.header.name)),
                    .p(.class("value-prop"), .safeText(s.valueProposition)),
                    .if(
                        model.memberCount > 0,
                        .p(.class("hint"), .safeText(s.membersRideHere(model.memberCount))))),
                .unwrap(model.error) { Components.notice($0, kind: "error") },
                .unwrap(model.info) { Components.notice($0, kind: "info") },
                .form(
                    .method(.post), .action(ClubWeeklyURL.join(model.header.slug).path), .class("join-form"),
                    .div(
                        .class("field"),
                        .label(.for("code"), .safeText(s.clubCodeLabel)),
                        .input(
                            .id("code"), .name("code"), .type(.text), .attr("autocomplete", "off"),
                            .attr("autocapitalize", "characters"), .attr("spellcheck", "false"), .flag("required"),
                            .attr("aria-describedby", "code-hint")),
                        .p(.id("code-hint"), .class("hint"), .safeText(s.clubCodeHint))),
                    .div(
                        .class("actions"),
                        .button(.type(.submit), .class("button"), .name("next"), .value("view"), .safeText(s.viewClub)),
                        .button(
                            .type(.submit), .class("button strava"), .name("next"), .value("strava"),
                            .span(.attribute(named: "aria-hidden", value: "true"), .text("🚴 ")),
                            .safeText(s.joinAndConnect)))),
                .p(.class("consent"), .safeText(s.consent)),
                .p(.class("hint"), .text(s.stravaAccessHint))))
    }
}
