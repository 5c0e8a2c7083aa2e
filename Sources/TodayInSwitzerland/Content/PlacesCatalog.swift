import Foundation

/// Why the bundled places could not be loaded.
public enum PlacesCatalogError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The resource file is not in the bundle (a packaging mistake).
    case missingResource(String)
    /// The resource file exists but could not be read.
    case unreadable(file: String, reason: String)
    /// The resource file is not valid JSON of the expected shape.
    case malformed(file: String, reason: String)

    /// A message that tells the reader what went wrong and what to do.
    public var description: String {
        switch self {
        case .missingResource(let name):
            "The bundled file \(name) is missing; rebuild the package so its Resources folder is copied."
        case .unreadable(let file, let reason):
            "The bundled file \(file) could not be read (\(reason)); check the installation."
        case .malformed(let file, let reason):
            "The bundled file \(file) is not valid place data (\(reason)); fix the JSON and rebuild."
        }
    }
}

/// The static places of the app: the sunshine destinations (Zürich as baseline plus 28 escapes with highlights),
/// the snow resorts and the deals, as bundled JSON in the original worker's shapes.
public struct PlacesCatalog: Sendable, Equatable {
    /// Sunshine destinations in the original's config order, Zürich (the baseline) first.
    public var sunshinePlaces: [Destination]
    /// Snow resorts in the original's config order.
    public var snowResorts: [Destination]
    /// Deals, free offers and tips for the seven cities (or "all").
    public var deals: [Deal]

    /// The number of sunshine places the original ranks (28 escapes plus the Zürich baseline).
    public static let expectedSunshineCount = 29
    /// The number of snow resorts the original ranks.
    public static let expectedResortCount = 22
    /// The id of the one baseline place.
    public static let baselineID = "zurich"
    /// Highlights must lie within this distance of their place, in kilometres.
    public static let highlightRadiusKm = 30.0
    /// The latitude box every place must fall in (Switzerland plus Como, Konstanz and Lindau).
    public static let latitudeRange = 45.5...48.0
    /// The longitude box every place must fall in.
    public static let longitudeRange = 5.8...10.6

    /// A catalog from values (tests, or data from elsewhere); call ``validate()`` to check it.
    public init(sunshinePlaces: [Destination], snowResorts: [Destination], deals: [Deal]) {
        self.sunshinePlaces = sunshinePlaces
        self.snowResorts = snowResorts
        self.deals = deals
    }

    /// Loads the bundled `destinations.json`, `resorts.json` and `deals.json`.
    public static func load() throws(PlacesCatalogError) -> PlacesCatalog {
        try PlacesCatalog(
            sunshinePlaces: decode([Destination].self, from: resourceData("destinations"), file: "destinations.json"),
            snowResorts: decode([Destination].self, from: resourceData("resorts"), file: "resorts.json"),
            deals: decode([Deal].self, from: resourceData("deals"), file: "deals.json"))
    }

    /// Decodes a catalog from the three files' contents (the same decoding as ``load()``).
    public static func decode(
        destinations: Data, resorts: Data, deals: Data
    ) throws(PlacesCatalogError)
        -> PlacesCatalog
    {
        try PlacesCatalog(
            sunshinePlaces: decode([Destination].self, from: destinations, file: "destinations.json"),
            snowResorts: decode([Destination].self, from: resorts, file: "resorts.json"),
            deals: decode([Deal].self, from: deals, file: "deals.json"))
    }

    /// The sunshine place or resort with `id` (sunshine places first), nil when unknown.
    public func destination(id: String) -> Destination? {
        sunshinePlaces.first { $0.id == id } ?? snowResorts.first { $0.id == id }
    }

    /// Every problem found in the data, as readable sentences; empty when the catalog is sound.
    public func validate() -> [String] {
        var problems: [String] = []
        problems += validateSunshinePlaces()
        problems += validateResorts()
        problems += validateDeals()
        return problems
    }

    // MARK: - Validation

    private func validateSunshinePlaces() -> [String] {
        var problems: [String] = []
        if sunshinePlaces.count != Self.expectedSunshineCount {
            problems.append(
                "Sunshine places: expected \(Self.expectedSunshineCount) entries, found \(sunshinePlaces.count).")
        }
        problems += Self.duplicates(sunshinePlaces.map(\.id)).map { "Sunshine places: id \"\($0)\" is used twice." }
        let baselines = sunshinePlaces.filter { $0.isBaseline == true }
        if baselines.map(\.id) != [Self.baselineID] {
            problems.append(
                "Sunshine places: exactly one baseline (\(Self.baselineID)) expected, found "
                    + "[\(baselines.map(\.id).joined(separator: ", "))].")
        }
        for place in sunshinePlaces {
            let label = "Sunshine place \(place.id)"
            problems += Self.checkCommon(place, label: label)
            if place.isBaseline == false {
                problems.append("\(label): isBaseline must be absent rather than false (as the original sends it).")
            }
            if place.altitude != nil {
                problems.append("\(label): altitude belongs to snow resorts only.")
            }
            guard place.isBaseline != true else { continue }
            if place.driveMinutes <= 0 {
                problems.append("\(label): drive minutes must be positive, found \(place.driveMinutes).")
            }
            let highlights = place.highlights ?? []
            if !(2...3).contains(highlights.count) {
                problems.append("\(label): 2–3 highlights expected, found \(highlights.count).")
            }
            for highlight in highlights {
                problems += Self.checkHighlight(highlight, of: place, label: label)
            }
        }
        return problems
    }

    private func validateResorts() -> [String] {
        var problems: [String] = []
        if snowResorts.count != Self.expectedResortCount {
            problems.append("Snow resorts: expected \(Self.expectedResortCount) entries, found \(snowResorts.count).")
        }
        problems += Self.duplicates(snowResorts.map(\.id)).map { "Snow resorts: id \"\($0)\" is used twice." }
        for resort in snowResorts {
            let label = "Snow resort \(resort.id)"
            problems += Self.checkCommon(resort, label: label)
            if let altitude = resort.altitude {
                if !(200...4000).contains(altitude) {
                    problems.append("\(label): altitude \(altitude) m is not a village altitude.")
                }
            } else {
                problems.append("\(label): altitude is missing (the iOS client requires it).")
            }
            if resort.isBaseline != nil { problems.append("\(label): resorts have no baseline flag.") }
            if resort.driveMinutes <= 0 {
                problems.append("\(label): drive minutes must be positive, found \(resort.driveMinutes).")
            }
        }
        return problems
    }

    private func validateDeals() -> [String] {
        var problems: [String] = []
        if deals.isEmpty { problems.append("Deals: the list is empty.") }
        problems += Self.duplicates(deals.map(\.id)).map { "Deals: id \"\($0)\" is used twice." }
        for deal in deals {
            let label = "Deal \(deal.id)"
            if deal.id.isBlank { problems.append("Deal with name \"\(deal.name)\": id is empty.") }
            problems += Self.blankTexts(
                [
                    ("name", deal.name), ("nameDE", deal.nameDE), ("description", deal.description),
                    ("descriptionDE", deal.descriptionDE),
                ], label: label)
            if deal.city != "all" && City.find(deal.city) == nil {
                problems.append("\(label): city \"\(deal.city)\" is neither a city id nor \"all\".")
            }
            if let months = deal.validMonths {
                if months.isEmpty { problems.append("\(label): validMonths is empty; leave it out instead.") }
                for month in months where !(1...12).contains(month) {
                    problems.append("\(label): month \(month) is not between 1 and 12.")
                }
                if Set(months).count != months.count { problems.append("\(label): validMonths repeats a month.") }
            } else if deal.category == .seasonal {
                problems.append("\(label): seasonal deals need validMonths.")
            }
            if let url = deal.url, !Self.isWebAddress(url) {
                problems.append("\(label): url \"\(url)\" is not an http(s) address.")
            }
        }
        return problems
    }

    private static func checkCommon(_ place: Destination, label: String) -> [String] {
        var problems = blankTexts(
            [
                ("id", place.id), ("name", place.name), ("nameDE", place.nameDE), ("region", place.region),
                ("regionDE", place.regionDE),
            ], label: label)
        problems += checkCoordinates(lat: place.lat, lon: place.lon, label: label)
        // The original wrote "Graubunden" in the snow list; both lists now use the proper spelling.
        if place.region == "Graubunden" || place.regionDE == "Graubunden" {
            problems.append("\(label): region is spelled \"Graubunden\"; use \"Graubünden\".")
        }
        return problems
    }

    private static func checkHighlight(_ highlight: Highlight, of place: Destination, label: String) -> [String] {
        let named = "\(label), highlight \"\(highlight.name)\""
        var problems = blankTexts(
            [
                ("name", highlight.name), ("nameDE", highlight.nameDE), ("type", highlight.type),
                ("description", highlight.description), ("descriptionDE", highlight.descriptionDE),
            ], label: named)
        problems += checkCoordinates(lat: highlight.lat, lon: highlight.lon, label: named)
        let distance = GeoPoint(lat: place.lat, lon: place.lon)
            .kilometres(to: GeoPoint(lat: highlight.lat, lon: highlight.lon))
        if !(distance <= highlightRadiusKm) {
            let shown = distance.isFinite ? String(Int(distance.rounded())) : "?"
            problems.append("\(named): \(shown) km away, more than \(Int(highlightRadiusKm)) km.")
        }
        return problems
    }

    private static func checkCoordinates(lat: Double, lon: Double, label: String) -> [String] {
        latitudeRange.contains(lat) && longitudeRange.contains(lon)
            ? [] : ["\(label): coordinates \(lat), \(lon) lie outside the Swiss box (lat 45.5–48.0, lon 5.8–10.6)."]
    }

    private static func blankTexts(_ fields: [(String, String)], label: String) -> [String] {
        fields.filter { $0.1.isBlank }.map { "\(label): \($0.0) is empty." }
    }

    private static func duplicates(_ ids: [String]) -> [String] {
        var seen: Set<String> = []
        var repeated: [String] = []
        for id in ids where !seen.insert(id).inserted && !repeated.contains(id) {
            repeated.append(id)
        }
        return repeated
    }

    private static func isWebAddress(_ text: String) -> Bool {
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), url.host != nil else { return false }
        return scheme == "https" || scheme == "http"
    }

    // MARK: - Loading

    private static func resourceData(_ name: String) throws(PlacesCatalogError) -> Data {
        let file = "\(name).json"
        guard let url = Bundle.module.url(forResource: name, withExtension: "json", subdirectory: "Resources") else {
            throw .missingResource(file)
        }
        do {
            return try Data(contentsOf: url)
        } catch {
            throw .unreadable(file: file, reason: error.localizedDescription)
        }
    }

    private static func decode<T: Decodable>(
        _ type: T.Type, from data: Data, file: String
    )
        throws(PlacesCatalogError) -> T
    {
        do {
            return try JSONDecoder().decode(type, from: data)
        } catch let error as DecodingError {
            throw .malformed(file: file, reason: error.readableDescription)
        } catch {
            throw .malformed(file: file, reason: error.localizedDescription)
        }
    }

}

extension String {
    fileprivate var isBlank: Bool { trimmingCharacters(in: .whitespacesAndNewlines).isEmpty }
}
