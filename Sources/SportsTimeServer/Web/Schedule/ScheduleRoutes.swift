import Foundation
import Hummingbird
import ServerKit
import SportsTime

extension TripsWebController {
    /// `/trips/schedule?league&team&venue&from&to&after`: games by the venue's local date, 100 a page; filters
    /// that cannot be used answer 400 with the message at the field.
    func schedulePage(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        let catalog = try await app.currentCatalog()
        let model = ScheduleModel.build(
            query: Self.queryItems(request), catalog: catalog, imported: try await app.importedCounts(),
            today: LocalDate(now(), in: TimeZone(secondsFromGMT: 0) ?? .current))
        return Self.html(
            ScheduleView.page(model, prefs: TripsPrefs.resolve(request)),
            status: model.problems.isEmpty ? .ok : .badRequest)
    }
}
