import Foundation
import Testing

@testable import TodayInSwitzerland

@Suite("Places catalog: sunshine places, snow resorts and deals")
struct PlacesCatalogTests {
    private func loaded() throws -> PlacesCatalog { try PlacesCatalog.load() }

    @Test("the bundled files load and validate without a single problem")
    func loadsAndValidatesClean() throws {
        let catalog = try loaded()
        #expect(catalog.sunshinePlaces.count == 29)
        #expect(catalog.snowResorts.count == 22)
        #expect(catalog.deals.count >= 25)
        #expect(catalog.validate() == [])
    }

    @Test("the sunshine places keep the original's table values and order")
    func sunshineTableValues() throws {
        let catalog = try loaded()
        let ids = catalog.sunshinePlaces.map(\.id)
        #expect(ids.first == "zurich")
        #expect(ids.last == "rapperswil")
        #expect(Array(ids.prefix(5)) == ["zurich", "lugano", "locarno", "bellinzona", "ascona"])

        let lugano = try #require(catalog.destination(id: "lugano"))
        #expect(lugano.lat == 46.0037 && lugano.lon == 8.9511)
        #expect(lugano.driveMinutes == 150)
        #expect(lugano.region == "Ticino" && lugano.regionDE == "Tessin")
        #expect(lugano.isBaseline == nil)

        let zurich = try #require(catalog.sunshinePlaces.first)
        #expect(zurich.isBaseline == true && zurich.driveMinutes == 0)
        #expect(catalog.sunshinePlaces.filter { $0.isBaseline == true }.count == 1)

        let sion = try #require(catalog.destination(id: "sion"))
        #expect(sion.nameDE == "Sitten" && sion.regionDE == "Wallis" && sion.driveMinutes == 165)
        let davos = try #require(catalog.sunshinePlaces.first { $0.id == "davos" })
        #expect(davos.lon == 9.836 && davos.region == "Graubünden")
        let luzern = try #require(catalog.sunshinePlaces.first { $0.id == "luzern" })
        #expect(luzern.name == "Lucerne" && luzern.nameDE == "Luzern")
    }

    @Test("the snow resorts keep the table values and spell Graubünden with its umlaut")
    func resortTableValues() throws {
        let catalog = try loaded()
        let resorts = Dictionary(uniqueKeysWithValues: catalog.snowResorts.map { ($0.id, $0) })
        let zermatt = try #require(resorts["zermatt"])
        #expect(zermatt.altitude == 1620 && zermatt.driveMinutes == 195)
        let sattel = try #require(resorts["sattel-hochstuckli"])
        #expect(sattel.driveMinutes == 40 && sattel.altitude == 1170)
        #expect(sattel.lat == 47.08 && sattel.lon == 8.63)
        #expect(resorts["stmoritz"]?.altitude == 1822)
        #expect(catalog.snowResorts.first?.id == "zermatt")
        #expect(catalog.snowResorts.last?.id == "sattel-hochstuckli")
        let graubuenden = catalog.snowResorts.filter { $0.regionDE == "Graubünden" }
        #expect(graubuenden.map(\.id) == ["davos", "stmoritz", "laax", "arosa", "lenzerheide", "klosters"])
        #expect(graubuenden.allSatisfy { $0.region == "Graubünden" })
        #expect(catalog.snowResorts.allSatisfy { $0.altitude != nil && $0.highlights == nil })
    }

    @Test("every escape has 2–3 highlights near it; the baseline has none")
    func highlightsNearTheirPlace() throws {
        let catalog = try loaded()
        for place in catalog.sunshinePlaces where place.isBaseline != true {
            let highlights = place.highlights ?? []
            #expect((2...3).contains(highlights.count), "\(place.id)")
            for highlight in highlights {
                let km = GeoPoint(lat: place.lat, lon: place.lon)
                    .kilometres(to: GeoPoint(lat: highlight.lat, lon: highlight.lon))
                #expect(km <= 30, "\(place.id): \(highlight.name) is \(km) km away")
            }
        }
        #expect(catalog.sunshinePlaces.first?.highlights == nil)
        let lugano = try #require(catalog.destination(id: "lugano"))
        #expect(lugano.highlights?.contains { $0.name == "Monte San Salvatore" } == true)
    }

    @Test("highlights carry the keys the iOS client decodes, not the worker's desc/cat")
    func highlightKeysForTheClient() throws {
        let catalog = try loaded()
        let data = try JSONEncoder().encode(catalog.sunshinePlaces)
        let places = try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
        var count = 0
        for place in places {
            for highlight in place["highlights"] as? [[String: Any]] ?? [] {
                count += 1
                for key in ["name", "nameDE", "type", "description", "descriptionDE"] {
                    let text = highlight[key] as? String
                    #expect(text?.isEmpty == false, "\(key) in \(place["id"] ?? "?")")
                }
                #expect(highlight["lat"] is Double && highlight["lon"] is Double)
                #expect(highlight["indoor"] is Bool)
                #expect(highlight["desc"] == nil && highlight["descDE"] == nil && highlight["cat"] == nil)
            }
        }
        #expect(count >= 56)
    }

    @Test("sunshine places carry isBaseline only on Zürich and no altitude")
    func baselineKeyOnlyOnZurich() throws {
        let catalog = try loaded()
        let data = try JSONEncoder().encode(catalog.sunshinePlaces)
        let places = try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
        let flagged = places.filter { $0["isBaseline"] != nil }.compactMap { $0["id"] as? String }
        #expect(flagged == ["zurich"])
        #expect(places.allSatisfy { $0["altitude"] == nil })
    }

    @Test("deals use known categories, types, cities and months")
    func dealsAreWellFormed() throws {
        let catalog = try loaded()
        let cities = Set(City.all.map(\.id) + ["all"])
        #expect(catalog.deals.allSatisfy { cities.contains($0.city) })
        #expect(Set(catalog.deals.map(\.category)) == Set(Deal.Category.allCases))
        #expect(Set(catalog.deals.map(\.type)) == Set(Deal.Kind.allCases))
        for city in City.all {
            #expect(catalog.deals.contains { $0.city == city.id }, "no deal for \(city.id)")
        }
        let seasonal = catalog.deals.filter { $0.category == .seasonal }
        #expect(seasonal.allSatisfy { !($0.validMonths ?? []).isEmpty })
        let cinemas = try #require(catalog.deals.first { $0.id == "open-air-cinemas" })
        #expect(cinemas.validMonths == [7, 8])
        let rinks = try #require(catalog.deals.first { $0.id == "ice-rinks" })
        #expect(rinks.validMonths == [11, 12, 1, 2])
        #expect(catalog.deals.contains { $0.id == "swiss-museum-pass" && $0.type == .deal })
        #expect(catalog.deals.contains { $0.id == "sbb-supersaver" && $0.type == .tip })
    }

    @Test("a broken copy is caught with readable problems")
    func brokenCopyIsCaught() throws {
        var broken = try loaded()
        broken.sunshinePlaces[1].isBaseline = true
        broken.sunshinePlaces[2].lat = 52.52
        broken.sunshinePlaces[3].highlights = Array((broken.sunshinePlaces[3].highlights ?? []).prefix(1))
        broken.sunshinePlaces[4].highlights?[0].lat = 46.9
        broken.sunshinePlaces[5].highlights?[0].descriptionDE = "  "
        broken.snowResorts[5].region = "Graubunden"
        broken.snowResorts[6].altitude = nil
        broken.snowResorts.append(broken.snowResorts[0])
        broken.deals[0].validMonths = [0, 13]
        broken.deals[1].city = "zug"
        broken.deals[2].nameDE = ""
        broken.deals.append(broken.deals[3])

        let problems = broken.validate()
        let expectedFragments = [
            "exactly one baseline (zurich) expected, found [zurich, lugano]",
            "Sunshine place locarno: coordinates 52.52",
            "Sunshine place bellinzona: 2–3 highlights expected, found 1",
            "Sunshine place ascona, highlight",
            "more than 30 km",
            "Sunshine place chur, highlight \"Chur old town\": descriptionDE is empty",
            "Snow resort davos: region is spelled \"Graubunden\"",
            "Snow resort stmoritz: altitude is missing",
            "Snow resorts: expected 22 entries, found 23",
            "Snow resorts: id \"zermatt\" is used twice",
            "month 0 is not between 1 and 12",
            "month 13 is not between 1 and 12",
            "city \"zug\" is neither a city id nor \"all\"",
            "nameDE is empty",
            "is used twice",
        ]
        for fragment in expectedFragments {
            #expect(problems.contains { $0.contains(fragment) }, "missing: \(fragment)\n\(problems)")
        }
    }

    @Test("garbage JSON throws a typed error that names the file and the place")
    func malformedJSONThrows() throws {
        let good = try JSONEncoder().encode([Destination]())
        let deals = try JSONEncoder().encode([Deal]())
        let missingLat = Data(
            #"[{"id":"x","name":"X","nameDE":"X","lon":8,"region":"r","regionDE":"r","driveMinutes":1}]"#.utf8)
        #expect(throws: PlacesCatalogError.self) {
            try PlacesCatalog.decode(destinations: Data("not json".utf8), resorts: good, deals: deals)
        }
        do {
            _ = try PlacesCatalog.decode(destinations: good, resorts: missingLat, deals: deals)
            Issue.record("decoding should have failed")
        } catch {
            guard case .malformed(let file, let reason) = error else {
                Issue.record("unexpected error \(error)")
                return
            }
            #expect(file == "resorts.json")
            #expect(reason.contains("lat") && reason.contains("[0]"))
            #expect(error.description.contains("resorts.json"))
        }
        let empty = try PlacesCatalog.decode(destinations: good, resorts: good, deals: deals)
        #expect(empty.validate().contains("Sunshine places: expected 29 entries, found 0."))
    }
}
