import Foundation
import SportsTime

/// The trip page of an unsaved option, an owner's saved trip or a shared trip: one model, three modes.
struct TripPageModel: Sendable, Equatable {
    /// Whose page it is, and so which actions it offers.
    enum Mode: Sendable, Equatable {
        /// An option of a plan query, not saved yet (save form, calendar of the option).
        case option(rank: Int, query: [QueryItem], signature: String)
        /// The owner's saved trip (edit, rename, share, delete …).
        case owner(id: String, shareToken: String?)
        /// A read-only shared trip.
        case shared(token: String)
    }

    /// One `key=value` of the plan query.
    struct QueryItem: Sendable, Equatable {
        var key: String
        var value: String
    }

    /// One entry of a day, in the order it happens.
    struct Entry: Sendable, Equatable {
        enum Kind: String, Sendable { case game, drive, custom }
        var kind: Kind
        /// Local time at the venue with its zone ("7:10 PM EDT"), or the custom stop's "19:30".
        var time: String?
        var title: String
        /// Venue and city, the drive's daily hours, a custom stop's place and note.
        var detail: String?
        var league: League?
        /// The game's or custom item's id.
        var id: String?
        /// For custom items: its kind.
        var customKind: CustomItem.Kind?
        /// For untimed custom items: Up/Down apply.
        var movable: Bool = false
        /// Minutes after local midnight, where known (ordering).
        var minute: Int?
    }

    struct Day: Sendable, Equatable {
        /// `day-2026-06-13`.
        var anchor: String
        var date: LocalDate
        /// "Sat 13 Jun 2026".
        var label: String
        /// "Day 2".
        var number: Int
        var kind: DayKind
        var entries: [Entry]
        /// Hours driven this day.
        var drivingHours: Double
        var overnight: String
        /// Warnings shown on the day (two venues, tight driving, conflicts).
        var flags: [Flag]
    }

    /// A warning with its kind (for its icon and test hooks).
    struct Flag: Sendable, Equatable {
        enum Kind: String, Sendable { case twoVenues = "two-venues", tightLeg = "tight-leg", conflict, changed }
        var kind: Kind
        var text: String
    }

    /// A game of the saved trip that the current schedule no longer has as saved.
    struct ChangedGame: Sendable, Equatable {
        var gameID: String
        var matchup: String
        var text: String
    }

    var mode: Mode
    var name: String
    /// "13–18 Jun 2026 · 6 days".
    var subtitle: String
    var totals: [(label: String, value: String)]
    var map: TripMapModel
    var days: [Day]
    var changedGames: [ChangedGame]
    var dailyLimit: Double

    static func == (a: TripPageModel, b: TripPageModel) -> Bool {
        a.mode == b.mode && a.name == b.name && a.subtitle == b.subtitle
            && a.totals.map { "\($0.label)=\($0.value)" } == b.totals.map { "\($0.label)=\($0.value)" }
            && a.map == b.map
            && a.days == b.days && a.changedGames == b.changedGames && a.dailyLimit == b.dailyLimit
    }

    /// Whether the page is the owner's.
    var isOwner: Bool { if case .owner = mode { true } else { false } }
    /// Every day's flags.
    var flags: [Flag] { days.flatMap(\.flags) }
}

extension TripPageModel {
    /// The page of `option`. `preferences` give the start, end and daily driving limit; `catalogGames` (by id) the
    /// current schedule, against which saved games are checked (nil: not checked, for unsaved options).
    static func build(
        option: ItineraryOption, name: String, mode: Mode, preferences: TripPreferences?, prefs: TripsPrefs,
        customItems: [CustomItem] = [], catalogGames: [GameID: Game]? = nil, estimator: TravelEstimator = .init()
    ) -> TripPageModel {
        let limit = preferences?.drivingConstraints.dailyLimit ?? DrivingConstraints.defaultHoursPerDriver
        let totals = option.totals
        var cards: [(label: String, value: String)] = [
            ("Games", "\(totals.games)"), ("Venues", "\(totals.distinctVenues)"), ("Days", "\(totals.days)"),
            ("Driving", prefs.distance(miles: totals.miles)),
            ("Hours at the wheel", TripsComponents.hours(totals.drivingHours)), ("Rest days", "\(totals.restDays)"),
        ]
        if customItems.count > 0 { cards.append(("Own stops", "\(customItems.count)")) }
        let map = TripMap.model(
            for: option, start: preferences?.startLocation, end: preferences?.endLocation, units: prefs)
        var subtitle = ""
        if let first = option.days.first?.date, let last = option.days.last?.date {
            subtitle =
                first == last
                ? TripsComponents.day(first)
                : "\(TripsComponents.day(first)) – \(TripsComponents.day(last)) · \(option.days.count) days"
        }
        let gamesByID = Dictionary(option.games.map { ($0.gameId, $0) }, uniquingKeysWith: { a, _ in a })
        var days: [Day] = []
        for (index, day) in option.days.enumerated() {
            days.append(
                buildDay(
                    day, number: index + 1, option: option, games: gamesByID, prefs: prefs, limit: limit,
                    custom: customItems.filter { $0.day == day.date }, estimator: estimator))
        }
        // Custom items on days the trip no longer has (after an edit shortened it) stay visible on the last day.
        let dates = Set(option.days.map(\.date))
        let orphans = customItems.filter { !dates.contains($0.day) }
        if !orphans.isEmpty, !days.isEmpty {
            days[days.count - 1].entries += orphans.map { entry(for: $0, movable: false) }
        }
        var changed: [ChangedGame] = []
        if let catalogGames {
            for game in option.games {
                let matchup = TripsComponents.matchup(game)
                guard let current = catalogGames[game.gameId] else {
                    changed.append(
                        ChangedGame(
                            gameID: game.gameId.rawValue, matchup: matchup,
                            text: "is no longer in the schedule (removed or renamed)."))
                    continue
                }
                switch current.status {
                case .postponed, .cancelled, .suspended:
                    changed.append(
                        ChangedGame(
                            gameID: game.gameId.rawValue, matchup: matchup, text: "is \(current.status.rawValue)."))
                    continue
                default: break
                }
                if current.start != game.start || current.venue != game.venueId {
                    var moved = game
                    moved.start = current.start
                    let place = current.venue == game.venueId ? "" : " at another venue"
                    changed.append(
                        ChangedGame(
                            gameID: game.gameId.rawValue, matchup: matchup,
                            text: "moved\(place): now \(localTime(moved, recompute: true)) on \(current.localDate)."))
                }
            }
        }
        return TripPageModel(
            mode: mode, name: name, subtitle: subtitle, totals: cards, map: map, days: days, changedGames: changed,
            dailyLimit: limit)
    }

    static func entry(for item: CustomItem, movable: Bool) -> Entry {
        let detail = [item.place, item.note].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: " — ")
        return Entry(
            kind: .custom, time: item.timeText, title: item.title, detail: detail.isEmpty ? nil : detail,
            league: nil, id: item.id, customKind: item.kind, movable: movable, minute: item.minute)
    }

    static func buildDay(
        _ day: ItineraryDay, number: Int, option: ItineraryOption, games: [GameID: PlannedGame], prefs: TripsPrefs,
        limit: Double, custom: [CustomItem], estimator: TravelEstimator
    ) -> Day {
        var core: [Entry] = []
        var seenGame = false
        var dayGames: [PlannedGame] = []
        for item in day.items {
            switch item.kind {
            case .game:
                guard let id = item.gameId, let game = games[id] else {
                    core.append(Entry(kind: .game, time: item.time, title: item.text))
                    continue
                }
                seenGame = true
                dayGames.append(game)
                core.append(
                    Entry(
                        kind: .game, time: localTime(game), title: TripsComponents.matchup(game),
                        detail: "\(game.venueName), \(game.city)", league: game.league, id: id.rawValue,
                        minute: localMinute(game)))
            case .drive:
                core.append(
                    Entry(
                        kind: .drive, time: nil, title: driveTitle(item.text, prefs: prefs),
                        minute: seenGame ? nil : 8 * 60))
            }
        }
        let hours = option.legs.flatMap(\.dailyHours).filter { $0.day == day.date }.reduce(0) { $0 + $1.hours }
        // Merge custom items: untimed ones at their slot (in stored order), timed ones before the first later entry.
        var merged: [Entry] = []
        let untimed = custom.filter { $0.minute == nil }
        for slot in 0...core.count {
            merged += untimed.filter { min(max($0.slot, 0), core.count) == slot }.map { entry(for: $0, movable: true) }
            if slot < core.count { merged.append(core[slot]) }
        }
        for item in custom.filter({ $0.minute != nil }).sorted(by: { ($0.minute ?? 0) < ($1.minute ?? 0) }) {
            let entry = entry(for: item, movable: false)
            let minute = item.minute ?? 0
            if let index = merged.firstIndex(where: { $0.kind != .custom && ($0.minute.map { $0 > minute } ?? false) })
            {
                merged.insert(entry, at: index)
            } else if let index = merged.lastIndex(where: {
                $0.kind == .custom && $0.minute.map { $0 > minute } ?? false
            }) {
                merged.insert(entry, at: index)
            } else {
                merged.append(entry)
            }
        }
        var flags: [Flag] = []
        let venues = dayGames.reduce(into: [VenueID]()) { if !$0.contains($1.venueId) { $0.append($1.venueId) } }
        if venues.count > 1, dayGames.count > 1 {
            let sorted = dayGames.sorted { $0.start < $1.start }
            for (a, b) in zip(sorted, sorted.dropFirst()) where a.venueId != b.venueId {
                let drive = estimator.leg(
                    from: Coordinate(latitude: a.latitude, longitude: a.longitude),
                    to: Coordinate(latitude: b.latitude, longitude: b.longitude))
                var leave = a
                leave.start = b.start.addingTimeInterval(-(drive.drivingHours + 1) * 3600)
                flags.append(
                    Flag(
                        kind: .twoVenues,
                        text:
                            "Two venues today: leave \(a.venueName) by \(localTime(leave, recompute: true)) to reach "
                            + "\(b.venueName) an hour before the game (\(TripsComponents.hours(drive.drivingHours)) drive)."
                    ))
            }
        }
        if hours > 0, hours >= limit * 0.9 {
            flags.append(
                Flag(
                    kind: .tightLeg,
                    text:
                        "Long driving day: \(TripsComponents.hours(hours)) of your \(TripsComponents.hours(limit)) daily limit."
                ))
        }
        let sortedGames = dayGames.sorted { $0.start < $1.start }
        for (a, b) in zip(sortedGames, sortedGames.dropFirst())
        where a.start.addingTimeInterval(a.league.typicalGameDuration) > b.start {
            flags.append(
                Flag(
                    kind: .conflict,
                    text:
                        "Schedule conflict: \(TripsComponents.matchup(a)) is still on when \(TripsComponents.matchup(b)) starts."
                ))
        }
        for item in custom {
            guard let minute = item.minute else { continue }
            for game in dayGames {
                guard let start = localMinute(game) else { continue }
                let end = start + Int(game.league.typicalGameDuration / 60)
                if minute >= start, minute < end {
                    flags.append(
                        Flag(
                            kind: .conflict,
                            text:
                                "Schedule conflict: “\(item.title)” at \(item.timeText ?? "") is during \(TripsComponents.matchup(game))."
                        ))
                }
            }
        }
        return Day(
            anchor: "day-\(day.date)", date: day.date, label: TripsComponents.day(day.date), number: number,
            kind: day.kind, entries: merged, drivingHours: hours, overnight: day.overnight, flags: flags)
    }

    /// A game's start at its venue with the zone's abbreviation ("7:10 PM EDT"): the core's text when it has one.
    static func localTime(_ game: PlannedGame, recompute: Bool = false) -> String {
        if !recompute, let comma = game.localStart.range(of: ", ", options: .backwards) {
            return String(game.localStart[comma.upperBound...])
        }
        let zone = TimeZone(identifier: game.timeZone) ?? TimeZone(secondsFromGMT: 0) ?? .current
        return ItineraryBuilder.localText(game.start, in: zone, format: "h:mm a zzz")
    }

    /// Minutes after local midnight of a game's start at its venue.
    static func localMinute(_ game: PlannedGame) -> Int? {
        guard let zone = TimeZone(identifier: game.timeZone) else { return nil }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let parts = calendar.dateComponents([.hour, .minute], from: game.start)
        return (parts.hour ?? 0) * 60 + (parts.minute ?? 0)
    }

    /// The core's drive text with the distance in the visitor's units ("… (3.6 h, 218 mi)" → "… (3.6 h, 351 km)").
    static func driveTitle(_ text: String, prefs: TripsPrefs) -> String {
        guard prefs.units == .km, let range = text.range(of: #"[0-9][0-9,]* mi\b"#, options: .regularExpression)
        else { return text }
        let digits = text[range].filter(\.isNumber)
        guard let miles = Double(digits) else { return text }
        return text.replacingCharacters(in: range, with: prefs.distance(miles: miles))
    }
}

extension DayKind {
    /// The day's kind on pages.
    var title: String {
        switch self {
        case .game: "Game day"
        case .travel: "Travel day"
        case .rest: "Rest day"
        case .mixed: "Drive and game"
        }
    }

    var icon: String {
        switch self {
        case .game: "🏟️"
        case .travel: "🚗"
        case .rest: "☕"
        case .mixed: "🚗🏟️"
        }
    }
}
