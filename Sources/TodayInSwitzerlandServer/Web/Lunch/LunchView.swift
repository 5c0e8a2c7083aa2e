import Foundation
import Plot
import TodayInSwitzerland
import WebUI

/// The Lunch page: the freshness of the list, filter chips, map, cards with the visitor's stars, and "Add restaurant".
enum LunchView {
    /// The page's `main` as HTML (snapshot tests).
    static func html(_ model: LunchModel, now: Date) -> String { main(model, now: now).render() }

    static func main(_ model: LunchModel, now: Date) -> Node<HTML.BodyContext> {
        let l = model.language
        return .div(
            .class("places-page"), .attr("data-places", "lunch"),
            .header(
                .class("places-head"), .h1(.safeText(model.title)), .p(.class("subtitle"), .safeText(model.subtitle))),
            PlacesViews.notice(model.notice),
            PlacesViews.notice(model.error, error: true),
            model.unavailable
                ? .p(
                    .class("freshness unavailable"), .attribute(named: "role", value: "status"),
                    .safeText(
                        l.t("Lunch spots unavailable — retrying.", "Restaurants nicht verfügbar — neuer Versuch läuft.")
                    ))
                : SwissComponents.freshnessNotice(model.source, what: l.t("Restaurants", "Restaurants"), now: now, l),
            .div(
                .class("places-tools"),
                PlacesViews.chips(model.chips, label: l.t("Filter restaurants", "Restaurants filtern")),
                .div(
                    .class("places-actions"),
                    .a(
                        .class("button"), .link(model.surpriseLink), .attr("data-places-nav", "1"),
                        .safeText(l.t("🎲 Surprise me!", "🎲 Überrasch mich!")))),
                .unwrap(model.nearNote) { .p(.class("places-note"), .safeText($0)) }),
            .unwrap(model.surprise) { surprise($0, model: model) },
            results(model),
            addForm(model),
            PlacesViews.liveRegion)
    }

    static func surprise(_ surprise: LunchModel.Surprise, model: LunchModel) -> Node<HTML.BodyContext> {
        let l = model.language
        return .section(
            .class("card surprise-panel"), .id("surprise"), .attr("aria-labelledby", "surprise-title"),
            .h2(.id("surprise-title"), .safeText(l.t("🎲 How about…", "🎲 Wie wäre es mit…"))),
            surprise.card.map { card($0, model: model, inSurprise: true) }
                ?? .p(.safeText(l.t("Nothing fits these filters.", "Nichts passt zu diesen Filtern."))),
            .div(
                .class("places-actions"),
                .a(
                    .class("button"), .link(surprise.another), .attr("data-places-nav", "1"),
                    .safeText(l.t("Another!", "Noch eines!"))),
                .a(
                    .class("button secondary"), .link(surprise.close), .attr("data-places-nav", "1"),
                    .safeText(l.t("Close", "Schliessen")))))
    }

    static func results(_ model: LunchModel) -> Node<HTML.BodyContext> {
        let l = model.language
        let pins = model.cards.prefix(LunchBuilder.pinLimit).compactMap { card in
            card.point.map {
                SwissMapPin(
                    id: card.id, point: $0,
                    label:
                        "\(card.name), \(card.lunchToday ? l.t("open for lunch today", "heute mittags offen") : card.cuisine)",
                    href: "#\(card.anchor)", radius: 9, kind: card.lunchToday ? "open" : "closed")
            }
        }
        return .div(
            .class("places-layout places-results"), .id("places-results"),
            .if(
                !pins.isEmpty,
                .div(
                    .class("places-map"),
                    SwissMapView.svg(
                        pins: Array(pins), area: .around(pins.map(\.point), minimumKm: 1.5),
                        label: l.t(
                            "Map of the restaurants; green pins are open for lunch today, each leads to its card",
                            "Karte der Restaurants; grüne Nadeln sind heute mittags offen, jede führt zu ihrer Karte"),
                        language: l, id: "lunch-map"))),
            .div(
                .class("places-list"),
                .if(
                    !(model.unavailable && model.cards.isEmpty),
                    .div(.class("places-summary"), .h2(.safeText(model.summary)))),
                .unwrap(model.empty) { empty in
                    .div(
                        .class("card places-empty"), .p(.safeText(empty.message)),
                        .unwrap(empty.reset) { .a(.class("button secondary"), .link($0.href), .safeText($0.label)) })
                },
                .ul(.class("place-cards"), .forEach(model.cards) { .li(card($0, model: model, inSurprise: false)) }),
                .unwrap(model.showAll) { .p(.a(.class("button secondary"), .link($0.href), .safeText($0.label))) }))
    }

    static func card(_ card: LunchModel.Card, model: LunchModel, inSurprise: Bool) -> Node<HTML.BodyContext> {
        let l = model.language
        let anchor = inSurprise ? "surprise-\(card.id)" : card.anchor
        let closed = card.badges.first?.kind == "closed"
        return .article(
            .class("place-card\(card.own ? " is-own" : "")\(closed ? " is-closed" : "")"), .attr("id", anchor),
            .div(
                .class("place-card-head"),
                .span(.class("place-emoji"), .attribute(named: "aria-hidden", value: "true"), .text(card.emoji)),
                .div(
                    .class("place-title"), .h3(.safeText(card.name)),
                    .if(!card.cuisine.isEmpty, .p(.class("cuisine"), .safeText(card.cuisine)))),
                PlacesViews.saveForm(
                    id: card.id, name: card.name, saved: card.saved, action: model.actionURL, returnURL: model.pageURL,
                    l
                )),
            PlacesViews.badges(card.badges),
            .if(!inSurprise, rating(card, model: model)),
            .div(
                .class("place-links"),
                .unwrap(card.directions) {
                    PlacesViews.external(
                        $0, l.t("🧭 Directions", "🧭 Route"),
                        accessibleName: l.t("Directions to \(card.name)", "Route zu \(card.name)"))
                },
                .unwrap(card.website) {
                    PlacesViews.external(
                        $0, l.t("🌐 Website", "🌐 Website"),
                        accessibleName: l.t("Website of \(card.name)", "Website von \(card.name)"))
                },
                .if(
                    card.point != nil && !inSurprise,
                    .a(
                        .link("#pin-\(card.id)"), .attr("data-pin", "pin-\(card.id)"),
                        .attr("aria-label", l.t("Show \(card.name) on the map", "\(card.name) auf der Karte zeigen")),
                        .safeText(l.t("📍 Map", "📍 Karte")))),
                .if(
                    card.own && !inSurprise,
                    PlacesViews.deleteForm(
                        id: card.id, name: card.name, action: model.actionURL, returnURL: model.pageURL, l))))
    }

    /// The visitor's 1–5 stars: a radio group with a legend naming the place; the button saves (scripts save on
    /// change). Stars up to the rating are filled. Each card's radios have their own name (`stars-<id>`): axe-core
    /// 3.1 counts same-named radios in different forms as one broken group.
    static func rating(_ card: LunchModel.Card, model: LunchModel) -> Node<HTML.BodyContext> {
        let l = model.language
        let group = "stars-\(card.id)"
        var radios = ""
        for stars in 1...5 {
            let inputID = "\(group)-\(stars)"
            let name = l.t(stars == 1 ? "1 star" : "\(stars) stars", stars == 1 ? "1 Stern" : "\(stars) Sterne")
            radios +=
                "<input type=\"radio\" name=\"\(HTMLEscape.attribute(group))\" value=\"\(stars)\" id=\"\(HTMLEscape.attribute(inputID))\""
                + (card.rating == stars ? " checked" : "") + ">"
                + "<label for=\"\(HTMLEscape.attribute(inputID))\" class=\"\(stars <= card.rating ? "is-on" : "")\">"
                + "<span aria-hidden=\"true\">\(stars <= card.rating ? "★" : "☆")</span>"
                + "<span class=\"visually-hidden\">\(HTMLEscape.text(name))</span></label>"
        }
        return .form(
            .class("rating-form"), .method(.post), .action(model.actionURL), .attr("data-places-form", "rate"),
            PlacesViews.hidden("do", "rate"), PlacesViews.hidden("id", card.id),
            PlacesViews.hidden("return", model.pageURL),
            .fieldset(
                .class("rating"),
                .element(
                    named: "legend",
                    nodes: [.safeText(l.t("Your rating of \(card.name)", "Deine Bewertung von \(card.name)"))]),
                .raw("<span class=\"stars\">\(radios)</span>")),
            // Outside the fieldset: axe-core 3.1 wants a radio group's fieldset to hold nothing else.
            .button(.type(.submit), .class("button secondary rate-submit"), .safeText(l.t("Rate", "Bewerten"))))
    }

    static func addForm(_ model: LunchModel) -> Node<HTML.BodyContext> {
        let l = model.language
        let form = model.addForm
        return .details(
            .class("card add-own"), .id("add-spot"), .if(form.error != nil, .flag("open")),
            .summary(.safeText(l.t("➕ Add a restaurant", "➕ Restaurant hinzufügen"))),
            .form(
                .method(.post), .action(model.actionURL),
                .unwrap(form.error) { error in
                    .div(.class("notice notice-error"), .attribute(named: "role", value: "alert"), .safeText(error))
                },
                PlacesViews.hidden("do", "add"), PlacesViews.hidden("return", model.pageURL),
                .div(
                    .class("field"),
                    .label(.for("own-spot-name"), .safeText(l.t("Name", "Name"))),
                    .input(
                        .type(.text), .id("own-spot-name"), .name("name"), .attr("value", form.name),
                        .flag("required"), .attr("maxlength", String(VisitorLimits.name)))),
                .div(
                    .class("field"),
                    .label(.for("own-spot-cuisine"), .safeText(l.t("Cuisine (optional)", "Küche (optional)"))),
                    .input(
                        .type(.text), .id("own-spot-cuisine"), .name("cuisine"), .attr("value", form.cuisine),
                        .attr("maxlength", String(VisitorLimits.cuisine)),
                        .attr("placeholder", l.t("Thai, pizza…", "Thai, Pizza…")))),
                .p(
                    .class("hint"),
                    .safeText(
                        l.t(
                            "Kept for this browser only (a cookie, no account).",
                            "Nur für diesen Browser gespeichert (ein Cookie, kein Konto)."))),
                .button(.type(.submit), .class("button"), .safeText(l.t("Add", "Hinzufügen")))))
    }
}
