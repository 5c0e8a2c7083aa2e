import Foundation
import Plot
import SportsTime
import WebUI

/// The share card of a traveller's progress: an SVG of 1200×630 (the Open Graph size) with the visited count per
/// league, the latest badge and a small map of the venues visited. Colours are inline: the card is shown as an
/// image, away from the page's stylesheets.
enum ProgressCard {
    struct Model: Sendable, Equatable {
        /// (league, visited, total) per league.
        var leagues: [(league: League, visited: Int, total: Int)]
        var latestBadge: String?
        var map: TripMapModel
        var visitCount: Int

        static func == (a: Model, b: Model) -> Bool {
            a.latestBadge == b.latestBadge && a.map == b.map && a.visitCount == b.visitCount
                && a.leagues.map { "\($0.league)\($0.visited)/\($0.total)" }
                    == b.leagues.map { "\($0.league)\($0.visited)/\($0.total)" }
        }
    }

    static func model(visits: [StadiumVisit], catalog: Catalog) -> Model {
        let report = ProgressReport(visits: visits, catalog: catalog)
        let achievements = AchievementEngine(catalog: catalog).evaluate(visits)
        let latest = achievements.filter(\.isEarned).max { a, b in
            // The latest earned; on the same day the later in display order (the harder one).
            (a.earnedOn ?? .init(dayNumber: 0)) < (b.earnedOn ?? .init(dayNumber: 0))
        }
        var seen: Set<VenueID> = []
        let markers = visits.compactMap { visit -> TripMapMarker? in
            guard let venue = catalog.venue(visit.venue), seen.insert(venue.id).inserted else { return nil }
            return TripMapMarker(
                kind: .visited, latitude: venue.coordinate.latitude, longitude: venue.coordinate.longitude,
                label: nil, name: venue.name, href: nil)
        }
        return Model(
            leagues: report.leagues.map { ($0.league, $0.visitedCount, $0.totalCount) },
            latestBadge: latest?.definition.title,
            map: TripMapModel(title: "Venues visited", summary: "\(markers.count) venues visited", markers: markers),
            visitCount: visits.count)
    }

    static func svg(_ model: Model) -> String {
        let width = 1200
        let height = 630
        var out =
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(width)\" height=\"\(height)\" viewBox=\"0 0 \(width) \(height)\""
            + " role=\"img\" aria-labelledby=\"card-title\">"
        out += "<title id=\"card-title\">My SportsTime progress</title>"
        out +=
            "<style>text{font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;fill:#0f172a}"
            + ".map-sea{fill:#e0f2fe}.map-land{fill:#f8fafc;stroke:#94a3b8;stroke-width:.8}.map-lake{fill:#bae6fd}"
            + ".marker-visited circle{fill:#15803d;stroke:#fff;stroke-width:1.5}"
            + ".marker-visited .tick{stroke:#fff;stroke-width:2;fill:none}.map-label{display:none}</style>"
        out += "<rect width=\"\(width)\" height=\"\(height)\" fill=\"#ffffff\"/>"
        out += "<rect width=\"\(width)\" height=\"12\" fill=\"#1d4ed8\"/>"
        out += "<text x=\"60\" y=\"100\" font-size=\"52\" font-weight=\"800\">🏟️ My SportsTime progress</text>"
        let visitedVenues = model.map.markers.count
        out +=
            "<text x=\"60\" y=\"150\" font-size=\"28\" fill=\"#334155\">\(visitedVenues) venue\(visitedVenues == 1 ? "" : "s") visited</text>"
        // Seven leagues fit between the subtitle and the badge line: 50 units a row.
        let rowHeight = min(60, 330 / max(1, model.leagues.count))
        for (index, entry) in model.leagues.enumerated() {
            let y = 180 + index * rowHeight
            let share = entry.total == 0 ? 0 : Double(entry.visited) / Double(entry.total)
            out +=
                "<text x=\"60\" y=\"\(y + 28)\" font-size=\"26\" font-weight=\"700\">\(entry.league.displayName)</text>"
            out += "<rect x=\"180\" y=\"\(y + 8)\" width=\"290\" height=\"24\" rx=\"12\" fill=\"#e2e8f0\"/>"
            if share > 0 {
                out +=
                    "<rect x=\"180\" y=\"\(y + 8)\" width=\"\(Int(max(24, 290 * share)))\" height=\"24\" rx=\"12\" fill=\"#15803d\"/>"
            }
            out += "<text x=\"488\" y=\"\(y + 28)\" font-size=\"26\">\(entry.visited)/\(entry.total)</text>"
        }
        let badge = model.latestBadge.map { "Latest badge: 🏅 \($0)" } ?? "No badge yet: log a first visit"
        out += "<text x=\"60\" y=\"595\" font-size=\"28\" fill=\"#334155\">\(HTMLEscape.text(badge))</text>"
        // The mini map: the trip map's SVG, placed as a nested drawing on the right.
        let map = TripMap.svg(model.map, width: 560, height: 400, compact: true, id: "card-map").render()
        if let start = map.range(of: "<svg class=\"trip-map compact\""), let end = map.range(of: "</svg>") {
            let inner = map[start.upperBound..<end.upperBound]
            out += "<svg x=\"600\" y=\"170\" width=\"560\" height=\"400\"" + inner
        }
        out += "</svg>"
        return out
    }
}
