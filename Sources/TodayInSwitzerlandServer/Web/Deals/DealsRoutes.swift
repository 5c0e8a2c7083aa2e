import Hummingbird
import ServerKit

// Placeholder: replaced by the Deals page (issue 13).
extension SwissWebController {
    func dealsPage(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        placeholder(request, section: .deals)
    }
}
