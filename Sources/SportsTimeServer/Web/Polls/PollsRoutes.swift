import Foundation
import Hummingbird
import ServerKit

extension TripsWebController {
    func pollsPage(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        throw HTTPError(.notFound, message: "This page is being built.")
    }

    func newPollPage(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        throw HTTPError(.notFound, message: "This page is being built.")
    }

    func pollPage(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        throw HTTPError(.notFound, message: "This page is being built.")
    }

}
