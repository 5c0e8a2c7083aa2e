import Foundation
import Testing
import TodayInSwitzerland

@testable import TodayInSwitzerlandServer

/// The Lunch page model: open now / for lunch in Swiss time, filters, distance, ratings, unavailable data.
@Suite("Swiss web: Lunch model")
struct WebLunchModelTests {
    static let zurich = City.find("zurich")!
    /// Thursday 26 November 2026, 12:30 in Zürich (UTC+1).
    static let noon = Date(timeIntervalSince1970: 1_795_692_600)

    static let spots: [LunchSpot] = [
        LunchSpot(
            id: "osm-1", name: "Zeughauskeller", lat: 47.3744, lon: 8.5410, amenity: .restaurant, cuisine: "swiss",
            cuisineCategory: .swiss, website: "www.zeughauskeller.ch", openingHours: "Mo-Su 11:30-23:00",
            openForLunch: true, wheelchair: "limited", outdoorSeating: true),
        LunchSpot(
            id: "osm-2", name: "Hiltl", lat: 47.3722, lon: 8.5395, amenity: .restaurant, cuisine: "vegetarian;vegan",
            cuisineCategory: .vegetarian, openingHours: "Mo-Sa 06:00-24:00; Su 08:00-24:00", openForLunch: true,
            wheelchair: "yes", takeaway: true, vegetarian: "only", vegan: "yes"),
        LunchSpot(
            id: "osm-3", name: "Abendbar", lat: 47.40, lon: 8.60, amenity: .restaurant, cuisine: "pizza;italian",
            cuisineCategory: .italian, openingHours: "Mo-Su 18:00-23:00", openForLunch: false),
        LunchSpot(
            id: "osm-way-4", name: "Kiosk", lat: 47.3770, lon: 8.5420, amenity: .fastFood,
            website: "javascript:alert(1)"),
    ]

    static func input(
        _ query: LunchQuery = LunchQuery(), items: VisitorItems = .none, spots: [LunchSpot] = spots,
        state: String = "fresh", language: Language = .en, now: Date = noon
    ) -> LunchBuilder.Input {
        var source = SourceState(nil)
        source.state = state
        return LunchBuilder.Input(
            spots: spots, source: source, items: items, query: query, city: zurich, language: language, now: now,
            path: "/swiss/app/lunch")
    }

    static func ids(_ model: LunchModel) -> [String] { model.cards.map(\.id) }

    @Test("every spot in Overpass order, with open now / lunch today read in Swiss time")
    func all() throws {
        let model = LunchBuilder.model(Self.input())
        #expect(Self.ids(model) == ["osm-1", "osm-2", "osm-3", "osm-way-4"])
        let kinds = model.cards.map { $0.badges.map(\.kind) }
        #expect(kinds[0] == ["open", "lunch", "terrace", "access"])
        #expect(kinds[1] == ["open", "lunch", "veg", "access", "takeaway"])
        #expect(kinds[2] == ["closed", "closed"])
        #expect(kinds[3] == ["unknown"])
        #expect(model.cards[1].badges.map(\.text).contains("🌱 Vegan"))
        #expect(model.cards[0].cuisine == "Swiss" && model.cards[2].cuisine == "Pizza, Italian")
        #expect(model.cards[3].cuisine == "Fast food" && model.cards[3].emoji == "🍴")
        #expect(model.cards[0].website == "https://www.zeughauskeller.ch")
        #expect(model.cards[3].website == nil)  // never a javascript: link
        #expect(model.cards[0].lunchToday && !model.cards[2].lunchToday)
        #expect(model.summary == "4 places" && model.showAll == nil && model.empty == nil && !model.unavailable)
    }

    @Test("open now follows the Swiss clock across the change to summer time")
    func openNowDST() {
        // Sunday 28 March 2027, 01:30 UTC: before the change it would be 02:30 CET; Zürich says 03:30 CEST.
        let spots = [
            LunchSpot(
                id: "osm-9", name: "Early", lat: 47.37, lon: 8.54, amenity: .cafe, openingHours: "Su 03:00-04:00",
                openForLunch: false)
        ]
        let summer = LunchBuilder.model(
            Self.input(LunchQuery(open: .now), spots: spots, now: Date(timeIntervalSince1970: 1_806_197_400)))
        #expect(Self.ids(summer) == ["osm-9"])
        // 00:30 UTC is 01:30 CET: closed.
        let before = LunchBuilder.model(
            Self.input(LunchQuery(open: .now), spots: spots, now: Date(timeIntervalSince1970: 1_806_193_800)))
        #expect(before.cards.isEmpty)
    }

    @Test("filters combine: open now, open for lunch, terrace, vegetarian, saved")
    func filters() {
        func ids(_ query: LunchQuery, items: VisitorItems = .none, now: Date = Self.noon) -> [String] {
            Self.ids(LunchBuilder.model(Self.input(query, items: items, now: now)))
        }
        #expect(ids(LunchQuery(open: .now)) == ["osm-1", "osm-2"])
        #expect(ids(LunchQuery(open: .lunch)) == ["osm-1", "osm-2"])
        // 19:30 the evening place is open now, but not for lunch.
        #expect(
            ids(LunchQuery(open: .now), now: Self.noon.addingTimeInterval(7 * 3600)) == ["osm-1", "osm-2", "osm-3"])
        #expect(ids(LunchQuery(terrace: true)) == ["osm-1"])
        #expect(ids(LunchQuery(vegetarian: true)) == ["osm-2"])
        #expect(ids(LunchQuery(open: .lunch, terrace: true, vegetarian: true)).isEmpty)
        var items = VisitorItems()
        items.savedLunch = ["osm-3", "own-a"]
        items.customLunch = [
            CustomLunchSpot(id: "own-a", name: "Mum's", cuisine: "Home"),
            CustomLunchSpot(id: "own-b", name: "B", cuisine: ""),
        ]
        #expect(ids(LunchQuery(saved: true), items: items) == ["own-a", "osm-3"])
        #expect(ids(LunchQuery(), items: items).prefix(2) == ["own-a", "own-b"])
        // Own spots have no hours or tags: a filter that needs them leaves them out.
        #expect(ids(LunchQuery(terrace: true), items: items) == ["osm-1"])
    }

    @Test("near: nearest first with distances; the list is cut at 50 with a Show all link")
    func nearAndLimit() {
        let model = LunchBuilder.model(Self.input(LunchQuery(near: .city)))
        #expect(Self.ids(model) == ["osm-way-4", "osm-1", "osm-2", "osm-3"])
        #expect(model.cards[0].badges.contains { $0.text == "📍 30 m" })
        let many = (0..<70).map {
            LunchSpot(id: "osm-\(100 + $0)", name: "Spot \($0)", lat: 47.37, lon: 8.54, amenity: .restaurant)
        }
        let cut = LunchBuilder.model(Self.input(spots: many))
        #expect(cut.cards.count == 50 && cut.summary == "50 of 70 places")
        #expect(cut.showAll?.href == "/swiss/app/lunch?all=1")
        #expect(LunchBuilder.model(Self.input(LunchQuery(all: true), spots: many)).cards.count == 70)
    }

    @Test("the visitor's stars and hearts show on their cards")
    func ratings() {
        var items = VisitorItems()
        items.ratings = ["osm-2": 4]
        items.savedLunch = ["osm-2"]
        let model = LunchBuilder.model(Self.input(items: items))
        #expect(model.cards[1].rating == 4 && model.cards[1].saved)
        #expect(model.cards[0].rating == 0 && !model.cards[0].saved)
    }

    @Test("unavailable: no spots and no error list, own spots still shown; empty states")
    func unavailable() {
        var items = VisitorItems()
        items.customLunch = [CustomLunchSpot(id: "own-a", name: "Mum's", cuisine: "")]
        let down = LunchBuilder.model(Self.input(items: items, spots: [], state: "unavailable"))
        #expect(down.unavailable && Self.ids(down) == ["own-a"] && down.empty == nil)
        let none = LunchBuilder.model(Self.input(LunchQuery(saved: true)))
        #expect(none.empty?.message == "No saved places yet — tap the heart on a card to keep it here.")
        let strict = LunchBuilder.model(Self.input(LunchQuery(open: .lunch, terrace: true, vegetarian: true)))
        #expect(strict.empty?.message == "No places match these filters.")
        #expect(strict.empty?.reset?.href == "/swiss/app/lunch")
    }

    @Test("German texts and links that keep the city and language")
    func german() {
        var input = Self.input(LunchQuery(terrace: true), language: .de)
        input.keep = [("city", "zurich"), ("lang", "de")]
        let model = LunchBuilder.model(input)
        #expect(model.title == "Wo essen wir?" && model.subtitle == "Restaurants in der Nähe von Zürich")
        #expect(
            model.cards[0].badges.map(\.text) == [
                "🟢 Jetzt offen", "🍽 Heute mittags offen", "🪑 Terrasse", "♿ Teilweise rollstuhlgängig",
            ])
        #expect(model.chips[3].current && model.chips[3].href == "/swiss/app/lunch?city=zurich&lang=de")
        #expect(model.chips[1].href == "/swiss/app/lunch?city=zurich&lang=de&open=now&terrace=1")
        #expect(model.summary == "1 Lokal")
        #expect(model.cards[0].cuisine == "Schweizerisch")  // OSM's English cuisine values, named in German
        let pizza = LunchBuilder.card(.init(spot: Self.spots[2]), items: .none, .de)
        #expect(pizza.cuisine == "Pizza, Italienisch")
    }

    @Test("surprise: reproducible by seed, from the filtered list")
    func surprise() {
        let a = LunchBuilder.model(Self.input(LunchQuery(vegetarian: true, surprise: 5)))
        #expect(a.surprise?.card?.id == "osm-2")
        #expect(a.surprise?.close == "/swiss/app/lunch?veg=1")
        let b = LunchBuilder.model(Self.input(LunchQuery(surprise: 11)))
        #expect(b.surprise?.card == LunchBuilder.model(Self.input(LunchQuery(surprise: 11))).surprise?.card)
    }

    @Test("the query: every parameter, and bad values named")
    func query() throws {
        let q = try LunchQuery.parse {
            ["open": "lunch", "terrace": "1", "veg": "1", "saved": "0", "near": "city", "all": "1"][$0]
        }.get()
        #expect(q == LunchQuery(open: .lunch, terrace: true, vegetarian: true, near: .city, all: true))
        for (name, value) in [
            ("open", "later"), ("terrace", "yes"), ("near", "1,2,3"), ("surprise", "x"), ("all", "2"),
        ] {
            #expect(throws: PlacesSupport.QueryError.self) { try LunchQuery.parse { $0 == name ? value : nil }.get() }
        }
    }
}
