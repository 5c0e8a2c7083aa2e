import ClubWeekly
import Foundation
import Plot
import WebUI

enum SettingsView {
    static func page(_ model: SettingsModel, strings s: ClubWeeklyStrings = .en) -> String {
        let slug = model.header.slug
        // While an import runs, the page's script polls its status (without JavaScript the page reloads itself).
        let progressData = model.importProgress.map {
            [("import-status-url", $0.statusURL), ("import-page-url", $0.pageURL)]
        }
        return ClubLayout.page(
            title: s.settings, header: model.header, bodyClass: "settings", bodyData: progressData ?? [],
            noscriptRefreshSeconds: model.importProgress == nil ? nil : 5, strings: s,
            main: .group(
                .h1(.safeText(s.settings)),
                .unwrap(model.notice) { Components.notice($0.text, kind: $0.kind) },
                .unwrap(model.importProgress) { progress($0, strings: s) },
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
                            .id("first"), .name("firstName"), .type(.text), .flag("required"),
                            .attr("maxlength", String(TextLimits.firstName)),
                            .attr("autocomplete", "given-name"))),
                    .div(
                        .class("field"), .label(.for("last"), .text(s.lastName)),
                        .input(
                            .id("last"), .name("lastName"), .type(.text),
                            .attr("maxlength", String(TextLimits.lastName)),
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

    static func progress(
        _ progress: SettingsModel.ImportProgress, strings s: ClubWeeklyStrings
    )
        -> Node<HTML.BodyContext>
    {
        let count = progress.waiting ? s.importWaiting : s.importProgressCount(progress.rowsDone, progress.rowsTotal)
        return .section(
            .class("card import-progress"), .attr("data-section", "import-progress"),
            .h2(.text(s.importProgressTitle)),
            .p(.text(s.importProgressHint)),
            .element(
                named: "progress",
                nodes: [
                    .id("import-progress"), .attr("max", String(max(1, progress.rowsTotal))),
                    .attr("value", String(progress.rowsDone)), .attr("aria-labelledby", "import-progress-text"),
                    .text(count),
                ]),
            .p(
                .id("import-progress-text"), .class("status"), .attribute(named: "role", value: "status"),
                .attribute(named: "aria-live", value: "polite"), .text(count)))
    }

    static func report(report: ImportReport, strings s: ClubWeeklyStrings) -> Node<HTML.BodyContext> {
        .section(
            .class("card import-report"), .attribute(named: "role", value: "status"),
            .h2(.text(s.importResultTitle)),
            .p(
                .safeText(
                    s.importSummary(
                        report.rows, report.imported, report.alreadyPresent,
                        report.problems.count + report.moreProblems))),
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
                            .forEach(report.problems) { problem in
                                .tr(.td(.text(String(problem.line))), .td(.safeText(problem.message)))
                            })))),
            .if(report.moreProblems > 0, .p(.class("hint"), .text(s.importMoreProblems(report.moreProblems)))))
    }
}
