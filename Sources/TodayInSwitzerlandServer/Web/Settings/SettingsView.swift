import Foundation
import Plot
import ServerKit
import TodayInSwitzerland
import WebUI

/// The settings page.
enum SettingsView {
    static func page(_ model: SettingsModel, now: Date, currentURL: String) -> String {
        let prefs = model.prefs
        let l = prefs.language
        let main: Node<HTML.BodyContext> = .group(
            .h1(.safeText(l.t("Settings", "Einstellungen"))),
            .unwrap(model.error) { Components.notice($0, kind: "error") },
            .if(model.saved, Components.notice(l.t("Settings saved.", "Einstellungen gespeichert."), kind: "success")),
            .form(
                .class("card settings-form"), .method(.post), .action(SwissPageURL.settings.path()),
                .input(.type(.hidden), .name("return"), .value(SwissPageURL.settings.path())),
                .div(
                    .class("field"),
                    .label(.for("settings-city"), .safeText(l.t("City", "Stadt"))),
                    .select(
                        .id("settings-city"), .attr("name", "city"),
                        .forEach(City.all) { city in
                            .choice(city.id, l == .de ? city.nameDE : city.name, selected: city.id == prefs.city.id)
                        })),
                radioGroup(
                    legend: l.t("Language", "Sprache"), name: "lang",
                    options: [("en", "English"), ("de", "Deutsch")], selected: l.rawValue),
                radioGroup(
                    legend: l.t("Theme", "Darstellung"), name: "theme",
                    options: [
                        ("system", l.t("Like my device", "Wie mein Gerät")), ("light", l.t("Light", "Hell")),
                        ("dark", l.t("Dark", "Dunkel")),
                    ], selected: prefs.theme.rawValue),
                .p(
                    .class("hint"),
                    .safeText(
                        l.t(
                            "Kept in a cookie on this device (no account), so every page opens in your city and language.",
                            "Auf diesem Gerät in einem Cookie gespeichert (kein Konto): jede Seite öffnet in deiner Stadt und Sprache."
                        ))),
                .button(.type(.submit), .class("button"), .safeText(l.t("Save", "Speichern")))))
        return SwissLayout.page(
            title: l.t("Settings", "Einstellungen"), section: .settings, prefs: prefs, now: now, currentURL: currentURL,
            main: main)
    }

    static func radioGroup(
        legend: String, name: String, options: [(String, String)], selected: String
    ) -> Node<HTML.FormContext> {
        let radios = options.map { value, label in
            "<label class=\"checkbox\"><input type=\"radio\" name=\"\(HTMLEscape.attribute(name))\" "
                + "value=\"\(HTMLEscape.attribute(value))\"\(value == selected ? " checked" : "")>"
                + "\(HTMLEscape.text(label))</label>"
        }
        return .fieldset(
            .element(named: "legend", nodes: [.safeText(legend)]),
            .raw("<div class=\"radio-row\">\(radios.joined())</div>"))
    }
}
