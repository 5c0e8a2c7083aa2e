import Plot

/// The pieces every app's page frame shares below the Clubhouse header: the app's own header bar and its section
/// navigation. Styles: `.app-header` and `.section-nav` in `webui.css`; an app colours the current section with its
/// `--app-accent`.
public enum AppFrame {
    /// One entry of an app's section navigation.
    public struct Section: Sendable, Equatable {
        /// A stable key, written as `data-section` (scripts and tests find entries by it).
        public var key: String
        public var url: String
        /// An emoji shown before the name (decorative).
        public var icon: String
        public var name: String
        /// Whether this is the page's section (`aria-current="page"`).
        public var isCurrent: Bool

        public init(key: String, url: String, icon: String, name: String, isCurrent: Bool) {
            self.key = key
            self.url = url
            self.icon = icon
            self.name = name
            self.isCurrent = isCurrent
        }
    }

    /// The app's header bar: `content` laid out in one row (brand first), in a `<header>` with the app's own class
    /// (`app` + `-header`) besides `app-header`.
    public static func header(app: String, _ content: Node<HTML.BodyContext>...) -> Node<HTML.BodyContext> {
        .header(
            .class("app-header \(app)-header"),
            .div(.class("app-header-inner"), .group(content)))
    }

    /// The app's name as a link home, with a decorative `icon`.
    public static func brand(icon: String, name: String, url: String) -> Node<HTML.BodyContext> {
        .p(
            .class("app-brand"),
            .a(.href(url), .span(.attribute(named: "aria-hidden", value: "true"), .text(icon)), .safeText(name)))
    }

    /// The app's views as a row of links (scrolling sideways on a narrow screen), named `label` for screen readers;
    /// `app` + `-nav` is added as a class (print styles hide it by that name).
    public static func sectionNav(app: String, label: String, sections: [Section]) -> Node<HTML.BodyContext> {
        .nav(
            .class("section-nav \(app)-nav"), .attribute(named: "aria-label", value: label),
            .ul(
                .forEach(sections) { section in
                    .li(
                        .a(
                            .href(section.url), .attribute(named: "data-section", value: section.key),
                            .if(section.isCurrent, .attribute(named: "aria-current", value: "page")),
                            .span(.class("icon"), .attribute(named: "aria-hidden", value: "true"), .text(section.icon)),
                            .span(.safeText(section.name))))
                }))
    }
}
