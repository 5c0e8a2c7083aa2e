import Plot

/// HTML escaping and attribute helpers. Plot escapes text nodes but writes attribute values verbatim, so every
/// attribute that may hold user data goes through ``HTMLEscape/attribute(_:)`` via these helpers.
public enum HTMLEscape {
    /// Escapes `& < > " '` for use inside a double-quoted attribute value or text, and drops control characters
    /// that HTML and SVG cannot carry (one escaper for pages and charts).
    public static func attribute(_ value: String) -> String {
        var out = ""
        SVG.appendEscaped(value, to: &out)
        return out
    }

    /// Escapes text content (`& < >`), including existing entities, unlike Plot's `.text`.
    public static func text(_ value: String) -> String { attribute(value) }
}

extension Node {
    /// An attribute whose value is escaped.
    public static func attr(_ name: String, _ value: String) -> Node {
        .attribute(named: name, value: HTMLEscape.attribute(value))
    }

    /// Escaped text (existing entities are escaped too, so user data shows exactly as typed).
    public static func safeText(_ value: String) -> Node { .raw(HTMLEscape.text(value)) }
}

extension Node where Context: HTMLLinkableContext {
    /// An escaped `href`.
    public static func link(_ url: String) -> Node { .attribute(named: "href", value: HTMLEscape.attribute(url)) }
}

extension Attribute {
    /// An attribute whose value is escaped (for element builders that take attributes, such as `.input`).
    public static func attr(_ name: String, _ value: String) -> Attribute {
        Attribute(name: name, value: HTMLEscape.attribute(value))
    }

    /// A boolean attribute written without a value (`required`, `selected`).
    public static func flag(_ name: String) -> Attribute {
        Attribute(name: name, value: nil, ignoreIfValueIsEmpty: false)
    }
}

extension Node {
    /// A boolean attribute written without a value (`selected`, `hidden`, `data-sortable`).
    public static func flag(_ name: String) -> Node {
        .attribute(Attribute(name: name, value: nil, ignoreIfValueIsEmpty: false))
    }
}

extension Node where Context == HTML.SelectContext {
    /// An `<option>` with escaped value and label (Plot's `option` has no text content).
    public static func choice(_ value: String, _ label: String, selected: Bool = false) -> Node {
        .raw(
            "<option value=\"\(HTMLEscape.attribute(value))\"\(selected ? " selected" : "")>"
                + "\(HTMLEscape.text(label))</option>")
    }
}
