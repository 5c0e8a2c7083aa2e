import Foundation

/// One story after deduplication: the item to show and every feed item that reported it.
public struct NewsCluster: Sendable, Equatable {
    /// The item shown: the earliest report (undated reports count as latest), with the first non-empty summary
    /// of the cluster when its own is empty, and the earliest known date.
    public var item: FeedItem
    /// Every report of the story, earliest first (undated last; same time: by source, then link).
    public var members: [FeedItem]

    /// Creates a cluster.
    public init(item: FeedItem, members: [FeedItem]) {
        self.item = item
        self.members = members
    }

    /// The distinct sources that reported the story, earliest first (the story's cross-feed coverage).
    public var sources: [String] {
        var seen: Set<String> = []
        return members.map(\.source).filter { seen.insert(NewsText.fold($0)).inserted }
    }
}

/// Merges reports of the same story across feeds.
///
/// Two items are the same story when
/// - their canonical URLs are equal (scheme, `www.`, fragment, trailing slashes and tracking parameters such as
///   `utm_*`, `fbclid`, `gclid` ignored; Google redirect links replaced by their `url=`/`q=` target), or
/// - their normalised titles (accent-folded, lightly stemmed words without stop words) have a Jaccard
///   similarity ≥ 0.8, or
/// - one normalised title (of at least 3 words) appears word for word inside the other.
///
/// Sameness is transitive (union-find). The clusters come in the order of their first report in the input;
/// what each cluster contains and shows does not depend on the input order.
public enum NewsDeduplicator {
    /// The minimum Jaccard similarity of two titles' word sets for the same story.
    public static let titleSimilarityThreshold = 0.8

    /// The stories in `items`.
    public static func deduplicate(_ items: [FeedItem]) -> [NewsCluster] {
        guard !items.isEmpty else { return [] }
        let keys = items.map { canonicalURL($0.link) }
        let titles = items.map { TitleKey(normalisedTitle($0.title, source: $0.source)) }
        var parent = Array(items.indices)
        func root(_ index: Int) -> Int {
            var current = index
            while parent[current] != current {
                parent[current] = parent[parent[current]]
                current = parent[current]
            }
            return current
        }
        func union(_ a: Int, _ b: Int) {
            let ra = root(a)
            let rb = root(b)
            if ra != rb { parent[max(ra, rb)] = min(ra, rb) }
        }
        var byURL: [String: Int] = [:]
        for index in items.indices where !keys[index].isEmpty {
            if let first = byURL[keys[index]] { union(first, index) } else { byURL[keys[index]] = index }
        }
        for i in items.indices {
            for j in (i + 1)..<items.count where root(i) != root(j) {
                if titles[i].sameStory(as: titles[j]) { union(i, j) }
            }
        }
        var groups: [Int: [Int]] = [:]
        var order: [Int] = []
        for index in items.indices {
            let r = root(index)
            if groups[r] == nil { order.append(r) }
            groups[r, default: []].append(index)
        }
        return order.map { r in
            let members = (groups[r] ?? []).map { items[$0] }.sorted(by: reportOrder)
            return NewsCluster(item: representative(of: members), members: members)
        }
    }

    /// The report shown for a story: the earliest, completed with the first summary of the others.
    static func representative(of sortedMembers: [FeedItem]) -> FeedItem {
        guard var best = sortedMembers.first else { return FeedItem(title: "", link: "", source: "") }
        if best.summary.isEmpty, let summary = sortedMembers.first(where: { !$0.summary.isEmpty })?.summary {
            best.summary = summary
        }
        return best
    }

    /// Earliest first, undated last; equal times by source, then link, then title (never by input order).
    static func reportOrder(_ a: FeedItem, _ b: FeedItem) -> Bool {
        switch (a.published, b.published) {
        case (.some(let x), .some(let y)) where x != y: return x < y
        case (.some, .none): return true
        case (.none, .some): return false
        default: break
        }
        if a.source != b.source { return a.source < b.source }
        if a.link != b.link { return a.link < b.link }
        return a.title < b.title
    }

    // MARK: - URLs

    private static let trackingParameters: Set<String> = [
        "fbclid", "gclid", "dclid", "msclkid", "mc_cid", "mc_eid", "igshid", "yclid", "_ga", "ref", "ref_src",
        "oc", "ito", "at_medium", "at_campaign", "at_custom1", "at_custom2", "at_custom3", "at_custom4", "wt_mc",
        "wt.mc_id", "cmp", "srsltid", "ns_source", "ns_mchannel", "ns_campaign", "xtor",
    ]

    /// The comparable form of a link: host without `www.`, path without trailing slashes, sorted query without
    /// tracking parameters; Google redirects resolved. Empty for unreadable links.
    public static func canonicalURL(_ link: String, depth: Int = 0) -> String {
        let trimmed = link.trimmingCharacters(in: .whitespacesAndNewlines)
        guard let components = URLComponents(string: trimmed), var host = components.host?.lowercased(),
            !host.isEmpty
        else { return NewsText.fold(trimmed) }
        let queryItems = components.queryItems ?? []
        if depth < 3, host.contains("google."),
            let target = queryItems.first(where: { $0.name == "url" || $0.name == "q" })?.value,
            target.lowercased().hasPrefix("http")
        {
            return canonicalURL(target, depth: depth + 1)
        }
        if host.hasPrefix("www.") { host.removeFirst(4) }
        if host.hasPrefix("m."), host.split(separator: ".").count > 2 { host.removeFirst(2) }
        var path = components.percentEncodedPath
        while path.hasSuffix("/") { path.removeLast() }
        let kept =
            queryItems
            .filter { item in
                let name = item.name.lowercased()
                return !name.hasPrefix("utm_") && !trackingParameters.contains(name)
            }
            .map { "\($0.name)=\($0.value ?? "")" }
            .sorted()
        let port = components.port.map { ":\($0)" } ?? ""
        return host + port + path + (kept.isEmpty ? "" : "?" + kept.joined(separator: "&"))
    }

    // MARK: - Titles

    /// A title's words for comparison: accent-folded, lower-case, without punctuation, a trailing
    /// " - Source"/" | Source" and (when enough remain) stop words.
    static func normalisedTitle(_ title: String, source: String) -> [String] {
        var text = title
        for separator in [" - ", " – ", " | ", " — "] {
            if let range = text.range(of: separator, options: .backwards) {
                let tail = text[range.upperBound...]
                if !source.isEmpty, NewsText.fold(String(tail)) == NewsText.fold(source) {
                    text = String(text[..<range.lowerBound])
                }
            }
        }
        let tokens = NewsText.tokens(text)
        let content = tokens.filter { !NewsStopwords.all.contains($0) }
        return (content.count >= 2 ? content : tokens).map(NewsText.stem)
    }

    static func sameStory(_ a: [String], _ b: [String]) -> Bool { TitleKey(a).sameStory(as: TitleKey(b)) }

    /// A normalised title with its word set, computed once per item.
    struct TitleKey {
        let words: [String]
        let set: Set<String>
        let length: Int

        init(_ words: [String]) {
            self.words = words
            set = Set(words)
            length = words.reduce(max(words.count - 1, 0)) { $0 + $1.count }
        }

        func sameStory(as other: TitleKey) -> Bool {
            guard !words.isEmpty, !other.words.isEmpty else { return false }
            if words == other.words { return true }
            let intersection = set.intersection(other.set).count
            let union = set.count + other.set.count - intersection
            if union > 0, Double(intersection) / Double(union) >= NewsDeduplicator.titleSimilarityThreshold {
                return true
            }
            let (short, long) = words.count <= other.words.count ? (self, other) : (other, self)
            guard short.words.count >= 3, short.length >= 15, long.words.count > short.words.count,
                short.set.isSubset(of: long.set)
            else { return false }
            for start in 0...(long.words.count - short.words.count)
            where long.words[start..<start + short.words.count].elementsEqual(short.words) {
                return true
            }
            return false
        }
    }
}
