import Foundation

/// Finds the day's trending keyword: the salient word or two-word phrase that most stories share.
///
/// - Candidates are capitalised words of at least 4 letters (German nouns, names: "Bundesrat", "Street
///   Parade", "SBB" is too short on purpose) that are not stop words, generic news words ("Schweiz", "Jahr",
///   "Video", weekdays, months), a city's name or a source's name; and pairs of a candidate and the next word.
/// - Words are grouped by a light stem (accent-folded, plural endings cut), so "Wahl" and "Wahlen" count
///   together; the topic is shown in its most frequent written form.
/// - A story counts once per keyword: 1 point plus ½ per further source that reported it, halved when the
///   keyword is only in the description (the titles of all its reports count). Only stories from the last
///   24 hours (or undated) count.
/// - The keyword needs at least two stories, or one story from at least two sources. The highest total wins;
///   ties go to the keyword in more reports' titles, then to a two-word phrase over a single word, then
///   alphabetically.
enum NewsTrending {
    struct Result {
        /// The grouping key (stems joined by a space).
        var key: String
        var topic: String
        /// Indices of the clusters that contain the keyword.
        var clusters: [Int]
    }

    static let window: TimeInterval = 24 * 3600

    static func find(_ clusters: [NewsCluster], now: Date) -> Result? {
        var totals: [String: Double] = [:]
        var reports: [String: Int] = [:]
        var members: [String: [Int]] = [:]
        var sourcesPerKey: [String: Int] = [:]
        var surfaces: [String: [String: Int]] = [:]
        for (index, cluster) in clusters.enumerated() {
            if let published = cluster.item.published {
                guard published > now.addingTimeInterval(-window), published < now.addingTimeInterval(3600) else {
                    continue
                }
            }
            let sourceWords = Set(cluster.members.flatMap { NewsText.tokens($0.source) })
            // Every report's title counts (a story's reports word it differently); the shown summary too.
            var inTitles: [String: Int] = [:]
            for member in cluster.members {
                var seenInThisTitle: Set<String> = []
                for candidate in candidates(in: member.title, excluding: sourceWords) {
                    surfaces[candidate.key, default: [:]][candidate.surface, default: 0] += 1
                    if seenInThisTitle.insert(candidate.key).inserted { inTitles[candidate.key, default: 0] += 1 }
                }
            }
            var inSummary: Set<String> = []
            for candidate in candidates(in: cluster.item.summary, excluding: sourceWords) {
                surfaces[candidate.key, default: [:]][candidate.surface, default: 0] += 1
                inSummary.insert(candidate.key)
            }
            let sourceCount = max(cluster.sources.count, 1)
            let storyWeight = 1 + 0.5 * Double(sourceCount - 1)
            for key in Set(inTitles.keys).union(inSummary) {
                let mentions = inTitles[key] ?? 0
                totals[key, default: 0] += mentions > 0 ? storyWeight : storyWeight / 2
                reports[key, default: 0] += max(mentions, 1)
                members[key, default: []].append(index)
                sourcesPerKey[key] = max(sourcesPerKey[key] ?? 0, sourceCount)
            }
        }
        let eligible = totals.filter { key, total in
            total >= 1.5 && ((members[key]?.count ?? 0) >= 2 || (sourcesPerKey[key] ?? 0) >= 2)
        }
        let best = eligible.max { a, b in
            if a.value != b.value { return a.value < b.value }
            let aReports = reports[a.key] ?? 0
            let bReports = reports[b.key] ?? 0
            if aReports != bReports { return aReports < bReports }
            let aPhrase = a.key.contains(" ")
            let bPhrase = b.key.contains(" ")
            if aPhrase != bPhrase { return !aPhrase }
            return a.key > b.key
        }
        guard let best else { return nil }
        let forms = surfaces[best.key] ?? [:]
        let topic =
            forms.max { a, b in a.value != b.value ? a.value < b.value : a.key > b.key }?.key ?? best.key
        return Result(key: best.key, topic: topic, clusters: members[best.key] ?? [])
    }

    /// The keyword candidates of `text`: (stem key, written form).
    static func candidates(in text: String, excluding sourceWords: Set<String>) -> [(key: String, surface: String)] {
        let words = NewsText.words(text)
        var result: [(String, String)] = []
        var previous: (key: String, surface: String)?
        for word in words {
            let folded = NewsText.fold(String(word))
            let salient = isSalient(word, folded: folded, sourceWords: sourceWords)
            if salient {
                let key = NewsText.stem(folded)
                result.append((key, String(word)))
                if let previous { result.append((previous.key + " " + key, previous.surface + " " + word)) }
                previous = (key, String(word))
            } else {
                // "Conseil fédéral": a lower-case content word may end a phrase but not start one.
                if let previous, folded.count >= 4, !NewsStopwords.all.contains(folded), !generic.contains(folded),
                    word.allSatisfy(\.isLetter)
                {
                    result.append((previous.key + " " + NewsText.stem(folded), previous.surface + " " + word))
                }
                previous = nil
            }
        }
        return result
    }

    private static func isSalient(_ word: Substring, folded: String, sourceWords: Set<String>) -> Bool {
        guard word.count >= 4, let first = word.first, first.isUppercase, word.contains(where: \.isLetter) else {
            return false
        }
        if NewsStopwords.all.contains(folded) || generic.contains(folded) || sourceWords.contains(folded) {
            return false
        }
        if CityLexicon.allNameWords.contains(folded) { return false }
        if CityLexicon.allNameWords.contains(where: {
            $0.count >= 4 && folded.hasPrefix($0) && folded.count <= $0.count + 3
        }) {
            return false  // "Zürcher", "Basler", "Genevois"
        }
        return true
    }

    /// Words too common in Swiss news to be a topic (accent-folded).
    static let generic: Set<String> = Set(
        """
        schweiz schweizer schweizerin schweizerinnen schweizerische schweizerischen suisse suisses swiss \
        switzerland kanton kantone kantons canton cantons stadt stadte ville villes city news video videos live \
        liveticker ticker update jahr jahre jahren jahres annee annees year years prozent pourcent percent \
        franken francs franc million millionen millions milliarde milliarden milliard milliards billion mann \
        frau menschen leute personen personnes people heute gestern morgen woche wochen semaine week weeks \
        tag tage tagen jour jours day days montag dienstag mittwoch donnerstag freitag samstag sonntag lundi \
        mardi mercredi jeudi vendredi samedi dimanche monday tuesday wednesday thursday friday saturday sunday \
        januar februar marz april juni juli august september oktober november dezember janvier fevrier mars \
        avril juin juillet aout septembre octobre novembre decembre january february march june july october \
        december uhr heure heures neue neuer neues mehr bilder fotos photos interview analyse kommentar \
        meinung podcast newsletter srf nzz sda keystone ats afp reuters dpa watson blick tages anzeiger \
        tagesanzeiger minuten heures tribune zeitung journal presse this that with from what about nach beim \
        dies diese dieser wegen trotz laut gibt neu bisher weitere weiteren zudem sowie cette selon comment \
        pourquoi apres avant depuis entre leur mehrere erste ersten premier premiere first last letzte \
        letzten grosse grossen grand grande great neuen
        """.split(whereSeparator: { $0 == " " || $0 == "\n" }).map(String.init))
}
