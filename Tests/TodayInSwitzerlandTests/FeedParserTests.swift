import ClubhouseBasics
import Foundation
import Testing

@testable import TodayInSwitzerland

/// The news fixture feeds, read next to this file (no bundle resources needed).
enum NewsFixtures {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/news")

    static func data(_ name: String) throws -> Data { try Data(contentsOf: directory.appendingPathComponent(name)) }

    /// Every well-formed fixture with the name the server would give the feed.
    static let feeds: [(file: String, source: String)] = [
        ("srf.xml", "SRF News"), ("nzz.xml", "NZZ"), ("googlenews.xml", "Google News"),
        ("atom.xml", "Swiss Today"), ("24heures.xml", "24 heures"),
    ]

    static func allItems() throws -> [FeedItem] {
        try feeds.flatMap { feed in try FeedParser.parse(try data(feed.file), source: feed.source) }
    }

    /// Tuesday 16 June 2026, 12:00 in Zürich (CEST).
    static let now = Date(timeIntervalSince1970: 1_781_604_000)

    static func utc(_ text: String) throws -> Date { try #require(FeedDate.parseISO8601(text)) }
}

@Suite("Feed parser")
struct FeedParserTests {
    @Test("the fixture clock is noon in Zürich on Tuesday 16 June 2026")
    func fixtureClock() {
        #expect(FeedDate.isoString(NewsFixtures.now) == "2026-06-16T10:00:00.000Z")
        #expect(SwissTime(NewsFixtures.now).minutes == 12 * 60)
    }

    @Test("an SRF-like RSS 2.0 feed: good items kept, items without link or title skipped, bad dates kept undated")
    func srf() throws {
        let report = try FeedParser.report(try NewsFixtures.data("srf.xml"), source: "SRF News")
        #expect(report.feedTitle == "SRF News - Schweiz")
        #expect(report.items.count == 8)
        let first = try #require(report.items.first)
        #expect(first.title == "Bundesrat will Armeebudget bis 2032 erhöhen")
        #expect(first.link == "https://www.srf.ch/news/schweiz/armeebudget-bundesrat")
        #expect(first.source == "SRF News")
        #expect(first.language == "de")
        #expect(first.published == (try NewsFixtures.utc("2026-06-16T07:30:00Z")))
        #expect(first.summary.hasPrefix("Der Bundesrat hat am Dienstag beschlossen"))
        // "Tue, 16 Jun 2026 07:05 +0200": no seconds.
        #expect(report.items[1].published == (try NewsFixtures.utc("2026-06-16T05:05:00Z")))
        // "GMT".
        #expect(report.items[2].published == (try NewsFixtures.utc("2026-06-15T16:20:00Z")))
        // "CET" in March is UTC+1.
        #expect(report.items[7].published == (try NewsFixtures.utc("2026-03-13T07:00:00Z")))
        let kunsthaus = try #require(report.items.first { $0.title.hasPrefix("Kunsthaus") })
        #expect(kunsthaus.published == nil)
        #expect(report.issues.contains(.itemWithoutLink(position: 4, title: "Liveticker ohne Adresse")))
        #expect(report.issues.contains(.itemWithoutTitle(position: 5)))
        #expect(report.issues.contains(.unreadableDate(position: 6, text: "irgendwann gestern")))
        #expect(report.issues.allSatisfy { !$0.description.isEmpty })
    }

    @Test("an NZZ-like feed: CDATA, HTML, escaped HTML, HTML entities and a bare ampersand become plain text")
    func nzz() throws {
        let items = try FeedParser.parse(try NewsFixtures.data("nzz.xml"), source: "NZZ")
        #expect(items.count == 7)
        #expect(items[0].title == "Zürcher Stadtrat plant neue Velorouten in Wiedikon")
        #expect(
            items[0].summary
                == "Der Stadtrat will bis 2030 zehn neue Velorouten bauen. Das Quartier Wiedikon macht den Anfang. Mehr dazu"
        )
        #expect(items[0].published == (try NewsFixtures.utc("2026-06-16T06:15:00Z")))
        #expect(items[0].link.contains("utm_source=rss"))  // kept as published; the deduplicator ignores it
        #expect(items[2].summary == "Langer Applaus für die neue Inszenierung – das Haus war ausverkauft.")
        #expect(items[3].title == "Migros & Coop senken Preise für Gemüse")
        #expect(items[4].summary == "Das Open-Air-Konzert am Sonntag ist der Auftakt zum Zürcher Festsommer.")
        #expect(
            items[5].summary
                == "Der Kantonsrat hat die Vorlage mit 95 zu 80 Stimmen abgelehnt. Die SVP zeigte sich enttäuscht & kündigte ein Referendum an."
        )
        let long = items[6].summary
        #expect(long.count <= FeedParser.summaryLimit)
        #expect(long.hasSuffix("…"))
        #expect(!long.dropLast().hasSuffix(" "))
        let lastWord = try #require(long.dropLast().split(separator: " ").last)
        #expect(items[6].summary.count > 150)
        #expect(
            "Die Schau zeigt Flugschriften, Bibeln und Alltagsgegenstände aus der Zeit von Zwingli und Bullinger. Sie dauert bis im Januar. Der Eintritt für Kinder ist frei. Ein langer Satz folgt, damit die Beschreibung länger als zweihundert Zeichen wird"
                .split(separator: " ").contains(lastWord))
    }

    @Test("a Google-News-like feed: publisher from <source>, title suffix removed, redirect unwrapped, no echo summary")
    func googleNews() throws {
        let items = try FeedParser.parse(try NewsFixtures.data("googlenews.xml"), source: "Google News")
        #expect(items.count == 6)
        #expect(items[0].title == "Zugchaos in Zürich nach Stellwerkstörung")
        #expect(items[0].source == "SRF News")
        #expect(items[0].summary == "")
        #expect(items[0].link == "https://www.srf.ch/news/schweiz/stellwerkstoerung-zuerich?utm_source=googlenews")
        #expect(items[2].source == "Tages-Anzeiger")
        #expect(items[2].title == "Zürcher Stadtrat plant neue Velorouten in Wiedikon")
        #expect(items[3].link == "https://www.blick.ch/schweiz/zuerich/grossbrand-schwamendingen-id2001.html")
        #expect(items[3].published == (try NewsFixtures.utc("2026-06-16T04:10:00Z")))
    }

    @Test(
        "an Atom 1.0 feed: HTML titles, alternate links, updated when unpublished, XHTML content, no-link entries skipped"
    )
    func atom() throws {
        let report = try FeedParser.report(try NewsFixtures.data("atom.xml"), source: "")
        #expect(report.feedTitle == "Swiss Today (English)")
        #expect(report.items.count == 5)
        let law = report.items[0]
        #expect(law.title == "Swiss parliament approves new climate law")
        #expect(law.link == "https://example-swissnews.ch/en/politics/climate-law")
        #expect(law.source == "Swiss Today (English)")
        #expect(law.language == "en")
        #expect(law.published == (try NewsFixtures.utc("2026-06-16T06:30:00Z")))
        #expect(
            law.summary == "The National Council voted 120 to 70 in favour. The Council of States follows in autumn.")
        let film = report.items[1]
        #expect(film.published == (try NewsFixtures.utc("2026-06-15T12:00:00Z")))
        #expect(film.summary == "The festival opens on 24 September. Tickets go on sale in August.")
        #expect(report.items[2].published == (try NewsFixtures.utc("2026-06-16T03:45:00Z")))
        #expect(report.issues.contains(.itemWithoutLink(position: 4, title: "An entry with only a self link")))
    }

    @Test("a French 24heures-like feed with CEST dates")
    func vingtQuatreHeures() throws {
        let items = try FeedParser.parse(try NewsFixtures.data("24heures.xml"), source: "24 heures")
        #expect(items.count == 7)
        #expect(items[0].language == "fr")
        #expect(items[0].published == (try NewsFixtures.utc("2026-06-16T05:30:00Z")))
        #expect(items[0].title == "Lausanne: la grève des transports publics perturbe le trafic")
        #expect(
            items[4].summary == "Un motard de 34 ans a perdu la vie. L'autoroute a été fermée pendant trois heures.")
    }

    @Test("at most N items per feed; the rest is reported")
    func limit() throws {
        let report = try FeedParser.report(try NewsFixtures.data("srf.xml"), source: "SRF", limit: 3)
        #expect(report.items.count == 3)
        #expect(report.issues.contains(.overLimit(dropped: 5)))
        #expect(try FeedParser.parse(try NewsFixtures.data("srf.xml"), source: "SRF", limit: 0).isEmpty)
    }

    @Test("malformed XML, empty bodies and other documents are typed errors")
    func errors() throws {
        #expect(throws: FeedError.self) { try FeedParser.parse(try NewsFixtures.data("malformed.xml"), source: "X") }
        let malformed = try NewsFixtures.data("malformed.xml")
        do {
            _ = try FeedParser.parse(malformed, source: "X")
        } catch {
            guard case .malformed(let line, _, let reason) = error else {
                Issue.record("expected .malformed, got \(error)")
                return
            }
            #expect(line > 0)
            #expect(!reason.isEmpty)
            #expect(error.description.contains("not well-formed"))
        }
        #expect(throws: FeedError.empty) { try FeedParser.parse(Data(), source: "X") }
        #expect(throws: FeedError.empty) { try FeedParser.parse(Data(" \n\t".utf8), source: "X") }
        #expect(throws: FeedError.notAFeed(root: "html")) {
            try FeedParser.parse(Data("<html><body><p>Not found</p></body></html>".utf8), source: "X")
        }
        #expect(throws: FeedError.self) { try FeedParser.parse(Data("{\"json\": true}".utf8), source: "X") }
    }

    @Test("a feed that breaks after complete items keeps them and reports the break")
    func truncated() throws {
        let text = """
            <rss version="2.0"><channel><title>T</title>
            <item><title>Erster Eintrag</title><link>https://example.ch/1</link></item>
            <item><title>Zweiter Eintrag</title><link>https://example.ch/2</link></item>
            <item><title>Dritter <b>kaputt</title>
            """
        let report = try FeedParser.report(Data(text.utf8), source: "T")
        #expect(report.items.map(\.title) == ["Erster Eintrag", "Zweiter Eintrag"])
        #expect(report.issues.contains { if case .truncated = $0 { true } else { false } })
    }

    @Test("RSS 1.0 (RDF) items are read")
    func rdf() throws {
        let text = """
            <?xml version="1.0"?>
            <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns="http://purl.org/rss/1.0/"
              xmlns:dc="http://purl.org/dc/elements/1.1/">
              <channel rdf:about="https://example.ch/"><title>RDF Feed</title><link>https://example.ch/</link></channel>
              <item rdf:about="https://example.ch/a"><title>Gemeinderat tagt</title><link>https://example.ch/a</link>
                <description>Die Sitzung beginnt um 17 Uhr.</description><dc:date>2026-06-16T17:00:00+02:00</dc:date></item>
              <item rdf:about="/b"><title>Relativer Link</title><link>/b</link></item>
            </rdf:RDF>
            """
        let items = try FeedParser.parse(Data(text.utf8), source: "")
        #expect(items.count == 2)
        #expect(items[0].source == "RDF Feed")
        #expect(items[0].published == (try NewsFixtures.utc("2026-06-16T15:00:00Z")))
        #expect(items[1].link == "https://example.ch/b")
    }

    @Test("external entities are never resolved")
    func externalEntities() throws {
        let text = """
            <?xml version="1.0"?>
            <!DOCTYPE rss [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>
            <rss version="2.0"><channel><title>T</title>
            <item><title>Hallo &xxe;</title><link>https://example.ch/1</link></item></channel></rss>
            """
        let items = (try? FeedParser.parse(Data(text.utf8), source: "T")) ?? []
        #expect(items.allSatisfy { !$0.title.contains("root:") })
    }

    @Test(
        "RFC 822 dates: numeric zones, GMT, CET/CEST, MEZ, no seconds, two-digit years, German months, no zone",
        arguments: [
            ("Tue, 10 Mar 2026 14:05:00 +0100", "2026-03-10T13:05:00Z"),
            ("Tue, 10 Mar 2026 14:05:00 CET", "2026-03-10T13:05:00Z"),
            ("Tue, 16 Jun 2026 14:05:00 CEST", "2026-06-16T12:05:00Z"),
            ("16 Jun 2026 14:05 MESZ", "2026-06-16T12:05:00Z"),
            ("Tue, 10 Mar 2026 13:05:00 GMT", "2026-03-10T13:05:00Z"),
            ("Tue, 10 Mar 2026 13:05 GMT", "2026-03-10T13:05:00Z"),
            ("Tue, 10 Mar 26 13:05:00 UT", "2026-03-10T13:05:00Z"),
            ("Di, 10 Mär 2026 14:05:00 +01:00", "2026-03-10T13:05:00Z"),
            ("Tue, 10 Mar 2026 08:05:00 EST", "2026-03-10T13:05:00Z"),
            ("Tue, 10 Mar 2026 14:05:00", "2026-03-10T13:05:00Z"),
            ("Tue, 16 Jun 2026 14:05:00", "2026-06-16T12:05:00Z"),
            ("Wed, 01 Jul 2026 00:30:00 +0200", "2026-06-30T22:30:00Z"),
            ("Tue, 10 Mar 2026 14:05:00 +0100 (CET)", "2026-03-10T13:05:00Z"),
            ("  Tue, 10 Mar 2026 14:05:00 +0100\n", "2026-03-10T13:05:00Z"),
        ])
    func rfc822(text: String, expected: String) throws {
        #expect(FeedDate.parse(text) == (try NewsFixtures.utc(expected)))
    }

    @Test(
        "ISO 8601 dates: offsets, Z, fractions, no seconds, date only (Swiss midnight)",
        arguments: [
            ("2026-03-10T14:05:00+01:00", "2026-03-10T13:05:00Z"),
            ("2026-06-16T14:05:00+02:00", "2026-06-16T12:05:00Z"),
            ("2026-03-10T13:05:00Z", "2026-03-10T13:05:00Z"),
            ("2026-03-10T14:05+0100", "2026-03-10T13:05:00Z"),
            ("2026-03-10 14:05:00", "2026-03-10T13:05:00Z"),
            ("2026-03-10", "2026-03-09T23:00:00Z"),
            ("2026-06-16", "2026-06-15T22:00:00Z"),
        ])
    func iso8601(text: String, expected: String) throws {
        #expect(FeedDate.parse(text) == (try NewsFixtures.utc(expected)))
    }

    @Test("fractional seconds and the original's output format")
    func fractions() throws {
        let date = try #require(FeedDate.parse("2026-03-10T13:05:00.250Z"))
        #expect(FeedDate.isoString(date) == "2026-03-10T13:05:00.250Z")
        #expect(FeedDate.isoString(Date(timeIntervalSince1970: 0)) == "1970-01-01T00:00:00.000Z")
        #expect(FeedDate.isoString(Date(timeIntervalSince1970: -1)) == "1969-12-31T23:59:59.000Z")
    }

    @Test(
        "impossible or unknown dates are nil",
        arguments: [
            "", "gestern", "2026-02-30T10:00:00Z", "2026-13-01", "Tue, 32 Mar 2026 10:00:00 GMT",
            "Tue, 10 Foo 2026 10:00:00 GMT", "Tue, 10 Mar 2026 25:00:00 GMT", "Tue, 10 Mar 2026 10:00:00 XYZ",
            "Tue, 10 Mar 2026 10:61 GMT", "2026-03-10T10:00:00+25:00", "10 Mar 99999 10:00 GMT", "2026-03-10T",
            "2026-03-10T10:00:00.Z", String(repeating: "9", count: 500),
        ])
    func invalidDates(text: String) {
        #expect(FeedDate.parse(text) == nil)
    }

    @Test("a time in the spring-forward gap still gives a date near it")
    func dstGap() throws {
        let date = try #require(FeedDate.parse("2026-03-29T02:30:00"))
        let reference = try NewsFixtures.utc("2026-03-29T01:00:00Z")
        #expect(abs(date.timeIntervalSince(reference)) <= 3600)
    }

    @Test("HTML to text: tags, scripts, comments, entities, double escaping, invisible characters")
    func plainText() {
        #expect(
            NewsText.plainText(fromHTML: "<p>Zürich&nbsp;<b>liest</b></p><!-- x --><script>alert(1)</script>")
                == "Zürich liest")
        #expect(NewsText.plainText(fromHTML: "&lt;p&gt;Genf &amp;amp; Lausanne&lt;/p&gt;") == "Genf & Lausanne")
        #expect(
            NewsText.plainText(fromHTML: "a &lt; b &#8211; c &#x2014; d &unknown; e") == "a < b – c — d &unknown; e")
        #expect(NewsText.plainText(fromHTML: "Stadt\u{00AD}rat\u{200B} tagt\n\n heute") == "Stadtrat tagt heute")
        #expect(NewsText.plainText(fromHTML: "x &#0; y &#99999999; z") == "x &#0; y &#99999999; z")
        #expect(NewsText.plainText(fromHTML: "<unclosed tag") == "")
    }

    @Test("truncation at a word boundary never exceeds the limit")
    func truncation() {
        let text = "Der Bundesrat will das Armeebudget bis 2032 schrittweise erhöhen"
        for limit in 1...70 {
            let cut = NewsText.truncate(text, limit: limit)
            #expect(cut.count <= limit)
            if limit < text.count { #expect(cut.hasSuffix("…")) }
        }
        #expect(NewsText.truncate(text, limit: 30) == "Der Bundesrat will das…")
        #expect(NewsText.truncate(text, limit: 200) == text)
        #expect(NewsText.truncate(String(repeating: "x", count: 300), limit: 200).count == 200)
    }

    @Test("sentences split at stops, not after abbreviations or German ordinals")
    func sentences() {
        #expect(
            NewsText.sentences("Am 3. März tagt der Rat. Dr. Meier spricht z.B. über Velos! Was nun? Ende")
                == ["Am 3. März tagt der Rat.", "Dr. Meier spricht z.B. über Velos!", "Was nun?", "Ende"])
        #expect(
            NewsText.sentences("Der Umsatz stieg 2025. Nun folgt der Abbau.") == [
                "Der Umsatz stieg 2025.", "Nun folgt der Abbau.",
            ])
        #expect(NewsText.sentences("") == [])
    }

    @Test("10,000 mutated feeds never crash the parser; every item it returns is usable")
    func fuzz() throws {
        let seeds =
            try NewsFixtures.feeds.map { try NewsFixtures.data($0.file) } + [try NewsFixtures.data("malformed.xml")]
        let fragments: [[UInt8]] = [
            "<", ">", "&", "&nbsp;", "&#x0;", "&#99999999;", "<![CDATA[", "]]>", "<item>", "</item>", "<entry>",
            "<title>", "</title>", "<link>", "<!--", "-->", "\u{0}", "\u{FEFF}", "ä", "<?xml version=\"1.0\"?>",
            "<!DOCTYPE x [<!ENTITY a \"&a;&a;\">]>", "<link href=\"javascript:alert(1)\"/>", "<pubDate>", "\"", "'",
        ].map { Array($0.utf8) }
        var random = SplitMix64(seed: 0x5EED_0F_5A_15)
        var parsed = 0
        var failed = 0
        for round in 0..<10_000 {
            var bytes = [UInt8](seeds[round % seeds.count])
            let mutations = Int.random(in: 1...8, using: &random)
            for _ in 0..<mutations where !bytes.isEmpty {
                let position = Int.random(in: 0..<bytes.count, using: &random)
                switch Int.random(in: 0..<6, using: &random) {
                case 0: bytes[position] = UInt8.random(in: 0...255, using: &random)
                case 1: bytes.remove(at: position)
                case 2: bytes.insert(contentsOf: fragments.randomElement(using: &random) ?? [], at: position)
                case 3:
                    bytes.removeSubrange(
                        position..<min(bytes.count, position + Int.random(in: 1...200, using: &random)))
                case 4: bytes = Array(bytes.prefix(position))
                default:
                    let end = min(bytes.count, position + Int.random(in: 1...300, using: &random))
                    bytes.insert(contentsOf: bytes[position..<end], at: position)
                }
            }
            do {
                let items = try FeedParser.parse(Data(bytes), source: "Fuzz")
                parsed += 1
                for item in items {
                    #expect(!item.title.isEmpty)
                    #expect(item.link.hasPrefix("http"))
                    #expect(item.summary.count <= FeedParser.summaryLimit)
                    #expect(!item.source.isEmpty)
                }
            } catch {
                failed += 1
                #expect(!error.description.isEmpty)
            }
        }
        #expect(parsed + failed == 10_000)
        #expect(parsed > 0)
        #expect(failed > 0)
    }
}
