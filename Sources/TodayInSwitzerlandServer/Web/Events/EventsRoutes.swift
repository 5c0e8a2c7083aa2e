import Hummingbird
import ServerKit

// Placeholder: replaced by the events page and its calendar files (issue 13).
extension SwissWebController {
    func eventsPage(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        placeholder(request, section: .events)
    }

    func eventICS(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        throw HTTPError(.notFound, message: "No such event.")
    }

    func calendarFeed(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        throw HTTPError(.notFound, message: "No such calendar.")
    }
}
