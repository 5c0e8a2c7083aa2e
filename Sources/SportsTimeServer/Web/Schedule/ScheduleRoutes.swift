import Foundation
import Hummingbird
import ServerKit

extension TripsWebController {
    func schedulePage(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        throw HTTPError(.notFound, message: "This page is being built.")
    }

}
