import ClubhouseBasics
import Testing

@Suite("JSON text")
struct JSONTextTests {
    @Test("plain strings are quoted as they are, slashes and non-ASCII included")
    func plain() {
        #expect(JSONText.quoted("Zürich / Genève 🚲") == "\"Zürich / Genève 🚲\"")
        #expect(JSONText.quoted("") == "\"\"")
    }

    @Test("quotes, backslashes and control characters are escaped")
    func escapes() {
        #expect(JSONText.quoted("a\"b\\c") == #""a\"b\\c""#)
        #expect(JSONText.quoted("1\n2\r3\t4") == #""1\n2\r3\t4""#)
        #expect(JSONText.quoted("\u{0}\u{1F}") == #""\u0000\u001f""#)
        #expect(JSONText.quoted("\u{08}\u{0C}") == #""\u0008\u000c""#)
        #expect(JSONText.quoted("\u{08}\u{0C}", controlEscapes: .short) == #""\b\f""#)
        #expect(JSONText.quoted("é\u{7F}\u{2028}") == "\"é\u{7F}\u{2028}\"")
        #expect(JSONText.quoted("e\u{301}\n") == "\"e\u{301}\\n\"")
    }

    @Test("appending keeps what was there")
    func appending() {
        var output = "["
        JSONText.appendQuoted("x", to: &output)
        output += ","
        JSONText.appendQuoted("\"", to: &output)
        #expect(output == #"["x","\"""#)
    }

    @Test("numbers: whole values as integers, others shortest, non-finite as null")
    func numbers() {
        #expect(JSONText.number(40) == "40")
        #expect(JSONText.number(-3) == "-3")
        #expect(JSONText.number(28.4) == "28.4")
        #expect(JSONText.number(1e15) == "1000000000000000.0")
        #expect(JSONText.number(1e16) == "1e+16")
        #expect(JSONText.number(.nan) == "null")
        #expect(JSONText.number(-.infinity) == "null")
        #expect(JSONText.number(-0.0) == "0")
    }
}
