import Foundation
import ServerKit
import SportsTime

/// The wizard's answers as a URL query: every list of options has a URL that can be shared, opened again or changed
/// by one parameter (a failure's fix). Keys: `mode sports from to start end games team teams drivers hours stops
/// leisure regions repeat`.
struct PlanQuery: Sendable, Equatable {
    var mode: PlanningMode = .dateRange
    /// League ids, comma-separated in the URL.
    var sports: [League] = []
    var from: LocalDate?
    var to: LocalDate?
    /// Place names as typed ("Boston", "42.35,-71.06").
    var start: String?
    var end: String?
    var games: [GameID] = []
    var team: TeamID?
    var teams: [TeamID] = []
    var drivers: Int = 1
    var hours: Double = DrivingConstraints.defaultHoursPerDriver
    var stops: Int?
    var leisure: LeisureLevel = .moderate
    var regions: Set<Region> = Set(Region.allCases)
    var repeatCities = true

    /// The wizard field a problem belongs to (the form shows the message next to it).
    enum Field: String, Sendable, CaseIterable {
        case mode, sports, from, to, start, end, games, team, teams, drivers, hours, stops, leisure, regions,
            repeatCities = "repeat"
    }

    /// A value the query could not use, with the field it belongs to.
    struct Problem: Sendable, Equatable {
        var field: Field
        var message: String
    }

    init() {}

    /// Reads a query; values it cannot read are reported in `problems` (and left at their defaults), never thrown.
    init(query: [(String, String)], problems: inout [Problem]) {
        func value(_ key: Field) -> String? {
            query.last { $0.0 == key.rawValue }.map { $0.1.trimmingCharacters(in: .whitespaces) }.flatMap {
                $0.isEmpty ? nil : $0
            }
        }
        func list(_ key: Field) -> [String] {
            query.filter { $0.0 == key.rawValue }.flatMap { $0.1.split(separator: ",") }
                .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        }
        if let text = value(.mode) {
            if let mode = PlanningMode(slug: text) ?? PlanningMode(rawValue: text) {
                self.mode = mode
            } else {
                problems.append(Problem(field: .mode, message: "Unknown planning mode '\(text)'."))
            }
        }
        for text in list(.sports) {
            if let league = League(text: text) {
                if !sports.contains(league) { sports.append(league) }
            } else {
                problems.append(
                    Problem(
                        field: .sports,
                        message:
                            "Unknown league '\(text)': choose from \(League.allCases.map(\.displayName).joined(separator: ", "))."
                    ))
            }
        }
        for (field, keyPath) in [(Field.from, \PlanQuery.from), (.to, \PlanQuery.to)] {
            guard let text = value(field) else { continue }
            if let date = LocalDate(text), (2000...2100).contains(date.year) {
                self[keyPath: keyPath] = date
            } else {
                problems.append(Problem(field: field, message: "Enter a date like 2026-06-01."))
            }
        }
        start = value(.start)
        end = value(.end)
        games = list(.games).map(GameID.init(rawValue:))
        team = value(.team).map { TeamID(rawValue: $0.lowercased()) }
        teams = list(.teams).map { TeamID(rawValue: $0.lowercased()) }
        if let text = value(.drivers) {
            if let number = Int(text), (1...4).contains(number) {
                drivers = number
            } else {
                problems.append(Problem(field: .drivers, message: "Drivers must be 1 to 4."))
            }
        }
        if let text = value(.hours) {
            if let number = Double(text), number.isFinite, (1...12).contains(number) {
                hours = number
            } else {
                problems.append(Problem(field: .hours, message: "Hours per driver must be 1 to 12."))
            }
        }
        if let text = value(.stops) {
            if let number = Int(text), (1...30).contains(number) {
                stops = number
            } else {
                problems.append(Problem(field: .stops, message: "Stops must be 1 to 30."))
            }
        }
        if let text = value(.leisure) {
            if let level = LeisureLevel(rawValue: text) {
                leisure = level
            } else {
                problems.append(Problem(field: .leisure, message: "Choose packed, moderate or relaxed."))
            }
        }
        let regionTexts = list(.regions)
        if !regionTexts.isEmpty {
            let parsed = Set(regionTexts.compactMap(Region.init(rawValue:)))
            if parsed.count == Set(regionTexts).count {
                regions = parsed
            } else {
                problems.append(Problem(field: .regions, message: "Regions are east, central and west."))
            }
        }
        if let text = value(.repeatCities) { repeatCities = !(text == "0" || text == "false" || text == "no") }
    }

    /// The query's items in a stable order, defaults left out (so equal plans have equal URLs).
    var items: [(String, String)] {
        var items: [(String, String)] = [(Field.mode.rawValue, mode.slug)]
        if !sports.isEmpty { items.append(("sports", sports.map(\.rawValue).joined(separator: ","))) }
        if let from { items.append(("from", from.description)) }
        if let to { items.append(("to", to.description)) }
        if let start { items.append(("start", start)) }
        if let end { items.append(("end", end)) }
        if !games.isEmpty { items.append(("games", games.map(\.rawValue).joined(separator: ","))) }
        if let team { items.append(("team", team.rawValue)) }
        if !teams.isEmpty { items.append(("teams", teams.map(\.rawValue).joined(separator: ","))) }
        if drivers != 1 { items.append(("drivers", String(drivers))) }
        if hours != DrivingConstraints.defaultHoursPerDriver { items.append(("hours", Self.number(hours))) }
        if let stops { items.append(("stops", String(stops))) }
        if leisure != .moderate { items.append(("leisure", leisure.rawValue)) }
        if regions != Set(Region.allCases) {
            items.append(("regions", Region.allCases.filter(regions.contains).map(\.rawValue).joined(separator: ",")))
        }
        if !repeatCities { items.append(("repeat", "0")) }
        return items
    }

    /// `?mode=…&…` for links.
    var queryString: String { RoutePath.query(items) }

    /// A copy with one change (a failure's fix).
    func with(_ change: (inout PlanQuery) -> Void) -> PlanQuery {
        var copy = self
        change(&copy)
        return copy
    }

    /// The engine's preferences (places are resolved by ``SportsTimeApp/plan(_:start:end:topK:)``).
    var preferences: TripPreferences {
        TripPreferences(
            planningMode: mode, sports: Set(sports), startDate: from, endDate: to, mustSeeGameIds: games,
            followTeamId: team, selectedTeamIds: teams, numberOfDrivers: drivers, maxDrivingHoursPerDriver: hours,
            numberOfStops: stops, leisureLevel: leisure, allowRepeatCities: repeatCities, selectedRegions: regions)
    }

    static func number(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }
}
