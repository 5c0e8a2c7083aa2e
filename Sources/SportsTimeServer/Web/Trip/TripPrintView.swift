import Foundation
import Plot
import SportsTime
import WebUI

/// The printable trip: no navigation, days kept whole, a grayscale-safe map and a print button (with JS).
enum TripPrintView {
    static func render(_ model: TripPageModel, prefs: TripsPrefs, back: String, renderedAt: String?) -> String {
        var light = prefs
        light.theme = .light
        return TripsLayout.page(
            title: model.name, section: nil, prefs: light, stylesheets: ["sportstime-trip.css"],
            scripts: ["sportstime-trip.js"], bodyClass: "trip-print", renderedAt: renderedAt,
            main: .group(
                .div(
                    .class("print-bar no-print"),
                    .a(.link(back), .text("← Back to the trip")),
                    .button(.type(.button), .class("button primary js-only"), .attr("data-print", ""), .text("Print")),
                    .span(.class("muted"), .text("Or use your browser's Print command."))),
                TripPageView.header(model),
                TripPageView.totals(model),
                TripPageView.changedGames(model),
                TripPageView.mapFigure(model),
                .section(
                    .class("trip-days print-days"), .ariaLabel("Day by day"),
                    .forEach(model.days) { TripPageView.day(day: $0, editing: nil) })))
    }
}
