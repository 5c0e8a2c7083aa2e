import Foundation
import HTTPTypes
import Hummingbird
import Plot
import ServerKit
import WebUI

/// The small pages around a trip: not found, the schedule changed, input problems, the delete confirmation.
enum TripMessagePages {
    /// A page with a heading, a message and links (or a form) under it.
    static func page(
        title: String, message: String, links: [(label: String, url: String)], prefs: TripsPrefs,
        extra: Node<HTML.BodyContext> = .empty, marker: String = "message"
    ) -> String {
        TripsLayout.page(
            title: title, section: nil, prefs: prefs, stylesheets: ["sportstime-trip.css"],
            main: .section(
                .class("card trip-message"), .attr("data-page", marker),
                .h1(.safeText(title)),
                .p(.safeText(message)),
                extra,
                .ul(
                    .class("action-links"),
                    .forEach(links) { link in .li(.a(.class("button"), .link(link.url), .safeText(link.label))) })))
    }

    /// 404: an unknown trip, a trip of another traveller, a revoked share link.
    static func notFound(prefs: TripsPrefs, shared: Bool = false) -> Response {
        TripsWebController.html(
            page(
                title: shared ? "This shared trip is not available" : "Trip not found",
                message: shared
                    ? "The link is wrong, or its owner stopped sharing the trip."
                    : "There is no trip with that address on this device. Trips belong to the browser that saved them: "
                        + "to open them on this device, use the recovery link from Settings on the device that saved them.",
                links: [
                    ("My trips", TripsPageURL.home.path()), ("How to restore my trips", TripsPageURL.restore.path()),
                ], prefs: prefs, marker: "not-found"),
            status: .notFound, headers: [.referrerPolicy: "no-referrer"])
    }

    /// 400/422 with what to change.
    static func problem(
        title: String, message: String, prefs: TripsPrefs, status: HTTPResponse.Status = .badRequest,
        links: [(label: String, url: String)] = [("Plan a trip", TripsSection.plan.url)]
    ) -> Response {
        TripsWebController.html(
            page(title: title, message: message, links: links, prefs: prefs, marker: "problem"), status: status)
    }
}
