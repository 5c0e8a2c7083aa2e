import Foundation
import Hummingbird
import ServerKit
import SportsTime

extension TripsWebController {
    /// `/trips`: my trips, the five modes, and suggestions from the home city (never creates an identity).
    func homePage(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        let prefs = TripsPrefs.resolve(request)
        let session = try await app.session(request)
        var saved: [HomeModel.SavedTrip] = []
        if let traveller = session.travellerID {
            let decoder = SportsTimeApp.decoder()
            for stored in try await app.trips.list(traveller: traveller) {
                // A body that no longer decodes is left out rather than failing the page.
                guard let body = try? decoder.decode(SavedTripBody.self, from: stored.body) else { continue }
                saved.append(.init(id: stored.id, name: stored.name, createdAt: stored.createdAt, option: body.option))
            }
        }
        let today = today()
        let parameters = request.uri.queryParameters
        let month = HomeModel.month(parameters.get("month"), today: today)
        let leagues = HomeModel.leagues(parameters.get("league"))
        let homeCity = request.cookies[TripsPrefs.cookieName] != nil ? prefs.homeCity : nil
        let origin = homeCity ?? HomeModel.defaultHomeCity
        var suggestions: [TripSuggestion] = []
        var problem: String?
        do {
            let monthKey = HomeModel.monthKey(month.year, month.month)
            let key = [
                origin.lowercased(), monthKey, leagues.map(\.rawValue).sorted().joined(separator: ","),
                try await app.schedules.version(), today.description,
            ].joined(separator: "|")
            let app = app
            suggestions = try await suggestionCache.value(key) {
                // Never a trip already past: the current month's suggestions start today at the earliest.
                try await app.suggestions(from: origin, month: monthKey, leagues: Set(leagues), notBefore: today)
            }
        } catch let error as PlanInputError {
            problem = "No suggestions: \(error.description) Change your home city in Settings."
        } catch let error as APIError where error.status == .serviceUnavailable {
            problem = "The planner is busy; reload the page in a few seconds for suggestions."
        }
        let model = HomeModel.build(
            trips: saved, today: today, homeCity: homeCity, month: month, leagues: leagues,
            suggestions: suggestions, suggestionsProblem: problem, prefs: prefs,
            origin: try await app.currentCatalog().location(named: origin))
        return Self.html(HomeView.page(model, prefs: prefs))
    }
}
