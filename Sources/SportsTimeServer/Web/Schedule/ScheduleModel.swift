import Foundation
import ServerKit
import SportsTime

/// The schedule page: the filters as typed (with a problem per field), the games of one page grouped by the
/// venue's local date, the venue's card when one venue is chosen, and the link to the next page.
struct ScheduleModel: Sendable, Equatable {
    /// The filters as the form shows them (the raw text kept, so a wrong value can be corrected).
    struct Filters: Sendable, Equatable {
        var league = ""
        var team = ""
        var venue = ""
        var from = ""
        var to = ""
        /// Games already picked as must-see (carried by "Add to must-see").
        var games: [String] = []
    }

    /// A filter that could not be used, shown at its field.
    struct Problem: Sendable, Equatable {
        /// `league`, `team`, `venue`, `from` or `to`.
        var field: String
        var message: String
    }

    /// One game on the page.
    struct Row: Sendable, Equatable {
        var id: String
        var league: League
        var matchup: String
        /// "7:10 PM EDT": the venue's local time with its zone.
        var time: String
        var venue: String
        var venueID: String
        var city: String
        /// Postponed, cancelled or suspended games carry their status; scheduled and final games none.
        var status: GameStatus?
        var date: LocalDate
        var planURL: String
        var mustSeeURL: String
        /// Whether "I was there" is offered (games before today).
        var isPast: Bool
        /// Whether the game is already among the carried must-see games.
        var isPicked: Bool
    }

    /// The games of one local date.
    struct Day: Sendable, Equatable {
        var date: LocalDate
        var title: String
        var rows: [Row]
    }

    /// The chosen venue's card.
    struct VenueCard: Sendable, Equatable {
        var id: String
        var name: String
        var place: String
        var capacity: String?
        var teams: [String]
        var formerNames: [String]
        var timeZone: String
    }

    var filters: Filters
    var problems: [Problem]
    var leagueChoices: [MoreFields.Choice]
    var teamChoices: [MoreFields.Choice]
    var venueChoices: [MoreFields.Choice]
    var days: [Day]
    /// How many games match in all (over every page).
    var matching: Int
    /// The position of this page's first game among them (0-based).
    var offset: Int
    /// The next page's URL, when there is one.
    var nextURL: String?
    /// The first page's URL, when this is a later page.
    var firstURL: String?
    var venue: VenueCard?
    /// Leagues shown that still plan over the generated demo schedule.
    var demoLeagues: [League]
    /// "Continue to plan" with the must-see games picked so far.
    var mustSeePlanURL: String?

    /// Games per page.
    static let pageSize = 100
    /// The widest date window a page lists.
    static let maximumDays = 90

    func problem(_ field: String) -> String? { problems.first { $0.field == field }?.message }

    var rowCount: Int { days.reduce(0) { $0 + $1.rows.count } }
}

extension ScheduleModel {
    /// The page for `query` over `catalog` on `today` (UTC); `imported` counts imported games per league (a league
    /// without any is on the generated demo schedule).
    static func build(
        query: [(String, String)], catalog: Catalog, imported: [League: Int], today: LocalDate
    ) -> ScheduleModel {
        func value(_ key: String) -> String {
            (query.last { $0.0 == key }?.1 ?? "").trimmingCharacters(in: .whitespaces)
        }
        var filters = Filters(
            league: value("league"), team: value("team"), venue: value("venue"), from: value("from"),
            to: value("to"))
        filters.games = query.filter { $0.0 == "games" }.flatMap { $0.1.split(separator: ",").map(String.init) }
            .filter { !$0.isEmpty && $0.count <= 64 }
        var problems: [Problem] = []

        var league: League?
        if !filters.league.isEmpty {
            league = League(text: filters.league)
            if league == nil {
                problems.append(
                    Problem(field: "league", message: "Unknown league: choose one of the list."))
            }
        }
        var team: Team?
        if !filters.team.isEmpty {
            team = catalog.team(TeamID(rawValue: filters.team.lowercased()))
            if team == nil {
                problems.append(Problem(field: "team", message: "No such team: choose one of the list."))
            }
        }
        var venue: Venue?
        if !filters.venue.isEmpty {
            venue = catalog.venue(VenueID(rawValue: filters.venue))
            if venue == nil {
                problems.append(Problem(field: "venue", message: "No such venue: choose one of the list."))
            }
        }
        var from = today
        if !filters.from.isEmpty {
            if let date = LocalDate(filters.from), (1900...2100).contains(date.year) {
                from = date
            } else {
                problems.append(Problem(field: "from", message: "Enter a date like 2026-06-01."))
            }
        }
        var to = from.adding(days: 6)
        if !filters.to.isEmpty {
            if let date = LocalDate(filters.to), (1900...2100).contains(date.year) {
                to = date
            } else {
                problems.append(Problem(field: "to", message: "Enter a date like 2026-06-07."))
            }
        }
        if problems.allSatisfy({ $0.field != "from" && $0.field != "to" }) {
            if to < from {
                problems.append(Problem(field: "to", message: "The end is before the start: swap the dates."))
            } else if from.days(to: to) + 1 > maximumDays {
                problems.append(
                    Problem(field: "to", message: "At most \(maximumDays) days at once: move the end closer."))
            }
        }
        if filters.from.isEmpty { filters.from = from.description }
        if filters.to.isEmpty { filters.to = to.description }

        let leagueChoices =
            [MoreFields.Choice(value: "", label: "All leagues")]
            + League.allCases.map { MoreFields.Choice(value: $0.rawValue, label: $0.displayName) }
        let teamChoices =
            [MoreFields.Choice(value: "", label: "All teams")]
            + League.allCases.flatMap { group in
                catalog.teams(of: group).sorted { $0.name < $1.name }.map {
                    MoreFields.Choice(value: $0.id.rawValue, label: $0.name, group: group.displayName)
                }
            }
        var homes: [VenueID: [Team]] = [:]
        for team in catalog.teams.values { homes[team.homeVenue, default: []].append(team) }
        let venueChoices =
            [MoreFields.Choice(value: "", label: "All venues")]
            + catalog.venues.values.filter { homes[$0.id] != nil }.sorted { ($0.name, $0.id) < ($1.name, $1.id) }
            .map { MoreFields.Choice(value: $0.id.rawValue, label: "\($0.name) (\($0.city))") }

        var model = ScheduleModel(
            filters: filters, problems: problems, leagueChoices: leagueChoices, teamChoices: teamChoices,
            venueChoices: venueChoices, days: [], matching: 0, offset: 0, nextURL: nil, firstURL: nil, venue: nil,
            demoLeagues: [], mustSeePlanURL: nil)
        if !filters.games.isEmpty {
            model.mustSeePlanURL =
                TripsPageURL.wizard.path(["mode": PlanningMode.gameFirst.slug])
                + RoutePath.query([("games", filters.games.joined(separator: ","))])
        }
        if let venue {
            let teams = (homes[venue.id] ?? []).sorted { $0.name < $1.name }
            model.venue = VenueCard(
                id: venue.id.rawValue, name: venue.name, place: venue.place,
                capacity: venue.capacity.map {
                    $0.formatted(.number.grouping(.automatic).locale(Locale(identifier: "en_US")))
                },
                teams: teams.map { "\($0.name) (\($0.league.displayName))" },
                formerNames: venue.aliases.map { alias in
                    var text = alias.name
                    switch (alias.validFrom, alias.validUntil) {
                    case let (from?, until?): text += " (\(from.year)–\(until.year))"
                    case let (nil, until?): text += " (until \(until.year))"
                    case let (from?, nil): text += " (from \(from.year))"
                    case (nil, nil): break
                    }
                    return text
                }, timeZone: venue.timeZone)
        }
        guard problems.isEmpty else { return model }

        let games = catalog.games.filter { game in
            game.localDate >= from && game.localDate <= to && (league.map { game.league == $0 } ?? true)
                && (team.map { game.home == $0.id || game.away == $0.id } ?? true)
                && (venue.map { game.venue == $0.id } ?? true)
        }.sorted { ($0.start, $0.id) < ($1.start, $1.id) }
        model.matching = games.count
        let shownLeagues = Set(games.map(\.league)).union(league.map { [$0] } ?? [])
        model.demoLeagues = shownLeagues.filter { (imported[$0] ?? 0) == 0 }.sorted()

        let after = value("after")
        var start = 0
        if !after.isEmpty, let index = games.firstIndex(where: { $0.id.rawValue == after }) { start = index + 1 }
        model.offset = start
        let page = games[start..<min(games.count, start + pageSize)]
        let baseItems = baseQuery(filters)
        if start + pageSize < games.count, let last = page.last {
            model.nextURL = TripsPageURL.schedule.path() + RoutePath.query(baseItems + [("after", last.id.rawValue)])
        }
        if start > 0 { model.firstURL = TripsPageURL.schedule.path() + RoutePath.query(baseItems) }

        let builder = ItineraryBuilder()
        let picked = Set(filters.games)
        var days: [Day] = []
        for game in page {
            let planned = builder.plannedGame(game, catalog: catalog)
            let row = Row(
                id: game.id.rawValue, league: game.league, matchup: TripsComponents.matchup(planned),
                time: TripsComponents.localTime(planned), venue: planned.venueName, venueID: game.venue.rawValue,
                city: planned.city, status: game.status == .scheduled || game.status == .final ? nil : game.status,
                date: game.localDate, planURL: planURL(game), mustSeeURL: mustSeeURL(game, picked: filters.games),
                isPast: game.localDate < today, isPicked: picked.contains(game.id.rawValue))
            if days.last?.date == game.localDate {
                days[days.count - 1].rows.append(row)
            } else {
                days.append(Day(date: game.localDate, title: TripsComponents.day(game.localDate), rows: [row]))
            }
        }
        // Games are ordered by their UTC start; a late western game can fall on the previous local date.
        model.days = Dictionary(grouping: days, by: \.date).map { date, parts in
            Day(date: date, title: parts[0].title, rows: parts.flatMap(\.rows))
        }.sorted { $0.date < $1.date }
        return model
    }

    /// The filters as query items (empty ones left out), for the paging links.
    static func baseQuery(_ filters: Filters) -> [(String, String)] {
        var items: [(String, String)] = []
        for (key, value) in [
            ("league", filters.league), ("team", filters.team), ("venue", filters.venue), ("from", filters.from),
            ("to", filters.to),
        ] where !value.isEmpty {
            items.append((key, value))
        }
        if !filters.games.isEmpty { items.append(("games", filters.games.joined(separator: ","))) }
        return items
    }

    /// Game-first options around `game`: two days either side, its league.
    static func planURL(_ game: Game) -> String {
        TripsPageURL.options.path()
            + RoutePath.query([
                ("mode", PlanningMode.gameFirst.slug), ("sports", game.league.rawValue),
                ("games", game.id.rawValue), ("from", game.localDate.adding(days: -2).description),
                ("to", game.localDate.adding(days: 2).description),
            ])
    }

    /// The game-first wizard with `game` added to the must-see games already picked.
    static func mustSeeURL(_ game: Game, picked: [String]) -> String {
        let games = picked.contains(game.id.rawValue) ? picked : picked + [game.id.rawValue]
        return TripsPageURL.wizard.path(["mode": PlanningMode.gameFirst.slug])
            + RoutePath.query([("games", games.joined(separator: ","))])
    }
}
