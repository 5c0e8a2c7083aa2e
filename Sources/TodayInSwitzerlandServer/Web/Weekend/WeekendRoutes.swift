import Hummingbird
import ServerKit

// Placeholder: replaced by the Weekend page (issue 13).
extension SwissWebController {
    func weekendPage(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        placeholder(request, section: .weekend)
    }
}
