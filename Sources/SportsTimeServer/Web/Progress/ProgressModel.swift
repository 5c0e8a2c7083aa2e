import Foundation
import ServerKit
import SportsTime
import WebUI

/// The progress page: one tab per league with visited n/N, the chosen league's donut, map, divisions and the
/// venues still to visit.
struct ProgressModel: Sendable, Equatable {
    struct Tab: Sendable, Equatable {
        var league: League
        var visited: Int
        var total: Int
        var url: String
        var isCurrent: Bool
    }

    var tabs: [Tab]
    var league: League
    var progress: LeagueProgress
    var donut: DonutChart
    var map: TripMapModel
    /// How many visits the traveller has logged (any league).
    var visitCount: Int
    /// A league asked for that does not exist (the page falls back to the first league).
    var unknownLeague: String?
    /// The share card's URL.
    var cardURL: String

    /// The page of `visits` for the league `requested` (or the first of `preferred`, else MLB).
    static func build(
        visits: [StadiumVisit], catalog: Catalog, requested: String?, preferred: [League]
    ) -> ProgressModel {
        let report = ProgressReport(visits: visits, catalog: catalog)
        var unknown: String?
        var league = preferred.first { report.progress(of: $0) != nil } ?? report.leagues.first?.league ?? .mlb
        if let requested, !requested.isEmpty {
            if let asked = League(text: requested), report.progress(of: asked) != nil {
                league = asked
            } else {
                unknown = String(requested.prefix(20))
            }
        }
        let progress =
            report.progress(of: league) ?? LeagueProgress(league: league, venues: [], divisions: [])
        let tabs = report.leagues.map { entry in
            Tab(
                league: entry.league, visited: entry.visitedCount, total: entry.totalCount,
                url: TripsPageURL.progress.path() + "?league=\(entry.league.rawValue)",
                isCurrent: entry.league == league)
        }
        let name = league.displayName
        let donut = DonutChart(
            title: "\(name) venues visited",
            description: "\(progress.visitedCount) of \(progress.totalCount) \(name) venues visited",
            data: [
                ChartDatum(
                    label: "Visited", value: Double(progress.visitedCount),
                    valueText: "\(progress.visitedCount)", hue: 140),
                ChartDatum(
                    label: "To visit", value: Double(progress.totalCount - progress.visitedCount),
                    valueText: "\(progress.totalCount - progress.visitedCount)", hue: 215),
            ].filter { $0.value > 0 },
            centerValue: "\(progress.visitedCount)/\(progress.totalCount)", centerLabel: "visited",
            labelHeader: "Venues", valueHeader: "Count", id: "progress-\(league.rawValue)",
            emptyText: "No venues in this league.")
        return ProgressModel(
            tabs: tabs, league: league, progress: progress, donut: donut,
            map: map(of: progress, catalog: catalog), visitCount: visits.count, unknownLeague: unknown,
            cardURL: TripsPageURL.progressCard.path())
    }

    /// The league's venues: visited ones filled and ticked (their first visit in the tooltip), the rest hollow.
    static func map(of progress: LeagueProgress, catalog: Catalog) -> TripMapModel {
        let markers = progress.venues.compactMap { entry -> TripMapMarker? in
            guard let venue = catalog.venue(entry.venue) else { return nil }
            let state =
                entry.firstVisit.map { "visited, first on \(TripsComponents.day($0))" } ?? "not visited yet"
            return TripMapMarker(
                kind: entry.visited ? .visited : .unvisited, latitude: venue.coordinate.latitude,
                longitude: venue.coordinate.longitude, label: nil,
                name: "\(entry.place): \(entry.name), \(state)",
                href: TripsPageURL.schedule.path() + "?venue=\(entry.venue.rawValue)")
        }
        return TripMapModel(
            title: "\(progress.league.displayName) venues",
            summary:
                "\(progress.visitedCount) of \(progress.totalCount) \(progress.league.displayName) venues visited "
                + "(filled and ticked); the others hollow.",
            markers: markers)
    }
}

/// The list of visits with delete buttons.
struct VisitsModel: Sendable, Equatable {
    struct Row: Sendable, Equatable {
        var id: String
        var venue: String
        var place: String
        var date: String
        var league: String?
        var game: String?
        var note: String?
    }

    var rows: [Row]
    var notice: String?

    static func build(visits: [StadiumVisit], catalog: Catalog, notice: String?) -> VisitsModel {
        let games = Dictionary(catalog.games.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let builder = ItineraryBuilder()
        let rows = visits.sorted { ($0.date, $0.id) > ($1.date, $1.id) }.map { visit in
            let venue = catalog.venue(visit.venue)
            return Row(
                id: visit.id, venue: venue?.name ?? visit.venue.rawValue, place: venue?.place ?? "",
                date: TripsComponents.day(visit.date), league: visit.league?.displayName,
                game: visit.gameID.flatMap { games[$0] }.map {
                    TripsComponents.matchup(builder.plannedGame($0, catalog: catalog))
                }, note: visit.note)
        }
        return VisitsModel(rows: rows, notice: notice)
    }
}

/// The form logging a visit: the venue, the date, an optional league, that day's games at the venue, a note.
struct NewVisitModel: Sendable, Equatable {
    /// What was typed.
    struct Input: Sendable, Equatable {
        var venue = ""
        var date = ""
        var league = ""
        var game = ""
        var note = ""
    }

    var input: Input
    /// Field → message.
    var errors: [String: String]
    var venueChoices: [MoreFields.Choice]
    var leagueChoices: [MoreFields.Choice]
    /// The games at the venue on the date (only when both are valid).
    var gameChoices: [MoreFields.Choice]

    /// Longest note.
    static let noteLimit = 500

    static func build(input: Input, errors: [String: String], catalog: Catalog) -> NewVisitModel {
        var homes: [VenueID: [Team]] = [:]
        for team in catalog.teams.values { homes[team.homeVenue, default: []].append(team) }
        let venueChoices =
            [MoreFields.Choice(value: "", label: "Choose a venue")]
            + catalog.venues.values.sorted { ($0.name, $0.id) < ($1.name, $1.id) }.map { venue in
                let leagues = Set((homes[venue.id] ?? []).map(\.league)).sorted().map(\.displayName)
                return MoreFields.Choice(
                    value: venue.id.rawValue,
                    label: "\(venue.name), \(venue.city)"
                        + (leagues.isEmpty ? "" : " (\(leagues.joined(separator: ", ")))"))
            }
        let leagueChoices =
            [MoreFields.Choice(value: "", label: "Any (counts for every league at the venue)")]
            + League.allCases.map { MoreFields.Choice(value: $0.rawValue, label: $0.displayName) }
        var gameChoices: [MoreFields.Choice] = []
        if let date = LocalDate(input.date), catalog.venue(VenueID(rawValue: input.venue)) != nil {
            let builder = ItineraryBuilder()
            let games = catalog.games.filter { $0.venue.rawValue == input.venue && $0.localDate == date }
            if !games.isEmpty {
                gameChoices =
                    [MoreFields.Choice(value: "", label: "No game, or not listed")]
                    + games.map { game in
                        let planned = builder.plannedGame(game, catalog: catalog)
                        return MoreFields.Choice(
                            value: game.id.rawValue,
                            label: "\(TripsComponents.matchup(planned)), \(TripsComponents.localTime(planned))")
                    }
            }
        }
        return NewVisitModel(
            input: input, errors: errors, venueChoices: venueChoices, leagueChoices: leagueChoices,
            gameChoices: gameChoices)
    }

    /// Checks a posted visit: the visit to store, or the errors per field.
    static func validate(_ input: Input, catalog: Catalog, id: String) -> Result<StadiumVisit, FieldErrors> {
        var errors: [String: String] = [:]
        let venue = catalog.venue(VenueID(rawValue: input.venue))
        if input.venue.isEmpty {
            errors["venue"] = "Choose the venue you visited."
        } else if venue == nil {
            errors["venue"] = "No such venue: choose one of the list."
        }
        let date = LocalDate(input.date)
        if input.date.isEmpty {
            errors["date"] = "Enter the day of the visit."
        } else if date == nil || !(1900...2100).contains(date?.year ?? 0) {
            errors["date"] = "Enter a date like 2026-06-01."
        }
        var league: League?
        if !input.league.isEmpty {
            league = League(text: input.league)
            if league == nil { errors["league"] = "Unknown league: choose one of the list." }
        }
        var game: Game?
        if !input.game.isEmpty {
            game = catalog.games.first { $0.id.rawValue == input.game }
            if let found = game {
                if found.venue.rawValue != input.venue || found.localDate != date {
                    errors["game"] = "That game was not at this venue on this day: choose one of the list."
                } else if league == nil {
                    league = found.league
                } else if league != found.league {
                    errors["league"] = "The game is \(found.league.displayName): choose that league or none."
                }
            } else {
                errors["game"] = "No such game: choose one of the list."
            }
        }
        let note = input.note.trimmingCharacters(in: .whitespacesAndNewlines)
        if note.count > noteLimit {
            errors["note"] = "At most \(noteLimit) characters (this note has \(note.count))."
        }
        guard errors.isEmpty, let venue, let date else { return .failure(FieldErrors(errors: errors)) }
        return .success(
            StadiumVisit(
                id: id, venue: venue.id, date: date, league: league, gameID: game?.id,
                note: note.isEmpty ? nil : note))
    }
}

/// Messages per form field.
struct FieldErrors: Error, Sendable, Equatable {
    var errors: [String: String]
}

/// The badges: earned ones with their date, locked ones with a bar of current/target.
struct AchievementsModel: Sendable, Equatable {
    struct Badge: Sendable, Equatable {
        var id: String
        var title: String
        var description: String
        var earnedOn: String?
        var current: Int
        var target: Int
    }

    var earned: [Badge]
    var locked: [Badge]
    /// Titles of the badges just earned (from `?earned=`).
    var justEarned: [String]
    var hasVisits: Bool

    static func build(achievements: [Achievement], justEarned ids: [String], hasVisits: Bool) -> AchievementsModel {
        let badges = achievements.map { achievement in
            Badge(
                id: achievement.id, title: achievement.definition.title,
                description: achievement.definition.description,
                earnedOn: achievement.earnedOn.map(TripsComponents.day), current: achievement.current,
                target: achievement.target)
        }
        let titles = Dictionary(badges.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        return AchievementsModel(
            earned: badges.filter { $0.earnedOn != nil }, locked: badges.filter { $0.earnedOn == nil },
            justEarned: ids.compactMap { titles[$0] }.filter { $0.earnedOn != nil }.map(\.title),
            hasVisits: hasVisits)
    }
}
