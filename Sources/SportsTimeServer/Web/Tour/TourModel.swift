import Foundation
import ServerKit
import SportsTime

/// The every-park tour page: the form (with errors at fields), and for a valid request its search's state or its
/// result.
struct TourModel: Sendable, Equatable {
    struct Input: Sendable, Equatable {
        var league = "mlb"
        var season = ""
        var drivers = "1"
        var hours = "8"
        var start = ""
        var from = ""
        var to = ""
        var rules = "daily"
        /// Game length and buffer in hours (empty = the rules' defaults).
        var game = ""
        var buffer = ""
        /// Venue ids, comma-separated (empty = every park of the league); the API's `parks`.
        var parks = ""
        /// Seconds the search may take (empty = the server's default); the API's `timeLimit`.
        var limit = ""
    }

    struct Day: Sendable, Equatable {
        var id: String
        var title: String
        var lines: [String]
        var overnight: String
    }

    struct Result: Sendable, Equatable {
        var days: Int
        var distance: String
        var driving: String
        var venues: Int
        var span: String
        /// The route on a map (from the tour's itinerary; its presence offers "Save to my trips").
        var map: TripMapModel?
        var itinerary: [Day]
        /// The rules the tour obeys, for people.
        var rules: String = ""
        /// "24.21 days" first pitch to last out (continuous tours).
        var duration: String?
        /// The lower bound and how far from optimal the tour can at most be.
        var bound: String?
        var gap: String?
        var boundMethod: String?
        /// Where the road times came from.
        var roads: String?
    }

    enum Status: Sendable, Equatable {
        /// Nothing asked yet (or the request has problems).
        case form
        /// Valid, but not started: the form offers to start it.
        case notStarted
        case computing(state: String, message: String, elapsed: Int?)
        case done(Result)
        /// Finished without a tour, or failed: the message says what to try.
        case noTour(String)
    }

    var input: Input
    var errors: [String: String]
    var status: Status
    var leagueChoices: [MoreFields.Choice]
    /// The JSON status URL (while computing).
    var statusURL: String?
    /// Query items of the request (for the save form).
    var requestQuery: String

    /// The input of a query or form; the request when every field is valid.
    static func parse(
        _ items: [(String, String)], catalog: Catalog, thisYear: Int
    ) -> (Input, TourRequest?, [String: String]) {
        func value(_ key: String) -> String? {
            items.last { $0.0 == key }.map { $0.1.trimmingCharacters(in: .whitespaces) }
        }
        var input = Input()
        input.league = String((value("league") ?? "mlb").prefix(20))
        input.season = String((value("season") ?? String(thisYear)).prefix(10))
        input.drivers = String((value("drivers") ?? "1").prefix(10))
        input.hours = String((value("hours") ?? "8").prefix(10))
        input.start = String((value("start") ?? "").prefix(100))
        input.from = String((value("from") ?? "").prefix(20))
        input.to = String((value("to") ?? "").prefix(20))
        input.rules = String((value("rules") ?? "daily").prefix(20)).lowercased()
        input.game = String((value("game") ?? "").prefix(10))
        input.buffer = String((value("buffer") ?? "").prefix(10))
        input.parks = String((value("parks") ?? "").prefix(2_000))
        input.limit = String((value("limit") ?? "").prefix(10))
        var errors: [String: String] = [:]
        let extras = parseExtras(input, catalog: catalog, errors: &errors)
        let rules = TravelRules.DrivingModel(rawValue: input.rules)
        if rules == nil { errors["rules"] = "Choose daily or continuous driving." }
        if rules == .continuous, !input.start.isEmpty {
            errors["start"] = "Continuous tours run from first pitch to last out: leave the start city empty."
        }
        let league = League(text: input.league)
        if league == nil { errors["league"] = "Unknown league: choose one of the list." }
        let season = Int(input.season)
        if let league, let season {
            let loaded = Set(
                catalog.games.lazy.filter { $0.league == league }.map { SportsTimeApp.season(of: $0) }
            ).sorted()
            if !loaded.contains(season) {
                errors["season"] =
                    "No \(league.displayName) schedule is loaded for \(season)"
                    + (loaded.isEmpty ? "." : ": choose \(loaded.map(String.init).joined(separator: " or ")).")
            }
        } else if season == nil {
            errors["season"] = "Enter a year like \(thisYear)."
        }
        let drivers = Int(input.drivers)
        if drivers == nil || !(1...3).contains(drivers ?? 0) { errors["drivers"] = "1, 2 or 3 drivers." }
        let hours = Double(input.hours)
        if hours == nil || !(hours ?? 0).isFinite || !(2...12).contains(hours ?? 0) {
            errors["hours"] = "Between 2 and 12 hours a day."
        }
        if !input.start.isEmpty, catalog.location(named: input.start) == nil {
            errors["start"] = "Unknown place: name a city with a venue (e.g. Boston), or leave it empty."
        }
        let from = LocalDate(input.from)
        let to = LocalDate(input.to)
        if !input.from.isEmpty, from == nil { errors["from"] = "Enter a date like 2026-05-01." }
        if !input.to.isEmpty, to == nil { errors["to"] = "Enter a date like 2026-05-10." }
        if let from, let to, to < from { errors["to"] = "The latest first day is before the earliest: swap them." }
        guard errors.isEmpty, let league, let season, let drivers, let hours else { return (input, nil, errors) }
        return (
            input,
            TourRequest(
                league: league, season: season, drivers: drivers, hours: hours,
                start: input.start.isEmpty ? nil : input.start, from: from, to: to,
                rules: rules == .continuous ? .continuous : nil, gameHours: extras.game, bufferHours: extras.buffer,
                parks: extras.parks, timeLimit: extras.limit), errors
        )
    }

    /// Limits of the optional fields.
    enum Limits {
        static let gameHours = 1.0...6.0
        static let bufferHours = 0.0...12.0
        static let timeLimit = 1.0...120.0
        static let parks = 2...64
    }

    /// Game length, buffer, parks and time limit of `input` (nil where empty); problems go to `errors`.
    static func parseExtras(
        _ input: Input, catalog: Catalog, errors: inout [String: String]
    ) -> (game: Double?, buffer: Double?, parks: [VenueID]?, limit: Double?) {
        func number(_ text: String, _ range: ClosedRange<Double>, field: String, message: String) -> Double? {
            guard !text.isEmpty else { return nil }
            guard let value = Double(text), value.isFinite, range.contains(value) else {
                errors[field] = message
                return nil
            }
            return value
        }
        let game = number(input.game, Limits.gameHours, field: "game", message: "A game lasts 1 to 6 hours.")
        let buffer = number(
            input.buffer, Limits.bufferHours, field: "buffer", message: "Between 0 and 12 hours before a first pitch.")
        let limit = number(
            input.limit, Limits.timeLimit, field: "limit", message: "A time limit of 1 to 120 seconds.")
        var parks: [VenueID]?
        let names = input.parks.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty }
        if !names.isEmpty {
            let unknown = names.filter { catalog.venue(VenueID(rawValue: $0)) == nil }
            let unique = Array(Set(names)).sorted()
            if !unknown.isEmpty {
                errors["parks"] =
                    "Unknown venue id: \(unknown.prefix(3).joined(separator: ", ")) (see /api/trips/venues)."
            } else if !Limits.parks.contains(unique.count) {
                errors["parks"] = "Choose 2 to 64 different parks, or none for every park of the league."
            } else {
                parks = unique.map(VenueID.init(rawValue:))
            }
        }
        return (game, buffer, parks, limit)
    }

    static let leagueChoices = League.allCases.map { MoreFields.Choice(value: $0.rawValue, label: $0.displayName) }

    static let rulesChoices = [
        MoreFields.Choice(value: "daily", label: "Daily: driving limits, nights off the road"),
        MoreFields.Choice(value: "continuous", label: "Continuous: drive around the clock (benchmark)"),
    ]

    /// The figures every tour shows: rules, first pitch to last out, bound and gap, road times.
    static func annotate(_ result: inout Result, tour: BallparkTour) {
        result.rules = tour.rules?.summary ?? ""
        if tour.rules?.driving == .continuous, let days = tour.durationDays {
            result.duration = String(format: "%.2f days", days)
        }
        if let bound = tour.lowerBound {
            result.bound =
                bound.unit == .days
                ? "\(Int(bound.value)) days" : String(format: "%.2f days", bound.value)
            result.boundMethod = bound.method
            if bound.isExact {
                result.gap = "Proven shortest"
            } else if let gap = tour.gap {
                result.gap = String(format: "At most %.1f %% longer than the best possible", gap * 100)
            }
        }
        result.roads = tour.roadSource
    }

    /// A continuous tour's games day by day (no overnight stops: the drive may run through the night).
    static func continuousDays(_ tour: BallparkTour, catalog: Catalog) -> [Day] {
        var days: [Day] = []
        for (index, visit) in tour.visits.enumerated() {
            let venue = catalog.venue(visit.venueId)
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.timeZone = venue?.zone ?? TimeZone(secondsFromGMT: 0)
            formatter.dateFormat = "h:mm a zzz"
            var line = "\(formatter.string(from: visit.start)) · \(venue?.name ?? visit.venueId.rawValue)"
            if let leg = tour.legs.first(where: { $0.toVisit == index }) {
                line +=
                    " · after \(Int(leg.miles.rounded())) mi, \(TripsComponents.hours(leg.drivingHours)) on the road"
            }
            if let last = days.last, last.id == "day-\(visit.localDate)" {
                days[days.count - 1].lines.append(line)
            } else {
                days.append(
                    Day(
                        id: "day-\(visit.localDate)", title: TripsComponents.day(visit.localDate), lines: [line],
                        overnight: ""))
            }
        }
        return days
    }

    /// The page for the parsed request and its stored search (if any).
    static func build(
        input: Input, errors: [String: String], request: TourRequest?, stored: StoredTour?, catalog: Catalog,
        search: BallparkTourSearch?, prefs: TripsPrefs, now: Date
    ) -> TourModel {
        var model = TourModel(
            input: input, errors: errors, status: .form, leagueChoices: leagueChoices, statusURL: nil,
            requestQuery: request.map { RoutePath.query($0.items) } ?? "")
        guard let request else { return model }
        guard let stored else {
            model.status = .notStarted
            return model
        }
        switch stored.state {
        case .queued, .searching:
            model.status = .computing(
                state: stored.state.rawValue, message: stored.message,
                elapsed: stored.startedAt.map { max(0, Int(now.timeIntervalSince($0))) })
            model.statusURL = TripsPageURL.tourStatus.path() + RoutePath.query(request.items)
        case .failed:
            model.status = .noTour(stored.message)
        case .done:
            if let tour = stored.tour, tour.rules?.driving == .continuous {
                var result = Result(
                    days: tour.totalDays, distance: prefs.distance(miles: tour.totalMiles),
                    driving: TripsComponents.hours(tour.drivingHours), venues: tour.venueIds.count,
                    span: "\(TripsComponents.day(tour.firstDay)) → \(TripsComponents.day(tour.lastDay))",
                    map: search.flatMap { $0.itinerary(for: tour, catalog: catalog) }.map {
                        TripMap.model(
                            for: $0, start: nil, end: nil, title: "Every \(request.league.displayName) venue",
                            units: prefs)
                    },
                    itinerary: continuousDays(tour, catalog: catalog))
                annotate(&result, tour: tour)
                model.status = .done(result)
                return model
            }
            guard let tour = stored.tour, let search, let option = search.itinerary(for: tour, catalog: catalog) else {
                model.status = .noTour(stored.message)
                return model
            }
            let days = option.days.map { day in
                Day(
                    id: "day-\(day.date)", title: TripsComponents.day(day.date),
                    lines: day.items.map { item in [item.time, item.text].compactMap { $0 }.joined(separator: " · ") },
                    overnight: day.overnight)
            }
            var result = Result(
                days: tour.totalDays, distance: prefs.distance(miles: tour.totalMiles),
                driving: TripsComponents.hours(tour.drivingHours), venues: tour.venueIds.count,
                span: "\(TripsComponents.day(tour.firstDay)) → \(TripsComponents.day(tour.lastDay))",
                map: TripMap.model(
                    for: option, start: search.startLocation, end: search.endLocation,
                    title: "Every \(request.league.displayName) venue", units: prefs),
                itinerary: days)
            annotate(&result, tour: tour)
            model.status = .done(result)
        }
        return model
    }
}
