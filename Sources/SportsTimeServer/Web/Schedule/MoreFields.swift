import Foundation
import Plot
import WebUI

/// Form controls of the schedule, progress, poll and tour pages, written as escaped HTML: a label on every field,
/// the error next to it (`aria-describedby`) and the input kept.
enum MoreFields {
    /// One choice of a `<select>` (`group` names an `<optgroup>`).
    struct Choice: Sendable, Equatable {
        var value: String
        var label: String
        var group: String? = nil
    }

    /// The error paragraph of field `id` (empty when none).
    static func error(_ id: String, _ message: String?) -> String {
        guard let message else { return "" }
        return "<p class=\"field-error\" id=\"\(HTMLEscape.attribute(id))-error\">\(HTMLEscape.text(message))</p>"
    }

    /// `aria-invalid` and `aria-describedby` of a field with or without an error (and an optional hint).
    static func described(_ id: String, error: String?, hint: Bool = false) -> String {
        var ids: [String] = []
        if hint { ids.append("\(id)-hint") }
        if error != nil { ids.append("\(id)-error") }
        var out = error != nil ? " aria-invalid=\"true\"" : ""
        if !ids.isEmpty { out += " aria-describedby=\"\(HTMLEscape.attribute(ids.joined(separator: " ")))\"" }
        return out
    }

    /// A labelled `<select>`.
    static func select<Context>(
        id: String, name: String, label: String, choices: [Choice], selected: String, error: String? = nil,
        hint: String? = nil, extra: String = ""
    ) -> Node<Context> {
        var html = "<div class=\"field\"><label for=\"\(id)\">\(HTMLEscape.text(label))</label>"
        if let hint { html += "<p class=\"hint\" id=\"\(id)-hint\">\(HTMLEscape.text(hint))</p>" }
        html += "<select id=\"\(id)\" name=\"\(name)\"\(described(id, error: error, hint: hint != nil))\(extra)>"
        var group: String?
        for choice in choices {
            if choice.group != group {
                if group != nil { html += "</optgroup>" }
                group = choice.group
                if let group { html += "<optgroup label=\"\(HTMLEscape.attribute(group))\">" }
            }
            html +=
                "<option value=\"\(HTMLEscape.attribute(choice.value))\"\(choice.value == selected ? " selected" : "")>"
                + "\(HTMLEscape.text(choice.label))</option>"
        }
        if group != nil { html += "</optgroup>" }
        html += "</select>\(self.error(id, error))</div>"
        return .raw(html)
    }

    /// A labelled `<input>` of `type` (`text`, `date`, `number`).
    static func input<Context>(
        id: String, name: String, label: String, type: String = "text", value: String, error: String? = nil,
        hint: String? = nil, extra: String = ""
    ) -> Node<Context> {
        var html = "<div class=\"field\"><label for=\"\(id)\">\(HTMLEscape.text(label))</label>"
        if let hint { html += "<p class=\"hint\" id=\"\(id)-hint\">\(HTMLEscape.text(hint))</p>" }
        html +=
            "<input type=\"\(type)\" id=\"\(id)\" name=\"\(name)\" value=\"\(HTMLEscape.attribute(value))\""
            + "\(described(id, error: error, hint: hint != nil))\(extra)>\(self.error(id, error))</div>"
        return .raw(html)
    }

    /// A labelled `<textarea>`.
    static func textarea<Context>(
        id: String, name: String, label: String, value: String, error: String? = nil, maxLength: Int
    ) -> Node<Context> {
        .raw(
            "<div class=\"field\"><label for=\"\(id)\">\(HTMLEscape.text(label))</label>"
                + "<textarea id=\"\(id)\" name=\"\(name)\" rows=\"3\" maxlength=\"\(maxLength)\""
                + "\(described(id, error: error))>\(HTMLEscape.text(value))</textarea>\(self.error(id, error))</div>")
    }

    /// A hidden field.
    static func hidden(_ name: String, _ value: String) -> String {
        "<input type=\"hidden\" name=\"\(HTMLEscape.attribute(name))\" value=\"\(HTMLEscape.attribute(value))\">"
    }

    /// A one-button POST form (`fields` hidden), e.g. "I was there" or "Delete".
    static func postButton<Context>(
        action: String, fields: [(String, String)], label: String, className: String = "button secondary",
        accessibleLabel: String? = nil
    ) -> Node<Context> {
        .raw(
            "<form class=\"inline-form\" method=\"post\" action=\"\(HTMLEscape.attribute(action))\">"
                + fields.map { hidden($0.0, $0.1) }.joined()
                + "<button type=\"submit\" class=\"\(className)\""
                + (accessibleLabel.map { " aria-label=\"\(HTMLEscape.attribute($0))\"" } ?? "")
                + ">\(HTMLEscape.text(label))</button></form>")
    }
}
