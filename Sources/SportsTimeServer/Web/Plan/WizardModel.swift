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
    /// The step shown (1-based), or nil for every question on one page.
    var step: Int? = nil
    /// The steps' titles, in order.
    var stepTitles: [String] = []
    /// The answers of the fields this step does not show, carried as hidden inputs (the state is the URL).
    var carried: [(String, String)] = []
    /// The previous step with every answer so far (nil on the first step or on one page).
    var backURL: String? = nil
    /// The same answers with every question on one page.
    var allURL: String = ""

    /// The fields on the page now: the step's, or all of them.
    var shown: [PlanQuery.Field] {
        guard let step else { return fields }
        let steps = Self.steps(for: mode)
        return steps[min(max(step, 1), steps.count) - 1]
    }

    /// Whether the form leads to another step rather than to the options.
    var hasNextStep: Bool { step.map { $0 < stepTitles.count } ?? false }

    static func == (a: Self, b: Self) -> Bool {
        a.mode == b.mode && a.fields == b.fields && a.values == b.values && a.problems == b.problems
            && a.leagues == b.leagues && a.games == b.games && a.teamGroups == b.teamGroups && a.step == b.step
            && a.carried.elementsEqual(b.carried) { $0 == $1 }
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

    /// The mode's questions in three steps, as the spec's wizard asks them: what to see, when and where, how to
    /// travel.
    static func steps(for mode: PlanningMode) -> [[PlanQuery.Field]] {
        let all = fields(for: mode)
        let first: [PlanQuery.Field] =
            switch mode {
            case .dateRange: [.sports]
            case .gameFirst: [.games]
            case .locations: [.start, .end]
            case .followTeam: [.team]
            case .teamFirst: [.teams]
            }
        let driving: [PlanQuery.Field] = [.drivers, .hours, .leisure, .stops, .repeatCities]
        return [first, all.filter { !first.contains($0) && !driving.contains($0) }, driving]
    }

    /// The steps' titles.
    static func stepTitles(for mode: PlanningMode) -> [String] {
        let first: String =
            switch mode {
            case .dateRange: "Sports"
            case .gameFirst: "Must-see games"
            case .locations: "From and to"
            case .followTeam: "Team"
            case .teamFirst: "Teams"
            }
        return [first, mode == .locations ? "Dates and sports" : "Dates and places", "Driving and pace"]
    }

    /// The step to show for a request: `step=all` (or answers in the URL without a step, as a fix's "change by
    /// hand" link sends them) shows every question; a fresh wizard starts at step 1; a later step with problems in
    /// an earlier one goes back to the first such step.
    static func step(
        requested text: String?, raw: [(String, String)], problems: [PlanQuery.Problem], mode: PlanningMode
    ) -> Int? {
        let answers = raw.contains { !["mode", "step"].contains($0.0) }
        guard let text else { return answers ? nil : 1 }
        guard text != "all", let number = Int(text) else { return nil }
        let steps = steps(for: mode)
        let wanted = min(max(number, 1), steps.count)
        let faulty = Set(problems.map(\.field))
        let earlier = steps.prefix(wanted - 1).firstIndex { !faulty.isDisjoint(with: $0) }
        return earlier.map { $0 + 1 } ?? wanted
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
        prefs: TripsPrefs, prefsSaved: Bool, catalog: Catalog, imported: [League: Int], today: LocalDate,
        step: Int? = nil
    ) -> WizardModel {
        var query = query
        query.mode = mode
        let fresh = raw.filter { !["mode", "step"].contains($0.0) }.isEmpty
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
        var model = WizardModel(
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
        model.stepTitles = stepTitles(for: mode)
        // Answers as read (what could not be read stays as typed), without the mode, which the path carries.
        let readKeys = Set(query.items.map(\.0))
        let answers =
            query.items.filter { $0.0 != PlanQuery.Field.mode.rawValue }
            + raw.filter { pair in
                !readKeys.contains(pair.0) && !["mode", "step"].contains(pair.0)
                    && byField[PlanQuery.Field(rawValue: pair.0) ?? .mode] != nil
            }
        let wizard = { (step: String) in
            TripsPageURL.wizard.path(["mode": mode.slug], query: RoutePath.query(answers + [("step", step)]))
        }
        model.allURL = wizard("all")
        if let step {
            model.step = step
            let shownKeys = Set(model.shown.map(\.rawValue))
            model.carried = answers.filter { !shownKeys.contains($0.0) }
            if step > 1 { model.backURL = wizard(String(step - 1)) }
        }
        return model
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
