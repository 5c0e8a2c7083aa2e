import Foundation

/// Frequent function words of German, French and English (accent-folded), for language detection, title
/// comparison and keyword extraction.
enum NewsStopwords {
    static let german: Set<String> = words(
        """
        der die das den dem des und oder ist sind war waren wird werden wurde wurden im in ins am an auf aus bei \
        beim mit nach von vom zu zum zur fur uber unter vor hinter gegen durch ohne um bis seit nicht kein keine \
        keinen ein eine einen einem einer eines sich auch noch nur schon mehr als wie wo was wer hat haben hatte \
        soll sollen will wollen kann konnen muss mussen darf dieser diese dieses jetzt heute gestern neue neuer \
        neues neuen alle aber doch dass weil wenn er sie es wir ihr ihre sein seine man so da dort hier sehr viel \
        viele zwei drei ab erst bereits wieder immer
        """)
    static let french: Set<String> = words(
        """
        le la les l un une des du de d et ou est sont etait ete sera seront a au aux en dans pour par sur sous \
        avec sans chez entre apres avant contre vers pas ne n plus que qui quoi dont ce cet cette ces son sa ses \
        leur leurs il elle ils elles on nous vous se s y lui mais donc car deja encore tres tout tous toute toutes \
        nouveau nouvelle nouveaux nouvelles deux trois selon fait faire ont avait aussi bien comme quand ou c qu
        """)
    static let english: Set<String> = words(
        """
        the a an and or is are was were be been being of to in on at for from with by about into over under after \
        before against without not no this that these those it its as has have had will would can could should \
        may might must new says said more than up out his her their they we you he she who what which when where \
        how why all two three also just now first after amid
        """)
    static let all: Set<String> = german.union(french).union(english)

    private static func words(_ text: String) -> Set<String> {
        Set(text.split(whereSeparator: { $0 == " " || $0 == "\n" }).map(String.init))
    }
}

/// A keyword pattern on accent-folded words: `word` (exact), `word*` (prefix), `*word` (suffix), `*word*`
/// (inside, for German compounds) and phrases joined by `_` (earlier words exact, the last one with its own
/// mode), each with a weight (`pattern:weight`, default 2).
struct LexiconTerm: Sendable {
    enum Mode: Sendable { case exact, prefix, suffix, contains }

    let words: [String]
    let mode: Mode
    let weight: Double

    init?(_ entry: Substring) {
        let parts = entry.split(separator: ":")
        guard let pattern = parts.first, !pattern.isEmpty else { return nil }
        weight = parts.count > 1 ? Double(parts[1]) ?? 2 : 2
        var words = pattern.split(whereSeparator: { $0 == "_" || $0 == "-" }).map(String.init)
        guard var last = words.popLast() else { return nil }
        let leading = last.hasPrefix("*")
        let trailing = last.hasSuffix("*") && last.count > 1
        last = last.trimmingCharacters(in: CharacterSet(charactersIn: "*"))
        guard !last.isEmpty else { return nil }
        switch (leading, trailing) {
        case (true, true): mode = .contains
        case (true, false): mode = .suffix
        case (false, true): mode = .prefix
        case (false, false): mode = .exact
        }
        words.append(last)
        self.words = words
    }

    /// Whether the term matches the words starting at `start`.
    func matches(at start: Int, in tokens: [String]) -> Bool {
        guard start >= 0, start + words.count <= tokens.count else { return false }
        let last = words.count - 1
        for offset in 0..<last where tokens[start + offset] != words[offset] { return false }
        let token = tokens[start + last]
        let word = words[last]
        switch mode {
        case .exact: return token == word
        case .prefix: return token.hasPrefix(word)
        case .suffix: return token.hasSuffix(word)
        case .contains: return token.utf8.count >= word.utf8.count && token.contains(word)
        }
    }

    /// Start positions in `tokens` where the term matches.
    func matches(in tokens: [String]) -> [Int] {
        guard tokens.count >= words.count else { return [] }
        var positions: [Int] = []
        let lastIndex = words.count - 1
        for start in 0...(tokens.count - words.count) {
            var ok = true
            for offset in 0..<lastIndex where tokens[start + offset] != words[offset] {
                ok = false
                break
            }
            guard ok else { continue }
            let token = tokens[start + lastIndex]
            let word = words[lastIndex]
            let hit: Bool
            switch mode {
            case .exact: hit = token == word
            case .prefix: hit = token.hasPrefix(word)
            case .suffix: hit = token.hasSuffix(word)
            case .contains: hit = token.contains(word)
            }
            if hit { positions.append(start) }
        }
        return positions
    }
}

/// A weighted keyword list.
struct Lexicon: Sendable {
    let terms: [LexiconTerm]
    // Single-word terms indexed by mode, so matching costs a few dictionary look-ups per word instead of one
    // comparison per term.
    private let exact: [String: Double]
    private let prefixes: [Substring: Double]
    private let suffixes: [Substring: Double]
    private let inside: [(word: [UInt8], weight: Double)]
    private let phrases: [String: [LexiconTerm]]
    private let longestAffix: Int

    init(_ text: String) {
        self.init(terms: text.split(whereSeparator: { $0 == " " || $0 == "\n" }).compactMap(LexiconTerm.init))
    }

    init(terms: [LexiconTerm]) {
        self.terms = terms
        var exact: [String: Double] = [:]
        var prefixes: [Substring: Double] = [:]
        var suffixes: [Substring: Double] = [:]
        var inside: [String: Double] = [:]
        var phrases: [String: [LexiconTerm]] = [:]
        func keep<Key: Hashable>(_ table: inout [Key: Double], _ word: Key, _ weight: Double) {
            if let current = table[word], abs(current) >= abs(weight) { return }
            table[word] = weight
        }
        for term in terms {
            guard term.words.count == 1, let word = term.words.first else {
                if let first = term.words.first { phrases[first, default: []].append(term) }
                continue
            }
            switch term.mode {
            case .exact: keep(&exact, word, term.weight)
            case .prefix: keep(&prefixes, Substring(word), term.weight)
            case .suffix: keep(&suffixes, Substring(word), term.weight)
            case .contains: keep(&inside, word, term.weight)
            }
        }
        self.exact = exact
        self.prefixes = prefixes
        self.suffixes = suffixes
        self.inside = inside.keys.sorted().compactMap { word in inside[word].map { (Array(word.utf8), $0) } }
        self.phrases = phrases
        longestAffix = (Array(prefixes.keys) + Array(suffixes.keys)).map(\.count).max() ?? 0
    }

    /// At each position, the strongest (by magnitude) match starting there: its length in words and weight.
    private func strongest(_ tokens: [String]) -> [(position: Int, length: Int, weight: Double)] {
        var result: [(position: Int, length: Int, weight: Double)] = []
        for (position, token) in tokens.enumerated() {
            var best: (length: Int, weight: Double)?
            func offer(_ length: Int, _ weight: Double) {
                if let current = best, abs(current.weight) >= abs(weight) { return }
                best = (length, weight)
            }
            if let weight = exact[token] { offer(1, weight) }
            if !prefixes.isEmpty || !suffixes.isEmpty {
                var end = token.startIndex
                var start = token.endIndex
                for _ in 0..<longestAffix {
                    guard end < token.endIndex else { break }
                    end = token.index(after: end)
                    start = token.index(before: start)
                    if let weight = prefixes[token[..<end]] { offer(1, weight) }
                    if let weight = suffixes[token[start...]] { offer(1, weight) }
                }
            }
            if !inside.isEmpty {
                let bytes = Array(token.utf8)
                for entry in inside where Self.contains(bytes, entry.word) { offer(1, entry.weight) }
            }
            for phrase in phrases[token] ?? [] where phrase.matches(at: position, in: tokens) {
                offer(phrase.words.count, phrase.weight)
            }
            if let best { result.append((position, best.length, best.weight)) }
        }
        return result
    }

    private static func contains(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
        guard !needle.isEmpty, haystack.count >= needle.count else { return false }
        let first = needle[0]
        for start in 0...(haystack.count - needle.count) where haystack[start] == first {
            var offset = 1
            while offset < needle.count, haystack[start + offset] == needle[offset] { offset += 1 }
            if offset == needle.count { return true }
        }
        return false
    }

    /// The matched words (phrases joined by a space) with the highest weight of any term matching them. A word
    /// counts once however often it occurs and however many patterns match it ("Bundesratswahl" is one hit).
    func weights(_ tokens: [String]) -> [String: Double] {
        var best: [String: Double] = [:]
        for hit in strongest(tokens) {
            let key =
                hit.length == 1
                ? tokens[hit.position] : tokens[hit.position..<hit.position + hit.length].joined(separator: " ")
            if let current = best[key], abs(current) >= abs(hit.weight) { continue }
            best[key] = hit.weight
        }
        return best
    }

    /// The sum of ``weights(_:)``.
    func score(_ tokens: [String]) -> Double { weights(tokens).values.reduce(0, +) }

    /// Every position where a term matches, with the strongest weight (by magnitude) found there.
    func hits(_ tokens: [String]) -> [(position: Int, length: Int, weight: Double)] { strongest(tokens) }
}

/// The topic lexicons, in German, French and English (patterns on accent-folded words: "Ständerat" is
/// `standerat`, "grève" is `greve`). They are merged for scoring: topic words rarely collide across the three
/// languages, and Swiss headlines mix them ("Conseil fédéral", "Züri Fäscht").
enum TopicLexicon {
    static let politics = Lexicon(
        """
        *bundesrat*:3 *parlament*:3 nationalrat*:3 standerat*:3 kantonsrat*:3 regierungsrat*:3 \
        grossrat*:3 grosse_rat:3 grossen_rat*:3 gemeinderat*:3 stadtprasident*:2 *abstimmung*:3 \
        *initiative:2 referendum*:3 wahl:2 wahlkampf*:3 *wahlen:3 partei*:3 \
        *politik*:3 politisch*:2 gesetz*:2 *gesetz:2 verfassung*:2 regierung*:3 bundesamt*:2 \
        vorlage*:2 *vorlage:2 sanktion*:2 diplomat*:2 asyl*:2 vernehmlassung*:3 postulat*:2 motion:2 session:1 \
        departement*:1 bundeskanzler*:2 *minister*:2 prasident*:1 prasidentin:1 armee:1 neutralitat:2 \
        bundesgericht*:2 svp:2 sp:2 fdp:2 glp:2 evp:2 grune:1 grunen:1 mitte_partei:2 stimmvolk:3 stimmbevolkerung:3 \
        steuer*:1 budget*:1 zoll*:1 zolle:1 eu:1 bilateral*:2 \
        conseil_federal*:3 conseiller_federal*:3 conseillere_federale*:3 conseil_d_etat:3 conseiller_d_etat:3 \
        conseillere_d_etat:3 grand_conseil:3 conseil_national:3 conseil_des_etats:3 conseil_municipal:3 \
        conseil_communal:3 votation*:3 election*:2 elu:2 elus:2 elue:2 parlement*:3 gouvernement*:3 \
        politique*:3 parti:2 partis:2 loi:2 lois:2 ministre*:2 udc:2 ps:2 plr:2 verts:1 pvl:2 impot*:1 \
        municipalite:2 syndic:2 syndique:2 depute*:2 senat*:2 asile:2 douane*:1 constitution*:2 \
        parliament*:3 federal_council*:3 government*:3 vote:2 votes:2 voters:2 voting:2 elections:3 \
        politic*:3 ministers:2 minister:2 senate*:2 tariff*:2 sanctions:2 diplomat*:2 lawmakers:3 \
        legislation:2 cantonal:1 referendums:3
        """)

    static let events = Lexicon(
        """
        *festival*:3 *konzert*:3 messe:3 *messe:2 fest:2 *fest:2 festen:2 fascht:3 sechselauten:3 \
        knabenschiessen:3 fasnacht*:3 weihnachtsmarkt*:3 christkindlimarkt:3 flohmarkt*:3 wochenmarkt:2 \
        zibelemarit:3 *marit:2 veranstaltung*:2 openair*:3 open_air:3 umzug:1 *umzug:1 parade:3 *parade:3 \
        jubilaum*:2 tag_der_offenen_tur*:3 marathon*:3 turnier*:2 feuerwerk*:3 zirkus*:3 circus*:3 chilbi:3 \
        kilbi:3 festzelt:2 fest_der*:2 eintritt*:1 tickets:2 programm:1 wochenende:1 lange_nacht:3 \
        museumsnacht:3 seenachtfest:3 strassenfest*:3 stadtlauf:3 frauenlauf:3 rennen:1 \
        concert*:3 fete*:3 foire*:3 salon:2 carnaval*:3 escalade:3 braderie*:3 evenement*:2 \
        manifestation*:1 feux_d_artifice:3 billet*:1 week-end:1 animation*:1 defile*:2 course:1 kermesse:3 marche_de_noel:3 marches_de_noel:3 \
        fair:2 fairs:2 christmas_market*:3 events:2 event:2 carnival*:3 fireworks:3 celebration*:2 gig*:2 tournament*:2 \
        show:1 shows:1 open-air:3
        """)

    static let culture = Lexicon(
        """
        *museum*:3 museen:3 *theater*:3 oper:3 opern*:3 *oper:2 *kunst*:3 kunstler*:3 *ausstellung*:2 \
        galerie*:3 *film*:2 kino*:3 literatur*:3 buch:2 bucher:2 roman:1 autor:2 autorin:2 schriftsteller*:3 \
        *musik*:2 musiker*:2 orchester*:3 tonhalle*:3 ballett*:3 tanz*:1 *kultur*:3 schauspiel*:3 \
        regisseur*:3 premiere*:2 biennale:2 bibliothek*:2 denkmal*:2 fotografie*:2 fotograf*:2 kabarett*:3 \
        kunsthaus:3 sanger*:2 album:2 dichter*:2 architektur*:1 design:1 \
        musee*:3 theatre*:3 opera*:3 art:1.5 arts:2 artiste*:3 cinema*:3 exposition*:2 livre*:2 litterat*:3 \
        ecrivain*:3 musique*:2 orchestre*:3 ballet*:3 danse*:2 culture*:3 culturel*:3 patrimoine*:2 \
        bibliotheque*:2 photograph*:2 spectacle*:2 comedie*:2 chanteu*:2 vernissage*:2 mudac:3 mcba:3 \
        museums:3 artist*:3 galler*:3 movie*:2 exhibition*:2 book:1 books:1 novel*:2 \
        author*:2 music*:2 orchestra*:3 dance:1 cultural:3 heritage:2 library:2 singer*:2 \
        filmmaker*:3 painting*:2 painter*:2 sculpture*:2
        """)

    static let disruptions = Lexicon(
        """
        *storung*:3 *unterbruch*:3 unterbrochen:3 *streik*:3 *sperrung*:3 gesperrt:3 umleitung*:3 \
        *verspatung*:3 *ausfall*:3 fallt_aus:3 fallen_aus:3 stau:3 staus:3 *stau:2 baustelle*:2 unwetter*:3 sturm*:3 \
        *sturm:2 gewitter*:2 hagel*:2 hochwasser*:3 uberschwemm*:3 lawine*:3 *lawine:3 erdrutsch*:3 \
        murgang*:3 schneechaos:3 chaos:2 evakuier*:3 panne*:2 ersatzbus*:3 bahnersatz*:3 entgleis*:3 \
        einschrankung*:2 *warnung:2 unwetterwarnung*:3 blackout:3 glatteis:3 gleisarbeit*:3 bauarbeiten:2 \
        sbb:1 vbz:1 bls:1 *zugverkehr:1 verkehr:1 pendler*:1 geschlossen:1 schliessung*:1 \
        perturbation*:3 perturbe*:3 greve*:3 interrompu*:3 interruption*:3 fermeture*:2 ferme:2 fermee:2 bouchon*:2 \
        embouteillage*:3 retard*:3 deviation*:3 travaux:2 tempete*:3 orage*:3 intemperie*:3 inondation*:3 \
        crue*:2 avalanche*:3 eboulement*:3 glissement*:2 panne*:3 suppression*:1 supprime*:1 evacu*:3 \
        alerte*:2 verglas:3 circule_plus:3 circulent_plus:3 circule_pas:3 circulent_pas:3 bus_de_remplacement:3 trafic:1 cff:1 tpg:1 tl:1 \
        disruption*:3 disrupted:3 strike:3 strikes:3 closure*:3 closed:2 delay*:3 cancelled:2 canceled:2 \
        cancellation*:2 storm*:3 flood*:3 landslide*:3 outage*:3 power_cut*:3 breakdown*:2 traffic:1 jam:1 evacuat*:3 \
        warning*:2 blocked:2 suspended:2 derail*:3 roadworks:3 diversion*:3 heatwave:2 snowfall:2
        """)

    /// Words that make a story local wherever it is (the city's own names come from ``CityLexicon``).
    static let local = Lexicon(
        """
        quartier*:3 *quartier:3 stadtrat*:2 stadtratin:2 stadtprasident*:2 kreis:2 anwohner*:2 \
        nachbarschaft*:2 stadtteil*:2 *strasse:1 *platz:1 stadtpolizei:2 quartierverein*:3 gemeinde:1 \
        gemeinden:1 *schulhaus:1 tram:1 trams:1 velo*:1 stadt:1 \
        habitant*:2 riverain*:2 commune:1 communal*:1 rue:1 ville:1 \
        neighbourhood*:3 neighborhood*:3 residents:2 local:2 city_council:2 borough*:2
        """)
}

/// The names of each of the seven cities and its districts and neighbouring towns (accent-folded patterns).
enum CityLexicon {
    /// The city's own names and adjectives (weight 3) in German, French, English and dialect.
    static let names: [String: String] = [
        "zurich": "zurich zuerich zurcher* zuri",
        "basel": "basel basler* bale balois* basel-stadt",
        "bern": "bern berne berner* bernois* bernoise*",
        "geneva": "geneva geneve genf genfer* genevois* genevoise*",
        "lausanne": "lausanne lausannois* lausannoise*",
        "luzern": "luzern lucerne luzerner* lucernois*",
        "winterthur": "winterthur*",
    ]

    /// Districts (Kreise, quartiers), landmarks and neighbouring towns (weight 2). Generic words that every city
    /// has ("Altstadt", "City", "Rathaus") are left out on purpose.
    static let districts: [String: String] = [
        "zurich": """
        wollishofen leimbach wiedikon sihlfeld friesenberg aussersihl langstrasse industriequartier \
        escher_wyss zurich-west hottingen fluntern hirslanden witikon seefeld riesbach muhlebach oberstrass \
        unterstrass wipkingen hongg affoltern oerlikon seebach schwamendingen altstetten albisrieden \
        hirzenbach letten lindenhof niederdorf bellevue stadelhofen hardbrucke paradeplatz bahnhofstrasse \
        helvetiaplatz uetliberg zurichsee limmat* sihl* utoquai dubendorf dietikon schlieren kloten \
        wallisellen opfikon adliswil thalwil kusnacht zollikon ruschlikon uster
        """,
        "basel": """
        grossbasel kleinbasel st_johann gundeldingen gundeli bachletten iselin klybeck \
        kleinhuningen rosental wettstein hirzbrunnen riehen bettingen st_alban bruderholz \
        allschwil binningen birsfelden muttenz pratteln liestal munchenstein dreilandereck rheinhafen \
        barfusserplatz messeplatz baselland baselbiet
        """,
        "bern": """
        langgasse felsenau mattenhof weissenbuhl kirchenfeld schosshalde breitenrain bumpliz \
        wankdorf ostermundigen koniz ittigen zollikofen worb wabern bundesplatz \
        marzili gurten barengraben zytglogge
        """,
        "geneva": """
        carouge plainpalais eaux-vives paquis champel servette petit-saconnex grand-saconnex \
        meyrin vernier lancy onex thonex chene-bourg cologny versoix cornavin jet_d_eau \
        saint-gervais cointrin palexpo
        """,
        "lausanne": """
        ouchy flon sallaz chailly pully renens prilly epalinges bellevaux vidy sevelin malley montbenon \
        saint-francois sebeillon bourdonnette blecherette morges crissier ecublens lutry riponne beaulieu
        """,
        "luzern": """
        littau reussbuhl kriens emmen emmenbrucke horw ebikon meggen adligenswil tribschen maihof \
        wurzenbach wesemlin kapellbrucke pilatus kkl vierwaldstattersee schweizerhofquai hirschmatt \
        schwanenplatz
        """,
        "winterthur": """
        toss wulflingen veltheim oberwinterthur mattenbach hegi technikum gruze neuwiesen \
        eschenberg wiesendangen seuzach elsau sulzerareal
        """,
    ]

    /// The lexicon of `cityID`: its names at weight 3 and its districts at weight 2 (Zürich's when unknown).
    static func lexicon(for cityID: String) -> Lexicon {
        let id = names[cityID] == nil ? "zurich" : cityID
        let nameTerms = (names[id] ?? "").split(separator: " ").compactMap { LexiconTerm(Substring("\($0):3")) }
        let districtTerms = (districts[id] ?? "").split(whereSeparator: { $0 == " " || $0 == "\n" })
            .compactMap { LexiconTerm(Substring("\($0):2")) }
        return Lexicon(terms: nameTerms + districtTerms)
    }

    /// Words of all seven cities' names (folded), which never make a trending topic.
    static let allNameWords: Set<String> = Set(
        names.values.flatMap { $0.split(separator: " ") }.map { String($0).trimmingCharacters(in: ["*"]) })
}

/// The sentiment lexicons, per language (a word can mean different things: German "tot" is "dead", French
/// "tôt" is "early"; English "brand" is not a fire). Negative weights are bad news.
enum SentimentLexicon {
    static let german = Lexicon(
        """
        unfall*:-2 *unfall:-2 tot:-3 tote:-3 toten:-3 toter:-3 todlich*:-3 getotet:-3 stirbt:-3 starb:-3 \
        gestorben:-3 tod:-3 todes*:-3 mord*:-3 *mord:-3 ermordet:-3 brand:-2 *brand:-2 brande:-2 feuer:-1 \
        *verletz*:-2 unverletzt:3 opfer*:-2 angriff*:-2 *angriff:-2 gewalt*:-2 krise*:-2 *krise:-2 streik*:-1 storung*:-1 \
        absturz*:-3 *absturz:-3 abgesturzt:-3 *storung:-1 lahm:-1 lahmgelegt:-1 verlust*:-2 verliert:-2 verloren:-2 niederlage*:-2 \
        entlassung*:-2 stellenabbau:-2 konkurs*:-3 pleite:-3 betrug*:-2 skandal*:-2 gefahr*:-1 gefahrlich*:-1 \
        festnahme*:-2 festgenommen:-2 verhaftet:-2 raub*:-2 *raub:-2 uberfall*:-2 diebstahl*:-2 einbruch*:-2 \
        vermisst*:-2 chaos:-2 schock*:-2 drama:-1 tragisch*:-3 tragodie:-3 streit*:-1 unwetter*:-2 lawine*:-2 \
        evakuiert:-2 sorge*:-1 angst:-1 angste:-1 kritik:-1 protest*:-1 verbot*:-1 defizit*:-1 rezession:-2 \
        abgesagt:-1 warnung:-1 schlecht*:-1 bedroht:-2 bedrohung:-2 gescheitert:-2 scheitert:-2 \
        erfolg*:2 erfolgreich*:2 gewinnt:2 gewinnen:2 gewonnen:2 gewinner*:2 sieg:2 siege:2 siegt:2 \
        rekord*:2 *rekord:2 feiert:1 feier:1 feiern:1 jubilaum*:1 jubel*:2 freude*:2 freut:2 gerettet:2 \
        rettung*:1 hilft:1 spende*:1 eroffnet:1 eroffnung*:1 gelungen:2 gelingt:2 auszeichnung*:2 \
        ausgezeichnet:2 preistrager*:2 durchbruch*:2 beliebt*:1 wachstum:1 gratis:1 kostenlos:1 sonnig*:1 \
        einigung:1 verbessert*:1 gluck*:2 triumph*:2 begeistert*:2 begeisterung:2 hoffnung*:1 meister:1 \
        meistertitel:2 strahlend*:1 willkommen:1
        """)
    static let french = Lexicon(
        """
        accident*:-2 mort:-3 morts:-3 morte:-3 mortel*:-3 tue:-3 tues:-3 tuee:-3 deces:-3 decede*:-3 \
        meurtre*:-3 incendie*:-2 feu:-1 blesse*:-2 victime*:-2 attaque*:-2 agression*:-2 violence*:-2 \
        crise*:-2 greve*:-1 chute*:-1 perte*:-2 perd:-2 perdu:-2 defaite*:-2 licenciement*:-2 faillite*:-3 \
        fraude*:-2 escroquer*:-2 scandale*:-2 danger*:-1 plainte*:-1 critique*:-1 arrete:-2 arrestation*:-2 \
        interpelle*:-2 cambriol*:-2 disparu*:-2 chaos:-2 inquiet*:-1 peur:-1 drame:-2 tragique*:-3 \
        tragedie:-3 polemique*:-1 conflit*:-1 annule*:-1 penurie*:-2 menace*:-2 echec*:-2 deficit*:-2 \
        succes:2 gagne*:2 remporte*:2 victoire*:2 record*:2 celebre*:1 fete:1 fetent:1 joie:2 sauve*:2 \
        sauvetage:1 aide:1 inaugur*:1 reussi*:2 reussite:2 recompense*:2 laureat*:2 populaire:1 gratuit*:1 \
        soleil:1 accord:1 ameliore*:1 champion*:2 triomphe*:2 espoir:1 bonne_nouvelle:2 bravo:2 bienvenue:1
        """)
    static let english = Lexicon(
        """
        accident*:-2 dead:-3 death*:-3 dies:-3 died:-3 killed:-3 kill:-3 kills:-3 killing*:-3 fatal*:-3 \
        murder*:-3 fire:-2 fires:-2 blaze:-2 injur*:-2 victim*:-2 attack*:-2 violen*:-2 crisis:-2 strike:-1 \
        strikes:-1 crash*:-3 loss:-2 losses:-2 loses:-2 lost:-2 defeat*:-2 layoff*:-2 bankrupt*:-3 fraud*:-2 \
        scandal*:-2 danger*:-1 warns:-1 warning:-1 arrest*:-2 theft:-2 robbery:-2 burglar*:-2 missing:-2 \
        chaos:-2 fear*:-1 tragedy:-3 tragic:-3 shortage*:-2 recession:-2 protest*:-1 threat*:-2 fails:-2 \
        failed:-2 failure:-2 \
        success*:2 win:2 wins:2 won:2 winner*:2 victory:2 record*:2 celebrat*:2 joy:2 rescue*:2 saved:2 \
        help:1 helps:1 opens:1 award*:2 prize:1 breakthrough*:2 popular:1 free:1 sunny:1 sunshine:1 \
        agreement:1 improve*:1 champion*:2 triumph*:2 hope:1 boost*:1 best:1 welcome*:1
        """)

    static func lexicon(for language: NewsLanguage) -> Lexicon {
        switch language {
        case .de: german
        case .fr: french
        case .en: english
        }
    }

    /// Words that turn the meaning of a nearby sentiment word around.
    static let negators: Set<String> = [
        "nicht", "kein", "keine", "keinen", "keinem", "keiner", "keines", "nie", "niemals", "ohne", "weder",
        "pas", "ne", "n", "sans", "jamais", "aucun", "aucune", "ni",
        "not", "no", "never", "without", "nor", "cannot", "isn", "wasn", "aren", "weren", "don", "doesn", "didn",
        "hasn", "haven", "hadn", "couldn", "wouldn",
    ]

    /// Negators that also follow the word they negate ("gelingt nicht", "ne gagne pas").
    static let trailingNegators: Set<String> = ["nicht", "pas", "jamais", "not"]
}
