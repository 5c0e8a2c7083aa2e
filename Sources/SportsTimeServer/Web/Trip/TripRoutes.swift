import Foundation
import Hummingbird
import ServerKit

extension TripsWebController {
    func optionPage(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        throw HTTPError(.notFound, message: "This page is being built.")
    }

    func optionCalendar(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        throw HTTPError(.notFound, message: "This page is being built.")
    }

    func saveTrip(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        throw HTTPError(.notFound, message: "This page is being built.")
    }

    func savedTripPage(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        throw HTTPError(.notFound, message: "This page is being built.")
    }

    func savedEditPage(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        throw HTTPError(.notFound, message: "This page is being built.")
    }

    func savedPrintPage(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        throw HTTPError(.notFound, message: "This page is being built.")
    }

    func savedPDF(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        throw HTTPError(.notFound, message: "This page is being built.")
    }

    func savedCalendar(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        throw HTTPError(.notFound, message: "This page is being built.")
    }

    func savedRename(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        throw HTTPError(.notFound, message: "This page is being built.")
    }

    func savedDelete(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        throw HTTPError(.notFound, message: "This page is being built.")
    }

    func savedShare(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        throw HTTPError(.notFound, message: "This page is being built.")
    }

    func savedItems(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        throw HTTPError(.notFound, message: "This page is being built.")
    }

    func sharedPage(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        throw HTTPError(.notFound, message: "This page is being built.")
    }

    func sharedPrintPage(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        throw HTTPError(.notFound, message: "This page is being built.")
    }

    func sharedPDF(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        throw HTTPError(.notFound, message: "This page is being built.")
    }

    func sharedCalendar(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        throw HTTPError(.notFound, message: "This page is being built.")
    }

}
