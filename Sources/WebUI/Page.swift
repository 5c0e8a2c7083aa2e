import Plot

/// Strings the shared shell and components show, one value per language.
public struct WebStrings: Sendable {
    /// The `lang` attribute of pages in this language.
    public var languageCode: String
    public var skipToContent: String
    /// "Offline — showing data from %@" (the time the page was rendered).
    public var offlineBanner: @Sendable (String) -> String
    public var retry: String
    public var loading: String
    public var somethingWentWrong: String
    public var dataTable: String

    /// English.
    public static let en = WebStrings(
        languageCode: "en", skipToContent: "Skip to content",
        offlineBanner: { "Offline — showing data from \($0)" }, retry: "Try again", loading: "Loading…",
        somethingWentWrong: "Something went wrong", dataTable: "Data table")

    /// German.
    public static let de = WebStrings(
        languageCode: "de", skipToContent: "Zum Inhalt springen",
        offlineBanner: { "Offline — Daten von \($0)" }, retry: "Erneut versuchen", loading: "Laden …",
        somethingWentWrong: "Etwas ist schiefgelaufen", dataTable: "Datentabelle")
}

/// What the shell needs to know about a page besides its body.
public struct PageMeta: Sendable {
    /// `<title>`.
    public var title: String
    /// `<meta name="description">`.
    public var description: String
    /// The shell's strings (and the page's language).
    public var strings: WebStrings
    /// `<meta name="theme-color">` (browser chrome on phones).
    public var themeColor: String
    /// The web manifest's URL, for pages that can be installed.
    public var manifestURL: String?
    /// Stylesheet URLs after the shared ones.
    public var stylesheets: [String]
    /// Script URLs after the shared one (loaded with `defer`).
    public var scripts: [String]
    /// Classes on `<body>` (e.g. `tv` for the TV layout).
    public var bodyClass: String
    /// `data-*` attributes on `<body>` that page scripts read (name without the `data-` prefix).
    public var bodyData: [(String, String)]
    /// When the data was rendered, as shown in the offline banner; `nil` for pages that are never cached.
    public var renderedAt: String?
    /// Without JavaScript, reload the page every this many seconds (a TV board's live updates).
    public var noscriptRefreshSeconds: Int?
    /// The part of Clubhouse the page belongs to, marked in the shared header; `nil` hides the header (TV boards).
    public var section: ClubhouseSection?
    /// `light` or `dark` to override the system's colour scheme (`data-theme` on `<html>`); `nil` follows it.
    public var theme: String?
    /// Open Graph tags (`og:title`, `og:image`, …) as `<meta property content>` in the head, for link previews.
    public var openGraph: [(property: String, content: String)] = []

    /// A page description with the shared assets.
    public init(
        title: String, description: String = "", strings: WebStrings = .en, themeColor: String = "#fc4c02",
        manifestURL: String? = nil, stylesheets: [String] = [], scripts: [String] = [], bodyClass: String = "",
        bodyData: [(String, String)] = [], renderedAt: String? = nil, noscriptRefreshSeconds: Int? = nil,
        section: ClubhouseSection? = .home, theme: String? = nil
    ) {
        self.section = section
        self.theme = theme
        self.title = title
        self.description = description
        self.strings = strings
        self.themeColor = themeColor
        self.manifestURL = manifestURL
        self.stylesheets = stylesheets
        self.scripts = scripts
        self.bodyClass = bodyClass
        self.bodyData = bodyData
        self.renderedAt = renderedAt
        self.noscriptRefreshSeconds = noscriptRefreshSeconds
    }
}

/// The page shell every app uses: document head with the shared CSS/JS, icons, manifest and theme, a skip link,
/// the shared header with the app switcher, the offline banner the service worker turns on, and the page's body.
public enum PageShell {
    /// Renders a whole document. Pages include no inline scripts or styles, so a strict Content-Security-Policy
    /// (``contentSecurityPolicy``) holds.
    public static func render(_ meta: PageMeta, body: Node<HTML.BodyContext>) -> String {
        var head: [Node<HTML.HeadContext>] = [
            .meta(.charset(.utf8)),
            .meta(.name("viewport"), .content("width=device-width, initial-scale=1, viewport-fit=cover")),
            .element(named: "title", nodes: [.safeText(meta.title)]),
            .meta(.name("description"), .attribute(named: "content", value: HTMLEscape.attribute(meta.description))),
            .meta(.name("theme-color"), .attribute(named: "content", value: HTMLEscape.attribute(meta.themeColor))),
            .meta(.name("color-scheme"), .content("light dark")),
            .link(.rel(.icon), .href(WebAssets.shared.url("icon.svg")), .type("image/svg+xml")),
            .link(.rel(.appleTouchIcon), .href(WebAssets.shared.url("icon.svg"))),
        ]
        if let manifest = meta.manifestURL {
            head.append(.link(.rel(.manifest), .attribute(named: "href", value: HTMLEscape.attribute(manifest))))
        }
        for sheet in [WebAssets.shared.url("webui.css"), WebAssets.shared.url("charts.css")] + meta.stylesheets {
            head.append(.link(.rel(.stylesheet), .attribute(named: "href", value: HTMLEscape.attribute(sheet))))
        }
        for script in [WebAssets.shared.url("webui.js")] + meta.scripts {
            head.append(
                .element(
                    named: "script",
                    nodes: [.attribute(named: "src", value: HTMLEscape.attribute(script)), .attribute(named: "defer")]))
        }
        for tag in meta.openGraph {
            head.append(
                .meta(
                    .attribute(named: "property", value: HTMLEscape.attribute(tag.property)),
                    .attribute(named: "content", value: HTMLEscape.attribute(tag.content))))
        }
        if let seconds = meta.noscriptRefreshSeconds {
            head.append(
                .element(
                    named: "noscript",
                    nodes: [.meta(.attribute(named: "http-equiv", value: "refresh"), .content(String(seconds)))]))
        }
        var bodyAttributes: [Node<HTML.BodyContext>] = []
        if !meta.bodyClass.isEmpty { bodyAttributes.append(.class(meta.bodyClass)) }
        for (name, value) in meta.bodyData { bodyAttributes.append(.attr("data-\(name)", value)) }
        let banner: Node<HTML.BodyContext> =
            meta.renderedAt.map { time in
                .div(
                    .class("offline-banner"), .attribute(named: "role", value: "status"),
                    .safeText(meta.strings.offlineBanner(time)))
            } ?? .empty
        let html = HTML(
            .attribute(named: "lang", value: HTMLEscape.attribute(meta.strings.languageCode)),
            .attribute(named: "data-offline", value: "false"),
            .unwrap(meta.theme.flatMap { $0 == "light" || $0 == "dark" ? $0 : nil }) {
                .attribute(named: "data-theme", value: $0)
            },
            .head(.group(head)),
            .body(
                .group(bodyAttributes),
                .a(.class("skip-link"), .href("#main"), .safeText(meta.strings.skipToContent)),
                .unwrap(meta.section) { AppSwitcher.bar(current: $0, language: meta.strings.languageCode) },
                banner,
                body
            )
        )
        return html.render()
    }

    /// The Content-Security-Policy of pages: own scripts, styles and images only; forms and frames locked down.
    /// `formTargets` are further origins a form submission may redirect to (an OAuth provider).
    public static func contentSecurityPolicy(formTargets: [String] = []) -> String {
        "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; connect-src 'self'; "
            + "manifest-src 'self'; worker-src 'self'; object-src 'none'; base-uri 'none'; "
            + "form-action \((["'self'"] + formTargets).joined(separator: " ")); frame-ancestors 'none'"
    }
}
