import Foundation
import ServerKit
import SportsTime

/// Why a query could not even be planned: what the web layer checks before calling the planner (the limits of
/// ``SportsTimeApp/plan(_:start:end:topK:)`` and places it cannot resolve), each tied to the field at fault.
enum PlanInputFailure: Sendable, Equatable {
    /// A start or end the catalogue does not know, with venue cities that look alike.
    case unknownPlace(field: PlanQuery.Field, text: String, similar: [String])
    /// More days than the planner takes at once.
    case tooManyDays(days: Int, limit: Int)
    /// More teams than team-first takes.
    case tooManyTeams(count: Int, limit: Int)
    /// More must-see games than game-first takes.
    case tooManyGames(count: Int, limit: Int)
    /// A team id the catalogue does not know.
    case unknownTeam(field: PlanQuery.Field, id: String)
    /// Anything else the planner refused (its message).
    case other(message: String)

    /// Stable code for `data-failure`.
    var code: String {
        switch self {
        case .unknownPlace: "unknownPlace"
        case .tooManyDays: "tooManyDays"
        case .tooManyTeams: "tooManyTeams"
        case .tooManyGames: "tooManyGames"
        case .unknownTeam: "unknownTeam"
        case .other: "badInput"
        }
    }

    /// The field the failure marks.
    var field: PlanQuery.Field? {
        switch self {
        case .unknownPlace(let field, _, _), .unknownTeam(let field, _): field
        case .tooManyDays: .to
        case .tooManyTeams: .teams
        case .tooManyGames: .games
        case .other: nil
        }
    }

    /// What went wrong, in plain words.
    var message: String {
        switch self {
        case .unknownPlace(_, let text, let similar):
            "We don't know the place '\(text)'. Name a city with a venue, or a position like 42.35,-71.06."
                + (similar.isEmpty ? "" : " Did you mean \(similar.joined(separator: ", "))?")
        case .tooManyDays(let days, let limit):
            "Trips can be at most \(limit) days long; these dates span \(days) days."
        case .tooManyTeams(let count, let limit): "Choose at most \(limit) teams (you chose \(count))."
        case .tooManyGames(let count, let limit): "Choose at most \(limit) must-see games (you chose \(count))."
        case .unknownTeam(_, let id): "We don't know the team '\(id)'. Pick one from the list."
        case .other(let message): message
        }
    }
}

/// One way out of a failure: a link to the options (or the wizard, to fix a field by hand) with one thing changed.
struct Fix: Sendable, Equatable {
    /// Where the fix leads.
    enum Target: Sendable, Equatable {
        /// Plan this query instead.
        case options(PlanQuery)
        /// Open the wizard with this query and put the focus on a field.
        case wizard(PlanQuery, field: PlanQuery.Field)
        /// Another page (e.g. the schedule, to pick games).
        case page(String)
    }

    /// A stable key for tests and scripts (`add-driver`, `more-hours`, `widen-dates`, …).
    var key: String
    /// The link's words ("Add a driver (2 drivers, 16 h a day)").
    var label: String
    var target: Target

    /// The link.
    var url: String {
        switch target {
        case .options(let query): TripsPageURL.options.path(query: query.queryString)
        case .wizard(let query, let field):
            TripsPageURL.wizard.path(["mode": query.mode.slug], query: query.queryString) + "#field-\(field.rawValue)"
        case .page(let url): url
        }
    }

    /// The query the fix plans, if it plans one.
    var query: PlanQuery? {
        if case .options(let query) = target { return query }
        return nil
    }
}

/// Concrete fixes for planning failures and refused input: each a link to the same query with one change, so they
/// work without JavaScript (the notes' table "Planning failures").
enum FailureAdvice {
    /// What the advice may know about the query's must-see games (names, dates, places), looked up in the catalogue.
    struct GameInfo: Sendable, Equatable {
        var label: String
        var date: LocalDate
        var city: String
        var latitude: Double
        var longitude: Double
    }

    /// Fixes for a planning failure of `query`, best first. `games` names the must-see games (ids it lacks are
    /// shown as ids).
    static func fixes(
        for failure: PlanningFailure, query: PlanQuery, games: [GameID: GameInfo] = [:]
    ) -> [Fix] {
        var fixes: [Fix] = []
        switch failure {
        case .noGamesInRange:
            if query.mode != .followTeam && query.mode != .teamFirst && query.mode != .gameFirst
                && query.sports.count < League.allCases.count
            {
                fixes.append(
                    Fix(
                        key: "all-sports", label: "Add every sport",
                        target: .options(query.with { $0.sports = League.allCases })))
            }
            if query.mode == .gameFirst {
                fixes.append(
                    Fix(key: "pick-games", label: "Pick games in the schedule", target: .page(scheduleURL(query))))
            }
            fixes += widenDates(query)
            fixes += allRegions(query)
        case .noValidRoutes:
            fixes += addDriver(query)
            if query.hours < 10 {
                fixes.append(
                    Fix(
                        key: "more-hours", label: "Allow 10 h per driver",
                        target: .options(query.with { $0.hours = 10 })))
            }
            if query.leisure != .packed {
                fixes.append(
                    Fix(
                        key: "packed", label: "Pick a packed pace (up to 2 games a day)",
                        target: .options(query.with { $0.leisure = .packed })))
            }
            fixes += widenDates(query)
        case .missingDateRange:
            fixes.append(Fix(key: "focus-from", label: "Choose the dates", target: .wizard(query, field: .from)))
            if let from = query.from, let to = query.to, to < from {
                fixes.append(
                    Fix(
                        key: "swap-dates", label: "Swap the dates (\(from) to \(to))",
                        target: .options(
                            query.with {
                                $0.from = to; $0.to = from
                            })))
            }
        case .missingLocations:
            let field: PlanQuery.Field = query.start == nil ? .start : .end
            fixes.append(
                Fix(
                    key: "focus-\(field.rawValue)", label: "Choose where to start and end",
                    target: .wizard(query, field: field)))
            if let start = query.start, query.end == nil {
                fixes.append(
                    Fix(
                        key: "end-at-start", label: "End where you start (\(start))",
                        target: .options(query.with { $0.end = start })))
            }
        case .missingTeamSelection:
            let field: PlanQuery.Field = query.mode == .teamFirst ? .teams : .team
            fixes.append(Fix(key: "focus-team", label: "Choose a team", target: .wizard(query, field: field)))
        case .dateRangeViolation(let outside):
            let dates = outside.compactMap { games[$0]?.date }
            if let from = query.from, let to = query.to {
                let newFrom = min(from, dates.min() ?? from.adding(days: -3))
                let newTo = max(to, dates.max() ?? to.adding(days: 3))
                if newFrom.days(to: newTo) + 1 <= SportsTimeApp.Limits.days {
                    fixes.append(
                        Fix(
                            key: "stretch-dates", label: "Stretch the dates to \(newFrom) – \(newTo)",
                            target: .options(
                                query.with {
                                    $0.from = newFrom; $0.to = newTo
                                })))
                }
            }
            let remaining = query.games.filter { !outside.contains($0) }
            if !remaining.isEmpty {
                fixes.append(
                    Fix(
                        key: "remove-outside",
                        label: outside.count == 1
                            ? "Remove \(name(outside[0], games))"
                            : "Remove the \(outside.count) games outside the dates",
                        target: .options(query.with { $0.games = remaining })))
            }
        case .drivingExceedsLimit(let needed, _):
            fixes += addDriver(query)
            let perDriver = (needed / Double(query.drivers)).rounded(.up)
            if perDriver <= 12 && perDriver > query.hours {
                fixes.append(
                    Fix(
                        key: "more-hours", label: "Allow \(PlanQuery.number(perDriver)) h per driver",
                        target: .options(query.with { $0.hours = perDriver })))
            }
            if let farthest = farthestGame(query.games, games) {
                fixes.append(
                    Fix(
                        key: "drop-farthest", label: "Drop the farthest game (\(name(farthest, games)))",
                        target: .options(query.with { $0.games.removeAll { $0 == farthest } })))
            }
        case .repeatCityViolation(let city):
            fixes.append(
                Fix(
                    key: "allow-repeats", label: "Allow visiting \(city) on more than one day",
                    target: .options(query.with { $0.repeatCities = true })))
            let there = query.games.filter { games[$0]?.city == city }
            if !there.isEmpty && there.count < query.games.count {
                fixes.append(
                    Fix(
                        key: "remove-city-games", label: "Remove the games in \(city)",
                        target: .options(query.with { $0.games.removeAll { there.contains($0) } })))
            }
        case .geographicBacktracking:
            fixes += widenDates(query)
            if query.games.count > 1 {
                for id in query.games.prefix(3) {
                    fixes.append(
                        Fix(
                            key: "remove-game", label: "Remove \(name(id, games))",
                            target: .options(query.with { $0.games.removeAll { $0 == id } })))
                }
            }
        }
        return fixes
    }

    /// Fixes for input the planner refused before planning.
    static func fixes(for failure: PlanInputFailure, query: PlanQuery) -> [Fix] {
        switch failure {
        case .unknownPlace(let field, _, let similar):
            var fixes = similar.prefix(3).map { city in
                Fix(
                    key: "use-\(field.rawValue)", label: "Use \(city)",
                    target: .options(query.with { if field == .end { $0.end = city } else { $0.start = city } }))
            }
            fixes.append(
                Fix(
                    key: "focus-\(field.rawValue)", label: "Type another place",
                    target: .wizard(query, field: field)))
            return fixes
        case .tooManyDays(_, let limit):
            guard let from = query.from else { return [] }
            return [
                Fix(
                    key: "shorten-dates",
                    label: "Plan the first \(limit) days (\(from) – \(from.adding(days: limit - 1)))",
                    target: .options(query.with { $0.to = from.adding(days: limit - 1) })),
                Fix(
                    key: "twelve-days", label: "Plan 12 days from \(from)",
                    target: .options(query.with { $0.to = from.adding(days: 11) })),
            ]
        case .tooManyTeams(_, let limit):
            return [
                Fix(
                    key: "first-teams", label: "Keep the first \(limit) teams",
                    target: .options(query.with { $0.teams = Array($0.teams.prefix(limit)) }))
            ]
        case .tooManyGames(_, let limit):
            return [
                Fix(
                    key: "first-games", label: "Keep the first \(limit) games",
                    target: .options(query.with { $0.games = Array($0.games.prefix(limit)) }))
            ]
        case .unknownTeam(let field, _):
            return [Fix(key: "focus-team", label: "Choose a team", target: .wizard(query, field: field))]
        case .other:
            return []
        }
    }

    // MARK: - Pieces

    static func addDriver(_ query: PlanQuery) -> [Fix] {
        guard query.drivers < 4 else { return [] }
        let drivers = query.drivers + 1
        return [
            Fix(
                key: "add-driver",
                label: "Add a driver (\(drivers) drivers, \(PlanQuery.number(query.hours * Double(drivers))) h a day)",
                target: .options(query.with { $0.drivers = drivers }))
        ]
    }

    static func widenDates(_ query: PlanQuery) -> [Fix] {
        guard let from = query.from, let to = query.to, from <= to else { return [] }
        let wider = (from.adding(days: -3), to.adding(days: 3))
        guard wider.0.days(to: wider.1) + 1 <= SportsTimeApp.Limits.days else {
            let length = from.days(to: to) + 1
            guard length < 12 else { return [] }
            return [
                Fix(
                    key: "widen-dates", label: "Widen the dates to 12 days",
                    target: .options(query.with { $0.to = from.adding(days: 11) }))
            ]
        }
        return [
            Fix(
                key: "widen-dates", label: "Widen the dates by 3 days each side (\(wider.0) – \(wider.1))",
                target: .options(
                    query.with {
                        $0.from = wider.0; $0.to = wider.1
                    }))
        ]
    }

    static func allRegions(_ query: PlanQuery) -> [Fix] {
        guard query.regions != Set(Region.allCases) else { return [] }
        return [
            Fix(
                key: "all-regions", label: "Search every region",
                target: .options(query.with { $0.regions = Set(Region.allCases) }))
        ]
    }

    static func scheduleURL(_ query: PlanQuery) -> String {
        var items: [(String, String)] = []
        if let from = query.from { items.append(("from", from.description)) }
        if let to = query.to { items.append(("to", to.description)) }
        return TripsPageURL.schedule.path(query: RoutePath.query(items))
    }

    static func name(_ id: GameID, _ games: [GameID: GameInfo]) -> String {
        games[id].map { "\($0.label), \(TripsComponents.day($0.date))" } ?? id.rawValue
    }

    /// The must-see game farthest from the others' centre (nil with fewer than two games).
    static func farthestGame(_ ids: [GameID], _ games: [GameID: GameInfo]) -> GameID? {
        guard ids.count > 1 else { return nil }
        let known = ids.compactMap { id in games[id].map { (id, $0) } }
        guard known.count == ids.count else { return ids.last }
        let latitude = known.map(\.1.latitude).reduce(0, +) / Double(known.count)
        let longitude = known.map(\.1.longitude).reduce(0, +) / Double(known.count)
        return known.max { a, b in
            hypot(a.1.latitude - latitude, a.1.longitude - longitude)
                < hypot(b.1.latitude - latitude, b.1.longitude - longitude)
        }?.0
    }
}
