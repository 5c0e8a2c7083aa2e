import Foundation

/// One headline read from an RSS or Atom feed, cleaned for display.
public struct FeedItem: Codable, Sendable, Hashable {
    /// The headline as plain text (HTML removed, entities decoded, white space collapsed); never empty.
    public var title: String
    /// The absolute http(s) address of the article; never empty.
    public var link: String
    /// The description as plain text, at most ``FeedParser/summaryLimit`` characters, cut at a word boundary;
    /// empty when the feed has none or it only repeats the title.
    public var summary: String
    /// When the article was published (or last updated when that is all the feed says); nil when unknown.
    public var published: Date?
    /// Who published it: the feed's name, or the original publisher for aggregators such as Google News.
    public var source: String
    /// The feed's declared language as a two-letter code ("de", "fr", "en"), when it declares one.
    public var language: String?

    /// Creates an item.
    public init(
        title: String, link: String, summary: String = "", published: Date? = nil, source: String,
        language: String? = nil
    ) {
        self.title = title
        self.link = link
        self.summary = summary
        self.published = published
        self.source = source
        self.language = language
    }
}

/// Why a feed could not be read at all.
public enum FeedError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The response body is empty (or only white space).
    case empty
    /// The body is not well-formed XML; where the parser stopped and its reason.
    case malformed(line: Int, column: Int, reason: String)
    /// The document is XML but neither RSS (0.9x, 1.0/RDF, 2.0) nor Atom 1.0; the root element's name.
    case notAFeed(root: String)

    /// A sentence for logs and status pages.
    public var description: String {
        switch self {
        case .empty:
            "The feed is empty. Check the feed address; the server answered without content."
        case .malformed(let line, let column, let reason):
            "The feed is not well-formed XML (line \(line), column \(column): \(reason)). The publisher's feed is broken; it is skipped until it is fixed."
        case .notAFeed(let root):
            "The document is not an RSS or Atom feed (its root element is <\(root)>). Check the feed address."
        }
    }
}

/// Something the parser skipped or repaired while reading a feed that was otherwise usable.
public enum FeedIssue: Sendable, Equatable, CustomStringConvertible {
    /// The item at this position (1-based, in document order) has no title and no description.
    case itemWithoutTitle(position: Int)
    /// The item at this position has no http(s) link; its title.
    case itemWithoutLink(position: Int, title: String)
    /// The item's date could not be read, so it has no date; the text as written.
    case unreadableDate(position: Int, text: String)
    /// The XML broke after some items; those items were kept.
    case truncated(FeedError)
    /// The feed had more usable items than the limit; how many were dropped.
    case overLimit(dropped: Int)

    /// A sentence for logs.
    public var description: String {
        switch self {
        case .itemWithoutTitle(let position): "Item \(position) has neither a title nor a description; skipped."
        case .itemWithoutLink(let position, let title): "Item \(position) (\"\(title)\") has no web address; skipped."
        case .unreadableDate(let position, let text):
            "Item \(position) has an unreadable date \"\(text)\"; kept undated."
        case .truncated(let error): "The feed breaks off; the items before the break were kept. \(error)"
        case .overLimit(let dropped): "\(dropped) further items were beyond the per-feed limit."
        }
    }
}

/// The result of reading one feed: the usable items and what was skipped.
public struct FeedParseReport: Sendable, Equatable {
    /// The feed's own title (channel or feed title), empty when it has none.
    public var feedTitle: String
    /// Usable items in document order, at most the requested number.
    public var items: [FeedItem]
    /// What was skipped or repaired.
    public var issues: [FeedIssue]

    /// Creates a report.
    public init(feedTitle: String, items: [FeedItem], issues: [FeedIssue]) {
        self.feedTitle = feedTitle
        self.items = items
        self.issues = issues
    }
}
