import Foundation
import HTTPTypes
import Hummingbird
import Plot
import ServerKit
import TodayInSwitzerland
import WebUI

/// The Activities page (`/swiss/app/activities`): GET shows the filtered list and map, POST takes the visitor's
/// changes (see ``SwissWebController/visitorAction(_:_:page:refused:)``).
extension SwissWebController {
    func activitiesPage(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        if request.method == .post {
            return try await visitorAction(request, context, page: .activities) { returnURL, form, message in
                let lookup = Self.queryLookup(returnURL)
                let query = (try? ActivitiesQuery.parse(lookup).get()) ?? ActivitiesQuery()
                let adding = form["do"] == "add"
                let typed =
                    adding
                    ? ActivitiesModel.AddForm(
                        name: form["name"] ?? "", description: form["description"] ?? "", price: form["price"] ?? "",
                        indoor: form["indoor"] == "1", error: message) : ActivitiesModel.AddForm()
                return try await activitiesResponse(
                    request, prefs: Self.prefs(request, returnURL: returnURL), query: query, form: typed,
                    error: adding ? nil : message, currentURL: returnURL, status: .unprocessableContent)
            }
        }
        let prefs = SwissPrefs.resolve(request)
        let parameters = request.uri.queryParameters
        switch ActivitiesQuery.parse({ parameters.get($0) }) {
        case .failure(let error):
            return Self.badQueryPage(
                error.message, section: .activities, prefs: prefs, now: now, currentURL: Self.currentURL(request))
        case .success(let query):
            return try await activitiesResponse(
                request, prefs: prefs, query: query, form: ActivitiesModel.AddForm(),
                notice: Self.doneMessage(parameters.get("done"), prefs.language), currentURL: Self.currentURL(request),
                status: .ok)
        }
    }

    /// The page for `query`: the city's activities, the visitor's items and the weather (never waits long for it).
    func activitiesResponse(
        _ request: Request, prefs: SwissPrefs, query: ActivitiesQuery, form: ActivitiesModel.AddForm,
        notice: String? = nil, error: String? = nil, currentURL: String, status: HTTPResponse.Status
    ) async throws -> Response {
        let time = now
        async let weatherPart = app.weather(prefs.city, prefs.language, refresh: false)
        let items = try await app.visitors.items(for: VisitorID.from(request))
        let (weather, answer) = await weatherPart
        let condition =
            weather.available
            ? WeatherCondition(weatherCode: weather.weatherCode, temperature: Double(weather.temperature)) : nil
        let input = ActivitiesBuilder.Input(
            activities: app.cityActivities(prefs.city, on: CivilDate(time)), items: items, weather: condition,
            query: query, city: prefs.city, language: prefs.language, now: time,
            path: SwissPageURL.activities.path(),
            keep: [("city", prefs.city.id), ("lang", prefs.language.rawValue)], addForm: form, notice: notice,
            error: error)
        let model = ActivitiesBuilder.model(input)
        let html = SwissLayout.page(
            title: model.title, section: .activities, prefs: prefs, now: time, currentURL: currentURL,
            stylesheets: ["swiss-places.css"], scripts: ["swiss-places.js"],
            main: ActivitiesView.main(model, weather: SourceState(answer), now: time))
        return Self.html(html, status: status)
    }
}
