import Foundation

/// Why the venue and team table shipped with the library could not be loaded.
public enum BundledCatalogError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A resource file is not in the bundle (a packaging mistake).
    case missingResource(String)
    /// A resource file could not be read.
    case unreadable(String, reason: String)
    /// A resource file is not the JSON the library expects.
    case corrupt(String, reason: String)

    /// What went wrong and what to do about it, for a log or an error page.
    public var description: String {
        switch self {
        case .missingResource(let file):
            "The bundled file \(file) is missing from the SportsTime library; reinstall or rebuild it."
        case .unreadable(let file, let reason):
            "The bundled file \(file) could not be read (\(reason)); check the installation."
        case .corrupt(let file, let reason):
            "The bundled file \(file) is not valid venue/team data (\(reason)); rebuild the library from source."
        }
    }
}

extension Catalog {
    /// The catalogue of every venue and team the library ships (`venues.json`, `teams.json`), with `games`.
    /// - Throws: ``BundledCatalogError`` when a file is missing or corrupt.
    public static func bundled(games: [Game] = []) throws(BundledCatalogError) -> Catalog {
        let venues = try loadBundled([Venue].self, file: "venues")
        let teams = try loadBundled([Team].self, file: "teams")
        return Catalog(venues: venues, teams: teams, games: games)
    }

    /// Decodes the venue table from JSON data (an array of ``Venue``), e.g. an updated copy from a server.
    public static func decodeVenues(_ data: Data) throws(BundledCatalogError) -> [Venue] {
        try decode([Venue].self, from: data, file: "venues.json")
    }

    /// Decodes the team table from JSON data (an array of ``Team``).
    public static func decodeTeams(_ data: Data) throws(BundledCatalogError) -> [Team] {
        try decode([Team].self, from: data, file: "teams.json")
    }

    private static func loadBundled<T: Decodable>(_ type: T.Type, file: String) throws(BundledCatalogError) -> T {
        // `.copy("Resources")` keeps the folder, so the files sit in a `Resources` subdirectory of the bundle.
        guard
            let url = Bundle.module.url(forResource: file, withExtension: "json", subdirectory: "Resources")
                ?? Bundle.module.url(forResource: file, withExtension: "json")
        else { throw .missingResource("\(file).json") }
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw .unreadable("\(file).json", reason: error.localizedDescription)
        }
        return try decode(type, from: data, file: "\(file).json")
    }

    private static func decode<T: Decodable>(
        _ type: T.Type, from data: Data, file: String
    )
        throws(BundledCatalogError) -> T
    {
        do {
            return try JSONDecoder().decode(type, from: data)
        } catch let error as DecodingError {
            throw .corrupt(file, reason: Self.describe(error))
        } catch {
            throw .corrupt(file, reason: String(describing: error))
        }
    }

    private static func describe(_ error: DecodingError) -> String {
        func path(_ context: DecodingError.Context) -> String {
            let keys = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
            return keys.isEmpty ? "top level" : keys
        }
        switch error {
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context):
            return "\(path(context)): \(context.debugDescription)"
        case .keyNotFound(let key, let context):
            return "\(path(context)): missing key \(key.stringValue)"
        @unknown default:
            return String(describing: error)
        }
    }
}
