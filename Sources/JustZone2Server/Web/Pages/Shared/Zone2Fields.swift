import JustZone2
import Plot
import ServerKit
import WebUI

/// Labelled form fields with a hint and the message of a refused value next to them (`aria-invalid`,
/// `aria-describedby`), as the other apps' settings pages write them.
enum Zone2Fields {
    /// The error paragraph of field `id` (empty when none).
    static func error(_ id: String, _ message: String?) -> String {
        guard let message else { return "" }
        return "<p class=\"field-error\" id=\"\(HTMLEscape.attribute(id))-error\">\(HTMLEscape.text(message))</p>"
    }

    static func described(_ id: String, error: String?, hint: Bool) -> String {
        var ids: [String] = []
        if hint { ids.append("\(id)-hint") }
        if error != nil { ids.append("\(id)-error") }
        var out = error != nil ? " aria-invalid=\"true\"" : ""
        if !ids.isEmpty { out += " aria-describedby=\"\(HTMLEscape.attribute(ids.joined(separator: " ")))\"" }
        return out
    }

    /// A labelled whole-number input within `range` (step `step`); `value` as typed (kept after a refusal).
    static func number<Context>(
        id: String, name: String, label: String, value: String, range: ClosedRange<Int>, step: Int = 1,
        unit: String? = nil, error: String? = nil, hint: String? = nil, required: Bool = false
    ) -> Node<Context> {
        var html = "<div class=\"field field-number\"><label for=\"\(id)\">\(HTMLEscape.text(label))</label>"
        if let hint { html += "<p class=\"hint\" id=\"\(id)-hint\">\(HTMLEscape.text(hint))</p>" }
        html +=
            "<span class=\"with-unit\"><input type=\"number\" inputmode=\"numeric\" id=\"\(id)\" name=\"\(name)\""
            + " value=\"\(HTMLEscape.attribute(value))\" min=\"\(range.lowerBound)\" max=\"\(range.upperBound)\""
            + " step=\"\(step)\"\(required ? " required" : "")\(described(id, error: error, hint: hint != nil))>"
        if let unit { html += "<span class=\"unit\" aria-hidden=\"true\">\(HTMLEscape.text(unit))</span>" }
        html += "</span>\(self.error(id, error))</div>"
        return .raw(html)
    }

    /// A group of radio buttons in a fieldset.
    static func radios<Context>(
        name: String, legend: String, choices: [(value: String, label: String)], selected: String,
        hint: String? = nil, error: String? = nil
    ) -> Node<Context> {
        var html = "<fieldset class=\"choices\"><legend>\(HTMLEscape.text(legend))</legend>"
        if let hint { html += "<p class=\"hint\">\(HTMLEscape.text(hint))</p>" }
        for choice in choices {
            html +=
                "<label class=\"choice\"><input type=\"radio\" name=\"\(name)\" value=\"\(HTMLEscape.attribute(choice.value))\""
                + "\(choice.value == selected ? " checked" : "")> \(HTMLEscape.text(choice.label))</label>"
        }
        html += "\(self.error(name, error))</fieldset>"
        return .raw(html)
    }

    /// A checkbox sending `value` when ticked.
    static func checkbox<Context>(name: String, label: String, checked: Bool, value: String = "1") -> Node<Context> {
        .raw(
            "<label class=\"checkbox\"><input type=\"checkbox\" name=\"\(name)\" value=\"\(HTMLEscape.attribute(value))\""
                + "\(checked ? " checked" : "")> \(HTMLEscape.text(label))</label>")
    }

    /// A form posting to `action` with a single button (delete, disconnect, resume).
    static func postButton<Context>(
        action: String, label: String, style: String = "button", fields: [(String, String)] = []
    ) -> Node<Context> {
        var html = "<form method=\"post\" action=\"\(HTMLEscape.attribute(action))\" class=\"inline-form\">"
        for (name, value) in fields {
            html +=
                "<input type=\"hidden\" name=\"\(HTMLEscape.attribute(name))\" value=\"\(HTMLEscape.attribute(value))\">"
        }
        html +=
            "<button type=\"submit\" class=\"\(HTMLEscape.attribute(style))\">\(HTMLEscape.text(label))</button></form>"
        return .raw(html)
    }
}

/// The messages of a refused form, by field name (shown next to each field; nothing is saved).
struct FieldErrors: Error, Equatable, Sendable {
    var fields: [String: String]

    subscript(_ field: String) -> String? { fields[field] }
    var keys: Dictionary<String, String>.Keys { fields.keys }
}
