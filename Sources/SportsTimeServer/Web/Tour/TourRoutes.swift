import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import ServerKit
import SportsTime

extension TripsWebController {
    var thisYear: Int { LocalDate(now(), in: TimeZone(secondsFromGMT: 0) ?? .current).year }

    /// GET shows the form, or for `?league&season&drivers&hours&start` the search's state or its result; POST starts
    /// (or joins the identical) search and 303s to its page, or with `save=1` saves the result as a trip.
    func tourPage(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        let catalog = try await app.currentCatalog()
        let prefs = TripsPrefs.resolve(request)
        var items = Self.queryItems(request)
        var save = false
        if request.method == .post {
            try Self.requireSameOrigin(request, context)
            let form = try await request.collectForm(limit: 16 << 10)
            save = form["save"] != nil
            if !save { items = form.fields.map { ($0.name, $0.value) } }
        }
        let (input, tourRequest, errors) = TourModel.parse(items, catalog: catalog, thisYear: thisYear)
        let version = try await app.schedules.version()
        if request.method == .post, let tourRequest {
            let key = tourRequest.key(version: version)
            let here = TripsPageURL.tour.path() + RoutePath.query(tourRequest.items)
            if save {
                guard let stored = try await app.tours.find(key: key), let tour = stored.tour else {
                    return Self.seeOther(here)
                }
                let (search, seasonCatalog) = try app.tourSearch(tourRequest, catalog: catalog)
                guard let option = search.itinerary(for: tour, catalog: seasonCatalog) else {
                    return Self.seeOther(here)
                }
                let session = try await app.sessionCreatingTraveller(request, context)
                let saved = try await app.storeTrip(
                    name: "Every \(tourRequest.league.displayName) venue, \(tourRequest.season)"
                        + (tourRequest.rules == .continuous ? " (driving around the clock)" : ""), option: option,
                    preferences: nil, owner: session.id)
                return Self.seeOther(
                    TripsPageURL.savedTrip.path(["id": saved.id]), setCookies: session.setCookie.map { [$0] } ?? [])
            }
            let queued: Bool
            do {
                queued = try await app.tours.queue(key: key, request: tourRequest)
            } catch is TourQueueFull {
                throw HTTPError(.serviceUnavailable, headers: [.retryAfter: "60"], message: TourQueueFull.message)
            }
            if queued {
                try await JobQueue(database: app.schedules.database).enqueue(
                    kind: SportsTimeApp.tourJobKind, payload: key, dedupeKey: "tour:" + key, maxAttempts: 2)
            }
            return Self.seeOther(here)
        }
        let hasRequest = items.contains { $0.0 == "league" }
        var stored: StoredTour?
        if let tourRequest { stored = try await app.tours.find(key: tourRequest.key(version: version)) }
        var search: BallparkTourSearch?
        var seasonCatalog = catalog
        if let tourRequest, stored?.tour != nil {
            let found = try app.tourSearch(tourRequest, catalog: catalog)
            search = found.0
            seasonCatalog = found.1
        }
        let model = TourModel.build(
            input: input, errors: hasRequest ? errors : [:], request: hasRequest ? tourRequest : nil, stored: stored,
            catalog: seasonCatalog, search: search, prefs: prefs, now: now())
        return Self.html(
            TourView.page(model, prefs: prefs), status: hasRequest && !errors.isEmpty ? .badRequest : .ok)
    }

    /// `{state, progress, message}` of a search, for the progress bar's script. `progress` is 0 while queued, null
    /// while searching (the search reports no fraction), 1 when done.
    func tourStatus(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        let catalog = try await app.currentCatalog()
        let (_, tourRequest, errors) = TourModel.parse(Self.queryItems(request), catalog: catalog, thisYear: thisYear)
        struct Status: Encodable {
            var state: String
            var progress: Double?
            var message: String
        }
        guard let tourRequest else {
            throw APIError.badRequest(errors.sorted { $0.key < $1.key }.map(\.value).joined(separator: " "))
        }
        let stored = try await app.tours.find(key: tourRequest.key(version: try await app.schedules.version()))
        let status: Status =
            switch stored?.state {
            case nil: Status(state: "none", progress: nil, message: "Not started.")
            case .queued?: Status(state: "queued", progress: 0, message: "Queued: \(stored?.message ?? "")")
            case .searching?:
                Status(state: "searching", progress: stored?.progress, message: "Searching: \(stored?.message ?? "")")
            case .done?: Status(state: "done", progress: 1, message: stored?.message ?? "")
            case .failed?: Status(state: "failed", progress: nil, message: stored?.message ?? "")
            }
        var response = try JSONResponse.make(status)
        response.headers[.cacheControl] = "no-store"
        return response
    }
}
