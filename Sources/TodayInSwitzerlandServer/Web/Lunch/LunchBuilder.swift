import ClubhouseBasics
import Foundation
import TodayInSwitzerland

/// Builds the Lunch page's model: a pure function of the city's spots, the visitor's items, the query and the time
/// (opening hours are read in Europe/Zurich).
enum LunchBuilder {
    /// Cards shown before "Show all" (the original's 50).
    static let listLimit = 50
    /// Pins drawn at most (the original's 100).
    static let pinLimit = 100

    /// What the page is built from.
    struct Input: Sendable {
        /// The city's spots, `openForLunch` set for today (``SwissApp/lunchSpots(city:at:refresh:)``).
        var spots: [LunchSpot]
        /// The public holidays opening hours are read with (`PH`).
        var holidays: Set<CivilDate> = []
        var source: SourceState
        var items: VisitorItems
        var query: LunchQuery
        var city: City
        var language: Language
        var now: Date
        var path: String
        var keep: [(String, String?)] = []
        var addForm = LunchModel.AddForm()
        var notice: String?
        var error: String?
    }

    /// One listed place: from OpenStreetMap, or the visitor's own.
    struct Entry: Sendable, Equatable {
        var spot: LunchSpot?
        var own: CustomLunchSpot?
        var openNow: Bool?

        var id: String { spot?.id ?? own?.id ?? "" }
    }

    /// The places the query shows: own ones first (only where a filter cannot say no for lack of data: saved),
    /// then the spots in Overpass order, or nearest first with `near`.
    static func select(
        _ spots: [LunchSpot], items: VisitorItems, query: LunchQuery, city: City, at time: SwissTime,
        holidays: Set<CivilDate>
    ) -> [Entry] {
        let holiday: (CivilDate) -> Bool = { holidays.contains($0) }
        let strict = query.open != nil || query.terrace || query.vegetarian
        let own = strict ? [] : items.customLunch.filter { !query.saved || items.savedLunch.contains($0.id) }
        var kept: [Entry] = []
        for spot in spots {
            let openNow = OpeningHours.parse(spot.openingHours)?.isOpen(at: time, holiday: holiday)
            switch query.open {
            case .now?: if openNow != true { continue }
            case .lunch?: if spot.openForLunch != true { continue }
            case nil: break
            }
            if query.terrace && !spot.outdoorSeating { continue }
            if query.vegetarian && !(spot.isVegetarianFriendly || spot.cuisineCategory == .vegetarian) { continue }
            if query.saved && !items.savedLunch.contains(spot.id) { continue }
            kept.append(Entry(spot: spot, openNow: openNow))
        }
        if let near = query.near {
            let sorted = LunchSpots.sortedByDistance(kept.compactMap(\.spot), from: near.point(in: city))
            let open = Dictionary(kept.map { ($0.id, $0.openNow) }, uniquingKeysWith: { a, _ in a })
            kept = sorted.map { Entry(spot: $0, openNow: open[$0.id] ?? nil) }
        }
        return own.map { Entry(own: $0) } + kept
    }

    static func model(_ input: Input) -> LunchModel {
        let language = input.language
        let de = language == .de
        let query = input.query
        let time = SwissTime(input.now)
        let entries = select(
            input.spots, items: input.items, query: query, city: input.city, at: time, holidays: input.holidays)
        func link(_ q: LunchQuery) -> String { input.path + PlacesSupport.query(input.keep + q.items) }
        let base = query.with { $0.surprise = nil }
        let chips: [LunchModel.Link] = [
            .init(
                label: de ? "📍 In der Nähe" : "📍 Near me",
                href: link(base.with { $0.near = $0.near == nil ? .city : nil }),
                current: query.near != nil, key: "near"),
            .init(
                label: de ? "🟢 Jetzt offen" : "🟢 Open now",
                href: link(base.with { $0.open = $0.open == .now ? nil : .now }),
                current: query.open == .now, key: "open-now"),
            .init(
                label: de ? "🍽 Heute mittags offen" : "🍽 Open for lunch today",
                href: link(base.with { $0.open = $0.open == .lunch ? nil : .lunch }), current: query.open == .lunch,
                key: "open-lunch"),
            .init(
                label: de ? "🪑 Terrasse" : "🪑 Terrace", href: link(base.with { $0.terrace.toggle() }),
                current: query.terrace, key: "terrace"),
            .init(
                label: de ? "🥗 Vegi" : "🥗 Vegetarian", href: link(base.with { $0.vegetarian.toggle() }),
                current: query.vegetarian, key: "veg"),
            .init(
                label: de ? "♥ Gemerkt" : "♥ Saved", href: link(base.with { $0.saved.toggle() }), current: query.saved,
                key: "saved"),
        ]
        let shown = query.all ? entries : Array(entries.prefix(listLimit))
        let cards = shown.map { card($0, items: input.items, language) }
        var surprise: LunchModel.Surprise?
        if let seed = query.surprise {
            var generator = SplitMix64(seed: seed)
            let pick = entries.isEmpty ? nil : entries[generator.int(below: entries.count)]
            var next = SplitMix64(seed: seed)
            let pickCard = pick.map { entry -> LunchModel.Card in
                var card = card(entry, items: input.items, language)
                card.anchor = "surprise-\(card.id)"
                return card
            }
            surprise = LunchModel.Surprise(
                card: pickCard, another: link(query.with { $0.surprise = next.next() % 1_000_000_000 }),
                close: link(base))
        }
        var clock = SplitMix64(seed: UInt64(max(0, input.now.timeIntervalSince1970 * 1000)))
        let filtered = query.open != nil || query.terrace || query.vegetarian || query.saved
        let reset = LunchModel.Link(label: de ? "Alle Lokale zeigen" : "Show all places", href: link(LunchQuery()))
        var empty: (message: String, reset: LunchModel.Link?)?
        let unavailable = input.source.state == "unavailable" && input.spots.isEmpty
        if cards.isEmpty && !unavailable {
            if query.saved && input.items.savedLunch.isEmpty {
                empty = (
                    de
                        ? "Noch keine gemerkten Lokale — tippe auf das Herz einer Karte, um es hier zu sammeln."
                        : "No saved places yet — tap the heart on a card to keep it here.", reset
                )
            } else {
                empty = (
                    de ? "Keine Lokale passen zu diesen Filtern." : "No places match these filters.",
                    filtered ? reset : nil
                )
            }
        }
        var nearNote: String?
        switch query.near {
        case .city?:
            nearNote =
                de
                ? "Die nächsten zuerst, gemessen ab dem Zentrum von \(input.city.nameDE)."
                : "Nearest first, measured from the centre of \(input.city.name)."
        case .point?:
            nearNote =
                de ? "Die nächsten zuerst, gemessen ab deinem Standort." : "Nearest first, measured from where you are."
        case nil: break
        }
        let summary =
            shown.count == entries.count
            ? (entries.count == 1
                ? (de ? "1 Lokal" : "1 place") : (de ? "\(entries.count) Lokale" : "\(entries.count) places"))
            : (de ? "\(shown.count) von \(entries.count) Lokalen" : "\(shown.count) of \(entries.count) places")
        return LunchModel(
            language: language, title: de ? "Wo essen wir?" : "Where to eat?",
            subtitle: de ? "Restaurants in der Nähe von \(input.city.nameDE)" : "Restaurants near \(input.city.name)",
            chips: chips, nearNote: nearNote, source: input.source, unavailable: unavailable,
            surpriseLink: link(base.with { $0.surprise = clock.next() % 1_000_000_000 }), surprise: surprise,
            cards: cards, summary: summary,
            showAll: shown.count < entries.count
                ? .init(
                    label: de ? "Alle \(entries.count) zeigen" : "Show all \(entries.count)",
                    href: link(base.with { $0.all = true }))
                : nil,
            empty: empty, pageURL: link(query), actionURL: input.path, addForm: input.addForm, notice: input.notice,
            error: input.error)
    }

    static func emoji(_ category: CuisineCategory) -> String {
        switch category {
        case .swiss: "🧀"
        case .italian: "🍕"
        case .asian: "🍜"
        case .kebab: "🥙"
        case .cafe: "☕"
        case .vegetarian: "🥗"
        case .fastfood: "🍔"
        case .international: "🍽️"
        case .other: "🍴"
        }
    }

    /// German names of the common OpenStreetMap cuisine values (the tags are English).
    static let cuisineDE: [String: String] = [
        "swiss": "Schweizerisch", "regional": "Regional", "italian": "Italienisch", "pizza": "Pizza",
        "pasta": "Pasta", "vegetarian": "Vegetarisch", "vegan": "Vegan", "kebab": "Kebab", "turkish": "Türkisch",
        "middle_eastern": "Orientalisch", "lebanese": "Libanesisch", "chinese": "Chinesisch", "japanese": "Japanisch",
        "sushi": "Sushi", "thai": "Thailändisch", "vietnamese": "Vietnamesisch", "indian": "Indisch",
        "korean": "Koreanisch", "asian": "Asiatisch", "french": "Französisch", "german": "Deutsch",
        "spanish": "Spanisch", "greek": "Griechisch", "mexican": "Mexikanisch", "american": "Amerikanisch",
        "burger": "Burger", "sandwich": "Sandwiches", "coffee_shop": "Café", "cake": "Kuchen",
        "ice_cream": "Glace", "international": "International", "fondue": "Fondue", "raclette": "Raclette",
    ]

    /// "Pizza, Italian" from the cuisine tag (German names where known); else the cuisine group; else the kind of
    /// place.
    static func cuisine(_ spot: LunchSpot, _ language: Language) -> String {
        let tokens = spot.cuisineTokens.prefix(3).map { token -> String in
            if language == .de, let german = cuisineDE[token] { return german }
            let words = token.replacingOccurrences(of: "_", with: " ")
            return words.prefix(1).uppercased() + words.dropFirst()
        }
        if !tokens.isEmpty { return tokens.joined(separator: ", ") }
        if spot.cuisineCategory != .other { return spot.cuisineCategory.label.text(language) }
        switch spot.amenity {
        case .restaurant: return "Restaurant"
        case .cafe: return "Café"
        case .fastFood: return language == .de ? "Schnellimbiss" : "Fast food"
        }
    }

    static func card(_ entry: Entry, items: VisitorItems, _ language: Language) -> LunchModel.Card {
        let de = language == .de
        let id = entry.id
        guard let spot = entry.spot else {
            let own = entry.own ?? CustomLunchSpot(id: id, name: "", cuisine: "")
            return LunchModel.Card(
                id: id, anchor: "card-\(id)", emoji: "⭐", name: own.name, cuisine: own.cuisine,
                badges: [.init(text: de ? "⭐ Eigenes Lokal" : "⭐ Your own", kind: "own")], lunchToday: false,
                saved: items.savedLunch.contains(id), own: true, rating: items.ratings[id] ?? 0, website: nil,
                directions: nil, point: nil)
        }
        var badges: [LunchModel.Badge] = []
        switch entry.openNow {
        case true?: badges.append(.init(text: de ? "🟢 Jetzt offen" : "🟢 Open now", kind: "open"))
        case false?: badges.append(.init(text: de ? "Jetzt geschlossen" : "Closed now", kind: "closed"))
        case nil: badges.append(.init(text: de ? "Öffnungszeiten unbekannt" : "Hours unknown", kind: "unknown"))
        }
        switch spot.openForLunch {
        case true?: badges.append(.init(text: de ? "🍽 Heute mittags offen" : "🍽 Lunch today", kind: "lunch"))
        case false?: badges.append(.init(text: de ? "Heute mittags zu" : "No lunch today", kind: "closed"))
        case nil: break
        }
        if let km = spot.distanceKm {
            badges.append(.init(text: "📍 " + PlacesSupport.distance(km, language), kind: "distance"))
        }
        if spot.outdoorSeating { badges.append(.init(text: de ? "🪑 Terrasse" : "🪑 Terrace", kind: "terrace")) }
        let diet = [spot.vegan].compactMap { $0?.lowercased() }
        if diet.contains("yes") || diet.contains("only") || spot.cuisineTokens.contains("vegan") {
            badges.append(.init(text: "🌱 Vegan", kind: "veg"))
        } else if spot.isVegetarianFriendly || spot.cuisineCategory == .vegetarian {
            badges.append(.init(text: de ? "🥗 Vegetarisch" : "🥗 Vegetarian", kind: "veg"))
        }
        switch spot.wheelchair?.lowercased() {
        case "yes": badges.append(.init(text: de ? "♿ Rollstuhlgängig" : "♿ Wheelchair access", kind: "access"))
        case "limited":
            badges.append(.init(text: de ? "♿ Teilweise rollstuhlgängig" : "♿ Partly accessible", kind: "access"))
        default: break
        }
        if spot.takeaway { badges.append(.init(text: de ? "📦 Take-away" : "📦 Takeaway", kind: "takeaway")) }
        let ok = spot.lat.isFinite && spot.lon.isFinite
        return LunchModel.Card(
            id: id, anchor: "card-\(id)", emoji: emoji(spot.cuisineCategory), name: spot.name,
            cuisine: cuisine(spot, language), badges: badges, lunchToday: spot.openForLunch == true,
            saved: items.savedLunch.contains(id), own: false, rating: items.ratings[id] ?? 0,
            website: PlacesSupport.webAddress(spot.website),
            directions: ok ? PlacesSupport.directions(lat: spot.lat, lon: spot.lon) : nil,
            point: ok ? spot.location : nil)
    }
}
