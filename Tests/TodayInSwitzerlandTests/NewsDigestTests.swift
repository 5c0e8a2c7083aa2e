import ClubhouseBasics
import Foundation
import Testing

@testable import TodayInSwitzerland

/// The SwiftUI client's news models as section 14 of the API notes describes them: exact keys, required
/// fields non-optional, a standard `JSONDecoder`.
private enum ClientModel {
    struct Response: Decodable {
        var categories: Categories
        var trending: Trending?
        var briefing: Briefing?
    }
    struct Categories: Decodable {
        var topStories: [Item]?
        var disruptions: [Item]?
        var events: [Item]?
        var politics: [Item]?
        var culture: [Item]?
        var local: [Item]?
    }
    struct Item: Decodable {
        var headline: String
        var summary: String
        var source: String
        var headlineDE: String?
        var summaryDE: String?
        var detail: String?
        var detailDE: String?
        var url: String?
        var sentiment: String?
        var publishedAt: String?
    }
    struct Trending: Decodable {
        var topic: String?
        var topicDE: String?
        var headline: String?
        var headlineDE: String?
        var url: String?
    }
    struct Briefing: Decodable {
        var topStory: BriefingItem?
    }
    struct BriefingItem: Decodable {
        var headline: String
        var summary: String
        var source: String
        var url: String
        var sentiment: String
    }
}

@Suite("News digest")
struct NewsDigestTests {
    static let zurich = City.all[0]

    static func fixtureDigest(city: City = zurich, language: Language = .en) throws -> NewsDigest {
        NewsDigest.make(items: try NewsFixtures.allItems(), city: city, language: language, now: NewsFixtures.now)
    }

    /// The response parts as the server assembles them.
    static func responseJSON(_ digest: NewsDigest) throws -> Data {
        struct Briefing: Encodable { var topStory: BriefingStory? }
        struct Response: Encodable {
            var categories: NewsCategories
            var trending: TrendingTopic?
            var briefing: Briefing
        }
        return try JSONEncoder().encode(
            Response(
                categories: digest.categories, trending: digest.trending, briefing: Briefing(topStory: digest.topStory))
        )
    }

    @Test(
        "every card of the fixture digest has a headline, summary, source and http(s) url, and 2–3 sentences of detail")
    func requiredFields() throws {
        let digest = try Self.fixtureDigest()
        let all = digest.categories.all
        #expect(all.count >= 25)
        for item in all {
            #expect(!item.headline.trimmingCharacters(in: .whitespaces).isEmpty)
            #expect(!item.summary.trimmingCharacters(in: .whitespaces).isEmpty)
            #expect(!item.source.trimmingCharacters(in: .whitespaces).isEmpty)
            #expect(item.url.hasPrefix("https://") || item.url.hasPrefix("http://"))
            #expect(item.summary.count <= FeedParser.summaryLimit)
            #expect((2...3).contains(NewsText.sentences(item.detail).count), "\(item.detail)")
            #expect(NewsText.sentences(item.summary).count == 1, "\(item.summary)")
        }
        #expect(all.contains { $0.publishedAt != nil })
    }

    @Test("the JSON decodes with the iOS client's strict models; keys and date format as the original")
    func clientDecoding() throws {
        let digest = try Self.fixtureDigest()
        let data = try Self.responseJSON(digest)
        let decoded = try JSONDecoder().decode(ClientModel.Response.self, from: data)
        #expect(decoded.categories.topStories?.count == NewsDigest.topStoryCount)
        #expect(decoded.categories.disruptions?.isEmpty == false)
        let story = try #require(decoded.briefing?.topStory)
        #expect(!story.url.isEmpty)
        #expect(["positive", "neutral", "negative"].contains(story.sentiment))
        #expect(decoded.trending?.topic == "Street Parade")

        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let categories = try #require(object["categories"] as? [String: Any])
        #expect(Set(categories.keys) == ["topStories", "politics", "events", "culture", "local", "disruptions"])
        let briefing = try #require(object["briefing"] as? [String: Any])
        let topStory = try #require(briefing["topStory"] as? [String: Any])
        #expect(topStory["category"] as? String == "topStories")
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        for item in decoded.categories.politics ?? [] {
            if let published = item.publishedAt {
                #expect(formatter.date(from: published) != nil, "\(published)")
                #expect(published.hasSuffix(".000Z"))
            }
        }
    }

    @Test("stories reported by several feeds appear once, under the earliest report, with the others named")
    func deduplicatedAcrossFeeds() throws {
        let digest = try Self.fixtureDigest()
        for category in NewsCategory.allCases {
            let list = digest.categories[category]
            let keys = list.map { NewsDeduplicator.canonicalURL($0.url) }
            #expect(Set(keys).count == keys.count, "\(category)")
            for (i, a) in list.enumerated() {
                for b in list[(i + 1)...] {
                    #expect(
                        !NewsDeduplicator.sameStory(
                            NewsDeduplicator.normalisedTitle(a.headline, source: a.source),
                            NewsDeduplicator.normalisedTitle(b.headline, source: b.source)),
                        "\(a.headline) / \(b.headline)")
                }
            }
        }
        let all = digest.categories.all
        let army = all.filter { $0.headline.contains("Armeebudget") }
        #expect(Set(army.map(\.url)).count == 1)
        let armyStory = try #require(army.first)
        #expect(armyStory.source == "NZZ")  // 07:50, before SRF's 09:30
        #expect(armyStory.detail.contains("Also reported by SRF News."))
        #expect(Set(all.filter { $0.headline.contains("Stellwerkstörung") }.map(\.url)).count == 1)
        #expect(Set(all.filter { $0.headline.contains("Velorouten") }.map(\.url)).count == 1)
        #expect(Set(all.filter { $0.headline.contains("Monet") }.map(\.url)).count == 1)
        // The German Street Parade reports are one story; the English one is another.
        #expect(Set(all.filter { $0.headline.hasPrefix("Street Parade:") }.map(\.url)).count == 1)
    }

    @Test("each list gets its stories: politics, events, culture, local (Zürich), disruptions; old news is gone")
    func categoryContents() throws {
        let digest = try Self.fixtureDigest()
        let lists = digest.categories
        func has(_ list: [NewsItem], _ fragment: String) -> Bool { list.contains { $0.headline.contains(fragment) } }
        #expect(has(lists.politics, "Armeebudget"))
        #expect(has(lists.politics, "Conseil fédéral"))
        #expect(has(lists.politics, "climate law"))
        #expect(has(lists.events, "Street Parade"))
        #expect(has(lists.events, "Festival de la Cité"))
        #expect(has(lists.culture, "Opernhaus"))
        #expect(has(lists.culture, "Landesmuseum"))
        #expect(has(lists.disruptions, "Stellwerkstörung"))
        #expect(has(lists.disruptions, "Train strike"))
        #expect(has(lists.local, "Velorouten"))
        #expect(has(lists.local, "Schwamendingen"))
        #expect(!has(lists.local, "Lausanne"))
        #expect(!lists.all.contains { $0.headline.contains("Steuerreform") })  // March
        for category in NewsCategory.allCases {
            let list = lists[category]
            #expect(list.count <= NewsDigest.maximumPerCategory)
            #expect(Set(list.map(\.url)).count == list.count)
        }
        #expect(lists.topStories.count == NewsDigest.topStoryCount)
        #expect(lists.politics.count >= NewsDigest.minimumPerCategory)
        #expect(lists.local.count >= NewsDigest.minimumPerCategory)
    }

    @Test("a Lausanne reader's local list holds Lausanne's stories")
    func lausanne() throws {
        let digest = try Self.fixtureDigest(city: try #require(City.find("lausanne")))
        let local = digest.categories.local.map(\.headline)
        #expect(local.contains { $0.contains("Lausanne: la grève") || $0.contains("Festival de la Cité") })
        #expect(local.contains { $0.contains("Morges") })
        #expect(!local.contains { $0.contains("Wiedikon") })
    }

    @Test("trending is the keyword most stories share, with its best story")
    func trending() throws {
        let digest = try Self.fixtureDigest()
        let trend = try #require(digest.trending)
        #expect(trend.topic == "Street Parade")
        #expect(trend.topicDE == trend.topic)
        #expect(trend.headline.contains("Street Parade"))
        #expect(digest.categories.all.contains { $0.url == trend.url && $0.headline == trend.headline })

        let lonely = [
            FeedItem(title: "Bundesrat tagt", link: "https://a.ch/1", published: NewsFixtures.now, source: "A"),
            FeedItem(title: "Kunsthaus eröffnet", link: "https://a.ch/2", published: NewsFixtures.now, source: "A"),
        ]
        #expect(NewsDigest.make(items: lonely, city: Self.zurich, language: .en, now: NewsFixtures.now).trending == nil)
        let shared =
            lonely + [
                FeedItem(
                    title: "Bundesrat beschliesst Sparpaket", link: "https://b.ch/3", published: NewsFixtures.now,
                    source: "B"),
                FeedItem(
                    title: "Zürich: Stadt und Zürcher feiern", link: "https://b.ch/4", published: NewsFixtures.now,
                    source: "B"),
                FeedItem(
                    title: "Zürich bleibt Zürich", link: "https://c.ch/5", published: NewsFixtures.now, source: "C"),
            ]
        let trend2 = try #require(
            NewsDigest.make(items: shared, city: Self.zurich, language: .en, now: NewsFixtures.now).trending)
        #expect(trend2.topic == "Bundesrat")  // city names never trend
    }

    @Test("the briefing's top story is the first top story, with its category")
    func topStory() throws {
        let digest = try Self.fixtureDigest()
        let story = try #require(digest.topStory)
        #expect(story.category == .topStories)
        #expect(story.item == digest.categories.topStories.first)
        let data = try JSONEncoder().encode(story)
        let decoded = try JSONDecoder().decode(BriefingStory.self, from: data)
        #expect(decoded == story)
    }

    @Test("German texts carry the …DE fields and German server sentences; French and English texts do not")
    func languages() throws {
        let english = try Self.fixtureDigest(language: .en)
        let german = try Self.fixtureDigest(language: .de)
        let army = try #require(english.categories.politics.first { $0.headline.contains("Armeebudget") })
        #expect(army.language == .de)
        #expect(army.headlineDE == army.headline)
        #expect(army.summaryDE == army.summary)
        #expect(army.detail.contains("Reported by NZZ on Tuesday, 16 June, at 07:50."))
        #expect(army.detailDE?.contains("Gemeldet von NZZ am Dienstag, 16. Juni, um 07:50 Uhr.") == true)
        let armyDE = try #require(german.categories.politics.first { $0.headline.contains("Armeebudget") })
        #expect(armyDE.detail == army.detailDE)
        let french = try #require(english.categories.all.first { $0.headline.contains("Conseil fédéral") })
        #expect(french.language == .fr)
        #expect(french.headlineDE == nil && french.summaryDE == nil && french.detailDE == nil)
        let law = try #require(english.categories.all.first { $0.headline.contains("climate law") })
        #expect(law.language == .en)
        #expect(law.headlineDE == nil)
        // Headlines are never translated.
        #expect(german.categories.all.contains { $0.headline == "Swiss parliament approves new climate law" })
    }

    @Test("no news: empty lists, no trending topic, no top story, and still valid JSON")
    func empty() throws {
        let none = NewsDigest.make(items: [], city: Self.zurich, language: .en, now: NewsFixtures.now)
        #expect(none.categories == NewsCategories())
        #expect(none.trending == nil)
        #expect(none.topStory == nil)
        let decoded = try JSONDecoder().decode(ClientModel.Response.self, from: try Self.responseJSON(none))
        #expect(decoded.categories.topStories?.isEmpty == true)
        let junk = [
            FeedItem(title: "  ", link: "https://a.ch/1", source: "A"),
            FeedItem(title: "Kein Link", link: "javascript:alert(1)", source: "A"),
            FeedItem(title: "Relativ", link: "/relative", source: "A"),
            FeedItem(title: "Leer", link: "", source: "A"),
        ]
        #expect(NewsDigest.make(items: junk, city: Self.zurich, language: .en, now: NewsFixtures.now) == none)
    }

    @Test("hand-made items are repaired: missing source becomes the host, future dates become now")
    func repairs() throws {
        let tomorrow = NewsFixtures.now.addingTimeInterval(86400)
        let items = [
            FeedItem(
                title: "Neues Museum in Oerlikon", link: "https://www.example.ch/a", published: tomorrow, source: " ")
        ]
        let digest = NewsDigest.make(items: items, city: Self.zurich, language: .en, now: NewsFixtures.now)
        let card = try #require(digest.categories.topStories.first)
        #expect(card.source == "www.example.ch")
        #expect(card.publishedAt == NewsFixtures.now)
        #expect(card.summary == "Neues Museum in Oerlikon")
        #expect(card.detail == "Neues Museum in Oerlikon. Reported by www.example.ch on Tuesday, 16 June, at 12:00.")
    }

    @Test("old news is dropped when there is enough recent news, and kept when there is not")
    func age() throws {
        let old = NewsFixtures.now.addingTimeInterval(-5 * 86400)
        let oldItems = (0..<3).map {
            FeedItem(
                title: "Alte Meldung Nummer \($0) über Basel", link: "https://a.ch/old\($0)", published: old,
                source: "A")
        }
        let fewer = NewsDigest.make(items: oldItems, city: Self.zurich, language: .en, now: NewsFixtures.now)
        #expect(fewer.categories.topStories.count == 3)
        let recent = (0..<12).map {
            FeedItem(
                title: "Frische Meldung \($0) zu Thema \(["Velo", "Oper", "Zoo", "See"][$0 % 4]) \($0 * 7)",
                link: "https://b.ch/new\($0)", published: NewsFixtures.now.addingTimeInterval(Double(-$0) * 600),
                source: "B")
        }
        let more = NewsDigest.make(items: oldItems + recent, city: Self.zurich, language: .en, now: NewsFixtures.now)
        #expect(!more.categories.all.contains { $0.headline.hasPrefix("Alte Meldung") })
    }

    @Test("with plenty of news every list has 5 to 10 items, and thin lists are filled with fitting stories")
    func volume() throws {
        let templates: [(NewsCategory, [String])] = [
            (.politics, ["Nationalrat berät Vorlage", "Abstimmung über Initiative", "Regierungsrat legt Budget vor"]),
            (.events, ["Festival im Park", "Konzert am See", "Herbstmesse startet"]),
            (.culture, ["Museum zeigt Ausstellung", "Theater spielt Klassiker", "Opernhaus feiert Premiere"]),
            (.local, ["Oerlikon erhält Spielplatz", "Wipkingen feiert Quartier", "Altstetten baut Schulhaus"]),
            (.disruptions, ["Störung im Bahnverkehr", "Strasse wegen Unwetter gesperrt", "Streik im Nahverkehr"]),
        ]
        var items: [FeedItem] = []
        var counter = 0
        for (_, titles) in templates {
            for round in 0..<5 {
                for title in titles {
                    counter += 1
                    items.append(
                        FeedItem(
                            title: "\(title) \(["Alpha", "Bravo", "Charlie", "Delta", "Echo"][round]) \(counter)",
                            link: "https://news.example.ch/\(counter)",
                            published: NewsFixtures.now.addingTimeInterval(Double(-counter) * 300),
                            source: "Feed \(round)"))
                }
            }
        }
        let digest = NewsDigest.make(items: items, city: Self.zurich, language: .de, now: NewsFixtures.now)
        #expect(digest.categories.topStories.count == NewsDigest.topStoryCount)
        for category in NewsCategory.topical {
            #expect(digest.categories[category].count == NewsDigest.maximumPerCategory, "\(category)")
        }

        // Two culture stories of their own, and concerts whose second topic is culture fill the list to 5.
        let thin = [
            FeedItem(title: "Kunsthaus zeigt Hodler", link: "https://x.ch/1", published: NewsFixtures.now, source: "A"),
            FeedItem(
                title: "Neues Theaterstück im Schauspielhaus", link: "https://x.ch/2", published: NewsFixtures.now,
                source: "A"),
            FeedItem(
                title: "Festival mit Orchester und Konzert im Park", link: "https://x.ch/3",
                published: NewsFixtures.now, source: "A"),
            FeedItem(
                title: "Openair-Konzert: Tonhalle spielt am Festival", link: "https://x.ch/4",
                published: NewsFixtures.now, source: "A"),
            FeedItem(
                title: "Festival-Konzert mit Ballett im Freien", link: "https://x.ch/5", published: NewsFixtures.now,
                source: "A"),
            FeedItem(title: "Migros senkt Preise", link: "https://x.ch/6", published: NewsFixtures.now, source: "A"),
        ]
        let filled = NewsDigest.make(items: thin, city: Self.zurich, language: .en, now: NewsFixtures.now)
        #expect(filled.categories.culture.count == 5)
        #expect(!filled.categories.culture.contains { $0.headline.contains("Migros") })
        #expect(filled.categories.events.count == 3)
    }

    @Test("the digest does not depend on the order of the feeds' items")
    func deterministic() throws {
        let items = try NewsFixtures.allItems()
        let reference = NewsDigest.make(items: items, city: Self.zurich, language: .en, now: NewsFixtures.now)
        #expect(NewsDigest.make(items: items, city: Self.zurich, language: .en, now: NewsFixtures.now) == reference)
        var random = SplitMix64(seed: 42)
        for _ in 0..<5 {
            let shuffled = items.shuffled(using: &random)
            let digest = NewsDigest.make(items: shuffled, city: Self.zurich, language: .en, now: NewsFixtures.now)
            #expect(digest == reference)
        }
    }

    @Test("500 random batches of hand-made items never crash the digest, and its invariants hold")
    func randomItems() throws {
        let pieces = [
            "Bundesrat", "Zürich", "Festival", "grève", "nicht", "kein", "Erfolg", "Unfall", "", " ", "\u{0}", "🚆",
            "e\u{301}", "\u{202E}", "&amp;", "<b>", "Dr.", "3.", "…", "Oerlikon", "Conseil fédéral", "Street Parade",
            String(repeating: "x", count: 400), "a.b.c.", "!!!", "\n\t", "Ünïcödé", "NZZ", "SRF News", "-", "'",
        ]
        let links = [
            "https://a.ch/", "http://b.ch/x?utm_source=1", "https://news.google.com/news/url?url=https://c.ch/1", "",
            "ftp://x", "https://",
        ]
        var random = SplitMix64(seed: 7)
        let now = NewsFixtures.now
        for round in 0..<500 {
            var items: [FeedItem] = []
            for index in 0..<Int.random(in: 0...12, using: &random) {
                func text(_ count: Int) -> String {
                    (0..<count).map { _ in pieces.randomElement(using: &random) ?? "" }.joined(separator: " ")
                }
                let link = (links.randomElement(using: &random) ?? "") + "\(round)-\(index % 4)"
                let dates: [Date?] = [
                    nil, now, now.addingTimeInterval(-Double.random(in: 0...400_000, using: &random)),
                    now.addingTimeInterval(1e9), Date(timeIntervalSince1970: .nan), Date(timeIntervalSince1970: -1e12),
                    Date(timeIntervalSince1970: 1e15),
                ]
                items.append(
                    FeedItem(
                        title: text(Int.random(in: 0...8, using: &random)), link: link,
                        summary: text(Int.random(in: 0...12, using: &random)),
                        published: dates.randomElement(using: &random) ?? nil,
                        source: text(Int.random(in: 0...2, using: &random)),
                        language: ["de", "fr", "en", nil, "xx"].randomElement(using: &random) ?? nil))
            }
            let city = City.all[round % City.all.count]
            let digest = NewsDigest.make(items: items, city: city, language: round % 2 == 0 ? .en : .de, now: now)
            for item in digest.categories.all {
                #expect(!item.headline.isEmpty && !item.summary.isEmpty && !item.source.isEmpty && !item.url.isEmpty)
                #expect(item.summary.count <= FeedParser.summaryLimit)
            }
            for category in NewsCategory.allCases {
                #expect(digest.categories[category].count <= NewsDigest.maximumPerCategory)
            }
            if let story = digest.topStory { #expect(!story.item.url.isEmpty) }
            _ = try JSONEncoder().encode(digest)
        }
    }

    @Test("news items decode leniently: dates with or without fractions, unknown sentiment is neutral")
    func itemDecoding() throws {
        let json = """
            {"headline":"H","summary":"S","source":"Q","url":"https://a.ch","sentiment":"mixed",
             "publishedAt":"2026-06-16T10:00:00Z","detail":"D"}
            """
        let item = try JSONDecoder().decode(NewsItem.self, from: Data(json.utf8))
        #expect(item.sentiment == .neutral)
        #expect(item.publishedAt == NewsFixtures.now)
        let roundTrip = try JSONDecoder().decode(NewsItem.self, from: try JSONEncoder().encode(item))
        #expect(roundTrip == item)
        let text = String(decoding: try JSONEncoder().encode(item), as: UTF8.self)
        #expect(text.contains("\"publishedAt\":\"2026-06-16T10:00:00.000Z\""))
        #expect(!text.contains("headlineDE"))
        let categories = try JSONDecoder().decode(NewsCategories.self, from: Data("{\"politics\":[\(json)]}".utf8))
        #expect(categories.politics.count == 1)
        #expect(categories.disruptions.isEmpty)
    }
}
