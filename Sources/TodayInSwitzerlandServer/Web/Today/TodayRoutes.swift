import Hummingbird
import ServerKit

// Placeholder: replaced by the Today page (issue 13).
extension SwissWebController {
    func todayPage(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        placeholder(request, section: .today)
    }
}
