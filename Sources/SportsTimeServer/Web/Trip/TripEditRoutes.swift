import Foundation
import HTTPTypes
import Hummingbird
import ServerKit
import SportsTime
import WebUI

extension TripsWebController {
    func savedEditPage(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        if request.method == .post { return try await savedItems(request, context) }
        let prefs = TripsPrefs.resolve(request)
        guard let trip = try await ownedTrip(request, context) else { return TripMessagePages.notFound(prefs: prefs) }
        let notice = request.uri.queryParameters.get("done").map { String($0) }.flatMap(Self.editNotice)
        return try await editPage(trip, refusal: nil, notice: notice, prefs: prefs, status: .ok)
    }

    static func editNotice(_ code: String) -> String? {
        switch code {
        case "added": "Stop added."
        case "moved": "Moved."
        case "removed": "Removed."
        case "game-removed": "Game removed; the route and totals were worked out again."
        case "game-added": "Game added; the route and totals were worked out again."
        default: nil
        }
    }

    func editPage(
        _ trip: (record: WebTripRecord, body: SavedTripBody, owner: String), refusal: TripEditor.Refusal?,
        notice: String?, prefs: TripsPrefs, status: HTTPResponse.Status
    ) async throws -> Response {
        let model = try await model(
            record: trip.record, body: trip.body,
            mode: .owner(id: trip.record.trip.id, shareToken: trip.record.shareToken), prefs: prefs)
        let catalog = try await app.catalog.current()
        return Self.html(
            TripEditView.render(
                model, tripID: trip.record.trip.id,
                candidates: Self.candidates(
                    for: trip.body.option, catalog: catalog, prefs: prefs, estimator: try await app.plannerEstimator()),
                refusal: refusal, notice: notice, prefs: prefs),
            status: status)
    }

    /// Games that could be added: the trip's leagues, within its days, not in it yet, nearest first (at most 60).
    static func candidates(
        for option: ItineraryOption, catalog: Catalog, prefs: TripsPrefs, estimator: TravelEstimator = TravelEstimator()
    ) -> [TripEditView.Candidate] {
        guard let first = option.days.first?.date, let last = option.days.last?.date else { return [] }
        let leagues = Set(option.games.map(\.league))
        let inTrip = Set(option.games.map(\.gameId))
        let utc = TimeZone(secondsFromGMT: 0) ?? .current
        let venues = option.games.map { Coordinate(latitude: $0.latitude, longitude: $0.longitude) }
        let builder = ItineraryBuilder()
        let games = catalog.games(
            from: first.start(in: utc).addingTimeInterval(-86400),
            to: last.adding(days: 1).start(in: utc).addingTimeInterval(86400), leagues: leagues
        ).filter { $0.status.isPlayable && !inTrip.contains($0.id) && $0.localDate >= first && $0.localDate <= last }
        let scored: [(Game, Double)] = games.compactMap { game in
            guard let venue = catalog.venue(game.venue) else { return nil }
            let miles = venues.map { estimator.roadMiles(from: $0, to: venue.coordinate) }.min() ?? 0
            return (game, miles)
        }
        return scored.sorted { ($0.1, $0.0.start) < ($1.1, $1.0.start) }.prefix(60).map { game, miles in
            let planned = builder.plannedGame(game, catalog: catalog)
            return TripEditView.Candidate(
                id: game.id.rawValue,
                label:
                    "\(TripsComponents.day(game.localDate)) · \(TripsComponents.matchup(planned)), \(planned.city) "
                    + "(\(prefs.distance(miles: miles)) from the trip)",
                miles: Int(miles.rounded()))
        }
    }

    func savedItems(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        try Self.requireSameOrigin(request, context)
        let prefs = TripsPrefs.resolve(request)
        guard let trip = try await ownedTrip(request, context) else { return TripMessagePages.notFound(prefs: prefs) }
        let form = try await Self.form(request)
        let id = trip.record.trip.id
        var body = trip.body
        var items = CustomItem.decode(trip.record.customItems)
        let edit = TripsPageURL.savedEdit.path(["id": id])
        func refuse(_ refusal: TripEditor.Refusal) async throws -> Response {
            try await editPage(trip, refusal: refusal, notice: nil, prefs: prefs, status: .unprocessableContent)
        }
        func store(_ done: String, anchor: String) async throws -> Response {
            _ = try await app.trips.update(
                id, traveller: trip.owner, body: try JSONResponse.encoder().encode(body),
                customItems: CustomItem.encode(items))
            return Self.seeOther(edit + "?done=\(done)" + (anchor.isEmpty ? "" : "#\(anchor)"))
        }
        switch Self.value(form, "op") {
        case "remove-game", "add-game":
            let adding = Self.value(form, "op") == "add-game"
            guard let game = Self.value(form, "game"), game.count <= 64 else {
                return try await refuse(.init(message: "Choose a game.", code: "badGame"))
            }
            var ids = body.option.games.map(\.gameId)
            if adding {
                guard !ids.contains(GameID(rawValue: game)) else {
                    return try await refuse(.init(message: "That game is in the trip already.", code: "duplicate"))
                }
                ids.append(GameID(rawValue: game))
            } else {
                guard ids.contains(GameID(rawValue: game)) else {
                    return try await refuse(.init(message: "That game is not in the trip.", code: "unknownGame"))
                }
                ids.removeAll { $0.rawValue == game }
            }
            let catalog = try await app.catalog.current()
            let chosen = ids
            let preferences = body.preferences
            let rank = body.option.rank
            let engine = TripPlanningEngine(router: GameDAGRouter(estimator: try await app.plannerEstimator()))
            let result = try await app.gate.run {
                TripEditor.route(chosen, preferences: preferences, rank: rank, catalog: catalog, engine: engine)
            }
            switch result {
            case .failure(var refusal):
                if adding, let added = catalog.games.first(where: { $0.id.rawValue == game }) {
                    let planned = ItineraryBuilder().plannedGame(added, catalog: catalog)
                    refusal.message =
                        "\(TripsComponents.matchup(planned)) (\(TripsComponents.day(added.localDate))) was not added. "
                        + refusal.message
                }
                return try await refuse(refusal)
            case .success(let option):
                body.option = option
                return try await store(adding ? "game-added" : "game-removed", anchor: adding ? "game-\(game)" : "")
            }
        case "add-item":
            switch TripEditor.newItem(
                kind: Self.value(form, "kind"), title: Self.value(form, "title"), day: Self.value(form, "day"),
                time: Self.value(form, "time"), place: Self.value(form, "place"), note: Self.value(form, "note"),
                option: body.option, existing: items)
            {
            case .failure(let refusal): return try await refuse(refusal)
            case .success(let item):
                items.append(item)
                return try await store("added", anchor: "item-\(item.id)")
            }
        case "move-item":
            let item = Self.value(form, "item") ?? ""
            let result: Result<[CustomItem], TripEditor.Refusal>
            if let direction = Self.value(form, "direction") {
                guard direction == "up" || direction == "down" else {
                    return try await refuse(.init(message: "Move up or down.", code: "badDirection"))
                }
                result = TripEditor.move(item, up: direction == "up", in: items, option: body.option)
            } else {
                result = TripEditor.move(item, toDay: Self.value(form, "day") ?? "", in: items, option: body.option)
            }
            switch result {
            case .failure(let refusal): return try await refuse(refusal)
            case .success(let moved):
                items = moved
                return try await store("moved", anchor: "item-\(item)")
            }
        case "remove-item":
            let item = Self.value(form, "item") ?? ""
            guard items.contains(where: { $0.id == item }) else {
                return try await refuse(
                    .init(message: "That stop is gone: it was removed already.", code: "unknownItem"))
            }
            items.removeAll { $0.id == item }
            return try await store("removed", anchor: "")
        default:
            return try await refuse(
                .init(message: "Unknown change: use the buttons on this page.", code: "badOp"))
        }
    }
}
