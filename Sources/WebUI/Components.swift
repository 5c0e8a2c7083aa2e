import Plot

/// Small building blocks shared by every app's pages.
public enum Components {
    /// A thin three-stripe bar in the given colours (club colours), as SVG so no inline style is needed.
    public static func tricolour(_ colours: [String]) -> Node<HTML.BodyContext> {
        let stripes = colours.prefix(3).enumerated().map { index, colour in
            "<rect x=\"\(index)\" y=\"0\" width=\"1\" height=\"1\" fill=\"\(HTMLEscape.attribute(colour))\"/>"
        }
        return .raw(
            "<svg class=\"tricolour\" viewBox=\"0 0 \(max(1, stripes.count)) 1\" preserveAspectRatio=\"none\" "
                + "aria-hidden=\"true\" focusable=\"false\">\(stripes.joined())</svg>")
    }

    /// An initials circle coloured by a hue bucket (`hue-0` … `hue-35`, 10° each, defined in webui.css with
    /// AA contrast for the white initials).
    public static func avatar(initials: String, hue: Int, large: Bool = false) -> Node<HTML.BodyContext> {
        let bucket = ((hue % 360) + 360) % 360 / 10
        return .span(
            .class("avatar hue-\(bucket)\(large ? " avatar-lg" : "")"), .attribute(named: "aria-hidden", value: "true"),
            .safeText(initials))
    }

    /// Direction of a week-over-week change.
    public enum TrendDirection: String, Sendable {
        case up, down, flat, new, none
    }

    /// "▲ 8%" in green, "▼ 3%" in red, "–" in grey, with words for screen readers.
    public static func trend(_ direction: TrendDirection, text: String, spoken: String) -> Node<HTML.BodyContext> {
        .span(
            .class("trend trend-\(direction.rawValue)"), .attr("title", spoken),
            .span(.attribute(named: "aria-hidden", value: "true"), .safeText(text)),
            .span(.class("visually-hidden"), .safeText(spoken)))
    }

    /// A labelled big number with an optional trend line underneath. A long value ("4,780,244 m" of a big club) is
    /// set smaller, in proportion to the card's width, so that it fits a phone's half-width card.
    public static func statCard(
        label: String, value: String, detail: Node<HTML.BodyContext> = .empty, id: String? = nil
    ) -> Node<HTML.BodyContext> {
        let length = value.count > 10 ? " is-longer" : value.count > 8 ? " is-long" : ""
        return .div(
            .class("stat-card"), .unwrap(id) { .id($0) },
            .p(.class("stat-label"), .safeText(label)),
            .p(.class("stat-value\(length)"), .safeText(value)),
            .div(.class("stat-detail"), detail))
    }

    /// A friendly message for "nothing here yet", with an optional action link.
    public static func emptyState(
        title: String, message: String, action: (label: String, url: String)? = nil, icon: String = "🚲"
    ) -> Node<HTML.BodyContext> {
        .div(
            .class("empty-state"),
            .p(.class("empty-icon"), .attribute(named: "aria-hidden", value: "true"), .text(icon)),
            .h2(.safeText(title)),
            .p(.safeText(message)),
            .unwrap(action) { action in .a(.class("button"), .link(action.url), .safeText(action.label)) })
    }

    /// An error message with a retry link (the same URL by default).
    public static func errorState(
        title: String, message: String, retryURL: String, strings: WebStrings = .en
    ) -> Node<HTML.BodyContext> {
        .div(
            .class("error-state"), .attribute(named: "role", value: "alert"),
            .h2(.safeText(title)), .p(.safeText(message)),
            .a(.class("button"), .link(retryURL), .safeText(strings.retry)))
    }

    /// An inline notice: `kind` is `error`, `success` or `info`.
    public static func notice(_ text: String, kind: String) -> Node<HTML.BodyContext> {
        .div(
            .class("notice notice-\(kind)"), .attribute(named: "role", value: kind == "error" ? "alert" : "status"),
            .safeText(text))
    }

    /// One entry of a link bar (tabs, segmented pickers).
    public struct LinkItem: Sendable, Equatable {
        /// Visible label.
        public var label: String
        /// Navigation URL (works without JavaScript).
        public var url: String
        /// URL of the HTML fragment a script swaps in instead of navigating; `nil` to always navigate.
        public var fragmentURL: String?
        /// Whether this item is the current one.
        public var isCurrent: Bool
        /// A stable key (`data-key`), used by scripts and tests.
        public var key: String
        /// Optional icon (emoji) before the label.
        public var icon: String?
        /// Whether scripts fetch the fragment ahead of a click (cheap views only).
        public var prefetch: Bool

        /// An item.
        public init(
            label: String, url: String, fragmentURL: String? = nil, isCurrent: Bool, key: String, icon: String? = nil,
            prefetch: Bool = true
        ) {
            self.prefetch = prefetch
            self.label = label
            self.url = url
            self.fragmentURL = fragmentURL
            self.isCurrent = isCurrent
            self.key = key
            self.icon = icon
        }
    }

    /// A navigation bar of links; items with a fragment URL are swapped into `target` by webui.js without a
    /// reload. `style` is a class: `tabs` or `segmented`.
    public static func linkBar(
        _ items: [LinkItem], label: String, target: String, style: String
    ) -> Node<HTML.BodyContext> {
        .nav(
            .class(style), .ariaLabel(label), .attr("data-swap-target", target),
            .forEach(items) { item in
                .a(
                    .link(item.url), .attr("data-key", item.key),
                    .unwrap(item.fragmentURL) {
                        .group(.attr("data-fragment", $0), .if(item.prefetch, .flag("data-prefetch")))
                    },
                    .if(item.isCurrent, .attribute(named: "aria-current", value: "page")),
                    .unwrap(item.icon) {
                        .span(.class("icon"), .attribute(named: "aria-hidden", value: "true"), .text($0))
                    },
                    .span(.safeText(item.label)))
            })
    }
}
