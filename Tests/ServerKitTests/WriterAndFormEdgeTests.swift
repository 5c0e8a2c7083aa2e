import Foundation
import ServerKit
import Testing

@Suite("JSON writer edge cases")
struct JSONWriterEdgeTests {
    @Test("arrays of objects and nested arrays get their commas; keys keep the order written and are escaped")
    func structure() throws {
        var list = JSONWriter()
        list.array([1, 2]) { writer, n in
            writer.object {
                $0.field("n", n)
                $0.field("id", Int64(9_007_199_254_740_993))
            }
        }
        #expect(list.text == #"[{"n":1,"id":9007199254740993},{"n":2,"id":9007199254740993}]"#)
        var nested = JSONWriter()
        nested.array([[1, 2], [], [3]]) { writer, inner in writer.array(inner) { $0.int($1) } }
        #expect(nested.text == "[[1,2],[],[3]]")
        var empty = JSONWriter()
        empty.object { _ in }
        #expect(empty.text == "{}")
        var keys = JSONWriter()
        keys.object {
            $0.field("z", 1)
            $0.field("a\"b", 2)
            $0.field("m", nil as Double?)
        }
        #expect(keys.text == #"{"z":1,"a\"b":2,"m":null}"#)
        #expect(keys.data == Data(keys.text.utf8))
    }

    @Test("numbers: signs, negative zero, non-finite as null, large values still read back")
    func numbers() throws {
        var small = JSONWriter()
        small.array([-3.0, -0.0, 0.5, -2.25, Double.infinity, -Double.infinity, Double.nan]) { $0.number($1) }
        #expect(small.text == "[-3,0,0.5,-2.25,null,null,null]")
        let large = [1e15, -1e16, 123_456_789_012_345.6, 1e-7]
        var writer = JSONWriter()
        writer.array(large) { $0.number($1) }
        let read = try #require(try JSONSerialization.jsonObject(with: writer.data) as? [NSNumber])
        #expect(read.map(\.doubleValue) == large)
    }

    @Test("dates as UTC ISO 8601 with milliseconds, nil as null; control characters escaped, others kept")
    func datesAndStrings() throws {
        var json = JSONWriter()
        json.object {
            $0.field("at", Date(timeIntervalSince1970: 1.5))
            $0.field("never", nil as Date?)
            $0.field("text", "\u{08}\u{1F}\u{7F}/é")
            $0.field("none", nil as String?)
        }
        #expect(json.text.hasPrefix(#"{"at":"1970-01-01T00:00:01.500Z","never":null,"text":"\u0008\u001f"#))
        let object = try #require(try JSONSerialization.jsonObject(with: json.data) as? [String: Any])
        #expect(object["text"] as? String == "\u{08}\u{1F}\u{7F}/é")
        #expect(object["none"] is NSNull)
    }
}

@Suite("HTML form edge cases")
struct FormEdgeTests {
    static func multipart(_ boundary: String, _ parts: [String]) -> Data {
        Data((parts.map { "--\(boundary)\r\n\($0)\r\n" }.joined() + "--\(boundary)--\r\n").utf8)
    }

    @Test("URL-encoded: no content type means URL-encoded; empty pairs, empty names, bad escapes and plus signs")
    func urlEncoded() throws {
        let form = try FormData.parse(Data("&&a=1&&=x&b&c=%E2%82&d=a%2Bb+c".utf8), contentType: nil)
        #expect(form.fields.map(\.name) == ["a", "", "b", "c", "d"])
        #expect(form["a"] == "1" && form[""] == "x" && form["b"] == "")
        #expect(form["c"] == "%E2%82", "an escape that is not UTF-8 is kept as sent")
        #expect(form["d"] == "a+b c")
        #expect(try FormData.parse(Data(), contentType: nil).fields.isEmpty)
        #expect(try FormData.urlEncoded(Data("k=v".utf8)) == FormData.parse(Data("k=v".utf8), contentType: nil))
    }

    @Test("multipart: type and parameter names in any case, quoted boundaries, nameless parts ignored")
    func multipartParts() throws {
        let body = Self.multipart(
            "zz",
            [
                "Content-Disposition: form-data; name=\"note\"\r\n\r\nline one\r\nline two",
                "Content-Disposition: form-data\r\n\r\nno name",
                "Content-Disposition: form-data; name=\"file\"; filename=\"\"\r\nContent-Type: text/csv\r\n\r\na,b",
            ])
        for contentType in ["Multipart/Form-Data; BOUNDARY=zz", "multipart/form-data; boundary=\"zz\""] {
            let form = try FormData.parse(body, contentType: contentType)
            #expect(form.fields.count == 1, "\(contentType)")
            #expect(form["note"] == "line one\r\nline two", "a CRLF inside a value is kept")
            #expect(form.files["file"]?.filename == "")
            #expect(form.files["file"]?.contentType == "text/csv")
            #expect(form.files["file"]?.data == Data("a,b".utf8))
        }
    }

    @Test(
        "multipart boundaries: 1 to 70 allowed characters, else refused as missing",
        arguments: [
            (String(repeating: "b", count: 70), true), (String(repeating: "b", count: 71), false), ("a@b", false),
            ("", false), ("x", true), ("it's (fine)", true),
        ])
    func boundaries(boundary: String, accepted: Bool) {
        let body = Self.multipart(boundary, ["Content-Disposition: form-data; name=\"a\"\r\n\r\n1"])
        let contentType = "multipart/form-data; boundary=\"\(boundary)\""
        if accepted {
            #expect((try? FormData.parse(body, contentType: contentType))?["a"] == "1", "\(boundary)")
        } else {
            #expect(throws: FormData.ParseError.missingBoundary, "\(boundary)") {
                try FormData.parse(body, contentType: contentType)
            }
        }
    }

    @Test("multipart: a preamble, a part without headers' end and a part not on a new line are refused")
    func malformed() {
        let type = "multipart/form-data; boundary=b"
        for body in [
            "preamble\r\n--b\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\n1\r\n--b--",
            "--b\r\nContent-Disposition: form-data; name=\"a\"\r\n1\r\n--b--",
            "--bX\r\n\r\n1\r\n--b--",
        ] {
            #expect(throws: FormData.ParseError.self, "\(body)") {
                try FormData.parse(Data(body.utf8), contentType: type)
            }
        }
        #expect(FormData.ParseError.malformed("x").description == "The form could not be read: x.")
    }
}
