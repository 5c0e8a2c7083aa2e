import Foundation
import Plot
import ServerKit
import TodayInSwitzerland
import WebUI

/// The frame of every Today in Switzerland page: the Clubhouse header with the app switcher, the app's header
/// (date, title with the city, city picker), the view navigation, the page and the footer with the data sources.
enum SwissLayout {
    /// The app's own stylesheets and scripts (`Resources/web`), served under `/assets/swiss/`.
    static let assets = WebAssets(prefix: "/assets/swiss/", bundle: .module, folder: "Resources/web")

    /// The whole document of a page. `stylesheets`/`scripts` are names in ``assets`` after `swiss.css`/`swiss.js`.
    static func page(
        title: String, section: SwissSection?, prefs: SwissPrefs, now: Date, currentURL: String,
        stylesheets: [String] = [], scripts: [String] = [], bodyClass: String = "",
        noscriptRefreshSeconds: Int? = nil, main: Node<HTML.BodyContext>
    ) -> String {
        let language = prefs.language
        let appName = ClubhouseSection.swiss.name(language.rawValue)
        let meta = PageMeta(
            title: "\(title) · \(appName)",
            description: language.t(
                "News, weather, sunshine, snow, activities, events and lunch for families in Swiss cities.",
                "News, Wetter, Sonne, Schnee, Ausflüge, Anlässe und Mittagessen für Familien in Schweizer Städten."),
            strings: language == .de ? .de : .en, themeColor: "#b91c1c", manifestURL: SwissPageURL.manifest.path(),
            stylesheets: (["swiss.css"] + stylesheets).map(assets.url),
            scripts: (["swiss.js"] + scripts).map(assets.url), bodyClass: ("swiss " + bodyClass).trimmed,
            bodyData: [("city", prefs.city.id), ("lang", language.rawValue)],
            renderedAt: SwissComponents.time(now), noscriptRefreshSeconds: noscriptRefreshSeconds, section: .swiss,
            theme: prefs.theme == .system ? nil : prefs.theme.rawValue)
        return PageShell.render(
            meta,
            body: .group(
                header(prefs: prefs, now: now, currentURL: currentURL),
                .unwrap(section) { nav(current: $0, prefs: prefs) },
                .element(named: "main", nodes: [.id("main"), .class("container swiss-main"), main]),
                footer(language)))
    }

    /// Date, "Today in <city>" and the city picker (a settings form that returns to this page; scripts submit it
    /// on change).
    static func header(prefs: SwissPrefs, now: Date, currentURL: String) -> Node<HTML.BodyContext> {
        let language = prefs.language
        return AppFrame.header(
            app: "swiss",
            .div(
                .class("swiss-title"),
                .p(.class("swiss-date"), .safeText(SwissComponents.longDate(now, language))),
                .p(
                    .class("app-brand swiss-brand"),
                    .a(
                        .href(prefs.link(.today)),
                        .safeText(language.t("Today in ", "Heute in ")),
                        .span(.class("swiss-city"), .safeText(prefs.cityName))))),
            .form(
                .class("city-picker"), .method(.post), .action(SwissPageURL.settings.path()),
                .input(.type(.hidden), .name("return"), .value(currentURL)),
                .input(.type(.hidden), .name("lang"), .value(language.rawValue)),
                .input(.type(.hidden), .name("theme"), .value(prefs.theme.rawValue)),
                .label(.for("city-select"), .class("visually-hidden"), .safeText(language.t("City", "Stadt"))),
                .select(
                    .id("city-select"), .attr("name", "city"), .attr("data-autosubmit", "true"),
                    .forEach(City.all) { city in
                        .choice(
                            city.id, language == .de ? city.nameDE : city.name, selected: city.id == prefs.city.id)
                    }),
                .button(
                    .type(.submit), .class("button secondary js-hide"), .safeText(language.t("Change", "Wechseln")))
            ))
    }

    /// The views of the app; the current one marked.
    static func nav(current: SwissSection, prefs: SwissPrefs) -> Node<HTML.BodyContext> {
        AppFrame.sectionNav(
            app: "swiss", label: prefs.language.t("Views", "Ansichten"),
            sections: SwissSection.allCases.map {
                AppFrame.Section(
                    key: $0.rawValue, url: prefs.link($0.url), icon: $0.icon, name: $0.name(prefs.language),
                    isCurrent: $0 == current)
            })
    }

    static func footer(_ language: Language) -> Node<HTML.BodyContext> {
        .footer(
            .class("site-footer"),
            .p(
                .safeText(
                    language.t(
                        "Weather: Open-Meteo · Transport: transport.opendata.ch · Places: © OpenStreetMap contributors · Maps: Natural Earth",
                        "Wetter: Open-Meteo · Verkehr: transport.opendata.ch · Orte: © OpenStreetMap-Mitwirkende · Karten: Natural Earth"
                    ))))
    }
}

extension String {
    fileprivate var trimmed: String { trimmingCharacters(in: .whitespaces) }
}
