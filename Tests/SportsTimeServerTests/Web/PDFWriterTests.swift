import Foundation
import SportsTime
import Testing

@testable import SportsTimeServer

/// The PDF writer and the itinerary layout: a file other readers accept (xref offsets, page tree), text that can be
/// extracted, escaping. With `TRIPS_PDF_OUT` set the sample itinerary is written there for
/// `scripts/check-trips-pdf.sh` (qpdf --check, pdftotext).
@Suite("SportsTime web: PDF writer and itinerary PDF")
struct PDFWriterTests {
    static func string(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

    /// Latin-1 view (one character per byte), so offsets in the string are byte offsets.
    static func latin1(_ bytes: [UInt8]) -> String { String(bytes.map { Character(Unicode.Scalar($0)) }) }

    @Test("every xref offset points at its 'n 0 obj'; startxref points at the table; the page count is right")
    func structure() throws {
        var pdf = PDFWriter(title: "Test")
        pdf.beginPage()
        pdf.text("Fenway Park (Boston) \\ done", x: 40, y: 800, size: 12)
        pdf.beginPage()
        pdf.line(from: .init(x: 0, y: 0), to: .init(x: 100, y: 100))
        pdf.beginPage()
        pdf.path([.init(x: 1, y: 1), .init(x: 50, y: 1), .init(x: 25, y: 40)], fill: .gray, stroke: .black)
        let bytes = pdf.data()
        let text = Self.latin1(bytes)
        #expect(text.hasPrefix("%PDF-1.4\n") && text.hasSuffix("%%EOF\n"))
        let startxref = try #require(text.range(of: "startxref\n", options: .backwards))
        let xrefOffset = try #require(Int(text[startxref.upperBound...].prefix { $0.isNumber }))
        #expect(Array(bytes[xrefOffset..<xrefOffset + 4]) == Array("xref".utf8))
        let table = text[text.index(text.startIndex, offsetBy: xrefOffset)...]
        let lines = table.split(separator: "\n")
        let count = try #require(Int(lines[1].split(separator: " ")[1]))
        #expect(count == 5 + 3 * 2 + 1)
        for number in 1..<count {
            let entry = lines[2 + number]
            let offset = try #require(Int(entry.prefix(10)))
            let head = Self.latin1(Array(bytes[offset..<min(bytes.count, offset + 12)]))
            #expect(head.hasPrefix("\(number) 0 obj"), "object \(number) at \(offset): \(head)")
        }
        #expect(text.contains("/Count 3"))
        #expect(text.contains("(Fenway Park \\(Boston\\) \\\\ done) Tj"))
    }

    @Test("WinAnsi: Latin-1 kept, dashes and quotes mapped, arrows spelled, emoji dropped, others '?'")
    func encoding() {
        #expect(
            PDFWriter.winAnsi("Montréal – “A” → B 🏟️ 東") == Array("Montr".utf8) + [0xE9] + Array("al ".utf8) + [
                0x96, 0x20, 0x93, 0x41, 0x94,
            ] + Array(" -> B  ?".utf8))
        #expect(PDFWriter.escaped(Array("a(b)c\\".utf8)) == Array("a\\(b\\)c\\\\".utf8))
        #expect(PDFWriter.wrap("one two three four five six", width: 60, size: 10).count > 1)
    }

    @Test("the itinerary PDF has the trip's name, venues and days; long trips break onto more pages")
    func itinerary() throws {
        let model = TripFixtures.model(items: [TripFixtures.item("a", day: "2026-06-02", title: "Lunch (Joe's)")])
        let bytes = ItineraryPDF.document(model, generatedAt: Date(timeIntervalSince1970: 0))
        let text = Self.latin1(bytes)
        #expect(text.contains("(Boston -> New York) Tj") && text.contains("Fenway Park, Boston, MA"))
        #expect(text.contains("Lunch \\(Joe's\\)") && text.contains("Day 3"))
        #expect(text.contains(" re") || text.contains(" c ") || text.contains(" l "))
        var long = TripFixtures.option
        let rest = long.days[2]
        long.days = (0..<30).map { index in
            var day = index < 3 ? TripFixtures.option.days[index] : rest
            day.date = TripFixtures.date(String(format: "2026-06-%02d", index + 1))
            return day
        }
        let many = ItineraryPDF.document(TripFixtures.model(option: long), generatedAt: Date())
        let pages = Self.latin1(many).components(separatedBy: "/Type /Page ").count - 1
        #expect(pages >= 2)
        if let out = ProcessInfo.processInfo.environment["TRIPS_PDF_OUT"], !out.isEmpty {
            let url = URL(fileURLWithPath: out)
            let file = url.pathExtension == "pdf" ? url : url.appendingPathComponent("itinerary.pdf")
            try FileManager.default.createDirectory(
                at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(many).write(to: file)
        }
    }
}
