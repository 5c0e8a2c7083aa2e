import ClubWeekly
import Foundation
import Plot
import WebUI

// MARK: Join

/// The join / sign-in page.
struct JoinModel: Equatable, Sendable {
    var header: ClubHeaderModel
    var error: String?
    var info: String?
    var memberCount: Int
    /// After signing out or deleting one's data: the page tells the service worker to drop saved pages.
    var clearOfflineCopies = false
}

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

// MARK: Member settings

/// The signed-in member's settings page.
struct SettingsModel: Equatable, Sendable {
    struct MemberInfo: Equatable, Sendable {
        var name: String
        var stravaConnected: Bool
        var lastSync: String?
        var lastError: String?
        var activities: Int
    }
    var header: ClubHeaderModel
    var member: MemberInfo?
    var notice: (text: String, kind: String)?
    var stravaAvailable: Bool
    var importReport: ImportReport?

    static func == (a: Self, b: Self) -> Bool {
        a.header == b.header && a.member == b.member && a.notice?.text == b.notice?.text
            && a.stravaAvailable == b.stravaAvailable && a.importReport == b.importReport
    }
}

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

// MARK: Admin

/// The admin page: sign-in form, or the club's settings.
struct AdminModel: Equatable, Sendable {
    struct MemberRow: Equatable, Sendable {
        var id: String
        var name: String
        var source: String
        var status: String
        var activities: Int
        var hasError: Bool
    }
    var header: ClubHeaderModel
    var signedIn: Bool
    var error: String?
    var notice: String?
    var clubName = ""
    var colours: [String] = []
    var timeZone = ""
    var timeZones: [String] = []
    var weekStart = ""
    var sportTypes: [(id: String, label: String, checked: Bool)] = []
    var feedPublic = false
    var code = ""
    var members: [MemberRow] = []

    static func == (a: Self, b: Self) -> Bool {
        a.header == b.header && a.signedIn == b.signedIn && a.error == b.error && a.notice == b.notice
            && a.clubName == b.clubName && a.colours == b.colours && a.timeZone == b.timeZone
            && a.weekStart == b.weekStart
            && a.sportTypes.map { "\($0.id)\($0.checked)" } == b.sportTypes.map { "\($0.id)\($0.checked)" }
            && a.feedPublic == b.feedPublic && a.code == b.code && a.members == b.members
    }
}

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
                                .flag("required"), .attr("maxlength", "80"))),
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
