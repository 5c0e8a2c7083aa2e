import ClubWeekly
import Foundation
import Plot
import WebUI

enum SettingsView {
    static func page(_ model: SettingsModel, strings s: ClubWeeklyStrings = .en) -> String {
        let slug = model.header.slug
        return ClubLayout.page(
            title: s.settings, header: model.header, bodyClass: "settings", strings: s,
            main: .group(
                .h1(.safeText(s.settings)),
                .unwrap(model.notice) { Components.notice($0.text, kind: $0.kind) },
                .unwrap(model.importReport) { report(report: $0, strings: s) },
                model.member.map { member in memberSections(member, model: model, slug: slug, strings: s) }
                    ?? joinSection(model, slug: slug, strings: s)))
    }

    static func joinSection(
        _ model: SettingsModel, slug: String, strings s: ClubWeeklyStrings
    ) -> Node<HTML.BodyContext> {
        .group(
            .section(
                .class("card"),
                .h2(.text(s.beCountedTitle)),
                .p(.text(s.beCountedText)),
                model.stravaAvailable
                    ? .a(
                        .class("button strava"), .link(ClubWeeklyURL.stravaConnect(slug).path),
                        .safeText(s.connectWithStrava))
                    : Components.notice(s.stravaNotConfigured, kind: "info"),
                .p(.class("consent"), .safeText(s.consent))),
            .section(
                .class("card"),
                .h2(.text(s.joinWithName)),
                .form(
                    .method(.post), .action(ClubWeeklyURL.settingsAction(slug, .name).path),
                    .div(
                        .class("field"), .label(.for("first"), .text(s.firstName)),
                        .input(
                            .id("first"), .name("firstName"), .type(.text), .flag("required"), .attr("maxlength", "40"),
                            .attr("autocomplete", "given-name"))),
                    .div(
                        .class("field"), .label(.for("last"), .text(s.lastName)),
                        .input(
                            .id("last"), .name("lastName"), .type(.text), .attr("maxlength", "40"),
                            .attr("autocomplete", "family-name"))),
                    .button(.type(.submit), .class("button"), .text(s.join)))))
    }

    static func memberSections(
        _ member: SettingsModel.MemberInfo, model: SettingsModel, slug: String, strings s: ClubWeeklyStrings
    ) -> Node<HTML.BodyContext> {
        .group(
            .section(
                .class("card"), .attr("data-section", "strava"),
                .h2(.text(s.stravaTitle)),
                .p(.safeText(s.signedInAs(member.name, member.activities))),
                member.stravaConnected
                    ? .group(
                        .p(.class("status status-ok"), .safeText(s.stravaStatusConnected(member.lastSync))),
                        .unwrap(member.lastError) { Components.notice(s.lastSyncProblem($0), kind: "error") },
                        .form(
                            .method(.post), .action(ClubWeeklyURL.settingsAction(slug, .disconnect).path),
                            .button(.type(.submit), .class("button secondary"), .text(s.disconnectStrava))),
                        .p(.class("hint"), .text(s.disconnectHint)))
                    : .group(
                        .p(.class("status"), .text(s.notConnected)),
                        model.stravaAvailable
                            ? .a(
                                .class("button strava"), .link(ClubWeeklyURL.stravaConnect(slug).path),
                                .safeText(s.connectWithStrava))
                            : Components.notice(s.stravaNotConfigured, kind: "info"))),
            .section(
                .class("card"), .attr("data-section", "import"),
                .h2(.text(s.importTitle)),
                .p(.text(s.importHint)),
                .form(
                    .method(.post), .action(ClubWeeklyURL.settingsAction(slug, .import).path), .enctype(.multipartData),
                    .div(
                        .class("field"), .label(.for("export-file"), .text(s.exportFile)),
                        .input(
                            .id("export-file"), .name("file"), .type(.file),
                            .attr("accept", ".csv,.zip,text/csv,application/zip"), .flag("required"))),
                    .button(.type(.submit), .class("button"), .text(s.importButton)))),
            .section(
                .class("card danger-zone"), .attr("data-section", "delete"),
                .h2(.text(s.deleteTitle)),
                .p(.text(s.deleteText)),
                .form(
                    .method(.post), .action(ClubWeeklyURL.settingsAction(slug, .delete).path),
                    .label(
                        .class("checkbox"),
                        .input(.type(.checkbox), .name("confirm"), .value("yes"), .flag("required")),
                        .text(s.iUnderstand)),
                    .button(.type(.submit), .class("button danger"), .text(s.deleteButton)))))
    }

    static func report(report: ImportReport, strings s: ClubWeeklyStrings) -> Node<HTML.BodyContext> {
        .section(
            .class("card import-report"), .attribute(named: "role", value: "status"),
            .h2(.text(s.importResultTitle)),
            .p(
                .safeText(
                    s.importSummary(report.rows, report.imported, report.alreadyPresent, report.problems.count))),
            .if(
                !report.problems.isEmpty,
                .div(
                    .class("data-table-wrap"),
                    .table(
                        .class("data"),
                        .caption(.text(s.importProblemsCaption)),
                        .thead(
                            .tr(
                                .th(.attribute(named: "scope", value: "col"), .text(s.lineHeader)),
                                .th(.attribute(named: "scope", value: "col"), .text(s.problemHeader)))),
                        .tbody(
                            .forEach(report.problems.prefix(500)) { problem in
                                .tr(.td(.text(String(problem.line))), .td(.safeText(problem.message)))
                            })))))
    }
}
