import Foundation
import ServerKit
import SportsTime

/// The home page: the traveller's trips (the next one first, with a countdown), the five ways to plan, and up to
/// three suggested trips from the home city for a month and league chosen with plain links.
struct HomeModel: Sendable, Equatable {
    struct TripRow: Sendable, Equatable {
        var name: String
        var url: String
        var dates: String
        /// "in 12 days", "tomorrow", "under way"; nil for past trips.
        var countdown: String?
        var summary: String
    }

    struct ModeCard: Sendable, Equatable {
        var title: String
        var summary: String
        var url: String
        var slug: String
    }

    struct Chip: Sendable, Equatable {
        var label: String
        var url: String
        var current: Bool
    }

    struct Suggestion: Sendable, Equatable {
        var title: String
        var dates: String
        var leagues: [League]
        var totals: String
        var map: TripMapModel
        var openURL: String
    }

    var trips: [TripRow]
    var modes: [ModeCard]
    var homeCity: String
    /// No home city is set: the page says it uses the default and links to the settings.
    var homeCityIsDefault: Bool
    var monthLabel: String
    var months: [Chip]
    var leagueChips: [Chip]
    var suggestions: [Suggestion]
    /// Why there are no suggestions when the planner could not make them (unknown home city, busy).
    var suggestionsProblem: String?
    var settingsURL: String

    /// The city suggestions start from when the visitor has not chosen one.
    static let defaultHomeCity = "Boston"

    /// A saved trip as the home page lists it.
    struct SavedTrip: Sendable {
        var id: String
        var name: String
        var createdAt: Date
        var option: ItineraryOption
    }

    /// The month a request asks for (`2026-07`), else the month of `today`.
    static func month(_ text: String?, today: LocalDate) -> (year: Int, month: Int) {
        if let text, text.count == 7 {
            let parts = text.split(separator: "-")
            if parts.count == 2, let year = Int(parts[0]), let month = Int(parts[1]), (1...12).contains(month),
                (2000...2100).contains(year)
            {
                return (year, month)
            }
        }
        return (today.year, today.month)
    }

    static func monthKey(_ year: Int, _ month: Int) -> String {
        "\(year)-\(month < 10 ? "0" : "")\(month)"
    }

    static func monthName(_ year: Int, _ month: Int) -> String {
        let names = [
            "January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
            "November", "December",
        ]
        return "\(names[max(0, min(11, month - 1))]) \(year)"
    }

    /// The leagues of `league=mlb` (or `mlb,nba`); unknown names are ignored.
    static func leagues(_ text: String?) -> [League] {
        (text ?? "").split(separator: ",").compactMap { League(text: String($0)) }.reduce(into: []) {
            if !$0.contains($1) { $0.append($1) }
        }
    }

    static func build(
        trips: [SavedTrip], today: LocalDate, homeCity: String?, month: (year: Int, month: Int), leagues: [League],
        suggestions: [TripSuggestion], suggestionsProblem: String?, prefs: TripsPrefs, origin: TripLocation? = nil
    ) -> HomeModel {
        let city = homeCity ?? defaultHomeCity
        // Upcoming and ongoing trips first (soonest first), then past ones (newest saved first).
        let dated = trips.map { trip -> (SavedTrip, LocalDate?, LocalDate?) in
            let days = trip.option.days.map(\.date) + trip.option.games.map(\.localDate)
            return (trip, days.min(), days.max())
        }
        let upcoming = dated.filter { ($0.2 ?? today) >= today }.sorted { ($0.1 ?? today) < ($1.1 ?? today) }
        let past = dated.filter { ($0.2 ?? today) < today }.sorted { $0.0.createdAt > $1.0.createdAt }
        let rows = (upcoming + past).map { trip, first, last in
            var countdown: String?
            if let first, let last, last >= today {
                let days = today.days(to: first)
                countdown = days > 1 ? "in \(days) days" : days == 1 ? "tomorrow" : days == 0 ? "today" : "under way"
            }
            let dates = [first, last].compactMap { $0 }.map(TripsComponents.day)
            return TripRow(
                name: trip.name, url: TripsPageURL.savedTrip.path(["id": trip.id]),
                dates: dates.first == dates.last ? (dates.first ?? "") : dates.joined(separator: " – "),
                countdown: countdown,
                summary:
                    "\(trip.option.totals.games) games · \(trip.option.totals.distinctVenues) venues · "
                    + prefs.distance(miles: trip.option.totals.miles))
        }
        let leagueText = leagues.map(\.rawValue).joined(separator: ",")
        func homeURL(_ monthKey: String, _ league: String) -> String {
            var items = [("month", monthKey)]
            if !league.isEmpty { items.append(("league", league)) }
            return TripsPageURL.home.path(query: RoutePath.query(items)) + "#suggestions"
        }
        let current = monthKey(month.year, month.month)
        var months = (0..<6).map { offset -> Chip in
            let index = today.month - 1 + offset
            let (year, number) = (today.year + index / 12, index % 12 + 1)
            let key = monthKey(year, number)
            return Chip(label: monthName(year, number), url: homeURL(key, leagueText), current: key == current)
        }
        if !months.contains(where: \.current) {
            // A month outside the next six (a shared link) still shows as chosen.
            months.insert(
                Chip(label: monthName(month.year, month.month), url: homeURL(current, leagueText), current: true),
                at: 0)
        }
        let leagueChips =
            [Chip(label: "All sports", url: homeURL(current, ""), current: leagues.isEmpty)]
            + League.allCases.map {
                Chip(label: $0.displayName, url: homeURL(current, $0.rawValue), current: leagues == [$0])
            }
        let cards = suggestions.prefix(3).map { suggestion in
            var query = PlanQuery()
            query.mode = .dateRange
            query.sports = leagues.isEmpty ? suggestion.leagues : leagues
            query.from = suggestion.startDate
            query.to = suggestion.endDate
            query.start = city
            query.end = city
            let totals = suggestion.option.totals
            return Suggestion(
                title: suggestion.title,
                dates: "\(TripsComponents.day(suggestion.startDate)) – \(TripsComponents.day(suggestion.endDate))",
                leagues: suggestion.leagues,
                totals:
                    "\(totals.games) games · \(totals.distinctVenues) venues · \(prefs.distance(miles: totals.miles)) · "
                    + "\(TripsComponents.hours(totals.drivingHours)) driving",
                map: TripMap.model(
                    for: suggestion.option, start: origin, end: origin, title: "Map of \(suggestion.title)",
                    units: prefs),
                openURL: TripsPageURL.options.path(query: query.queryString))
        }
        return HomeModel(
            trips: rows,
            modes: PlanningMode.allCases.map {
                ModeCard(
                    title: $0.title, summary: $0.summary, url: TripsPageURL.wizard.path(["mode": $0.slug]),
                    slug: $0.slug)
            },
            homeCity: city, homeCityIsDefault: homeCity == nil, monthLabel: monthName(month.year, month.month),
            months: months, leagueChips: leagueChips, suggestions: Array(cards),
            suggestionsProblem: suggestionsProblem, settingsURL: TripsPageURL.me.path())
    }
}

/// Suggestions by origin, month, leagues and schedule version: each costs up to ten engine calls, and the home page
/// asks for the same few again and again. Small and bounded (oldest entry out first).
actor SuggestionCache {
    private var entries: [String: [TripSuggestion]] = [:]
    private var order: [String] = []
    let capacity: Int

    init(capacity: Int = 48) { self.capacity = max(1, capacity) }

    /// The cached suggestions of `key`, or `make()`'s (stored unless it throws).
    func value(
        _ key: String, make: @Sendable () async throws -> [TripSuggestion]
    ) async throws -> [TripSuggestion] {
        if let hit = entries[key] { return hit }
        let made = try await make()
        if entries[key] == nil {
            order.append(key)
            if order.count > capacity { entries[order.removeFirst()] = nil }
        }
        entries[key] = made
        return made
    }

    var count: Int { entries.count }
}
