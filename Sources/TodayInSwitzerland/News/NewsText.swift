import Foundation

/// Text helpers for feed content: HTML to plain text, entity decoding, word-boundary truncation, sentence
/// splitting and the accent-folded tokens the deduplicator and the classifier compare.
public enum NewsText {
    /// Plain text from an HTML fragment: comments, `script` and `style` removed, tags dropped, entities decoded
    /// (named, decimal and hexadecimal), invisible characters removed and white space collapsed. Escaped HTML
    /// (`&lt;p&gt;…`, as some feeds double-encode) is stripped too.
    public static func plainText(fromHTML html: String) -> String {
        var text = stripTags(html)
        if text.contains("&") { text = decodeEntities(text) }
        // Double-encoded markup only appears after the first decoding.
        if text.contains("<"), text.range(of: #"<\s*/?\s*[A-Za-z!][^<>]*>"#, options: .regularExpression) != nil {
            text = stripTags(text)
            if text.contains("&") { text = decodeEntities(text) }
        }
        return collapseWhitespace(text)
    }

    /// `text` with runs of white space (including no-break spaces) turned into one space, invisible characters
    /// (soft hyphens, zero-width spaces, byte order marks) removed, and trimmed.
    public static func collapseWhitespace(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        var pendingSpace = false
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x00AD, 0x200B, 0x200C, 0x200D, 0x2060, 0xFEFF: continue
            default: break
            }
            if scalar.properties.isWhitespace || scalar.value < 0x20 || scalar.value == 0x7F {
                pendingSpace = !result.isEmpty
                continue
            }
            if pendingSpace {
                result.append(" ")
                pendingSpace = false
            }
            result.unicodeScalars.append(scalar)
        }
        return result
    }

    /// `text` cut to at most `limit` characters at a word boundary, ending in "…" when cut. A single word longer
    /// than the limit is cut inside the word.
    public static func truncate(_ text: String, limit: Int) -> String {
        guard limit > 0 else { return "" }
        guard text.count > limit else { return text }
        guard limit > 1 else { return "…" }
        let head = text.prefix(limit - 1)
        var cut = head.endIndex
        if let space = head.lastIndex(where: { $0 == " " }), space > head.startIndex {
            cut = space
        }
        var kept = String(head[head.startIndex..<cut])
        while let last = kept.last, last == " " || ",;:-–(".contains(last) { kept.removeLast() }
        if kept.isEmpty { kept = String(head) }
        return kept + "…"
    }

    /// The sentences of `text`. A sentence ends at `.`, `!`, `?` or `…` followed by a space and an upper-case
    /// letter, digit or opening quote, unless the word before the stop is a known abbreviation ("Dr.", "z.B.",
    /// "Mme.") or a number (German ordinals: "3. März").
    public static func sentences(_ text: String) -> [String] {
        let characters = Array(text)
        var sentences: [String] = []
        var start = 0
        var index = 0
        while index < characters.count {
            let character = characters[index]
            if ".!?…".contains(character) {
                var end = index + 1
                while end < characters.count, ".!?…\"'»«”’)".contains(characters[end]) { end += 1 }
                let atEnd = end >= characters.count
                var breaks = atEnd
                if !atEnd, characters[end] == " ", end + 1 < characters.count {
                    let next = characters[end + 1]
                    breaks = next.isUppercase || next.isNumber || "\"«„“‹'".contains(next)
                }
                if breaks, character == ".", !atEnd {
                    let word = wordBefore(characters, index)
                    if isAbbreviation(word) { breaks = false }
                }
                if breaks {
                    let sentence = String(characters[start..<end]).trimmingCharacters(in: .whitespaces)
                    if !sentence.isEmpty { sentences.append(sentence) }
                    start = end
                    index = end
                    continue
                }
            }
            index += 1
        }
        if start < characters.count {
            let rest = String(characters[start...]).trimmingCharacters(in: .whitespaces)
            if !rest.isEmpty { sentences.append(rest) }
        }
        return sentences
    }

    /// Lower-case text with accents removed (ä→a, é→e, ß→ss, œ→oe), so "Zürich", "Zurich" and "ZÜRICH" compare
    /// equal.
    public static func fold(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for scalar in text.lowercased().unicodeScalars {
            if scalar.isASCII {
                result.unicodeScalars.append(scalar)
                continue
            }
            switch scalar {
            case "ä", "à", "â", "á", "ã", "å": result.append("a")
            case "ö", "ô", "ó", "ò", "õ", "ø": result.append("o")
            case "ü", "ù", "û", "ú": result.append("u")
            case "é", "è", "ê", "ë": result.append("e")
            case "î", "ï", "í", "ì": result.append("i")
            case "ç": result.append("c")
            case "ñ": result.append("n")
            case "ÿ": result.append("y")
            case "ß": result.append("ss")
            case "œ": result.append("oe")
            case "æ": result.append("ae")
            case "’", "ʼ", "‘": result.append("'")
            default:
                // Combining marks (decomposed accents) carry no letter of their own.
                if (0x0300...0x036F).contains(scalar.value) { continue }
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// The folded words of `text`: letters and digits only, elisions split ("l'armée" → "l", "armee").
    public static func tokens(_ text: String) -> [String] {
        var tokens: [String] = []
        var current = String.UnicodeScalarView()
        for scalar in fold(text).unicodeScalars {
            let value = scalar.value
            let isWordScalar: Bool
            if value < 0x80 {
                isWordScalar =
                    (0x61...0x7A).contains(value) || (0x30...0x39).contains(value) || (0x41...0x5A).contains(value)
            } else {
                isWordScalar = scalar.properties.isAlphabetic || scalar.properties.numericType != nil
            }
            if isWordScalar {
                current.append(scalar)
            } else if !current.isEmpty {
                tokens.append(String(current))
                current = String.UnicodeScalarView()
            }
        }
        if !current.isEmpty { tokens.append(String(current)) }
        return tokens
    }

    /// A light stem of a folded word that merges common German, French and English inflections ("Wahlen" and
    /// "Wahl", "erwartet" and "erwarten", "Festivals" and "Festival"); only for comparing, never shown.
    public static func stem(_ folded: String) -> String {
        var word = folded
        if word.count > 4, word.hasSuffix("s"), !word.hasSuffix("ss") { word.removeLast() }
        if word.count > 6, word.hasSuffix("en") || word.hasSuffix("et") || word.hasSuffix("er") { word.removeLast(2) }
        if word.count > 5, word.hasSuffix("e") { word.removeLast() }
        return word
    }

    /// The words of `text` as written (case and accents kept), split like ``tokens(_:)``.
    static func words(_ text: String) -> [Substring] {
        text.split(whereSeparator: { !($0.isLetter || $0.isNumber) })
    }

    // MARK: - Internals

    private static let abbreviations: Set<String> = [
        "dr", "prof", "st", "nr", "ca", "bzw", "mio", "mrd", "fr", "hr", "frau", "herr", "z", "b", "u", "a", "d",
        "h", "etc", "vs", "usw", "inkl", "exkl", "evtl", "ggf", "jan", "feb", "mar", "apr", "jun", "jul", "aug", "sep",
        "sept", "okt", "oct", "nov", "dez", "dec", "m", "mm", "mme", "mlle", "me", "mr", "mrs", "ms", "no", "jr", "sr",
        "bd", "av", "str", "chf", "abs", "bsp", "std", "tel",
    ]

    private static func wordBefore(_ characters: [Character], _ index: Int) -> String {
        var start = index
        while start > 0,
            characters[start - 1].isLetter || characters[start - 1].isNumber || characters[start - 1] == "."
        {
            start -= 1
        }
        return String(characters[start..<index])
    }

    private static func isAbbreviation(_ word: String) -> Bool {
        guard !word.isEmpty else { return false }
        if word.allSatisfy(\.isNumber) { return word.count <= 2 }  // "3. März" is an ordinal, "2025." ends a sentence
        if word.contains(".") { return true }  // "z.B", "u.a"
        if word.count == 1, let first = word.first, first.isUppercase { return true }  // initials "J. Smith"
        return abbreviations.contains(fold(word))
    }

    private static func stripTags(_ html: String) -> String {
        guard html.contains("<") else { return html }
        var result = ""
        result.reserveCapacity(html.utf8.count)
        var index = html.startIndex
        while index < html.endIndex {
            let character = html[index]
            guard character == "<" else {
                result.append(character)
                index = html.index(after: index)
                continue
            }
            let rest = html[index...]
            if rest.hasPrefix("<!--") {
                if let end = rest.range(of: "-->") {
                    index = end.upperBound
                } else {
                    index = html.endIndex
                }
                continue
            }
            // A "<" that does not open a tag ("a < b") is text.
            let next = html.index(after: index)
            guard next < html.endIndex, html[next].isLetter || html[next] == "/" || html[next] == "!" else {
                result.append(character)
                index = next
                continue
            }
            guard let close = rest.firstIndex(of: ">") else {
                index = html.endIndex
                continue
            }
            let name = tagName(html[next..<close])
            if name == "script" || name == "style" {
                if let end = html.range(of: "</\(name)", options: .caseInsensitive, range: close..<html.endIndex),
                    let gt = html[end.upperBound...].firstIndex(of: ">")
                {
                    index = html.index(after: gt)
                } else {
                    index = html.endIndex
                }
                result.append(" ")
                continue
            }
            if !inlineTags.contains(name) { result.append(" ") }
            index = html.index(after: close)
        }
        return result
    }

    private static let inlineTags: Set<String> = [
        "a", "b", "i", "em", "strong", "span", "font", "u", "small", "sup", "sub", "abbr", "mark", "q", "s", "cite",
    ]

    private static func tagName(_ inside: Substring) -> String {
        var name = ""
        for character in inside.drop(while: { $0 == "/" || $0 == " " }) {
            guard character.isLetter || character.isNumber else { break }
            name.append(character)
        }
        return name.lowercased()
    }

    /// Decodes `&name;`, `&#123;` and `&#x1F;`; unknown or invalid references stay as written.
    static func decodeEntities(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            guard character == "&" else {
                result.append(character)
                index = text.index(after: index)
                continue
            }
            let rest = text[text.index(after: index)...]
            let end = rest.prefix(12).firstIndex(of: ";")
            guard let end else {
                result.append(character)
                index = text.index(after: index)
                continue
            }
            let reference = rest[rest.startIndex..<end]
            if let decoded = decodeReference(reference) {
                result.append(decoded)
                index = text.index(after: end)
            } else {
                result.append(character)
                index = text.index(after: index)
            }
        }
        return result
    }

    private static func decodeReference(_ reference: Substring) -> String? {
        if reference.hasPrefix("#") {
            let digits = reference.dropFirst()
            let value: UInt32?
            if digits.hasPrefix("x") || digits.hasPrefix("X") {
                value = UInt32(digits.dropFirst(), radix: 16)
            } else {
                value = UInt32(digits, radix: 10)
            }
            guard let value, value != 0, let scalar = Unicode.Scalar(value) else { return nil }
            return String(Character(scalar))
        }
        return namedEntities[String(reference)]
    }

    /// HTML named entities seen in Swiss, German and French feeds (Latin-1 letters, typography, currency).
    static let namedEntities: [String: String] = [
        "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": "\u{00A0}", "shy": "\u{00AD}",
        "ensp": " ", "emsp": " ", "thinsp": " ", "zwnj": "", "zwj": "", "lrm": "", "rlm": "",
        "ndash": "–", "mdash": "—", "lsquo": "‘", "rsquo": "’", "sbquo": "‚", "ldquo": "“", "rdquo": "”",
        "bdquo": "„", "laquo": "«", "raquo": "»", "lsaquo": "‹", "rsaquo": "›", "hellip": "…", "bull": "•",
        "middot": "·", "prime": "′", "Prime": "″", "dagger": "†", "trade": "™", "copy": "©", "reg": "®",
        "deg": "°", "sect": "§", "para": "¶", "euro": "€", "pound": "£", "yen": "¥", "cent": "¢", "curren": "¤",
        "times": "×", "divide": "÷", "plusmn": "±", "frac12": "½", "frac14": "¼", "frac34": "¾", "sup2": "²",
        "sup3": "³", "micro": "µ", "iexcl": "¡", "iquest": "¿", "ordf": "ª", "ordm": "º", "not": "¬",
        "auml": "ä", "ouml": "ö", "uuml": "ü", "Auml": "Ä", "Ouml": "Ö", "Uuml": "Ü", "szlig": "ß",
        "aacute": "á", "agrave": "à", "acirc": "â", "atilde": "ã", "aring": "å", "aelig": "æ",
        "Aacute": "Á", "Agrave": "À", "Acirc": "Â", "Atilde": "Ã", "Aring": "Å", "AElig": "Æ",
        "eacute": "é", "egrave": "è", "ecirc": "ê", "euml": "ë", "Eacute": "É", "Egrave": "È", "Ecirc": "Ê",
        "Euml": "Ë", "iacute": "í", "igrave": "ì", "icirc": "î", "iuml": "ï", "Iacute": "Í", "Igrave": "Ì",
        "Icirc": "Î", "Iuml": "Ï", "oacute": "ó", "ograve": "ò", "ocirc": "ô", "otilde": "õ", "oslash": "ø",
        "Oacute": "Ó", "Ograve": "Ò", "Ocirc": "Ô", "Otilde": "Õ", "Oslash": "Ø", "uacute": "ú", "ugrave": "ù",
        "ucirc": "û", "Uacute": "Ú", "Ugrave": "Ù", "Ucirc": "Û", "ccedil": "ç", "Ccedil": "Ç", "ntilde": "ñ",
        "Ntilde": "Ñ", "yacute": "ý", "yuml": "ÿ", "oelig": "œ", "OElig": "Œ", "scaron": "š", "Scaron": "Š",
        "zcaron": "ž", "Zcaron": "Ž",
    ]
}
