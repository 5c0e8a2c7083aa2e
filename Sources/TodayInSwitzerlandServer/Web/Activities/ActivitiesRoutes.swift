import Hummingbird
import ServerKit

// Placeholder: replaced by the Activities page (issue 13).
extension SwissWebController {
    func activitiesPage(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        placeholder(request, section: .activities)
    }
}
