import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import Plot
import ServerKit
import SportsTime
import WebUI

extension TripsWebController {
    // MARK: Unsaved options

    func optionPage(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        let prefs = TripsPrefs.resolve(request)
        switch try await option(request, context, prefs: prefs) {
        case .failure(let error): return error.response
        case .success(let found):
            let model = TripPageModel.build(
                option: found.option, name: Self.defaultName(found.option),
                mode: .option(
                    rank: found.option.rank, query: found.query.items.map { .init(key: $0.0, value: $0.1) },
                    signature: OptionSignature.of(found.option)),
                preferences: found.preferences, prefs: prefs)
            return Self.html(TripPageView.render(model, prefs: prefs))
        }
    }

    func optionCalendar(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        let prefs = TripsPrefs.resolve(request)
        switch try await option(request, context, prefs: prefs) {
        case .failure(let error): return error.response
        case .success(let found):
            return Self.calendar(
                found.option, name: Self.defaultName(found.option), tripID: nil, items: [], now: now(),
                filename: "trip-option-\(found.option.rank).ics")
        }
    }

    /// An option of a plan query and the query's resolved preferences.
    struct FoundOption: Sendable {
        var option: ItineraryOption
        var options: [ItineraryOption]
        var query: PlanQuery
        var preferences: TripPreferences
    }

    /// Plans `items` again and takes option `rankText`; a page explaining what went wrong otherwise.
    func plannedOption(
        items: [(String, String)], rankText: String?, prefs: TripsPrefs
    ) async throws -> Result<FoundOption, ResponseError> {
        guard let rankText, let rank = Int(rankText), (1...10).contains(rank) else {
            return .failure(ResponseError(TripMessagePages.notFoundOption(prefs: prefs)))
        }
        var problems: [PlanQuery.Problem] = []
        let query = PlanQuery(query: items, problems: &problems)
        let wizard = TripsPageURL.wizard.path(["mode": query.mode.slug]) + query.queryString
        guard problems.isEmpty else {
            return .failure(
                ResponseError(
                    TripMessagePages.problem(
                        title: "This trip's address has a mistake",
                        message: problems.map(\.message).joined(separator: " "), prefs: prefs,
                        links: [("Open the planner with these answers", wizard)])))
        }
        let result: Result<[ItineraryOption], PlanningFailure>
        do {
            result = try await app.plan(query.preferences, start: query.start, end: query.end)
        } catch let error as PlanInputError {
            return .failure(
                ResponseError(
                    TripMessagePages.problem(
                        title: "This trip can't be planned", message: error.description, prefs: prefs,
                        links: [("Change the answers", wizard)])))
        }
        switch result {
        case .failure(let failure):
            return .failure(
                ResponseError(
                    TripMessagePages.problem(
                        title: "No trip fits these answers any more", message: failure.message, prefs: prefs,
                        status: .unprocessableContent, links: [("Change the answers", wizard)])))
        case .success(let options):
            guard let option = options.first(where: { $0.rank == rank }) else {
                return .failure(ResponseError(TripMessagePages.notFoundOption(prefs: prefs)))
            }
            let catalog = try await app.catalog.current()
            var preferences = query.preferences
            preferences.startLocation = query.start.flatMap { catalog.location(named: $0) }
            preferences.endLocation = query.end.flatMap { catalog.location(named: $0) }
            return .success(FoundOption(option: option, options: options, query: query, preferences: preferences))
        }
    }

    func option(
        _ request: Request, _ context: AppRequestContext, prefs: TripsPrefs
    ) async throws -> Result<FoundOption, ResponseError> {
        try await plannedOption(
            items: Self.queryItems(request), rankText: context.parameters.get("rank"), prefs: prefs)
    }

    /// A page to answer instead of the normal one.
    struct ResponseError: Error {
        var response: Response
        init(_ response: Response) { self.response = response }
    }

    /// "Boston → New York · Jun 2026".
    static func defaultName(_ option: ItineraryOption) -> String {
        var cities: [String] = []
        for game in option.games {
            let city = game.city.split(separator: ",").first.map(String.init) ?? game.city
            if cities.last != city { cities.append(city) }
        }
        let route =
            cities.count > 3 ? "\(cities[0]) → … → \(cities[cities.count - 1])" : cities.joined(separator: " → ")
        let day = option.days.first.map { TripsComponents.day($0.date) } ?? ""
        return String((route.isEmpty ? "My trip" : route) + (day.isEmpty ? "" : ", from \(day)")).prefix(120)
            .description
    }

    // MARK: Saving

    func saveTrip(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        try Self.requireSameOrigin(request, context)
        let prefs = TripsPrefs.resolve(request)
        let form = try await Self.form(request)
        let reserved: Set<String> = ["rank", "name", "sig"]
        let items = form.filter { !reserved.contains($0.0) }
        let found: FoundOption
        switch try await plannedOption(items: items, rankText: Self.value(form, "rank"), prefs: prefs) {
        case .failure(let error): return error.response
        case .success(let value): found = value
        }
        let optionsURL = TripsPageURL.options.path() + found.query.queryString
        guard Self.value(form, "sig") == OptionSignature.of(found.option) else {
            return TripMessagePages.problem(
                title: "The schedule changed",
                message:
                    "The games of this option changed since the page was shown (the schedule was updated), so it was not saved. Here are the current options.",
                prefs: prefs, status: .conflict, links: [("See the current options", optionsURL)])
        }
        let session = try await app.sessionCreatingTraveller(request, context)
        let name = Self.value(form, "name") ?? Self.defaultName(found.option)
        do {
            let saved = try await app.storeTrip(
                name: name.isEmpty ? Self.defaultName(found.option) : name, option: found.option,
                preferences: found.preferences, owner: session.id)
            return Self.seeOther(
                TripsPageURL.savedTrip.path(["id": saved.id]) + "?saved=1",
                setCookies: session.setCookie.map { [$0] } ?? [])
        } catch let error as APIError {
            return TripMessagePages.problem(
                title: "The trip was not saved", message: error.message, prefs: prefs, status: .unprocessableContent,
                links: [("Back to the options", optionsURL)])
        }
    }

    // MARK: Saved and shared trips

    /// The owner's trip of the request's `id`, or nil (the caller answers 404).
    func ownedTrip(
        _ request: Request, _ context: AppRequestContext
    ) async throws -> (
        record: WebTripRecord, body: SavedTripBody, owner: String
    )? {
        guard let owner = try await app.session(request).travellerID, let id = context.parameters.get("id"),
            id.count <= 64, let record = try await app.trips.record(id, traveller: owner),
            let body = try? SportsTimeApp.decoder().decode(SavedTripBody.self, from: record.trip.body)
        else { return nil }
        return (record, body, owner)
    }

    /// The trip shared under the request's `token`, or nil.
    func sharedTrip(_ context: AppRequestContext) async throws -> (record: WebTripRecord, body: SavedTripBody)? {
        guard let token = context.parameters.get("token"), PollRules.isShareToken(token),
            let record = try await app.trips.shared(token: token),
            let body = try? SportsTimeApp.decoder().decode(SavedTripBody.self, from: record.trip.body)
        else { return nil }
        return (record, body)
    }

    /// The page model of a stored trip, checked against the current schedule.
    func model(
        record: WebTripRecord, body: SavedTripBody, mode: TripPageModel.Mode, prefs: TripsPrefs
    ) async throws -> TripPageModel {
        let catalog = try await app.catalog.current()
        let ids = Set(body.option.games.map(\.gameId))
        var games: [GameID: Game] = [:]
        for game in catalog.games where ids.contains(game.id) { games[game.id] = game }
        return TripPageModel.build(
            option: body.option, name: record.trip.name, mode: mode, preferences: body.preferences, prefs: prefs,
            customItems: CustomItem.decode(record.customItems), catalogGames: games)
    }

    func savedTripPage(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        let prefs = TripsPrefs.resolve(request)
        guard let trip = try await ownedTrip(request, context) else { return TripMessagePages.notFound(prefs: prefs) }
        let model = try await model(
            record: trip.record, body: trip.body,
            mode: .owner(id: trip.record.trip.id, shareToken: trip.record.shareToken), prefs: prefs)
        let query = request.uri.queryParameters
        let notice: String? =
            if query.get("saved") != nil {
                "Saved. This browser keeps your trips; Settings has a link to open them on another device."
            } else if query.get("renamed") != nil {
                "Renamed."
            } else if query.get("shared") != nil {
                "Share link created: anyone with it can read this trip."
            } else if query.get("revoked") != nil {
                "Share link revoked: it no longer opens the trip."
            } else {
                nil
            }
        return Self.html(
            TripPageView.render(model, prefs: prefs, notice: notice, renderedAt: TripsComponents.renderedAt(now())))
    }

    func sharedPage(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        let prefs = TripsPrefs.resolve(request)
        guard let trip = try await sharedTrip(context) else {
            return TripMessagePages.notFound(prefs: prefs, shared: true)
        }
        let model = try await model(
            record: trip.record, body: trip.body, mode: .shared(token: trip.record.shareToken ?? ""), prefs: prefs)
        return Self.html(
            TripPageView.render(model, prefs: prefs, renderedAt: TripsComponents.renderedAt(now())), headers: Self.privateHeaders)
    }

    /// Shared and recovery pages: not indexed, no referrer carrying their secret address elsewhere.
    static let privateHeaders: HTTPFields = {
        var fields: HTTPFields = [.referrerPolicy: "no-referrer"]
        if let robots = HTTPField.Name("X-Robots-Tag") { fields[robots] = "noindex, nofollow" }
        return fields
    }()

    func savedRename(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        try Self.requireSameOrigin(request, context)
        let prefs = TripsPrefs.resolve(request)
        guard let trip = try await ownedTrip(request, context) else { return TripMessagePages.notFound(prefs: prefs) }
        let form = try await Self.form(request)
        let name = (Self.value(form, "name") ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        guard (1...120).contains(name.count) else {
            return TripMessagePages.problem(
                title: "Choose another name", message: "A trip's name must be 1 to 120 characters.", prefs: prefs,
                links: [("Back to the trip", TripsPageURL.savedTrip.path(["id": trip.record.trip.id]))])
        }
        var body = trip.body
        body.name = name
        _ = try await app.trips.rename(trip.record.trip.id, traveller: trip.owner, to: name)
        _ = try await app.trips.update(
            trip.record.trip.id, traveller: trip.owner, body: try JSONResponse.encoder().encode(body),
            customItems: trip.record.customItems)
        return Self.seeOther(TripsPageURL.savedTrip.path(["id": trip.record.trip.id]) + "?renamed=1")
    }

    func savedShare(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        try Self.requireSameOrigin(request, context)
        let prefs = TripsPrefs.resolve(request)
        guard let trip = try await ownedTrip(request, context) else { return TripMessagePages.notFound(prefs: prefs) }
        let form = try await Self.form(request)
        let revoke = Self.value(form, "revoke") == "1"
        _ = try await app.trips.setShareToken(
            trip.record.trip.id, traveller: trip.owner, token: revoke ? nil : PollRules.newShareToken())
        return Self.seeOther(
            TripsPageURL.savedTrip.path(["id": trip.record.trip.id]) + (revoke ? "?revoked=1" : "?shared=1")
                + "#share")
    }

    func savedDelete(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        let prefs = TripsPrefs.resolve(request)
        guard let trip = try await ownedTrip(request, context) else { return TripMessagePages.notFound(prefs: prefs) }
        let id = trip.record.trip.id
        if request.method == .post {
            try Self.requireSameOrigin(request, context)
            _ = try await app.trips.delete(id, traveller: trip.owner)
            return Self.seeOther(TripsPageURL.home.path())
        }
        return Self.html(
            TripMessagePages.page(
                title: "Delete “\(trip.record.trip.name)”?",
                message: "The trip, its own stops and its share link go for good. Visits you logged stay.",
                links: [("Keep it", TripsPageURL.savedTrip.path(["id": id]))], prefs: prefs,
                extra: .form(
                    .method(.post), .action(TripsPageURL.savedDelete.path(["id": id])),
                    .button(.type(.submit), .class("button danger"), .text("Delete the trip"))),
                marker: "confirm-delete"))
    }

    // MARK: Calendar, print, PDF

    func savedCalendar(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        guard let trip = try await ownedTrip(request, context) else {
            return TripMessagePages.notFound(prefs: TripsPrefs.resolve(request))
        }
        return Self.calendar(
            trip.body.option, name: trip.record.trip.name, tripID: trip.record.trip.id,
            items: CustomItem.decode(trip.record.customItems), now: now(), filename: "trip-\(trip.record.trip.id).ics")
    }

    func sharedCalendar(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        guard let trip = try await sharedTrip(context) else {
            return TripMessagePages.notFound(prefs: TripsPrefs.resolve(request), shared: true)
        }
        var response = Self.calendar(
            trip.body.option, name: trip.record.trip.name, tripID: trip.record.trip.id,
            items: CustomItem.decode(trip.record.customItems), now: now(), filename: "shared-trip.ics")
        response.headers[.referrerPolicy] = "no-referrer"
        return response
    }

    static func calendar(
        _ option: ItineraryOption, name: String, tripID: String?, items: [CustomItem], now: Date, filename: String
    ) -> Response {
        let text = TripCalendar.document(option, name: name, tripID: tripID, items: items, generatedAt: now)
        return Response(
            status: .ok,
            headers: [
                .contentType: ItineraryCalendar.contentType,
                .contentDisposition: "attachment; filename=\"\(filename)\"", .cacheControl: "private, no-cache",
            ], body: .init(byteBuffer: ByteBuffer(string: text)))
    }

    func savedPrintPage(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        let prefs = TripsPrefs.resolve(request)
        guard let trip = try await ownedTrip(request, context) else { return TripMessagePages.notFound(prefs: prefs) }
        let model = try await model(
            record: trip.record, body: trip.body,
            mode: .owner(id: trip.record.trip.id, shareToken: trip.record.shareToken), prefs: prefs)
        return Self.html(
            TripPrintView.render(
                model, prefs: prefs, back: TripsPageURL.savedTrip.path(["id": trip.record.trip.id]),
                renderedAt: TripsComponents.renderedAt(now())))
    }

    func sharedPrintPage(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        let prefs = TripsPrefs.resolve(request)
        guard let trip = try await sharedTrip(context) else {
            return TripMessagePages.notFound(prefs: prefs, shared: true)
        }
        let token = trip.record.shareToken ?? ""
        let model = try await model(record: trip.record, body: trip.body, mode: .shared(token: token), prefs: prefs)
        return Self.html(
            TripPrintView.render(
                model, prefs: prefs, back: TripsPageURL.shared.path(["token": token]),
                renderedAt: TripsComponents.renderedAt(now())), headers: Self.privateHeaders)
    }

    func savedPDF(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        let prefs = TripsPrefs.resolve(request)
        guard let trip = try await ownedTrip(request, context) else { return TripMessagePages.notFound(prefs: prefs) }
        let model = try await model(
            record: trip.record, body: trip.body,
            mode: .owner(id: trip.record.trip.id, shareToken: trip.record.shareToken), prefs: prefs)
        return Self.pdf(model, filename: "trip-\(trip.record.trip.id).pdf", now: now())
    }

    func sharedPDF(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        let prefs = TripsPrefs.resolve(request)
        guard let trip = try await sharedTrip(context) else {
            return TripMessagePages.notFound(prefs: prefs, shared: true)
        }
        let model = try await model(
            record: trip.record, body: trip.body, mode: .shared(token: trip.record.shareToken ?? ""), prefs: prefs)
        var response = Self.pdf(model, filename: "shared-trip.pdf", now: now())
        response.headers[.referrerPolicy] = "no-referrer"
        return response
    }

    static func pdf(_ model: TripPageModel, filename: String, now: Date) -> Response {
        let data = ItineraryPDF.document(model, generatedAt: now)
        return Response(
            status: .ok,
            headers: [
                .contentType: "application/pdf", .contentDisposition: "attachment; filename=\"\(filename)\"",
                .cacheControl: "private, no-cache",
            ], body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }

    // MARK: Forms

    /// The fields of a submitted form (at most 64 kB), in order.
    static func form(_ request: Request) async throws -> [(String, String)] {
        try await request.collectForm(limit: 64 << 10).fields.map { ($0.name, $0.value) }
    }

    /// The last value of `key`, trimmed; nil when missing or empty.
    static func value(_ form: [(String, String)], _ key: String) -> String? {
        form.last { $0.0 == key }.map { $0.1.trimmingCharacters(in: .whitespacesAndNewlines) }.flatMap {
            $0.isEmpty ? nil : $0
        }
    }
}

extension TripMessagePages {
    /// 404 for an option rank the query does not have.
    static func notFoundOption(prefs: TripsPrefs) -> Response {
        TripsWebController.html(
            page(
                title: "No such option",
                message: "This search has no option with that number (options are numbered 1 to 5).",
                links: [("Plan a trip", TripsSection.plan.url)], prefs: prefs, marker: "not-found"),
            status: .notFound)
    }
}
