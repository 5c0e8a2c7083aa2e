import Hummingbird
import ServerKit

// Placeholder: replaced by the widget page (issue 13).
extension SwissWebController {
    func widgetPage(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        placeholder(request, section: .today)
    }
}
