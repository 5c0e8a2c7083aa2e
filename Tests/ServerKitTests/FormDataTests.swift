import Foundation
import Testing

@testable import ServerKit

@Suite("HTML form bodies")
struct FormDataTests {
    @Test("URL-encoded fields decode plus signs, percent escapes and repeated names")
    func urlEncoded() throws {
        let form = try FormData.parse(
            Data("name=Sarah+M%C3%BCller&sport=Ride&sport=Run&empty=&flag&bad=%ZZ".utf8),
            contentType: "application/x-www-form-urlencoded; charset=UTF-8")
        #expect(form["name"] == "Sarah Müller")
        #expect(form.all("sport") == ["Ride", "Run"])
        #expect(form["empty"] == "")
        #expect(form["flag"] == "")
        #expect(form["bad"] == "%ZZ")
        #expect(form["missing"] == nil)
    }

    @Test("multipart bodies give fields and files with binary content intact")
    func multipart() throws {
        let boundary = "XyZ123"
        var body = Data("--\(boundary)\r\nContent-Disposition: form-data; name=\"note\"\r\n\r\nhello\r\n".utf8)
        body += Data("--\(boundary)\r\nContent-Disposition: form-data; name=\"file\"; filename=\"a.zip\"\r\n".utf8)
        body += Data("Content-Type: application/zip\r\n\r\n".utf8)
        let binary = Data([0x50, 0x4B, 0x03, 0x04, 0x0D, 0x0A, 0x2D, 0x2D, 0x00, 0xFF])
        body += binary
        body += Data("\r\n--\(boundary)--\r\n".utf8)
        let form = try FormData.parse(body, contentType: "multipart/form-data; boundary=\"\(boundary)\"")
        #expect(form["note"] == "hello")
        #expect(form.files["file"]?.filename == "a.zip")
        #expect(form.files["file"]?.contentType == "application/zip")
        #expect(form.files["file"]?.data == binary)
    }

    @Test(
        "broken bodies are refused with a reason, never a crash",
        arguments: [
            ("multipart/form-data", "--a\r\n"), ("multipart/form-data; boundary=a", "no delimiter here"),
            (
                "multipart/form-data; boundary=a",
                "--a\r\nContent-Disposition: form-data; name=\"x\"\r\n\r\nunterminated"
            ),
            ("multipart/form-data; boundary=a", "--aXX"), ("text/plain", "a=b"),
        ])
    func broken(contentType: String, body: String) {
        #expect(throws: FormData.ParseError.self) { try FormData.parse(Data(body.utf8), contentType: contentType) }
    }

    @Test("the byte search finds needles at the edges and not past the end")
    func search() {
        let hay = Array("abcabd".utf8)
        #expect(FormData.find(Array("abd".utf8), in: hay, from: 0) == 3)
        #expect(FormData.find(Array("abc".utf8), in: hay, from: 1) == nil)
        #expect(FormData.find(Array("abcabdx".utf8), in: hay, from: 0) == nil)
        #expect(FormData.find([], in: hay, from: 0) == nil)
    }
}
