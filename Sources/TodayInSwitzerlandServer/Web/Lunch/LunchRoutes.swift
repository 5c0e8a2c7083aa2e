import Foundation
import HTTPTypes
import Hummingbird
import ServerKit
import TodayInSwitzerland

/// The Lunch page (`/swiss/app/lunch`): GET shows the city's places to eat (Overpass through the cache: the last
/// good list with its age, or "unavailable", never a long wait), POST takes the visitor's saves, stars and own spots.
extension SwissWebController {
    func lunchPage(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        if request.method == .post {
            return try await visitorAction(request, context, page: .lunch) { returnURL, form, message in
                let query = (try? LunchQuery.parse(Self.queryLookup(returnURL)).get()) ?? LunchQuery()
                let adding = form["do"] == "add"
                let typed =
                    adding
                    ? LunchModel.AddForm(name: form["name"] ?? "", cuisine: form["cuisine"] ?? "", error: message)
                    : LunchModel.AddForm()
                return try await lunchResponse(
                    request, prefs: Self.prefs(request, returnURL: returnURL), query: query, form: typed,
                    error: adding ? nil : message, currentURL: returnURL, status: .unprocessableContent)
            }
        }
        let prefs = SwissPrefs.resolve(request)
        let parameters = request.uri.queryParameters
        switch LunchQuery.parse({ parameters.get($0) }) {
        case .failure(let error):
            return Self.badQueryPage(
                error.message, section: .lunch, prefs: prefs, now: now, currentURL: Self.currentURL(request))
        case .success(let query):
            return try await lunchResponse(
                request, prefs: prefs, query: query, form: LunchModel.AddForm(),
                notice: Self.doneMessage(parameters.get("done"), prefs.language), currentURL: Self.currentURL(request),
                status: .ok)
        }
    }

    func lunchResponse(
        _ request: Request, prefs: SwissPrefs, query: LunchQuery, form: LunchModel.AddForm, notice: String? = nil,
        error: String? = nil, currentURL: String, status: HTTPResponse.Status
    ) async throws -> Response {
        let time = now
        async let spotsPart = app.lunchSpots(city: prefs.city, at: time, refresh: false)
        let items = try await app.visitors.items(for: VisitorID.from(request))
        let (spots, answer, holidays) = await spotsPart
        let model = LunchBuilder.model(
            LunchBuilder.Input(
                spots: spots, holidays: holidays, source: SourceState(answer), items: items, query: query,
                city: prefs.city, language: prefs.language, now: time, path: SwissPageURL.lunch.path(),
                keep: [("city", prefs.city.id), ("lang", prefs.language.rawValue)], addForm: form, notice: notice,
                error: error))
        let html = SwissLayout.page(
            title: model.title, section: .lunch, prefs: prefs, now: time, currentURL: currentURL,
            stylesheets: ["swiss-places.css"], scripts: ["swiss-places.js"], main: LunchView.main(model, now: time))
        return Self.html(html, status: status)
    }
}
