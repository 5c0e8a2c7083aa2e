import Plot

/// The parts of Clubhouse the shared header links to: the home page and the four apps.
public enum ClubhouseSection: String, Sendable, CaseIterable {
    case home, clubWeekly, sportsTime, justZone2, swiss

    /// The four apps, in the order the switcher shows them.
    public static let apps: [ClubhouseSection] = [.clubWeekly, .sportsTime, .justZone2, .swiss]

    /// Where the section starts.
    public var url: String {
        switch self {
        case .home: "/"
        case .clubWeekly: "/clubweekly"
        case .sportsTime: "/trips"
        case .justZone2: "/zone2"
        case .swiss: "/swiss/app"
        }
    }

    /// An emoji shown before the name (decorative).
    public var icon: String {
        switch self {
        case .home: "🏠"
        case .clubWeekly: "🚴"
        case .sportsTime: "🏟️"
        case .justZone2: "💚"
        case .swiss: "🇨🇭"
        }
    }

    /// The name in `language` (`en` or `de`).
    public func name(_ language: String) -> String {
        let de = language == "de"
        return switch self {
        case .home: "Clubhouse"
        case .clubWeekly: "Club Weekly"
        case .sportsTime: "SportsTime"
        case .justZone2: "JustZone2"
        case .swiss: de ? "Heute in der Schweiz" : "Today in Switzerland"
        }
    }

    /// A short name for narrow screens.
    public func shortName(_ language: String) -> String {
        switch self {
        case .swiss: language == "de" ? "Schweiz" : "Swiss"
        case .clubWeekly: "Club"
        case .sportsTime: "Trips"
        case .justZone2: "Zone 2"
        case .home: "Clubhouse"
        }
    }
}

/// The bar at the top of every page: the Clubhouse brand (home) and a link to each app, the current one marked.
public enum AppSwitcher {
    /// The bar for a page of `current` in `language`.
    public static func bar(current: ClubhouseSection?, language: String) -> Node<HTML.BodyContext> {
        .nav(
            .class("app-switcher"), .ariaLabel(language == "de" ? "Clubhouse-Apps" : "Clubhouse apps"),
            .div(
                .class("app-switcher-inner"),
                .a(
                    .class("ch-brand"), .href("/"),
                    .if(current == .home, .attribute(named: "aria-current", value: "page")),
                    .span(.attribute(named: "aria-hidden", value: "true"), .text("◆")), .text(" Clubhouse")),
                .ul(
                    .forEach(ClubhouseSection.apps) { app in
                        .li(
                            .a(
                                .href(app.url), .attr("data-app", app.rawValue),
                                .if(current == app, .attribute(named: "aria-current", value: "page")),
                                .span(
                                    .class("ch-icon"), .attribute(named: "aria-hidden", value: "true"), .text(app.icon)),
                                .span(.class("ch-long"), .safeText(app.name(language))),
                                .span(
                                    .class("ch-short"), .attribute(named: "aria-hidden", value: "true"),
                                    .safeText(app.shortName(language)))))
                    })))
    }
}
