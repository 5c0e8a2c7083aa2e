import Foundation
import ServerKit
import SportsTime

/// The ranked options of a query: a card per option (totals, first and last stop, a mini map, the score's parts,
/// actions) and a comparison table that sorts on the server (`sort`, `dir`) and, with JavaScript, in place.
struct OptionsModel: Sendable, Equatable {
    struct Card: Sendable, Equatable {
        var rank: Int
        /// "Boston → New York → Philadelphia".
        var route: String
        /// "Sat 13 Jun 2026 – Wed 17 Jun 2026".
        var dates: String
        var games: Int
        var venues: Int
        var days: Int
        var distance: String
        var miles: Double
        var driving: String
        var drivingHours: Double
        var restDays: Int
        var firstStop: String
        var lastStop: String
        var leagues: [League]
        /// The games in order: "Sat 13 Jun · 7:10 PM EDT · Yankees @ Red Sox, Fenway Park".
        var gameLines: [GameLine]
        var map: TripMapModel
        /// The score's parts, as label and value.
        var breakdown: [Pair]
        var score: String
        var openURL: String
        var calendarURL: String
        /// Hidden fields of the save form: the query's items and `rank`, `sig`.
        var saveFields: [Pair]
        /// The trip name the save form suggests.
        var name: String
        var first: LocalDate?
        var last: LocalDate?
    }

    /// A game of an option: its line and its teams (for scripts and tests).
    struct GameLine: Sendable, Equatable {
        var text: String
        var home: String
        var away: String
    }

    struct Pair: Sendable, Equatable {
        var name: String
        var value: String
    }

    /// A column of the comparison table.
    enum SortKey: String, Sendable, CaseIterable {
        case rank, games, venues, days, miles, hours, rest

        var title: String {
            switch self {
            case .rank: "Option"
            case .games: "Games"
            case .venues: "Venues"
            case .days: "Days"
            case .miles: "Distance"
            case .hours: "Driving"
            case .rest: "Rest days"
            }
        }
    }

    /// A team-first window on the timeline.
    struct Window: Sendable, Equatable {
        var rank: Int
        var label: String
        /// Start and length, as fractions of the whole span (0…1).
        var offset: Double
        var width: Double
    }

    var query: PlanQuery
    var title: String
    var cards: [Card]
    var sort: SortKey
    var descending: Bool
    /// Ranks in table order.
    var tableOrder: [Int]
    /// Team-first: the windows on a timeline, in date order.
    var windows: [Window]
    var timelineStart: String
    var timelineEnd: String
    /// The query's items (hidden fields of the compare and poll form).
    var queryItems: [Pair]
    var wizardURL: String
    var units: TripsPrefs.Units

    /// The model of the options of `query`.
    static func build(
        query: PlanQuery, options: [ItineraryOption], start: TripLocation?, end: TripLocation?, prefs: TripsPrefs,
        sort: String? = nil, direction: String? = nil
    ) -> OptionsModel {
        let query = query
        let cards = options.map { card($0, query: query, start: start, end: end, prefs: prefs) }
        let key = sort.flatMap(SortKey.init(rawValue:)) ?? .rank
        let descending = direction.map { $0 == "desc" } ?? (key != .rank && key != .miles && key != .hours)
        func value(_ card: Card) -> Double {
            switch key {
            case .rank: Double(card.rank)
            case .games: Double(card.games)
            case .venues: Double(card.venues)
            case .days: Double(card.days)
            case .miles: card.miles
            case .hours: card.drivingHours
            case .rest: Double(card.restDays)
            }
        }
        let order = cards.sorted { a, b in
            let (x, y) = (value(a), value(b))
            if x != y { return descending ? x > y : x < y }
            return a.rank < b.rank
        }.map(\.rank)
        var windows: [Window] = []
        var timelineStart = "", timelineEnd = ""
        if query.mode == .teamFirst, let first = cards.compactMap(\.first).min(),
            let last = cards.compactMap(\.last).max()
        {
            let span = Double(max(1, first.days(to: last) + 1))
            windows = cards.compactMap { card in
                guard let a = card.first, let b = card.last else { return nil }
                return Window(
                    rank: card.rank, label: "Option \(card.rank): \(card.dates), \(card.route)",
                    offset: Double(first.days(to: a)) / span, width: Double(a.days(to: b) + 1) / span)
            }.sorted { $0.offset != $1.offset ? $0.offset < $1.offset : $0.rank < $1.rank }
            timelineStart = TripsComponents.day(first)
            timelineEnd = TripsComponents.day(last)
        }
        return OptionsModel(
            query: query, title: "\(query.mode.title): \(options.count) option\(options.count == 1 ? "" : "s")",
            cards: cards, sort: key, descending: descending, tableOrder: order, windows: windows,
            timelineStart: timelineStart, timelineEnd: timelineEnd,
            queryItems: query.items.map { Pair(name: $0.0, value: $0.1) },
            wizardURL: TripsPageURL.wizard.path(["mode": query.mode.slug], query: query.queryString),
            units: prefs.units)
    }

    static func card(
        _ option: ItineraryOption, query: PlanQuery, start: TripLocation?, end: TripLocation?, prefs: TripsPrefs
    ) -> Card {
        let games = option.games.sorted { $0.start < $1.start }
        var cities: [String] = []
        for game in games where cities.last != game.city { cities.append(game.city) }
        let first = option.days.map(\.date).min() ?? games.first?.localDate
        let last = option.days.map(\.date).max() ?? games.last?.localDate
        let dates = [first, last].compactMap { $0 }.map(TripsComponents.day)
        let leagues = Array(Set(games.map(\.league))).sorted()
        let rank = String(option.rank)
        let b = option.breakdown
        let name =
            "\(cities.first ?? "Trip")\(cities.count > 1 ? " to \(cities.last ?? "")" : ""), "
            + (first.map { TripsComponents.day($0) } ?? "")
        return Card(
            rank: option.rank, route: cities.joined(separator: " → "),
            dates: dates.first == dates.last ? (dates.first ?? "") : dates.joined(separator: " – "),
            games: option.totals.games, venues: option.totals.distinctVenues, days: option.totals.days,
            distance: prefs.distance(miles: option.totals.miles), miles: option.totals.miles,
            driving: TripsComponents.hours(option.totals.drivingHours), drivingHours: option.totals.drivingHours,
            restDays: option.totals.restDays,
            firstStop: games.first.map { "\($0.venueName), \($0.city)" } ?? "–",
            lastStop: games.last.map { "\($0.venueName), \($0.city)" } ?? "–",
            leagues: leagues,
            gameLines: games.map {
                GameLine(
                    text: "\(TripsComponents.day($0.localDate)) · \(TripsComponents.localTime($0)) · "
                        + "\(TripsComponents.matchup($0)), \($0.venueName)",
                    home: $0.homeTeamId.rawValue, away: $0.awayTeamId.rawValue)
            },
            map: TripMap.model(for: option, start: start, end: end, title: "Map of option \(rank)", units: prefs),
            breakdown: [
                Pair(name: "Games", value: "\(b.games) × points = \(number(b.gamePoints))"),
                Pair(name: "Distinct venues", value: "\(b.distinctVenues) × points = \(number(b.venuePoints))"),
                Pair(
                    name: "Driving",
                    value: "\(TripsComponents.hours(b.drivingHours)), penalty −\(number(b.drivingPenalty))"),
                Pair(name: "Distance", value: prefs.distance(miles: b.miles)),
            ],
            score: number(option.score),
            openURL: TripsPageURL.option.path(["rank": rank], query: query.queryString),
            calendarURL: TripsPageURL.optionCalendar.path(["rank": rank], query: query.queryString),
            saveFields: query.items.map { Pair(name: $0.0, value: $0.1) } + [
                Pair(name: "rank", value: rank), Pair(name: "sig", value: OptionSignature.of(option)),
            ],
            name: String(name.prefix(120)), first: first, last: last)
    }

    static func number(_ value: Double) -> String {
        let rounded = (value * 10).rounded() / 10
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(format: "%.1f", rounded)
    }
}
