import Foundation
import Plot
import WebUI

/// The Clubhouse home page: the four apps as cards with their glances.
enum HomeView {
    static func page(_ model: HomeModel) -> String {
        let de = model.language == "de"
        let meta = PageMeta(
            title: "Clubhouse",
            description: de
                ? "Vier Apps: Club Weekly, SportsTime, JustZone2 und Heute in der Schweiz."
                : "Four apps: Club Weekly, SportsTime, JustZone2 and Today in Switzerland.",
            strings: de ? .de : .en, stylesheets: [WebAssets.shared.url("home.css")], section: .home)
        return PageShell.render(
            meta,
            body: .element(
                named: "main",
                nodes: [
                    .id("main"), .class("container home"),
                    .h1(.safeText(de ? "Willkommen im Clubhouse" : "Welcome to Clubhouse")),
                    .p(
                        .class("home-intro"),
                        .safeText(
                            de
                                ? "Vier Apps unter einem Dach, auf deinem eigenen Server: wähle eine."
                                : "Four apps under one roof, on your own server: pick one.")),
                    .div(.class("home-cards"), .forEach(model.cards) { card($0) }),
                ]))
    }

    static func card(_ card: HomeModel.Card) -> Node<HTML.BodyContext> {
        .section(
            .class("card home-card"), .id(card.id), .attr("aria-labelledby", "\(card.id)-title"),
            .unwrap(card.kicker) { .p(.class("home-kicker"), .safeText($0)) },
            .h2(
                .id("\(card.id)-title"),
                .span(.class("home-icon"), .attribute(named: "aria-hidden", value: "true"), .text(card.icon)),
                .safeText(card.title)),
            .p(.class("home-pitch"), .safeText(card.pitch)),
            .if(
                !card.figures.isEmpty,
                .ul(
                    .class("home-figures"),
                    .forEach(card.figures) { figure in
                        .li(
                            .span(.class("home-label"), .safeText(figure.label)),
                            .span(.class("home-value"), .safeText(figure.value)))
                    })),
            .unwrap(card.message) { .p(.class("hint home-message"), .safeText($0)) },
            .unwrap(card.action) { action in
                .a(.class("button"), .href(action.url), .safeText(action.label))
            })
    }
}
