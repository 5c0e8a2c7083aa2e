import Foundation
import SportsTime

/// The edits of a saved trip, as pure functions: changes of games are routed again under the saved preferences (and
/// refused with the engine's reason when no route keeps them); custom stops never change the drives.
enum TripEditor {
    /// Why an edit was not made, said for the page (`code` marks the engine's failure for tests).
    struct Refusal: Error, Equatable, Sendable {
        var message: String
        var code: String
    }

    /// The itinerary visiting exactly `ids` (in time order) under `preferences`, or why none does.
    static func route(
        _ ids: [GameID], preferences: TripPreferences?, rank: Int, catalog: Catalog,
        engine: TripPlanningEngine = TripPlanningEngine()
    ) -> Result<ItineraryOption, Refusal> {
        guard !ids.isEmpty else {
            return .failure(
                Refusal(message: "A trip needs at least one game: delete the trip instead.", code: "emptyTrip"))
        }
        var games: [Game] = []
        for id in ids {
            guard let game = catalog.games.first(where: { $0.id == id }) else {
                return .failure(
                    Refusal(message: "Game '\(id)' is no longer in the schedule: remove it first.", code: "unknownGame")
                )
            }
            guard game.status.isPlayable else {
                return .failure(
                    Refusal(
                        message: "That game is \(game.status.rawValue): it can't be part of a trip.",
                        code: "notPlayable"))
            }
            games.append(game)
        }
        games.sort { $0.start < $1.start }
        let preferences = preferences ?? TripPreferences()
        let context = PlanningContext(preferences: preferences, catalog: catalog, engine: engine)
        var range: ClosedRange<LocalDate>? = nil
        if let start = preferences.startDate, let end = preferences.endDate, start <= end { range = start...end }
        if let range, let outside = games.first(where: { !range.contains($0.localDate) }) {
            return .failure(
                Refusal(
                    message:
                        "That game (\(outside.localDate)) is outside the trip's dates, \(range.lowerBound) to \(range.upperBound).",
                    code: "dateRangeViolation"))
        }
        let request = context.request(games: games, anchors: games, range: range)
        guard let route = engine.router.evaluate(games, for: request, catalog: catalog) else {
            let failure = engine.diagnose(request, catalog: catalog)
            return .failure(Refusal(message: "Not saved: \(failure.message)", code: failure.code))
        }
        return .success(
            ItineraryBuilder(estimator: engine.router.estimator).option(
                for: route, rank: rank, dailyLimit: request.dailyLimit, catalog: catalog))
    }

    // MARK: Custom stops

    /// A new stop from the form's fields, or why it can't be added.
    static func newItem(
        kind: String?, title: String?, day: String?, time: String?, place: String?, note: String?,
        option: ItineraryOption, existing: [CustomItem], id: String = CustomItem.newID()
    ) -> Result<CustomItem, Refusal> {
        guard existing.count < CustomItem.perTripLimit else {
            return .failure(Refusal(message: "A trip holds at most 100 own stops.", code: "tooMany"))
        }
        guard let kind = kind.flatMap(CustomItem.Kind.init(rawValue:)) else {
            return .failure(Refusal(message: "Choose meal, hotel, sight or note.", code: "badKind"))
        }
        let title = (title ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        guard (1...CustomItem.titleLimit).contains(title.count) else {
            return .failure(Refusal(message: "The title must be 1 to 80 characters.", code: "badTitle"))
        }
        guard let dayText = day, let date = LocalDate(dayText), option.days.contains(where: { $0.date == date }) else {
            return .failure(Refusal(message: "Choose one of the trip's days.", code: "badDay"))
        }
        var minute: Int? = nil
        if let time = time?.trimmingCharacters(in: .whitespaces), !time.isEmpty {
            guard let value = CustomItem.minute(of: time) else {
                return .failure(Refusal(message: "Enter the time as HH:MM, e.g. 18:30.", code: "badTime"))
            }
            minute = value
        }
        for (name, value) in [("place", place), ("note", note)] {
            if let value, value.count > CustomItem.noteLimit {
                return .failure(Refusal(message: "The \(name) must be at most 200 characters.", code: "badNote"))
            }
        }
        func clean(_ text: String?) -> String? {
            let trimmed = text?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
            return trimmed.isEmpty ? nil : trimmed
        }
        let slot = option.days.first { $0.date == date }?.items.count ?? 0
        return .success(
            CustomItem(
                id: id, day: date, minute: minute, kind: kind, title: title, place: clean(place), note: clean(note),
                slot: slot))
    }

    /// Moves an untimed stop one place up or down among its day's entries (past a game or drive, or another stop).
    static func move(
        _ id: String, up: Bool, in items: [CustomItem], option: ItineraryOption
    ) -> Result<
        [CustomItem], Refusal
    > {
        guard let index = items.firstIndex(where: { $0.id == id }) else {
            return .failure(Refusal(message: "That stop is gone: it was removed already.", code: "unknownItem"))
        }
        var items = items
        let item = items[index]
        guard item.minute == nil else {
            return .failure(
                Refusal(message: "Stops with a time are placed by their time: change the day instead.", code: "timed"))
        }
        let coreCount = option.days.first { $0.date == item.day }?.items.count ?? 0
        let slot = min(max(item.slot, 0), coreCount)
        let sameSlot = items.indices.filter {
            items[$0].day == item.day && items[$0].minute == nil && min(max(items[$0].slot, 0), coreCount) == slot
        }
        guard let position = sameSlot.firstIndex(of: index) else { return .success(items) }
        if up {
            if position > 0 {
                items.swapAt(index, sameSlot[position - 1])
            } else if slot > 0 {
                var moved = items.remove(at: index)
                moved.slot = slot - 1
                items.append(moved)
            } else {
                return .failure(Refusal(message: "“\(item.title)” is already first on its day.", code: "first"))
            }
        } else {
            if position < sameSlot.count - 1 {
                items.swapAt(index, sameSlot[position + 1])
            } else if slot < coreCount {
                var moved = items.remove(at: index)
                moved.slot = slot + 1
                items.insert(moved, at: 0)
            } else {
                return .failure(Refusal(message: "“\(item.title)” is already last on its day.", code: "last"))
            }
        }
        return .success(items)
    }

    /// Moves a stop to the end of another day.
    static func move(
        _ id: String, toDay dayText: String, in items: [CustomItem], option: ItineraryOption
    ) -> Result<
        [CustomItem], Refusal
    > {
        guard let index = items.firstIndex(where: { $0.id == id }) else {
            return .failure(Refusal(message: "That stop is gone: it was removed already.", code: "unknownItem"))
        }
        guard let date = LocalDate(dayText), let day = option.days.first(where: { $0.date == date }) else {
            return .failure(Refusal(message: "Choose one of the trip's days.", code: "badDay"))
        }
        var items = items
        var moved = items.remove(at: index)
        moved.day = date
        moved.slot = day.items.count
        items.append(moved)
        return .success(items)
    }
}
