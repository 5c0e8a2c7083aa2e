import Foundation
import Testing

@testable import TodayInSwitzerland

private func filterDay(_ text: String) throws -> CivilDate { try #require(CivilDate(text)) }

private let zurichCentre = GeoPoint(lat: 47.3769, lon: 8.5417)

private func item(
    _ id: String, indoor: Bool, ages: String = "2-5 years", minAge: Int? = nil, maxAge: Int? = nil,
    price: String? = nil, priceDE: String? = nil, free: Bool? = nil, lat: Double? = nil, lon: Double? = nil,
    category: Activity.Category? = nil, months: [Int]? = nil, season: String? = nil, recurring: String? = nil
) -> Activity {
    Activity(
        id: id, city: category == .stayhome ? nil : "zurich", name: "The \(id)", nameDE: "Das \(id)", description: "",
        descriptionDE: "", indoor: indoor, ageRange: ages, duration: "1-2 hours", price: price, priceDE: priceDE,
        category: category ?? (indoor ? .museum : .nature), lat: lat, lon: lon, minAge: minAge, maxAge: maxAge,
        recurring: recurring, season: season, availableMonths: months, free: free)
}

/// Zürich-like fixtures: distances from the centre about 0.6 km (park), 2.2 km (museum), 2.6 km (zoo), 10 km (farm).
private let activities: [Activity] = [
    item("zoo", indoor: false, ages: "0-99", price: "CHF 29 adults, children under 6 free", lat: 47.3847, lon: 8.5744),
    item("museum", indoor: true, ages: "4-8 years", price: "CHF 12", lat: 47.3790, lon: 8.5710),
    item("park", indoor: false, ages: "All ages", price: "Free", lat: 47.3720, lon: 8.5440),
    item("library", indoor: true, ages: "2-3 years", price: "Gratis", recurring: "Wed 10:00"),
    item("play-hall", indoor: true, minAge: 1, maxAge: 3, price: "CHF 9", priceDE: "kostenlos für Kinder unter 1"),
    item("farm", indoor: false, ages: "3+ years", free: true, lat: 47.4670, lon: 8.5417),
    item("ice-rink", indoor: false, ages: "4-10 years", price: "CHF 6", category: .seasonal, months: [11, 12, 1, 2]),
    item("pool", indoor: false, ages: "2-5 years", price: "CHF 8", category: .seasonal, season: "summer"),
    item("playdough", indoor: true, minAge: 2, maxAge: 5, category: .stayhome),
    item("obstacle-course", indoor: true, minAge: 3, maxAge: 6, category: .stayhome),
]

private func ids(_ results: [ActivityResult]) -> [String] { results.map(\.activity.id) }

@Suite("Activity filters and Surprise me")
struct ActivityFilterTests {
    @Test("the filter bar: all, indoor, outdoor, free, saved, seasonal, stay home")
    func filterBar() throws {
        let june = try filterDay("2026-06-10")
        let december = try filterDay("2026-12-10")
        #expect(
            ids(ActivityFilter().apply(to: activities, on: june))
                == ["zoo", "museum", "park", "library", "play-hall", "farm", "pool"])
        #expect(
            ids(ActivityFilter().apply(to: activities, on: december))
                == ["zoo", "museum", "park", "library", "play-hall", "farm", "ice-rink"])
        #expect(
            ids(ActivityFilter(kind: .indoor).apply(to: activities, on: june)) == ["museum", "library", "play-hall"])
        #expect(ids(ActivityFilter(kind: .outdoor).apply(to: activities, on: june)) == ["zoo", "park", "farm", "pool"])
        #expect(
            ids(ActivityFilter(kind: .free).apply(to: activities, on: june)) == [
                "park", "library", "play-hall", "farm",
            ])
        #expect(ids(ActivityFilter(kind: .seasonal).apply(to: activities, on: june)) == ["pool"])
        #expect(ids(ActivityFilter(kind: .seasonal).apply(to: activities, on: december)) == ["ice-rink"])
        #expect(
            ids(ActivityFilter(kind: .stayHome).apply(to: activities, on: june)) == ["playdough", "obstacle-course"])
        #expect(
            ids(ActivityFilter(kind: .saved(["farm", "playdough", "ice-rink"])).apply(to: activities, on: june))
                == ["farm", "playdough"])
    }

    @Test("free: the flag or a price starting with free, gratis or kostenlos; the API sets the flag")
    func free() {
        #expect(ActivityFilter.isFree(item("a", indoor: true, price: "  FREE entry")))
        #expect(ActivityFilter.isFree(item("b", indoor: true, price: "gratis")))
        #expect(ActivityFilter.isFree(item("c", indoor: true, price: "CHF 5", priceDE: "Kostenlos")))
        #expect(ActivityFilter.isFree(item("d", indoor: true, free: true)))
        #expect(!ActivityFilter.isFree(item("e", indoor: true, price: "CHF 29, children under 6 free")))
        #expect(!ActivityFilter.isFree(item("f", indoor: true)))
        let flagged = ActivityFilter.withFreeFlags(activities)
        #expect(flagged.filter { $0.free == true }.map(\.id) == ["park", "library", "play-hall", "farm"])
        #expect(flagged.first { $0.id == "zoo" }?.free == nil)
    }

    @Test("ages 2-3 and 4-5 by minAge/maxAge or the age text")
    func ages() throws {
        let june = try filterDay("2026-06-10")
        #expect(
            ids(ActivityFilter(ages: .twoToThree).apply(to: activities, on: june))
                == ["zoo", "park", "library", "play-hall", "farm", "pool"])
        #expect(
            ids(ActivityFilter(ages: .fourToFive).apply(to: activities, on: june))
                == ["zoo", "museum", "park", "farm", "pool"])
        #expect(
            ids(ActivityFilter(kind: .stayHome, ages: .twoToThree).apply(to: activities, on: june))
                == ["playdough", "obstacle-course"])
        #expect(ActivityFilter.parseAges("2-5 years") == 2...5)
        #expect(ActivityFilter.parseAges("1–6 Jahre") == 1...6)
        #expect(ActivityFilter.parseAges("3+ years") == 3...99)
        #expect(ActivityFilter.parseAges("ab 4 Jahren") == 4...99)
        #expect(ActivityFilter.parseAges("under 4") == 0...4)
        #expect(ActivityFilter.parseAges("18-36 months") == 1...3)
        #expect(ActivityFilter.parseAges("All ages") == nil)
        #expect(ActivityFilter.parseAges("") == nil)
        #expect(ActivityFilter.parseAges("5-2") == 2...5)
        #expect(ActivityFilter.ageRange(of: item("x", indoor: true, minAge: 4)) == 4...99)
        #expect(ActivityFilter.ageRange(of: item("y", indoor: true, minAge: 5, maxAge: 2)) == 5...5)
    }

    @Test("near me: within the radius, nearest first, with distances")
    func nearMe() throws {
        let june = try filterDay("2026-06-10")
        let results = ActivityFilter(kind: .nearMe(zurichCentre, radiusKm: 5)).apply(to: activities, on: june)
        #expect(ids(results) == ["park", "museum", "zoo"])
        let distances = results.compactMap(\.distanceKm)
        #expect(distances.count == 3)
        #expect(distances == distances.sorted())
        #expect(distances[0] < 1)
        #expect(
            ids(ActivityFilter(kind: .nearMe(zurichCentre, radiusKm: 20)).apply(to: activities, on: june)).last
                == "farm")
        // Other filters show distances when the location is known, without reordering.
        let badges = ActivityFilter(kind: .outdoor, location: zurichCentre).apply(to: activities, on: june)
        #expect(ids(badges) == ["zoo", "park", "farm", "pool"])
        #expect(badges.map { $0.distanceKm != nil } == [true, true, true, false])
    }

    @Test("bad weather puts indoor first, keeping the order; good weather keeps the stored order")
    func weatherOrder() throws {
        let june = try filterDay("2026-06-10")
        let rain = WeatherCondition(weatherCode: 61, temperature: 15)
        let cold = WeatherCondition(weatherCode: 0, temperature: 4.9)
        let fine = WeatherCondition(weatherCode: 0, temperature: 5)
        #expect(
            ids(ActivityFilter().apply(to: activities, on: june, weather: rain))
                == ["museum", "library", "play-hall", "zoo", "park", "farm", "pool"])
        #expect(
            ActivityFilter().apply(to: activities, on: june, weather: cold)
                == ActivityFilter().apply(to: activities, on: june, weather: rain))
        #expect(
            ids(ActivityFilter().apply(to: activities, on: june, weather: fine))
                == ["zoo", "museum", "park", "library", "play-hall", "farm", "pool"])
        #expect(rain.isBad && cold.isBad && !fine.isBad)
        #expect(WeatherCondition(weatherCode: 95, temperature: 20).isAwful)
        #expect(WeatherCondition(weatherCode: 3, temperature: -5).isAwful)
        #expect(!WeatherCondition(weatherCode: 61, temperature: 10).isAwful)
    }

    @Test("surprise me in the rain: an indoor place with a reason in English and German")
    func surpriseRain() throws {
        let wednesday = try filterDay("2026-06-10")
        let rain = WeatherCondition(weatherCode: 63, temperature: 14)
        var seen: Set<String> = []
        for seed in 0..<100 {
            let pick = try #require(
                ActivityFilter.surpriseMe(activities: activities, weather: rain, date: wednesday, seed: UInt64(seed)))
            #expect(pick.activity.indoor)
            #expect(pick.activity.category != .stayhome)
            #expect(pick.reason.en == "It's raining — \(pick.activity.name) is indoors.")
            #expect(pick.reason.de == "Es regnet — \(pick.activity.nameDE) ist drinnen.")
            seen.insert(pick.activity.id)
        }
        #expect(seen == ["museum", "library", "play-hall"])  // the library's Wednesday story time counts
        let saturday = try filterDay("2026-06-13")
        for seed in 0..<50 {
            let pick = ActivityFilter.surpriseMe(
                activities: activities, weather: rain, date: saturday, seed: UInt64(seed))
            #expect(pick?.activity.id != "library")  // not on a Saturday
        }
    }

    @Test("surprise me: sunshine gives outdoor places; the same seed the same pick")
    func surpriseSun() throws {
        let june = try filterDay("2026-06-10")
        let sun = WeatherCondition(weatherCode: 0, temperature: 24.6)
        let pick = try #require(ActivityFilter.surpriseMe(activities: activities, weather: sun, date: june, seed: 9))
        #expect(!pick.activity.indoor)
        #expect(pick.reason.en == "Sunny and 25°C — a great day for \(pick.activity.name).")
        #expect(pick.reason.de == "Sonnig bei 25 °C — ein guter Tag für \(pick.activity.nameDE).")
        #expect(ActivityFilter.surpriseMe(activities: activities, weather: sun, date: june, seed: 9) == pick)
        let picks = Set(
            (0..<40).compactMap {
                ActivityFilter.surpriseMe(activities: activities, weather: sun, date: june, seed: UInt64($0))?.activity
                    .id
            })
        #expect(picks == ["zoo", "park", "farm", "pool"])
    }

    @Test("surprise me: stay-home ideas only when the weather is awful and nothing indoor exists")
    func surpriseStayHome() throws {
        let june = try filterDay("2026-06-10")
        let outdoorAndHome = activities.filter { !$0.indoor || $0.category == .stayhome }
        let storm = WeatherCondition(weatherCode: 95, temperature: 18)
        let drizzle = WeatherCondition(weatherCode: 51, temperature: 12)
        let stormPick = try #require(
            ActivityFilter.surpriseMe(activities: outdoorAndHome, weather: storm, date: june, seed: 3))
        #expect(stormPick.activity.category == .stayhome)
        #expect(stormPick.reason.en.hasPrefix("The weather is awful"))
        let drizzlePick = try #require(
            ActivityFilter.surpriseMe(activities: outdoorAndHome, weather: drizzle, date: june, seed: 3))
        #expect(drizzlePick.activity.category != .stayhome)
        #expect(drizzlePick.reason.en.contains("rain gear"))
        // With indoor places, even a storm gives an indoor place.
        let withIndoor = try #require(
            ActivityFilter.surpriseMe(activities: activities, weather: storm, date: june, seed: 3))
        #expect(withIndoor.activity.indoor && withIndoor.activity.category != .stayhome)
        // Cold and snow have their own reasons.
        let cold = try #require(
            ActivityFilter.surpriseMe(
                activities: activities, weather: WeatherCondition(weatherCode: 3, temperature: 1.4), date: june, seed: 1
            ))
        #expect(cold.reason.en.hasPrefix("Only 1°C outside"))
        #expect(cold.reason.de.hasPrefix("Nur 1 °C draussen"))
        // Nothing at all, or unknown weather.
        #expect(ActivityFilter.surpriseMe(activities: [], weather: storm, date: june, seed: 1) == nil)
        let unknown = try #require(ActivityFilter.surpriseMe(activities: activities, weather: nil, date: june, seed: 1))
        #expect(unknown.activity.category != .stayhome)
        #expect(unknown.reason.en.hasPrefix("How about"))
    }
}

@Suite("Deals filter")
struct DealsFilterTests {
    private func deal(
        _ id: String, city: String = "all", type: Deal.Kind = .free, category: Deal.Category = .museum,
        months: [Int]? = nil
    ) -> Deal {
        Deal(
            id: id, name: id, nameDE: id, description: "", descriptionDE: "", category: category, type: type,
            city: city,
            validMonths: months)
    }

    private var deals: [Deal] {
        [
            deal("museum-sunday", city: "zurich"), deal("junior-card", type: .deal, category: .transport),
            deal("basel-museums", city: "basel"),
            deal("open-air-cinema", type: .deal, category: .seasonal, months: [7, 8]),
            deal("supersaver", type: .tip, category: .transport), deal("xmas", city: "Zurich", months: [11, 12]),
        ]
    }

    @Test("city (own or all), month (validMonths), type and category")
    func filters() throws {
        #expect(
            DealsFilter(city: "zurich").apply(to: deals).map(\.id)
                == ["museum-sunday", "junior-card", "open-air-cinema", "supersaver", "xmas"])
        #expect(
            DealsFilter(city: "zurich", today: try filterDay("2026-07-15")).apply(to: deals).map(\.id)
                == ["museum-sunday", "junior-card", "open-air-cinema", "supersaver"])
        #expect(DealsFilter(month: 12).apply(to: deals).map(\.id).contains("xmas"))
        #expect(DealsFilter(month: 12).apply(to: deals).map(\.id).contains("open-air-cinema") == false)
        #expect(DealsFilter(type: .deal).apply(to: deals).map(\.id) == ["junior-card", "open-air-cinema"])
        #expect(DealsFilter(type: .tip).apply(to: deals).map(\.id) == ["supersaver"])
        #expect(DealsFilter(category: .transport).apply(to: deals).map(\.id) == ["junior-card", "supersaver"])
        #expect(DealsFilter(city: "geneva", type: .free).apply(to: deals).map(\.id) == [])
        #expect(DealsFilter().apply(to: deals).count == deals.count)
    }
}
