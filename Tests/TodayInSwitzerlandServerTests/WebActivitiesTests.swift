import Foundation
import Testing
import TodayInSwitzerland

@testable import TodayInSwitzerlandServer

/// The Activities page model: filters, search, distance, surprise, empty states, German texts.
@Suite("Swiss web: Activities model")
struct WebActivitiesModelTests {
    static let zurich = City.find("zurich")!
    /// Thursday 26 November 2026, 10:30 in Zürich (winter time, UTC+1).
    static let now = Date(timeIntervalSince1970: 1_795_685_400)

    static func activity(
        _ id: String, _ category: Activity.Category = .museum, indoor: Bool = true, name: String? = nil,
        nameDE: String? = nil, description: String = "A place", price: String? = "CHF 10", minAge: Int? = 2,
        maxAge: Int? = 5, lat: Double? = 47.37, lon: Double? = 8.54, months: [Int]? = nil, season: String? = nil,
        sub: String? = nil, free: Bool? = nil
    ) -> Activity {
        Activity(
            id: id, city: category == .stayhome ? nil : "zurich", name: name ?? id, nameDE: nameDE ?? name ?? id,
            description: description, descriptionDE: "Ein Ort", indoor: indoor, ageRange: "2-5 years",
            duration: "1-2 hours", price: category == .stayhome ? nil : price,
            priceDE: category == .stayhome ? nil : price, category: category,
            lat: category == .stayhome ? nil : lat, lon: category == .stayhome ? nil : lon, minAge: minAge,
            maxAge: maxAge, season: season, availableMonths: months, free: free, subcategory: sub,
            materials: category == .stayhome ? "Rice, a bin" : nil, materialsDE: category == .stayhome ? "Reis" : nil)
    }

    static let fixture: [Activity] = [
        activity(
            "zurich-zoo", .animals, indoor: false, name: "Zoo Zürich", nameDE: "Zoo Zürich", lat: 47.385, lon: 8.574),
        activity("zurich-museum", .museum, name: "Landesmuseum", description: "Swiss history for kids"),
        activity(
            "zurich-park", .playground, indoor: false, name: "Irchelpark", price: "Free", lat: 47.41, lon: 8.55,
            free: true),
        activity(
            "zurich-rink", .outdoor, indoor: false, name: "Dolder ice rink", minAge: 4, maxAge: 5,
            months: [11, 12, 1, 2], season: "winter"),
        activity("zurich-pool", .outdoor, indoor: false, name: "Strandbad", months: [6, 7, 8]),  // out of season in November
        activity(
            "zurich-market", .seasonal, indoor: false, name: "Christmas market", price: "Free", months: [11, 12],
            season: "winter", free: true),
        activity("zurich-toddler", .indoorPlay, name: "Kindercity", minAge: 1, maxAge: 3),
        activity("home-rice", .stayhome, name: "Rice bin", nameDE: "Reiskiste", sub: "sensory"),
        activity("home-paint", .stayhome, name: "Finger painting", nameDE: "Fingermalen", sub: "art"),
    ]

    static func input(
        _ query: ActivitiesQuery = ActivitiesQuery(), items: VisitorItems = .none, weather: WeatherCondition? = nil,
        language: Language = .en
    ) -> ActivitiesBuilder.Input {
        ActivitiesBuilder.Input(
            activities: fixture, items: items, weather: weather, query: query, city: zurich, language: language,
            now: now, path: "/swiss/app/activities")
    }

    static func ids(_ model: ActivitiesModel) -> [String] { model.cards.map(\.id) }

    @Test("All hides stay-home ideas and things out of season; keeps the catalogue's order in good weather")
    func all() {
        let model = ActivitiesBuilder.model(Self.input())
        #expect(
            Self.ids(model) == [
                "zurich-zoo", "zurich-museum", "zurich-park", "zurich-rink", "zurich-market", "zurich-toddler",
            ])
        #expect(model.summary == "6 activities")
        #expect(model.empty == nil && model.clear == nil && model.weatherNote == nil)
        #expect(model.chips.first { $0.current }?.label == "All")
    }

    @Test("bad weather puts indoor places first and says why")
    func badWeather() {
        let rain = WeatherCondition(weatherCode: 63, temperature: 9)
        let model = ActivitiesBuilder.model(Self.input(weather: rain))
        #expect(Array(Self.ids(model).prefix(2)) == ["zurich-museum", "zurich-toddler"])
        #expect(model.weatherNote == "It's raining — indoor ideas first.")
    }

    @Test("chips: indoor, outdoor, free, seasonal, saved, stay home with subcategories")
    func chips() {
        func ids(_ change: (inout ActivitiesQuery) -> Void, items: VisitorItems = .none) -> [String] {
            Self.ids(ActivitiesBuilder.model(Self.input(ActivitiesQuery().with(change), items: items)))
        }
        #expect(ids { $0.show = .indoor } == ["zurich-museum", "zurich-toddler"])
        #expect(ids { $0.show = .outdoor } == ["zurich-zoo", "zurich-park", "zurich-rink", "zurich-market"])
        #expect(ids { $0.show = .free } == ["zurich-park", "zurich-market"])
        #expect(ids { $0.show = .seasonal } == ["zurich-rink", "zurich-market"])
        #expect(ids { $0.show = .stayhome } == ["home-rice", "home-paint"])
        #expect(
            ids {
                $0.show = .stayhome; $0.sub = "art"
            } == ["home-paint"])
        var items = VisitorItems()
        items.savedActivities = ["home-rice", "zurich-zoo", "zurich-pool"]
        // Saved includes stay-home ideas, never things out of season.
        #expect(ids({ $0.show = .saved }, items: items) == ["zurich-zoo", "home-rice"])
        let stayHome = ActivitiesBuilder.model(Self.input(ActivitiesQuery(show: .stayhome)))
        #expect(
            stayHome.subChips.map(\.label) == [
                "All ideas", "Sensory", "Art & Crafts", "Active Play", "Pretend Play", "Kitchen Fun",
            ])
        #expect(stayHome.cards.first?.materials == "📦 Materials: Rice, a bin")
        #expect(ActivitiesBuilder.model(Self.input()).subChips.isEmpty)
    }

    @Test("ages 2–3 and 4–5 keep what overlaps; category narrows; filters combine")
    func agesAndCategory() {
        let young = ActivitiesBuilder.model(Self.input(ActivitiesQuery(ages: .twoToThree)))
        #expect(!Self.ids(young).contains("zurich-rink") && Self.ids(young).contains("zurich-toddler"))
        let older = ActivitiesBuilder.model(Self.input(ActivitiesQuery(ages: .fourToFive)))
        #expect(Self.ids(older).contains("zurich-rink") && !Self.ids(older).contains("zurich-toddler"))
        let museums = ActivitiesBuilder.model(Self.input(ActivitiesQuery(category: .museum)))
        #expect(Self.ids(museums) == ["zurich-museum"])
        #expect(museums.clear?.href == "/swiss/app/activities")
        let none = ActivitiesBuilder.model(Self.input(ActivitiesQuery(show: .outdoor, category: .museum)))
        #expect(none.cards.isEmpty)
        #expect(none.empty?.message == "No activities match this filter.")
        #expect(none.empty?.reset?.href == "/swiss/app/activities")
    }

    @Test("search: name and description, English and German, accents and umlauts typed as ue")
    func search() {
        func ids(_ text: String) -> [String] {
            Self.ids(ActivitiesBuilder.model(Self.input(ActivitiesQuery(search: text))))
        }
        #expect(ids("zoo zurich") == ["zurich-zoo"])
        #expect(ids("ZUERICH") == ["zurich-zoo"])
        #expect(ids("history") == ["zurich-museum"])
        #expect(ids("muse") == ["zurich-museum"])  // a word's start matches
        #expect(ids("reiskiste") == ["home-rice"])  // a search looks at stay-home ideas too
        #expect(ids("Fingermalen") == ["home-paint"])
        #expect(ids("nothing-like-this").isEmpty)
        #expect(ids("ein ort").count == 8)  // the German description of every item in season
    }

    @Test("near: nearest first with distance badges, from the city centre or the visitor")
    func near() {
        let centre = ActivitiesBuilder.model(Self.input(ActivitiesQuery(near: .city)))
        #expect(centre.cards.first?.id != "zurich-zoo")
        #expect(centre.cards.last?.id == "zurich-park")
        #expect(centre.cards.allSatisfy { $0.badges.contains { $0.kind == "distance" } })
        #expect(centre.nearNote == "Nearest first, measured from the centre of Zürich.")
        let zoo = ActivitiesBuilder.model(
            Self.input(ActivitiesQuery(near: .point(GeoPoint(lat: 47.385, lon: 8.574)))))
        #expect(zoo.cards.first?.id == "zurich-zoo")
        #expect(zoo.cards.first?.badges.first { $0.kind == "distance" }?.text == "📍 0 m")
        #expect(zoo.chips.first?.current == true)
        #expect(zoo.chips.first?.href == "/swiss/app/activities")  // the chip turns it off
    }

    @Test("own activities come first, with their own badge, and obey the chips")
    func own() {
        var items = VisitorItems()
        items.customActivities = [
            CustomActivity(id: "own-1", name: "Picnic", description: "Lake", indoor: false, price: "Free"),
            CustomActivity(id: "own-2", name: "Library", description: "", indoor: true, price: ""),
        ]
        let model = ActivitiesBuilder.model(Self.input(items: items))
        #expect(Array(Self.ids(model).prefix(2)) == ["own-1", "own-2"])
        #expect(model.cards[0].own && model.cards[0].point == nil && model.cards[0].directions == nil)
        #expect(model.cards[0].badges.map(\.kind) == ["own", "outdoor", "free"])
        #expect(
            Self.ids(ActivitiesBuilder.model(Self.input(ActivitiesQuery(show: .indoor), items: items))).first == "own-2"
        )
        #expect(
            Self.ids(ActivitiesBuilder.model(Self.input(ActivitiesQuery(show: .free), items: items))).first == "own-1")
        #expect(
            !Self.ids(ActivitiesBuilder.model(Self.input(ActivitiesQuery(category: .outdoor), items: items))).contains(
                "own-1"))
    }

    @Test("saved with nothing saved explains the heart")
    func emptySaved() {
        let model = ActivitiesBuilder.model(Self.input(ActivitiesQuery(show: .saved)))
        #expect(model.empty?.message == "No saved activities yet — tap the heart on a card to keep it here.")
        let german = ActivitiesBuilder.model(Self.input(ActivitiesQuery(show: .saved), language: .de))
        #expect(german.empty?.message.hasPrefix("Noch keine gemerkten Aktivitäten") == true)
    }

    @Test("surprise: the same seed gives the same pick; rain picks indoors; Another! and Close keep the filters")
    func surprise() throws {
        let rain = WeatherCondition(weatherCode: 63, temperature: 9)
        let query = ActivitiesQuery(ages: .twoToThree, surprise: 42)
        let first = ActivitiesBuilder.model(Self.input(query, weather: rain))
        let again = ActivitiesBuilder.model(Self.input(query, weather: rain))
        let pick = try #require(first.surprise?.card)
        #expect(pick == again.surprise?.card)
        #expect(["zurich-museum", "zurich-toddler"].contains(pick.id))
        #expect(first.surprise?.reason == "It's raining — \(pick.name) is indoors.")
        #expect(first.surprise?.close == "/swiss/app/activities?ages=2-3")
        let another = try #require(first.surprise?.another)
        #expect(another.hasPrefix("/swiss/app/activities?ages=2-3&surprise=") && !another.hasSuffix("=42"))
        // The chip and card links never carry the seed.
        #expect(first.chips.allSatisfy { !$0.href.contains("surprise") })
        let home = ActivitiesBuilder.model(Self.input(ActivitiesQuery(show: .stayhome, surprise: 7)))
        #expect(home.surprise?.card?.id.hasPrefix("home-") == true)
        let nothing = ActivitiesBuilder.model(
            ActivitiesBuilder.Input(
                activities: [], items: .none, weather: nil, query: ActivitiesQuery(surprise: 1), city: Self.zurich,
                language: .en, now: Self.now, path: "/swiss/app/activities"))
        #expect(nothing.surprise?.card == nil && nothing.surprise?.reason == "Nothing fits today — try another filter.")
    }

    @Test("cards in German: texts, badges, materials; links keep the city and language")
    func german() throws {
        var input = Self.input(ActivitiesQuery(show: .stayhome), language: .de)
        input.keep = [("city", "zurich"), ("lang", "de")]
        let model = ActivitiesBuilder.model(input)
        #expect(model.title == "Was unternehmen wir heute?")
        #expect(model.subtitle == "Familienfreundliche Aktivitäten für 2- bis 5-Jährige in Zürich")
        let card = try #require(model.cards.first)
        #expect(card.name == "Reiskiste" && card.description == "Ein Ort")
        #expect(card.badges.map(\.text) == ["Sinne", "⏱ 1–2 Stunden", "👶 2–5 Jahre"])
        #expect(card.materials == "📦 Material: Reis")
        #expect(model.chips.allSatisfy { $0.href.hasPrefix("/swiss/app/activities?city=zurich&lang=de") })
        #expect(model.hidden.map(\.name) == ["city", "lang", "show"])
        #expect(model.summary == "2 Aktivitäten")
        let zoo = ActivitiesBuilder.card(.init(activity: Self.fixture[0], own: false), saved: true, .de)
        #expect(zoo.badges.map(\.text).contains("🌳 Draussen") && zoo.saved)
        #expect(
            zoo.directions == "https://www.openstreetmap.org/directions?to=47.38500%2C8.57400#map=16/47.38500/8.57400")
    }

    @Test("the month decides the season in Europe/Zurich: 1 March 00:30 Swiss time is spring, not winter")
    func seasonByZurichDate() {
        // 28 February 2027 23:30 UTC is 1 March 00:30 in Zürich.
        var input = Self.input(ActivitiesQuery(show: .seasonal))
        input.now = Date(timeIntervalSince1970: 1_803_857_400)
        input.activities = [
            Self.activity("zurich-snow", .seasonal, indoor: false, months: [12, 1, 2], season: "winter"),
            Self.activity("zurich-blossom", .seasonal, indoor: false, months: [3, 4], season: "spring"),
        ]
        #expect(Self.ids(ActivitiesBuilder.model(input)) == ["zurich-blossom"])
    }

    @Test("the query: defaults, every parameter, and bad values named")
    func query() throws {
        let parsed = try ActivitiesQuery.parse {
            ["show": "free", "ages": "4-5", "category": "museum", "q": "  zoo  ", "near": "47.1,8.2", "surprise": "9"][
                $0]
        }.get()
        #expect(parsed.show == .free && parsed.ages == .fourToFive && parsed.category == .museum)
        #expect(parsed.search == "zoo" && parsed.near == .point(GeoPoint(lat: 47.1, lon: 8.2)) && parsed.surprise == 9)
        #expect(try ActivitiesQuery.parse { ["sub": "art"][$0] }.get().show == .stayhome)
        #expect(try ActivitiesQuery.parse { _ in nil }.get() == ActivitiesQuery())
        for (name, value, message) in [
            ("show", "everything", "show must be one of"), ("ages", "6-7", "ages must be"),
            ("category", "cafe", "category must be one of"), ("sub", "music", "sub must be one of"),
            ("near", "north", "near must be"), ("near", "91,8", "near must be"), ("near", "nan,8", "near must be"),
            ("surprise", "-1", "surprise must be"),
        ] {
            let result = ActivitiesQuery.parse { $0 == name ? value : nil }
            guard case .failure(let error) = result else {
                Issue.record("\(name)=\(value) was accepted")
                continue
            }
            #expect(error.message.hasPrefix(message), "\(name)=\(value)")
        }
        #expect(
            try ActivitiesQuery.parse { $0 == "q" ? String(repeating: "a", count: 500) : nil }.get().search.count == 100
        )
    }
}
