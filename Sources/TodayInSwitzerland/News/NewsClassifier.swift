import Foundation

/// The languages headlines come in (Swiss feeds are German and French; a few are English).
public enum NewsLanguage: String, Codable, Sendable, CaseIterable {
    case de, fr, en
}

/// The tone of a headline, as the original sent it.
public enum Sentiment: String, Codable, Sendable, CaseIterable {
    case positive, neutral, negative

    /// Decodes leniently: anything but `positive`/`negative` is `neutral` (as the original forced it).
    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        self = Sentiment(rawValue: text.lowercased()) ?? .neutral
    }
}

/// The news lists of the response (`categories.<key>`). `disruptions` is not in the original worker's output
/// but the iOS client decodes it.
public enum NewsCategory: String, Codable, Sendable, CaseIterable {
    case topStories, politics, events, culture, local, disruptions

    /// The topical categories a headline is classified into (`topStories` is a ranking, not a topic).
    public static let topical: [NewsCategory] = [.disruptions, .politics, .events, .culture, .local]
}

/// What the classifier found out about one headline.
public struct NewsClassification: Sendable, Equatable {
    /// The detected language.
    public var language: NewsLanguage
    /// The best topical category, nil when no category scored at least ``NewsClassifier/minimumScore``.
    public var category: NewsCategory?
    /// The score of each topical category (weighted keyword hits; 0 when none).
    public var scores: [NewsCategory: Double]
    /// The tone.
    public var sentiment: Sentiment
    /// The sentiment score behind ``sentiment`` (negative is bad news).
    public var sentimentScore: Double
    /// Whether the headline names the city or one of its districts or neighbouring towns.
    public var mentionsCity: Bool

    /// Creates a classification.
    public init(
        language: NewsLanguage, category: NewsCategory?, scores: [NewsCategory: Double], sentiment: Sentiment,
        sentimentScore: Double, mentionsCity: Bool
    ) {
        self.language = language
        self.category = category
        self.scores = scores
        self.sentiment = sentiment
        self.sentimentScore = sentimentScore
        self.mentionsCity = mentionsCity
    }

    /// The score of `category` (0 for `topStories`).
    public func score(_ category: NewsCategory) -> Double { scores[category] ?? 0 }
}

/// A rule-based classifier for Swiss headlines in German, French and English; no external service.
///
/// - **Language**: counts of each language's stop words, plus umlauts/ß (German), French accents, and typical
///   endings ("-ung", "-keit", "-ing"); the feed's declared language adds 1 point. Ties go to the declared
///   language, then German.
/// - **Category**: weighted keyword lexicons (``TopicLexicon``, exact/prefix/suffix/inside matches on
///   accent-folded words, so German compounds like "Bundesratswahl" or "Jazzfestival" match). Title words count
///   fully, description words half; a word counts once. `local` adds the city's names (3 points) and districts
///   and neighbouring towns (2 points), and is 0 for a story that names another of the seven cities (or its
///   districts) but not the reader's. The best category needs ``minimumScore``; ties go in the order
///   disruptions, politics, events, culture, local.
/// - **Sentiment**: the detected language's lexicon (``SentimentLexicon``) sums signed weights (title fully,
///   description half). A negation word turns around the first sentiment word in the three words after it
///   ("kein Erfolg", "pas été un succès", "not a success"); "nicht"/"pas"/"not"/"jamais" also the one ending
///   at most two words before it ("gelingt nicht"). A turned word counts half ("keine Verletzten nach Brand"
///   stays bad news: +1 for no injuries, −2 for the fire).
///   A total of +1 or more is positive, −1 or less negative, anything between neutral.
public struct NewsClassifier: Sendable {
    /// The least category score that makes a headline belong to a topic.
    public static let minimumScore = 2.0

    /// The city whose names make a story local.
    public let cityID: String
    private let cityLexicon: Lexicon
    private let otherCitiesLexicon: Lexicon

    /// A classifier for readers in `city`.
    public init(city: City) {
        cityID = city.id
        cityLexicon = CityLexicon.lexicon(for: city.id)
        let own = CityLexicon.names[city.id] == nil ? "zurich" : city.id
        otherCitiesLexicon = Lexicon(
            terms: CityLexicon.names.keys.sorted().filter { $0 != own }.flatMap { CityLexicon.lexicon(for: $0).terms })
    }

    /// Classifies a feed item (its declared language is the hint).
    public func classify(_ item: FeedItem) -> NewsClassification {
        classify(title: item.title, summary: item.summary, languageHint: item.language)
    }

    /// Classifies a headline and its description.
    public func classify(title: String, summary: String = "", languageHint: String? = nil) -> NewsClassification {
        let titleTokens = NewsText.tokens(title)
        let summaryTokens = NewsText.tokens(summary)
        let language = Self.detectLanguage(
            text: title + " " + summary, tokens: titleTokens + summaryTokens, hint: languageHint)

        var scores: [NewsCategory: Double] = [:]
        let lexicons: [(NewsCategory, [Lexicon])] = [
            (.disruptions, [TopicLexicon.disruptions]), (.politics, [TopicLexicon.politics]),
            (.events, [TopicLexicon.events]), (.culture, [TopicLexicon.culture]),
            (.local, [TopicLexicon.local, cityLexicon]),
        ]
        for (category, lists) in lexicons {
            scores[category] = lists.reduce(0) {
                $0 + Self.weightedScore($1, title: titleTokens, summary: summaryTokens)
            }
        }
        let mentionsCity = !cityLexicon.weights(titleTokens + ["."] + summaryTokens).isEmpty
        // "Quartier" or "Stadtrat" next to another city's name is that city's local news.
        if !mentionsCity, !otherCitiesLexicon.weights(titleTokens + ["."] + summaryTokens).isEmpty {
            scores[.local] = 0
        }

        var best: NewsCategory?
        var bestScore = Self.minimumScore - 0.000_1
        for category in NewsCategory.topical where (scores[category] ?? 0) > bestScore {
            best = category
            bestScore = scores[category] ?? 0
        }
        let titleTone = Self.sentimentScore(of: titleTokens, language: language)
        let summaryTone = Self.sentimentScore(of: summaryTokens, language: language)
        let tone = titleTone + summaryTone / 2
        return NewsClassification(
            language: language, category: best, scores: scores, sentiment: Self.sentiment(forScore: tone),
            sentimentScore: tone, mentionsCity: mentionsCity)
    }

    /// Title hits count fully, hits only in the description half.
    private static func weightedScore(_ lexicon: Lexicon, title: [String], summary: [String]) -> Double {
        let inTitle = lexicon.weights(title)
        var total = inTitle.values.reduce(0, +)
        for (key, weight) in lexicon.weights(summary) where inTitle[key] == nil { total += weight / 2 }
        return total
    }

    // MARK: - Language

    /// The language of `text`; `hint` is a declared language ("de", "fr-CH", "en-US") that breaks ties.
    public static func detectLanguage(_ text: String, hint: String? = nil) -> NewsLanguage {
        detectLanguage(text: text, tokens: NewsText.tokens(text), hint: hint)
    }

    static func detectLanguage(text: String, tokens: [String], hint: String?) -> NewsLanguage {
        var scores: [NewsLanguage: Double] = [.de: 0, .fr: 0, .en: 0]
        let hinted = hint.flatMap { NewsLanguage(rawValue: String($0.lowercased().prefix(2))) }
        if let hinted { scores[hinted, default: 0] += 1 }
        var germanLetters = 0
        var frenchLetters = 0
        for scalar in text.unicodeScalars where scalar.value >= 0xC0 {
            switch scalar.value {
            case 0xE4, 0xF6, 0xFC, 0xC4, 0xD6, 0xDC, 0xDF: germanLetters += 1  // ä ö ü Ä Ö Ü ß
            case 0xE9, 0xE8, 0xEA, 0xE0, 0xE2, 0xE7, 0xEE, 0xF4, 0xFB, 0xF9, 0xEB, 0xEF, 0x153, 0xC9, 0xC8, 0xC0, 0xC7:
                frenchLetters += 1  // é è ê à â ç î ô û ù ë ï œ É È À Ç
            default: break
            }
        }
        scores[.de, default: 0] += min(Double(germanLetters) * 0.5, 3)
        scores[.fr, default: 0] += min(Double(frenchLetters) * 0.5, 3)
        for token in tokens {
            if let language = exonyms[token] { scores[language, default: 0] += 1 }
            if NewsStopwords.german.contains(token) { scores[.de, default: 0] += 1 }
            if NewsStopwords.french.contains(token) { scores[.fr, default: 0] += 1 }
            if NewsStopwords.english.contains(token) { scores[.en, default: 0] += 1 }
            guard token.count >= 5 else { continue }
            if token.hasSuffix("ung") || token.hasSuffix("ungen") || token.hasSuffix("keit") || token.hasSuffix("heit")
                || token.hasSuffix("schaft") || token.hasSuffix("lich") || token.contains("sch")
            {
                scores[.de, default: 0] += 0.3
            }
            if token.hasSuffix("ing") || token.hasSuffix("ness") || token.hasSuffix("ship") || token.hasSuffix("ed") {
                scores[.en, default: 0] += 0.3
            }
            if token.hasSuffix("eux") || token.hasSuffix("aux") || token.hasSuffix("iere") || token.hasSuffix("ette") {
                scores[.fr, default: 0] += 0.3
            }
        }
        let order: [NewsLanguage] = [hinted, .de, .fr, .en].compactMap { $0 }
        var best = order.first ?? .de
        for language in order where (scores[language] ?? 0) > (scores[best] ?? 0) { best = language }
        return best
    }

    /// Names of Switzerland and its places that give the language away.
    private static let exonyms: [String: NewsLanguage] = [
        "swiss": .en, "switzerland": .en, "geneva": .en, "schweiz": .de, "schweizer": .de, "genf": .de,
        "suisse": .fr, "suisses": .fr, "geneve": .fr, "romande": .fr,
    ]

    // MARK: - Sentiment

    /// The tone of `text` in `language`, with negation handling.
    public static func sentiment(of text: String, language: NewsLanguage) -> Sentiment {
        sentiment(forScore: sentimentScore(of: NewsText.tokens(text), language: language))
    }

    static func sentiment(forScore score: Double) -> Sentiment {
        if score >= 1 { return .positive }
        if score <= -1 { return .negative }
        return .neutral
    }

    static func sentimentScore(of tokens: [String], language: NewsLanguage) -> Double {
        guard !tokens.isEmpty else { return 0 }
        let hits = SentimentLexicon.lexicon(for: language).hits(tokens)
        guard !hits.isEmpty else { return 0 }
        // A negator turns around the first sentiment word in the three words after it; a trailing negator
        // ("gelingt nicht") the sentiment word ending at most two words before it. Each word turns at most once.
        var negated: Set<Int> = []
        for (index, token) in tokens.enumerated() {
            if SentimentLexicon.negators.contains(token),
                let hit = hits.firstIndex(where: { $0.position > index && $0.position <= index + 3 })
            {
                negated.insert(hit)
            }
            if SentimentLexicon.trailingNegators.contains(token),
                let hit = hits.lastIndex(where: {
                    $0.position + $0.length <= index && $0.position + $0.length >= index - 2
                })
            {
                negated.insert(hit)
            }
        }
        var total = 0.0
        for (index, hit) in hits.enumerated() { total += negated.contains(index) ? -hit.weight / 2 : hit.weight }
        return total
    }
}
