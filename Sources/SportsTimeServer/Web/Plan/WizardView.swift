import Foundation
import Plot
import ServerKit
import SportsTime
import WebUI

/// The wizard's form: a GET to the options, so the answers are the URL. Every field has a label; a problem shows
/// under its field, which is marked `aria-invalid` and described by the message.
enum WizardView {
    /// The whole page (`failure` is the failure box shown above the form on the options URL).
    static func page(
        _ model: WizardModel, prefs: TripsPrefs, failure: Node<HTML.BodyContext> = .empty
    ) -> String {
        TripsLayout.page(
            title: model.mode.title, section: .plan, prefs: prefs, stylesheets: ["sportstime-plan.css"],
            scripts: ["sportstime-plan.js"],
            main: .group(
                .nav(
                    .class("chips mode-chips"), .ariaLabel("Planning mode"),
                    .forEach(model.modes) { entry in
                        .a(
                            .link(entry.url), .if(entry.current, .attribute(named: "aria-current", value: "page")),
                            .safeText(entry.mode.title))
                    }),
                .h1(.safeText("Plan: \(model.mode.title)")),
                .p(.class("lead"), .safeText(model.mode.summary)),
                failure,
                .forEach(model.notes) { .p(.class("hint wizard-note"), .safeText($0)) },
                steps(model),
                form(model)))
    }

    /// The 404 of `/trips/new/{mode}` with an unknown mode: the five modes to choose from.
    static func unknownMode(slug: String, prefs: TripsPrefs) -> String {
        TripsLayout.page(
            title: "No such planning mode", section: .plan, prefs: prefs, stylesheets: ["sportstime-plan.css"],
            main: .group(
                .h1(.text("No such planning mode")),
                .p(.safeText("There is no planning mode called '\(String(slug.prefix(60)))'. Choose one of these:")),
                .ul(
                    .class("mode-list"),
                    .forEach(PlanningMode.allCases) { mode in
                        .li(
                            .a(.link(TripsPageURL.wizard.path(["mode": mode.slug])), .safeText(mode.title)),
                            .text(": "), .safeText(mode.summary))
                    })))
    }

    /// Where the wizard stands: "Step 2 of 3", each step named, the current one marked; earlier steps are links.
    static func steps(_ model: WizardModel) -> Node<HTML.BodyContext> {
        guard let step = model.step else {
            return .p(.class("hint wizard-steps-note"), .text("Every question on one page."))
        }
        return .nav(
            .class("wizard-steps"), .ariaLabel("Steps"),
            .p(.class("hint"), .safeText("Step \(step) of \(model.stepTitles.count)")),
            .ol(
                .forEach(Array(model.stepTitles.enumerated())) { index, title in
                    .li(
                        .if(index + 1 == step, .attribute(named: "aria-current", value: "step")),
                        .if(index + 1 < step, .class("done")),
                        .safeText(title))
                }),
            .a(.class("wizard-all"), .link(model.allURL), .text("All questions on one page")))
    }

    /// Back (a link to the previous step) and Next, or Find trips on the last step.
    static func actions(_ model: WizardModel) -> Node<HTML.BodyContext> {
        let submit: Node<HTML.BodyContext>
        if model.hasNextStep, let step = model.step, step < model.stepTitles.count {
            let title = model.stepTitles[step]
            submit = .button(.type(.submit), .class("button"), .id("plan-next"), .safeText("Next: \(title)"))
        } else {
            submit = .button(.type(.submit), .class("button"), .id("plan-submit"), .text("Find trips"))
        }
        let back: Node<HTML.BodyContext> =
            model.backURL.map {
                .a(.class("button secondary"), .link($0), .text("Back"))
            } ?? .empty
        return .div(.class("wizard-actions"), back, submit)
    }

    static func form(_ model: WizardModel) -> Node<HTML.BodyContext> {
        let next = model.hasNextStep
        let action = next ? TripsPageURL.wizard.path(["mode": model.mode.slug]) : TripsPageURL.options.path()
        return .element(
            named: "form",
            nodes: [
                .class("wizard card"), .attr("action", action), .attr("method", "get"),
                .flag("novalidate"), .attr("data-mode", model.mode.slug),
                .unwrap(model.step) { .attr("data-step", String($0)) },
                .if(!next, .input(.type(.hidden), .name("mode"), .attr("value", model.mode.slug))),
                .forEach(model.carried) { pair in
                    .input(.type(.hidden), .name(pair.0), .attr("value", pair.1))
                },
                .unwrap(model.step) { step in
                    .if(next, .input(.type(.hidden), .name("step"), .attr("value", String(step + 1))))
                },
                .forEach(model.shown) { field(model, $0) },
                actions(model),
                .element(
                    named: "datalist",
                    nodes: [
                        .id("venue-cities"),
                        .raw(model.cities.map { "<option value=\"\(HTMLEscape.attribute($0))\"></option>" }.joined()),
                    ]),
            ])
    }

    static func id(_ field: PlanQuery.Field) -> String { "field-\(field.rawValue)" }

    /// The problems of a field, with the id the field's `aria-describedby` names.
    static func errors(_ model: WizardModel, _ field: PlanQuery.Field) -> Node<HTML.BodyContext> {
        guard let messages = model.problems[field], !messages.isEmpty else { return .empty }
        return .p(
            .class("field-error"), .id("\(id(field))-error"),
            .safeText(messages.joined(separator: " ")))
    }

    static func invalid(_ model: WizardModel, _ field: PlanQuery.Field) -> Bool {
        !(model.problems[field] ?? []).isEmpty
    }

    /// `aria-invalid` and `aria-describedby` for a field with problems (and its hint).
    static func described(
        _ model: WizardModel, _ field: PlanQuery.Field, hint: Bool = false
    ) -> [Attribute<
        HTML.InputContext
    >] {
        var ids: [String] = []
        if hint { ids.append("\(id(field))-hint") }
        if invalid(model, field) { ids.append("\(id(field))-error") }
        var attributes: [Attribute<HTML.InputContext>] = []
        if !ids.isEmpty { attributes.append(.attr("aria-describedby", ids.joined(separator: " "))) }
        if invalid(model, field) { attributes.append(.attr("aria-invalid", "true")) }
        return attributes
    }

    static func describedNode(
        _ model: WizardModel, _ field: PlanQuery.Field, hint: Bool = false
    ) -> Node<
        HTML.BodyContext
    > {
        var ids: [String] = []
        if hint { ids.append("\(id(field))-hint") }
        if invalid(model, field) { ids.append("\(id(field))-error") }
        return .group(
            .if(!ids.isEmpty, .attr("aria-describedby", ids.joined(separator: " "))),
            .if(invalid(model, field), .attr("aria-invalid", "true")))
    }

    static func textInput(
        _ model: WizardModel, _ field: PlanQuery.Field, label: String, type: String, hint: String? = nil,
        extra: [Attribute<HTML.InputContext>] = []
    ) -> Node<HTML.BodyContext> {
        let attributes: [Attribute<HTML.InputContext>] =
            [
                .attr("type", type), .id(id(field)), .name(field.rawValue),
                .attr("value", model.values[field] ?? ""),
            ] + described(model, field, hint: hint != nil) + extra
        return .div(
            .class("field"), .attr("data-field", field.rawValue),
            .label(.for(id(field)), .safeText(label)),
            .unwrap(hint) { .p(.class("hint"), .id("\(id(field))-hint"), .safeText($0)) },
            .element(named: "input", attributes: attributes),
            errors(model, field))
    }

    static func field(_ model: WizardModel, _ field: PlanQuery.Field) -> Node<HTML.BodyContext> {
        switch field {
        case .sports:
            return fieldset(
                .class("field"), .id(id(field)), .attr("data-field", field.rawValue),
                describedNode(model, field),
                legend(.text("Sports")),
                .div(
                    .class("checkbox-grid"),
                    .forEach(model.leagues) { choice in
                        .label(
                            .class("checkbox"),
                            .input(
                                .type(.checkbox), .name("sports"), .attr("value", choice.league.rawValue),
                                .attr("id", "sport-\(choice.league.rawValue)"),
                                checked(choice.checked)),
                            .safeText(choice.league.displayName),
                            .if(choice.demo, .span(.class("badge demo-badge"), .text("demo schedule"))))
                    }),
                errors(model, field))
        case .from:
            return textInput(model, field, label: "First day", type: "date")
        case .to:
            return textInput(
                model, field, label: "Last day", type: "date", hint: "At most 31 days; games at venue time.")
        case .start:
            return textInput(
                model, field, label: model.mode == .locations ? "Start city" : "Start city (optional)", type: "text",
                hint: "A city with a venue, or latitude,longitude.",
                extra: [.attr("list", "venue-cities"), .attr("autocomplete", "off")])
        case .end:
            return textInput(
                model, field, label: model.mode == .locations ? "End city" : "End city (optional)", type: "text",
                extra: [.attr("list", "venue-cities"), .attr("autocomplete", "off")])
        case .regions:
            return fieldset(
                .class("field regions"), .id(id(field)), .attr("data-field", field.rawValue),
                describedNode(model, field),
                legend(.text("Regions")),
                .div(.class("region-picture"), .raw(RegionMap.svg)),
                .forEach(model.regions) { choice in
                    .label(
                        .class("checkbox"),
                        .input(
                            .type(.checkbox), .name("regions"), .attr("value", choice.region.rawValue),
                            .attr("id", "region-\(choice.region.rawValue)"), checked(choice.checked)),
                        .safeText(choice.label))
                },
                .p(.class("hint"), .text("Leave all ticked to search everywhere.")),
                errors(model, field))
        case .drivers:
            return .div(
                .class("field"), .attr("data-field", field.rawValue),
                .label(.for(id(field)), .text("Drivers")),
                .element(
                    named: "select",
                    nodes: [
                        .id(id(field)), .attr("name", "drivers"), describedNode(model, field),
                        .raw(
                            (1...4).map {
                                "<option value=\"\($0)\"\($0 == model.drivers ? " selected" : "")>\($0)</option>"
                            }.joined()),
                    ]),
                errors(model, field))
        case .hours:
            return .group(
                textInput(
                    model, field, label: "Hours of driving per driver a day", type: "number",
                    hint: "1 to 12; the daily limit is drivers × hours.",
                    extra: [
                        .attr("min", "1"), .attr("max", "12"), .attr("step", "0.5"), .attr("inputmode", "decimal"),
                    ]),
                .p(
                    .class("hint daily-limit"), .id("daily-limit"), .attr("aria-live", "polite"),
                    .safeText(model.dailyLimit)))
        case .stops:
            return textInput(
                model, field, label: "Most stops (optional)", type: "number",
                extra: [.attr("min", "1"), .attr("max", "30"), .attr("inputmode", "numeric")])
        case .leisure:
            return fieldset(
                .class("field"), .id(id(field)), .attr("data-field", field.rawValue),
                describedNode(model, field),
                legend(.text("Pace")),
                .forEach(model.leisure) { choice in
                    .label(
                        .class("checkbox"),
                        .input(
                            .type(.radio), .name("leisure"), .attr("value", choice.level.rawValue),
                            .attr("id", "leisure-\(choice.level.rawValue)"), checked(choice.checked)),
                        .span(.strong(.safeText(choice.label)), .text(": "), .safeText(choice.rule)))
                },
                errors(model, field))
        case .repeatCities:
            return fieldset(
                .class("field"), .id(id(field)), .attr("data-field", field.rawValue),
                legend(.text("Visit a city on more than one day?")),
                .label(
                    .class("checkbox"),
                    .input(
                        .type(.radio), .name("repeat"), .attr("value", "1"), .attr("id", "repeat-yes"),
                        checked(model.repeatCities)),
                    .text("Yes, repeat cities are fine")),
                .label(
                    .class("checkbox"),
                    .input(
                        .type(.radio), .name("repeat"), .attr("value", "0"), .attr("id", "repeat-no"),
                        checked(!model.repeatCities)),
                    .text("No, each city once")))
        case .team:
            return teamSelect(model, field, multiple: false)
        case .teams:
            return teamSelect(model, field, multiple: true)
        case .games:
            return fieldset(
                .class("field"), .id(id(field)), .attr("data-field", field.rawValue),
                describedNode(model, field),
                legend(.text("Must-see games")),
                model.games.isEmpty
                    ? .p(.class("hint"), .text("No games yet: pick 1 to 20 in the schedule."))
                    : .ul(
                        .class("game-chips"),
                        .forEach(model.games) { chip in
                            .li(
                                .input(.type(.hidden), .name("games"), .attr("value", chip.id)),
                                .span(.safeText(chip.label)),
                                .a(
                                    .class("chip-remove"), .link(chip.removeURL),
                                    .attr("aria-label", "Remove \(chip.label)"), .text("Remove")))
                        }),
                .p(.a(.link(model.scheduleURL), .text("Add games from the schedule"))),
                errors(model, field))
        case .mode:
            return .empty
        }
    }

    static func teamSelect(_ model: WizardModel, _ field: PlanQuery.Field, multiple: Bool) -> Node<HTML.BodyContext> {
        var options = multiple ? "" : "<option value=\"\">Choose a team</option>"
        for group in model.teamGroups where !group.teams.isEmpty {
            options += "<optgroup label=\"\(group.league.displayName)\">"
            for team in group.teams {
                options +=
                    "<option value=\"\(HTMLEscape.attribute(team.id))\"\(team.selected ? " selected" : "")>"
                    + "\(HTMLEscape.text(team.name))</option>"
            }
            options += "</optgroup>"
        }
        return .div(
            .class("field"), .attr("data-field", field.rawValue),
            .label(.for(id(field)), .text(multiple ? "Teams (1 to 6)" : "Team to follow")),
            .if(
                multiple,
                .p(
                    .class("hint"), .id("\(id(field))-hint"),
                    .text("Hold Ctrl (⌘ on a Mac) to pick several. Every team must be at home in the window."))),
            .element(
                named: "select",
                nodes: [
                    .id(id(field)), .attr("name", field.rawValue), .if(multiple, .flag("multiple")),
                    .if(multiple, .attr("size", "10")), describedNode(model, field, hint: multiple), .raw(options),
                ]),
            errors(model, field))
    }
}

extension WizardView {
    static func fieldset(_ nodes: Node<HTML.BodyContext>...) -> Node<HTML.BodyContext> {
        .element(named: "fieldset", nodes: nodes)
    }

    static func legend(_ node: Node<HTML.BodyContext>) -> Node<HTML.BodyContext> {
        .element(named: "legend", nodes: [node])
    }
}

extension WizardView {
    /// `checked` when `on`, nothing otherwise.
    static func checked(_ on: Bool) -> Attribute<HTML.InputContext> {
        on ? .flag("checked") : Attribute(name: "checked", value: nil, ignoreIfValueIsEmpty: true)
    }
}
