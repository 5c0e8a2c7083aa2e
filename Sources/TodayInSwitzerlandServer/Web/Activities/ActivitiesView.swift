import Foundation
import Plot
import TodayInSwitzerland
import WebUI

/// The Activities page: tools (search, chips, surprise), the map and the cards, and "Add your own".
enum ActivitiesView {
    /// The page's `main` as HTML (snapshot tests).
    static func html(_ model: ActivitiesModel, weather: SourceState?, now: Date) -> String {
        main(model, weather: weather, now: now).render()
    }

    /// The page's `main`.
    static func main(_ model: ActivitiesModel, weather: SourceState?, now: Date) -> Node<HTML.BodyContext> {
        .div(
            .class("places-page"), .attr("data-places", "activities"),
            .header(
                .class("places-head"),
                .h1(.safeText(model.title)),
                .p(.class("subtitle"), .safeText(model.subtitle))),
            PlacesViews.notice(model.notice),
            PlacesViews.notice(model.error, error: true),
            tools(model),
            .unwrap(model.surprise) { surprise($0, model: model, weather: weather, now: now) },
            results(model),
            addForm(model),
            PlacesViews.liveRegion)
    }

    static func tools(_ model: ActivitiesModel) -> Node<HTML.BodyContext> {
        let l = model.language
        return .div(
            .class("places-tools"),
            .form(
                .class("places-search"), .method(.get), .action(model.actionURL),
                .attribute(named: "role", value: "search"), .attr("data-places-filter", "1"),
                .forEach(model.hidden) { PlacesViews.hidden($0.name, $0.value) },
                .div(
                    .class("field"),
                    .label(.for("activities-q"), .safeText(l.t("Search activities", "Aktivitäten suchen"))),
                    .input(
                        .type(.search), .id("activities-q"), .name("q"), .attr("value", model.search),
                        .attr("maxlength", String(ActivitiesQuery.maximumSearch)),
                        .attr("placeholder", l.t("Zoo, museum, painting…", "Zoo, Museum, Malen…")))),
                .div(
                    .class("field"),
                    .label(.for("activities-category"), .safeText(l.t("Category", "Kategorie"))),
                    .select(
                        .id("activities-category"), .attr("name", "category"),
                        .forEach(model.categories) { .choice($0.value, $0.label, selected: $0.selected) })),
                .button(.type(.submit), .class("button secondary"), .safeText(l.t("Search", "Suchen")))),
            PlacesViews.chips(model.chips, label: l.t("Filter activities", "Aktivitäten filtern")),
            PlacesViews.chips(model.ageChips, label: l.t("Ages", "Alter")),
            .if(
                !model.subChips.isEmpty,
                PlacesViews.chips(model.subChips, label: l.t("Ideas for home", "Ideen für zu Hause"))),
            .div(
                .class("places-actions"),
                .a(
                    .class("button"), .link(model.surpriseLink), .attr("data-places-nav", "1"),
                    .safeText(l.t("🎲 Surprise me!", "🎲 Überrasch mich!"))),
                .unwrap(model.clear) { clear in
                    .a(.class("button secondary"), .link(clear.href), .safeText(clear.label))
                }),
            .unwrap(model.nearNote) { .p(.class("places-note"), .safeText($0)) },
            .unwrap(model.weatherNote) { .p(.class("places-note"), .safeText($0)) })
    }

    static func surprise(
        _ surprise: ActivitiesModel.Surprise, model: ActivitiesModel, weather: SourceState?, now: Date
    ) -> Node<HTML.BodyContext> {
        let l = model.language
        return .section(
            .class("card surprise-panel"), .id("surprise"), .attr("aria-labelledby", "surprise-title"),
            .h2(.id("surprise-title"), .safeText(l.t("🎲 Surprise!", "🎲 Überraschung!"))),
            SwissComponents.freshnessNotice(weather, what: l.t("Weather", "Wetter"), now: now, l),
            .p(.class("reason"), .safeText(surprise.reason)),
            .unwrap(surprise.card) { card($0, model: model, headingLevel: 3) },
            .div(
                .class("places-actions"),
                .a(
                    .class("button"), .link(surprise.another), .attr("data-places-nav", "1"),
                    .safeText(l.t("Another!", "Noch eine!"))),
                .a(
                    .class("button secondary"), .link(surprise.close), .attr("data-places-nav", "1"),
                    .safeText(l.t("Close", "Schliessen")))))
    }

    static func results(_ model: ActivitiesModel) -> Node<HTML.BodyContext> {
        let l = model.language
        let pins = model.cards.compactMap { card in
            card.point.map {
                SwissMapPin(
                    id: card.id, point: $0, label: "\(card.name), \(card.pinDetail)", href: "#\(card.anchor)",
                    radius: 9,
                    kind: card.saved ? "saved" : "")
            }
        }
        return .div(
            .class("places-layout places-results"), .id("places-results"),
            .if(
                !pins.isEmpty,
                .div(
                    .class("places-map"),
                    SwissMapView.svg(
                        pins: pins, area: .around(pins.map(\.point), minimumKm: 3),
                        label: l.t(
                            "Map of the activities; each pin leads to its card",
                            "Karte der Aktivitäten; jede Nadel führt zu ihrer Karte"), language: l,
                        id: "activities-map"))),
            .div(
                .class("places-list"),
                .div(.class("places-summary"), .h2(.safeText(model.summary))),
                .unwrap(model.empty) { empty in
                    .div(
                        .class("card places-empty"), .p(.safeText(empty.message)),
                        .unwrap(empty.reset) { .a(.class("button secondary"), .link($0.href), .safeText($0.label)) })
                },
                .ul(
                    .class("place-cards"),
                    .forEach(model.cards) { card in .li(Self.card(card, model: model, headingLevel: 3)) })))
    }

    static func card(
        _ card: ActivitiesModel.Card, model: ActivitiesModel, headingLevel: Int
    ) -> Node<HTML.BodyContext> {
        let l = model.language
        let heading: Node<HTML.BodyContext> =
            headingLevel == 3 ? .h3(.safeText(card.name)) : .h4(.safeText(card.name))
        return .article(
            .class("place-card\(card.own ? " is-own" : "")"), .attr("id", card.anchor),
            .div(
                .class("place-card-head"),
                .span(.class("place-emoji"), .attribute(named: "aria-hidden", value: "true"), .text(card.emoji)),
                .div(.class("place-title"), heading),
                PlacesViews.saveForm(
                    id: card.id, name: card.name, saved: card.saved, action: model.actionURL, returnURL: model.pageURL,
                    l
                )),
            .if(!card.description.isEmpty, .p(.class("place-desc"), .safeText(card.description))),
            PlacesViews.badges(card.badges),
            .unwrap(card.materials) { .p(.class("materials"), .safeText($0)) },
            .div(
                .class("place-links"),
                .unwrap(card.website) {
                    PlacesViews.external(
                        $0, l.t("🌐 Website", "🌐 Website"),
                        accessibleName: l.t("Website of \(card.name)", "Website von \(card.name)"))
                },
                .unwrap(card.directions) {
                    PlacesViews.external(
                        $0, l.t("🧭 Directions", "🧭 Route"),
                        accessibleName: l.t("Directions to \(card.name)", "Route zu \(card.name)"))
                },
                .if(
                    card.point != nil && headingLevel == 3 && !card.anchor.hasPrefix("surprise-"),
                    .a(
                        .link("#pin-\(card.id)"), .attr("data-pin", "pin-\(card.id)"),
                        .attr("aria-label", l.t("Show \(card.name) on the map", "\(card.name) auf der Karte zeigen")),
                        .safeText(l.t("📍 Map", "📍 Karte")))),
                .if(
                    card.own,
                    PlacesViews.deleteForm(
                        id: card.id, name: card.name, action: model.actionURL, returnURL: model.pageURL, l))))
    }

    static func addForm(_ model: ActivitiesModel) -> Node<HTML.BodyContext> {
        let l = model.language
        let form = model.addForm
        return .details(
            .class("card add-own"), .id("add-activity"), .if(form.error != nil, .flag("open")),
            .summary(.safeText(l.t("➕ Add your own activity", "➕ Eigene Aktivität hinzufügen"))),
            .form(
                .method(.post), .action(model.actionURL),
                .unwrap(form.error) { error in
                    .div(
                        .class("notice notice-error"), .id("add-activity-error"),
                        .attribute(named: "role", value: "alert"), .safeText(error))
                },
                PlacesViews.hidden("do", "add"), PlacesViews.hidden("return", model.pageURL),
                .div(
                    .class("field"),
                    .label(.for("own-name"), .safeText(l.t("Name", "Name"))),
                    .input(
                        .type(.text), .id("own-name"), .name("name"), .attr("value", form.name), .flag("required"),
                        .attr("maxlength", String(VisitorLimits.name)))),
                .div(
                    .class("field"),
                    .label(.for("own-description"), .safeText(l.t("Description", "Beschreibung"))),
                    .textarea(
                        .id("own-description"), .name("description"),
                        .attr("maxlength", String(VisitorLimits.description)), .attr("rows", "3"),
                        .safeText(form.description))),
                .fieldset(
                    .element(named: "legend", nodes: [.safeText(l.t("Where", "Wo"))]),
                    .raw(
                        "<div class=\"radio-row\">"
                            + radio("indoor", "0", l.t("Outdoor", "Draussen"), checked: !form.indoor)
                            + radio("indoor", "1", l.t("Indoor", "Drinnen"), checked: form.indoor) + "</div>")),
                .div(
                    .class("field"),
                    .label(.for("own-price"), .safeText(l.t("Price (optional)", "Preis (optional)"))),
                    .input(
                        .type(.text), .id("own-price"), .name("price"), .attr("value", form.price),
                        .attr("maxlength", String(VisitorLimits.price)),
                        .attr("placeholder", l.t("Free, CHF 10…", "Gratis, CHF 10…")))),
                .p(
                    .class("hint"),
                    .safeText(
                        l.t(
                            "Kept for this browser only (a cookie, no account).",
                            "Nur für diesen Browser gespeichert (ein Cookie, kein Konto)."))),
                .button(.type(.submit), .class("button"), .safeText(l.t("Add", "Hinzufügen")))))
    }

    static func radio(_ name: String, _ value: String, _ label: String, checked: Bool) -> String {
        "<label><input type=\"radio\" name=\"\(name)\" value=\"\(value)\"\(checked ? " checked" : "")>"
            + "\(HTMLEscape.text(label))</label>"
    }
}
