import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import ServerKit
import SportsTime

extension TripsWebController {
    /// The visits of the browser's traveller (none without an identity).
    func travellerVisits(_ request: Request) async throws -> (id: String?, visits: [StadiumVisit]) {
        guard let id = try await app.session(request).travellerID else { return (nil, []) }
        return (id, try await app.visits.list(traveller: id))
    }

    func progressPage(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        let catalog = try await app.currentCatalog()
        let prefs = TripsPrefs.resolve(request)
        let model = ProgressModel.build(
            visits: try await travellerVisits(request).visits, catalog: catalog,
            requested: request.uri.queryParameters.get("league"), preferred: prefs.leagues)
        return Self.html(
            ProgressView.page(
                model, prefs: prefs, origin: Self.origin(request, context),
                renderedAt: TripsComponents.renderedAt(now())))
    }

    /// GET lists the visits; POST adds one (`venue`, `date`, `league`, `game`, `note`) or deletes one (`delete`).
    func visitsPage(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        let catalog = try await app.currentCatalog()
        let prefs = TripsPrefs.resolve(request)
        if request.method == .post { return try await postVisit(request, context, catalog: catalog, prefs: prefs) }
        let query = request.uri.queryParameters
        let notice: String? =
            query.get("deleted") != nil ? "Visit deleted." : query.get("added") != nil ? "Visit saved." : nil
        let model = VisitsModel.build(
            visits: try await travellerVisits(request).visits, catalog: catalog, notice: notice)
        return Self.html(ProgressView.visits(model, prefs: prefs, renderedAt: TripsComponents.renderedAt(now())))
    }

    func postVisit(
        _ request: Request, _ context: AppRequestContext, catalog: Catalog, prefs: TripsPrefs
    ) async throws -> Response {
        try Self.requireSameOrigin(request, context)
        let form = try await request.collectForm(limit: 64 << 10)
        if let delete = form["delete"] {
            if let owner = try await app.session(request).travellerID {
                _ = try await app.visits.delete(String(delete.prefix(64)), traveller: owner)
            }
            return Self.seeOther(TripsPageURL.visits.path() + "?deleted=1")
        }
        let input = NewVisitModel.Input(
            venue: form["venue"] ?? "", date: form["date"] ?? "", league: form["league"] ?? "",
            game: form["game"] ?? "", note: form["note"] ?? "")
        switch NewVisitModel.validate(input, catalog: catalog, id: UUID().uuidString.lowercased()) {
        case .failure(let failure):
            let model = NewVisitModel.build(input: input, errors: failure.errors, catalog: catalog)
            return Self.html(ProgressView.newVisit(model, prefs: prefs), status: .unprocessableContent)
        case .success(let visit):
            let session = try await app.sessionCreatingTraveller(request, context)
            let engine = AchievementEngine(catalog: catalog)
            let before = try await app.visits.list(traveller: session.id)
            try await app.visits.insert(visit, traveller: session.id)
            let earnedBefore = Set(engine.evaluate(before).filter(\.isEarned).map(\.id))
            let earned = engine.evaluate(before + [visit]).filter { $0.isEarned && !earnedBefore.contains($0.id) }
            let location =
                earned.isEmpty
                ? TripsPageURL.visits.path() + "?added=1"
                : TripsPageURL.achievements.path() + "?earned=" + earned.map(\.id).joined(separator: ",")
            return Self.seeOther(location, setCookies: session.setCookie.map { [$0] } ?? [])
        }
    }

    /// The form; `?venue=&date=` (its GET re-render) lists that day's games at the venue.
    func newVisitPage(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        if request.method == .post { return try await visitsPage(request, context) }
        let catalog = try await app.currentCatalog()
        let query = request.uri.queryParameters
        let input = NewVisitModel.Input(
            venue: String((query.get("venue") ?? "").prefix(100)), date: String((query.get("date") ?? "").prefix(20)),
            league: String((query.get("league") ?? "").prefix(20)), game: String((query.get("game") ?? "").prefix(64)),
            note: String((query.get("note") ?? "").prefix(NewVisitModel.noteLimit + 1)))
        var errors: [String: String] = [:]
        if !input.venue.isEmpty, catalog.venue(VenueID(rawValue: input.venue)) == nil {
            errors["venue"] = "No such venue: choose one of the list."
        }
        if !input.date.isEmpty, LocalDate(input.date) == nil { errors["date"] = "Enter a date like 2026-06-01." }
        let model = NewVisitModel.build(input: input, errors: errors, catalog: catalog)
        return Self.html(
            ProgressView.newVisit(model, prefs: TripsPrefs.resolve(request)),
            status: errors.isEmpty ? .ok : .badRequest)
    }

    func achievementsPage(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        let catalog = try await app.currentCatalog()
        let visits = try await travellerVisits(request).visits
        let earned = (request.uri.queryParameters.get("earned") ?? "").split(separator: ",").prefix(20)
            .map(String.init)
        let model = AchievementsModel.build(
            achievements: AchievementEngine(catalog: catalog).evaluate(visits), justEarned: earned,
            hasVisits: !visits.isEmpty)
        return Self.html(
            ProgressView.achievements(
                model, prefs: TripsPrefs.resolve(request), renderedAt: TripsComponents.renderedAt(now())))
    }

    /// The share card (SVG 1200×630) of the traveller's progress.
    func progressCard(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        let catalog = try await app.currentCatalog()
        let visits = try await travellerVisits(request).visits
        let svg = ProgressCard.svg(ProgressCard.model(visits: visits, catalog: catalog))
        return Response(
            status: .ok,
            headers: [
                .contentType: "image/svg+xml; charset=utf-8", .cacheControl: "private, no-cache", .vary: "Cookie",
            ],
            body: .init(byteBuffer: ByteBuffer(string: svg)))
    }
}
