import Foundation
import Testing

@testable import TodayInSwitzerland

@Suite("Bundled activities and city events")
struct ActivityCatalogTests {
    static func catalog() throws -> ActivityCatalog { try ActivityCatalog.load() }

    @Test("the bundled files load and validate without a single problem")
    func loadsClean() throws {
        let catalog = try Self.catalog()
        #expect(catalog.validate() == [])
        #expect(try ActivityCatalog.bundled.get() == catalog)
    }

    @Test("every city has at least 15 curated activities, each in that city")
    func curatedPerCity() throws {
        let catalog = try Self.catalog()
        for city in City.all {
            let list = catalog.activities(city: city.id)
            #expect(list.count >= 15, "\(city.id) has \(list.count)")
            #expect(list.allSatisfy { $0.city == city.id && $0.lat != nil && $0.lon != nil })
            #expect(list.allSatisfy { $0.category != .seasonal && $0.category != .stayhome })
        }
        #expect(catalog.activities(city: "atlantis").isEmpty)
    }

    @Test("seasonal items carry a season and months; outdoor pools are summer-only and rinks winter-only")
    func seasonalItems() throws {
        let catalog = try Self.catalog()
        #expect(catalog.seasonal.count >= 12)
        #expect(catalog.seasonal.allSatisfy { $0.season != nil && !($0.availableMonths ?? []).isEmpty })
        #expect(catalog.seasonal(city: "zurich").contains { $0.id == "zurich-christkindlimarkt" })
        let rinks = catalog.activities.filter { $0.id.contains("ice-rink") }
        #expect(rinks.count >= 5)
        #expect(rinks.allSatisfy { ($0.availableMonths ?? []).contains(1) && !($0.availableMonths ?? []).contains(7) })
        let outdoorPools = try [
            "zurich-strandbad-mythenquai", "basel-gartenbad-eglisee", "bern-marzili", "geneva-baby-plage",
            "geneva-bains-des-paquis", "lausanne-bellerive-plage", "luzern-lido", "winterthur-freibad-wolfensberg",
        ].map { id in try #require(catalog.activity(id: id)) }
        #expect(outdoorPools.count >= 8)
        #expect(outdoorPools.allSatisfy { $0.availableMonths == [5, 6, 7, 8, 9] })
    }

    @Test("the Zibelemärit sits in Bern (the original had latitude 47.948) in late-November season")
    func zibelemaerit() throws {
        let item = try #require(try Self.catalog().activity(id: "bern-zibelemaerit"))
        let lat = try #require(item.lat)
        #expect(abs(lat - 46.948) < 0.01)
        #expect(item.availableMonths == [11])
        #expect(item.season == "autumn")
    }

    @Test("40 stay-home ideas, eight per subcategory, with materials in both languages and no place")
    func stayHome() throws {
        let home = try Self.catalog().stayHome
        #expect(home.count == 40)
        let counts = Dictionary(grouping: home, by: { $0.subcategory ?? "" }).mapValues(\.count)
        #expect(counts == ["sensory": 8, "art": 8, "active": 8, "pretend": 8, "kitchen": 8])
        for item in home {
            #expect(item.city == nil && item.lat == nil && item.lon == nil && item.price == nil && item.url == nil)
            #expect(!(item.materials ?? "").isEmpty && !(item.materialsDE ?? "").isEmpty)
            #expect(item.minAge != nil && item.maxAge != nil)
        }
    }

    @Test("every city has at least 12 events in 2026 and in 2027, all with German texts")
    func eventsPerCityAndYear() throws {
        let catalog = try Self.catalog()
        for city in City.all {
            for year in [2026, 2027] {
                let count = catalog.events(city: city.id).filter { $0.startDate.year == year }.count
                #expect(count >= 12, "\(city.id) \(year): \(count)")
            }
        }
        for event in catalog.events {
            #expect(!event.nameDE.isEmpty && !event.descriptionDE.isEmpty, "\(event.id)")
            #expect(event.nameDE != "" && event.descriptionDE != event.description, "\(event.id)")
        }
    }

    @Test("fixed-rule festivals fall on their real dates")
    func knownDates() throws {
        let catalog = try Self.catalog()
        func dates(_ id: String) -> String? {
            catalog.events.first { $0.id == id }.map { "\($0.startDate)..\($0.endDate)" }
        }
        #expect(dates("zurich-sechselaeuten-2026") == "2026-04-20..2026-04-20")
        #expect(dates("zurich-sechselaeuten-2027") == "2027-04-19..2027-04-19")
        #expect(dates("zurich-knabenschiessen-2026") == "2026-09-12..2026-09-14")
        #expect(dates("basel-fasnacht-2026") == "2026-02-23..2026-02-25")
        #expect(dates("basel-fasnacht-2027") == "2027-02-15..2027-02-17")
        #expect(dates("luzern-fasnacht-2026") == "2026-02-12..2026-02-17")
        #expect(dates("bern-zibelemaerit-2026") == "2026-11-23..2026-11-23")
        #expect(dates("bern-zibelemaerit-2027") == "2027-11-22..2027-11-22")
        #expect(catalog.events.first { $0.id == "zurich-street-parade-2026" }?.toddlerFriendly == false)
    }

    @Test("events of a city come by start date, and a date window finds the ones running in it")
    func eventQueries() throws {
        let catalog = try Self.catalog()
        let zurich = catalog.events(city: "zurich")
        #expect(zurich == zurich.sorted { ($0.startDate, $0.id) < ($1.startDate, $1.id) })
        let day = try #require(CivilDate("2026-12-20"))
        let december = catalog.events(city: "zurich", from: day, to: day).map(\.id)
        #expect(december.contains("zurich-christkindlimarkt-2026"))
        #expect(!december.contains("zurich-sechselaeuten-2026"))
    }

    // MARK: JSON shapes the iOS client requires (API notes, section 14)

    static let activityRequired: [String: Kind] = [
        "id": .string, "name": .string, "nameDE": .string, "description": .string, "descriptionDE": .string,
        "indoor": .bool, "ageRange": .string, "duration": .string, "category": .string,
    ]
    static let activityOptional: [String: Kind] = [
        "city": .string, "price": .string, "priceDE": .string, "url": .string, "lat": .number, "lon": .number,
        "minAge": .integer, "maxAge": .integer, "season": .string, "free": .bool, "recurring": .string,
        "availableMonths": .integers, "subcategory": .string, "materials": .string, "materialsDE": .string,
    ]
    static let eventRequired: [String: Kind] = [
        "id": .string, "name": .string, "nameDE": .string, "city": .string, "startDate": .string, "endDate": .string,
        "description": .string, "descriptionDE": .string, "toddlerFriendly": .bool, "free": .bool,
    ]

    enum Kind { case string, bool, number, integer, integers }

    /// A JSON value as it is written (JSONDecoder reads a Bool only from true/false and a number only from digits).
    enum JSONValue: Decodable {
        case null, bool(Bool), number(Double), string(String), array([JSONValue]), object([String: JSONValue])

        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if container.decodeNil() {
                self = .null
            } else if let value = try? container.decode(Bool.self) {
                self = .bool(value)
            } else if let value = try? container.decode(Double.self) {
                self = .number(value)
            } else if let value = try? container.decode(String.self) {
                self = .string(value)
            } else if let value = try? container.decode([JSONValue].self) {
                self = .array(value)
            } else {
                self = .object(try container.decode([String: JSONValue].self))
            }
        }

        var isNull: Bool { if case .null = self { true } else { false } }
    }

    static func matches(_ value: JSONValue, _ kind: Kind) -> Bool {
        switch (kind, value) {
        case (.string, .string), (.bool, .bool), (.number, .number): true
        case (.integer, .number(let number)): number == number.rounded()
        case (.integers, .array(let items)): items.allSatisfy { matches($0, .integer) }
        default: false
        }
    }

    /// Problems of each object against required (present, non-null, right type) and optional (right type when
    /// present and non-null) keys; keys outside both lists are reported too, so no stray key goes unnoticed.
    static func shapeProblems(
        _ objects: [[String: JSONValue]], required: [String: Kind], optional: [String: Kind] = [:],
        extra: Set<String> = []
    ) -> [String] {
        var problems: [String] = []
        for object in objects {
            let id = if case .string(let text) = object["id"] { text } else { "?" }
            for (key, kind) in required {
                guard let value = object[key], !value.isNull else {
                    problems.append("\(id): required \(key) missing or null")
                    continue
                }
                if !matches(value, kind) { problems.append("\(id): \(key) has the wrong type") }
            }
            for (key, value) in object where required[key] == nil {
                if let kind = optional[key] {
                    if !value.isNull && !matches(value, kind) { problems.append("\(id): \(key) has the wrong type") }
                } else if !extra.contains(key) {
                    problems.append("\(id): unexpected key \(key)")
                }
            }
        }
        return problems
    }

    static func objects(_ data: Data) throws -> [[String: JSONValue]] {
        try JSONDecoder().decode([[String: JSONValue]].self, from: data)
    }

    @Test("the raw JSON files have every key the iOS client requires, non-null and of the right type")
    func rawShapes() throws {
        let activities = try Self.objects(try ActivityCatalog.bundledData("activities"))
        let events = try Self.objects(try ActivityCatalog.bundledData("events"))
        #expect(activities.count == (try Self.catalog()).activities.count)
        #expect(
            Self.shapeProblems(activities, required: Self.activityRequired, optional: Self.activityOptional) == [])
        #expect(Self.shapeProblems(events, required: Self.eventRequired, extra: ["url"]) == [])
        #expect(events.allSatisfy { if case .string = $0["url"] { true } else { false } })
    }

    @Test("what the server re-encodes keeps the client's shapes and round-trips")
    func encodedShapes() throws {
        let catalog = try Self.catalog()
        let activityData = try JSONEncoder().encode(catalog.activities)
        let eventData = try JSONEncoder().encode(catalog.events)
        #expect(
            Self.shapeProblems(
                try Self.objects(activityData), required: Self.activityRequired, optional: Self.activityOptional) == [])
        #expect(Self.shapeProblems(try Self.objects(eventData), required: Self.eventRequired, extra: ["url"]) == [])
        #expect(try ActivityCatalog.decode(activities: activityData, events: eventData) == catalog)
    }

    @Test("a missing German text or a wrong type is reported with the file and the path")
    func corruptData() throws {
        let missing = Data(#"[{"id":"x","name":"X","description":"d","descriptionDE":"d","indoor":true}]"#.utf8)
        #expect(throws: ActivityCatalogError.self) { try ActivityCatalog.decodeActivities(missing) }
        do {
            _ = try ActivityCatalog.decodeEvents(Data(#"[{"id": 3}]"#.utf8))
            Issue.record("expected an error")
        } catch {
            guard case .corrupt(let file, let reason) = error else {
                Issue.record("unexpected \(error)")
                return
            }
            #expect(file == "events.json")
            #expect(reason.contains("[0]"))
            #expect(error.description.contains("events.json"))
        }
        #expect(throws: ActivityCatalogError.self) { try ActivityCatalog.decodeEvents(Data("not json".utf8)) }
    }

    // MARK: Validation catches broken copies

    @Test("a broken copy of the catalogue is caught, each problem naming its item")
    func brokenCopy() throws {
        var catalog = try Self.catalog()
        func index(_ id: String) throws -> Int { try #require(catalog.activities.firstIndex { $0.id == id }) }

        // Duplicate id.
        catalog.activities.append(catalog.activities[try index("zurich-zoo")])
        // The original's Zibelemärit typo: 47.948 puts it about 111 km north of Bern.
        catalog.activities[try index("bern-zibelemaerit")].lat = 47.948
        // Missing German text.
        catalog.activities[try index("basel-zoo")].descriptionDE = " "
        // Impossible month and ages the wrong way round.
        catalog.activities[try index("geneva-baby-plage")].availableMonths = [5, 13]
        catalog.activities[try index("luzern-lido")].minAge = 5
        catalog.activities[try index("luzern-lido")].maxAge = 2
        // A stay-home idea with a place.
        catalog.activities[try index("home-rice-bin")].lat = 47.0
        catalog.activities[try index("home-rice-bin")].lon = 8.0
        // A season that never meets its months.
        catalog.activities[try index("lausanne-bo-noel")].season = "summer"
        // A price saying free without the flag.
        catalog.activities[try index("winterthur-stadtgarten")].free = nil
        // Events: ends before it starts, German name missing, unknown city.
        let eventIndex = try #require(catalog.events.firstIndex { $0.id == "bern-zibelemaerit-2026" })
        catalog.events[eventIndex].endDate = try #require(CivilDate("2026-11-01"))
        catalog.events[0].nameDE = ""
        catalog.events.append(
            CityEvent(
                id: "zug-fair-2026", name: "Fair", nameDE: "Messe", city: "zug",
                startDate: try #require(CivilDate("2026-05-01")), endDate: try #require(CivilDate("2026-05-02")),
                description: "A fair.", descriptionDE: "Eine Messe.", toddlerFriendly: true, free: true))

        let problems = catalog.validate()
        let expected = [
            "activity zurich-zoo: duplicate id",
            "activity bern-zibelemaerit: coordinates 47.948",
            "activity basel-zoo: descriptionDE is empty",
            "activity geneva-baby-plage: month 13",
            "activity luzern-lido: minAge 5 is greater than maxAge 2",
            "activity home-rice-bin: stay-home items have no coordinates",
            "activity lausanne-bo-noel: season summer contains none of the months",
            "activity winterthur-stadtgarten: price says free",
            "event bern-zibelemaerit-2026: startDate 2026-11-23 is after endDate 2026-11-01",
            "event \(catalog.events[0].id): nameDE is empty",
            "event zug-fair-2026: city \"zug\"",
        ]
        for prefix in expected {
            #expect(problems.contains { $0.hasPrefix(prefix) }, "missing: \(prefix)")
        }
        #expect(problems.count == expected.count + 1, "\(problems)")  // Lido also disagrees with its "2-5 years".
    }

    @Test("ids must be kebab-case and carry their city; urls must be https")
    func idAndURLRules() throws {
        var catalog = try Self.catalog()
        let zoo = try #require(catalog.activities.firstIndex { $0.id == "zurich-zoo" })
        catalog.activities[zoo].id = "Zurich_Zoo"
        catalog.activities[zoo].url = "www.zoo.ch"
        let problems = catalog.validate()
        #expect(problems.contains("activity Zurich_Zoo: id must be lowercase words joined by hyphens"))
        #expect(problems.contains("activity Zurich_Zoo: id must start with \"zurich-\""))
        #expect(problems.contains("activity Zurich_Zoo: url \"www.zoo.ch\" is not an https address"))
    }
}
