import Foundation
import ServerKit
import SportsTime

/// The wizard of one planning mode: the fields the mode asks for, prefilled from the query (so the back button and
/// a failure's "fix by hand" keep every answer) or, on a fresh form, from the traveller's settings.
struct WizardModel: Sendable, Equatable {
    struct LeagueChoice: Sendable, Equatable {
        var league: League
        var checked: Bool
        /// The league plans over a generated demo season (no imported schedule).
        var demo: Bool
    }

    struct TeamChoice: Sendable, Equatable {
        var id: String
        var name: String
        var selected: Bool
    }

    struct TeamGroup: Sendable, Equatable {
        var league: League
        var teams: [TeamChoice]
    }

    /// A must-see game as a removable chip.
    struct GameChip: Sendable, Equatable {
        var id: String
        var label: String
        /// The wizard without this game.
        var removeURL: String
    }

    struct LeisureChoice: Sendable, Equatable {
        var level: LeisureLevel
        var label: String
        var rule: String
        var checked: Bool
    }

    struct RegionChoice: Sendable, Equatable {
        var region: Region
        var label: String
        var checked: Bool
    }

    var mode: PlanningMode
    /// The fields this mode shows, in order.
    var fields: [PlanQuery.Field]
    /// The text each field shows (the raw input when it could not be read, so nothing typed is lost).
    var values: [PlanQuery.Field: String]
    /// Messages per field, shown next to it.
    var problems: [PlanQuery.Field: [String]]
    var leagues: [LeagueChoice]
    var cities: [String]
    var teamGroups: [TeamGroup]
    var games: [GameChip]
    var leisure: [LeisureChoice]
    var regions: [RegionChoice]
    var repeatCities: Bool
    var drivers: Int
    /// "Daily limit: 16 h (2 drivers × 8 h)."
    var dailyLimit: String
    /// Notes above the form (defaults chosen for the traveller).
    var notes: [String]
    /// The schedule page, to pick must-see games.
    var scheduleURL: String
    /// Other modes, for the mode switcher.
    var modes: [(mode: PlanningMode, url: String, current: Bool)]

    static func == (a: Self, b: Self) -> Bool {
        a.mode == b.mode && a.fields == b.fields && a.values == b.values && a.problems == b.problems
            && a.leagues == b.leagues && a.games == b.games && a.teamGroups == b.teamGroups
    }

    /// The fields of each mode (the notes' §4 "Per mode").
    static func fields(for mode: PlanningMode) -> [PlanQuery.Field] {
        let driving: [PlanQuery.Field] = [.drivers, .hours, .leisure, .stops, .repeatCities]
        switch mode {
        case .dateRange: return [.sports, .from, .to, .start, .end, .regions] + driving
        case .gameFirst: return [.games, .from, .to, .start, .end] + driving
        case .locations: return [.start, .end, .from, .to, .sports, .regions] + driving
        case .followTeam: return [.team, .from, .to, .start, .end] + driving
        case .teamFirst: return [.teams, .from, .to, .start, .end, .regions] + driving
        }
    }

    /// Builds the wizard of `mode` from the request's query items.
    /// - Parameters:
    ///   - raw: the query as sent (kept for fields that could not be read).
    ///   - query: the query as read.
    ///   - problems: messages of the query and of later checks, by field.
    ///   - prefs: the visitor's settings; `prefsSaved` says whether they chose them (the home city prefills only then).
    ///   - imported: imported games per league (others are demo seasons).
    ///   - today: the day the dates default from.
    static func build(
        mode: PlanningMode, raw: [(String, String)], query: PlanQuery, problems: [PlanQuery.Problem],
        prefs: TripsPrefs, prefsSaved: Bool, catalog: Catalog, imported: [League: Int], today: LocalDate
    ) -> WizardModel {
        var query = query
        query.mode = mode
        let fresh = raw.filter { $0.0 != "mode" }.isEmpty
        var notes: [String] = []
        if fresh {
            if prefsSaved, query.start == nil, catalog.location(named: prefs.homeCity) != nil {
                query.start = prefs.homeCity
                notes.append("Starting from your home city, \(prefs.homeCity) (change it in Settings).")
            }
            if query.sports.isEmpty && !prefs.leagues.isEmpty { query.sports = prefs.leagues }
            switch mode {
            case .followTeam:
                query.from = today
                query.to = today.adding(days: 9)
                notes.append("Dates default to the next 10 days.")
            case .teamFirst:
                query.from = today
                query.to = today.adding(days: 29)
                notes.append("Team-first plans up to 31 days at a time: the dates default to the next 30 days.")
            default: break
            }
        }
        var values: [PlanQuery.Field: String] = [:]
        values[.from] = query.from?.description
        values[.to] = query.to?.description
        values[.start] = query.start
        values[.end] = query.end
        values[.hours] = PlanQuery.number(query.hours)
        values[.stops] = query.stops.map(String.init)
        var byField: [PlanQuery.Field: [String]] = [:]
        for problem in problems {
            byField[problem.field, default: []].append(problem.message)
            // Keep what was typed when it could not be read.
            if let text = raw.last(where: { $0.0 == problem.field.rawValue })?.1,
                [.from, .to, .hours, .stops, .start, .end].contains(problem.field)
            {
                values[problem.field] = text
            }
        }
        let leagues = League.allCases.map {
            LeagueChoice(league: $0, checked: query.sports.contains($0), demo: (imported[$0] ?? 0) == 0)
        }
        let cities = Array(Set(catalog.venues.values.map(\.place))).sorted()
        let chosen = Set(([query.team].compactMap { $0 } + query.teams).map(\.rawValue))
        let teamGroups = League.allCases.map { league in
            TeamGroup(
                league: league,
                teams: catalog.teams(of: league).sorted { $0.name < $1.name }.map {
                    TeamChoice(id: $0.id.rawValue, name: $0.name, selected: chosen.contains($0.id.rawValue))
                })
        }
        var chips: [GameChip] = []
        if mode == .gameFirst {
            let wanted = Set(query.games)
            let builder = ItineraryBuilder()
            var found: [GameID: PlannedGame] = [:]
            for game in catalog.games where wanted.contains(game.id) {
                found[game.id] = builder.plannedGame(game, catalog: catalog)
            }
            chips = query.games.map { id in
                let without = query.with { $0.games.removeAll { $0 == id } }
                let label =
                    found[id].map {
                        "\(TripsComponents.matchup($0)), \(TripsComponents.day($0.localDate)) \(TripsComponents.localTime($0))"
                    } ?? "Unknown game \(id.rawValue)"
                return GameChip(
                    id: id.rawValue, label: label,
                    removeURL: TripsPageURL.wizard.path(["mode": mode.slug], query: without.queryString))
            }
        }
        let leisure = LeisureLevel.allCases.map {
            LeisureChoice(level: $0, label: $0.rawValue.capitalized, rule: rule($0), checked: query.leisure == $0)
        }
        let regions = Region.allCases.map {
            RegionChoice(region: $0, label: label($0), checked: query.regions.contains($0))
        }
        var schedule: [(String, String)] = []
        if let from = query.from { schedule.append(("from", from.description)) }
        if let to = query.to { schedule.append(("to", to.description)) }
        return WizardModel(
            mode: mode, fields: fields(for: mode), values: values, problems: byField, leagues: leagues,
            cities: cities, teamGroups: teamGroups, games: chips, leisure: leisure, regions: regions,
            repeatCities: query.repeatCities, drivers: query.drivers,
            dailyLimit:
                "Daily limit: \(PlanQuery.number(query.hours * Double(query.drivers))) h (\(query.drivers) "
                + "driver\(query.drivers == 1 ? "" : "s") × \(PlanQuery.number(query.hours)) h).",
            notes: notes,
            scheduleURL: TripsPageURL.schedule.path(query: RoutePath.query(schedule)),
            modes: PlanningMode.allCases.map {
                ($0, TripsPageURL.wizard.path(["mode": $0.slug]), $0 == mode)
            })
    }

    /// The pace's rules in words.
    static func rule(_ level: LeisureLevel) -> String {
        switch level {
        case .packed: "Up to 2 games a day, as many days in a row as you like."
        case .moderate: "1 game a day, at most 4 game days in a row."
        case .relaxed: "1 game a day, with a free day between game days."
        }
    }

    /// A region with its bounds.
    static func label(_ region: Region) -> String {
        switch region {
        case .east: "East (east of 85° W: Atlantic coast to Detroit and Atlanta)"
        case .central: "Central (85°–102° W: Chicago to Denver and Texas)"
        case .west: "West (west of 102° W: Rockies and Pacific coast)"
        }
    }

    /// Checks the wizard makes beyond what ``PlanQuery`` reads: dates in order, places and teams the catalogue knows.
    static func checks(_ query: PlanQuery, catalog: Catalog) -> [PlanQuery.Problem] {
        var problems: [PlanQuery.Problem] = []
        if let from = query.from, let to = query.to, to < from {
            problems.append(.init(field: .to, message: "The end date (\(to)) is before the start date (\(from))."))
        }
        return problems
    }
}
