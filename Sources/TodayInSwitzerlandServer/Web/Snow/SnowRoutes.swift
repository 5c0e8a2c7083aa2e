import Hummingbird
import ServerKit

// Placeholder: replaced by the Snow page (issue 13).
extension SwissWebController {
    func snowPage(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        placeholder(request, section: .snow)
    }
}
