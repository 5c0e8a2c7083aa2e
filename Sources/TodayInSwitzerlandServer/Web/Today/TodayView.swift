import Foundation
import Plot
import TodayInSwitzerland
import WebUI

/// The Today page: renders a ``TodayModel`` (no decisions here).
enum TodayView {
    /// The page's `<main>` content.
    static func main(_ m: TodayModel, now: Date) -> Node<HTML.BodyContext> {
        let l = m.language
        return .group(
            .h1(.class("visually-hidden"), .safeText(l.t("Today in \(m.cityName)", "Heute in \(m.cityName)"))),
            weather(m, now: now),
            .forEach(m.banners) { banner in
                .p(
                    .class("today-banner today-banner-\(banner.kind.rawValue)"),
                    .span(.class("icon"), .attribute(named: "aria-hidden", value: "true"), .text(banner.icon)),
                    .span(.safeText(banner.text)))
            },
            .div(
                .class("today-grid"),
                .div(
                    .class("today-news"),
                    .unwrap(m.briefing) { briefing($0, day: m.day, l) },
                    .unwrap(m.trending) { trend in
                        .p(
                            .class("today-trending"),
                            .span(.class("today-trending-label"), .safeText(l.t("🔥 Trending", "🔥 Im Trend"))),
                            trend.url.isEmpty
                                ? .span(.safeText(trend.topic))
                                : .a(.link(trend.url), .attr("rel", "noopener"), .safeText(trend.topic)))
                    },
                    news(m, now: now)),
                .aside(
                    .class("today-side"),
                    disruptions(m, now: now),
                    .section(
                        .class("card today-history"),
                        .attr("aria-label", l.t("This day in history", "Heute in der Geschichte")),
                        .h2(.safeText(l.t("📜 This day in history", "📜 Heute in der Geschichte"))),
                        .p(.strong(.text("\(m.historyYear)")), .safeText(" — \(m.historyText)"))))))
    }

    static func weather(_ m: TodayModel, now: Date) -> Node<HTML.BodyContext> {
        let l = m.language
        let notice = SwissComponents.freshnessNotice(m.weatherState, what: l.t("Weather", "Wetter"), now: now, l)
        guard let w = m.weather else {
            return .section(
                .class("card today-weather today-weather-missing"), .attr("aria-label", l.t("Weather", "Wetter")),
                .p(
                    .span(.class("today-weather-icon"), .attribute(named: "aria-hidden", value: "true"), .text("❔")),
                    .safeText(l.t("Weather unavailable", "Wetter nicht verfügbar"))),
                notice)
        }
        var facts: [String] = []
        if let high = w.high, let low = w.low {
            facts.append(l.t("High \(high)° · Low \(low)°", "Max. \(high)° · Min. \(low)°"))
        }
        if let rain = w.rainChance { facts.append(l.t("Rain \(rain)%", "Regen \(rain)%")) }
        if let sun = w.sunshineHours {
            let hours = sun == sun.rounded() ? String(Int(sun)) : String(format: "%.1f", sun)
            facts.append(l.t("☀️ \(hours) h sunshine", "☀️ \(hours.replacingOccurrences(of: ".", with: ",")) h Sonne"))
        }
        return .section(
            .class("card today-weather"), .attr("aria-label", l.t("Weather", "Wetter")),
            .div(
                .class("today-now"),
                .span(.class("today-weather-icon"), .attribute(named: "aria-hidden", value: "true"), .text(w.icon)),
                .div(
                    .p(.class("today-temp"), .text("\(w.temperature)°")),
                    .p(.class("today-desc"), .safeText(w.description)),
                    .p(.class("today-wind"), .safeText(l.t("Wind \(w.wind) km/h", "Wind \(w.wind) km/h")))),
                .if(
                    !facts.isEmpty,
                    .ul(.class("today-facts"), .forEach(facts) { .li(.safeText($0)) }))),
            notice,
            .if(
                !w.hours.isEmpty,
                .div(
                    .class("today-hours"), .attr("tabindex", "0"),
                    .attr("role", "region"), .attr("aria-label", l.t("Next hours", "Nächste Stunden")),
                    .ol(
                        .forEach(w.hours) { hour in
                            .li(
                                .attr("aria-label", hour.spoken),
                                .span(
                                    .class("h-time"), .attribute(named: "aria-hidden", value: "true"), .text(hour.time)),
                                .span(
                                    .class("h-icon"), .attribute(named: "aria-hidden", value: "true"), .text(hour.icon)),
                                .span(
                                    .class("h-temp"), .attribute(named: "aria-hidden", value: "true"),
                                    .text("\(hour.temperature)°")))
                        }))),
            .if(
                !w.outlook.isEmpty,
                .ul(
                    .class("today-outlook"), .attr("aria-label", l.t("Next days", "Nächste Tage")),
                    .forEach(w.outlook) { day in
                        .li(
                            .span(.class("o-day"), .attribute(named: "aria-hidden", value: "true"), .text(day.label)),
                            .span(.class("visually-hidden"), .safeText(day.name)),
                            .span(.class("o-icon"), .attribute(named: "aria-hidden", value: "true"), .text(day.icon)),
                            .span(.class("visually-hidden"), .safeText(day.description)),
                            .span(.class("o-temps"), .text("\(day.high)° / \(day.low)°")),
                            .unwrap(day.rainChance) {
                                .span(.class("o-rain"), .safeText(l.t("💧 \($0)%", "💧 \($0)%")))
                            })
                    })))
    }

    /// The briefing card; its × (shown by swiss-today.js) hides it for the rest of the Swiss day `day`.
    static func briefing(_ b: TodayModel.Briefing, day: String, _ l: Language) -> Node<HTML.BodyContext> {
        .section(
            .class("card today-briefing"), .id("briefing"), .attr("data-day", day),
            .attr("aria-label", l.t("Morning briefing", "Morgen-Briefing")),
            .div(
                .class("today-briefing-head"),
                .h2(.class("today-greeting"), .safeText(b.greeting)),
                .button(
                    .type(.button), .class("today-dismiss"), .attribute(named: "hidden", value: "hidden"),
                    .attr("aria-label", l.t("Hide the briefing for today", "Briefing für heute ausblenden")),
                    .text("×"))),
            .unwrap(b.story) { story in
                .div(
                    .class("today-story"),
                    .p(
                        .class("today-story-headline"),
                        story.url.isEmpty
                            ? .safeText(story.headline)
                            : .a(.link(story.url), .attr("rel", "noopener"), .safeText(story.headline))),
                    .p(.safeText(story.summary)),
                    .p(.class("today-source"), .safeText(story.source)))
            },
            .unwrap(b.suggestion) { suggestion in
                .p(
                    .class("today-suggestion"), .safeText(suggestion),
                    .unwrap(b.reason) { reason in .span(.class("today-reason"), .safeText(" — \(reason)")) })
            })
    }

    static func news(_ m: TodayModel, now: Date) -> Node<HTML.BodyContext> {
        let l = m.language
        return .section(
            .class("today-news-block"), .id("news"), .attr("aria-label", l.t("News", "Nachrichten")),
            SwissComponents.freshnessNotice(m.newsState, what: l.t("News", "Nachrichten"), now: now, l),
            .nav(
                .class("chips today-tabs"), .attr("aria-label", l.t("News categories", "Nachrichten-Kategorien")),
                .forEach(m.tabs) { tab in
                    .a(
                        .link(tab.url), .attr("data-tab", tab.category.rawValue),
                        .attr("aria-controls", "news-\(tab.category.rawValue)"),
                        .if(tab.isCurrent, .attribute(named: "aria-current", value: "page")),
                        .span(.safeText(tab.label)),
                        .span(.class("count"), .text("\(tab.count)")))
                }),
            .forEach(m.sections) { section in
                .div(
                    .class("today-section"), .id("news-\(section.category.rawValue)"),
                    .attr("data-tab-panel", section.category.rawValue),
                    .if(section.category != m.current, .attribute(named: "hidden", value: "hidden")),
                    .h2(.class("visually-hidden"), .safeText(section.label)),
                    section.headlines.isEmpty
                        ? .p(
                            .class("today-empty"),
                            .safeText(
                                l.t(
                                    "No news in this category right now.",
                                    "Zurzeit keine Meldungen in dieser Kategorie.")))
                        : .ul(.class("today-cards"), .forEach(section.headlines) { card($0) }))
            })
    }

    static func card(_ h: TodayModel.Headline) -> Node<HTML.ListContext> {
        .li(
            .class("card today-card sentiment-\(h.sentiment.rawValue)"), .id("story-\(h.id)"),
            .unwrap(h.language) { .attr("lang", $0) },
            .h3(
                .class("today-headline"),
                h.url.isEmpty
                    ? .safeText(h.headline) : .a(.link(h.url), .attr("rel", "noopener"), .safeText(h.headline))),
            .p(
                .class("today-meta"),
                .span(.class("today-source"), .safeText(h.source)),
                .unwrap(h.age) { age in
                    .element(named: "time", nodes: [.unwrap(h.publishedAt) { .attr("datetime", $0) }, .text(age)])
                },
                .span(
                    .class("sentiment sentiment-\(h.sentiment.rawValue)"),
                    .span(.attribute(named: "aria-hidden", value: "true"), .text(h.sentimentIcon)),
                    .safeText(" \(h.sentimentLabel)"))),
            h.detail.isEmpty || h.detail == h.summary
                ? .p(.class("today-summary"), .safeText(h.summary))
                : .details(
                    .summary(.safeText(h.summary)),
                    .p(.class("today-detail"), .safeText(h.detail))))
    }

    static func disruptions(_ m: TodayModel, now: Date) -> Node<HTML.BodyContext> {
        let l = m.language
        let notice = SwissComponents.freshnessNotice(
            m.transportState, what: l.t("Departures", "Abfahrten"), now: now, l)
        guard let d = m.disruptions else { return notice }
        return .section(
            .class("card today-transport"), .attr("aria-label", l.t("Public transport", "Öffentlicher Verkehr")),
            .details(
                .summary(
                    .span(.class("status-dot status-\(d.status)"), .attribute(named: "aria-hidden", value: "true")),
                    .safeText("🚆 \(d.title) — \(d.count)")),
                .ul(.forEach(d.lines) { .li(.safeText($0)) })),
            notice)
    }
}
