import Foundation
import SportsTime

/// What the Clubhouse home page shows of a traveller's next saved trip.
public struct TripGlance: Sendable, Equatable {
    public var name: String
    /// First pitch / puck drop of the trip's first game, and of its last.
    public var firstGame: Date
    public var lastGame: Date
    /// The cities of its games in order, each once in a row.
    public var cities: [String]
    public var games: Int

    public init(name: String, firstGame: Date, lastGame: Date, cities: [String], games: Int) {
        self.name = name
        self.firstGame = firstGame
        self.lastGame = lastGame
        self.cities = cities
        self.games = games
    }
}

extension SportsTimeApp {
    /// The cookie holding a traveller's token in the browser (the SportsTime web pages set it; the home page
    /// reads it to show the visitor's next trip).
    public static let travellerCookie = "st_traveller"

    /// The saved trip of the traveller holding `token` that is next: the one whose last game is still ahead and
    /// starts first. Nil for an unknown token or when no trip lies ahead.
    public func nextSavedTrip(travellerToken token: String, now: Date) async throws -> TripGlance? {
        guard !token.isEmpty, token.count <= 200, let traveller = try await travellers.find(token: token) else {
            return nil
        }
        let upcoming = try await trips.list(traveller: traveller).compactMap { stored -> TripGlance? in
            guard let saved = try? Self.decode(SavedTripBody.self, from: stored.body),
                let first = saved.option.games.map(\.start).min(), let last = saved.option.games.map(\.start).max(),
                last >= now
            else { return nil }
            let cities = saved.option.games.sorted { $0.start < $1.start }.map(\.city).reduce(into: [String]()) {
                if $0.last != $1 { $0.append($1) }
            }
            return TripGlance(
                name: saved.name, firstGame: first, lastGame: last, cities: cities, games: saved.option.games.count)
        }
        return upcoming.min { $0.firstGame < $1.firstGame }
    }
}
