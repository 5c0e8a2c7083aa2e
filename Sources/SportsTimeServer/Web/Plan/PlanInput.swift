import Foundation
import SportsTime

/// What the pages check before planning, so refused input names its field and offers fixes (the planner's own
/// ``PlanInputError`` carries only a sentence).
enum PlanInput {
    /// The first reason `query` cannot be planned as given, or nil.
    static func failure(_ query: PlanQuery, catalog: Catalog) -> PlanInputFailure? {
        for (field, text) in [(PlanQuery.Field.start, query.start), (.end, query.end)] {
            guard let text else { continue }
            if catalog.location(named: text) == nil {
                return .unknownPlace(field: field, text: text, similar: similarCities(text, catalog: catalog))
            }
        }
        if let team = query.team, query.mode == .followTeam, catalog.team(team) == nil {
            return .unknownTeam(field: .team, id: team.rawValue)
        }
        if query.mode == .teamFirst, let unknown = query.teams.first(where: { catalog.team($0) == nil }) {
            return .unknownTeam(field: .teams, id: unknown.rawValue)
        }
        if let from = query.from, let to = query.to, from <= to, from.days(to: to) + 1 > SportsTimeApp.Limits.days {
            return .tooManyDays(days: from.days(to: to) + 1, limit: SportsTimeApp.Limits.days)
        }
        if Set(query.teams).count > SportsTimeApp.Limits.teams {
            return .tooManyTeams(count: Set(query.teams).count, limit: SportsTimeApp.Limits.teams)
        }
        if Set(query.games).count > SportsTimeApp.Limits.mustSeeGames {
            return .tooManyGames(count: Set(query.games).count, limit: SportsTimeApp.Limits.mustSeeGames)
        }
        return nil
    }

    /// Venue cities ("Boston, MA") that look like `text`: same start, containing it, or a few letters apart.
    static func similarCities(_ text: String, catalog: Catalog, limit: Int = 5) -> [String] {
        let key = Catalog.normalized(text)
        guard !key.isEmpty else { return [] }
        let places = Array(Set(catalog.venues.values.map(\.place))).sorted()
        let scored = places.compactMap { place -> (String, Int)? in
            let city = Catalog.normalized(String(place.split(separator: ",").first ?? ""))
            if city.hasPrefix(key) || key.hasPrefix(city) { return (place, 0) }
            if city.contains(key) || key.contains(city) { return (place, 1) }
            if city.prefix(3) == key.prefix(3) { return (place, 2) }
            let distance = editDistance(city, key)
            return distance <= max(2, key.count / 3) ? (place, 2 + distance) : nil
        }
        return scored.sorted { $0.1 != $1.1 ? $0.1 < $1.1 : $0.0 < $1.0 }.prefix(limit).map(\.0)
    }

    /// Levenshtein distance (short strings: place names).
    static func editDistance(_ a: String, _ b: String) -> Int {
        let x = Array(a.prefix(40)), y = Array(b.prefix(40))
        guard !x.isEmpty else { return y.count }
        guard !y.isEmpty else { return x.count }
        var previous = Array(0...y.count)
        for i in 1...x.count {
            var current = [i] + Array(repeating: 0, count: y.count)
            for j in 1...y.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (x[i - 1] == y[j - 1] ? 0 : 1))
            }
            previous = current
        }
        return previous[y.count]
    }

    /// Names, dates and places of the query's must-see games, for the failure advice.
    static func gameInfo(_ ids: [GameID], catalog: Catalog) -> [GameID: FailureAdvice.GameInfo] {
        guard !ids.isEmpty else { return [:] }
        let wanted = Set(ids)
        let builder = ItineraryBuilder()
        var info: [GameID: FailureAdvice.GameInfo] = [:]
        for game in catalog.games where wanted.contains(game.id) {
            let planned = builder.plannedGame(game, catalog: catalog)
            info[game.id] = FailureAdvice.GameInfo(
                label: TripsComponents.matchup(planned), date: planned.localDate, city: planned.city,
                latitude: planned.latitude, longitude: planned.longitude)
        }
        return info
    }
}
