import Foundation
import Hummingbird
import ServerKit

extension TripsWebController {
    func mePage(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        throw HTTPError(.notFound, message: "This page is being built.")
    }

    func restorePage(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        throw HTTPError(.notFound, message: "This page is being built.")
    }

}
