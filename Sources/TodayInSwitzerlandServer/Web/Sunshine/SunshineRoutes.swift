import Hummingbird
import ServerKit

// Placeholder: replaced by the Sunshine page (issue 13).
extension SwissWebController {
    func sunshinePage(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        placeholder(request, section: .sunshine)
    }
}
