import Hummingbird
import ServerKit

// Placeholder: replaced by the Lunch page (issue 13).
extension SwissWebController {
    func lunchPage(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        placeholder(request, section: .lunch)
    }
}
