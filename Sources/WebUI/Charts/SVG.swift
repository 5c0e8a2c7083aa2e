import Foundation

/// One value of a chart.
public struct ChartDatum: Sendable, Equatable {
    /// Short axis label, e.g. "Sarah M.".
    public var label: String
    /// Label used in tooltips and the data table, e.g. "Sarah Murphy".
    public var fullLabel: String
    /// The value; values that are not finite or not positive are drawn as 0.
    public var value: Double
    /// The value formatted for display, e.g. "124 km".
    public var valueText: String
    /// Whether the datum is emphasised (the top bar, "you" in comparison bars).
    public var highlight: Bool
    /// Hue (0..<360) of the donut segment, e.g. the rider's avatar hue; `nil` picks a palette colour by index.
    public var hue: Int?

    /// Creates a datum; `fullLabel` defaults to `label`.
    public init(
        label: String, fullLabel: String? = nil, value: Double, valueText: String, highlight: Bool = false,
        hue: Int? = nil
    ) {
        self.label = label
        self.fullLabel = fullLabel ?? label
        self.value = value
        self.valueText = valueText
        self.highlight = highlight
        self.hue = hue
    }
}

/// Escaping and number formatting shared by the chart renderers.
public enum SVG {
    /// Escapes `&`, `<`, `>`, `"` and `'` so that `text` is safe in HTML/SVG text and quoted attribute values.
    ///
    /// C0 control characters other than tab, line feed and carriage return are dropped (they are invalid in XML).
    public static func escape(_ text: String) -> String {
        var out = ""
        appendEscaped(text, to: &out)
        return out
    }

    /// Formats `value` with at most two decimals and "." as the decimal separator, whatever the locale.
    ///
    /// Trailing zeros are dropped ("12.5", "3"); non-finite values become "0" and magnitudes are clamped to 1e12.
    public static func number(_ value: Double) -> String {
        var out = ""
        appendNumber(value, to: &out)
        return out
    }

    /// Turns `raw` into a safe DOM id: ASCII letters, digits, "-" and "_" are kept, anything else becomes "-";
    /// an id that is empty or does not start with a letter is prefixed with "chart-".
    public static func domID(_ raw: String) -> String {
        var out = ""
        out.reserveCapacity(min(raw.utf8.count, 128) + 6)
        for byte in raw.utf8.prefix(128) {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"):
                out.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                // Skip UTF-8 continuation bytes so one character gives one "-".
                if byte & 0xC0 != 0x80 { out += "-" }
            }
        }
        if let first = out.utf8.first,
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(first)
                || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(first)
        {
            return out
        }
        return "chart-" + out
    }

    // MARK: Internal helpers

    static func appendEscaped(_ text: String, to out: inout String) {
        var needsEscaping = false
        for byte in text.utf8 {
            switch byte {
            case 0x09, 0x0A, 0x0D: continue
            case 0x22, 0x26, 0x27, 0x3C, 0x3E, ..<0x20: needsEscaping = true
            default: continue
            }
            break
        }
        guard needsEscaping else {
            out += text
            return
        }
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            case "\t", "\n", "\r": out.unicodeScalars.append(scalar)
            default:
                if scalar.value >= 0x20 { out.unicodeScalars.append(scalar) }
            }
        }
    }

    static func appendNumber(_ value: Double, to out: inout String) {
        guard value.isFinite else {
            out += "0"
            return
        }
        let clamped = Swift.min(Swift.max(value, -1e12), 1e12)
        let hundredths = (clamped * 100).rounded(.toNearestOrAwayFromZero)
        let magnitude = Int64(hundredths.magnitude)
        guard magnitude != 0 else {
            out += "0"
            return
        }
        if hundredths < 0 { out += "-" }
        out += String(magnitude / 100)
        let fraction = magnitude % 100
        if fraction != 0 {
            out += fraction < 10 ? ".0" : "."
            out += String(fraction % 10 == 0 ? fraction / 10 : fraction)
        }
    }

    /// Shortens `text` to at most `limit` characters, ending with "…" when cut.
    static func truncate(_ text: String, to limit: Int) -> String {
        let limit = Swift.max(limit, 1)
        guard let cut = text.index(text.startIndex, offsetBy: limit, limitedBy: text.endIndex), cut != text.endIndex
        else { return text }
        let keep = text.index(text.startIndex, offsetBy: limit - 1)
        return String(text[..<keep]) + "…"
    }

    /// The drawn value: non-finite or non-positive values count as 0.
    static func clean(_ value: Double) -> Double {
        value.isFinite && value > 0 ? value : 0
    }

    /// Each value relative to the largest, in 0...1 after cleaning (all 0 when the largest is 0).
    ///
    /// Dividing before scaling keeps huge finite values from overflowing to infinity.
    static func ratios(_ values: [Double]) -> [Double] {
        let cleaned = values.map(clean)
        guard let maxValue = cleaned.max(), maxValue > 0 else { return cleaned.map { _ in 0 } }
        return cleaned.map { $0 / maxValue }
    }

    /// The colour of a per-datum mark, e.g. `hsl(210 55% 45%)`.
    static func color(hue: Int?, index: Int) -> String {
        let palette = [174, 20, 217, 45, 280, 140, 340, 195, 95, 0, 255, 60]
        let raw = hue ?? palette[index % palette.count]
        let normalized = ((raw % 360) + 360) % 360
        return "hsl(\(normalized) 55% 45%)"
    }
}

/// A small append-only HTML/SVG string builder over one reserved `String`.
struct SVGWriter {
    var out: String

    init(capacity: Int) {
        out = ""
        out.reserveCapacity(Swift.max(capacity, 256))
    }

    /// Appends trusted markup as is.
    mutating func raw(_ markup: String) { out += markup }

    /// Appends escaped text.
    mutating func text(_ value: String) { SVG.appendEscaped(value, to: &out) }

    /// Appends a formatted number.
    mutating func num(_ value: Double) { SVG.appendNumber(value, to: &out) }

    /// Appends ` name="escaped value"`.
    mutating func attr(_ name: String, _ value: String) {
        out += " "
        out += name
        out += "=\""
        SVG.appendEscaped(value, to: &out)
        out += "\""
    }

    /// Appends ` name="number"`.
    mutating func attr(_ name: String, _ value: Double) {
        out += " "
        out += name
        out += "=\""
        SVG.appendNumber(value, to: &out)
        out += "\""
    }

    /// Appends `<tag>escaped text</tag>`.
    mutating func element(_ tag: String, _ content: String) {
        out += "<" + tag + ">"
        SVG.appendEscaped(content, to: &out)
        out += "</" + tag + ">"
    }

    // MARK: Chart scaffolding

    /// Opens `<figure class="chart chart-KIND" id="ID">`.
    mutating func openFigure(kind: String, id: String) {
        raw("<figure class=\"chart chart-\(kind)\"")
        attr("id", id)
        raw(">")
    }

    /// Writes the empty state of a figure and closes it.
    mutating func emptyFigure(kind: String, id: String, text emptyText: String) {
        openFigure(kind: kind, id: id)
        raw("<p class=\"chart-empty\">")
        text(emptyText)
        raw("</p></figure>")
    }

    /// Opens the accessible `<svg>` with its `<title>` and `<desc>`.
    mutating func openSVG(id: String, width: Double, height: Double, title: String, description: String) {
        raw("<svg viewBox=\"0 0 ")
        num(width)
        raw(" ")
        num(height)
        raw("\" role=\"img\"")
        attr("aria-labelledby", "\(id)-title \(id)-desc")
        raw(" preserveAspectRatio=\"xMidYMid meet\"><title")
        attr("id", "\(id)-title")
        raw(">")
        text(title)
        raw("</title><desc")
        attr("id", "\(id)-desc")
        raw(">")
        text(description)
        raw("</desc>")
    }

    /// The horizontal grid: `lines` lines from `top` down `plotHeight` in equal steps (the last step's line is the
    /// baseline's place, not drawn), between `left` and `right`; and the baseline at `baseline` when given.
    mutating func grid(
        left: Double, right: Double, top: Double, plotHeight: Double, lines: Int, baseline: Double?
    ) {
        raw("<path class=\"grid\" d=\"")
        for step in 0..<lines {
            raw("M")
            num(left)
            raw(" ")
            num(top + plotHeight * Double(step) / Double(lines))
            raw("H")
            num(right)
        }
        raw("\"/>")
        guard let baseline else { return }
        raw("<path class=\"baseline\" d=\"M")
        num(left)
        raw(" ")
        num(baseline)
        raw("H")
        num(right)
        raw("\"/>")
    }

    /// Closes the svg and adds the tooltip bubble the page script fills in.
    mutating func closeSVG() {
        raw("</svg><div class=\"chart-tooltip\" aria-hidden=\"true\"></div>")
    }

    /// Opens a mark group `<g class="mark …" data-tip="…"><title>…</title>`; close it with `</g>`.
    mutating func openMark(tip: String, extraClass: String?) {
        raw("<g class=\"mark")
        if let extraClass {
            raw(" ")
            raw(extraClass)
        }
        raw("\"")
        attr("data-tip", tip)
        raw("><title>")
        text(tip)
        raw("</title>")
    }

    /// Writes the `<details class="chart-data">` table fallback.
    mutating func dataTable(summary: String, caption: String, headers: [String], rows: [[String]]) {
        raw("<details class=\"chart-data\"><summary>")
        text(summary)
        raw("</summary><table><caption>")
        text(caption)
        raw("</caption><thead><tr>")
        for header in headers {
            raw("<th scope=\"col\">")
            text(header)
            raw("</th>")
        }
        raw("</tr></thead><tbody>")
        for row in rows {
            raw("<tr>")
            for (column, cell) in row.enumerated() {
                raw(column == 0 ? "<th scope=\"row\">" : "<td>")
                text(cell)
                raw(column == 0 ? "</th>" : "</td>")
            }
            raw("</tr>")
        }
        raw("</tbody></table></details>")
    }

    /// The text of a tooltip: "Full label · value".
    static func tip(_ datum: ChartDatum, extra: String? = nil) -> String {
        var tip = datum.fullLabel + " · " + datum.valueText
        if let extra { tip += " · " + extra }
        return tip
    }
}
