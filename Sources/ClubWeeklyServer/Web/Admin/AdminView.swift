import ClubWeekly
import Foundation
import Plot
import WebUI

enum AdminView {
    static func page(_ model: AdminModel, strings s: ClubWeeklyStrings = .en) -> String {
        let slug = model.header.slug
        guard model.signedIn else {
            return ClubLayout.page(
                title: s.admin, header: model.header, bodyClass: "admin", strings: s,
                main: .div(
                    .class("card narrow"),
                    .h1(.text(s.adminTitle)),
                    .unwrap(model.error) { Components.notice($0, kind: "error") },
                    .form(
                        .method(.post), .action(ClubWeeklyURL.adminAction(slug, .signin).path),
                        .div(
                            .class("field"), .label(.for("password"), .text(s.adminPassword)),
                            .input(
                                .id("password"), .name("password"), .type(.password), .flag("required"),
                                .attr("autocomplete", "current-password"))),
                        .button(.type(.submit), .class("button"), .text(s.adminSignIn)))))
        }
        let weekdays = Weekday.allCases.map(\.name)
        return ClubLayout.page(
            title: s.admin, header: model.header, bodyClass: "admin", strings: s,
            main: .group(
                .h1(.text(s.adminTitle)),
                .unwrap(model.error) { Components.notice($0, kind: "error") },
                .unwrap(model.notice) { Components.notice($0, kind: "success") },
                .section(
                    .class("card"), .attr("data-section", "club"),
                    .h2(.text(s.clubSettings)),
                    .form(
                        .method(.post), .action(ClubWeeklyURL.adminAction(slug, .settings).path),
                        .div(
                            .class("field"), .label(.for("name"), .text(s.clubName)),
                            .input(
                                .id("name"), .name("name"), .type(.text), .attr("value", model.clubName),
                                .flag("required"), .attr("maxlength", String(TextLimits.clubName)))),
                        .fieldset(
                            .element(named: "legend", nodes: [.text(s.coloursLegend)]),
                            .div(
                                .class("colour-row"),
                                .forEach(Array(model.colours.enumerated())) { index, colour in
                                    .group(
                                        .label(.for("colour\(index)"), .text(s.colourLabel(index + 1))),
                                        .input(
                                            .id("colour\(index)"), .name("colour\(index)"), .type(.color),
                                            .attr("value", colour)))
                                })),
                        .div(
                            .class("field"), .label(.for("tz"), .text(s.timeZone)),
                            .select(
                                .id("tz"), .attr("name", "timeZone"),
                                .forEach(model.timeZones) { zone in
                                    .choice(zone, zone, selected: zone == model.timeZone)
                                })),
                        .div(
                            .class("field"), .label(.for("week-start"), .text(s.weekStartsOn)),
                            .select(
                                .id("week-start"), .attr("name", "weekStart"),
                                .forEach(weekdays) { day in
                                    .choice(day, s.weekdayName(day), selected: day == model.weekStart)
                                })),
                        .fieldset(
                            .element(named: "legend", nodes: [.text(s.countedActivities)]),
                            .div(
                                .class("checkbox-grid"),
                                .forEach(model.sportTypes) { sport in
                                    .label(
                                        .class("checkbox"),
                                        .input(
                                            .type(.checkbox), .name("sport"), .attr("value", sport.id),
                                            sport.checked ? .flag("checked") : .attr("data-off", "")),
                                        .safeText(sport.label))
                                })),
                        .label(
                            .class("checkbox"),
                            .input(
                                .type(.checkbox), .name("feedPublic"), .value("yes"),
                                model.feedPublic ? .flag("checked") : .attr("data-off", "")),
                            .text(s.feedPublicLabel)),
                        .div(
                            .class("field"), .label(.for("new-password"), .text(s.newAdminPassword)),
                            .input(
                                .id("new-password"), .name("adminPassword"), .type(.password),
                                .attr("autocomplete", "new-password"), .attr("minlength", "10"))),
                        .button(.type(.submit), .class("button"), .text(s.saveSettings)))),
                .section(
                    .class("card"), .attr("data-section", "code"),
                    .h2(.text(s.clubCodeTitle)),
                    .p(.text(s.currentCode), .strong(.class("club-code"), .safeText(model.code))),
                    .p(.class("hint"), .text(s.codeChangeHint)),
                    .form(
                        .method(.post), .action(ClubWeeklyURL.adminAction(slug, .code).path),
                        .div(
                            .class("field"), .label(.for("new-code"), .text(s.newCode)),
                            .input(
                                .id("new-code"), .name("code"), .type(.text), .attr("autocomplete", "off"),
                                .attr("minlength", "8"))),
                        .button(.type(.submit), .class("button secondary"), .text(s.changeCode)))),
                .section(
                    .class("card"), .attr("data-section", "members"),
                    .h2(.safeText(s.membersTitle(model.members.count))),
                    model.members.isEmpty
                        ? .p(.text(s.noMembers))
                        : .div(
                            .class("data-table-wrap"),
                            .table(
                                .class("data members-table"),
                                .caption(.class("visually-hidden"), .text(s.membersCaption)),
                                .thead(
                                    .tr(
                                        .th(.attribute(named: "scope", value: "col"), .text(s.memberHeader)),
                                        .th(.attribute(named: "scope", value: "col"), .text(s.sourceHeader)),
                                        .th(.attribute(named: "scope", value: "col"), .text(s.syncHeader)),
                                        .th(.attribute(named: "scope", value: "col"), .text(s.activitiesHeader)),
                                        .th(
                                            .attribute(named: "scope", value: "col"),
                                            .span(.class("visually-hidden"), .text(s.actionsHeader))))),
                                .tbody(
                                    .forEach(model.members) { member in
                                        .tr(
                                            .td(.safeText(member.name)), .td(.safeText(member.source)),
                                            .td(.class(member.hasError ? "sync-error" : ""), .safeText(member.status)),
                                            .td(.text(String(member.activities))),
                                            .td(
                                                .form(
                                                    .method(.post),
                                                    .action(ClubWeeklyURL.removeMember(slug, member: member.id).path),
                                                    .button(
                                                        .type(.submit), .class("button secondary small"),
                                                        .attr("aria-label", s.removeMemberLabel(member.name)),
                                                        .text(s.remove))))
                                        )
                                    }))))))
    }
}
