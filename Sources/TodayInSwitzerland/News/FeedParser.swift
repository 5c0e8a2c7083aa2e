import Foundation

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// Reads RSS 2.0 (and 0.9x), RSS 1.0 (RDF) and Atom 1.0 feeds into ``FeedItem``s with Foundation's `XMLParser`.
///
/// - Titles and descriptions are reduced to plain text (CDATA, escaped and double-escaped HTML alike).
/// - HTML entities that XML does not define (`&nbsp;`, `&auml;`…) and bare `&` are repaired before parsing,
///   since real feeds contain them and XML parsers reject them.
/// - External entities are never resolved.
/// - Items without a title (and description) or without an http(s) link are skipped and reported; an
///   unreadable date keeps the item without a date.
/// - When the XML breaks after some complete items, those items are kept and the break is reported; a document
///   that breaks before its first item throws ``FeedError/malformed(line:column:reason:)``.
/// - Google News items take the publisher from `<source>` and lose the " - Publisher" title suffix.
public enum FeedParser {
    /// The original kept 10 items per feed.
    public static let defaultItemLimit = 10
    /// The original cut descriptions to 200 characters.
    public static let summaryLimit = 200

    /// The usable items of a feed, at most `limit`. `source` names the feed for its items (an aggregator's
    /// items name their own publisher); when empty, the feed's title is used.
    public static func parse(
        _ data: Data, source: String, limit: Int = defaultItemLimit
    ) throws(FeedError) -> [FeedItem] {
        try report(data, source: source, limit: limit).items
    }

    /// Reads a feed and reports what was skipped.
    public static func report(
        _ data: Data, source: String, limit: Int = defaultItemLimit
    ) throws(FeedError)
        -> FeedParseReport
    {
        guard data.contains(where: { !($0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09) }) else { throw .empty }
        let repaired = repairEntities(utf8Document(data))
        let handler = FeedHandler()
        let parser = XMLParser(data: repaired)
        parser.shouldResolveExternalEntities = false
        parser.shouldProcessNamespaces = false
        parser.shouldReportNamespacePrefixes = false
        parser.delegate = handler
        let succeeded = parser.parse()
        if case .some(.notAFeed(let root)) = handler.rootProblem { throw .notAFeed(root: root) }
        // libxml2 recovers from some errors and keeps reporting events (even `parse()` may return true), so
        // the first reported error counts, and only the items completed before it are trusted.
        if !succeeded || parser.parserError != nil, handler.firstError == nil {
            handler.recordError(
                code: parser.parserError.map { ($0 as NSError).code } ?? 0, line: parser.lineNumber,
                column: parser.columnNumber)
        }
        var issues: [FeedIssue] = []
        var rawItems = handler.rawItems
        if let failure = handler.firstError {
            let error = FeedError.malformed(
                line: max(failure.line, 0), column: max(failure.column, 0), reason: describe(code: failure.code))
            guard handler.kind != nil, failure.itemsBefore > 0 else { throw error }
            rawItems = Array(rawItems.prefix(failure.itemsBefore))
            issues.append(.truncated(error))
        }
        guard handler.kind != nil else { throw .notAFeed(root: handler.rootName ?? "") }

        let feedTitle = NewsText.plainText(fromHTML: handler.channelTitle)
        let feedName = source.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty ? feedTitle : source
        var items: [FeedItem] = []
        var dropped = 0
        for (offset, raw) in rawItems.enumerated() {
            let position = offset + 1
            switch makeItem(raw, position: position, feedName: feedName, handler: handler) {
            case .success(let item, let issue):
                if let issue { issues.append(issue) }
                if items.count < max(limit, 0) { items.append(item) } else { dropped += 1 }
            case .skipped(let issue):
                issues.append(issue)
            }
        }
        if dropped > 0 { issues.append(.overLimit(dropped: dropped)) }
        return FeedParseReport(feedTitle: feedTitle, items: items, issues: issues)
    }

    // MARK: - Items

    private enum Outcome {
        case success(FeedItem, FeedIssue?)
        case skipped(FeedIssue)
    }

    private static func makeItem(_ raw: RawItem, position: Int, feedName: String, handler: FeedHandler) -> Outcome {
        var title = NewsText.plainText(fromHTML: raw.title)
        let description = NewsText.plainText(fromHTML: raw.description.isEmpty ? raw.content : raw.description)
        let publisher = NewsText.plainText(fromHTML: raw.sourceName)
        var source = publisher.isEmpty ? feedName : publisher
        // Aggregators append " - Publisher" to titles.
        if !publisher.isEmpty {
            for separator in [" - ", " – ", " | "] where title.hasSuffix(separator + publisher) {
                title = String(title.dropLast(separator.count + publisher.count))
                    .trimmingCharacters(in: .whitespaces)
            }
        }
        if title.isEmpty {
            guard let first = NewsText.sentences(description).first else {
                return .skipped(.itemWithoutTitle(position: position))
            }
            title = NewsText.truncate(first, limit: 120)
        }
        guard let link = resolveLink(raw, base: handler.channelLink) else {
            return .skipped(.itemWithoutLink(position: position, title: NewsText.truncate(title, limit: 80)))
        }
        if source.isEmpty { source = URL(string: link)?.host ?? "News" }
        var summary = NewsText.truncate(description, limit: summaryLimit)
        if repeatsTitle(summary, title: title, source: source) { summary = "" }
        var issue: FeedIssue?
        var published: Date?
        let dateText = raw.published.isEmpty ? raw.updated : raw.published
        if !dateText.isEmpty {
            published = FeedDate.parse(dateText)
            if published == nil, !raw.updated.isEmpty, dateText != raw.updated {
                published = FeedDate.parse(raw.updated)
            }
            if published == nil {
                issue = .unreadableDate(position: position, text: NewsText.truncate(dateText, limit: 60))
            }
        }
        let language = languageCode(raw.language ?? handler.channelLanguage)
        return .success(
            FeedItem(
                title: NewsText.truncate(title, limit: 300), link: link, summary: summary, published: published,
                source: NewsText.truncate(source, limit: 80), language: language), issue)
    }

    /// True when `summary` says nothing the title and source do not (Google News: "Title  Publisher").
    static func repeatsTitle(_ summary: String, title: String, source: String) -> Bool {
        let summaryTokens = NewsText.tokens(summary)
        guard !summaryTokens.isEmpty else { return true }
        let known = Set(NewsText.tokens(title) + NewsText.tokens(source))
        return summaryTokens.allSatisfy(known.contains)
    }

    private static func resolveLink(_ raw: RawItem, base: String) -> String? {
        var candidates: [String] = []
        let alternates = raw.atomLinks.filter { $0.rel.isEmpty || $0.rel == "alternate" }
        candidates += alternates.filter { $0.type.isEmpty || $0.type.contains("html") }.map(\.href)
        candidates.append(raw.link)
        candidates += alternates.map(\.href)
        if raw.guidIsPermaLink { candidates.append(raw.guid) }
        candidates += raw.atomLinks.filter { !["self", "enclosure", "edit", "replies"].contains($0.rel) }.map(\.href)
        for candidate in candidates {
            let trimmed = NewsText.decodeEntities(candidate.trimmingCharacters(in: .whitespacesAndNewlines))
            guard !trimmed.isEmpty, trimmed.count <= 2048, !trimmed.contains(" ") else { continue }
            if let url = URL(string: trimmed), let scheme = url.scheme?.lowercased() {
                if scheme == "http" || scheme == "https", url.host?.isEmpty == false { return unwrapRedirect(trimmed) }
                continue
            }
            if trimmed.hasPrefix("/"), let baseURL = URL(string: base), baseURL.scheme != nil,
                let absolute = URL(string: trimmed, relativeTo: baseURL)?.absoluteURL,
                let scheme = absolute.scheme?.lowercased(), scheme == "http" || scheme == "https"
            {
                return absolute.absoluteString
            }
        }
        return nil
    }

    /// The target of a Google redirect link (`news.google.com/news/url?…&url=https://…`), else `link`.
    static func unwrapRedirect(_ link: String) -> String {
        guard let components = URLComponents(string: link), let host = components.host?.lowercased(),
            host.contains("google."),
            let target = components.queryItems?.first(where: { $0.name == "url" || $0.name == "q" })?.value,
            let url = URL(string: target), let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
            url.host?.isEmpty == false
        else { return link }
        return target
    }

    private static func languageCode(_ declared: String?) -> String? {
        guard let declared else { return nil }
        let code = declared.trimmingCharacters(in: .whitespacesAndNewlines).lowercased().prefix(2)
        guard code.count == 2, code.allSatisfy({ $0.isASCII && $0.isLetter }) else { return nil }
        return String(code)
    }

    /// A reason for libxml2's most common error codes (as `XMLParser.ErrorCode` numbers them).
    private static func describe(code: Int) -> String {
        switch code {
        case 4: "the document is empty or not XML"
        case 5: "the document ends in the middle of an element"
        case 9: "invalid character"
        case 26: "undeclared entity"
        case 38, 39, 40, 41: "malformed attribute"
        case 64, 65: "malformed XML declaration"
        case 73: "'>' expected"
        case 76: "closing tag does not match the opening tag"
        case 0: "the XML parser stopped"
        default: "XML error \(code)"
        }
    }

    // MARK: - Encoding

    /// The document as valid UTF-8 with a matching declaration. Feeds declared as ISO-8859-1 or Windows-1252 are
    /// transcoded, UTF-16 with a byte order mark is decoded, and invalid UTF-8 sequences become U+FFFD, because
    /// Foundation's XML parser on Linux traps on names that are not valid UTF-8 instead of reporting an error.
    static func utf8Document(_ data: Data) -> Data {
        var bytes = [UInt8](data)
        var text: String
        if bytes.starts(with: [0xFE, 0xFF]) || bytes.starts(with: [0xFF, 0xFE]) {
            text = String(data: data, encoding: .utf16) ?? ""
        } else {
            if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
            let head = String(decoding: bytes.prefix(200), as: UTF8.self).lowercased()
            let declared = declaredEncoding(head)
            if ["iso-8859-1", "latin1", "iso-8859-15", "latin-1"].contains(declared) {
                text = String(bytes.map { Character(Unicode.Scalar($0)) })
            } else if declared == "windows-1252" || declared == "cp1252" {
                text = String(data: Data(bytes), encoding: .windowsCP1252) ?? String(decoding: bytes, as: UTF8.self)
            } else {
                text = String(decoding: bytes, as: UTF8.self)
            }
        }
        // Replace the declaration (its encoding no longer applies).
        if text.hasPrefix("<?xml"), let end = text.range(of: "?>") {
            text = String(text[end.upperBound...])
        }
        return Data(("<?xml version=\"1.0\" encoding=\"UTF-8\"?>" + text).utf8)
    }

    private static func declaredEncoding(_ head: String) -> String? {
        guard head.hasPrefix("<?xml"), let end = head.range(of: "?>"),
            let attribute = head[..<end.lowerBound].range(of: "encoding")
        else { return nil }
        let rest = head[attribute.upperBound..<end.lowerBound].drop { $0 == " " || $0 == "=" }
        guard let quote = rest.first, quote == "\"" || quote == "'" else { return nil }
        return String(rest.dropFirst().prefix { $0 != quote })
    }

    // MARK: - Entity repair

    private static let xmlEntities: Set<String> = ["amp", "lt", "gt", "quot", "apos"]

    /// Rewrites HTML named entities as numeric references and bare `&` as `&amp;` outside CDATA sections and
    /// comments. UTF-16 documents and documents declaring their own entities are left alone.
    static func repairEntities(_ data: Data) -> Data {
        let bytes = [UInt8](data)
        guard bytes.contains(0x26) else { return data }
        if bytes.count >= 2, (bytes[0] == 0xFE && bytes[1] == 0xFF) || (bytes[0] == 0xFF && bytes[1] == 0xFE) {
            return data
        }
        if containsASCII(bytes, "<!ENTITY") { return data }
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count + 64)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == 0x3C {  // "<"
                if let end = skipSection(bytes, index, open: "<![CDATA[", close: "]]>")
                    ?? skipSection(bytes, index, open: "<!--", close: "-->")
                {
                    output.append(contentsOf: bytes[index..<end])
                    index = end
                    continue
                }
            }
            guard byte == 0x26 else {  // "&"
                output.append(byte)
                index += 1
                continue
            }
            var end = index + 1
            while end < bytes.count, end - index <= 32, isNameByte(bytes[end]) { end += 1 }
            if end < bytes.count, bytes[end] == 0x3B, end > index + 1 {  // "…;"
                let name = String(decoding: bytes[(index + 1)..<end], as: UTF8.self)
                if name.hasPrefix("#") || xmlEntities.contains(name) {
                    output.append(contentsOf: bytes[index...end])
                } else if let replacement = NewsText.namedEntities[name] {
                    for scalar in replacement.unicodeScalars {
                        output.append(contentsOf: Array("&#\(scalar.value);".utf8))
                    }
                } else {
                    output.append(contentsOf: Array("&amp;".utf8))
                    output.append(contentsOf: bytes[(index + 1)...end])
                }
                index = end + 1
                continue
            }
            output.append(contentsOf: Array("&amp;".utf8))
            index += 1
        }
        return Data(output)
    }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) || byte == 0x23
    }

    private static func containsASCII(_ bytes: [UInt8], _ needle: String) -> Bool {
        let pattern = Array(needle.utf8)
        guard bytes.count >= pattern.count, let first = pattern.first else { return false }
        var index = 0
        while index <= bytes.count - pattern.count {
            if bytes[index] == first, bytes[index..<index + pattern.count].elementsEqual(pattern) { return true }
            index += 1
        }
        return false
    }

    /// The index after `close` when `open` starts at `start`; the end of the data when `close` is missing.
    private static func skipSection(_ bytes: [UInt8], _ start: Int, open: String, close: String) -> Int? {
        let openBytes = Array(open.utf8)
        guard start + openBytes.count <= bytes.count, bytes[start..<start + openBytes.count].elementsEqual(openBytes)
        else { return nil }
        let closeBytes = Array(close.utf8)
        var index = start + openBytes.count
        while index + closeBytes.count <= bytes.count {
            if bytes[index] == closeBytes[0], bytes[index..<index + closeBytes.count].elementsEqual(closeBytes) {
                return index + closeBytes.count
            }
            index += 1
        }
        return bytes.count
    }
}

/// An item as written in the feed, before cleaning.
struct RawItem {
    var title = ""
    var link = ""
    var guid = ""
    var guidIsPermaLink = true
    var description = ""
    var content = ""
    var published = ""
    var updated = ""
    var sourceName = ""
    var language: String?
    var atomLinks: [(rel: String, type: String, href: String)] = []
}

/// Collects the raw items of a feed from `XMLParser` events.
final class FeedHandler: NSObject, XMLParserDelegate {
    enum Kind { case rss, rdf, atom }
    enum RootProblem { case notAFeed(String) }

    private(set) var kind: Kind?
    private(set) var rootName: String?
    private(set) var rootProblem: RootProblem?
    /// The first parse error and how many items were complete before it.
    private(set) var firstError: (code: Int, line: Int, column: Int, itemsBefore: Int)?
    private(set) var rawItems: [RawItem] = []
    private(set) var channelTitle = ""
    private(set) var channelLink = ""
    private(set) var channelLanguage: String?

    /// Normalised names of open elements.
    private var stack: [String] = []
    private var item: RawItem?
    private var itemDepth = 0
    /// The field being captured and the depth of its element.
    private var field: String?
    private var fieldDepth = 0
    private var text = ""
    /// Safety limits against hostile feeds: item count and captured text per field.
    private let maxItems = 500
    private let maxFieldLength = 100_000

    /// "atom:link" → "link"; other prefixes are kept ("content:encoded", "dc:date", "media:title").
    private func normalise(_ qualifiedName: String) -> String {
        let lower = qualifiedName.lowercased()
        guard let colon = lower.lastIndex(of: ":") else { return lower }
        let prefix = lower[lower.startIndex..<colon]
        let local = String(lower[lower.index(after: colon)...])
        if ["atom", "a", "a10", "rss", "rdf", "rss1"].contains(prefix) { return local }
        return lower
    }

    func parser(
        _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName qName: String?,
        attributes attributeDict: [String: String] = [:]
    ) {
        let name = normalise(elementName)
        defer { stack.append(name) }
        if stack.isEmpty {
            rootName = elementName
            switch name {
            case "rss": kind = .rss
            case "rdf": kind = .rdf
            case "feed": kind = .atom
            default:
                rootProblem = .notAFeed(elementName)
                parser.abortParsing()
                return
            }
            if let lang = attributeDict["xml:lang"] { channelLanguage = lang }
            return
        }
        let depth = stack.count
        if field != nil {
            text.append(" ")
            return
        }
        if item == nil {
            if name == "item" || name == "entry" {
                guard rawItems.count < maxItems else { return }
                item = RawItem()
                item?.language = attributeDict["xml:lang"]
                itemDepth = depth
                return
            }
            // Channel-level fields: direct children of <channel> (RSS) or <feed> (Atom).
            let parent = stack.last ?? ""
            guard parent == "channel" || (kind == .atom && depth == 1) else { return }
            switch name {
            case "title", "link", "language", "dc:language":
                if name == "link", let href = attributeDict["href"] {
                    let rel = attributeDict["rel"] ?? ""
                    if rel.isEmpty || rel == "alternate", channelLink.isEmpty { channelLink = href }
                    return
                }
                startField(name, depth: depth)
            default: return
            }
            return
        }
        guard depth == itemDepth + 1 else { return }
        switch name {
        case "link":
            if let href = attributeDict["href"] {
                item?.atomLinks.append((attributeDict["rel"] ?? "", attributeDict["type"] ?? "", href))
            } else {
                startField(name, depth: depth)
            }
        case "guid":
            item?.guidIsPermaLink = attributeDict["ispermalink"] ?? attributeDict["isPermaLink"] != "false"
            startField(name, depth: depth)
        case "title", "id", "description", "summary", "content:encoded", "content", "pubdate", "dc:date", "published",
            "updated", "issued", "modified", "dc:language":
            startField(name, depth: depth)
        case "source":
            if kind != .atom { startField(name, depth: depth) }
        default: return
        }
    }

    private func startField(_ name: String, depth: Int) {
        field = name
        fieldDepth = depth
        text = ""
    }

    func parser(
        _ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName qName: String?
    ) {
        guard !stack.isEmpty else { return }
        stack.removeLast()
        let depth = stack.count
        if let current = field {
            if depth > fieldDepth {
                text.append(" ")
                return
            }
            field = nil
            if item == nil {
                switch current {
                case "title": if channelTitle.isEmpty { channelTitle = text }
                case "link":
                    if channelLink.isEmpty { channelLink = text.trimmingCharacters(in: .whitespacesAndNewlines) }
                default: channelLanguage = channelLanguage ?? text
                }
            } else {
                store(current, text)
            }
            text = ""
            return
        }
        if let finished = item, depth == itemDepth {
            rawItems.append(finished)
            item = nil
        }
    }

    private func store(_ name: String, _ value: String) {
        switch name {
        case "title": if item?.title.isEmpty ?? false { item?.title = value }
        case "link": if item?.link.isEmpty ?? false { item?.link = value }
        case "guid", "id": if item?.guid.isEmpty ?? false { item?.guid = value }
        case "description", "summary": if item?.description.isEmpty ?? false { item?.description = value }
        case "content:encoded", "content": if item?.content.isEmpty ?? false { item?.content = value }
        case "pubdate", "dc:date", "published", "issued":
            if item?.published.isEmpty ?? false { item?.published = value }
        case "updated", "modified": if item?.updated.isEmpty ?? false { item?.updated = value }
        case "source": item?.sourceName = value
        case "dc:language": item?.language = value
        default: break
        }
        // Atom ids are URIs, often the permalink.
        if name == "id" { item?.guidIsPermaLink = true }
    }

    func recordError(code: Int, line: Int, column: Int) {
        guard firstError == nil else { return }
        firstError = (code, line, column, rawItems.count)
    }

    func parser(_ parser: XMLParser, parseErrorOccurred parseError: any Error) {
        recordError(code: (parseError as NSError).code, line: parser.lineNumber, column: parser.columnNumber)
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        guard field != nil, text.utf8.count < maxFieldLength else { return }
        text.append(string)
    }

    func parser(_ parser: XMLParser, foundCDATA CDATABlock: Data) {
        guard field != nil, text.utf8.count < maxFieldLength else { return }
        text.append(String(decoding: CDATABlock, as: UTF8.self))
    }

    func parser(_ parser: XMLParser, resolveExternalEntityName name: String, systemID: String?) -> Data? { nil }
}
