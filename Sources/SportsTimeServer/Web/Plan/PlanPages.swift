import Foundation
import Hummingbird
import ServerKit

extension TripsWebController {
    func wizardPage(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        throw HTTPError(.notFound, message: "This page is being built.")
    }

    func optionsPage(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        throw HTTPError(.notFound, message: "This page is being built.")
    }

    func comparePage(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        throw HTTPError(.notFound, message: "This page is being built.")
    }

}
