import Foundation
import Testing

@testable import TodayInSwitzerland

/// An Overpass answer around Zürich's centre, written for these tests (nodes, a way with its centre, and elements
/// that must be dropped).
enum LunchFixtures {
    static let overpass = #"""
        {
          "version": 0.6,
          "generator": "Overpass API 0.7.62",
          "osm3s": {"timestamp_osm_base": "2026-04-20T09:00:00Z"},
          "elements": [
            {"type": "node", "id": 1001, "lat": 47.3721, "lon": 8.5389, "tags": {
              "amenity": "restaurant", "name": "Zeughauskeller", "cuisine": "swiss;regional",
              "opening_hours": "Mo-Su 11:30-23:00", "outdoor_seating": "yes", "wheelchair": "limited",
              "phone": "+41 44 220 15 15", "website": "https://www.zeughauskeller.ch"}},
            {"type": "node", "id": 1002, "lat": 47.3737, "lon": 8.5363, "tags": {
              "amenity": "restaurant", "name": "Hiltl", "cuisine": "vegetarian;indian",
              "diet:vegetarian": "only", "diet:vegan": "yes", "opening_hours": "Mo-Sa 06:00-24:00; Su 08:00-24:00",
              "takeaway": "yes"}},
            {"type": "node", "id": 1003, "lat": 47.3780, "lon": 8.5290, "tags": {
              "amenity": "fast_food", "name": "Babylon Grill", "cuisine": "middle_eastern;kebab",
              "takeaway": "only", "opening_hours": "Mo-Sa 10:00-02:00; Su off"}},
            {"type": "node", "id": 1004, "lat": 47.3699, "lon": 8.5394, "tags": {
              "amenity": "cafe", "name": "Café Sprüngli", "cuisine": "coffee_shop;cake",
              "opening_hours": "Mo-Fr 07:30-18:30; Sa 08:00-17:00; Su,PH off"}},
            {"type": "node", "id": 1005, "lat": 47.3800, "lon": 8.5450, "tags": {
              "amenity": "restaurant", "name": "Kaffeebar Central", "cuisine": "coffee_shop",
              "opening_hours": "Mo-Fr 07:00-11:00"}},
            {"type": "way", "id": 2001, "center": {"lat": 47.3650, "lon": 8.5480}, "nodes": [1, 2, 3], "tags": {
              "amenity": "restaurant", "name": "Pizzeria Da Mario", "cuisine": "Pizza; Italian",
              "opening_hours": "Tu-Su 11:30-14:00,18:00-22:30; Mo off", "contact:phone": "+41 44 000 00 00",
              "contact:website": "https://damario.example", "outdoor_seating": "yes"}},
            {"type": "node", "id": 1006, "lat": 47.3750, "lon": 8.5400, "tags": {
              "amenity": "restaurant", "cuisine": "italian"}},
            {"type": "node", "id": 1007, "lat": 47.3750, "lon": 8.5400, "tags": {
              "amenity": "restaurant", "name": "   "}},
            {"type": "node", "id": 1008, "lat": 47.3810, "lon": 8.5370, "tags": {
              "amenity": "fast_food", "name": "Burger Werk", "cuisine": "burger", "capacity": 40}},
            {"type": "node", "id": 1009, "lat": 47.3690, "lon": 8.5330, "tags": {
              "amenity": "fast_food", "name": "Snack Bar Bahnhof"}},
            {"type": "node", "id": 1010, "lat": 47.3760, "lon": 8.5480, "tags": {
              "amenity": "restaurant", "name": "Restaurant Sonne", "opening_hours": "Mo-Fr 17:00-23:00"}},
            {"type": "node", "id": 1011, "lat": 47.3770, "lon": 8.5500, "tags": {
              "amenity": "restaurant", "name": "Bistro Regional", "cuisine": "regional",
              "opening_hours": "Mo-Fr 11h-14h"}},
            {"type": "node", "id": 1012, "lat": 47.3740, "lon": 8.5440, "tags": {
              "amenity": "bar", "name": "Bar Rossi"}},
            42,
            {"type": "node", "id": 1013, "tags": {"amenity": "restaurant", "name": "No Position"}},
            {"type": "node", "id": 1014, "lat": 47.3790, "lon": 8.5420, "tags": {
              "amenity": "restaurant", "name": "Thai Orchid", "cuisine": "thai;asian",
              "opening_hours": "Mo-Fr 11:00-14:00,17:30-22:00; PH off", "diet:vegetarian": "yes"}},
            {"type": "node", "id": 1015, "lat": 47.3700, "lon": 8.5500, "tags": {
              "amenity": "restaurant", "name": "Le Lyonnais", "cuisine": "french"}}
          ]
        }
        """#

    static let monday = CivilDate(year: 2026, month: 4, day: 20) ?? CivilDate(dayNumber: 0)
    static let zurich = GeoPoint(lat: 47.3769, lon: 8.5417)

    static func spots(isHoliday: (CivilDate) -> Bool = { _ in false }) throws -> [LunchSpot] {
        try LunchSpots.parse(overpassJSON: Data(overpass.utf8), today: monday, isHoliday: isHoliday)
    }
}

@Suite("Lunch spots")
struct LunchTests {
    @Test("Overpass elements become spots in order; unnamed, unplaced, other amenities and garbage are dropped")
    func parsing() throws {
        let spots = try LunchFixtures.spots()
        #expect(
            spots.map(\.name) == [
                "Zeughauskeller", "Hiltl", "Babylon Grill", "Café Sprüngli", "Kaffeebar Central", "Pizzeria Da Mario",
                "Burger Werk", "Snack Bar Bahnhof", "Restaurant Sonne", "Bistro Regional", "Thai Orchid",
                "Le Lyonnais",
            ])
        #expect(spots[0].id == "osm-1001")
        #expect(spots[5].id == "osm-way-2001")
        #expect(spots[5].lat == 47.3650 && spots[5].lon == 8.5480)
        #expect(spots[0].phone == "+41 44 220 15 15")
        #expect(spots[0].website == "https://www.zeughauskeller.ch")
        #expect(spots[5].phone == "+41 44 000 00 00")
        #expect(spots[5].website == "https://damario.example")
        #expect(spots[0].wheelchair == "limited")
        #expect(spots[0].outdoorSeating && !spots[1].outdoorSeating)
        #expect(spots[1].takeaway && spots[2].takeaway && !spots[0].takeaway)
        #expect(spots[1].vegetarian == "only" && spots[1].vegan == "yes")
        #expect(spots[2].amenity == .fastFood)
        #expect(spots[7].cuisine == nil)
        #expect(spots.allSatisfy { $0.distanceKm == nil })
    }

    @Test("cuisine categories follow the original's rules with whole tokens")
    func categories() throws {
        let categories = Dictionary(
            uniqueKeysWithValues: try LunchFixtures.spots().map { ($0.name, $0.cuisineCategory) })
        #expect(categories["Zeughauskeller"] == .swiss)
        #expect(categories["Hiltl"] == .vegetarian)
        #expect(categories["Babylon Grill"] == .kebab)
        #expect(categories["Café Sprüngli"] == .cafe)
        #expect(categories["Kaffeebar Central"] == .cafe)
        #expect(categories["Pizzeria Da Mario"] == .italian)
        #expect(categories["Burger Werk"] == .fastfood)
        #expect(categories["Snack Bar Bahnhof"] == .fastfood)
        #expect(categories["Restaurant Sonne"] == .other)
        #expect(categories["Bistro Regional"] == .international)
        #expect(categories["Thai Orchid"] == .asian)
        #expect(categories["Le Lyonnais"] == .international)
    }

    @Test(
        "category rules, first match wins",
        arguments: [
            (LunchSpot.Amenity.restaurant, "middle_eastern", nil, nil, CuisineCategory.kebab),
            (.restaurant, "Middle Eastern", nil, nil, .kebab),
            (.restaurant, "coffee_shop", nil, nil, .cafe),
            (.restaurant, "regional,coffee_shop", nil, nil, .cafe),
            (.restaurant, "döner", nil, nil, .kebab),
            (.restaurant, "chinese_food", nil, nil, .international),
            (.restaurant, "pizza_pasta", nil, nil, .international),
            (.restaurant, "sushi;pizza", nil, nil, .asian),
            (.restaurant, "pizza", "only", nil, .vegetarian),
            (.restaurant, "pizza", nil, "only", .vegetarian),
            (.restaurant, "pizza", "yes", nil, .italian),
            (.cafe, "burger", "only", nil, .cafe),
            (.fastFood, "regional", nil, nil, .fastfood),
            (.fastFood, "sandwich", nil, nil, .fastfood),
            (.restaurant, ";", nil, nil, .other),
            (.restaurant, nil, nil, nil, .other),
            (.restaurant, "Fondue;Raclette", nil, nil, .swiss),
            (.restaurant, "mexican", nil, nil, .international),
        ] as [(LunchSpot.Amenity, String?, String?, String?, CuisineCategory)])
    func categoryRules(
        _ amenity: LunchSpot.Amenity, _ cuisine: String?, _ vegetarian: String?, _ vegan: String?,
        _ expected: CuisineCategory
    ) {
        #expect(
            CuisineCategory.categorize(
                amenity: amenity, cuisine: cuisine, dietVegetarian: vegetarian, dietVegan: vegan) == expected)
    }

    @Test("cuisine tokens split on ';' and ',' only")
    func tokens() {
        #expect(
            CuisineCategory.tokens(of: " Pizza; middle_eastern ,coffee_shop;;") == [
                "pizza", "middle_eastern", "coffee_shop",
            ])
        #expect(CuisineCategory.tokens(of: nil).isEmpty)
    }

    @Test("open for lunch on Monday 2026-04-20, with and without the public holiday")
    func openForLunch() throws {
        let lunch = Dictionary(uniqueKeysWithValues: try LunchFixtures.spots().map { ($0.name, $0.openForLunch) })
        #expect(lunch["Zeughauskeller"] == true)
        #expect(lunch["Hiltl"] == true)
        #expect(lunch["Café Sprüngli"] == true)
        #expect(lunch["Kaffeebar Central"] == false)
        #expect(lunch["Pizzeria Da Mario"] == false)
        #expect(lunch["Restaurant Sonne"] == false)
        #expect(lunch["Bistro Regional"] == .some(nil))
        #expect(lunch["Le Lyonnais"] == .some(nil))
        #expect(lunch["Thai Orchid"] == true)
        let holiday = Dictionary(
            uniqueKeysWithValues: try LunchFixtures.spots(isHoliday: { $0 == LunchFixtures.monday }).map {
                ($0.name, $0.openForLunch)
            })
        #expect(holiday["Thai Orchid"] == false)
        #expect(holiday["Café Sprüngli"] == false)
        #expect(holiday["Zeughauskeller"] == true)
    }

    @Test("JSON has the original's keys, nulls included, and decodes back")
    func json() throws {
        let spots = try LunchFixtures.spots()
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let data = try encoder.encode(spots[7])
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(
            Set(object.keys) == [
                "id", "name", "lat", "lon", "amenity", "cuisine", "cuisineCategory", "phone", "website", "openingHours",
                "openForLunch", "wheelchair", "outdoorSeating", "takeaway", "vegetarian", "vegan",
            ])
        #expect(object["cuisine"] is NSNull)
        #expect(object["amenity"] as? String == "fast_food")
        #expect(object["cuisineCategory"] as? String == "fastfood")
        let decoded = try JSONDecoder().decode([LunchSpot].self, from: try JSONEncoder().encode(spots))
        #expect(decoded == spots)
        let near = LunchSpots.sortedByDistance(spots, from: LunchFixtures.zurich)
        let withDistance = try JSONSerialization.jsonObject(with: try encoder.encode(near[0])) as? [String: Any]
        #expect(withDistance?["distanceKm"] is Double)
        let response = LunchResponse(
            spots: near, center: LunchFixtures.zurich, city: .init(id: "zurich", name: "Zürich"),
            timestamp: "2026-04-20T10:00:00Z")
        #expect(try JSONDecoder().decode(LunchResponse.self, from: try encoder.encode(response)) == response)
    }

    @Test("a client spot with only the required keys and an unknown category decodes")
    func lenientDecoding() throws {
        let json = #"{"id":"x","name":"Mini","lat":47,"lon":8,"amenity":"cafe","cuisineCategory":"Italian"}"#
        let spot = try JSONDecoder().decode(LunchSpot.self, from: Data(json.utf8))
        #expect(spot.cuisineCategory == .italian)
        #expect(!spot.outdoorSeating && spot.openForLunch == nil)
        let odd = #"{"id":"x","name":"Mini","lat":47,"lon":8,"amenity":"cafe","cuisineCategory":"tapas"}"#
        #expect(try JSONDecoder().decode(LunchSpot.self, from: Data(odd.utf8)).cuisineCategory == .other)
    }

    @Test("filters: outdoor, vegetarian, cuisine in any case, open now, open for lunch")
    func filters() throws {
        let spots = try LunchFixtures.spots()
        let noon = SwissTime(date: LunchFixtures.monday, minutes: 12 * 60)
        func names(_ filter: LunchFilter, at time: SwissTime = noon) -> [String] {
            LunchSpots.filter(spots, by: filter, now: time).map(\.name)
        }
        #expect(names(LunchFilter()) == spots.map(\.name))
        #expect(names(LunchFilter(outdoor: true)) == ["Zeughauskeller", "Pizzeria Da Mario"])
        #expect(names(LunchFilter(vegetarian: true)) == ["Hiltl", "Thai Orchid"])
        #expect(names(LunchFilter(cuisine: "Italian")) == ["Pizzeria Da Mario"])
        #expect(names(LunchFilter(cuisine: "FASTFOOD")) == ["Burger Werk", "Snack Bar Bahnhof"])
        #expect(names(LunchFilter(cuisine: "pizza")) == ["Pizzeria Da Mario"])
        #expect(names(LunchFilter(cuisine: "Middle_Eastern")) == ["Babylon Grill"])
        #expect(
            names(LunchFilter(openNow: true))
                == ["Zeughauskeller", "Hiltl", "Babylon Grill", "Café Sprüngli", "Thai Orchid"])
        let lateNight = SwissTime(date: LunchFixtures.monday.adding(days: 1), minutes: 60)
        #expect(names(LunchFilter(openNow: true), at: lateNight) == ["Babylon Grill"])
        #expect(
            names(LunchFilter(openForLunch: true))
                == ["Zeughauskeller", "Hiltl", "Babylon Grill", "Café Sprüngli", "Thai Orchid"])
        #expect(names(LunchFilter(openForLunch: true, vegetarian: true)) == ["Hiltl", "Thai Orchid"])
        let holiday = LunchSpots.filter(
            spots, by: LunchFilter(openForLunch: true), now: noon, isHoliday: { $0 == LunchFixtures.monday })
        #expect(!holiday.map(\.name).contains("Thai Orchid"))
    }

    @Test("near a point: distances to 0.01 km, nearest first, radius and limit")
    func near() throws {
        let spots = try LunchFixtures.spots()
        let noon = SwissTime(date: LunchFixtures.monday, minutes: 720)
        let point = GeoPoint(lat: 47.3790, lon: 8.5420)
        let sorted = LunchSpots.filter(spots, by: LunchFilter(near: point), now: noon)
        #expect(sorted.count == spots.count)
        #expect(sorted.first?.name == "Thai Orchid")
        #expect(sorted.first?.distanceKm == 0)
        let distances = sorted.compactMap(\.distanceKm)
        #expect(distances.count == spots.count && distances == distances.sorted())
        #expect(distances.allSatisfy { ($0 * 100).rounded() / 100 == $0 })
        let close = LunchSpots.filter(spots, by: LunchFilter(near: point, radiusKm: 0.5), now: noon)
        #expect(!close.isEmpty && close.allSatisfy { ($0.distanceKm ?? 99) <= 0.5 } && close.count < spots.count)
        let two = LunchSpots.filter(spots, by: LunchFilter(near: point, limit: 2), now: noon)
        #expect(two.map(\.name) == Array(sorted.prefix(2)).map(\.name))
    }

    @Test("the Overpass query asks for nodes and ways of the three amenities around the point, with centres")
    func query() {
        let query = LunchSpots.query(center: LunchFixtures.zurich, radiusMetres: 3000)
        #expect(query.hasPrefix("[out:json][timeout:25];"))
        #expect(query.contains(#"node["amenity"~"^(restaurant|cafe|fast_food)$"](around:3000,47.376900,8.541700);"#))
        #expect(query.contains(#"way["amenity"~"^(restaurant|cafe|fast_food)$"](around:3000,47.376900,8.541700);"#))
        #expect(query.hasSuffix("out center;"))
        #expect(LunchSpots.query(center: LunchFixtures.zurich, radiusMetres: -5).contains("(around:1,"))
        #expect(LunchSpots.query(center: LunchFixtures.zurich, radiusMetres: 10_000_000).contains("(around:50000,"))
        #expect(LunchSpots.query(center: LunchFixtures.zurich).contains("(around:3000,"))
    }

    @Test("answers that are not Overpass JSON throw; an empty list is fine")
    func badAnswers() throws {
        for body in ["", "<html>Too many requests</html>", "{}", #"{"elements": 5}"#, "[1,2]"] {
            #expect(throws: LunchError.self, "\(body)") {
                try LunchSpots.parse(overpassJSON: Data(body.utf8), today: LunchFixtures.monday)
            }
        }
        #expect(try LunchSpots.parse(overpassJSON: Data(#"{"elements": []}"#.utf8), today: LunchFixtures.monday) == [])
        do {
            _ = try LunchSpots.parse(overpassJSON: Data("{}".utf8), today: LunchFixtures.monday)
        } catch {
            #expect(error.description.contains("elements"))
        }
    }
}
