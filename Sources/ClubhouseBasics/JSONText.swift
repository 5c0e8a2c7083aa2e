/// The pieces of JSON text that hand-written JSON writers share: string literals and numbers.
public enum JSONText {
    /// How control characters other than `\n`, `\r` and `\t` are written.
    public enum ControlEscapes: Sendable, Equatable {
        /// Every other control character as `\u00XX`.
        case unicode
        /// Backspace and form feed as `\b` and `\f`, the rest as `\u00XX` (what `JSON.stringify` writes).
        case short
    }

    /// Appends `value` as a quoted JSON string: `"` and `\` escaped, control characters escaped, everything else
    /// (slashes, non-ASCII) as is, in UTF-8.
    public static func appendQuoted(
        _ value: String, to output: inout String, controlEscapes: ControlEscapes = .unicode
    ) {
        output += "\""
        // Fast path: most strings need no escaping and are appended whole.
        if !value.utf8.contains(where: { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C }) {
            output += value
            output += "\""
            return
        }
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            case "\u{08}" where controlEscapes == .short: output += "\\b"
            case "\u{0C}" where controlEscapes == .short: output += "\\f"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: output.unicodeScalars.append(scalar)
            }
        }
        output += "\""
    }

    /// `value` as a quoted JSON string (see ``appendQuoted(_:to:controlEscapes:)``).
    public static func quoted(_ value: String, controlEscapes: ControlEscapes = .unicode) -> String {
        var output = ""
        appendQuoted(value, to: &output, controlEscapes: controlEscapes)
        return output
    }

    /// A JSON number: whole values below 1e15 without a decimal point (`40`), others in Swift's shortest
    /// round-trip form (`28.4`); `null` for NaN and infinities, as JavaScript writes them.
    public static func number(_ value: Double) -> String {
        guard value.isFinite else { return "null" }
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return "\(value)"
    }
}
