import Foundation

/// One news card, with the original's keys: `{headline, summary, detail, source, url, sentiment, publishedAt?}`.
///
/// There is no translation service: `headline`, `summary` and `detail` are the publisher's own words in the
/// publisher's language, whatever `lang` was asked for. Only the sentence the server writes itself in `detail`
/// (who reported it and when) follows `lang`. `headlineDE`, `summaryDE` and `detailDE` are sent only for German
/// articles, so a client that prefers the `…DE` fields in German mode shows the same article text and never a
/// fake translation; `language` tells which language the text is in (for `lang` attributes and screen readers).
public struct NewsItem: Codable, Sendable, Equatable {
    /// The headline; never empty.
    public var headline: String
    /// One sentence: the description's first sentence, or the headline when there is no description; never empty.
    public var summary: String
    /// Two or three sentences: the description's first sentences, completed with who reported it and when.
    public var detail: String
    /// The publisher; never empty.
    public var source: String
    /// The article's address; never empty.
    public var url: String
    /// The tone.
    public var sentiment: Sentiment
    /// When it was published; sent as ISO 8601 UTC with milliseconds, left out when unknown.
    public var publishedAt: Date?
    /// The headline again, only when the article is German.
    public var headlineDE: String?
    /// The summary again, only when the article is German.
    public var summaryDE: String?
    /// The detail with the server's sentence in German, only when the article is German.
    public var detailDE: String?
    /// The language of the article's text (an extra key; clients ignore it).
    public var language: NewsLanguage?

    /// Creates an item.
    public init(
        headline: String, summary: String, detail: String, source: String, url: String, sentiment: Sentiment,
        publishedAt: Date? = nil, headlineDE: String? = nil, summaryDE: String? = nil, detailDE: String? = nil,
        language: NewsLanguage? = nil
    ) {
        self.headline = headline
        self.summary = summary
        self.detail = detail
        self.source = source
        self.url = url
        self.sentiment = sentiment
        self.publishedAt = publishedAt
        self.headlineDE = headlineDE
        self.summaryDE = summaryDE
        self.detailDE = detailDE
        self.language = language
    }

    enum CodingKeys: String, CodingKey {
        case headline, summary, detail, source, url, sentiment, publishedAt, headlineDE, summaryDE, detailDE, language
    }

    /// Decodes an item; `publishedAt` may have fractional seconds or not, and an unreadable date is dropped.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        headline = try container.decode(String.self, forKey: .headline)
        summary = try container.decode(String.self, forKey: .summary)
        detail = try container.decodeIfPresent(String.self, forKey: .detail) ?? ""
        source = try container.decode(String.self, forKey: .source)
        url = try container.decodeIfPresent(String.self, forKey: .url) ?? ""
        sentiment = try container.decodeIfPresent(Sentiment.self, forKey: .sentiment) ?? .neutral
        publishedAt = try container.decodeIfPresent(String.self, forKey: .publishedAt).flatMap(FeedDate.parseISO8601)
        headlineDE = try container.decodeIfPresent(String.self, forKey: .headlineDE)
        summaryDE = try container.decodeIfPresent(String.self, forKey: .summaryDE)
        detailDE = try container.decodeIfPresent(String.self, forKey: .detailDE)
        language = try? container.decodeIfPresent(NewsLanguage.self, forKey: .language)
    }

    /// Encodes with the original's keys; absent optionals are left out.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(headline, forKey: .headline)
        try container.encode(summary, forKey: .summary)
        try container.encode(detail, forKey: .detail)
        try container.encode(source, forKey: .source)
        try container.encode(url, forKey: .url)
        try container.encode(sentiment, forKey: .sentiment)
        try container.encodeIfPresent(publishedAt.map(FeedDate.isoString), forKey: .publishedAt)
        try container.encodeIfPresent(headlineDE, forKey: .headlineDE)
        try container.encodeIfPresent(summaryDE, forKey: .summaryDE)
        try container.encodeIfPresent(detailDE, forKey: .detailDE)
        try container.encodeIfPresent(language, forKey: .language)
    }
}

/// `categories` of the news response. Every list is always sent (possibly empty); the iOS client treats each
/// as optional and also knows `disruptions`.
public struct NewsCategories: Codable, Sendable, Equatable {
    /// The most important stories (recent, widely covered, on topic, local, trending).
    public var topStories: [NewsItem]
    /// Federal, cantonal and city politics, votes and elections.
    public var politics: [NewsItem]
    /// Festivals, concerts, fairs, markets, parades.
    public var events: [NewsItem]
    /// Museums, theatre, opera, art, film, books, music.
    public var culture: [NewsItem]
    /// The city and its districts.
    public var local: [NewsItem]
    /// Transport disruptions, strikes, closures, storms.
    public var disruptions: [NewsItem]

    /// Creates the lists.
    public init(
        topStories: [NewsItem] = [], politics: [NewsItem] = [], events: [NewsItem] = [], culture: [NewsItem] = [],
        local: [NewsItem] = [], disruptions: [NewsItem] = []
    ) {
        self.topStories = topStories
        self.politics = politics
        self.events = events
        self.culture = culture
        self.local = local
        self.disruptions = disruptions
    }

    enum CodingKeys: String, CodingKey { case topStories, politics, events, culture, local, disruptions }

    /// Decodes; a missing list is empty.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        topStories = try container.decodeIfPresent([NewsItem].self, forKey: .topStories) ?? []
        politics = try container.decodeIfPresent([NewsItem].self, forKey: .politics) ?? []
        events = try container.decodeIfPresent([NewsItem].self, forKey: .events) ?? []
        culture = try container.decodeIfPresent([NewsItem].self, forKey: .culture) ?? []
        local = try container.decodeIfPresent([NewsItem].self, forKey: .local) ?? []
        disruptions = try container.decodeIfPresent([NewsItem].self, forKey: .disruptions) ?? []
    }

    /// The list of `category`.
    public subscript(category: NewsCategory) -> [NewsItem] {
        get {
            switch category {
            case .topStories: topStories
            case .politics: politics
            case .events: events
            case .culture: culture
            case .local: local
            case .disruptions: disruptions
            }
        }
        set {
            switch category {
            case .topStories: topStories = newValue
            case .politics: politics = newValue
            case .events: events = newValue
            case .culture: culture = newValue
            case .local: local = newValue
            case .disruptions: disruptions = newValue
            }
        }
    }

    /// Every item of every list (an item may be in several lists).
    public var all: [NewsItem] { NewsCategory.allCases.flatMap { self[$0] } }
}

/// `trending`: the day's most shared keyword and its best story. `topicDE` is the same keyword (no translation).
public struct TrendingTopic: Codable, Sendable, Equatable {
    /// The keyword as written in the headlines ("Street Parade", "Bundesrat").
    public var topic: String
    /// The same keyword.
    public var topicDE: String
    /// The headline of the most important story with the keyword.
    public var headline: String
    /// That story's address.
    public var url: String
    /// The headline again when the story is German.
    public var headlineDE: String?

    /// Creates a topic.
    public init(topic: String, topicDE: String, headline: String, url: String, headlineDE: String? = nil) {
        self.topic = topic
        self.topicDE = topicDE
        self.headline = headline
        self.url = url
        self.headlineDE = headlineDE
    }
}

/// `briefing.topStory`: a news item with the extra key `category` naming the list it came from.
public struct BriefingStory: Codable, Sendable, Equatable {
    /// The item.
    public var item: NewsItem
    /// The list it came from: `topStories`, else `politics`, else `events`.
    public var category: NewsCategory

    /// Creates a story.
    public init(item: NewsItem, category: NewsCategory) {
        self.item = item
        self.category = category
    }

    enum CodingKeys: String, CodingKey { case category }

    /// Decodes the item's keys and `category` from one object.
    public init(from decoder: any Decoder) throws {
        item = try NewsItem(from: decoder)
        category = try decoder.container(keyedBy: CodingKeys.self).decode(NewsCategory.self, forKey: .category)
    }

    /// Encodes the item's keys and `category` into one object.
    public func encode(to encoder: any Encoder) throws {
        try item.encode(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(category, forKey: .category)
    }
}

/// The news parts of the `/` response, built from feed items without any external service: `categories`,
/// `trending` and the `topStory` that goes into `briefing.topStory`.
public struct NewsDigest: Codable, Sendable, Equatable {
    /// The lists.
    public var categories: NewsCategories
    /// The trending keyword, nil when no keyword is shared by enough stories.
    public var trending: TrendingTopic?
    /// The first top story, else the first politics item, else the first event; nil when there is no news.
    public var topStory: BriefingStory?

    /// Creates a digest.
    public init(categories: NewsCategories, trending: TrendingTopic?, topStory: BriefingStory?) {
        self.categories = categories
        self.trending = trending
        self.topStory = topStory
    }

    /// The most items per list (the original asked for 5–8, a later version for 8–10).
    public static let maximumPerCategory = 10
    /// How many top stories.
    public static let topStoryCount = 8
    /// Lists with fewer primary items are filled up to this many with items that also fit them.
    public static let minimumPerCategory = 5
    /// Items older than this are dropped, unless fewer than ``maximumPerCategory`` items would remain.
    public static let maximumAge: TimeInterval = 72 * 3600

    /// Builds the digest.
    ///
    /// 1. Items without a title or an http(s) link are dropped; items older than ``maximumAge`` are dropped when
    ///    enough newer ones remain.
    /// 2. Reports of the same story are merged (``NewsDeduplicator``).
    /// 3. Each story is classified (``NewsClassifier``) and ranked by importance: recency (3 points, halving every
    ///    8 hours; 0.75 when undated), coverage (1.5 per further source, at most 4.5), topic strength (up to 2),
    ///    +1 when it names the city, +1 when it carries the trending keyword.
    /// 4. `topStories` are the ``topStoryCount`` most important stories. Each topical list holds its stories by
    ///    importance, at most ``maximumPerCategory``; a list with fewer than ``minimumPerCategory`` is filled with
    ///    stories whose second-best topic it is (and, for `local`, stories naming the city).
    ///
    /// - Parameters:
    ///   - items: every feed's items, in any order (the result does not depend on the order of equally ranked
    ///     stories' feeds beyond the deduplicator's choice of the earliest report).
    ///   - city: the reader's city (which stories are local).
    ///   - language: the language of the sentences the server writes in `detail`.
    ///   - now: the current instant.
    public static func make(items: [FeedItem], city: City, language: Language, now: Date) -> NewsDigest {
        let usable = usableItems(items, now: now)
        let clusters = NewsDeduplicator.deduplicate(usable)
        guard !clusters.isEmpty else {
            return NewsDigest(categories: NewsCategories(), trending: nil, topStory: nil)
        }
        let classifier = NewsClassifier(city: city)
        let classifications = clusters.map { classifier.classify($0.item) }
        var importance = clusters.indices.map { baseImportance(clusters[$0], classifications[$0], now: now) }
        let trend = NewsTrending.find(clusters, now: now)
        for index in trend?.clusters ?? [] { importance[index] += 1 }

        let ranked = clusters.indices.sorted { a, b in
            if importance[a] != importance[b] { return importance[a] > importance[b] }
            let da = clusters[a].item.published ?? .distantPast
            let db = clusters[b].item.published ?? .distantPast
            if da != db { return da > db }
            // Content, not input order, breaks the last ties, so the feeds' order never matters.
            let (ta, tb) = (clusters[a].item.title, clusters[b].item.title)
            if ta != tb { return ta < tb }
            return clusters[a].item.link < clusters[b].item.link
        }
        var cards: [Int: NewsItem] = [:]
        func card(_ index: Int) -> NewsItem {
            if let existing = cards[index] { return existing }
            let made = makeItem(clusters[index], classifications[index], language: language)
            cards[index] = made
            return made
        }

        var categories = NewsCategories()
        categories.topStories = ranked.prefix(topStoryCount).map(card)
        for category in NewsCategory.topical {
            var chosen = ranked.filter { classifications[$0].category == category }
            if chosen.count < minimumPerCategory {
                let extra = ranked.filter { index in
                    guard classifications[index].category != category else { return false }
                    if category == .local, classifications[index].mentionsCity { return true }
                    return classifications[index].score(category) >= NewsClassifier.minimumScore
                }
                chosen += extra.prefix(minimumPerCategory - chosen.count)
            }
            categories[category] = chosen.prefix(maximumPerCategory).map(card)
        }

        var trending: TrendingTopic?
        if let trend, let best = ranked.first(where: { trend.clusters.contains($0) }) {
            let story = clusters[best].item
            trending = TrendingTopic(
                topic: trend.topic, topicDE: trend.topic, headline: story.title, url: story.link,
                headlineDE: classifications[best].language == .de ? story.title : nil)
        }
        var topStory: BriefingStory?
        for category in [NewsCategory.topStories, .politics, .events] {
            if let first = categories[category].first {
                topStory = BriefingStory(item: first, category: category)
                break
            }
        }
        return NewsDigest(categories: categories, trending: trending, topStory: topStory)
    }

    // MARK: - Steps

    static func usableItems(_ items: [FeedItem], now: Date) -> [FeedItem] {
        var cleaned: [FeedItem] = []
        for var item in items {
            item.title = NewsText.collapseWhitespace(item.title)
            item.summary = NewsText.collapseWhitespace(item.summary)
            item.source = NewsText.collapseWhitespace(item.source)
            item.link = item.link.trimmingCharacters(in: .whitespacesAndNewlines)
            guard !item.title.isEmpty, let url = URL(string: item.link), let scheme = url.scheme?.lowercased(),
                scheme == "http" || scheme == "https", url.host?.isEmpty == false
            else { continue }
            if item.source.isEmpty { item.source = url.host ?? "News" }
            if let published = item.published {
                // Nonsense dates (NaN, before 1990) are unknown; dates in the future are now.
                let seconds = published.timeIntervalSince1970
                if !seconds.isFinite || seconds < 631_152_000 {
                    item.published = nil
                } else if published > now.addingTimeInterval(3600) {
                    item.published = now
                }
            }
            cleaned.append(item)
        }
        let recent = cleaned.filter { item in
            guard let published = item.published else { return true }
            return published >= now.addingTimeInterval(-maximumAge)
        }
        return recent.count >= maximumPerCategory ? recent : cleaned
    }

    static func baseImportance(_ cluster: NewsCluster, _ classification: NewsClassification, now: Date) -> Double {
        var score = 0.75
        if let published = cluster.item.published {
            let hours = max(0, now.timeIntervalSince(published) / 3600)
            score = 3 * pow(0.5, hours / 8)
        }
        score += min(Double(max(cluster.sources.count - 1, 0)), 3) * 1.5
        let topical = [NewsCategory.politics, .events, .culture, .disruptions].map(classification.score).max() ?? 0
        score += min(topical, 6) / 3
        if classification.mentionsCity { score += 1 }
        return score
    }

    static func makeItem(
        _ cluster: NewsCluster, _ classification: NewsClassification, language: Language
    )
        -> NewsItem
    {
        let story = cluster.item
        let sentences = NewsText.sentences(story.summary)
        let summary = NewsText.truncate(sentences.first ?? story.title, limit: FeedParser.summaryLimit)
        let others = cluster.sources.filter { NewsText.fold($0) != NewsText.fold(story.source) }
        func detail(in language: Language) -> String {
            var parts = Array(sentences.prefix(3))
            if parts.isEmpty { parts = [story.title.hasSuffix(".") ? story.title : story.title + "."] }
            if parts.count < 3 {
                parts.append(reportedLine(source: story.source, published: story.published, language: language))
            }
            if parts.count < 3, !others.isEmpty { parts.append(alsoReportedLine(others, language: language)) }
            return parts.joined(separator: " ")
        }
        let isGerman = classification.language == .de
        return NewsItem(
            headline: story.title, summary: summary, detail: detail(in: language), source: story.source,
            url: story.link, sentiment: classification.sentiment, publishedAt: story.published,
            headlineDE: isGerman ? story.title : nil, summaryDE: isGerman ? summary : nil,
            detailDE: isGerman ? detail(in: .de) : nil, language: classification.language)
    }

    // MARK: - Sentences the server writes

    private static let weekdays = LocalizedText(
        en: "Monday Tuesday Wednesday Thursday Friday Saturday Sunday",
        de: "Montag Dienstag Mittwoch Donnerstag Freitag Samstag Sonntag")
    private static let months = LocalizedText(
        en: "January February March April May June July August September October November December",
        de: "Januar Februar März April Mai Juni Juli August September Oktober November Dezember")

    /// "Reported by SRF News on Tuesday, 16 June, at 08:15." / "Gemeldet von SRF News am Dienstag, 16. Juni,
    /// um 08:15 Uhr." (Swiss time).
    static func reportedLine(source: String, published: Date?, language: Language) -> String {
        guard let published else {
            return language == .de ? "Gemeldet von \(source)." : "Reported by \(source)."
        }
        let time = SwissTime(published)
        let weekday = weekdays.text(language).split(separator: " ")[time.date.isoWeekday - 1]
        let month = months.text(language).split(separator: " ")[time.date.month - 1]
        let clock = String(format: "%02d:%02d", time.minutes / 60, time.minutes % 60)
        return language == .de
            ? "Gemeldet von \(source) am \(weekday), \(time.date.day). \(month), um \(clock) Uhr."
            : "Reported by \(source) on \(weekday), \(time.date.day) \(month), at \(clock)."
    }

    /// "Also reported by NZZ and 20 Minuten." / "Auch bei NZZ und 20 Minuten."
    static func alsoReportedLine(_ sources: [String], language: Language) -> String {
        let shown = Array(sources.prefix(3))
        let and = language == .de ? "und" : "and"
        let list =
            shown.count <= 1
            ? shown.joined() : shown.dropLast().joined(separator: ", ") + " \(and) " + (shown.last ?? "")
        return language == .de ? "Auch bei \(list)." : "Also reported by \(list)."
    }
}
