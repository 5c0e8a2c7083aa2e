import Foundation

/// A small PDF 1.4 writer: pages of text in the standard Helvetica and Helvetica-Bold fonts (WinAnsi encoding),
/// lines and filled or stroked paths in RGB colours, written with a cross-reference table whose offsets point at
/// each `n 0 obj`. Coordinates are PDF points from the bottom-left corner.
struct PDFWriter: Sendable {
    /// An RGB colour, each part 0…1.
    struct Color: Sendable, Equatable {
        var red: Double, green: Double, blue: Double
        static let black = Color(red: 0, green: 0, blue: 0)
        static let white = Color(red: 1, green: 1, blue: 1)
        static let gray = Color(red: 0.45, green: 0.45, blue: 0.45)
    }

    /// A point of a path.
    struct Point: Sendable, Equatable {
        var x: Double, y: Double
    }

    /// A4 portrait.
    var pageWidth: Double = 595
    var pageHeight: Double = 842
    /// Finished pages' content streams.
    private(set) var pages: [[UInt8]] = []
    /// The page being drawn.
    private var current: [UInt8] = []
    private var hasPage = false

    /// Document information (`/Title`).
    var title: String = ""

    init(title: String = "") { self.title = title }

    /// Starts a new page (the previous one is finished).
    mutating func beginPage() {
        if hasPage { pages.append(current) }
        current = []
        hasPage = true
    }

    private mutating func emit(_ text: String) {
        if !hasPage { beginPage() }
        current += Array(text.utf8)
        current.append(0x0A)
    }

    static func number(_ value: Double) -> String {
        guard value.isFinite else { return "0" }
        let rounded = (value * 100).rounded() / 100
        if rounded == rounded.rounded() { return String(Int(rounded)) }
        return String(format: "%.2f", rounded)
    }

    private func rgb(_ color: Color) -> String {
        "\(Self.number(color.red)) \(Self.number(color.green)) \(Self.number(color.blue))"
    }

    /// Text at (`x`, `y`) (its baseline), in Helvetica or Helvetica-Bold.
    mutating func text(_ string: String, x: Double, y: Double, size: Double, bold: Bool = false, color: Color = .black)
    {
        if !hasPage { beginPage() }
        emit("\(rgb(color)) rg")
        emit("BT /\(bold ? "F2" : "F1") \(Self.number(size)) Tf \(Self.number(x)) \(Self.number(y)) Td")
        current += Array("(".utf8) + Self.escaped(Self.winAnsi(string)) + Array(") Tj".utf8)
        current.append(0x0A)
        emit("ET")
    }

    /// A straight line.
    mutating func line(from a: Point, to b: Point, width: Double = 1, color: Color = .black, dash: [Double] = []) {
        emit("q \(rgb(color)) RG \(Self.number(width)) w")
        if !dash.isEmpty { emit("[\(dash.map(Self.number).joined(separator: " "))] 0 d") }
        emit("\(Self.number(a.x)) \(Self.number(a.y)) m \(Self.number(b.x)) \(Self.number(b.y)) l S Q")
    }

    /// A path through `points`: filled, stroked or both; closed when `close`.
    mutating func path(
        _ points: [Point], fill: Color? = nil, stroke: Color? = nil, width: Double = 1, close: Bool = true,
        dash: [Double] = []
    ) {
        guard let first = points.first, fill != nil || stroke != nil else { return }
        var ops = "q"
        if let fill { ops += " \(rgb(fill)) rg" }
        if let stroke { ops += " \(rgb(stroke)) RG \(Self.number(width)) w" }
        emit(ops)
        if !dash.isEmpty { emit("[\(dash.map(Self.number).joined(separator: " "))] 0 d") }
        var d = "\(Self.number(first.x)) \(Self.number(first.y)) m"
        for point in points.dropFirst() { d += " \(Self.number(point.x)) \(Self.number(point.y)) l" }
        if close { d += " h" }
        emit(d)
        let paint: String =
            switch (fill != nil, stroke != nil) {
            case (true, true): "B"
            case (true, false): "f"
            default: "S"
            }
        emit("\(paint) Q")
    }

    /// A rectangle.
    mutating func rect(x: Double, y: Double, width: Double, height: Double, fill: Color? = nil, stroke: Color? = nil) {
        path(
            [
                Point(x: x, y: y), Point(x: x + width, y: y), Point(x: x + width, y: y + height),
                Point(x: x, y: y + height),
            ],
            fill: fill, stroke: stroke)
    }

    /// A circle (four Bézier arcs).
    mutating func circle(x: Double, y: Double, radius r: Double, fill: Color? = nil, stroke: Color? = nil) {
        let k = 0.5523 * r
        var ops = "q"
        if let fill { ops += " \(rgb(fill)) rg" }
        if let stroke { ops += " \(rgb(stroke)) RG 1.5 w" }
        emit(ops)
        let n = Self.number
        emit(
            "\(n(x + r)) \(n(y)) m \(n(x + r)) \(n(y + k)) \(n(x + k)) \(n(y + r)) \(n(x)) \(n(y + r)) c "
                + "\(n(x - k)) \(n(y + r)) \(n(x - r)) \(n(y + k)) \(n(x - r)) \(n(y)) c "
                + "\(n(x - r)) \(n(y - k)) \(n(x - k)) \(n(y - r)) \(n(x)) \(n(y - r)) c "
                + "\(n(x + k)) \(n(y - r)) \(n(x + r)) \(n(y - k)) \(n(x + r)) \(n(y)) c h")
        emit("\(fill != nil ? (stroke != nil ? "B" : "f") : "S") Q")
    }

    /// The width of `string` in points (Helvetica's metrics, approximated per character class).
    static func width(_ string: String, size: Double, bold: Bool = false) -> Double {
        var units = 0.0
        for byte in winAnsi(string) {
            switch byte {
            case UInt8(ascii: "i"), UInt8(ascii: "j"), UInt8(ascii: "l"), UInt8(ascii: "."), UInt8(ascii: ","),
                UInt8(ascii: "'"), UInt8(ascii: ":"), UInt8(ascii: ";"), UInt8(ascii: "!"), UInt8(ascii: "|"):
                units += 250
            case UInt8(ascii: " "), UInt8(ascii: "f"), UInt8(ascii: "t"), UInt8(ascii: "r"), UInt8(ascii: "("),
                UInt8(ascii: ")"), UInt8(ascii: "-"), UInt8(ascii: "I"):
                units += 320
            case UInt8(ascii: "m"), UInt8(ascii: "w"), UInt8(ascii: "M"), UInt8(ascii: "W"), UInt8(ascii: "@"):
                units += 850
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): units += 680
            default: units += 560
            }
        }
        return units * size / 1000 * (bold ? 1.06 : 1)
    }

    /// `string` cut into lines no wider than `width`, at spaces where possible.
    static func wrap(_ string: String, width: Double, size: Double, bold: Bool = false) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in string.split(separator: " ", omittingEmptySubsequences: false).map(String.init) {
            let candidate = line.isEmpty ? word : line + " " + word
            if Self.width(candidate, size: size, bold: bold) <= width || line.isEmpty {
                line = candidate
            } else {
                lines.append(line)
                line = word
            }
        }
        if !line.isEmpty || lines.isEmpty { lines.append(line) }
        return lines
    }

    /// `string` in WinAnsi (Windows-1252) bytes: Latin-1 kept, typographic punctuation mapped, anything else
    /// replaced by a close ASCII spelling or "?".
    static func winAnsi(_ string: String) -> [UInt8] {
        var bytes: [UInt8] = []
        for scalar in string.unicodeScalars {
            switch scalar.value {
            case 0x20...0x7E, 0xA0...0xFF: bytes.append(UInt8(scalar.value))
            case 0x2013: bytes.append(0x96)
            case 0x2014: bytes.append(0x97)
            case 0x2018: bytes.append(0x91)
            case 0x2019: bytes.append(0x92)
            case 0x201C: bytes.append(0x93)
            case 0x201D: bytes.append(0x94)
            case 0x2022: bytes.append(0x95)
            case 0x2026: bytes.append(0x85)
            case 0x20AC: bytes.append(0x80)
            case 0x2192: bytes += Array("->".utf8)
            case 0x00B7: bytes.append(0xB7)
            case 0x09, 0x0A, 0x0D: bytes.append(0x20)
            case 0xFE0F, 0x200D: continue
            default:
                if scalar.properties.isEmojiPresentation || scalar.value >= 0x1F000 { continue }
                bytes.append(UInt8(ascii: "?"))
            }
        }
        return bytes
    }

    /// A string's bytes with `(`, `)` and `\` escaped for a PDF literal string.
    static func escaped(_ bytes: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        for byte in bytes {
            if byte == UInt8(ascii: "(") || byte == UInt8(ascii: ")") || byte == UInt8(ascii: "\\") {
                out.append(UInt8(ascii: "\\"))
            }
            out.append(byte)
        }
        return out
    }

    /// The whole file.
    func data() -> [UInt8] {
        var pages = self.pages
        if hasPage || pages.isEmpty { pages.append(current) }
        var out: [UInt8] = Array("%PDF-1.4\n%\u{E2}\u{E3}\u{CF}\u{D3}\n".utf8)
        var offsets: [Int] = []
        func object(_ body: [UInt8]) {
            offsets.append(out.count)
            out += Array("\(offsets.count) 0 obj\n".utf8) + body + Array("\nendobj\n".utf8)
        }
        // 1 catalog, 2 page tree, 3–4 fonts, 5 info, then page and content pairs.
        let firstPage = 6
        let kids = pages.indices.map { "\(firstPage + $0 * 2) 0 R" }.joined(separator: " ")
        object(Array("<< /Type /Catalog /Pages 2 0 R >>".utf8))
        object(Array("<< /Type /Pages /Kids [\(kids)] /Count \(pages.count) >>".utf8))
        object(Array("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>".utf8))
        object(Array("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>".utf8))
        object(
            Array("<< /Title (".utf8) + Self.escaped(Self.winAnsi(title))
                + Array(") /Producer (Clubhouse SportsTime) >>".utf8))
        for (index, content) in pages.enumerated() {
            let contentID = firstPage + index * 2 + 1
            object(
                Array(
                    ("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 \(Self.number(pageWidth)) \(Self.number(pageHeight))] "
                        + "/Resources << /Font << /F1 3 0 R /F2 4 0 R >> >> /Contents \(contentID) 0 R >>").utf8))
            object(Array("<< /Length \(content.count) >>\nstream\n".utf8) + content + Array("\nendstream".utf8))
        }
        let xref = out.count
        var table = "xref\n0 \(offsets.count + 1)\n0000000000 65535 f \n"
        for offset in offsets { table += String(format: "%010d 00000 n \n", offset) }
        table += "trailer\n<< /Size \(offsets.count + 1) /Root 1 0 R /Info 5 0 R >>\nstartxref\n\(xref)\n%%EOF\n"
        out += Array(table.utf8)
        return out
    }
}
