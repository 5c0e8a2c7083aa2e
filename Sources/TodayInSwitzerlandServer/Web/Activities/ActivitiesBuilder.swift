import ClubhouseBasics
import Foundation
import TodayInSwitzerland

/// Builds the Activities page's model: a pure function of the catalogue, the visitor's items, the weather, the
/// query, the city, the language and the time.
enum ActivitiesBuilder {
    /// What the page is built from.
    struct Input: Sendable {
        /// The city's activities, this season's seasonal ones and the stay-home ideas (``SwissApp/cityActivities``).
        var activities: [Activity]
        var items: VisitorItems
        /// Now in the city, nil when the weather is unknown.
        var weather: WeatherCondition?
        var query: ActivitiesQuery
        var city: City
        var language: Language
        var now: Date
        /// The page's path (`/swiss/app/activities`).
        var path: String
        /// Query items every link keeps (the city and language when the page was asked for them).
        var keep: [(String, String?)] = []
        var addForm = ActivitiesModel.AddForm()
        var notice: String?
        var error: String?
    }

    /// One listed activity.
    struct Entry: Sendable, Equatable {
        var activity: Activity
        var own: Bool
        var distanceKm: Double?
    }

    /// An own activity as a catalogue one (no place, no ages, no category of its own: `outdoor` or `indoor-play`).
    static func activity(_ own: CustomActivity) -> Activity {
        let free = ActivitiesText.saysFree(own.price)
        return Activity(
            id: own.id, city: nil, name: own.name, nameDE: own.name, description: own.description,
            descriptionDE: own.description, indoor: own.indoor, ageRange: "", duration: "",
            price: own.price.isEmpty ? nil : own.price, priceDE: own.price.isEmpty ? nil : own.price,
            category: own.indoor ? .indoorPlay : .outdoor, free: free ? true : nil)
    }

    /// The activities the query shows, in order: own ones first, then the catalogue's (indoor first when the
    /// weather is bad), or everything nearest first with `near` (places without coordinates last).
    ///
    /// Stay-home ideas appear only with the stay-home or saved chip, the stay-home category, or a search from "All"
    /// (a search looks everywhere). Out-of-season items never appear.
    static func select(
        _ activities: [Activity], items: VisitorItems, weather: WeatherCondition?, query: ActivitiesQuery, city: City,
        month: Int
    ) -> [Entry] {
        let words = PlacesSupport.searchWords(query.search)
        let includeHome =
            query.show == .stayhome || query.show == .saved || query.category == .stayhome
            || (!words.isEmpty && query.show == .all)
        func keep(_ activity: Activity, own: Bool) -> Bool {
            let home = activity.category == .stayhome
            if home && !includeHome { return false }
            if !own && !ActivityFilter.isInSeason(activity, month: month) { return false }
            if !ActivityFilter.suits(activity, query.ages) { return false }
            switch query.show {
            case .all: break
            case .indoor: if !activity.indoor || home { return false }
            case .outdoor: if activity.indoor || home { return false }
            case .free: if !ActivityFilter.isFree(activity) || home { return false }
            case .saved: if !items.savedActivities.contains(activity.id) { return false }
            case .seasonal: if own || home || !ActivityFilter.isSeasonal(activity) { return false }
            case .stayhome:
                if !home { return false }
                if let sub = query.sub, activity.subcategory != sub { return false }
            }
            if let category = query.category, own || activity.category != category { return false }
            if !words.isEmpty {
                let texts = [activity.name, activity.nameDE, activity.description, activity.descriptionDE]
                if !PlacesSupport.matches(words, in: texts.map(PlacesSupport.fold)) { return false }
            }
            return true
        }
        let own = items.customActivities.map(activity).filter { keep($0, own: true) }
        let catalogue = ActivityFilter.ordered(activities.filter { keep($0, own: false) }, weather: weather)
        var entries = own.map { Entry(activity: $0, own: true) } + catalogue.map { Entry(activity: $0, own: false) }
        if let near = query.near {
            let origin = near.point(in: city)
            for index in entries.indices {
                entries[index].distanceKm = point(of: entries[index].activity).map { $0.kilometres(to: origin) }
            }
            entries = entries.enumerated().sorted { a, b in
                (a.element.distanceKm ?? .infinity, a.offset) < (b.element.distanceKm ?? .infinity, b.offset)
            }.map(\.element)
        }
        return entries
    }

    /// The page's model.
    static func model(_ input: Input) -> ActivitiesModel {
        let language = input.language
        let de = language == .de
        let query = input.query
        let month = CivilDate(input.now).month
        let entries = select(
            input.activities, items: input.items, weather: input.weather, query: query, city: input.city, month: month)
        func link(_ q: ActivitiesQuery) -> String {
            input.path + PlacesSupport.query(input.keep + q.with { $0.surprise = nil }.items)
        }
        let base = query.with { $0.surprise = nil }

        var chips = [
            ActivitiesModel.Link(
                label: de ? "📍 In der Nähe" : "📍 Near me",
                href: link(base.with { $0.near = $0.near == nil ? .city : nil }), current: query.near != nil,
                key: "near")
        ]
        chips += ActivitiesQuery.Show.allCases.map { show in
            ActivitiesModel.Link(
                label: ActivitiesText.chip(show, language),
                href: link(
                    base.with {
                        $0.show = show; $0.sub = nil
                    }),
                current: query.show == show, key: show.rawValue)
        }
        let ageChips = ActivityFilter.AgeBand.allCases.map { band in
            ActivitiesModel.Link(
                label: ActivitiesText.ages(band, language), href: link(base.with { $0.ages = band }),
                current: query.ages == band, key: band.rawValue)
        }
        let subChips =
            query.show == .stayhome
            ? [
                ActivitiesModel.Link(
                    label: de ? "Alle Ideen" : "All ideas", href: link(base.with { $0.sub = nil }),
                    current: query.sub == nil, key: "all")
            ]
                + ActivitiesText.subcategories.map { sub in
                    ActivitiesModel.Link(
                        label: ActivitiesText.subcategory(sub, language), href: link(base.with { $0.sub = sub }),
                        current: query.sub == sub, key: sub)
                } : []
        let categories =
            [
                ActivitiesModel.Option(
                    value: "", label: de ? "Alle Kategorien" : "All categories", selected: query.category == nil)
            ]
            + Activity.Category.allCases.map {
                ActivitiesModel.Option(
                    value: $0.rawValue, label: "\(SwissApp.emoji($0)) \(ActivitiesText.category($0, language))",
                    selected: query.category == $0)
            }
        var hidden: [(name: String, value: String)] = input.keep.compactMap { name, value in
            value.map { (name, $0) }
        }
        if query.show != .all { hidden.append(("show", query.show.rawValue)) }
        if query.ages != .all { hidden.append(("ages", query.ages.rawValue)) }
        if let sub = query.sub { hidden.append(("sub", sub)) }
        if let near = query.near { hidden.append(("near", near.query)) }

        let cards = entries.map { card($0, saved: input.items.savedActivities.contains($0.activity.id), language) }

        var surprise: ActivitiesModel.Surprise?
        if let seed = query.surprise {
            surprise = Self.surprise(
                entries: entries, all: input.activities, weather: input.weather, query: query, seed: seed,
                date: CivilDate(input.now), saved: input.items.savedActivities, language: language,
                link: { s in input.path + PlacesSupport.query(input.keep + query.with { $0.surprise = s }.items) })
        }

        let filtered = query.show != .all || query.ages != .all || query.category != nil || !query.search.isEmpty
        let reset = ActivitiesModel.Link(
            label: de ? "Alle Aktivitäten zeigen" : "Show all activities", href: link(ActivitiesQuery()))
        var empty: (message: String, reset: ActivitiesModel.Link?)?
        if cards.isEmpty {
            if query.show == .saved && input.items.savedActivities.isEmpty {
                empty = (
                    de
                        ? "Noch keine gemerkten Aktivitäten — tippe auf das Herz einer Karte, um sie hier zu sammeln."
                        : "No saved activities yet — tap the heart on a card to keep it here.", reset
                )
            } else {
                empty = (de ? "Keine Aktivitäten passen zu diesem Filter." : "No activities match this filter.", reset)
            }
        }
        var nearNote: String?
        if let near = query.near {
            switch near {
            case .city:
                nearNote =
                    de
                    ? "Die nächsten zuerst, gemessen ab dem Zentrum von \(input.city.nameDE)."
                    : "Nearest first, measured from the centre of \(input.city.name)."
            case .point:
                nearNote =
                    de
                    ? "Die nächsten zuerst, gemessen ab deinem Standort."
                    : "Nearest first, measured from where you are."
            }
        }
        var weatherNote: String?
        if let weather = input.weather, weather.isBad, query.near == nil {
            weatherNote =
                weather.isRainy
                ? (de ? "Es regnet — Ideen für drinnen zuerst." : "It's raining — indoor ideas first.")
                : (de ? "Kalt heute — Ideen für drinnen zuerst." : "Cold today — indoor ideas first.")
        }
        // A seed from the clock: each "Surprise me!" is a new pick, and the link can be shared to show the same one.
        var clock = SplitMix64(seed: UInt64(max(0, input.now.timeIntervalSince1970 * 1000)))
        let freshSeed = clock.next() % 1_000_000_000
        return ActivitiesModel(
            language: language,
            title: de ? "Was unternehmen wir heute?" : "What to do today?",
            subtitle:
                de
                ? "Familienfreundliche Aktivitäten für 2- bis 5-Jährige in \(input.city.nameDE)"
                : "Family-friendly activities for ages 2–5 in \(input.city.name)",
            chips: chips, ageChips: ageChips, subChips: subChips, categories: categories, search: query.search,
            hidden: hidden, nearNote: nearNote, weatherNote: weatherNote,
            surpriseLink: input.path + PlacesSupport.query(input.keep + query.with { $0.surprise = freshSeed }.items),
            surprise: surprise, cards: cards, summary: ActivitiesText.count(cards.count, language), empty: empty,
            clear: filtered
                ? ActivitiesModel.Link(
                    label: de ? "Filter zurücksetzen" : "Clear filters",
                    href: link(ActivitiesQuery().with { $0.near = query.near })) : nil,
            pageURL: input.path + PlacesSupport.query(input.keep + query.items), actionURL: input.path,
            addForm: input.addForm, notice: input.notice, error: input.error)
    }

    /// The pick of "Surprise me" for `seed`: weather-aware among the listed places (core
    /// ``ActivityFilter/surpriseMe(activities:weather:date:seed:)``); among stay-home ideas only on the stay-home
    /// chip; from every activity when the list is empty.
    static func surprise(
        entries: [Entry], all: [Activity], weather: WeatherCondition?, query: ActivitiesQuery, seed: UInt64,
        date: CivilDate, saved: Set<String>, language: Language, link: (UInt64?) -> String
    ) -> ActivitiesModel.Surprise {
        let de = language == .de
        var next = SplitMix64(seed: seed)
        let another = link(next.next() % 1_000_000_000)
        let close = link(nil)
        let listed = entries.filter { !$0.own }.map(\.activity)
        var pick: (Activity, String)?
        if query.show == .stayhome {
            let pool = listed.isEmpty ? all.filter { $0.category == .stayhome } : listed
            if !pool.isEmpty {
                var generator = SeededGenerator(seed: seed)
                let chosen = pool[generator.int(below: pool.count)]
                pick = (chosen, de ? "Eine Idee für zu Hause: \(chosen.nameDE)." : "An idea for home: \(chosen.name).")
            }
        } else {
            let pool = listed.isEmpty ? all.filter { $0.category != .stayhome } : listed
            if let found = ActivityFilter.surpriseMe(activities: pool, weather: weather, date: date, seed: seed) {
                pick = (found.activity, found.reason.text(language))
            }
        }
        guard let (activity, reason) = pick else {
            return ActivitiesModel.Surprise(
                card: nil,
                reason: de
                    ? "Heute passt leider nichts — versuch einen anderen Filter."
                    : "Nothing fits today — try another filter.",
                another: another, close: close)
        }
        var card = card(Entry(activity: activity, own: false), saved: saved.contains(activity.id), language)
        card.anchor = "surprise-\(activity.id)"
        return ActivitiesModel.Surprise(card: card, reason: reason, another: another, close: close)
    }

    /// A card: texts in `language`, badges, links.
    static func card(_ entry: Entry, saved: Bool, _ language: Language) -> ActivitiesModel.Card {
        let a = entry.activity
        let de = language == .de
        let home = a.category == .stayhome
        var badges: [ActivitiesModel.Badge] = []
        if entry.own { badges.append(.init(text: de ? "⭐ Eigene Idee" : "⭐ Your own", kind: "own")) }
        if let sub = a.subcategory, home {
            badges.append(.init(text: ActivitiesText.subcategory(sub, language), kind: "sub"))
        } else {
            badges.append(
                a.indoor
                    ? .init(text: de ? "🏠 Drinnen" : "🏠 Indoor", kind: "indoor")
                    : .init(text: de ? "🌳 Draussen" : "🌳 Outdoor", kind: "outdoor"))
        }
        if let km = entry.distanceKm {
            badges.append(.init(text: "📍 " + PlacesSupport.distance(km, language), kind: "distance"))
        }
        if !a.duration.isEmpty {
            badges.append(.init(text: "⏱ " + ActivitiesText.duration(a.duration, language), kind: "duration"))
        }
        let free = ActivityFilter.isFree(a)
        if free { badges.append(.init(text: de ? "🆓 Gratis" : "🆓 Free", kind: "free")) }
        // "Free" as a price says nothing the free badge does not.
        if let price = de ? (a.priceDE ?? a.price) : a.price, !price.isEmpty, !(free && ActivitiesText.saysFree(price))
        {
            badges.append(.init(text: "💰 " + price, kind: "price"))
        }
        if let ages = ActivitiesText.ageRange(a, language) { badges.append(.init(text: "👶 " + ages, kind: "ages")) }
        if let season = a.season { badges.append(.init(text: ActivitiesText.season(season, language), kind: "season")) }
        if let recurring = a.recurring { badges.append(.init(text: "🔁 " + recurring, kind: "recurring")) }
        let point = entry.own ? nil : point(of: a)
        let materials = (de ? (a.materialsDE ?? a.materials) : a.materials).map {
            (de ? "📦 Material: " : "📦 Materials: ") + $0
        }
        let place = a.indoor ? (de ? "Drinnen" : "Indoor") : (de ? "Draussen" : "Outdoor")
        return ActivitiesModel.Card(
            id: a.id, anchor: "card-\(a.id)", emoji: entry.own ? "⭐" : SwissApp.emoji(a.category),
            name: de ? a.nameDE : a.name, description: de ? a.descriptionDE : a.description, badges: badges,
            materials: home ? materials : nil, saved: saved, own: entry.own, website: PlacesSupport.webAddress(a.url),
            directions: point.map { PlacesSupport.directions(lat: $0.lat, lon: $0.lon) }, point: point,
            pinDetail: a.duration.isEmpty ? place : "\(place) · \(ActivitiesText.duration(a.duration, language))")
    }

    static func point(of activity: Activity) -> GeoPoint? {
        guard let lat = activity.lat, let lon = activity.lon, lat.isFinite, lon.isFinite else { return nil }
        return GeoPoint(lat: lat, lon: lon)
    }
}
